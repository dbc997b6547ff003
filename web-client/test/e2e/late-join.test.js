// A late joiner in real headless Chromium against the real `crownhall serve`: Ann starts a
// game with three bots at a table that allows late joiners; Bo comes from the lobby while it
// runs, waits with a claim on a bot's seat, takes it when the round ends and plays to the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, actOnce, playToEnd, isFinished, shot } from './harness.js';

const env = useServerAndBrowser();

test('a late joiner takes over a bot’s seat when the round ends and plays it to the end', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '1, 2', lateJoin: true });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();

  const bo = await arrive(env.browser, env.server.url, 'Bo');
  const row = bo.getByRole('listitem', { name: /Crown Battles, hosted by Ann/ });
  await row.getByRole('button', { name: /^Join Crown Battles .* at the next round$/ }).click();
  const bar = bo.locator('.late-join-bar');
  await bar.getByText(/^You take .*’s seat when this round ends\.$/).waitFor();
  await ann.locator('.seat-ring, .cb').first().waitFor();
  await shot(bo, 'late-join-01-waiting');
  assert.equal(await bo.locator('.hand-cards button.card').count(), 0, 'no hand while waiting');

  // Ann plays the round out; Bo's claim turns into his seat.
  const until = Date.now() + 90000;
  while (Date.now() < until && (await bar.count())) {
    await actOnce(ann);
    await ann.waitForTimeout(100);
  }
  await bar.waitFor({ state: 'detached' });
  await bo.getByRole('button', { name: 'Leave (a bot plays for you)' }).waitFor();
  await bo.locator('.hand-cards button.card').first().waitFor();
  await shot(bo, 'late-join-02-seated');
  await playToEnd([ann, bo], 120000);
  for (const page of [ann, bo]) assert.ok(await isFinished(page));
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
