// End-to-end plumbing: the real `crownhall serve` on a free port with a fresh data
// directory, Debian's Chromium through playwright-core, and the steps a person takes.
//
// Environment:
//   CROWNHALL_BIN      the server binary (default: <repo>/build/app/crownhall)
//   CHROMIUM_BIN       the browser (default: /usr/bin/chromium)
//   E2E_ARTIFACTS      where screenshots go (default: web-client/test-artifacts/e2e)
//   E2E_BOT_DELAY_MS   how long bots wait before a move (default 150)
//   E2E_GRACE_SECONDS  how long a lost player's seat waits before a bot plays it (default 5)
//   E2E_SERVER_ARGS    extra arguments for `crownhall serve` (space-separated)

import { before, after } from 'node:test';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchOptions } from '../helpers/browser.js';

const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_BIN = process.env.CROWNHALL_BIN || join(REPO, 'build/app/crownhall');
export const ARTIFACTS = process.env.E2E_ARTIFACTS || join(WEB_ROOT, 'test-artifacts/e2e');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`crownhall serve exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`crownhall serve did not answer at ${url}`);
}

export async function startServer(serverArgs = []) {
  if (!existsSync(SERVER_BIN)) throw new Error(`no server binary at ${SERVER_BIN}: build it or set CROWNHALL_BIN`);
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), 'crownhall-e2e-'));
  const extra = [...(process.env.E2E_SERVER_ARGS || '').split(/\s+/).filter(Boolean), ...serverArgs];
  // No drain on SIGTERM (docs/hosting.md, "Stopping"): a file's server stops at once when its tests are done.
  const args = ['serve', '--bind', '127.0.0.1', '--port', String(port), '--web-root', WEB_ROOT, '--data', data, '--bot-delay-ms', process.env.E2E_BOT_DELAY_MS || '150', '--grace-seconds', process.env.E2E_GRACE_SECONDS || '5', '--log-level', 'warn', '--drain-seconds', '0', ...extra];
  const child = spawn(SERVER_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  child.stdout.on('data', (d) => log.push(String(d)));
  child.stderr.on('data', (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForHttp(url, child, 15000);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${e.message}\n${log.join('')}`);
  }
  return {
    url,
    port,
    log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => (child.kill('SIGKILL'), r()), 5000);
          child.on('exit', () => (clearTimeout(t), r()));
        });
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

export async function startBrowser() {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch(launchOptions());
}

// One server and one browser for all the tests of a file, stopped after them. The fields
// are filled in by the time a test runs.
export function useServerAndBrowser(serverArgs = []) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(serverArgs);
    env.browser = await startBrowser();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) await env.server.stop();
  });
  return env;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

// A person opens the site (optionally at a link), picks a name and arrives.
export async function arrive(browser, url, name, { hash = '', viewport = { width: 1200, height: 900 } } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.errors = errors;
  // Every WebSocket frame the page receives, for checks of what travels on the wire.
  page.received = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => page.received.push(String(f.payload))));
  await page.goto(url + hash);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Enter' }).click();
  await page.getByText(name, { exact: true }).first().waitFor();
  return page;
}

// Fills the create-table form as a person would.
// The Players field is a number for a range of counts and a choice otherwise (Lunar: 2 or 4).
// Choosing another game redraws the form, so the field may change kind under us: try again.
async function setPlayers(form, seats) {
  const field = form.getByLabel(/^Players/);
  for (let attempt = 1; ; attempt += 1) {
    try {
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
        await field.selectOption(String(seats), { timeout: 2000 });
      } else {
        await field.fill(String(seats), { timeout: 2000 });
        await field.press('Tab');
      }
      return;
    } catch (e) {
      if (attempt === 3) throw e;
    }
  }
}

// `roundSequence`: the round types in a fixed order, typed by their labels.
// `specials`: 'all' or a list of Special Power card ids for the deck, with `peasants` set so
// that the deck has room for them.
export async function createTable(page, { seats = 4, schedule = null, isPrivate = false, roundTypes = null, roundSequence = null, clock = null, specials = null, peasants = 4, lateJoin = false, spectatorMode = null, spectatorDelay = null } = {}) {
  await page.getByRole('button', { name: 'New table' }).click();
  const form = page.getByRole('form', { name: 'Create a table' });
  await setPlayers(form, seats);
  if (schedule || specials) await form.getByText('Deck and schedule (advanced)').click();
  if (schedule) await form.getByLabel('Cards dealt each round').fill(schedule);
  if (specials) {
    await form.getByLabel('Peasants', { exact: true }).fill(String(peasants));
    const group = form.getByRole('group', { name: 'Special Power cards' });
    for (const box of await group.getByRole('checkbox').all()) {
      const label = (await box.evaluate((el) => el.parentElement.textContent)).trim();
      if (specials === 'all' || specials.includes(label)) await box.check();
    }
    // Bubble Shields tick themselves once a special is picked (the schema's `default_when`):
    // the real server's schema, the real form.
    if (!(await form.getByLabel(/Bubble Shields/).isChecked()))
      throw new Error('Bubble Shields did not follow the deck: the box is not ticked');
  }
  if (roundTypes) {
    for (const [label, on] of Object.entries(roundTypes)) await form.getByLabel(label, { exact: true }).setChecked(on);
  }
  // The round types in a fixed order, as a host types them ("Missions, Blind Missions").
  if (roundSequence) await form.getByLabel('Round types in a fixed order').fill(roundSequence);
  if (clock) await form.getByLabel('Clock').selectOption({ label: clock });
  if (isPrivate) await form.getByLabel(/Private \(only/).check();
  if (lateJoin) await form.getByLabel(/Late joiners may take/).check();
  if (spectatorMode) await form.getByLabel('Spectators see').selectOption({ label: spectatorMode });
  if (spectatorDelay) await form.getByLabel('Tricks behind (every hand)').fill(String(spectatorDelay));
  await form.getByRole('button', { name: 'Create table' }).click();
  await page.getByRole('heading', { name: 'Seats' }).waitFor();
  return page.evaluate(() => location.hash.replace('#/table/', ''));
}

// A second person arrives, joins the host's Crown Battles table from the lobby and says
// ready; returns their page once the host sees it.
export async function joinAndReady(browser, url, name, host) {
  const page = await arrive(browser, url, name);
  const row = page.getByRole('listitem', { name: new RegExp(`Crown Battles, hosted by ${host.name}`) });
  await row.getByRole('button', { name: /^Join/ }).click();
  await page.getByRole('button', { name: 'I’m ready' }).click();
  await host.page.getByText('ready', { exact: true }).waitFor();
  return page;
}

// The host fills the other seats with bots, starts the game and waits for its first hand.
export async function startWithBots(page, count) {
  await addBots(page, count);
  await page.getByRole('button', { name: 'Start game' }).click();
  await page.locator('.hand-cards .card').first().waitFor();
}

export async function addBots(page, count) {
  for (let i = 0; i < count; i++) {
    const before = await page.locator('.seat-row .badge.bot').count();
    await page.getByRole('button', { name: /^Add bot: a .* bot in seat/ }).first().click();
    await page.waitForFunction((n) => document.querySelectorAll('.seat-row .badge.bot').length > n, before);
  }
}

// A spectator mode at a Crown Battles table: Ann hosts four seats with three bots
// in `spectatorMode` (the form's label; the options summary then reads `summary`) and starts;
// Bo arrives and watches. Returns both pages.
export async function hostAndWatch(env, { spectatorMode, spectatorDelay = null, summary }) {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '3, 4', spectatorMode, spectatorDelay });
  await ann.getByText(summary, { exact: true }).waitFor();
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards .card').first().waitFor();
  const bo = await arrive(env.browser, env.server.url, 'Bo');
  await bo.getByRole('button', { name: /^Watch Crown Battles hosted by Ann$/ }).click();
  return { ann, bo };
}

// Plays `page`'s moves until the game ends or `ms` pass, calling `look()` before each try:
// a spectator test samples what a watcher sees at every step. Returns whether it ended.
export async function playWhileLooking(page, look, ms = 120000) {
  const until = Date.now() + ms;
  while (Date.now() < until && !(await isFinished(page))) {
    await look();
    const did = await actOnce(page);
    await page.waitForTimeout(did ? 80 : 120);
  }
  return isFinished(page);
}

// The Split: the first half is picked card by card in the hand (the first ones free), then
// kept with one button; wait until the panel is gone, for the picks travel one by one.
async function splitOnce(page) {
  const panel = page.locator('.cb-split');
  for (let i = 0; i < 20; i++) {
    const need = Number(await panel.getAttribute('data-need', { timeout: 2000 }).catch(() => '0'));
    if (!(need > 0)) break;
    await page.locator('.hand-cards button.card.pickable[aria-pressed="false"]').first().click({ timeout: 2000 }).catch(() => null);
    await page.waitForFunction((n) => Number(document.querySelector('.cb-split')?.dataset.need ?? 0) < n, need, { timeout: 2000 }).catch(() => null);
  }
  await panel.locator('button.split-keep').click({ timeout: 2000 }).catch(() => null);
  await panel.waitFor({ state: 'detached', timeout: 5000 }).catch(() => null);
}

// One move if the page offers one: the dealer's suit, The Split's first half, a bid, an
// extra wager, a mission, a Suit Precision trick placed under a suit, or a card.
// `before(kind)` runs just before the click (for a screenshot of the decision). Returns what
// it did.
// A Suit Precision round asks for four bids in a row (R, B, G, Y) in the same panel: after a
// bid there, wait until the panel asks for the next suit (or is gone), so that the next call
// never clicks the suit just bid a second time. The Split asks two bids in a row, one per
// half (data-half), the same way.
export async function actOnce(page, before = async () => {}) {
  const choices = [
    ['trump', page.locator('.cb-choice[aria-label="Choose the trump suit"] button')],
    // Suit Precision: the winner of the trick just taken places it under a suit.
    ['place', page.locator('.cb-place button')],
    // The Split: the first half, picked in the hand and kept together.
    ['split', page.locator('.cb-split')],
    ['bid', page.locator('.cb-bid .bid-button')],
    ['wager', page.locator('.cb-wager button')],
    ['mission', page.locator('.cb-mission button')],
    ['pair', page.locator('.cb-pair button')],
    ['solo', page.locator('.cb-solo button')],
    ['leak', page.locator('.cb-leak button')],
    // A card played in one of two ways (the Double-faced card, picked already) asks how.
    ['play', page.locator('.cb-hand .choice-row[aria-label$=" as"] button')],
    ['play', page.locator('.hand-cards button.card.legal')],
    // A Special Power card's step (after cards and bids: a shield is never bought by it).
    ['special', page.locator('.cb-special button')],
  ];
  for (const [kind, locator] of choices) {
    if (!(await locator.count())) continue;
    await before(kind);
    if (kind === 'split') {
      await splitOnce(page);
      return kind;
    }
    const suit = kind === 'bid' ? await page.locator('.cb-bid').first().getAttribute('data-suit', { timeout: 2000 }).catch(() => null) : null;
    const half = kind === 'bid' ? await page.locator('.cb-bid').first().getAttribute('data-half', { timeout: 2000 }).catch(() => null) : null;
    await locator.first().click({ timeout: 2000 }).catch(() => null);
    if (suit) await page.locator(`.cb-bid[data-suit="${suit}"]`).waitFor({ state: 'detached', timeout: 5000 }).catch(() => null);
    if (half) await page.locator(`.cb-bid[data-half="${half}"]`).waitFor({ state: 'detached', timeout: 5000 }).catch(() => null);
    if (kind === 'place') await page.locator('.cb-place').waitFor({ state: 'detached', timeout: 5000 }).catch(() => null);
    return kind;
  }
  return null;
}

export async function isFinished(page) {
  return (await page.locator('#result-heading').count()) > 0;
}

// Plays with every page until each shows the result, within `ms`. `onTurn(page, kind)` runs
// before each move, `onMove(page, kind)` after it.
export async function playToEnd(pages, ms = 120000, onMove = async () => {}, onTurn = async () => {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    let done = 0;
    for (const page of pages) {
      if (await isFinished(page)) {
        done++;
        continue;
      }
      const did = await actOnce(page, (kind) => onTurn(page, kind));
      if (did) await onMove(page, did);
    }
    if (done === pages.length) return;
    await pages[0].waitForTimeout(100);
  }
  throw new Error('the game did not finish in time');
}

// Card ids anywhere in a text (a WebSocket frame).
export const CARD_ID = /"((?:[RBGY](?:1[0-3]|[1-9]))|GOLEM\d|DRAGON\d|PEASANT\d)"/g;

export function cardsIn(text) {
  return [...String(text).matchAll(CARD_ID)].map((m) => m[1]);
}

// Moves keyboard focus with Tab until it rests on an element matching `selector`.
export async function tabTo(page, selector, maxPresses = 80) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => Boolean(document.activeElement && document.activeElement.matches(sel)), selector)) return true;
  }
  return false;
}

// Creates a table for any game from the lobby's form: `game` is its title in the Game
// list, `options` maps a field's label to a value (a checkbox takes true/false).
export async function createGameTable(page, { game, seats, options = {} }) {
  await page.getByRole('button', { name: 'New table' }).click();
  const form = page.getByRole('form', { name: 'Create a table' });
  await form.getByLabel('Game', { exact: true }).selectOption({ label: game });
  await setPlayers(form, seats);
  for (const [label, value] of Object.entries(options)) {
    const field = form.getByLabel(label, { exact: true });
    if (typeof value === 'boolean') await field.setChecked(value);
    else await field.fill(String(value));
  }
  await form.getByRole('button', { name: 'Create table' }).click();
  await page.getByRole('heading', { name: 'Seats' }).waitFor();
  return page.evaluate(() => location.hash.replace('#/table/', ''));
}

// Plays with `act(page)` (one move if the page offers one; returns what it did, or null)
// until the page shows the result, within `ms`.
export async function playGameToEnd(page, act, ms = 180000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await isFinished(page)) return;
    const did = await act(page);
    await page.waitForTimeout(did ? 60 : 100);
  }
  throw new Error('the game did not finish in time');
}
