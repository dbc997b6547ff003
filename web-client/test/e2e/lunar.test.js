// Lunar in real headless Chromium against the real `crownhall serve`: a person and three
// bots (two teams, the secret exchange, trump tiles, tricks) and a person against a bot in
// the two-player Sky variant on a 375-px phone, each to the result screen (target 1 point,
// so one round usually decides), using only clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createGameTable, addBots, playGameToEnd, shot } from './harness.js';
import { pageWidth, tableGeometry, assertSeatsAround } from './page-checks.js';

const env = useServerAndBrowser();

async function snap(page, seen, name) {
  if (!seen || seen.has(name)) return;
  seen.add(name);
  await shot(page, name);
}

// One move as a person: the exchange (2 rank cards, 2 suit cards, then the button), a
// trump tile, or a card from the hand or the Sky.
async function act(page, seen, prefix) {
  const confirm = page.locator('.lu-confirm');
  if (await confirm.count()) {
    if (await confirm.isEnabled()) {
      await snap(page, seen, `${prefix}-exchange-chosen`);
      await confirm.click({ timeout: 2000 }).catch(() => null);
      return 'exchange';
    }
    await snap(page, seen, `${prefix}-exchange`);
    const ranks = await page.locator('.hand-cards button.lu-rank[aria-pressed="true"]').count();
    const sel = ranks < 2 ? '.hand-cards button.lu-rank[aria-pressed="false"]' : '.hand-cards button.card[aria-pressed="false"]:not(.lu-rank)';
    await page.locator(sel).first().click({ timeout: 2000 }).catch(() => null);
    return 'choose';
  }
  const tile = page.locator('button.lu-tile.legal');
  if (await tile.count()) {
    await snap(page, seen, `${prefix}-trump-tile`);
    await tile.first().click({ timeout: 2000 }).catch(() => null);
    return 'tile';
  }
  const card = page.locator('.cb-dock .hand-cards button.card.legal, .lu-sky button.card.legal');
  if (await card.count()) {
    await snap(page, seen, `${prefix}-play`);
    await card.first().click({ timeout: 2000 }).catch(() => null);
    return 'play';
  }
  return null;
}

test('a person and three bots play Lunar to the result screen', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createGameTable(ann, { game: 'Lunar', seats: 4, options: { 'Points to win': 1 } });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.lu').waitFor();
  const seen = new Set();
  const kinds = new Set();
  let seatsChecked = false;
  await playGameToEnd(ann, async (page) => {
    const did = await act(page, seen, 'lu-4p');
    if (did) kinds.add(did);
    if (!seen.has('lu-4p-received') && (await page.locator('.lu-exchange').count()) && (await page.locator('.lu-exchange').innerText()).includes('received')) await snap(page, seen, 'lu-4p-received');
    // Seats around the table (src/ui/seat-ring.js), checked on a trick with three or more cards.
    if (!seatsChecked && (await page.locator('.ring-plays .trick-play').count()) >= 3) {
      await page.waitForTimeout(300); // the card's short slide-in
      const g = await tableGeometry(page);
      if (Object.keys(g.plays).length >= 3) {
        assert.deepEqual(Object.values(g.seats).map((x) => x.place).sort(), ['bottom', 'left', 'right', 'top']);
        assertSeatsAround(g, 'Lunar, 4 players at 1200px');
        seatsChecked = true;
      }
    }
    return did;
  }, 240000);
  assert.ok(seatsChecked, 'the seats were checked on a trick');
  for (const k of ['exchange', 'play']) assert.ok(kinds.has(k), `did ${k}`);
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  assert.equal(await ann.locator('.ranks li').count(), 2, 'two teams ranked');
  assert.ok(await ann.locator('.lu-rounds tbody tr').count() >= 1, 'a line per round');
  await shot(ann, 'lu-4p-result');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('the two-player Sky variant on a 375-px phone, to the result screen', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 375, height: 812 } });
  await createGameTable(ann, { game: 'Lunar', seats: 2, options: { 'Points to win': 1 } });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.lu-sky').waitFor();
  const seen = new Set();
  let skyPlayed = false;
  await playGameToEnd(ann, async (page) => {
    if (!skyPlayed && (await page.locator('.trick-play[aria-label^="Ann from the Sky"]').count())) skyPlayed = true;
    if ((await pageWidth(page)) > 375) throw new Error('sideways scrolling on the phone');
    return act(page, seen, 'lu-sky');
  }, 240000);
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  await shot(ann, 'lu-sky-result');
  assert.ok(skyPlayed || seen.has('lu-sky-play'), 'played from the Sky');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
