// Seats around the table (src/ui/seat-ring.js) in real headless Chromium, with canned server
// messages (test/fixtures/scenes.js): the viewer's seat is below the trick, the others left,
// across and right of it, and every card of a trick lies nearer its player's seat than any
// other seat. At a desktop size and on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serveStatic } from '../helpers/static-server.js';
import { fakeSocketScript } from '../helpers/fake-server-page.js';
import { launchOptions } from '../helpers/browser.js';
import { scenes } from '../fixtures/scenes.js';
import { assertSeatsAround, coveredControls, pageWidth, shot, tableGeometry } from './harness.js';

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

const clone = (x) => JSON.parse(JSON.stringify(x));

// Four seats: the viewer at the bottom, the next seat (clockwise) on the left, the seat
// across at the top, the one before on the right; the rest is harness.assertSeatsAround.
function checkGeometry(g, what, mySeat) {
  assert.equal(Object.keys(g.seats).length, 4, `${what}: four seats`);
  assert.equal(Object.keys(g.plays).length, 4, `${what}: four cards on the trick`);
  const place = (offset) => g.seats[String((mySeat + offset) % 4)].place;
  assert.ok(g.seats[String(mySeat)].mine, `${what}: seat ${mySeat} is the viewer's`);
  assert.deepEqual([0, 1, 2, 3].map(place), ['bottom', 'left', 'top', 'right'], `${what}: places clockwise from the viewer`);
  assertSeatsAround(g, what);
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
  for (const mySeat of [0, 2]) {
    test(`Crown Battles at ${viewport.width}px, seen from seat ${mySeat}: seats around the trick, each card in front of its player`, async () => {
      const msgs = clone(scenes.playing);
      // The same table seen from another seat: only the `you` fields change.
      const table = msgs.find((m) => m.type === 'table' || (m.table && m.game));
      assert.ok(table, 'the scene has a table message');
      if (mySeat !== 0) {
        table.you = { ...(table.you || {}), seat: mySeat };
        if (table.game && table.game.view) table.game.view.seat = mySeat;
      }
      const page = await browser.newPage({ viewport });
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.addInitScript(fakeSocketScript(msgs));
      await page.goto(site.url);
      await page.locator('.seat-ring').waitFor();
      // The finished trick has four cards: show it.
      await page.getByRole('button', { name: 'Last trick' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.ring-plays .trick-play').length === 4);
      await page.waitForTimeout(400); // the cards' short slide-in
      checkGeometry(await tableGeometry(page), `${viewport.width}px`, mySeat);
      assert.ok((await pageWidth(page)) <= viewport.width, 'no sideways scroll');
      assert.deepEqual(await coveredControls(page), [], 'nothing covered');
      await shot(page, `seat-ring-${mySeat}-${viewport.width}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
