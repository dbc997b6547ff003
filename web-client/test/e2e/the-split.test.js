// The Split's first-half picker in real headless Chromium, with canned server messages
// (test/fixtures/scenes.js, splitChoose): at a desktop size and on a phone the panel shows,
// nothing scrolls sideways or is covered, axe-core finds nothing; cards are picked with the
// mouse and the keyboard (Enter, Space), and the keep button sends the three picks in order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { axeViolations } from '../helpers/axe.js';
import { scenes } from '../fixtures/scenes.js';
import { shot } from './harness.js';
import { coveredControls, pageWidth } from './page-checks.js';

const env = useCannedScenes();

async function open(viewport) {
  const opened = await env.open(scenes.splitChoose, viewport);
  await opened.page.locator('.cb-split').waitFor();
  return opened;
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
  test(`The Split at ${viewport.width}px: the first-half picker shows, uncovered, without sideways scroll, axe-clean`, async () => {
    const { page, errors } = await open(viewport);
    const panel = page.getByRole('group', { name: 'Split your hand: your first half' });
    assert.ok(await panel.isVisible(), 'the prompt is visible');
    assert.match(await panel.textContent(), /0 of 3 chosen/);
    assert.ok(await panel.getByRole('button', { name: 'Keep these for the first half' }).isDisabled());
    const problems = [];
    for (const v of await axeViolations(page)) problems.push(`axe ${v}`);
    for (const c of await coveredControls(page)) problems.push(`covered ${c}`);
    assert.deepEqual(problems, []);
    assert.ok((await pageWidth(page)) <= viewport.width, 'no sideways scroll');
    await shot(page, `the-split-choose-${viewport.width}`);
    // Two picked: still clean, the chosen cards raised and pressed.
    await page.locator('.hand-cards button[data-card="R7"]').click();
    await page.locator('.hand-cards button[data-card="Y12"]').click();
    await page.locator('.hand-cards button[data-card="Y12"][aria-pressed="true"]').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await coveredControls(page), []);
    assert.ok((await pageWidth(page)) <= viewport.width, 'no sideways scroll with cards raised');
    await shot(page, `the-split-choose-two-${viewport.width}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('The Split: cards toggle by click, Enter and Space; the keep button sends the picks in the order of the hand', async () => {
  const { page, errors } = await open({ width: 1280, height: 800 });
  const card = (id) => page.locator(`.hand-cards button[data-card="${id}"]`);
  const keep = page.getByRole('button', { name: 'Keep these for the first half' });
  await card('R7').click();
  await card('B3').focus();
  await page.keyboard.press('Enter');
  await card('B3').and(page.locator('[aria-pressed="true"]')).waitFor();
  // Let one go again, and pick another with Space.
  await card('R7').click();
  await card('R7').and(page.locator('[aria-pressed="false"]')).waitFor();
  await card('PEASANT1').focus();
  await page.keyboard.press('Space');
  await card('GOLEM1').click();
  await page.locator('.cb-split').getByText('3 of 3 chosen').waitFor();
  assert.ok(await keep.isEnabled());
  const before = await page.evaluate(() => window.__sent.length);
  await keep.click();
  await page.waitForFunction((n) => window.__sent.length >= n + 3, before);
  const sent = await page.evaluate((n) => window.__sent.slice(n), before);
  assert.deepEqual(sent.map((m) => m.action), [{ type: 'split', card: 'GOLEM1' }, { type: 'split', card: 'B3' }, { type: 'split', card: 'PEASANT1' }]);
  assert.ok(sent.every((m) => m.type === 'act'));
  assert.deepEqual(errors, []);
  await page.close();
});
