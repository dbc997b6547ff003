// Phone touch targets: at 375x812, on the table screens of every kind of decision (canned
// tables, test/fixtures/scenes.js), every control a finger may press is at least 44x44 px
// (WCAG 2.5.5), the header's menu open as well as closed, and axe-core finds no violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { axeViolations } from '../helpers/axe.js';
import { scenes, dkView, dwarfKingTable, dwarfKingWelcome } from '../fixtures/scenes.js';

const env = useCannedScenes();
const PHONE = { width: 375, height: 812 };
const SCENES = ['trump', 'bidding', 'missions', 'duel', 'leak', 'alliances', 'precisionBid', 'precisionPlace', 'splitChoose', 'splitBid', 'playing', 'specials', 'spyLook', 'away', 'spectator'];

// Controls smaller than 44x44 px that a finger may press (hidden ones and links inside a
// sentence aside).
const SMALL = () => [...document.querySelectorAll('button:not([disabled]), summary, select, input:not([type=hidden]), a[href]')]
  .filter((el) => !el.closest('.sr-only, .skip-link') && (!el.checkVisibility || el.checkVisibility({ checkVisibilityCSS: true })))
  .map((el) => ({ el, r: el.getBoundingClientRect() }))
  .filter(({ r }) => r.width > 1 && r.height > 1 && (r.width < 43.5 || r.height < 43.5))
  .map(({ el, r }) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);

const dkQuest = [dwarfKingWelcome, dwarfKingTable(dkView({ phase: 'quest', quest: { ...dkView().quest, chosen: null } }), [{ type: 'choose_quest', side: 'A' }, { type: 'choose_quest', side: 'B' }])];

for (const [name, messages] of [...SCENES.map((n) => [n, scenes[n]]), ['dwarf-king-quest', dkQuest]]) {
  test(`${name} at 375x812: every control at least 44x44 px, no axe violation`, async () => {
    const { page, errors } = await env.open(messages, PHONE);
    await page.locator('.table-screen').waitFor();
    await page.waitForTimeout(150);
    const small = await page.evaluate(SMALL);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#table-menu.open').waitFor();
    small.push(...(await page.evaluate(SMALL)).filter((s) => !small.includes(s)));
    assert.deepEqual(small, []);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
