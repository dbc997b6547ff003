// Your whole turn on one screen: at 1280x800, 768x1024 and 375x812, whenever a decision
// comes to the player, with the page at its top, the prompt, every control of the decision
// and every card of the hand lie inside the viewport (harness.js's outsideViewport). Each
// game is played with bots against the real server, every decision checked until the game
// ends (or 40 of them); Crown Battles' rarer decisions (specials, round types) are checked
// from canned tables in one-screen-scenes.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, createGameTable, addBots, isFinished, shot } from './harness.js';
import { outsideViewport } from './page-checks.js';
import { MOVES } from './moves.js';

const env = useServerAndBrowser();
export const VIEWPORTS = [['1280x800', { width: 1280, height: 800 }], ['768x1024', { width: 768, height: 1024 }], ['375x812', { width: 375, height: 812 }]];
const GAMES = [
  // Ten cards each: the largest hand of a short game, with every special in the deck.
  ['crown-battles', (page) => createTable(page, { seats: 4, schedule: '10', specials: 'all' }), 3],
  ['dwarf-king', (page) => createGameTable(page, { game: 'The Dwarf King', seats: 3, options: { Hands: 1 } }), 2],
  ['lunar', (page) => createGameTable(page, { game: 'Lunar', seats: 2, options: { 'Points to win': 1 } }), 1],
  ['queens-court', (page) => createGameTable(page, { game: "Queen's Court", seats: 2 }), 1],
];

// Whether the page asks this player something now: the dock is active.
const asked = (page) => page.evaluate(() => Boolean(document.querySelector('.cb-dock.active')));

for (const [game, create, bots] of GAMES) {
  for (const [label, viewport] of VIEWPORTS) {
    test(`${game} at ${label}: every decision, its prompt and the whole hand on one screen`, async () => {
      const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport });
      await create(ann);
      await addBots(ann, bots);
      await ann.getByRole('button', { name: 'Start game' }).click();
      await ann.locator('.cb-board').first().waitFor();
      const problems = [];
      let checked = 0;
      const until = Date.now() + 90000;
      while (checked < 40 && Date.now() < until && !(await isFinished(ann))) {
        if (!(await asked(ann))) {
          await ann.waitForTimeout(100);
          continue;
        }
        const off = await outsideViewport(ann);
        if (off.length && !problems.length) await shot(ann, `one-screen-${game}-${label}`);
        problems.push(...off.map((o) => `decision ${checked + 1}: ${o}`));
        checked += 1;
        await MOVES[game](ann);
        await ann.waitForTimeout(120);
      }
      assert.ok(checked > 0, 'at least one decision came to Ann');
      assert.deepEqual(problems.slice(0, 12), []);
      assert.deepEqual(ann.errors, []);
      await ann.context().close();
    });
  }
}
