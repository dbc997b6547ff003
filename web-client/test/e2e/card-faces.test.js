// Cards with faces, in real headless Chromium from a canned table (no server): each of Crown
// Battles' sixteen Special Power cards and the Bubble Shield has its own symbol and its full
// name, readable at 4.5:1 or more; a hand card's rule shows on hover, on keyboard focus and on
// a long press (which plays nothing); the table's specials open as a readable panel. A
// screenshot of each face at 1280x800 and 375x812 goes to test-artifacts/e2e/face-*.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { axeViolations } from '../helpers/axe.js';
import { ARTIFACTS } from './harness.js';
import { scenes } from '../fixtures/scenes.js';
import { SPECIAL_RULES, SHIELD_RULE } from '../../src/games/crown-battles/specials.js';

const env = useCannedScenes();
const SPECIALS = Object.keys(SPECIAL_RULES);
// The names the book prints on the cards.
const BOOK_NAMES = ['Alchemist', 'Bishop', 'Bomb', 'Cursed', 'Jester', 'Magician', 'Merchant', 'Smuggler', 'Spy', 'Summoner', 'Thief', 'Witch', 'Wizard', 'Double-faced', 'Golem King', 'Dragon King'];

// Ann holds every special; the Thief, the Bishop and the Witch may be played now.
function everySpecial() {
  const msgs = JSON.parse(JSON.stringify(scenes.playing));
  const t = msgs[1];
  t.options = { ...t.options, specials: SPECIALS, bubble_shields: true };
  t.game.view.hand = SPECIALS;
  t.game.view.seats[0].cards = SPECIALS.length;
  t.game.legal = ['THIEF', 'BISHOP', 'WITCH'].map((card) => ({ type: 'play', card }));
  return msgs;
}

// Contrast of a face's name on its face (WCAG's relative luminance of opaque colours).
const CONTRAST = () => [...document.querySelectorAll('.hand-cards .card-special')].map((card) => {
  const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const title = card.querySelector('.card-title');
  const fg = lum(getComputedStyle(title).color);
  const bg = lum(getComputedStyle(card).backgroundColor);
  return {
    card: card.dataset.card,
    name: title ? title.textContent.replace(/\u00ad/g, '') : '',
    symbol: card.querySelector('svg path')?.getAttribute('d') || '',
    ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05),
  };
});

for (const [label, viewport] of [['1280x800', { width: 1280, height: 800 }], ['375x812', { width: 375, height: 812 }]]) {
  test(`${label}: every special has its own face and name; the specials open as a panel`, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const { page, errors } = await env.open(everySpecial(), viewport);
    await page.locator('.hand-cards .card').first().waitFor();
    const faces = await page.evaluate(CONTRAST);
    assert.equal(faces.length, 16, 'sixteen special cards in the hand');
    for (const f of faces) {
      assert.equal(f.name, BOOK_NAMES[SPECIALS.indexOf(f.card)], `${f.card} shows its full name`);
      assert.ok(f.ratio >= 4.5, `${f.card}: its name reads at ${f.ratio.toFixed(2)}:1`);
    }
    assert.equal(new Set(faces.map((f) => f.symbol)).size, 16, 'sixteen different symbols');
    // The panel: every card and the shield with its face and rule.
    await page.getByText('Special cards in this game').first().click();
    const panel = page.getByRole('region', { name: 'Special cards in this game' });
    await panel.waitFor();
    const items = panel.locator('li');
    assert.equal(await items.count(), 17, 'sixteen cards and the Bubble Shield');
    assert.match(await items.nth(SPECIALS.indexOf('THIEF')).innerText(), new RegExp(SPECIAL_RULES.THIEF.slice(2, 30)));
    assert.doesNotMatch(await panel.innerText(), /[⚡⏳]/u, 'no glyph a font may lack');
    assert.match(await items.last().innerText(), /Bubble Shield/);
    assert.ok((await items.last().innerText()).includes(SHIELD_RULE.slice(20, 50)));
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: join(ARTIFACTS, `faces-panel-${label}.png`) });
    for (const [i, id] of [...SPECIALS, 'SHIELD'].entries()) await items.nth(i).locator('.card').screenshot({ path: join(ARTIFACTS, `face-${id}-${label}.png`) });
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a hand card shows its rule on hover, on focus and on a long press, which plays nothing', async () => {
  const { page, errors } = await env.open(everySpecial(), { width: 1280, height: 800 });
  const thief = page.locator('.hand-cards li').filter({ has: page.locator('[data-card="THIEF"]') });
  await thief.locator('button').hover();
  await thief.getByRole('tooltip').waitFor();
  assert.match(await thief.getByRole('tooltip').innerText(), /^Thief: .*takes a trick/);
  assert.equal(await page.getByRole('tooltip').filter({ visible: true }).count(), 1, 'one tip at a time');
  await page.mouse.move(0, 0);
  await thief.getByRole('tooltip').waitFor({ state: 'hidden' });
  // Focus: the tip is the button's description.
  await page.locator('[data-card="BISHOP"]').focus();
  const bishopTip = page.locator('#tip-BISHOP');
  await bishopTip.waitFor();
  assert.equal(await page.locator('[data-card="BISHOP"]').getAttribute('aria-describedby'), 'tip-BISHOP');
  await page.close();

  // A long press on a phone: the rule shows; lifting the finger plays no card.
  const phone = await env.browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const p2 = await phone.newPage();
  const { fakeSocketScript } = await import('../helpers/fake-server-page.js');
  await p2.addInitScript(fakeSocketScript(everySpecial()));
  await p2.goto(env.site.url);
  const witch = p2.locator('[data-card="WITCH"]');
  await witch.waitFor();
  const box = await witch.boundingBox();
  const cdp = await phone.newCDPSession(p2);
  const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
  await p2.waitForTimeout(800);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await p2.locator('#tip-WITCH').waitFor();
  await p2.waitForTimeout(200);
  const sent = await p2.evaluate(() => window.__sent.filter((m) => m.type === 'act'));
  assert.deepEqual(sent, [], 'a long press plays nothing');
  assert.deepEqual(errors, []);
  await phone.close();
});
