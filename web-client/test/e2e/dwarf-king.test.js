// The Dwarf King in real headless Chromium against the real `crownhall serve`: a person
// and two bots play a whole (one-hand) game to the result screen using only clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createGameTable, addBots, playGameToEnd, shot } from './harness.js';
import { pageWidth, tableGeometry, assertSeatsAround, assertMoveLog } from './page-checks.js';

const env = useServerAndBrowser();

// One move, as a person: give two cards back (two cards, then the button), or the
// decision the page puts first (quest side, a victim, a direction, Continue, a card).
async function act(page, seen = new Set(), prefix = 'dk') {
  const confirm = page.locator('.dk-confirm');
  if (await confirm.count()) {
    if (await confirm.isEnabled()) {
      await snap(page, seen, `${prefix}-give-back`);
      await confirm.click({ timeout: 2000 }).catch(() => null);
      return 'give_back';
    }
    await page.locator('.hand-cards button[aria-pressed="false"]:not([disabled])').first().click({ timeout: 2000 }).catch(() => null);
    return 'choose';
  }
  const group = page.locator('.cb-dock .dk-choice');
  const kind = (await group.count()) ? await group.first().getAttribute('aria-label') : (await page.locator('.hand-cards button.card.legal').count()) ? 'play' : null;
  if (!kind) return null;
  await snap(page, seen, `${prefix}-${kind.replace(/[^a-z]+/gi, '-').toLowerCase().replace(/-+$/, '')}`);
  const target = page.locator('.cb-dock [data-turn-focus]').first();
  await target.click({ timeout: 2000 }).catch(() => null);
  return kind;
}

async function snap(page, seen, name) {
  if (!seen || seen.has(name)) return;
  seen.add(name);
  await shot(page, name);
}

test('a person and two bots play The Dwarf King to the result screen', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createGameTable(ann, { game: 'The Dwarf King', seats: 3, options: { Hands: 1 } });
  await addBots(ann, 2);
  await shot(ann, 'dk-01-waiting');
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.dk').waitFor();
  await ann.locator('.dk-quest').waitFor();
  await shot(ann, 'dk-02-table');
  const seen = new Set();
  const kinds = new Set();
  await playGameToEnd(ann, async (page) => {
    const did = await act(page, seen);
    if (did) kinds.add(did);
    return did;
  });
  assert.ok(kinds.has('play'), 'played cards');
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  assert.equal(await ann.locator('.ranks li').count(), 3);
  assert.ok(await ann.locator('.dk-scores tbody tr').count() >= 1, 'a score line per hand');
  await shot(ann, 'dk-03-result');
  await assertMoveLog(ann, [/ chose side [AB] of the quest: /, / played \S.*\.$/, / took the trick\.$/, /^Hand 1 scored: /, / wins the game with -?\d+ points\.$/], 'The Dwarf King');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('The Dwarf King on a 375-px phone: a trick without sideways scrolling', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 375, height: 812 } });
  await createGameTable(ann, { game: 'The Dwarf King', seats: 4, options: { Hands: 1 } });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.dk').waitFor();
  let played = false;
  const until = Date.now() + 60000;
  // Play on (a Sorcerer or Druid may ask for more) until a trick with Ann's card is done.
  let trickDone = false;
  while (!trickDone && Date.now() < until) {
    if ((await act(ann, null)) === 'play') played = true;
    trickDone = played && ((await ann.locator('.cb-trick.last').count()) > 0 || (await ann.locator('.dk-scores tbody tr').count()) > 0);
    await ann.waitForTimeout(100);
  }
  assert.ok(played, 'played a card');
  assert.ok(trickDone, 'a trick was completed');
  // Seats around the table (src/ui/seat-ring.js): Ann at the bottom, the bots left, across
  // and right, each card on the table in front of its player.
  await ann.getByRole('button', { name: 'Last trick' }).click({ timeout: 3000 }).catch(() => null);
  await ann.waitForTimeout(400);
  const g = await tableGeometry(ann);
  assert.deepEqual(Object.values(g.seats).map((s) => s.place).sort(), ['bottom', 'left', 'right', 'top']);
  assert.ok(Object.keys(g.plays).length >= 1, 'cards on the table');
  assertSeatsAround(g, 'The Dwarf King at 375px');
  await shot(ann, 'dk-04-phone');
  assert.ok((await pageWidth(ann)) <= 375, 'no sideways scrolling');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
