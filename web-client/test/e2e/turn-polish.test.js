// Turn polish, in real headless Chromium from canned tables (no server): the focus goes to
// the decision when a turn begins (and a tablet scrolled down to the chat comes back to the
// game); arrow keys walk the hand and Enter plays; a double click
// sends one request; information toasts fade and do not stack, errors stay; while paused
// nothing can be decided and the table says "Paused"; a table is made from the keyboard
// in a few keys.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { scenes } from '../fixtures/scenes.js';

const env = useCannedScenes();
const clone = (x) => JSON.parse(JSON.stringify(x));
const push = (page, msg) => page.evaluate((m) => window.__push(m), msg);
const acts = (page) => page.evaluate(() => window.__sent.filter((m) => m.type === 'act').map((m) => m.action));
const focused = (page) => page.evaluate(() => document.activeElement?.dataset.card || document.activeElement?.textContent.trim() || null);

// Ann waits while Bot 2 plays; then her turn comes (the `playing` table, one seq later).
function waitingThenTurn() {
  const [welcome, turn] = clone(scenes.playing);
  const waiting = clone(turn);
  waiting.seq = turn.seq - 1;
  waiting.game.legal = [];
  waiting.game.to_act = [1];
  waiting.game.view.seats_to_act = [1];
  return { messages: [welcome, waiting], turn };
}

test('the focus goes to the decision when the turn begins, and arrows and Enter play from the hand', async () => {
  const { messages, turn } = waitingThenTurn();
  const { page, errors } = await env.open(messages);
  await page.getByRole('button', { name: 'Sound on my turn' }).focus();
  await push(page, turn);
  await page.locator('.cb-dock.active').waitFor();
  await page.waitForFunction(() => document.activeElement?.dataset.card === 'GOLEM1', null, { timeout: 3000 }).catch(() => null);
  assert.equal(await focused(page), 'GOLEM1', 'the first card that may be played has the focus');
  assert.match(await page.locator('.cb-prompt').innerText(), /^Your turn/);
  assert.equal(await page.locator('.cb-prompt').getAttribute('aria-live'), 'polite');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), 'B3', 'the next card that may be played');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), 'GOLEM1', 'round again to the first');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  assert.deepEqual(await acts(page), [{ type: 'play', card: 'B3' }]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a tablet, a person who scrolled down to the chat gets the game back when their turn begins', async () => {
  const { messages, turn } = waitingThenTurn();
  const { page, errors } = await env.open(messages, { width: 768, height: 1024 });
  const layout = page.locator('.table-screen.in-play > .table-layout');
  await layout.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  assert.ok(await layout.evaluate((el) => el.scrollTop > 100), 'the chat is one scroll away below the game');
  await push(page, turn);
  await page.locator('.cb-dock.active').waitFor();
  await page.waitForFunction(() => document.querySelector('.table-layout').scrollTop === 0, null, { timeout: 3000 }).catch(() => null);
  const prompt = await page.locator('.cb-prompt').boundingBox();
  const card = await page.locator('.cb-dock .hand-cards .card').last().boundingBox();
  assert.ok(prompt && prompt.y >= 0, `the prompt is on screen (top at ${prompt && prompt.y})`);
  assert.ok(card && card.y + card.height <= 1024, `the last card of the hand is on screen (bottom at ${card && card.y + card.height})`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a double click on a bid sends one bid', async () => {
  const { page, errors } = await env.open(clone(scenes.bidding));
  await page.getByRole('button', { name: 'Bid 2 tricks' }).dblclick();
  await page.waitForTimeout(300);
  assert.deepEqual(await acts(page), [{ type: 'bid', bid: 2 }]);
  // The table moves on (the server's answer): the next decision goes.
  const next = clone(scenes.bidding[1]);
  next.seq += 1;
  await push(page, next);
  await page.getByRole('button', { name: 'Bid 3 tricks' }).click();
  assert.deepEqual(await acts(page), [{ type: 'bid', bid: 2 }, { type: 'bid', bid: 3 }]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('information fades and does not stack; an error stays until dismissed', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.addInitScript(fakeSocketScript(clone(scenes.playing)));
  await page.goto(env.site.url);
  const copy = page.getByRole('button', { name: 'Copy invite link' });
  await copy.click();
  await copy.click();
  await page.locator('.toast').filter({ hasText: 'Link copied.' }).first().waitFor();
  assert.equal(await page.locator('.toast').count(), 1, 'one toast, not two');
  await push(page, { type: 'error', code: 'not_your_turn', message: 'your seat may not act now' });
  await push(page, { type: 'error', code: 'not_your_turn', message: 'your seat may not act now' });
  await page.locator('.toast.error').waitFor();
  assert.equal(await page.locator('.toast.error').count(), 1, 'the same error once');
  await page.locator('.toast').filter({ hasText: 'Link copied.' }).waitFor({ state: 'detached', timeout: 6000 });
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('.toast.error').count(), 1, 'the error stays');
  await page.locator('.toast.error').getByRole('button', { name: 'Dismiss' }).click();
  // Gone once the page has drawn again (the click's re-render is not synchronous).
  await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 2000 });
  assert.equal(await page.locator('.toast').count(), 0);
  await context.close();
});

test('while paused nothing can be decided and the table says "Paused"', async () => {
  const msgs = clone(scenes.playing);
  msgs[1].pause = { paused: true, asked: [] };
  const { page, errors } = await env.open(msgs);
  await page.locator('.cb-hand').waitFor();
  assert.equal(await page.locator('.cb-dock.active').count(), 0, 'no decision is offered');
  assert.equal(await page.locator('.hand-cards button.card:not([disabled])').count(), 0, 'every card is disabled');
  assert.match(await page.locator('.cb-prompt').innerText(), /^Paused/);
  assert.equal(await page.locator('.table-header .badge').first().innerText(), 'Paused');
  assert.doesNotMatch(await page.title(), /Your turn/);
  await page.locator('.hand-cards button.card').first().click({ force: true });
  assert.deepEqual(await acts(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});

// A keyboard user makes a table without walking the whole form: "New table" is a few Tabs
// from the top, opening the form puts the focus on its first field, and Enter in the number
// of players creates the table with the rest as the form shows it; Cancel gives the focus
// back to "New table".
test('a table is made from the keyboard: Tab to New table, Enter, the players, Enter', async () => {
  const { page, errors } = await env.open(clone(scenes.lobby));
  await page.getByRole('button', { name: 'New table' }).waitFor();
  const active = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent.trim());
  let tabs = 0;
  while ((await active()) !== 'New table' && tabs < 20) { await page.keyboard.press('Tab'); tabs++; }
  assert.ok(tabs <= 6, `"New table" is ${tabs} Tabs from the top`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'create-game');
  await page.keyboard.press('Tab');
  assert.equal(await active(), 'create-seats', 'the number of players comes next');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.__sent.some((m) => m.type === 'create_table'));
  const created = await page.evaluate(() => window.__sent.find((m) => m.type === 'create_table'));
  assert.equal(created.seats, 5);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForFunction(() => document.activeElement?.textContent.trim() === 'New table');
  assert.deepEqual(errors, []);
  await page.close();
});
