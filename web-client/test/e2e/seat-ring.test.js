// Seats around the table (src/ui/seat-ring.js) in real headless Chromium, with canned server
// messages (test/fixtures/scenes.js): the viewer's seat is below the trick, the others left,
// across and right of it, and every card of a trick lies nearer its player's seat than any
// other seat. At a desktop size and on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { scenes } from '../fixtures/scenes.js';
import { shot } from './harness.js';
import { assertEveryCardNearItsSeat, assertSeatsAround, coveredControls, pageWidth, tableGeometry, trickCards } from './page-checks.js';

const env = useCannedScenes();
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
      const { page, errors } = await env.open(msgs, viewport);
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

// On a phone a side seat may stand much taller than the others (The Dwarf King lists what its
// viewer knows of that player's hand); the trick grows with it, and the cards of the players
// below and above must keep to their edges, not drift toward the side seats (a CI failure:
// Ann's card lay nearer the left seat).
for (const viewport of [{ width: 375, height: 812 }]) {
  test(`Crown Battles at ${viewport.width}px with a tall side seat: each card still in front of its player`, async () => {
    const { page, errors } = await env.open(scenes.playing, viewport);
    await page.locator('.seat-ring').waitFor();
    await page.getByRole('button', { name: 'Last trick' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.ring-plays .trick-play').length === 4);
    await page.evaluate(() => { for (const el of document.querySelectorAll('.ring-seat:is(.at-left, .at-right) [data-seat]')) el.style.minHeight = '40rem'; });
    await page.waitForTimeout(400);
    const g = await tableGeometry(page);
    assert.ok(g.trick.bottom - g.trick.top >= 600, `${viewport.width}px: the trick grew with the seat`);
    checkGeometry(g, `${viewport.width}px, tall side seat`, 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

// The same scene with 3, 5, 6, 7 and 8 seats (the table, the view's seats and a full last trick
// grown or cut to match): every seat has its place and every card lies in front of it.
function sceneWith(n) {
  const msgs = clone(scenes.playing);
  const table = msgs[1];
  const names = ['Ann', 'Bot 2', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal'];
  table.seats = Array.from({ length: n }, (_, s) => ({ ...(table.seats[s] || table.seats[3]), seat: s, name: names[s], status: s === 0 ? 'human' : 'bot' }));
  if (table.clock) table.clock.remaining_ms = Array.from({ length: n }, () => 200000);
  const view = table.game.view;
  view.players = n;
  view.seats = Array.from({ length: n }, (_, s) => ({ seat: s, bid: 1, tricks: 0, score: 0, cards: 3 }));
  view.round.dealer = n - 1;
  view.crown = n - 1;
  const cards = ['Y5', 'Y1', 'Y13', 'PEASANT2', 'Y7', 'Y9', 'Y11', 'Y3'];
  view.last_trick = { leader: 0, lead: 'Y', cards: Array.from({ length: n }, (_, s) => ({ seat: s, card: cards[s] })), winning: 2 };
  view.trick = { leader: 2, lead: 'B', cards: [{ seat: 2, card: 'B9' }] };
  return msgs;
}

// On a 375-px phone three and eight seats are checked: with five or six, the narrow side
// seats grow tall enough to reach beside the trick's upper corner cards (listed as not done
// in the issue note); with eight, the cards are checked by side and order.
for (const [viewport, counts] of [[{ width: 1280, height: 800 }, [3, 5, 6, 7, 8]], [{ width: 375, height: 812 }, [3, 8]]]) {
  for (const n of counts) {
    test(`Crown Battles with ${n} seats at ${viewport.width}px: seats around the trick, each card in front of its player`, async () => {
      const { page, errors } = await env.open(sceneWith(n), viewport);
      await page.locator('.seat-ring').waitFor();
      await page.getByRole('button', { name: 'Last trick' }).click();
      await page.waitForFunction((k) => document.querySelectorAll('.ring-plays .trick-play').length === k, n);
      await page.waitForTimeout(400);
      const g = await tableGeometry(page);
      assert.equal(Object.keys(g.seats).length, n);
      assert.equal(Object.keys(g.plays).length, n);
      assertSeatsAround(g, `${n} seats, ${viewport.width}px`);
      assert.ok((await pageWidth(page)) <= viewport.width, 'no sideways scroll');
      assert.deepEqual(await coveredControls(page), [], 'nothing covered');
      await shot(page, `seat-ring-${n}seats-${viewport.width}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

// Long Play: each seat plays two cards to a trick; both lie in its place, nearer its seat than
// any other — a trick in its second lap (Cy and Dee have played twice), and a complete trick
// just taken.
for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
  for (const [scene, count] of [['longPlay', 6], ['longPlayLastTrick', 8]]) {
    test(`Crown Battles Long Play (${scene}) at ${viewport.width}px: both cards of each seat in front of it`, async () => {
      const { page, errors } = await env.open(scenes[scene], viewport);
      await page.locator('.seat-ring').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.ring-plays .trick-play .trick-pair').length === 4);
      await page.waitForTimeout(400);
      const what = `${scene}, ${viewport.width}px`;
      const g = await tableGeometry(page);
      assertSeatsAround(g, what);
      const cards = await trickCards(page);
      assert.equal(cards.length, count, `${what}: ${count} cards on the trick`);
      assertEveryCardNearItsSeat(g, cards, what);
      assert.ok((await pageWidth(page)) <= viewport.width, 'no sideways scroll');
      assert.deepEqual(await coveredControls(page), [], 'nothing covered');
      await shot(page, `seat-ring-${scene}-${viewport.width}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
