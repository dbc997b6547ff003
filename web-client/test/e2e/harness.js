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
import assert from 'node:assert/strict';
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

// The page is no wider than its viewport (no sideways scrolling).
export async function pageWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

// Every element a person may click or type into, scrolled into view as a person would
// (to the nearest edge, then to the middle), that another element covers at its centre:
// `elementFromPoint` must hit the element itself or something inside it. Returns a line per
// covered element (empty when nothing is covered).
export async function coveredControls(page) {
  return page.evaluate(async () => {
    const sel = 'button:not([disabled]), a[href], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea, summary, [tabindex="0"]';
    const out = [];
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (const el of document.querySelectorAll(sel)) {
      if (el.closest('.skip-link, .sr-only, .toasts')) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || getComputedStyle(el).visibility === 'hidden') continue;
      // Not drawn at all (inside a closed <details>, display: none above): nothing to click.
      if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      for (const block of ['nearest', 'center']) {
        el.scrollIntoView({ block, inline: 'nearest' });
        await frame();
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + Math.min(r.height / 2, 20);
        if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) continue; // taller than the window
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit)) {
          out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}" (${block}) under ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`);
          break;
        }
      }
    }
    window.scrollTo(0, 0);
    return out;
  });
}

// Seats around the table (src/ui/seat-ring.js): boxes of the trick's card grid, of each seat
// (with its place: bottom, left, top, ...) and of each played card, keyed by seat.
export async function tableGeometry(page) {
  return page.evaluate(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    const seats = {};
    for (const el of document.querySelectorAll('.ring-seat')) {
      const p = el.querySelector('[data-seat]');
      seats[p.dataset.seat] = { ...box(p), place: el.dataset.place, mine: p.classList.contains('mine') };
    }
    const plays = {};
    for (const el of document.querySelectorAll('.ring-plays .trick-play')) plays[el.dataset.seat] = box(el.querySelector('.card'));
    return { trick: box(document.querySelector('.ring-plays')), seats, plays };
  });
}

// Seven or eight seats: three on each side of the table, so a card is not always nearest its
// own seat; instead each card lies on its player's side of the trick (left third, middle,
// right third), and on each side the cards go top to bottom in the order of their seats.
function assertCardsInSeatOrder(g, what) {
  const third = (g.trick.right - g.trick.left) / 3;
  const sideOfSeat = (b) => (b.right <= g.trick.left ? 'left' : b.left >= g.trick.right ? 'right' : 'middle');
  const sideOfCard = (c) => {
    const x = (c.left + c.right) / 2;
    return x < g.trick.left + third ? 'left' : x > g.trick.right - third ? 'right' : 'middle';
  };
  const mid = (b) => (b.top + b.bottom) / 2;
  for (const side of ['left', 'middle', 'right']) {
    const seats = Object.keys(g.plays).filter((s) => sideOfSeat(g.seats[s]) === side);
    for (const s of seats) assert.equal(sideOfCard(g.plays[s]), side, `${what}: seat ${s}'s card is on its ${side} side of the trick`);
    const bySeat = [...seats].sort((a, b) => mid(g.seats[a]) - mid(g.seats[b]));
    const byCard = [...seats].sort((a, b) => mid(g.plays[a]) - mid(g.plays[b]));
    assert.deepEqual(byCard, bySeat, `${what}: on the ${side}, the cards go top to bottom as their seats do`);
  }
}

// Distance from a point to the nearest point of a box (0 inside it).
function distanceToBox(x, y, b) {
  return Math.hypot(Math.max(b.left - x, 0, x - b.right), Math.max(b.top - y, 0, y - b.bottom));
}

// The viewer's seat is below the trick, the others on its left, above it or on its right as
// their place says, and each played card lies nearer its player's seat than any other seat.
export function assertSeatsAround(g, what) {
  const ids = Object.keys(g.seats);
  const mine = ids.filter((s) => g.seats[s].mine);
  assert.ok(mine.length <= 1, `${what}: at most one seat is the viewer's`);
  for (const s of mine) assert.equal(g.seats[s].place, 'bottom', `${what}: the viewer sits at the bottom`);
  for (const s of ids) {
    const b = g.seats[s];
    // With seven or eight seats, two sit on each side: `left` and `bottom-left` beside it.
    if (b.place === 'bottom') assert.ok(b.top >= g.trick.bottom, `${what}: seat ${s} (bottom) is below the trick`);
    else if (b.place === 'left' || b.place === 'bottom-left') assert.ok(b.right <= g.trick.left, `${what}: seat ${s} (${b.place}) is left of the trick`);
    else if (b.place === 'right' || b.place === 'bottom-right') assert.ok(b.left >= g.trick.right, `${what}: seat ${s} (${b.place}) is right of the trick`);
    else assert.ok(b.bottom <= g.trick.top, `${what}: seat ${s} (${b.place}) is above the trick`);
  }
  if (ids.length >= 7) return assertCardsInSeatOrder(g, what);
  for (const [seat, c] of Object.entries(g.plays)) {
    const x = (c.left + c.right) / 2;
    const y = (c.top + c.bottom) / 2;
    const own = distanceToBox(x, y, g.seats[seat]);
    for (const other of ids.filter((s) => s !== seat)) {
      const d = distanceToBox(x, y, g.seats[other]);
      assert.ok(own < d, `${what}: seat ${seat}'s card is nearer its seat (${own.toFixed(0)} px) than seat ${other} (${d.toFixed(0)} px)`);
    }
  }
}

// Every card on the trick with its player's seat, in document order: with Long Play's two
// cards a seat, `tableGeometry`'s `plays` (a card per seat) sees only each seat's first.
export async function trickCards(page) {
  return page.evaluate(() => [...document.querySelectorAll('.ring-plays .trick-play')].flatMap((el) =>
    [...el.querySelectorAll('.card')].map((c) => { const r = c.getBoundingClientRect(); return { seat: el.dataset.seat, left: r.left, right: r.right, top: r.top, bottom: r.bottom }; })));
}

// Up to six seats: each of those cards lies nearer its player's seat than any other seat.
export function assertEveryCardNearItsSeat(g, cards, what) {
  for (const [i, c] of cards.entries()) {
    const x = (c.left + c.right) / 2;
    const y = (c.top + c.bottom) / 2;
    const own = distanceToBox(x, y, g.seats[c.seat]);
    for (const other of Object.keys(g.seats).filter((s) => s !== c.seat)) {
      const d = distanceToBox(x, y, g.seats[other]);
      assert.ok(own < d, `${what}: card ${i + 1} (seat ${c.seat}) is nearer its seat (${own.toFixed(0)} px) than seat ${other} (${d.toFixed(0)} px)`);
    }
  }
}

// The move log's lines as shown beside the table. Every line is in the game's words with the
// players' names filled in (no "{0}" left), and `patterns` each match some line.
export async function assertMoveLog(page, patterns, what) {
  const lines = await page.locator('.move-log-lines li:not(.muted)').allInnerTexts();
  assert.ok(lines.length > 0, `${what}: the move log has lines`);
  for (const line of lines) assert.doesNotMatch(line, /\{\d\}/, `${what}: a name was filled in: ${line}`);
  for (const p of patterns) assert.ok(lines.some((l) => p.test(l)), `${what}: no line matches ${p}: ${lines.slice(-8).join(' | ')}`);
}

// What a player must see without scrolling when a decision comes to them: the prompt, every
// control of the decision (in the dock and on the board) and every card of their hand. The
// page is put back at its top first, as it is when the turn begins. Returns a line for each
// of them that lies outside the viewport (empty when the whole turn is on one screen).
export async function outsideViewport(page) {
  return page.evaluate(async () => {
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // The board may repeat a choice (Queen's Court's piles); the dock always holds it.
    const sel = '.cb-prompt, .cb-dock.active button:not([disabled]), .cb-dock.active .cb-choice, .cb-seen, .cb-dock .hand-cards .card';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      if (el.checkVisibility && !el.checkVisibility({ checkVisibilityCSS: true })) continue;
      if (el.closest('.toasts, .sr-only, .table-side, details:not([open])')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
        const what = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}"`;
        out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
    return out;
  });
}
