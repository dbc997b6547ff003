// The board in the stage (ui/table-stage.js, ui/stage-view.js), in real headless Chromium
// against the real `crownhall serve`: at 1280x800 a decision finds the stage on the board,
// even after the player scrolled down to the scores while the others played; at 375x812
// the scores scroll sideways inside their own box and nothing else does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, isFinished, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';
import { MOVES } from './moves.js';

const env = useServerAndBrowser();
const asked = (page) => page.evaluate(() => Boolean(document.querySelector('.cb-dock.active')));

// Where the top of what the stage should show (the round's summary when it is up, else the
// board) lies in the stage's window (0: at its top), and the stage's height.
const targetInStage = (page) => page.evaluate(() => {
  const stage = document.querySelector('.cb-stage');
  const target = stage.querySelector(':scope > .round-summary') || stage.querySelector(':scope > .cb-board');
  return { what: target.className, top: Math.round(target.getBoundingClientRect().top - stage.getBoundingClientRect().top), height: stage.clientHeight };
});

test('at 1280x800 each decision finds the stage on the board (or the summary above it), not on the scores', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 1280, height: 800 } });
  await createTable(ann, { seats: 4, schedule: '5, 6, 7, 8' });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb-board').first().waitFor();
  const seen = [];
  const until = Date.now() + 100000;
  let scrolledAway = false;
  while (seen.length < 4 && Date.now() < until && !(await isFinished(ann))) {
    if (!(await asked(ann))) {
      // While the others play, the player reads the scores at the bottom of the stage.
      if (!scrolledAway && (await ann.locator('.cb-stage .cb-scores').count())) {
        scrolledAway = await ann.locator('.cb-stage').evaluate((s) => {
          if (document.querySelector('.cb-dock.active')) return false; // too late: asked already
          s.scrollTop = s.scrollHeight;
          return s.scrollTop > 0;
        });
      }
      await ann.waitForTimeout(60);
      continue;
    }
    if (scrolledAway) {
      seen.push(await targetInStage(ann));
      if (seen.length === 1) await shot(ann, 'stage-board-turn-1280');
      scrolledAway = false;
    }
    await MOVES['crown-battles'](ann);
    await ann.waitForTimeout(150);
  }
  assert.ok(seen.length > 0, 'a decision came after the player had scrolled to the scores');
  for (const w of seen) assert.ok(w.top >= -8 && w.top <= w.height / 2, `in sight: ${JSON.stringify(seen)}`);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('at 375x812 the scores scroll inside their own box; the stage never scrolls sideways', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 375, height: 812 } });
  await createTable(ann, { seats: 5, schedule: '1, 2, 3, 4, 5, 6' });
  await addBots(ann, 4);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb-board').first().waitFor();
  const until = Date.now() + 90000;
  let checked = null;
  while (!checked && Date.now() < until && !(await isFinished(ann))) {
    const rounds = await ann.locator('.cb-scores tbody tr').count();
    if (rounds >= 2) {
      checked = await ann.evaluate(() => {
        const stage = document.querySelector('.cb-stage');
        const box = stage.querySelector('.cb-scores .table-scroll');
        const r = box.getBoundingClientRect();
        return { stageWide: stage.scrollWidth - stage.clientWidth, boxScrolls: box.scrollWidth > box.clientWidth, boxRight: Math.round(r.right), overflow: getComputedStyle(box).overflowX };
      });
      await ann.locator('.cb-stage .cb-scores').scrollIntoViewIfNeeded();
      await shot(ann, 'stage-board-scores-375');
      assert.deepEqual(await axeViolations(ann), []);
      break;
    }
    if (await asked(ann)) await MOVES['crown-battles'](ann);
    await ann.waitForTimeout(120);
  }
  assert.ok(checked, 'two rounds were scored');
  assert.equal(checked.stageWide, 0, 'the stage does not scroll sideways');
  assert.ok(checked.boxScrolls && checked.overflow === 'auto', 'five players’ scores scroll in their box');
  assert.ok(checked.boxRight <= 375, `the box ends inside the window: ${checked.boxRight}`);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
