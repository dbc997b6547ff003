// In real headless Chromium against the real `crownhall serve`: Ann hosts Crown
// Battles with three bots and every round type played so far in one fixed sequence, one round
// each. Each round's type is announced with its one-line reminder; her first decision in each
// round is photographed (docs: the prompt of each type). Alliances: she shows her ally a card
// in a Secret Note. Stealth Play: the cards after the leader's show their backs until the
// trick turns up. Long Play: two cards each per trick. The Split (dealt 4: two halves of 2):
// she picks her first half in the hand, then bids for each half in turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, startWithBots, playToEnd, shot } from './harness.js';

const env = useServerAndBrowser();

// The form's labels, in the order the rounds play them.
// (Stealth Play last: no Alliance type may be the final round.)
const SEQUENCE = ['Normal Bidding', 'Blind Bidding', 'Wagering', 'Missions', 'Blind Missions', 'Duel Fights', 'Leaked Suit', 'Alliances', 'Missions-Alliances', 'Suit Precision', 'Suit Precision-Alliances', 'Long Play', 'The Split', 'Stealth Play'];
// How the round bar names each (text.js), and its reminder, if any.
const SHOWN = {
  1: ['Normal bidding', null],
  2: ['Blind bidding', 'bids secret until the end'],
  3: ['Wagering', 'meet your bid to share the pot; no doubles'],
  4: ['Missions', 'no bids: complete your mission, or lose 20'],
  5: ['Blind missions', 'no bids; missions secret until the end; a failed one loses 20'],
  6: ['Duel fights', 'in pairs: a miss pays its penalty to the rival who met'],
  7: ['Leaked suit', 'each shows one suit, face up while in hand'],
  8: ['Alliances', 'teams of two: your bids add up; once, show your ally a card (Secret Note)'],
  9: ['Missions-alliances', 'a mission each: both done scores both, one failed scores nothing'],
  10: ['Suit precision', 'a bid for each suit; every trick won goes under one suit; meet all four for the bonus'],
  11: ['Suit precision-alliances', 'teams of two: your bids add up suit by suit; meet all four for the bonus'],
  12: ['Long play', 'two cards each per trick; bid on tricks, half the cards'],
  13: ['The split', 'split your hand in two halves; a bid for each, played one after the other; meet both for the bonus'],
  14: ['Stealth play', 'only the leader plays face up; the cards turn up when all have played'],
};

test('one round of every type, in a fixed order, each announced with its rule', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  const types = Object.fromEntries(SEQUENCE.map((t) => [t, true]));
  await createTable(ann, { seats: 4, schedule: '3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 7', roundTypes: types, roundSequence: SEQUENCE.join(', ') });
  await startWithBots(ann, 3);

  const photographed = new Set();
  let backsSeen = 0, watchingBacks = false, noted = false, suitsBid = 0, placed = 0, halvesBid = 0, splitShown = false;
  await playToEnd([ann], 240000, async () => {}, async (page, kind) => {
    const bar = page.locator('.cb-round-item');
    const round = Number((await bar.first().locator('dd').textContent()).match(/\d+/)?.[0]);
    const type = await bar.filter({ hasText: 'Type' }).locator('dd').textContent();
    const [label, reminder] = SHOWN[round] ?? [null, null];
    if (label && !photographed.has(round)) {
      assert.ok(type.startsWith(label), `round ${round} is ${label}: ${type}`);
      if (reminder) assert.ok(type.includes(reminder), `round ${round} reminds: ${reminder}`);
      photographed.add(round);
      await shot(page, `round-type-${String(round).padStart(2, '0')}-${label.toLowerCase().replaceAll(' ', '-')}-${kind}`);
    }
    // Alliances: before her bid, Ann shows her ally a card in a Secret Note (once a round).
    if (label === 'Alliances' && kind === 'bid' && !noted) {
      const note = page.locator('.cb-note');
      await note.locator('summary').click();
      await shot(page, 'round-type-08-alliances-secret-note');
      await note.locator('button').first().click();
      await page.locator('.move-log').getByText(/You showed .+ to .+ \(Secret Note\)/).waitFor();
      await page.locator('.cb-note').waitFor({ state: 'detached' });
      noted = true;
    }
    // Suit Precision: Ann bids each suit in turn, the prompt naming it; she may place a trick.
    if (label === 'Suit precision' && kind === 'bid') {
      const prompt = await page.locator('.cb-bid').first().textContent();
      assert.match(prompt, /bid for (Red|Blue|Green|Yellow)/i);
      if (suitsBid === 0) await shot(page, 'round-type-10-suit-precision-bid-per-suit');
      suitsBid += 1;
    }
    if (label?.startsWith('Suit precision') && kind === 'place') {
      if (!placed) await shot(page, `round-type-${String(round).padStart(2, '0')}-place-the-trick`);
      placed += 1;
    }
    // The Split: Ann's first half is picked in her hand (2 of 4 cards), then each half's bid.
    if (label === 'The split' && kind === 'split' && !splitShown) {
      assert.match(await page.locator('.cb-split').textContent(), /0 of 2 chosen/);
      await shot(page, 'round-type-13-the-split-choose-first-half');
      splitShown = true;
    }
    if (label === 'The split' && kind === 'bid') {
      const half = await page.locator('.cb-bid').first().getAttribute('data-half');
      assert.equal(half, String(halvesBid + 1), 'the first half is bid for, then the second');
      assert.match(await page.locator('.cb-bid h3').first().textContent(), new RegExp(`^Your bid for the ${halvesBid ? 'second' : 'first'} half \\(2 tricks\\)`));
      if (!halvesBid) await shot(page, 'round-type-13-the-split-bid-per-half');
      halvesBid += 1;
    }
    // Stealth Play: from the round's first decision on, the page notes every moment a trick in
    // progress shows a back (a card played after the leader's, by someone else), whoever's
    // turn it is; Ann's own turns alone may all come first or second in their tricks.
    if (label === 'Stealth play' && !watchingBacks) {
      watchingBacks = true;
      await page.evaluate(() => {
        window.stealthBacksSeen = 0;
        const look = () => {
          const plays = [...document.querySelectorAll('.cb-trick:not(.last) .trick-play')];
          const backs = plays.filter((p) => p.querySelector('.card.back')).length;
          if (plays.length >= 2 && !plays[0].querySelector('.card.back')) window.stealthBacksSeen = Math.max(window.stealthBacksSeen, backs);
        };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
        look();
      });
    }
    // Stealth Play, Ann's turn in a trick someone else led: every card but the leader's is a back.
    if (label === 'Stealth play' && kind === 'play') {
      // The table may still be holding the trick just taken: wait for the one in play.
      await page.locator('.cb-trick:not(.last)').waitFor({ timeout: 3000 }).catch(() => null);
      const plays = page.locator('.cb-trick:not(.last) .trick-play');
      const count = await plays.count();
      if (count >= 2) {
        assert.equal(await page.locator('.cb-trick:not(.last) .trick-play .card.back').count(), count - 1);
        assert.equal(await plays.first().locator('.card.back').count(), 0, 'the leader’s card is face up');
        if (!backsSeen) await shot(page, 'round-type-14-stealth-play-face-down');
        backsSeen += count - 1;
        assert.match(await page.locator('.move-log').textContent(), /played a card face down/);
      }
    }
  });
  assert.deepEqual([...photographed].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], 'a decision of Ann’s in every round');
  assert.ok(noted, 'Ann showed her ally a card in the Alliances round');
  const backsWatched = await ann.evaluate(() => window.stealthBacksSeen ?? 0);
  assert.ok(watchingBacks, 'Ann had a decision in the Stealth Play round');
  assert.ok(backsSeen + backsWatched > 0, 'Ann saw face-down cards in Stealth Play');
  assert.equal(suitsBid, 4, 'Ann bid each of the four suits in the Suit Precision round');
  assert.ok(splitShown, 'Ann picked her first half in The Split');
  assert.equal(halvesBid, 2, 'Ann bid for each half in The Split');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
