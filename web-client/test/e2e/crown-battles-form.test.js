// Crown Battles' settings and Special Power cards in real headless Chromium, without a game
// server: the page gets canned server messages (test/fixtures/scenes.js, whose schema is the
// engine's) through a fake WebSocket, so these run before the server has the change.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serveStatic } from '../helpers/static-server.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { launchOptions } from '../helpers/browser.js';
import { scenes } from '../fixtures/scenes.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS } from './harness.js';
import { axeViolations } from '../helpers/axe.js';

let site;
let browser;
before(async () => {
  site = await serveStatic();
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch(launchOptions());
});
after(async () => {
  await browser?.close();
  site?.close();
});

async function open(messages) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.addInitScript(fakeSocketScript(messages));
  await page.goto(site.url);
  await page.locator('#main').waitFor();
  return page;
}

const sentOfType = (page, type) => page.evaluate((t) => window.__sent.filter((m) => m.type === t), type);

// The schema's `default_when`: Bubble Shields are on by default once the deck has a Special
// Power card; the box follows the deck until the host sets it by hand.
test('Bubble Shields tick themselves when the host picks a special, and stay as the host sets them', async () => {
  const page = await open(scenes.lobby);
  await page.getByRole('button', { name: 'New table' }).click();
  const form = page.getByRole('form', { name: 'Create a table' });
  await form.getByText('Deck and schedule (advanced)').click();
  const shields = form.getByLabel(/Bubble Shields/);
  const specials = form.getByRole('group', { name: 'Special Power cards' });
  assert.equal(await shields.isChecked(), false, 'no specials: no shields');
  await specials.getByLabel('Spy', { exact: true }).check();
  await page.waitForFunction(() => document.querySelector('[id$="-bubble_shields"]').checked, null, { timeout: 2000 });
  await specials.getByLabel('Spy', { exact: true }).uncheck();
  await page.waitForFunction(() => !document.querySelector('[id$="-bubble_shields"]').checked, null, { timeout: 2000 });
  await specials.getByLabel('Thief', { exact: true }).check();
  await page.waitForFunction(() => document.querySelector('[id$="-bubble_shields"]').checked, null, { timeout: 2000 });
  await shields.uncheck(); // by hand: no shields
  await specials.getByLabel('Witch', { exact: true }).check();
  await page.waitForTimeout(300);
  assert.equal(await shields.isChecked(), false, 'the host’s choice stands');
  assert.equal(await specials.getByLabel('Thief', { exact: true }).isChecked(), true, 'the picked cards stay picked while the form is drawn again');
  await form.getByLabel('Peasants', { exact: true }).fill('4');
  await form.getByRole('button', { name: 'Create table' }).click();
  const [created] = await sentOfType(page, 'create_table');
  assert.deepEqual([created.options.specials, created.options.bubble_shields], [['THIEF', 'WITCH'], false]);

  // The form stays open until the server answers (a refusal keeps every choice); the scene
  // never answers, so the host cancels it. A new form starts afresh; picked specials and the
  // ticked box are sent as shown.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'New table' }).click();
  await form.getByText('Deck and schedule (advanced)').click();
  assert.equal(await shields.isChecked(), false);
  await specials.getByLabel('Bomb', { exact: true }).check();
  await page.waitForFunction(() => document.querySelector('[id$="-bubble_shields"]').checked, null, { timeout: 2000 });
  await form.getByRole('button', { name: 'Create table' }).click();
  const second = (await sentOfType(page, 'create_table'))[1];
  assert.deepEqual([second.options.specials, second.options.bubble_shields], [['BOMB'], true]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The Spy's look: the seconds left count down in the page, between server messages, and the
// countdown goes when the look ends.
test('the Spy’s look counts down each second and says the look ends at zero', async () => {
  const msgs = JSON.parse(JSON.stringify(scenes.spyLook));
  const page = await open(msgs);
  const timer = page.locator('.cb-seen [role="timer"]');
  await timer.waitFor();
  const seconds = async () => Number(/^(\d+) seconds? left: at zero the look ends\.$/.exec(await timer.innerText())[1]);
  const first = await seconds();
  assert.ok(first <= 42 && first >= 40, `starts from the server's 42 s (${first})`);
  await page.waitForTimeout(2300);
  const later = await seconds();
  assert.ok(first - later >= 2 && first - later <= 3, `counted down by itself: ${first} → ${later}`);
  await page.screenshot({ path: join(ARTIFACTS, '12-spy-countdown.png') });
  // Done looking: the server's next message has no time left and no Spy step.
  const done = JSON.parse(JSON.stringify(msgs[1]));
  delete done.game.time_left_ms;
  done.game.view.specials.pending = null;
  done.game.legal = [];
  done.seq = (done.seq || 0) + 1;
  await page.evaluate((m) => window.__push(m), done);
  await timer.waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.close();
});

// A table the server would refuse cannot be made: a round dealing more cards than each player
// can get from the deck is lowered to that most, a round type the number of players cannot
// play is left out (and out of the fixed order), a type the fixed order plays is ticked; each
// said beside its field, in the player's words, at 1280x800 and 375x812.
test('the create form fixes a schedule the deck cannot deal and round types the players cannot play, and says so', async () => {
  const page = await open(scenes.lobby);
  await page.getByRole('button', { name: 'New table' }).click();
  const form = page.getByRole('form', { name: 'Create a table' });
  await form.getByText('Deck and schedule (advanced)').click();
  const schedule = form.getByLabel('Cards dealt each round');
  const note = (name) => form.locator(`#create-crown-battles-${name}-note`);
  // Typed twice: each time lowered to the most the 60 cards give each of 4 players.
  for (let i = 0; i < 2; i++) {
    await schedule.fill('20, 5');
    await schedule.press('Tab');
    await page.waitForFunction(() => document.querySelector('#create-crown-battles-schedule').value === '15, 5', null, { timeout: 2000 });
  }
  assert.equal(await note('schedule').innerText(), 'Round 1 can deal at most 15 cards to each player: the deck’s 60 cards are shared by 4 players. It deals 15 now.');
  assert.match(await schedule.getAttribute('aria-describedby'), /create-crown-battles-schedule-note/, 'the note is the field’s description');
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    await note('schedule').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, `create-form-schedule-lowered-${width}x${height}.png`) });
    assert.deepEqual(await axeViolations(page), [], `axe: the lowered schedule at ${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // Duel Fights, and a fixed order that plays Missions too: Missions is ticked.
  await form.getByLabel('Duel Fights', { exact: true }).check();
  const order = form.getByLabel('Round types in a fixed order');
  await order.fill('Duel Fights, Missions');
  await order.press('Tab');
  await note('round_types').waitFor();
  assert.equal(await note('round_types').innerText(), 'Missions ticked: your fixed order plays it.');
  assert.equal(await form.getByLabel('Missions', { exact: true }).isChecked(), true);
  // Three players: Duel Fights is left out, and out of the order.
  await form.getByLabel(/^Players/).fill('3');
  await form.getByLabel(/^Players/).press('Tab');
  await page.waitForFunction(() => document.querySelector('#create-crown-battles-round_sequence').value === 'Missions', null, { timeout: 2000 });
  assert.equal(await form.getByLabel('Duel Fights', { exact: true }).count(), 0, 'not offered to three players');
  assert.equal(await note('round_types').innerText(), 'Left out: Duel Fights needs 4 or more players. Missions ticked: your fixed order plays it.');
  assert.equal(await note('round_sequence').innerText(), 'Taken out of the order: Duel Fights needs 4 or more players.');
  await note('round_types').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, 'create-form-fixed-1280x800.png') });
  assert.deepEqual(await axeViolations(page), [], 'axe: the form with its notes');
  await page.setViewportSize({ width: 375, height: 812 });
  for (const name of ['round_types', 'round_sequence']) {
    const box = await note(name).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `the ${name} note fits at 375 px`);
  }
  await note('round_types').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ARTIFACTS, 'create-form-fixed-375x812.png') });
  assert.deepEqual(await axeViolations(page), [], 'axe: the form with its notes at 375x812');
  await form.getByRole('button', { name: 'Create table' }).click();
  const [created] = await sentOfType(page, 'create_table');
  assert.deepEqual([created.seats, created.options.schedule, created.options.round_types, created.options.round_sequence], [3, [15, 5], ['normal', 'missions'], ['missions']]);
  // The deck the rule counted from stays the setup's: its fields were left empty, and are.
  assert.deepEqual(['red_numbers', 'golems', 'peasants'].map((k) => created.options[k]), [undefined, undefined, undefined]);
  assert.deepEqual(page.errors, []);
  await page.close();
});
