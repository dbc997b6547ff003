// Every main screen of every game, at 1280x800 and 375x812, in real headless Chromium
// against the real server: axe-core finds no violation, no control a player
// must click is covered by another (elementFromPoint), the page never scrolls sideways,
// and a screenshot of each is saved under test-artifacts/ (git-ignored).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, createGameTable, addBots, playGameToEnd, shot } from './harness.js';
import { pageWidth, coveredControls } from './page-checks.js';
import { MOVES } from './moves.js';
import { axeViolations } from '../helpers/axe.js';

const env = useServerAndBrowser();
const SIZES = [['1280', { width: 1280, height: 800 }], ['375', { width: 375, height: 812 }]];
const GAMES = [
  ['crown-battles', 'Crown Battles', 3, {}],
  ['dwarf-king', 'The Dwarf King', 3, { Hands: 1 }],
  ['lunar', 'Lunar', 2, { 'Points to win': 1 }],
  // Four players: two teams in their colours (where axe once found contrast errors).
  ['lunar-4', 'Lunar', 4, { 'Points to win': 1 }],
  ['queens-court', "Queen's Court", 2, {}],
  // Five players: the most seats around the draw pile, two of them at the top corners.
  ['queens-court-5', "Queen's Court", 5, {}],
];

// One screen at both sizes: axe, covered controls, sideways scroll, a screenshot.
async function check(page, name, { axe = true } = {}) {
  const problems = [];
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    if (axe) for (const v of await axeViolations(page)) problems.push(`${label}: axe ${v}`);
    for (const c of await coveredControls(page)) problems.push(`${label}: covered ${c}`);
    const w = await pageWidth(page);
    if (w > size.width) problems.push(`${label}: ${w} px wide`);
    await shot(page, `screen-${name}-${label}`);
  }
  await page.setViewportSize(SIZES[0][1]);
  return problems;
}

test('the lobby and the create-table form', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: SIZES[0][1] });
  assert.deepEqual(await check(ann, 'lobby'), []);
  await ann.getByRole('button', { name: 'New table' }).click();
  await ann.getByRole('form', { name: 'Create a table' }).waitFor();
  assert.deepEqual(await check(ann, 'create-form'), []);
  await ann.context().close();
});

for (const [id, title, seats, options] of GAMES) {
  test(`${title} (${seats} players): the waiting room and the table mid-game`, async () => {
    const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: SIZES[0][1] });
    await createGameTable(ann, { game: title, seats, options });
    await addBots(ann, seats - 1);
    assert.deepEqual(await check(ann, `${id}-waiting`), []);
    await ann.getByRole('button', { name: 'Start game' }).click();
    await ann.locator('.cb-board').first().waitFor();
    // Mid-game: the first decision that comes to Ann (or a few seconds of bots' play).
    await ann.locator('.cb-dock.active').waitFor({ timeout: 15000 }).catch(() => null);
    assert.deepEqual(await check(ann, `${id}-table`), []);
    assert.deepEqual(ann.errors, []);
    await ann.context().close();
  });
}

// The result screen of each game, played to its end (the person plays every move asked of
// them, bots fill the other seats; short games: one deal of one card, one hand, one point),
// then its replay from History at the deal and at the last move.
const RESULTS = [
  ['crown-battles', 'Crown Battles', 3, (page) => createTable(page, { seats: 3, schedule: '1' })],
  ['dwarf-king', 'The Dwarf King', 3, (page) => createGameTable(page, { game: 'The Dwarf King', seats: 3, options: { Hands: 1 } })],
  ['lunar', 'Lunar', 4, (page) => createGameTable(page, { game: 'Lunar', seats: 4, options: { 'Points to win': 1 } })],
  ['queens-court', "Queen's Court", 2, (page) => createGameTable(page, { game: "Queen's Court", seats: 2, options: { 'Coin stakes': true } })],
];

for (const [id, title, seats, create] of RESULTS) {
  test(`${title}: the result screen of a game played to its end, and its replay`, async () => {
    const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: SIZES[0][1] });
    await create(ann);
    await addBots(ann, seats - 1);
    await ann.getByRole('button', { name: 'Start game' }).click();
    await ann.locator('.cb-board').first().waitFor();
    await playGameToEnd(ann, MOVES[id], 240000);
    await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
    assert.deepEqual(await check(ann, `${id}-result`), []);
    // The same game in History, replayed: the deal and the last move.
    await ann.getByRole('button', { name: 'Back to the lobby' }).click();
    await ann.getByRole('button', { name: /^History/ }).click();
    await ann.locator('.history-list:not(.unfinished) li').first().getByRole('button', { name: /^Replay/ }).click();
    await ann.locator('.replay-board').waitFor();
    assert.deepEqual(await check(ann, `${id}-replay-deal`), []);
    await ann.getByRole('button', { name: 'Last move', exact: true }).click();
    await ann.getByRole('heading', { name: 'Final scores' }).waitFor();
    assert.deepEqual(await check(ann, `${id}-replay-end`), []);
    assert.deepEqual(ann.errors, []);
    await ann.context().close();
  });
}

// Plays as a person until `selector` shows (a decision that comes only at some turns).
async function playUntil(page, move, selector, ms = 120000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await page.locator(selector).count()) return true;
    await move(page);
    await page.waitForTimeout(100);
  }
  return false;
}

// The controls that show only at some turns, checked at both sizes while they show: Queen's
// Court's piles for a chosen card (on the board and in the decision panel) and Lunar's
// trump tiles (offered to whoever takes a trick while tiles are face up).
const TURN_CONTROLS = [
  ['queens-court-piles', "Queen's Court", 4, { 'Queens wild': true }, 'queens-court', '.qc-choice .qc-target',
    async (page) => { await page.locator('.hand-cards button.card.legal').first().click(); }],
  ['lunar-tiles', 'Lunar', 2, { 'Points to win': 1 }, 'lunar', 'button.lu-tile.legal', null],
  // Four players: three turn a tile each round from the start player, who is drawn at
  // random, so Ann may have none in the first round; the default target plays a second.
  ['lunar-4-tiles', 'Lunar', 4, {}, 'lunar', 'button.lu-tile.legal', null],
];

for (const [name, title, seats, options, id, selector, choose] of TURN_CONTROLS) {
  test(`${title} (${seats} players): ${name.split('-').pop()} offered, nothing covered at both sizes`, async () => {
    const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: SIZES[0][1] });
    await createGameTable(ann, { game: title, seats, options });
    await addBots(ann, seats - 1);
    await ann.getByRole('button', { name: 'Start game' }).click();
    await ann.locator('.cb-board').first().waitFor();
    // Queen's Court offers piles once a card is chosen: choose one (and no move is made).
    const ready = choose ? '.hand-cards button.card.legal' : selector;
    const move = choose ? async () => null : MOVES[id];
    assert.ok(await playUntil(ann, move, ready), `${selector} offered`);
    if (choose) await choose(ann);
    await ann.locator(selector).first().waitFor();
    assert.deepEqual(await check(ann, `${name}-turn`), []);
    assert.ok(await ann.locator(selector).count(), `${selector} still offered after the checks`);
    assert.deepEqual(ann.errors, []);
    await ann.context().close();
  });
}

test('History and a replay', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: SIZES[0][1] });
  await createGameTable(ann, { game: "Queen's Court", seats: 2 });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb-board').first().waitFor();
  // Leave the game to the bots; it ends up in History.
  await ann.getByRole('button', { name: 'Leave (a bot plays for you)' }).click();
  await ann.getByRole('alertdialog').getByRole('button', { name: 'Leave the game' }).click();
  const until = Date.now() + 120000;
  while (Date.now() < until) {
    await ann.getByRole('button', { name: /^History/ }).click();
    await ann.waitForTimeout(1000);
    if (await ann.locator('.history-list:not(.unfinished) li').count()) break;
    await ann.locator('a.brand').click();
  }
  await ann.locator('.history-list:not(.unfinished) li').first().waitFor();
  assert.deepEqual(await check(ann, 'history'), []);
  await ann.locator('.history-list:not(.unfinished) li').first().getByRole('button', { name: /^Replay/ }).click();
  await ann.locator('.replay-board').waitFor();
  assert.deepEqual(await check(ann, 'replay'), []);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
