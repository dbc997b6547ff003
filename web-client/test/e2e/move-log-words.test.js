// The move log and the status line in words, never engine ids: in real Chromium against the
// real `crownhall serve`, Ann plays whole games of every game with bots — Crown Battles with
// every Special Power card in the deck, one round of each of the fourteen round types at four
// seats, then the types whose words change with an odd count (a group of three in Duel
// Fights, a player alone in the Alliance types) at five; the others with their defaults.
// After every move of hers, no line of the log and no status line holds an engine id (a card
// id such as R13, JESTER or DRAGON2, a snake_case word, a bare code such as 7c or We, "made a
// move"), and every round type of the table was played. The server sends events as data (protocol/events.md); each game's
// message table words them (web-client/src/games/<game>/events.js). The log is photographed
// at 1280x800 and 375x812, and axe-core finds nothing in it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, createGameTable, addBots, isFinished, shot } from './harness.js';
import { MOVES } from './moves.js';
import { axeViolations } from '../helpers/axe.js';
import { ENGINE_ID } from '../helpers/engine-id.js';

const env = useServerAndBrowser();

// Every round type by the form's label, with the engine's id (the view's `round.type`), in
// the order played: an Alliance type is never the final round.
const ALL_TYPES = [
  ['Normal Bidding', 'normal'], ['Blind Bidding', 'blind'], ['Wagering', 'wagering'], ['Missions', 'missions'],
  ['Blind Missions', 'blind_missions'], ['Duel Fights', 'duel_fights'], ['Leaked Suit', 'leaked_suit'],
  ['Alliances', 'alliances'], ['Missions-Alliances', 'missions_alliances'], ['Suit Precision', 'suit_precision'],
  ['Suit Precision-Alliances', 'suit_precision_alliances'], ['Long Play', 'long_play'], ['The Split', 'the_split'],
  ['Stealth Play', 'stealth'],
];
// An odd count: Duel Fights with a group of three, the Alliance types with a player alone
// (Normal Bidding last).
const ODD_TYPES = ['duel_fights', 'alliances', 'missions_alliances', 'suit_precision_alliances', 'normal'].map((id) => ALL_TYPES.find(([, t]) => t === id));
// Every special in the deck, the round types in a fixed order, `cards` dealt each round.
const crownBattles = (seats, types, cards) => (page) => {
  const labels = types.map(([label]) => label);
  return createTable(page, { seats, schedule: types.map(([, id]) => (id === 'the_split' ? 4 : cards)).join(', '), specials: 'all', roundTypes: Object.fromEntries(labels.map((t) => [t, true])), roundSequence: labels.join(', ') });
};
const GAMES = [
  { name: 'crown-battles, every round type', game: 'crown-battles', create: crownBattles(4, ALL_TYPES, 5), bots: 3, types: ALL_TYPES },
  { name: 'crown-battles, five players', game: 'crown-battles', create: crownBattles(5, ODD_TYPES, 3), bots: 4, types: ODD_TYPES },
  { name: 'dwarf-king', game: 'dwarf-king', create: (page) => createGameTable(page, { game: 'The Dwarf King', seats: 3, options: { Hands: 1 } }), bots: 2 },
  { name: 'lunar', game: 'lunar', create: (page) => createGameTable(page, { game: 'Lunar', seats: 4, options: { 'Points to win': 1 } }), bots: 3 },
  { name: 'queens-court', game: 'queens-court', create: (page) => createGameTable(page, { game: "Queen's Court", seats: 2 }), bots: 1 },
];

// The round types played, from the round in each view the page received (the first
// round's deal comes with the game's start, not as an event).
function playedTypes(page) {
  const types = new Set();
  for (const frame of page.received) {
    let msg;
    try {
      msg = JSON.parse(frame);
    } catch {
      continue;
    }
    const round = msg.game && msg.game.view && msg.game.view.round;
    if (round && round.type) types.add(round.type);
  }
  return types;
}

// The log's lines and the status line as shown, each as its visible text.
const shown = (page) => page.evaluate(() => ({
  log: [...document.querySelectorAll('.move-log-lines li:not(.muted)')].map((li) => li.innerText),
  status: document.querySelector('.last-event') ? document.querySelector('.last-event').innerText : '',
}));

for (const { name, game, create, bots, types } of GAMES) {
  test(`${name}: every move-log line and status line in words, no engine id`, async () => {
    const slug = name.replace(/[^a-z]+/g, '-');
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
        await shot(ann, `move-log-${slug}-1280x800`);
        assert.deepEqual(await axeViolations(ann), [], 'axe: the table with its move log');
        await ann.setViewportSize({ width: 375, height: 812 });
        await ann.locator('.move-log').scrollIntoViewIfNeeded();
        await shot(ann, `move-log-${slug}-375x812`);
        assert.deepEqual(await axeViolations(ann), [], 'axe: the move log at 375x812');
        await ann.setViewportSize({ width: 1280, height: 800 });
      }
      await ann.waitForTimeout(did ? 60 : 120);
    }
    if (!(await isFinished(ann))) {
      await shot(ann, `move-log-${slug}-stuck`);
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
    // Every round type of the table was played (the words of each were read).
    if (types) assert.deepEqual([...playedTypes(ann)].sort(), types.map(([, id]) => id).sort(), 'the round types played');
    assert.deepEqual(ann.errors, []);
    await ann.context().close();
  });
}
