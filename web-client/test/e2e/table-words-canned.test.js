// The table's wording in real headless Chromium, without a game server: canned server
// messages (test/fixtures/scenes.js) through a fake WebSocket, as client-defects.test.js
// does. Each check failed on the client before its fix; every scene is checked with
// axe-core and saved at 1280x800 and 375x812.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serveStatic } from '../helpers/static-server.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { launchOptions } from '../helpers/browser.js';
import { axeViolations } from '../helpers/axe.js';
import { ARTIFACTS } from './harness.js';
import { scenes, dkView, dwarfKingTable, dwarfKingWelcome } from '../fixtures/scenes.js';

let site;
let browser;
before(async () => {
  site = await serveStatic();
  browser = await chromium.launch(launchOptions());
});
after(async () => {
  await browser?.close();
  site?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const clone = (x) => JSON.parse(JSON.stringify(x));

async function open(messages, viewport = DESKTOP) {
  const page = await browser.newPage({ viewport });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.addInitScript(fakeSocketScript(messages));
  await page.goto(site.url);
  await page.locator('#main').waitFor();
  await page.waitForTimeout(200);
  return page;
}

// axe-core at both sizes, and a screenshot of each; returns the violations.
async function look(page, name) {
  const problems = [];
  for (const [label, size] of [['1280', DESKTOP], ['375', PHONE]]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    for (const v of await axeViolations(page)) problems.push(`${label}: ${v}`);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${label}.png`), fullPage: true });
  }
  return problems;
}

test('no trump reads "the spinner said no trump", never "spun X"', async () => {
  const msgs = clone(scenes.playing);
  Object.assign(msgs[1].game.view.round, { trump: null, spinner: 'X' });
  const page = await open(msgs);
  const trump = page.locator('.cb-round-item').filter({ hasText: 'Trump' });
  assert.match(await trump.innerText(), /No trump\s*the spinner said no trump/);
  assert.doesNotMatch(await page.locator('#main').innerText(), /spun X/);
  assert.deepEqual(await look(page, 'words-no-trump'), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a mission of one trick reads "Do not win the first trick"', async () => {
  const page = await open(clone(scenes.missions));
  await page.getByRole('button', { name: 'Do not win the first trick, 0 points' }).waitFor();
  assert.doesNotMatch(await page.locator('#main').innerText(), /first 1 trick/);
  assert.deepEqual(await look(page, 'words-missions'), []);
  await page.close();
});

test('Stealth Play: a long name and "face down to the others" are both read whole', async () => {
  const msgs = clone(scenes.stealth);
  msgs[1].seats[0].name = 'Stella';
  const page = await open(msgs, PHONE);
  const play = page.locator('.trick-play.hidden-from-others');
  await play.waitFor();
  const cut = await play.evaluate((li) => [...li.querySelectorAll('.trick-who, .trick-note')].map((el) => [el.textContent, el.scrollWidth > el.clientWidth + 1]));
  assert.deepEqual(cut, [['Stella', false], ['face down to the others', false]]);
  assert.deepEqual(await look(page, 'words-stealth'), []);
  await page.close();
});

test('one card in hand is "1 card in hand"', async () => {
  const view = dkView({ hand_sizes: [6, 1, 7] });
  const page = await open([dwarfKingWelcome, dwarfKingTable(view, [])]);
  await page.locator('.dk').waitFor();
  const labels = await page.locator('.cb-player').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')).join(' | '));
  assert.match(labels, /1 card in hand/);
  assert.doesNotMatch(labels, /\b1 cards\b/);
  assert.deepEqual(await look(page, 'words-one-card'), []);
  await page.close();
});
