// Pause by consent and a rematch in real headless Chromium against the real `crownhall
// serve`: Ann asks and Bo declines; Ann asks again, Bo agrees, the game stands still for
// both, Ann resumes and the game goes on to its end; then Ann offers a rematch, Bo accepts,
// and the next game starts. The ask is said once on each screen, at 1280x800 and 375x812: the
// pause bar, with its buttons, tells it; the status line leaves it to the bar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, joinAndReady, createTable, addBots, playToEnd, isFinished, shot } from './harness.js';
import { timesShown } from './page-checks.js';
import { axeViolations } from '../helpers/axe.js';

const env = useServerAndBrowser();

test('a pause both agree to stops the game until one resumes it; then a rematch', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '1, 2', clock: '5 min + 10 s per move' });
  await addBots(ann, 2);
  const bo = await joinAndReady(env.browser, env.server.url, 'Bo', { name: 'Ann', page: ann });
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await bo.locator('.cb').waitFor();
  // Asked while the table waits for Ann or Bo: no bot's move comes after an answer, so the
  // status line still tells it.
  await Promise.any([ann, bo].map((page) => page.locator('.cb-dock.active').waitFor()));

  // Bo would rather keep playing: his answer drops the ask, and Ann may ask again.
  await ann.getByRole('button', { name: 'Ask for a pause' }).click();
  await bo.locator('.pause-bar').getByText('Ann asked for a pause.').waitFor();
  await bo.getByRole('button', { name: 'Keep playing' }).click();
  for (const page of [ann, bo]) await page.locator('.pause-bar').waitFor({ state: 'detached' });
  await ann.locator('.last-event').getByText('Bo declined the pause; the game goes on.').waitFor();

  await ann.getByRole('button', { name: 'Ask for a pause' }).click();
  await ann.locator('.pause-bar').getByText('You asked for a pause; waiting for Bo to agree.').waitFor();
  await bo.locator('.pause-bar').getByText('Ann asked for a pause.').waitFor();
  // Said once, by the bar, on both screens and at both sizes; on a phone both answers stay
  // on the screen.
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    for (const [page, who] of [[ann, 'ann'], [bo, 'bo']]) {
      await page.setViewportSize({ width, height });
      assert.equal(await timesShown(page, 'asked for a pause'), 1, `${who} at ${width}x${height}: the ask is said once`);
      await shot(page, `pause-01-asked-${who}-${width}x${height}`);
    }
    for (const name of ['Agree to pause', 'Keep playing']) {
      const box = await bo.getByRole('button', { name }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${name} fits at ${width} px`);
    }
    assert.deepEqual(await axeViolations(bo), [], `axe: the ask at ${width}x${height}`);
  }
  for (const page of [ann, bo]) await page.setViewportSize({ width: 1200, height: 900 });
  await bo.getByRole('button', { name: 'Agree to pause' }).click();
  for (const page of [ann, bo]) {
    await page.locator('.pause-bar').getByText('The game is paused: clocks are stopped and bots wait.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Ask for a pause' }).count(), 0);
  }
  await shot(ann, 'pause-02-paused');
  // Nothing moves while paused: for a second (ten bot delays), no table message arrives.
  const frames = ann.received.length;
  await ann.waitForTimeout(1000);
  const tables = ann.received.slice(frames).filter((f) => f.includes('"type":"table"'));
  assert.equal(tables.length, 0, 'no table change while paused');

  await ann.getByRole('button', { name: 'Resume the game' }).click();
  for (const page of [ann, bo]) await page.locator('.pause-bar').waitFor({ state: 'detached' });
  await ann.locator('.last-event').getByText('Ann resumed the game.').waitFor();
  await playToEnd([ann, bo], 150000);
  for (const page of [ann, bo]) assert.ok(await isFinished(page));

  await ann.getByRole('button', { name: 'Offer a rematch' }).click();
  await bo.locator('.rematch-bar').getByText('Ann offers a rematch with the same seats and options.').waitFor();
  await ann.locator('.rematch-bar').getByText('Rematch offered: waiting for Bo to accept.').waitFor();
  await shot(bo, 'rematch-01-offered');
  await bo.getByRole('button', { name: 'Accept the rematch' }).click();
  for (const page of [ann, bo]) {
    await page.locator('.badge.state-playing').waitFor();
    await page.locator('.cb').waitFor();
    assert.equal(await page.locator('.rematch-bar').count(), 0);
  }
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
