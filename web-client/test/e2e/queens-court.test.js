// Queen's Court in real headless Chromium against the real `crownhall serve`: a person and
// a bot play a whole game (first to two clean round wins) using only clicks: a card, then
// a pile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createGameTable, addBots, playGameToEnd, pageWidth, shot, assertMoveLog } from './harness.js';

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
  await playGameToEnd(ann, async (page) => {
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
  await shot(ann, 'qc-06-result');
  await assertMoveLog(ann, [/ played /, / wins the round$/, / wins the game with two round wins$/], "Queen's Court");
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
