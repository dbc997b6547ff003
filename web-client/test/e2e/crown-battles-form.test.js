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
