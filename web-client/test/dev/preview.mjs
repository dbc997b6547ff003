// Screenshots of every scene at desktop and phone width, without a game server:
//   node test/dev/preview.mjs [outdir]
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { serveStatic } from '../helpers/static-server.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { scenes } from '../fixtures/scenes.js';
import { launchOptions } from '../helpers/browser.js';

const out = process.argv[2] || 'test-artifacts/preview';
mkdirSync(out, { recursive: true });
const site = await serveStatic();
const browser = await chromium.launch(launchOptions());
for (const [name, messages] of Object.entries(scenes)) {
  for (const [label, viewport] of [['desktop', { width: 1200, height: 900 }], ['phone', { width: 375, height: 812 }]]) {
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => console.error(name, e));
    page.on('console', (m) => m.type() === 'error' && console.error(name, m.text()));
    await page.addInitScript(fakeSocketScript(messages));
    await page.goto(site.url);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${name}-${label}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
site.close();
console.log(`screenshots in ${out}`);
