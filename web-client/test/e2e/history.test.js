// History and replays in real headless Chromium against the real `crownhall serve`: a
// person plays a short Crown Battles game with a bot, opens History, downloads the record,
// and steps through the replay to its last move, whose final scores must be the ones the
// record gives (`crownhall replay` on the downloaded file) and the game's own end screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServerAndBrowser, arrive, createTable, addBots, playToEnd, shot, SERVER_BIN, ARTIFACTS } from './harness.js';
import { pageWidth } from './page-checks.js';
import { ENGINE_ID } from '../helpers/engine-id.js';

const env = useServerAndBrowser();

// The end-of-game screen's points by player name ("Ann" → 20).
async function endScreenScores(page) {
  const rows = page.locator('.ranks li');
  const out = {};
  for (let i = 0; i < (await rows.count()); i++) {
    const who = (await rows.nth(i).locator('.who').innerText()).replace(' (you)', '').trim();
    out[who] = Number((await rows.nth(i).locator('.score').innerText()).match(/-?\d+/)[0]);
  }
  return out;
}

async function stepText(page) {
  return page.locator('.replay-step').innerText();
}

test('a finished game: History lists it, its record downloads, the replay reaches the final scores', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 2, schedule: '1, 2, 3' });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await playToEnd([ann], 150000);
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  const seen = await endScreenScores(ann);
  assert.deepEqual(Object.keys(seen).sort(), ['Ann', 'Bot 2']);

  // Back in the lobby, the History button leads to the finished game.
  await ann.getByRole('button', { name: 'Back to the lobby' }).first().click();
  await ann.getByRole('heading', { name: 'Tables' }).waitFor();
  await ann.getByRole('button', { name: /^History/ }).click();
  const item = ann.getByRole('listitem', { name: /^Crown Battles · finished/ });
  await item.waitFor();
  assert.equal(await ann.locator('.history-item').count(), 1);
  // Who played, each with their points, the winner first.
  const standings = await item.locator('.history-standings li').allInnerTexts();
  assert.equal(standings.length, 2);
  assert.ok(standings.some((t) => /^Ann\b/.test(t)), standings.join(' | '));
  assert.match(standings[0], /winner/);
  await shot(ann, 'history-01-list');
  // A person's name there opens their profile (a bot's name is no link).
  assert.equal(await item.getByRole('button', { name: 'Bot 2’s profile' }).count(), 0);
  await item.getByRole('button', { name: 'Ann’s profile' }).click();
  await ann.getByRole('heading', { name: 'Your profile: Ann' }).waitFor();
  await ann.goBack();
  await item.waitFor();
  const gameId = await item.getByRole('button', { name: /^Replay/ }).getAttribute('data-game');

  // The record is a real file download, a record of this game that replays.
  const [download] = await Promise.all([ann.waitForEvent('download'), item.getByRole('button', { name: /^Download the record/ }).click()]);
  assert.equal(download.suggestedFilename(), `${gameId}.json`);
  const file = join(ARTIFACTS, 'history-record.json');
  await download.saveAs(file);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(record.format, 'crownhall-game-record');
  assert.equal(record.game_id, gameId);
  const replayed = JSON.parse(execFileSync(SERVER_BIN, ['replay', file], { encoding: 'utf8' }));
  assert.equal(replayed.finished, true);

  // The replay opens at the deal; the arrow keys and the buttons step through it.
  await item.getByRole('button', { name: /^Replay/ }).click();
  await ann.getByRole('heading', { name: 'Replay: Crown Battles' }).waitFor();
  await ann.getByText(/^Start: the deal/).waitFor();
  assert.match(await stepText(ann), new RegExp(`\\(${record.actions.length} moves\\)`));
  assert.equal(await ann.locator('.replay-hand').count(), 2, 'a hand per seat');
  assert.ok((await ann.locator('.replay-hand .card').count()) >= 2, 'every seat’s cards are shown');
  await shot(ann, 'history-02-replay-deal');
  await ann.keyboard.press('ArrowRight');
  await ann.keyboard.press('ArrowRight');
  await ann.getByText(`Move 2 of ${record.actions.length}`).waitFor();
  await ann.keyboard.press('ArrowLeft');
  await ann.getByText(`Move 1 of ${record.actions.length}`).waitFor();
  assert.match(await stepText(ann), /^Move 1 of \d+: (Ann|Bot 2) [a-z]+/, 'who did what');
  await ann.getByRole('button', { name: 'Next move' }).click();
  await ann.getByText(`Move 2 of ${record.actions.length}`).waitFor();
  await shot(ann, 'history-03-replay-move');
  // Every step is told in the move log's words, as Ann read them at the table: no engine id,
  // and never only "who moved".
  await ann.getByLabel('Table as seen by').selectOption({ label: 'Ann' });
  for (let k = 3; k <= record.actions.length; k++) {
    await ann.keyboard.press('ArrowRight');
    const said = ann.locator(`.replay-step[data-step="${k}"]`);
    await said.waitFor();
    const text = await said.innerText();
    assert.doesNotMatch(text, ENGINE_ID, `move ${k}: ${text}`);
    assert.doesNotMatch(text, /loading|moved\./, `move ${k}: ${text}`);
  }
  await ann.getByLabel('Table as seen by').selectOption({ label: 'Everyone (public view)' });
  await ann.keyboard.press('Home');
  await ann.getByText(/^Start: the deal/).waitFor();
  await ann.keyboard.press('ArrowRight');
  await ann.keyboard.press('ArrowRight');
  await ann.getByText(`Move 2 of ${record.actions.length}`).waitFor();
  // Nothing on the replayed table can be played.
  assert.equal(await ann.locator('.replay-board [data-action]').count(), 0);

  await ann.keyboard.press('End');
  await ann.getByRole('heading', { name: 'Final scores' }).waitFor();
  assert.match(await stepText(ann), new RegExp(`Move ${record.actions.length} of ${record.actions.length}`));
  const rows = ann.locator('.replay-scores tbody tr');
  assert.equal(await rows.count(), 2);
  for (let i = 0; i < 2; i++) {
    const seat = Number(await rows.nth(i).getAttribute('data-seat'));
    const score = Number(await rows.nth(i).getAttribute('data-score'));
    const name = (await rows.nth(i).locator('th').innerText()).trim();
    assert.equal(score, replayed.totals[seat], `${name}: the record's total`);
    assert.equal(score, seen[name], `${name}: the end-of-game screen's total`);
    assert.match(await rows.nth(i).innerText(), new RegExp(`${score} points`));
  }
  await shot(ann, 'history-04-replay-final');

  // The coach: Ann's decisions, gone through by the server's search bot.
  await ann.getByLabel('Table as seen by').selectOption({ label: 'Ann' });
  await ann.getByRole('button', { name: 'Coach Ann’s moves' }).click();
  await ann.locator('.replay-coach').getByText(/decisions looked at, \d+ playouts each/).waitFor({ timeout: 30000 });
  const worst = ann.locator('.coach-worst button');
  if (await worst.count()) {
    // The biggest mistake: the replay jumps to it, and the coach's line names Ann's move.
    await worst.first().click();
    // The step arrives from the server: until then the line still speaks of the last move.
    const line = ann.locator('.coach-move').filter({ hasText: /^Ann / });
    await line.waitFor();
    assert.match(await line.innerText(), /^Ann .*The search bot’s choice: .*(points? better|a little better)\.$/);
  } else {
    await ann.keyboard.press('Home');
    await ann.keyboard.press('ArrowRight');
    await ann.locator('.coach-move').waitFor();
  }
  await shot(ann, 'history-04b-coach');

  // On a phone: no sideways scrolling, the controls still there.
  await ann.setViewportSize({ width: 375, height: 812 });
  await ann.keyboard.press('Home');
  await ann.getByText(/^Start: the deal/).waitFor();
  assert.ok((await pageWidth(ann)) <= 375, 'no sideways scrolling');
  await ann.getByRole('group', { name: 'Replay controls' }).waitFor();
  await shot(ann, 'history-05-replay-phone');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
