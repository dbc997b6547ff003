// Canned server messages in real headless Chromium, without a game server: one static server
// for the client and one browser per test file; `open(messages, viewport)` opens a page fed
// those messages (test/fixtures/scenes.js) through a fake WebSocket, with its page errors.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.js';
import { fakeSocketScript } from './fake-server-page.js';
import { launchOptions } from './browser.js';

export function useCannedScenes() {
  const env = { site: null, browser: null };
  before(async () => {
    env.site = await serveStatic();
    env.browser = await chromium.launch(launchOptions());
  });
  after(async () => {
    await env.browser?.close();
    env.site?.close();
  });
  env.open = async (messages, viewport = { width: 1280, height: 800 }) => {
    const page = await env.browser.newPage({ viewport });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(fakeSocketScript(JSON.parse(JSON.stringify(messages))));
    await page.goto(env.site.url);
    return { page, errors };
  };
  return env;
}
