// The admin page (admin.html) in real headless Chromium against the real `crownhall
// serve --admin-token`: a wrong token is refused, the right one lists a table with bots,
// the table is watched as a spectator and through a seat, and a notice reaches a player.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';
import { pageWidth } from './page-checks.js';

const TOKEN = 'e2e-admin-token-0123456789';

const env = useServerAndBrowser(['--admin-token', TOKEN]);

async function signIn(page, token) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Admin token').fill(token);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('the admin page refuses a wrong token, then lists and watches a table with bots', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  const tableId = await createTable(ann, { seats: 3 });
  await addBots(ann, 2);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();

  const context = await env.browser.newContext({ viewport: { width: 1300, height: 1000 } });
  const admin = await context.newPage();
  const errors = [];
  admin.on('pageerror', (e) => errors.push(String(e)));
  admin.on('dialog', (d) => d.accept());
  await admin.goto(`${env.server.url}admin.html`);

  await signIn(admin, 'not-the-token');
  await admin.getByText('That token is not right.').waitFor();
  assert.equal(await admin.getByRole('region', { name: 'Tables' }).count(), 0);
  assert.equal(await admin.evaluate(() => sessionStorage.getItem('crownhall.admin-token')), null, 'a refused token is not kept');
  await shot(admin, 'admin-01-refused');

  await signIn(admin, TOKEN);
  const tables = admin.getByRole('region', { name: 'Tables' });
  const row = tables.locator(`tr[data-table="${tableId}"]`);
  await row.waitFor();
  await row.getByText('Ann — connected').waitFor();
  assert.equal(await row.locator('li', { hasText: ' — bot' }).count(), 2);
  await row.getByText('playing').waitFor();
  const totals = admin.getByRole('region', { name: 'Server totals' });
  await totals.getByText('Memory (RSS)').waitFor();
  // The store's schema version, as /metrics gives it: the page shows the one the server read.
  const metrics = await (await fetch(`${env.server.url}metrics`)).text();
  const version = /^crownhall_store_schema_version (\d+)$/m.exec(metrics)?.[1];
  assert.ok(Number(version) >= 1, `no schema version in /metrics:\n${metrics.slice(0, 400)}`);
  assert.equal(await totals.locator('div', { hasText: 'Store schema' }).locator('dd').textContent(), `version ${version}`);
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await admin.setViewportSize({ width, height });
    assert.deepEqual(await axeViolations(admin), [], `axe at ${width}x${height}`);
    // The tables, nodes and sessions fit the width: a phone scrolls down, never sideways.
    assert.ok(await pageWidth(admin) <= width, `the admin page is ${await pageWidth(admin)} px wide at ${width}`);
    await shot(admin, `admin-totals-${width}`);
  }
  await admin.setViewportSize({ width: 1300, height: 1000 });
  // One server alone: the nodes panel lists it, holding Ann's table.
  const nodes = admin.getByRole('region', { name: 'Server nodes' });
  await nodes.getByRole('heading', { name: 'Server nodes (1)' }).waitFor();
  await nodes.locator('tr[data-node=""]').getByText(tableId).waitFor();

  // As a spectator: the game drawn, no hand, and the message says spectator.
  await row.getByRole('button', { name: `Watch table ${tableId} as a spectator` }).click();
  const watched = admin.getByRole('region', { name: 'Watched table' });
  await watched.getByRole('heading', { name: `Table ${tableId} as a spectator` }).waitFor();
  await watched.locator('.cb').waitFor();
  assert.equal(await watched.locator('.hand-cards button.card').count(), 0);
  const spectatorMessage = JSON.parse(await watched.locator('.admin-raw pre').textContent());
  assert.equal(spectatorMessage.you.role, 'spectator');
  assert.equal(spectatorMessage.table, tableId);
  await shot(admin, 'admin-02-spectator');

  // Through Ann's seat: her hand, as she sees it.
  await row.getByRole('button', { name: `Watch table ${tableId} as seat 0` }).click();
  await watched.getByRole('heading', { name: `Table ${tableId} through seat 0` }).waitFor();
  await watched.locator('.hand-cards .card').first().waitFor();
  const seatMessage = JSON.parse(await watched.locator('.admin-raw pre').textContent());
  assert.equal(seatMessage.you.seat, 0);
  assert.ok(seatMessage.game.view.hand.length > 0);
  // axe-core finds nothing on the admin page (empty headers, names).
  assert.deepEqual(await axeViolations(admin), []);
  // The admin is not that player.
  assert.doesNotMatch(await watched.innerText(), /\(you\)/);
  await shot(admin, 'admin-03-seat');

  // A notice reaches the player.
  await admin.getByRole('form', { name: 'Send a notice' }).getByLabel('Notice to everyone connected').fill('Maintenance in ten minutes.');
  await admin.getByRole('button', { name: 'Send notice' }).click();
  await admin.getByText(/Notice sent to \d+ connection/).waitFor();
  await ann.getByRole('status').filter({ hasText: 'Maintenance in ten minutes.' }).first().waitFor();
  assert.equal(await ann.getByText('Maintenance in ten minutes.').count(), 1, 'shown once');

  // Closing the table sends Ann away.
  await row.getByRole('button', { name: `Close table ${tableId}` }).click();
  await ann.getByText(/The table was closed: closed by an admin/).waitFor();
  await tables.getByText('No table is open.').waitFor();
  assert.deepEqual(errors, []);
});
