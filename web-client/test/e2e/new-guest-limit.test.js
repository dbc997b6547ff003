// A network that has made as many new players this minute as the server allows (or whose new
// guests an admin refused after a ban), in real headless Chromium: the page says so in a
// person's words with the wait the server gave, not the server's developer text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';

const env = useServerAndBrowser(['--new-sessions-per-minute', '1']);

test('a new player past the address limit is told when to try again', async () => {
  const first = await arrive(env.browser, env.server.url, 'Ann');
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Bob');
  await page.getByRole('button', { name: 'Enter' }).click();
  const said = page.getByText(/^New players cannot join from your network right now: try again in \d+ s\.$/);
  await said.first().waitFor();
  assert.equal(await page.getByText(/too many new sessions/).count(), 0, 'the server\'s reason shown as it is');
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(100);
    assert.ok(await said.first().isVisible(), `the words are on screen at ${width}px`);
    await shot(page, `new-guest-limit-${width}x${height}`);
  }
  assert.ok(await page.getByRole('heading', { level: 1, name: 'You cannot come in just now' }).isVisible());
  assert.deepEqual(await axeViolations(page), []);
  // Trying again while the minute lasts is refused again, and says so again.
  const [socket] = await Promise.all([page.waitForEvent('websocket'), page.getByRole('button', { name: 'Try again' }).click()]);
  await socket.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('too_many_new_sessions') });
  await page.getByRole('button', { name: 'Try again' }).waitFor();
  assert.ok(await said.first().isVisible(), 'the second refusal is said as the first');
  await context.close();
  await first.context().close();
});
