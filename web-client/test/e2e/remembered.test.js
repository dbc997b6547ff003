// "You are remembered on this device" in real headless Chromium against the real `crownhall
// serve` (docs/accounts.md): a browser whose session the server no longer knows comes back
// as the same player through the identity it keeps; a browser whose identity the server does
// not know is a new player and is told so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';

const env = useServerAndBrowser();

const welcomes = (page) => page.received.map((f) => JSON.parse(f)).filter((m) => m.type === 'welcome');
const identityOf = (page) => page.evaluate(() => localStorage.getItem('crownhall.identity'));

test('a browser is the same player after its session is gone, and told when it is not known', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await ann.waitForFunction(() => /^[0-9a-f]{64}$/.test(localStorage.getItem('crownhall.identity') || ''));
  const identity = await identityOf(ann);
  const first = welcomes(ann)[0].you.player;

  // The session is gone (a token the server does not know, as after its TTL): the identity
  // brings Ann back as herself, with no word needed.
  await ann.evaluate(() => localStorage.setItem('crownhall.token', '0'.repeat(32)));
  await ann.reload();
  await ann.getByText('Ann', { exact: true }).first().waitFor();
  await ann.waitForFunction(() => localStorage.getItem('crownhall.token') !== '0'.repeat(32));
  assert.equal(welcomes(ann).at(-1).you.player, first, 'the identity made another player');
  assert.equal(await identityOf(ann), identity);
  assert.equal(await ann.locator('.toast').count(), 0);

  // An identity this server never gave (another server's, or one revoked): a new player,
  // told why, with a new identity kept.
  await ann.evaluate(() => {
    localStorage.removeItem('crownhall.token');
    localStorage.setItem('crownhall.identity', 'f'.repeat(64));
  });
  await ann.reload();
  await ann.getByText('This server does not know this browser: you are a new player.').waitFor();
  assert.notEqual(welcomes(ann).at(-1).you.player, first);
  assert.match(await identityOf(ann), /^[0-9a-f]{64}$/);
  assert.notEqual(await identityOf(ann), 'f'.repeat(64));
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await ann.setViewportSize({ width, height });
    await ann.waitForTimeout(100);
    await shot(ann, `remembered-01-unknown-browser-${width}x${height}`);
    assert.ok((await ann.evaluate(() => document.documentElement.scrollWidth)) <= width, `no sideways scrolling at ${width}px`);
  }
  assert.deepEqual(await axeViolations(ann), []);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
