// Your whole turn on one screen, for Crown Battles' rarer decisions (each special's step, the
// Spy's look, each round type's own choice) and the Dwarf King's quest, from canned tables
// (test/fixtures/scenes.js): at 1280x800, 768x1024 and 375x812, the prompt, every control of
// the decision and every card of the hand lie inside the viewport (one-screen.test.js plays
// whole games against the server).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { outsideViewport } from './page-checks.js';
import { scenes, dkView, dwarfKingTable, dwarfKingWelcome } from '../fixtures/scenes.js';

const env = useCannedScenes();
const VIEWPORTS = [['1280x800', { width: 1280, height: 800 }], ['768x1024', { width: 768, height: 1024 }], ['375x812', { width: 375, height: 812 }]];
const CROWN_BATTLES = ['trump', 'bidding', 'missions', 'duel', 'leak', 'alliances', 'precisionBid', 'precisionPlace', 'splitChoose', 'splitBid', 'splitPlay', 'longPlay', 'playing', 'specials', 'spyLook'];
const questChoice = [dwarfKingWelcome, dwarfKingTable(dkView({ phase: 'quest', quest: { ...dkView().quest, chosen: null }, trick_number: 1, trick: { led_suit: null, plays: [] }, last_trick: null, hand: ['gA', 'g3', 'k2', 'k7', 'dragon', 'd10', 'd4', 'k10', 'thief', 'g9', 'd2', 'k5', 'g6'] }), [{ type: 'choose_quest', side: 'A' }, { type: 'choose_quest', side: 'B' }])];
const SCENES = [...CROWN_BATTLES.map((name) => [name, scenes[name]]), ['dwarf-king-quest', questChoice]];

for (const [name, messages] of SCENES) {
  test(`${name}: the decision and the whole hand on one screen at every size`, async () => {
    const problems = [];
    for (const [label, viewport] of VIEWPORTS) {
      const { page, errors } = await env.open(messages, viewport);
      await page.locator('.cb-dock.active').waitFor();
      problems.push(...(await outsideViewport(page)).map((o) => `${label}: ${o}`));
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.deepEqual(problems, []);
  });
}
