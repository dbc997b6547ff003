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
