// Issue 16's client-only defects in real headless Chromium, without a game server: the
// page gets canned server messages (test/fixtures/scenes.js) through a fake WebSocket.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serveStatic } from '../helpers/static-server.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { launchOptions } from '../helpers/browser.js';
import { scenes } from '../fixtures/scenes.js';

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

test('defect 8: finished tables are not listed in the lobby', async () => {
  const [welcome, lobby] = clone(scenes.lobby);
  lobby.tables.push({ table: 't-9', game: 'crown-battles', title: 'Crown Battles', summary: 'over', seats: 4, taken: 2, state: 'finished', spectators: true, host: 'Zed' });
  const page = await open([welcome, lobby]);
  await page.getByRole('list', { name: 'Public tables' }).waitFor();
  assert.equal(await page.locator('.table-item').count(), 2);
  assert.equal(await page.getByText('Host: Zed').count(), 0);
  await page.close();
});

test("defect 8: an admin's notice shows once", async () => {
  const [welcome, lobby] = clone(scenes.lobby);
  const page = await open([welcome, lobby, { type: 'notice', text: 'Back in 5 minutes.' }]);
  await page.getByText('Back in 5 minutes.').first().waitFor();
  assert.equal(await page.getByText('Back in 5 minutes.').count(), 1);
  await page.close();
});

test('defect 8: a tie-break round is called so, not "round 2 of 1"', async () => {
  const msgs = clone(scenes.playing);
  Object.assign(msgs[1].game.view.round, { number: 2, rounds: 1, tie_break: true });
  const page = await open(msgs);
  const bar = await page.locator('.cb-round').innerText();
  assert.match(bar, /tie-break/i);
  assert.doesNotMatch(bar, /2 of 1/);
  await page.close();
});

test('defect 8: cards outside the board (a replay\'s hands) keep their suit colours', async () => {
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

test('defect 8: keyboard focus stays in the game after playing a card', async () => {
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

// Defect 10 in a real browser: a focused input among keyed siblings that are removed and
// added keeps its focus (the patcher used to move it, which blurs it).
test('defect 10: a focused input keeps its focus when keyed siblings leave and arrive', async () => {
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
