// Spectator mode "delayed open hands" in real headless Chromium against the real `crownhall
// serve`: Ann hosts Crown Battles with three bots; spectators see every hand, one trick
// behind the table. Bo watches: every seat's hand is on show, Ann's as it was before her last
// plays, and at the end he sees the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, hostAndWatch, playWhileLooking, shot } from './harness.js';

const env = useServerAndBrowser();

test('a spectator sees every hand, one trick behind the table, to the end of the game', async () => {
  const { ann, bo } = await hostAndWatch(env, { spectatorMode: 'Every hand, some tricks behind the table', spectatorDelay: 1, summary: 'every hand, 1 trick behind the table' });
  assert.equal(await ann.locator('.open-hands').count(), 0, 'a player is shown no other hand');
  const hands = bo.getByRole('region', { name: 'Every hand' });
  await hands.waitFor();
  await bo.locator('.delayed-bar').getByText(/^You watch 1 trick behind the table, with every hand open/).waitFor();
  const handOf = (name) => hands.getByRole('listitem', { name: new RegExp(`^${name}’s hand: \\d+ cards?$`) });
  await handOf('Ann').locator('.card').first().waitFor();
  await shot(bo, 'delayed-open-01');

  // Ann plays; within a round, Bo's copy of her hand holds the cards she has played since.
  let behind = 0;
  const ended = await playWhileLooking(ann, async () => {
    const mine = await ann.locator('.hand-cards .card').count();
    const seen = await handOf('Ann').locator('.card').count();
    if (mine > 0 && seen > mine) behind++;
  });
  assert.ok(ended, 'the game reached its end');
  assert.ok(behind > 0, 'Bo was at least once behind the table');
  // The game over, nothing is held back.
  await bo.locator('.delayed-bar').waitFor({ state: 'detached' });
  await bo.locator('#result-heading').waitFor();
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
