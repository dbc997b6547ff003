// Fairness by design in real headless Chromium against the real `crownhall serve`: the lobby
// row and the waiting room say what spectators see and mark a table whose host knows the
// hands (a prepared deal), and a seat there is taken only once more asked; a player who shows
// their hand to followers chooses whom and sees who follows; a second window of a seated
// player's browser may not watch the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, shot } from './harness.js';
import { preparedDeal as prepared } from '../fixtures/prepared-deal.js';

const env = useServerAndBrowser();

// A screenshot at the two sizes every screen is checked at.
async function shots(page, name) {
  const before = page.viewportSize();
  for (const [w, hgt] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.waitForTimeout(100);
    await shot(page, `${name}-${w}x${hgt}`);
    if (w === 375) assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, `${name}: no sideways scrolling at 375px`);
  }
  await page.setViewportSize(before);
}

test('the lobby and the waiting room say what spectators see and that the host knows the hands', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, spectatorMode: 'Every hand, some tricks behind the table', spectatorDelay: 2 });
  const notice = ann.locator('.fair-notice');
  await notice.getByText('Spectators see every hand, 2 tricks behind the table.').waitFor();
  await shots(ann, 'fair-01-waiting-room-delayed');

  const cy = await arrive(env.browser, env.server.url, 'Cy');
  await cy.getByRole('button', { name: 'New table' }).click();
  const form = cy.getByRole('form', { name: 'Create a table' });
  await form.getByLabel('Teach from a record (optional)').setInputFiles({ name: 'deal.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(prepared)) });
  await form.getByRole('button', { name: 'Create table' }).click();
  await cy.getByRole('heading', { name: 'Seats' }).waitFor();
  await cy.locator('.fair-notice').getByText('A prepared deal: the host knows these hands.').waitFor();

  const bo = await arrive(env.browser, env.server.url, 'Bo');
  const annRow = bo.getByRole('listitem', { name: /^Crown Battles, hosted by Ann,/ });
  await annRow.getByText('Spectators see every hand, 2 tricks behind the table.').waitFor();
  assert.equal(await annRow.locator('.badge.known-deal').count(), 0);
  const cyRow = bo.getByRole('listitem', { name: /^Crown Battles, hosted by Cy, .*, the host knows these hands$/ });
  await cyRow.locator('.badge.known-deal').getByText('the host knows these hands').waitFor();
  await cyRow.getByText('Spectators see what everyone sees.').waitFor();
  // Joining asks first, and says why.
  await cyRow.getByRole('button', { name: /^Join/ }).click();
  const ask = cyRow.getByRole('alertdialog');
  await ask.getByText('A prepared deal: the host knows these hands. Take a seat anyway?').waitFor();
  assert.equal(await bo.getByRole('heading', { name: 'Seats' }).count(), 0, 'not seated yet');
  await shots(bo, 'fair-02-lobby-join-asks');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await ask.waitFor({ state: 'detached' });
  await cyRow.getByRole('button', { name: /^Join/ }).click();
  await cyRow.getByRole('alertdialog').getByRole('button', { name: 'Take a seat' }).click();
  await bo.getByRole('heading', { name: 'Seats' }).waitFor();
  await bo.locator('.fair-notice').getByText('A prepared deal: the host knows these hands.').waitFor();
  await shots(bo, 'fair-03-waiting-room-prepared');
  for (const p of [ann, bo, cy]) assert.deepEqual(p.errors, []);
  for (const p of [ann, bo, cy]) await p.context().close();
});

test('a player shows her hand to the one follower she chooses and sees who follows her', async () => {
  const di = await arrive(env.browser, env.server.url, 'Di');
  await createTable(di, { seats: 4, schedule: '3, 4', spectatorMode: 'One player’s hand, if that player allows it' });
  await addBots(di, 3);
  await di.getByRole('button', { name: 'Start game' }).click();
  await di.locator('.hand-cards .card').first().waitFor();
  await di.getByText('Nobody follows you.').waitFor();

  const watchers = [];
  for (const name of ['Bo', 'Cy']) {
    const page = await arrive(env.browser, env.server.url, name);
    await page.getByRole('button', { name: /^Watch Crown Battles hosted by Di$/ }).click();
    await page.locator('.follow-bar').getByRole('button', { name: 'Follow Di (not shared)' }).click();
    watchers.push(page);
  }
  const [bo, cy] = watchers;
  await di.getByText('Following you: Bo, Cy.').waitFor();
  const share = di.getByLabel('Show my hand to');
  assert.deepEqual(await share.locator('option').allTextContents(), ['nobody', 'everyone who follows me', 'Bo', 'Cy']);
  await share.selectOption({ label: 'Bo' });
  await bo.locator('.follow-bar').getByText('You follow Di, who lets you see their hand.').waitFor();
  await bo.locator('.hand-cards .card').first().waitFor();
  await cy.locator('.follow-bar').getByText(/^You follow Di, who shows their hand to another follower, not you/).waitFor();
  assert.equal(await cy.locator('.hand-cards .card').count(), 0, 'Cy is not shown the hand');
  assert.equal(await share.inputValue(), await share.locator('option').filter({ hasText: /^Bo$/ }).getAttribute('value'));
  await shots(di, 'fair-04-share-chooser');
  await shots(cy, 'fair-05-follower-not-chosen');

  // Cy stops following: Di sees it.
  await cy.locator('.follow-bar').getByRole('button', { name: 'Stop following' }).click();
  await di.getByText('Following you: Bo.').waitFor();
  for (const p of [di, bo, cy]) assert.deepEqual(p.errors, []);
  for (const p of [di, bo, cy]) await p.context().close();
});

test('a second window of a seated player’s browser may not watch the table', async () => {
  const flo = await arrive(env.browser, env.server.url, 'Flo');
  await createTable(flo, { seats: 4, schedule: '3, 4', spectatorMode: 'Every hand, some tricks behind the table', spectatorDelay: 1 });
  await addBots(flo, 3);
  await flo.getByRole('button', { name: 'Start game' }).click();
  await flo.locator('.hand-cards .card').first().waitFor();
  // The same browser (its id), another player: its token and identity gone (with the
  // identity, the page would be Flo again).
  const ghost = await flo.context().newPage();
  const errors = [];
  ghost.on('pageerror', (e) => errors.push(String(e)));
  await ghost.addInitScript(() => ['crownhall.token', 'crownhall.identity', 'crownhall.name'].forEach((k) => localStorage.removeItem(k)));
  await ghost.goto(env.server.url);
  await ghost.getByRole('textbox', { name: 'Your name' }).fill('Someone');
  await ghost.getByRole('button', { name: 'Enter' }).click();
  await ghost.getByRole('button', { name: /^Watch Crown Battles hosted by Flo$/ }).click();
  await ghost.getByText('You have a seat at this table (in this browser): a player does not watch the table too.').waitFor();
  assert.equal(await ghost.getByRole('region', { name: 'Every hand' }).count(), 0);
  await shots(ghost, 'fair-06-second-window-refused');
  assert.deepEqual(errors, []);
  await flo.context().close();
});
