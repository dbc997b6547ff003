// Client-only defects in real headless Chromium, without a game server: the
// page gets canned server messages (test/fixtures/scenes.js) through a fake WebSocket.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serveStatic } from '../helpers/static-server.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { launchOptions } from '../helpers/browser.js';
import { axeViolations } from '../helpers/axe.js';
import { shot } from './harness.js';
import { coveredControls } from './page-checks.js';
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

async function open(messages, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.addInitScript(fakeSocketScript(messages));
  await page.goto(site.url);
  await page.locator('#main').waitFor();
  await page.waitForTimeout(200);
  return page;
}

const push = (page, msg) => page.evaluate((m) => window.__push(m), msg);
const clone = (x) => JSON.parse(JSON.stringify(x));

test('finished tables are not listed in the lobby', async () => {
  const [welcome, lobby] = clone(scenes.lobby);
  lobby.tables.push({ table: 't-9', game: 'crown-battles', title: 'Crown Battles', summary: 'over', seats: 4, taken: 2, state: 'finished', spectators: true, host: 'Zed' });
  const page = await open([welcome, lobby]);
  await page.getByRole('list', { name: 'Public tables' }).waitFor();
  assert.equal(await page.locator('.table-item').count(), 2);
  assert.equal(await page.getByText('Host: Zed').count(), 0);
  await page.close();
});

test("an admin's notice shows once", async () => {
  const [welcome, lobby] = clone(scenes.lobby);
  const page = await open([welcome, lobby, { type: 'notice', text: 'Back in 5 minutes.' }]);
  await page.getByText('Back in 5 minutes.').first().waitFor();
  assert.equal(await page.getByText('Back in 5 minutes.').count(), 1);
  await page.close();
});

test('a tie-break round is called so, not "round 2 of 1"', async () => {
  const msgs = clone(scenes.playing);
  Object.assign(msgs[1].game.view.round, { number: 2, rounds: 1, tie_break: true });
  const page = await open(msgs);
  const bar = await page.locator('.cb-round').innerText();
  assert.match(bar, /tie-break/i);
  assert.doesNotMatch(bar, /2 of 1/);
  await page.close();
});

test('cards outside the board (a replay\'s hands) keep their suit colours', async () => {
  const page = await open(clone(scenes.lobby));
  const rgb = await page.evaluate(() => {
    const wrap = document.createElement('div');
    wrap.className = 'replay-body game-crown-battles';
    wrap.innerHTML = '<div class="card card-R">7</div>';
    document.body.append(wrap);
    return getComputedStyle(wrap.firstChild).borderTopColor;
  });
  assert.equal(rgb, 'rgb(192, 57, 43)');
  await page.close();
});

test('keyboard focus stays in the game after playing a card', async () => {
  const msgs = clone(scenes.playing);
  const page = await open(msgs);
  const card = page.locator('.hand-cards button.card.legal').first();
  await card.focus();
  await page.keyboard.press('Enter');
  const sent = await page.evaluate(() => window.__sent.at(-1));
  assert.equal(sent.type, 'act');
  // The server's answer: the card is gone from the hand, the turn has passed.
  const next = clone(msgs[1]);
  next.seq += 1;
  next.game.view.hand = next.game.view.hand.filter((c) => c !== sent.action.card);
  next.game.legal = [];
  next.game.to_act = [1];
  await push(page, next);
  await page.waitForTimeout(200);
  const where = await page.evaluate(() => (document.activeElement === document.body ? 'body' : document.activeElement.className || document.activeElement.tagName));
  assert.notEqual(where, 'body');
  await page.close();
});

// In The Dwarf King's Sorcerer window only its holder is asked; everyone else
// reads a note with nothing to click, and the holder's "Keep my hand" sends nothing (a
// `pass` on the wire would show the table who answered). The window itself is closed by
// the server after a fixed time (SorcererWindow.* in tests/server/timed_step_test.cpp).
test('the Sorcerer window asks its holder alone, and keeping the hand sends nothing', async () => {
  const view = dkView({ phase: 'sorcerer_window', to_act: [0, 1, 2] });
  const prompt = (page) => page.locator('.cb-prompt').innerText();
  const actsSent = (page) => page.evaluate(() => window.__sent.filter((m) => m.type === 'act').length);

  const other = await open([dwarfKingWelcome, dwarfKingTable(view, [{ type: 'pass' }])]);
  await other.locator('.dk').waitFor();
  assert.equal(await other.locator('.cb-dock button[data-action="act"]').count(), 0, 'nothing to click');
  assert.equal(await other.getByRole('button', { name: /Keep my hand|Continue/ }).count(), 0);
  await other.getByText(/The next trick starts in a few seconds/).first().waitFor();
  assert.doesNotMatch(await other.title(), /Your turn/);
  assert.equal(await actsSent(other), 0);
  const otherLine = await prompt(other);
  await other.close();

  const holder = await open([dwarfKingWelcome, dwarfKingTable(view, [{ type: 'pass' }, { type: 'use_sorcerer', card: 'g3' }])]);
  await holder.locator('.dk').waitFor();
  assert.match(await holder.title(), /Your turn/);
  await holder.getByRole('button', { name: 'Take 3 of Goblins for the Sorcerer' }).waitFor();
  await holder.getByRole('button', { name: 'Keep my hand' }).click();
  await holder.getByRole('button', { name: 'Keep my hand' }).waitFor({ state: 'detached' });
  assert.equal(await holder.locator('.cb-dock button[data-action="act"]').count(), 0);
  await holder.getByText(/The next trick starts in a few seconds/).first().waitFor();
  assert.doesNotMatch(await holder.title(), /Your turn/);
  assert.equal(await actsSent(holder), 0, 'keeping the hand sends nothing');
  assert.equal(await prompt(holder), otherLine, 'the holder who kept reads what the others read');
  assert.deepEqual(holder.errors, []);
  await holder.close();
});

// "What the table should be": the dealer and the crown marked at their seats, a ring around
// the seat to act that turns while its clock runs, cards that slide onto the trick; and with
// `prefers-reduced-motion`, nothing moves.
test('the dealer, the crown and the turn ring are shown; reduced motion stops every animation', async () => {
  const seatStyle = (page) => page.evaluate(() => {
    const block = (seat) => document.querySelector(`.ring-seat [data-seat="${seat}"]`);
    const ring = getComputedStyle(block(0));
    const plays = [...document.querySelectorAll('.ring-plays .trick-play')].map((el) => getComputedStyle(el).animationName);
    return {
      dealer: Boolean(block(3).querySelector('.badge.dealer')) && block(3).querySelector('.badge.dealer').offsetParent !== null,
      crown: Boolean(block(3).querySelector('.crown-holder')) && block(3).querySelector('.crown-holder').offsetParent !== null,
      toAct: block(0).classList.contains('to-act'),
      others: [1, 2, 3].filter((s) => block(s).classList.contains('to-act')),
      outline: ring.outlineStyle,
      ringAnimation: ring.animationName,
      plays,
    };
  });
  const moving = await open(clone(scenes.playing));
  await moving.locator('.seat-ring').waitFor();
  const m = await seatStyle(moving);
  assert.ok(m.dealer && m.crown, 'the dealer and the crown are marked at seat 3');
  assert.ok(m.toAct && m.others.length === 0, 'only seat 0 is marked to act');
  assert.equal(m.outline, 'dashed', 'a dashed ring while its clock runs');
  assert.equal(m.ringAnimation, 'turn-ring');
  assert.ok(m.plays.length > 0 && m.plays.every((a) => a === 'card-in'), 'played cards slide in');
  await moving.close();

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  await page.addInitScript(fakeSocketScript(clone(scenes.playing)));
  await page.goto(site.url);
  await page.locator('.seat-ring').waitFor();
  const r = await seatStyle(page);
  assert.equal(r.outline, 'dashed', 'the ring is still there');
  assert.equal(r.ringAnimation, 'none', 'but it does not pulse');
  assert.ok(r.plays.length > 0 && r.plays.every((a) => a === 'none'), 'and no card moves');
  await page.close();
});

// In a real browser: a focused input among keyed siblings that are removed and
// added keeps its focus (the patcher used to move it, which blurs it).
test('a focused input keeps its focus when keyed siblings leave and arrive', async () => {
  const page = await browser.newPage();
  await page.goto(site.url + 'test/fixtures/blank.html');
  const kept = await page.evaluate(async () => {
    const { h, render } = await import('/src/dom/vdom.js');
    const root = document.createElement('div');
    document.body.append(root);
    const item = (k) => h('li', { key: k }, h('input', { id: `in-${k}`, 'aria-label': k }));
    render(root, h('ul', null, ['a', 'b', 'c', 'd'].map(item)));
    document.getElementById('in-c').focus();
    render(root, h('ul', null, ['c', 'd'].map(item)));
    const first = document.activeElement && document.activeElement.id;
    render(root, h('ul', null, ['x', 'c', 'y'].map(item)));
    return [first, document.activeElement && document.activeElement.id];
  });
  assert.deepEqual(kept, ['in-c', 'in-c']);
  await page.close();
});

// A finished trick vanished with the next card; it now stays ~1.5 s (or until
// Continue), and "Last trick" shows it again at any time.
test('a finished trick stays until clicked on or ~1.5 s; the last trick is one click away', async () => {
  const msgs = clone(scenes.playing);
  const page = await open(msgs);
  const trick = page.locator('.cb-trick');
  assert.match(await trick.getAttribute('aria-label'), /^Current trick/, 'a trick already over when the table was opened is not held');
  await trick.getByRole('button', { name: 'Last trick' }).click();
  await page.waitForFunction(() => /^Last trick/.test(document.querySelector('.cb-trick').getAttribute('aria-label')));
  assert.equal(await trick.getByRole('button', { name: 'Last trick' }).getAttribute('aria-pressed'), 'true');
  await trick.getByRole('button', { name: 'Last trick' }).click();
  await page.waitForFunction(() => /^Current trick/.test(document.querySelector('.cb-trick').getAttribute('aria-label')));

  // The trick on the table is taken, and the next leader plays at once.
  const next = (seq, lead) => {
    const m = clone(msgs[1]);
    m.seq = seq;
    m.game.view.last_trick = { leader: 2, lead: 'B', cards: [{ seat: 2, card: 'B9' }, { seat: 3, card: 'DRAGON1' }, { seat: 0, card: 'B3' }, { seat: 1, card: 'B1' }], winning: 3 };
    m.game.view.trick = { leader: 3, lead, cards: [{ seat: 3, card: 'R2' }] };
    return m;
  };
  await push(page, next(20, 'R'));
  await page.waitForTimeout(300);
  assert.match(await trick.getAttribute('aria-label'), /^Last trick: won by Dee/, 'held after the next card');
  assert.equal(await trick.locator('.trick-play').count(), 4, 'the whole trick');
  await page.waitForFunction(() => /^Current trick/.test(document.querySelector('.cb-trick').getAttribute('aria-label')), null, { timeout: 4000 });

  // Another trick: Continue lets it go at once.
  const again = next(21, 'R');
  again.game.view.last_trick.winning = 2;
  await push(page, again);
  await trick.getByRole('button', { name: 'Continue' }).click();
  await page.waitForFunction(() => /^Current trick/.test(document.querySelector('.cb-trick').getAttribute('aria-label')), null, { timeout: 1000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Axe-core and the coverage checks on every canned screen (the result screen included),
// at both sizes: axe-core finds nothing, nothing is covered, no sideways scroll.
test('every canned screen passes axe-core, with nothing covered, at 1280x800 and 375x812', async () => {
  const problems = [];
  for (const [name, messages] of Object.entries(scenes)) {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
      const page = await open(clone(messages), viewport);
      for (const v of await axeViolations(page)) problems.push(`${name} ${viewport.width}: ${v}`);
      for (const c of await coveredControls(page)) problems.push(`${name} ${viewport.width}: covered ${c}`);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      if (w > viewport.width) problems.push(`${name} ${viewport.width}: ${w} px wide`);
      await shot(page, `scene-${name}-${viewport.width}`);
      await page.close();
    }
  }
  assert.deepEqual(problems, []);
});

test('the "your turn" sound is off by default, turned on with one button, and remembered', async () => {
  const msgs = clone(scenes.playing);
  const page = await open(msgs);
  const toggle = page.getByRole('button', { name: 'Sound on my turn' });
  assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  assert.equal(await page.evaluate(() => window.__turnSounds || 0), 0, 'silent by default');
  await toggle.click();
  await page.waitForFunction(() => localStorage.getItem('crownhall.sound') === 'on');
  const notMine = clone(msgs[1]);
  notMine.seq += 1;
  notMine.game.legal = [];
  await push(page, notMine);
  await page.waitForTimeout(100);
  const mine = clone(msgs[1]);
  mine.seq += 2;
  await push(page, mine);
  await page.waitForFunction(() => window.__turnSounds === 1);
  await page.reload();
  await page.locator('#main').waitFor();
  await page.waitForTimeout(200);
  assert.equal(await page.getByRole('button', { name: 'Sound on my turn' }).getAttribute('aria-pressed'), 'true', 'remembered');
  await page.close();
});

// A round's end is shown before the next deal is played on: a summary above the board.
test('a round-end summary comes before the next deal, until Continue', async () => {
  const msgs = clone(scenes.playing);
  const page = await open(msgs);
  assert.equal(await page.locator('.round-summary').count(), 0, 'rounds already over on arrival are not announced');
  const next = clone(msgs[1]);
  next.seq += 1;
  next.game.view.rounds.push({ number: 3, hand_size: 6, type: 'normal', trump: 'Y', dealer: 3, bids: [2, 1, 0, 3], tricks: [2, 1, 1, 2], points: [40, 30, -10, -10] });
  next.game.view.round = { ...next.game.view.round, number: 4 };
  await push(page, next);
  const panel = page.getByRole('region', { name: 'Round 3 is over' });
  await panel.waitFor();
  assert.match(await panel.innerText(), /Ann: bid 2, won 2, \+40 points/);
  assert.deepEqual(await axeViolations(page), []);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await panel.waitFor({ state: 'detached' });
  await page.close();
});

test('the move log merges the server\'s event lines by n and follows the newest', async () => {
  const msgs = clone(scenes.playing);
  const page = await open(msgs);
  const lines = Array.from({ length: 40 }, (_, i) => ({ n: 10 + 2 * i, text: `Line ${i + 1}` }));
  const withEvents = (seq, events) => ({ ...clone(msgs[1]), seq, events });
  await push(page, withEvents(20, lines.slice(0, 30)));
  await push(page, withEvents(21, [...lines.slice(25, 40), { n: 11, text: 'Between' }]));
  const log = page.getByRole('list', { name: 'Move log' });
  await page.waitForFunction(() => document.querySelectorAll('.move-log-lines li').length === 41);
  const texts = await log.locator('li').allInnerTexts();
  assert.deepEqual(texts.slice(0, 3), ['Line 1', 'Between', 'Line 2'], 'sorted by n, repeats dropped');
  assert.equal(texts.at(-1), 'Line 40');
  const atBottom = await page.evaluate(() => {
    const el = document.querySelector('.move-log-lines');
    return el.scrollHeight - el.scrollTop - el.clientHeight < 2;
  });
  assert.ok(atBottom, 'scrolled to the newest line');
  await page.close();
});
