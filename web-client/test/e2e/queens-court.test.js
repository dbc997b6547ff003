// Queen's Court in real headless Chromium against the real `crownhall serve`: a person and
// a bot play a whole game (first to two clean round wins) using only clicks: a card, then
// a pile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createGameTable, addBots, playGameToEnd, shot } from './harness.js';
import { pageWidth, assertMoveLog, coveredControls } from './page-checks.js';

const env = useServerAndBrowser();

// One move as a person: a playable card, then the first pile offered for it.
async function act(page, seen) {
  const target = page.locator('.qc-choice .qc-target');
  if (await target.count()) {
    const glove = (await page.locator('.hand-cards .qc-card.chosen.qc-glove').count()) > 0;
    await snap(page, seen, glove ? 'qc-04-glove-target' : 'qc-03-choose-pile');
    await target.first().click({ timeout: 2000 }).catch(() => null);
    return 'play';
  }
  const cards = page.locator('.hand-cards button.card.legal');
  if (!(await cards.count())) return null;
  await snap(page, seen, 'qc-02-choose-card');
  // In the second half, try the Glove once to see it close a pile.
  const glove = page.locator('.hand-cards button.card.legal.qc-glove');
  await ((await glove.count()) ? glove.first() : cards.first()).click({ timeout: 2000 }).catch(() => null);
  return 'choose';
}

async function snap(page, seen, name) {
  if (!seen || seen.has(name)) return;
  seen.add(name);
  await shot(page, name);
}

test('a person and a bot play Queen’s Court to the result screen', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createGameTable(ann, { game: "Queen's Court", seats: 2, options: { 'Coin stakes': true } });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.qc').waitFor();
  await shot(ann, 'qc-01-table');
  const seen = new Set();
  let gloved = false;
  let summary = null;
  await playGameToEnd(ann, async (page) => {
    // The end of a round is summed up before the next deal (ui/round-summary.js).
    if (!summary && (await page.locator('.round-summary').count())) {
      summary = await page.locator('.round-summary').innerText();
      await shot(page, 'qc-05b-round-summary');
    }
    const did = await act(page, seen);
    if (!gloved && (await page.locator('.qc-pile.gloved').count())) {
      gloved = true;
      await shot(page, 'qc-05-gloved-pile');
    }
    return did;
  }, 240000);
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  assert.equal(await ann.locator('.ranks li').count(), 2);
  assert.ok(await ann.locator('.qc-rounds tbody tr').count() >= 2, 'a line per round');
  assert.ok(gloved, 'saw a gloved pile');
  assert.match(summary || '', /Round 1 is over[\s\S]*Ann: (spread \d+|two Queens), \d+ pile cards/, 'the first round was summed up');
  await shot(ann, 'qc-06-result');
  await assertMoveLog(ann, [/ played /, / wins the round\.$/, / wins the game with two round wins\.$/], "Queen's Court");
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('Queen’s Court on a 375-px phone: a card onto a pile without sideways scrolling', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 375, height: 812 } });
  await createGameTable(ann, { game: "Queen's Court", seats: 4, options: { 'Queens wild': true } });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.qc').waitFor();
  let played = false;
  const until = Date.now() + 60000;
  while (!played && Date.now() < until) {
    if (await ann.locator('.qc-choice .qc-target').count()) await shot(ann, 'qc-07-phone');
    if ((await act(ann, null)) === 'play') played = true;
    await ann.waitForTimeout(100);
  }
  assert.ok(played, 'played a card');
  assert.ok((await pageWidth(ann)) <= 375, 'no sideways scrolling');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

// The players sit around the draw pile as at the other games (ui/seat-ring.js):
// Ann at the bottom, the next seat on her left, then across, then on her right; the seat to
// act wears the turn ring. At a desktop size and on a phone, nothing covered, no sideways
// scroll.
for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
  test(`Queen’s Court with four players at ${viewport.width}px: seats around the draw pile, a turn ring`, async () => {
    const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport });
    await createGameTable(ann, { game: "Queen's Court", seats: 4 });
    await addBots(ann, 3);
    await ann.getByRole('button', { name: 'Start game' }).click();
    await ann.locator('.qc .seat-ring').waitFor();
    const g = await ann.evaluate(() => {
      const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
      const seats = [...document.querySelectorAll('.ring-seat')].map((el) => ({ place: el.dataset.place, seat: Number(el.querySelector('[data-seat]').dataset.seat), ...box(el.querySelector('[data-seat]')) }));
      return { center: box(document.querySelector('.qc-draw')), seats };
    });
    assert.deepEqual(g.seats.map((x) => `${x.seat}:${x.place}`), ['0:bottom', '1:left', '2:top', '3:right']);
    const at = Object.fromEntries(g.seats.map((x) => [x.place, x]));
    assert.ok(at.bottom.top >= g.center.bottom, 'Ann sits below the draw pile');
    assert.ok(at.top.bottom <= g.center.top, 'the seat across sits above it');
    assert.ok(at.left.right <= g.center.left, 'the next seat sits on its left');
    assert.ok(at.right.left >= g.center.right, 'the seat before sits on its right');
    // Whoever is to act (a bot or Ann) wears the ring: one seat, outlined.
    // The bots play on while this looks, so it waits for a settled moment (one seat to act,
    // outlined) rather than reading whatever render it happens to catch (a CI flake).
    const ringed = await ann.waitForFunction(() => {
      const els = [...document.querySelectorAll('.ring-seat .qc-player.to-act')];
      return els.length === 1 && getComputedStyle(els[0]).outlineStyle !== 'none' && els[0].dataset.seat;
    }, null, { timeout: 10000 }).then((h) => h.jsonValue(), () => null);
    assert.notEqual(ringed, null, 'one seat to act, and it is ringed');
    assert.ok((await pageWidth(ann)) <= viewport.width, 'no sideways scroll');
    assert.deepEqual(await coveredControls(ann), []);
    await shot(ann, `qc-ring-${viewport.width}`);
    assert.deepEqual(ann.errors, []);
    await ann.context().close();
  });
}

// The host picks the search bot in the waiting room; it sits as a "search bot",
// thinks away from the table (the server's search workers) and plays the game to its end.
test('Queen’s Court against the search bot the host chose', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createGameTable(ann, { game: "Queen's Court", seats: 2 });
  await ann.getByLabel('Bot kind').selectOption('search');
  await addBots(ann, 1);
  assert.equal(await ann.locator('.seat-row .badge.bot').innerText(), 'search bot');
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.qc').waitFor();
  await playGameToEnd(ann, (page) => act(page, null), 240000);
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  assert.equal(await ann.locator('.ranks li').count(), 2);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
