// Missions and Blind Missions in real headless Chromium against the real
// `crownhall serve`: Ann hosts Crown Battles with three bots and the round types in a fixed
// order, a Missions round then a Blind Missions round. She is offered the feasible missions
// with their value and no bid; in the Missions round everyone's mission shows once all have
// chosen, in Blind Missions the others' stay "chosen" until the round's end; the score table
// shows each mission and its outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, startWithBots, playToEnd, shot } from './harness.js';

const env = useServerAndBrowser();

// The Mission stat of each other seat's card, as shown ("0 or 1 tricks", "chosen", "—").
async function othersMissions(page) {
  const stats = await page.locator('.cb-player:not(.mine) .stat').filter({ hasText: 'Mission' }).allTextContents();
  return stats.map((t) => t.replace('Mission', '').trim());
}

test('Missions then Blind Missions, in a fixed order: choose, see (or not) the others’ missions, scored by the book', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '4, 5', roundTypes: { 'Normal Bidding': false, Missions: true, 'Blind Missions': true }, roundSequence: 'Missions, Blind Missions' });
  await ann.getByText('Rounds: Missions / Blind missions · in this order: Missions, Blind missions').waitFor();
  await startWithBots(ann, 3);

  const seen = { offered: false, shown: false, blindOffered: false, blindPlaying: false };
  // Just before each of Ann's moves (so no prompt is missed between two looks).
  await playToEnd([ann], 120000, async () => {}, async (page, kind) => {
    const round = Number((await ann.locator('.cb-round-item').first().locator('dd').textContent()).match(/\d+/)?.[0]);
    if (round === 1 && kind === 'mission' && !seen.offered) {
      seen.offered = true;
      await ann.locator('.cb-round').getByText('no bids: complete your mission, or lose 20').waitFor();
      await ann.getByText('Your turn: choose a mission. Completed, it scores its value; failed, −20.').waitFor();
      // Each button's name for a screen reader: the mission and what it is worth.
      const labels = await ann.locator('.cb-mission button .sr-only').allTextContents();
      assert.ok(labels.length >= 2, 'several missions offered');
      for (const l of labels) assert.match(l, /^(Win|Do not win) .+, \d+ points$/);
      assert.equal(await ann.locator('.cb-bid').count(), 0, 'no bids in a Missions round');
      await shot(ann, 'missions-01-choose');
    }
    // Once everyone has chosen (the bots choose at once), play shows every seat's mission.
    if (round === 1 && kind === 'play' && !seen.shown) {
      const others = await othersMissions(ann);
      assert.ok(others.every((t) => t !== 'chosen' && t !== '—'), `every mission shown: ${others}`);
      seen.shown = true;
      await shot(ann, 'missions-02-shown');
    }
    if (round === 2 && kind === 'mission' && !seen.blindOffered) {
      seen.blindOffered = true;
      await ann.getByText(/^Your turn: choose a secret mission\./).waitFor();
      await shot(ann, 'blind-missions-01-choose');
    }
    if (round === 2 && kind === 'play') {
      seen.blindPlaying = true;
      assert.deepEqual(await othersMissions(ann), ['chosen', 'chosen', 'chosen']);
    }
  });
  assert.deepEqual(seen, { offered: true, shown: true, blindOffered: true, blindPlaying: true });
  const scores = await ann.locator('.cb-scores').textContent();
  assert.match(scores, /Missions/);
  assert.match(scores, /Blind missions/);
  assert.match(scores, /[✓✗]\/\d/);
  const log = await ann.locator('.move-log').textContent();
  assert.match(log, /’s mission: (Trump trick|0 or 1 tricks|Not the 1st trick|4\+ tricks)/);
  assert.match(log, /chose a secret mission/);
  await shot(ann, 'missions-03-result');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
