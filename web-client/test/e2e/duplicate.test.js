// "Play this deal again" in real headless Chromium against the real `crownhall serve`: Ann
// plays a short Crown Battles game with a bot, opens History, plays the same deal again at a
// new table (the same hand for her seat), finishes it, and History shows the two games' points
// side by side; then once more with the seats moved on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, playToEnd, shot } from './harness.js';

const env = useServerAndBrowser();

// Ann's hand in the first `table` message of each game she played, in order (from the frames).
function firstHands(page) {
  const hands = [];
  const seen = new Set();
  for (const f of page.received) {
    if (!f.includes('"type":"table"')) continue;
    const m = JSON.parse(f);
    if (m.state !== 'playing' || !m.game || !m.game.view || !m.deal || seen.has(m.deal.commitment)) continue;
    seen.add(m.deal.commitment);
    hands.push(m.game.view.hand);
  }
  return hands;
}

test('a finished game’s deal is played again at a new table, and History pairs the two', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 2, schedule: '3' });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await playToEnd([ann], 120000);

  await ann.getByRole('button', { name: 'Back to the lobby' }).first().click();
  await ann.getByRole('button', { name: /^History/ }).click();
  const item = ann.getByRole('listitem', { name: /^Crown Battles · finished/ });
  await item.getByRole('button', { name: /^Play the deal of Crown Battles .* again$/ }).click();
  await ann.getByRole('heading', { name: 'Seats' }).waitFor();
  await ann.locator('.badge.same-deal').waitFor();
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  const hands = firstHands(ann);
  assert.equal(hands.length, 2);
  assert.ok(hands[0].length === 3, 'three cards dealt');
  assert.deepEqual(hands[1], hands[0], 'the same hand again');
  await playToEnd([ann], 120000);

  await ann.getByRole('button', { name: 'Back to the lobby' }).first().click();
  await ann.getByRole('button', { name: /^History/ }).click();
  const pair = ann.locator('table.same-deal');
  await pair.waitFor();
  assert.match(await pair.locator('caption').innerText(), /^The same deal as your game of /);
  assert.equal(await pair.locator('tbody tr').count(), 2);
  await shot(ann, 'duplicate-01-history');

  // Once more with everyone one seat on: Ann sits at seat 2, with the hand the bot had, and
  // each seat says whose hand it was.
  const first = ann.getByRole('listitem', { name: /^Crown Battles · finished/ }).filter({ hasNot: ann.locator('table.same-deal') });
  await first.getByRole('button', { name: /, each player one seat on$/ }).click();
  await ann.getByRole('heading', { name: 'Seats' }).waitFor();
  await ann.getByRole('listitem', { name: /^Seat 2: Ann \(you\)/ }).waitFor();
  const was = await ann.locator('.seat-row .hand-was').allInnerTexts();
  assert.equal(was.length, 2);
  assert.equal(was[0], 'Ann’s hand then');
  assert.match(was[1], /^Bot.*’s hand then$/);
  await shot(ann, 'duplicate-02-seats-moved-on');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
