// A teaching table in real headless Chromium against the real `crownhall serve`: Ann uploads
// a prepared deal (a record whose first round's hands are stacked) and ticks "Open hands";
// the table deals exactly those hands, and every hand is on show to her and to a spectator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, addBots, shot } from './harness.js';
import { preparedDeal as prepared } from '../fixtures/prepared-deal.js';

const env = useServerAndBrowser();

const handNames = (region, name) => region.getByRole('listitem', { name: new RegExp(`^${name}’s hand`) }).locator('.card .sr-only').allTextContents();

test('a teaching table deals the uploaded hands and shows every hand to everyone', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await ann.getByRole('button', { name: 'New table' }).click();
  const form = ann.getByRole('form', { name: 'Create a table' });
  await form.getByLabel('Teach from a record (optional)').setInputFiles({ name: 'deal.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(prepared)) });
  await form.getByLabel(/Open hands: everyone sees every hand/).check();
  await form.getByRole('button', { name: 'Create table' }).click();
  await ann.getByRole('heading', { name: 'Seats' }).waitFor();
  await ann.locator('.badge.prepared-deal').waitFor();
  await ann.locator('.badge.open-hands-badge').first().waitFor();
  await addBots(ann, 2);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards .card').first().waitFor();

  const everyHand = (page) => page.getByRole('region', { name: 'Every hand' });
  await everyHand(ann).waitFor();
  assert.deepEqual((await handNames(everyHand(ann), 'Ann')).sort(), ['Blue 13', 'Red 13']);
  assert.equal(await everyHand(ann).getByRole('listitem').filter({ has: ann.locator('.open-hand-name') }).count(), 3);
  await shot(ann, 'teaching-01-open-hands');

  // A spectator sees the same hands; the lobby row says the table is a teaching one.
  const bo = await arrive(env.browser, env.server.url, 'Bo');
  const row = bo.getByRole('listitem', { name: /Crown Battles, hosted by Ann, .*, open hands$/ });
  await row.getByRole('button', { name: /^Watch/ }).click();
  await everyHand(bo).waitFor();
  for (const who of ['Ann']) assert.deepEqual((await handNames(everyHand(bo), who)).sort(), (await handNames(everyHand(ann), who)).sort());
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
