// Spectator mode "after the trick" in real headless Chromium against the real `crownhall
// serve`: Ann hosts Crown Battles with three bots. Bo watches: he never sees a card of a
// trick still being played, sees each trick once it is over, and beside the table the cards
// each seat has played this round; at the end he sees the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, hostAndWatch, playWhileLooking, shot } from './harness.js';

const env = useServerAndBrowser();

test('a spectator sees each trick once it is over and the cards each seat has played', async () => {
  const { ann, bo } = await hostAndWatch(env, { spectatorMode: 'Each trick once it is over, and the cards played', summary: 'each trick once it is over, and the cards each player has played' });
  assert.equal(await ann.locator('.played-cards').count(), 0, 'a player is shown no list');
  const played = bo.getByRole('region', { name: 'Played this round' });
  await played.waitFor();
  await bo.locator('.delayed-bar').getByText(/^You see each trick once it is over/).waitFor();
  const playedBy = (name) => played.getByRole('listitem', { name: new RegExp(`^${name}’s cards played: \\d+ cards?$`) });
  const inProgress = (page) => page.locator('.cb-trick:not(.last) .trick-play').count();

  // Ann plays; whenever Bo looks, no card of an unfinished trick is on his table, though
  // Ann's shows one; the cards Ann played in finished tricks are listed under her name.
  let held = 0, listed = 0;
  const ended = await playWhileLooking(ann, async () => {
    const live = await inProgress(ann);
    assert.equal(await inProgress(bo), 0, 'Bo saw a card of a trick still being played');
    if (live > 0) held++;
    if ((await playedBy('Ann').locator('.card').count()) > 0) listed++;
    if (held === 3) await shot(bo, 'after-trick-01');
  });
  assert.ok(ended, 'the game reached its end');
  assert.ok(held > 0, 'a trick was being played at the table while Bo saw none of it');
  assert.ok(listed > 0, 'Ann’s played cards were listed');
  // The game over, nothing is held back.
  await bo.locator('.delayed-bar').waitFor({ state: 'detached' });
  await bo.locator('#result-heading').waitFor();
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
