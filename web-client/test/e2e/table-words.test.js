// What people read at the table, lobby, History and an invite, in real headless Chromium
// against the real `crownhall serve`: each test failed on the client (or, for the lobby's
// order, the server) before its fix. Every changed screen is checked with axe-core and
// saved at 1280x800 and 375x812.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, createGameTable, addBots, playToEnd, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';

const env = useServerAndBrowser();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

// axe-core at both sizes, and a screenshot of each; returns the violations.
async function look(page, name) {
  const problems = [];
  for (const [label, size] of [['1280', DESKTOP], ['375', PHONE]]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    for (const v of await axeViolations(page)) problems.push(`${label}: ${v}`);
    await shot(page, `${name}-${label}`);
  }
  await page.setViewportSize(DESKTOP);
  return problems;
}

async function leaveGame(page) {
  await page.getByRole('button', { name: 'Leave (a bot plays for you)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave the game' }).click();
  await page.getByRole('heading', { name: 'Tables' }).waitFor();
}

test('a follower reads "Ann’s hand", and Ann reads who follows her', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: DESKTOP });
  await createTable(ann, { seats: 4, schedule: '6, 6', spectatorMode: 'One player’s hand, if that player allows it' });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards .card').first().waitFor();
  const bo = await arrive(env.browser, env.server.url, 'Bo', { viewport: DESKTOP });
  await bo.getByRole('button', { name: /^Watch Crown Battles hosted by Ann$/ }).click();
  await bo.locator('.follow-bar').getByRole('button', { name: 'Follow Ann (not shared)' }).click();
  await ann.getByText('Following you: Bo.').waitFor();
  await ann.getByLabel('Show my hand to').selectOption({ label: 'everyone who follows me' });
  await bo.locator('.hand-cards .card').first().waitFor();
  const hand = bo.getByRole('heading', { name: 'Ann’s hand' });
  await hand.waitFor();
  assert.ok(await hand.isVisible(), 'the heading is seen, not only read');
  assert.equal(await bo.getByText(/^Your (hand|turn)/).count(), 0);
  assert.equal(await bo.locator('[aria-label^="Your hand"]').count(), 0);
  assert.deepEqual(await look(bo, 'words-follower-hand'), []);
  assert.deepEqual([...ann.errors, ...bo.errors], []);
  await ann.context().close();
  await bo.context().close();
});

test('the lobby lists the tables people are at before one left to bots, and says "with no host"', async () => {
  // The book's whole game: bots are still playing it when the lobby is read.
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: DESKTOP });
  await createTable(ann, { seats: 4 });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards .card').first().waitFor();
  await leaveGame(ann);
  const cy = await arrive(env.browser, env.server.url, 'Cy', { viewport: DESKTOP });
  await createTable(cy, { seats: 4 });
  await addBots(cy, 3);
  await cy.getByRole('button', { name: 'Start game' }).click();
  await cy.locator('.hand-cards .card').first().waitFor();
  const bo = await arrive(env.browser, env.server.url, 'Bo', { viewport: DESKTOP });
  const rows = bo.getByRole('list', { name: 'Public tables' }).getByRole('listitem');
  await bo.waitForFunction(() => document.querySelectorAll('.table-item').length >= 2);
  const labels = await rows.evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
  // Earlier tests' tables may still be listed: every table with a host comes before any
  // without, Cy's (newer) before Ann's old one that bots play on.
  const cyRow = labels.findIndex((l) => /^Crown Battles, hosted by Cy,/.test(l));
  const firstNoHost = labels.findIndex((l) => /^Crown Battles, with no host,/.test(l));
  assert.ok(cyRow >= 0 && firstNoHost > cyRow, labels.join(' | '));
  assert.ok(labels.slice(firstNoHost).every((l) => /with no host/.test(l)), labels.join(' | '));
  assert.doesNotMatch(await bo.locator('#main').innerHTML(), /null/);
  await bo.getByRole('button', { name: 'Watch Crown Battles with no host' }).waitFor();
  await bo.getByText(/^No host · /).waitFor();
  assert.deepEqual(await look(bo, 'words-lobby-no-host'), []);
  await ann.context().close();
  await cy.context().close();
  await bo.context().close();
});

test('History: each game says when, who played and their points, the winner first', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: DESKTOP });
  await createTable(ann, { seats: 3, schedule: '1' });
  await addBots(ann, 2);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb-board').first().waitFor();
  await playToEnd([ann]);
  await ann.locator('a.brand').click();
  await ann.getByRole('button', { name: /^History/ }).click();
  const item = ann.getByRole('list', { name: 'Finished games' }).getByRole('listitem').first();
  await item.waitFor();
  const heading = item.getByRole('heading', { level: 2 });
  assert.match(await heading.innerText(), /^Crown Battles · finished \d{4}-\d\d-\d\d \d\d:\d\d$/);
  const standings = item.locator('.history-standings li');
  assert.equal(await standings.count(), 3);
  const rows = await standings.evaluateAll((lis) => lis.map((li) => ({ winner: li.classList.contains('winner'), points: Number((li.querySelector('.points')?.textContent || '').replace(/ points?$/, '')) })));
  assert.ok(rows[0].winner, 'the winner first');
  for (const r of rows) assert.ok(Number.isFinite(r.points), JSON.stringify(rows));
  assert.deepEqual(rows.slice(1).map((r) => r.points), rows.slice(1).map((r) => r.points).sort((a, b) => b - a), 'then by points');
  assert.match(await item.innerText(), /Ann/);
  assert.deepEqual(await look(ann, 'words-history'), []);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('an invite link says whose table it is and which game, with its seats', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: DESKTOP });
  await createGameTable(ann, { game: 'The Dwarf King', seats: 3, options: { 'Private (only with the invite link)': true } });
  const link = await ann.getByLabel('Invite link').inputValue();
  const context = await env.browser.newContext({ viewport: DESKTOP });
  const bo = await context.newPage();
  bo.errors = [];
  bo.on('pageerror', (e) => bo.errors.push(String(e)));
  await bo.goto(link);
  await bo.getByText('A friend invited you to their table: choose your name to take a seat.').waitFor();
  assert.deepEqual(await look(bo, 'words-invite-name'), []);
  await bo.getByRole('textbox', { name: 'Your name' }).fill('Bo');
  await bo.getByRole('button', { name: 'Enter' }).click();
  await bo.getByText('Ann invites you to The Dwarf King (3 seats, 1 free).').waitFor();
  assert.equal(await ann.getByText(/invites you/).count(), 0, 'the host is told nothing of the kind');
  assert.deepEqual(await look(bo, 'words-invite-table'), []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await context.close();
});

test('a tab whose session another tab took says so once, and takes it back with one click', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: DESKTOP });
  await createTable(ann, { seats: 4 });
  const second = await ann.context().newPage();
  await second.goto(env.server.url);
  await second.getByRole('heading', { name: 'Seats' }).waitFor();
  const banner = ann.getByRole('alert').filter({ hasText: 'Your session moved to another tab or window' });
  await banner.waitFor();
  // Clicks that cannot go add nothing: the banner already says why.
  for (let i = 0; i < 3; i += 1) await ann.getByRole('button', { name: /^Add bot/ }).first().click();
  await ann.waitForTimeout(300);
  assert.equal(await ann.getByText(/trying to reconnect/i).count(), 0);
  assert.equal(await ann.getByRole('alert').count(), 1, 'one message');
  assert.deepEqual(await look(ann, 'words-session-moved'), []);
  await second.close();
  await ann.getByRole('button', { name: 'Take the session back here' }).click();
  await banner.waitFor({ state: 'detached' });
  await ann.getByRole('button', { name: /^Add bot/ }).first().click();
  await ann.locator('.seat-row .badge.bot').first().waitFor();
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

// A checkbox a finger presses: its label is the target (WCAG 2.5.5), 44x44 px at least.
const SMALL_CHECKS = () => [...document.querySelectorAll('.create-form input[type=checkbox]')]
  .filter((box) => box.checkVisibility({ checkVisibilityCSS: true }))
  .map((box) => ({ box, r: (box.closest('label') || box).getBoundingClientRect() }))
  .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
  .map(({ box, r }) => `${box.id} ${Math.round(r.width)}x${Math.round(r.height)}`);

test('the create form: all sixteen specials set the Peasants they replace, and Settings count 72 cards', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: PHONE });
  await ann.getByRole('button', { name: 'New table' }).click();
  const form = ann.getByRole('form', { name: 'Create a table' });
  await form.getByText('Deck and schedule (advanced)').click();
  assert.deepEqual(await ann.evaluate(SMALL_CHECKS), []);
  const group = form.getByRole('group', { name: 'Special Power cards' });
  for (const box of await group.getByRole('checkbox').all()) await box.check();
  const peasants = form.getByLabel('Peasants', { exact: true });
  await ann.waitForFunction(() => document.querySelector('[id$="-peasants"]').value === '0');
  await form.getByText('Set to 0 for your 16 Special Power cards: each takes a Peasant’s place, and 12 more than the 4 Peasants join the deck.').waitFor();
  assert.match(await peasants.getAttribute('aria-describedby'), /-peasants-note/);
  assert.deepEqual(await look(ann, 'words-create-form-specials'), []);
  await form.getByRole('button', { name: 'Create table' }).click();
  await ann.getByRole('heading', { name: 'Seats' }).waitFor();
  const settings = ann.locator('.options-summary');
  assert.match(await settings.innerText(), /72 cards, 16 Special Power cards among them/);
  assert.doesNotMatch(await settings.innerText(), /60 cards/);
  // On the phone every value has room to be read, not one letter a line.
  const narrowest = await settings.locator('dd').evaluateAll((dds) => Math.min(...dds.map((d) => d.getBoundingClientRect().width)));
  assert.ok(narrowest >= 100, `a value ${Math.round(narrowest)} px wide`);
  assert.deepEqual(await look(ann, 'words-settings-72-cards'), []);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
