// The move log and the status line in words, never engine ids: in real Chromium against the
// real `crownhall serve`, Ann plays whole games of every game with bots — Crown Battles with
// every Special Power card in the deck over several round types, the others with their
// defaults. After every move of hers, no line of the log and no status line holds an engine
// id (a card id such as R13, JESTER or DRAGON2, a snake_case word, a bare code such as 7c or
// We, "made a move"). The server sends events as data (protocol/events.md); each game's
// message table words them (web-client/src/games/<game>/events.js). The log is photographed
// at 1280x800 and 375x812, and axe-core finds nothing in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, createGameTable, addBots, isFinished, shot } from './harness.js';
import { MOVES } from './moves.js';
import { axeViolations } from '../helpers/axe.js';

const env = useServerAndBrowser();

// What an engine id looks like in text. Crown Battles: R13, GOLEM1, JESTER, DOUBLE_FACED;
// Lunar: 4a, We; Queen's Court: 7c, G1, Q2; The Dwarf King: gA, k10, druid-like ids are words
// and so only their snake_case forms (standard_bearer) count; any snake_case word; the old
// fallback of a hidden move.
const ENGINE_ID = /\b([RBGY]\d{1,2}|[A-Z]{3,}(_[A-Z]+)*\d*|[GQ][1-5]|[a-z]+_[a-z_]+|\d+[a-f]|[WOLB][a-f]|[kdg](10|[2-9JQKA]))\b|made a move|\{\d\}/;

const SEQUENCE = ['Normal Bidding', 'Blind Bidding', 'Wagering', 'Missions', 'Leaked Suit', 'Alliances', 'Suit Precision', 'The Split', 'Stealth Play'];
const GAMES = [
  ['crown-battles', (page) => createTable(page, { seats: 4, schedule: '5, 5, 5, 5, 5, 5, 5, 4, 5', specials: 'all', roundTypes: Object.fromEntries(SEQUENCE.map((t) => [t, true])), roundSequence: SEQUENCE.join(', ') }), 3],
  ['dwarf-king', (page) => createGameTable(page, { game: 'The Dwarf King', seats: 3, options: { Hands: 1 } }), 2],
  ['lunar', (page) => createGameTable(page, { game: 'Lunar', seats: 4, options: { 'Points to win': 1 } }), 3],
  ['queens-court', (page) => createGameTable(page, { game: "Queen's Court", seats: 2 }), 1],
];

// The log's lines and the status line as shown, each as its visible text.
const shown = (page) => page.evaluate(() => ({
  log: [...document.querySelectorAll('.move-log-lines li:not(.muted)')].map((li) => li.innerText),
  status: document.querySelector('.last-event') ? document.querySelector('.last-event').innerText : '',
}));

for (const [game, create, bots] of GAMES) {
  test(`${game}: every move-log line and status line in words, no engine id`, async () => {
    const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 1280, height: 800 } });
    await create(ann);
    await addBots(ann, bots);
    await ann.getByRole('button', { name: 'Start game' }).click();
    await ann.locator('.cb-board').first().waitFor();
    const bad = new Set();
    const statuses = new Set();
    let lines = [];
    let photographed = false;
    const until = Date.now() + 300000;
    // A game where a minute passes without a message from the table is stuck: say where.
    let lastHeard = Date.now();
    const tableMessages = () => ann.received.filter((t) => t.includes('"type":"table"')).length;
    let heard = tableMessages();
    while (Date.now() < until && !(await isFinished(ann))) {
      const did = await MOVES[game](ann);
      const count = tableMessages();
      if (count !== heard) [heard, lastHeard] = [count, Date.now()];
      if (Date.now() - lastHeard > 60000) break;
      const now = await shown(ann);
      lines = now.log;
      if (now.status) statuses.add(now.status);
      for (const t of [...now.log, now.status]) if (ENGINE_ID.test(t)) bad.add(t);
      // The log with cards in it, at both sizes, once it has a few lines.
      if (!photographed && lines.length >= 8) {
        photographed = true;
        await shot(ann, `move-log-${game}-1280x800`);
        assert.deepEqual(await axeViolations(ann), [], 'axe: the table with its move log');
        await ann.setViewportSize({ width: 375, height: 812 });
        await ann.locator('.move-log').scrollIntoViewIfNeeded();
        await shot(ann, `move-log-${game}-375x812`);
        assert.deepEqual(await axeViolations(ann), [], 'axe: the move log at 375x812');
        await ann.setViewportSize({ width: 1280, height: 800 });
      }
      await ann.waitForTimeout(did ? 60 : 120);
    }
    if (!(await isFinished(ann))) {
      await shot(ann, `move-log-${game}-stuck`);
      const where = await ann.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText);
      assert.fail(`the game did not finish; the last message ${Math.round((Date.now() - lastHeard) / 1000)} s ago; the page:\n${where.slice(0, 3000)}`);
    }
    const last = await shown(ann);
    for (const t of [...last.log, last.status]) if (ENGINE_ID.test(t)) bad.add(t);
    assert.deepEqual([...bad].slice(0, 10), [], 'lines with an engine id');
    assert.ok(last.log.length >= 10, `the log has lines: ${last.log.length}`);
    assert.ok(photographed, 'the log was photographed');
    // The log names cards by their faces: at least one card drawn as a small face.
    assert.ok((await ann.locator('.move-log-lines .log-card').count()) > 0, 'cards in the log are drawn as faces');
    assert.ok(statuses.size > 3, `the status line said several things: ${[...statuses].slice(0, 5).join(' | ')}`);
    assert.deepEqual(ann.errors, []);
    await ann.context().close();
  });
}
