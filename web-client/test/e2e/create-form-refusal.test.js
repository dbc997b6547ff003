// A create form that cannot fail after the fact, in real headless Chromium from canned
// messages (no server): when the server refuses a table, the form stays open with every
// choice as it was and says, in the form, what to change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { scenes } from '../fixtures/scenes.js';

const env = useCannedScenes();

test('a refused table keeps the form and every choice, and says why in it', async () => {
  const { page, errors } = await env.open(JSON.parse(JSON.stringify(scenes.lobby)));
  await page.getByRole('button', { name: 'New table' }).click();
  const form = page.getByRole('form', { name: 'Create a table' });
  await form.getByLabel(/^Players/).fill('5');
  await form.getByLabel(/^Players/).press('Tab');
  await form.getByLabel(/Private \(only/).check();
  await form.getByRole('button', { name: 'Create table' }).click();
  await page.waitForFunction(() => window.__sent.some((m) => m.type === 'create_table'));
  await page.evaluate(() => window.__push({ type: 'error', code: 'invalid_options', reason: 'Sixteen special cards need four Peasants to replace' }));
  const alert = form.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), /not created: Sixteen special cards need four Peasants to replace\. Change that/);
  assert.equal(await form.getByLabel(/^Players/).inputValue(), '5', 'the player count is kept');
  assert.equal(await form.getByLabel(/Private \(only/).isChecked(), true, 'every choice is kept');
  assert.equal(await page.locator('.toast').count(), 0, 'said in the form, not in a passing toast');
  assert.deepEqual(errors, []);
  await page.close();
});

// What the server still refuses is said in the form's words, never its ids: a schedule
// (the deck it counts may be one the form cannot, another setup's), a type the fixed order
// names but the round types do not hold.
test('a refusal in the server’s option names is said in the form’s words', async () => {
  const { page, errors } = await env.open(JSON.parse(JSON.stringify(scenes.lobby)));
  await page.getByRole('button', { name: 'New table' }).click();
  const form = page.getByRole('form', { name: 'Create a table' });
  const refusals = [
    ['schedule: round 8 deals 15 cards to each of 4 players (60), but the deck has 56 cards', 'not created: Round 8 can deal at most 14 cards to each player: the deck’s 56 cards are shared by 4 players. Change that'],
    ['round_sequence: "duel_fights" is not among round_types', 'not created: Round types in a fixed order: Duel Fights is not among Round types. Change that'],
  ];
  for (const [reason, said] of refusals) {
    const sent = await page.evaluate(() => window.__sent.filter((m) => m.type === 'create_table').length);
    await form.getByRole('button', { name: 'Create table' }).click();
    await page.waitForFunction((n) => window.__sent.filter((m) => m.type === 'create_table').length > n, sent);
    await page.evaluate((r) => window.__push({ type: 'error', code: 'invalid_options', reason: r }), reason);
    await form.getByRole('alert').filter({ hasText: said }).waitFor({ timeout: 3000 });
    assert.doesNotMatch(await form.getByRole('alert').innerText(), /schedule:|round_|duel_fights/, 'no option id');
  }
  assert.deepEqual(errors, []);
  await page.close();
});
