import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml, h } from '../../src/dom/vdom.js';
import { createStore } from '../../src/state/store.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { REPLAY_WINDOW, missingWindow, replayKey, stepLabel, stepTarget } from '../../src/state/history.js';
import { parseRoute, formatRoute } from '../../src/state/route.js';
import { createHistory } from '../../src/app/history.js';
import { createController } from '../../src/app/controller.js';
import { savedSession, memoryStorage } from '../../src/state/saved.js';
import { formatDate, resultText } from '../../src/ui/history-format.js';
import { historyView } from '../../src/ui/history-view.js';
import { replayView, moveText, replayTable } from '../../src/ui/replay-view.js';
import { seatName } from '../../src/ui/format.js';
import { readOnly } from '../../src/ui/read-only.js';
import { appView } from '../../src/ui/app-view.js';

// A steps answer as GET /api/records/ID/steps gives it, for a two-seat Queen's Court game
// of `total` steps; only the steps in [from, from + count) are present.
const pile = (side, cards) => ({ side, cards, showing: cards.at(-1) ?? null, gloved: false });
function view(seat, step, over) {
  return {
    game: 'queens-court', seat, phase: over ? 'finished' : 'first_half', round: 1, first_player: 0, draw_size: 10, queens_wild: false, coins: false, pot: 0,
    hand: seat == null ? undefined : over ? [] : seat === 0 ? ['7b', '3a'] : ['Q2', '5c'],
    players: [0, 1].map((s) => ({ seat: s, hand_size: over ? 0 : 2, locked: false, wins: over ? [2, 1][s] : 0, piles: [pile('left', step > 0 ? ['2a'] : []), pile('right', [])] })),
    winner: over ? 0 : null,
  };
}
const outcome = { wins: [2, 1], ranks: [1, 2], winner: 0, rounds: [] };
function stepsAnswer(from, count, total = 40) {
  const steps = [];
  for (let k = from; k < Math.min(total, from + count); k++) {
    const over = k === total - 1;
    steps.push({
      step: k, seat: k === 0 ? null : (k - 1) % 2, action: k === 0 ? null : { type: 'play', card: '2a', owner: 0, side: 'left' },
      events: k === 0 ? [] : [{ kind: 'played', seat: (k - 1) % 2, card: '2a', pile: 'left' }],
      phase: over ? 'finished' : 'first_half', to_act: over ? [] : [k % 2], over,
      views: [view(0, k, over), view(1, k, over)], spectator: view(null, k, over), ...(over ? { outcome } : {}),
    });
  }
  return { game: 'queens-court', game_id: 't-1-1', seats: ['Ann', 'Bot'], bots: [false, true], options: {}, steps_total: total, from, steps, finished: true, outcome };
}

// A fake server: records every path asked and answers from `routes`.
function fakeApi(routes) {
  const asked = [];
  const api = async (path) => {
    asked.push(path);
    for (const [re, answer] of routes) {
      const m = path.match(re);
      if (m) return answer(m);
    }
    return { status: 404, text: '{"error":"no"}' };
  };
  return { api, asked };
}
const json = (body, status = 200) => ({ status, text: JSON.stringify(body) });
const settle = () => new Promise((r) => setTimeout(r, 0));
const stepsRoute = [/\/api\/records\/([^/]+)\/steps\?from=(\d+)&count=(\d+)/, (m) => json(stepsAnswer(Number(m[2]), Number(m[3])))];

test('routes: #/history and #/replay/ID', () => {
  assert.deepEqual(parseRoute('#/history'), { name: 'history' });
  assert.deepEqual(parseRoute('#/replay/t-1-1'), { name: 'replay', game: 't-1-1' });
  assert.equal(formatRoute({ name: 'replay', game: 'a b' }), '#/replay/a%20b');
  assert.equal(formatRoute({ name: 'history' }), '#/history');
});

test('step targets stay between the deal and the last move', () => {
  const r = { step: 5, meta: { total: 10 } };
  assert.equal(stepTarget(r, 'first'), 0);
  assert.equal(stepTarget(r, 'prev'), 4);
  assert.equal(stepTarget(r, 'next'), 6);
  assert.equal(stepTarget(r, 'last'), 9);
  assert.equal(stepTarget({ ...r, step: 9 }, 'next'), 9);
  assert.equal(stepTarget({ ...r, step: 0 }, 'prev'), 0);
  assert.equal(stepTarget(r, '7'), 7);
  assert.equal(stepTarget(r, 'nonsense'), 5);
});

test('a missing step asks for its aligned window once', () => {
  const r = { steps: { 0: {} }, loading: [], meta: { total: 40 } };
  assert.equal(missingWindow(r, 0), null);
  assert.equal(missingWindow(r, 17), REPLAY_WINDOW);
  assert.equal(missingWindow({ ...r, loading: [REPLAY_WINDOW] }, 17), null);
  assert.equal(missingWindow(r, 40), null, 'past the end');
});

test('keys and words', () => {
  assert.equal(replayKey('ArrowRight'), 'next');
  assert.equal(replayKey('ArrowLeft'), 'prev');
  assert.equal(replayKey('Home'), 'first');
  assert.equal(replayKey('End'), 'last');
  assert.equal(replayKey('a'), null);
  assert.equal(stepLabel(0, 11), 'Start: the deal (10 moves)');
  assert.equal(stepLabel(3, 11), 'Move 3 of 10');
  assert.equal(resultText({ seats: ['Ann', 'Bo'], outcome: { winner: 1 } }), 'Winner: Bo');
  assert.equal(resultText({ seats: ['Ann', 'Bo', 'Cy', 'Di'], outcome: { winner: 0, winners: [0, 2] } }), 'Winners: Ann and Cy');
  assert.equal(resultText({ seats: [], outcome: {} }), '');
  assert.match(formatDate(Date.UTC(2025, 2, 14, 12, 5)), /^2025-03-1[45] \d\d:\d5$/);
  assert.equal(formatDate(0), '');
});

test('History: loads with the token after the welcome, lists games, downloads a record', async () => {
  const store = createStore(reducer, { ...initialState, route: { name: 'history' } });
  const saved = savedSession(memoryStorage());
  const game = { game_id: 't-1-1', table: 't-1', game: 'queens-court', seat: 0, finished_at: 1700000000000, summary: { seats: ['Ann', 'Bot'], outcome: { winner: 0 } } };
  const { api, asked } = fakeApi([[/^\/api\/history$/, () => json({ player: 'p-1', games: [game] })], [/^\/api\/records\/t-1-1$/, () => ({ status: 200, text: '{"game_id":"t-1-1"}' })]]);
  const files = [];
  const c = createController({ store, saved, send: () => true, api, download: (name, text) => files.push([name, text]) });
  c.onOpen();
  assert.deepEqual(asked, [], 'nothing before the welcome');
  c.onMessage({ type: 'welcome', protocol: 1, you: { player: 'p-1', name: 'Ann', token: 'tok' }, games: [{ id: 'queens-court', title: "Queen's Court", options: { options: [] } }], table: null });
  await settle();
  assert.deepEqual(asked, ['/api/history']);
  assert.equal(store.state.history.status, 'ready');
  const html = toHtml(historyView(store.state));
  assert.match(html, /<h2 class="history-title" id="history-t-1-1">Queen(&#39;|’)s Court <span class="muted">· finished /);
  assert.match(html, /Winner: Ann/);
  assert.match(html, /data-action="download-record" data-game="t-1-1"/);
  assert.match(html, /data-action="open-replay" data-game="t-1-1"/);
  c.intent('download-record', { game: 't-1-1' });
  await settle();
  assert.deepEqual(files, [['t-1-1.json', '{"game_id":"t-1-1"}']]);
});

test('History: a game left unfinished, or stopped for want of players, offers the way back to its seat', async () => {
  const store = createStore(reducer, { ...initialState, route: { name: 'history' } });
  const { api } = fakeApi([[/^\/api\/history$/, () => json({ player: 'p-1', games: [], unfinished: [{ table: 't-9', game: 'queens-court', stopped: true }] })]]);
  const sent = [];
  const c = createController({ store, saved: savedSession(memoryStorage()), send: (m) => { sent.push(m); return true; }, api });
  c.onOpen();
  c.onMessage({ type: 'welcome', protocol: 1, you: { player: 'p-1', name: 'Ann', token: 'tok' }, games: [{ id: 'queens-court', title: "Queen's Court", options: { options: [] } }], table: null });
  await settle();
  const html = toHtml(historyView(store.state));
  assert.match(html, /unfinished: stopped, waiting for you/);
  assert.match(html, /data-action="join" data-table="t-9"/);
  c.intent('join', { table: 't-9' });
  assert.ok(sent.some((m) => m.type === 'join_table' && m.table === 't-9' && m.as === 'player'), JSON.stringify(sent));
});

test('History: a refusal is shown, with a way to try again', async () => {
  const store = createStore(reducer, initialState);
  const { api } = fakeApi([[/^\/api\/history$/, () => json({ error: 'this server keeps no history (no data directory)' }, 503)]]);
  const h = createHistory({ store, api });
  h.intent('open-history');
  await settle();
  assert.equal(store.state.route.name, 'history');
  assert.equal(store.state.history.status, 'error');
  const html = toHtml(historyView(store.state));
  assert.match(html, /role="alert"/);
  assert.match(html, /keeps no history/);
  assert.match(html, /Try again/);
});

test('the lobby links to the History screen', () => {
  const state = { ...initialState, me: { player: 'p', name: 'Ann' }, lobby: [] };
  assert.match(toHtml(appView(state, { now: 0, pageUrl: '', savedName: 'Ann' })), /data-action="open-history"/);
  const onHistory = { ...state, route: { name: 'history' }, history: { status: 'ready', games: [], error: null } };
  assert.match(toHtml(appView(onHistory, { now: 0, pageUrl: '', savedName: 'Ann' })), /No finished games yet/);
});

test('Replay: opens at the deal, steps fetch their windows, the last step shows the final scores', async () => {
  const store = createStore(reducer, initialState);
  const { api, asked } = fakeApi([stepsRoute]);
  const h = createHistory({ store, api, setHash: () => {} });
  h.intent('open-replay', { game: 't-1-1' });
  await settle();
  assert.deepEqual(asked, [`/api/records/t-1-1/steps?from=0&count=${REPLAY_WINDOW}`]);
  let r = store.state.replay;
  assert.equal(r.step, 0);
  assert.equal(r.meta.total, 40);
  let html = toHtml(replayView(store.state));
  assert.match(html, /Start: the deal \(39 moves\)/);
  assert.match(html, /the cards are dealt/);
  assert.match(html, /aria-label="Previous move" title="Previous move" aria-disabled="true"/);
  assert.doesNotMatch(html, /Final scores/);

  h.intent('replay-step', { to: 'next' });
  assert.equal(store.state.replay.step, 1);
  assert.match(toHtml(replayView(store.state)), /Move 1 of 39.*Ann played/s);
  assert.equal(asked.length, 1, 'step 1 was in the first window');

  h.intent('replay-step', { to: 'last' });
  await settle();
  assert.equal(store.state.replay.step, 39);
  assert.ok(asked.includes(`/api/records/t-1-1/steps?from=32&count=${REPLAY_WINDOW}`));
  html = toHtml(replayView(store.state));
  assert.match(html, /Final scores/);
  assert.match(html, /<tr data-seat="0" data-score="2"><td>1st<\/td><th scope="row">Ann<\/th><td>2 round wins<\/td><\/tr>/);
  assert.match(html, /aria-label="Next move" title="Next move" aria-disabled="true"/);
  // Read-only: nothing to act with, not even the live result panel's way back.
  assert.doesNotMatch(html, /data-action="(act|leave|ui)"/);
});

test('Replay: every seat’s hand is drawn from its own view; the board follows the chosen seat', async () => {
  const store = createStore(reducer, initialState);
  const { api } = fakeApi([stepsRoute]);
  const h = createHistory({ store, api });
  h.intent('open-replay', { game: 't-1-1' });
  await settle();
  const html = toHtml(replayView(store.state));
  assert.match(html, /All hands/);
  for (const face of ['qc-number v7', 'qc-number v3', 'qc-queen', 'qc-number v5']) assert.match(html, new RegExp(`class="card qc-card ${face}"`));
  assert.match(html, /aria-label="Ann: 2 cards"/);
  assert.match(html, /aria-label="Bot 2: 2 cards"/);
  // As Ann: her hand appears in the board's dock too, as cards that cannot be clicked.
  store.dispatch({ type: 'ui', ui: { replaySeat: 0 } });
  const asAnn = toHtml(replayView(store.state));
  assert.match(asAnn, /<option value="0" selected>Ann<\/option>/);
  assert.match(asAnn, /cb-dock/);
  assert.doesNotMatch(asAnn, /data-action="ui"/);
});

test('Replay: a refused replay says why; an old answer for another game is ignored', async () => {
  const store = createStore(reducer, initialState);
  const { api } = fakeApi([[/steps/, () => json({ error: 'no finished game of yours has this id' }, 404)]]);
  const h = createHistory({ store, api });
  h.intent('open-replay', { game: 'x' });
  await settle();
  assert.equal(store.state.replay.status, 'error');
  assert.match(toHtml(replayView(store.state)), /no finished game of yours/);
  store.dispatch({ type: 'replay-steps', gameId: 'other', data: stepsAnswer(0, 4) });
  assert.equal(store.state.replay.gameId, 'x');
  assert.equal(store.state.replay.meta, null);
});

// The coach's report (GET /api/records/ID/coach?seat=S) for the seat chosen under
// "Table as seen by": a line per move of that seat, and the biggest mistakes to jump to.
test('Replay: the coach goes through the chosen seat’s decisions and lists the biggest mistakes', async () => {
  const played = { type: 'play', card: '2a', owner: 0, side: 'left' };
  const better = { type: 'play', card: '3a', owner: 0, side: 'right' };
  const report = { game: 'queens-court', seat: 0, playouts: 1080, decisions: [{ index: 0, played, search: better, loss: 1.5 }, { index: 2, played, search: played, loss: 0 }], worst: [{ index: 0, played, search: better, loss: 1.5 }] };
  let coachStatus = 503;
  const store = createStore(reducer, initialState);
  const { api, asked } = fakeApi([stepsRoute, [/\/api\/records\/t-1-1\/coach\?seat=0$/, () => (coachStatus === 200 ? json(report) : json({ error: 'the coach is busy with other games: try again shortly' }, coachStatus))]]);
  const h = createHistory({ store, api });
  h.intent('open-replay', { game: 't-1-1' });
  await settle();
  assert.match(toHtml(replayView(store.state)), /Choose a player under “Table as seen by”/);
  store.dispatch({ type: 'ui', ui: { replaySeat: 0 } });
  assert.match(toHtml(replayView(store.state)), /<button type="button" data-action="coach" data-seat="0">Coach Ann’s moves<\/button>/);

  // Refused (busy): said, with a way to try again.
  h.intent('coach', { seat: '0' });
  assert.match(toHtml(replayView(store.state)), /The search bot is going through Ann’s decisions/);
  await settle();
  let html = toHtml(replayView(store.state));
  assert.match(html, /The coach could not look at this game: the coach is busy/);
  assert.match(html, /data-action="coach" data-seat="0">Try again/);

  coachStatus = 200;
  h.intent('coach', { seat: '0' });
  await settle();
  assert.equal(asked.filter((p) => p.endsWith('/coach?seat=0')).length, 2);
  assert.match(toHtml(replayView(store.state)), /Step through Ann’s moves to see the search bot’s choice beside each/);
  h.intent('replay-step', { to: 1 });
  html = toHtml(replayView(store.state));
  assert.match(html, /Ann played [^<]*\. The search bot’s choice: played [^<]*, about 2 points better\./);
  assert.match(html, /<ol class="coach-worst"><li><button type="button" data-action="replay-step" data-to="1">Move 1<\/button> Ann played [^<]*; the search bot: played [^<]*, about 2 points better\.<\/li>/);
  assert.match(html, /2 decisions looked at, 1080 playouts each/);
  h.intent('replay-step', { to: 2 });
  assert.match(toHtml(replayView(store.state)), /Move 2 was not a choice of Ann’s/);
  h.intent('replay-step', { to: 3 });
  assert.match(toHtml(replayView(store.state)), /Ann played [^<]*: the search bot agrees\./);

  // Another seat: Ann's report is not shown as theirs.
  store.dispatch({ type: 'ui', ui: { replaySeat: 1 } });
  html = toHtml(replayView(store.state));
  assert.match(html, /Coach Bot 2’s moves/);
  assert.doesNotMatch(html, /search bot agrees/);
});

test('moveText tells a step by its events, as the seat the table is shown as read them', () => {
  const r = { gameId: 'g', meta: { game: 'queens-court', seats: ['Ann', 'Bot'], bots: [false, true] } };
  assert.equal(moveText(r, { step: 0, action: null }), 'the cards are dealt.');
  const draw = {
    step: 3, seat: 0, action: { type: 'draw' }, over: false,
    events: [{ kind: 'own_draw', seat: 0, cards: ['7b', 'kd'], only: 0 }, { kind: 'drew', seat: 0, count: 2, except: 0 }],
  };
  const seen = (viewer) => moveText(r, draw, viewer);
  assert.doesNotMatch(seen(null), /7|king|King/i, 'the public view reads the count only');
  assert.match(seen(null), /Ann drew 2 cards/);
  assert.equal(seen(1), seen(null), 'another seat reads what the public read');
  assert.notEqual(seen(0), seen(null), 'the drawer reads the cards');
  assert.doesNotMatch(seen(0), /drew 2 cards/);
  const play = { step: 2, seat: 1, action: { type: 'play', card: '7b', owner: 0, side: 'left' }, events: [{ kind: 'played', seat: 1, card: '7b', pile: 'left' }], over: true };
  assert.match(moveText(r, play), /^Bot 2 played .*The game is over\.$/);
  assert.equal(moveText(r, { ...play, events: [] }), 'Bot 2 moved. The game is over.', 'no event for this viewer: who moved');
});

test('a late joiner’s seat is the bot’s in the replay until the move they sat down after', () => {
  const r = { gameId: 'g', meta: { game: 'queens-court', seats: ['Ann', 'Bob'], bots: [false, false], handovers: [{ seat: 1, after: 12, was: 'Bot (heuristic)' }] } };
  const at = (k) => replayTable(r, { step: k, over: false }, '').seats[1];
  assert.equal(at(0).status, 'bot');
  assert.equal(seatName(replayTable(r, { step: 12 }, ''), 1), 'Bot 2', 'the move that ended the round was the bot’s');
  assert.equal(at(13).status, 'human');
  assert.equal(seatName(replayTable(r, { step: 13 }, ''), 1), 'Bob');
  assert.equal(moveText(r, { step: 12, seat: 1, action: { type: 'draw' }, events: [{ kind: 'drew_one', seat: 1 }] }), 'Bot 2 drew a card.');
  assert.equal(moveText(r, { step: 13, seat: 1, action: { type: 'draw' }, events: [{ kind: 'drew_one', seat: 1 }] }), 'Bob drew a card.');
});

test('readOnly drops what acts and keeps what is drawn', () => {
  const tree = h('div', { 'data-turn-focus': 'true' }, h('button', { 'data-action': 'leave' }, 'Back'), h('button', { 'data-action': null, disabled: true }, 'Card'), 'text');
  const html = toHtml(readOnly(tree));
  assert.equal(html, '<div><button disabled>Card</button>text</div>');
});

test('History tells bots apart by their seat', async () => {
  const { resultText, seatLabel } = await import('../../src/ui/history-format.js');
  const seats = ['Ann', 'Bot (heuristic)', 'Bot (random)'];
  assert.equal(seatLabel(seats, 1), 'Bot 2 (heuristic)');
  assert.equal(seatLabel(seats, 0), 'Ann');
  assert.equal(resultText({ seats, outcome: { winners: [1, 2] } }), 'Winners: Bot 2 (heuristic) and Bot 3 (random)');
});

test('History: a repeated deal shows beside the game it repeats, seat by seat', () => {
  const games = [
    { game_id: 't-9-1', game: 'crown-battles', finished_at: 1763900000000, summary: { seats: ['Bo', 'Ann', 'Bot (heuristic)'], outcome: { totals: [40, 10, 20], winner: 0 }, duplicate_of: 't-2-1' } },
    { game_id: 't-2-1', game: 'crown-battles', finished_at: 1763800000000, summary: { seats: ['Ann', 'Bo', 'Bot (heuristic)'], outcome: { totals: [30, 50, -10], winner: 1 } } },
  ];
  const state = { ...initialState, games: [{ id: 'crown-battles', title: 'Crown Battles' }], history: { status: 'ready', games, error: null } };
  const html = toHtml(historyView(state));
  assert.match(html, new RegExp(`The same deal as your game of ${formatDate(1763800000000)}`));
  // Seat 1: Bo now (40), Ann then (30); seat 3: the bot, 20 now and -10 then.
  assert.match(html, /<th scope="row">Bo \(then Ann\)<\/th><td>40<\/td><td>30<\/td>/);
  assert.match(html, /<th scope="row">Bot 3 \(heuristic\)<\/th><td>20<\/td><td>-10<\/td>/);
  assert.match(html, /data-action="play-deal-again" data-game="t-2-1"/);
  // Or with everyone one seat on, each playing the hand another had.
  assert.match(html, /data-action="play-deal-again" data-game="t-2-1" data-rotate="1"[^>]*>Again, seats moved on</);
  // Without the original in the list, a line says so.
  const alone = toHtml(historyView({ ...state, history: { ...state.history, games: [games[0]] } }));
  assert.match(alone, /The same deal as an earlier game/);
});

test('History: each game says who played and their points, winners first; newest finished first, in an order that stays', async () => {
  const { standings, newestFirst } = await import('../../src/ui/history-format.js');
  const summary = { seats: ['Ann', 'Bo', 'Bot (heuristic)'], outcome: { totals: [40, 90, 60], winner: 1 } };
  assert.deepEqual(standings(summary).map((r) => [r.name, r.points, r.winner]), [['Bo', 90, true], ['Bot 3 (heuristic)', 60, false], ['Ann', 40, false]]);
  // Teams: every winner first; an outcome with one number per team shows no seat's points.
  const teams = standings({ seats: ['Ann', 'Bo', 'Cy', 'Di'], outcome: { scores: [10, 30], winners: [1, 3] } });
  assert.deepEqual(teams.map((r) => [r.name, r.points]), [['Bo', null], ['Di', null], ['Ann', null], ['Cy', null]]);
  const games = [
    { game_id: 't-1-1', finished_at: 100 },
    { game_id: 't-3-1', finished_at: 300 },
    { game_id: 't-2-1', finished_at: 300 },
    { game_id: 't-0-1', finished_at: 200 },
  ];
  const order = newestFirst(games).map((g) => g.game_id);
  assert.deepEqual(order, ['t-2-1', 't-3-1', 't-0-1', 't-1-1']);
  // The same games sent in another order list the same way.
  assert.deepEqual(newestFirst([...games].reverse()).map((g) => g.game_id), order);
  const store = { games: [{ id: 'crown-battles', title: 'Crown Battles' }], history: { status: 'ready', games: [{ game_id: 't-1-1', game: 'crown-battles', finished_at: 1763900000000, summary }], unfinished: [] } };
  const html = toHtml(historyView(store));
  assert.match(html, /<ol class="history-standings" aria-label="Winner: Bo"><li class="winner"><span class="who">Bo<span class="badge winner-badge">winner<\/span><\/span><span class="points">90 points<\/span>/);
  // With the players' ids kept, each person's name opens their profile; a bot's does not.
  const known = { ...summary, players: ['p-ann', 'p-bo', null] };
  const linked = toHtml(historyView({ ...store, history: { ...store.history, games: [{ ...store.history.games[0], summary: known }] } }));
  assert.match(linked, /<button type="button" class="link-button seat-profile" data-action="open-profile" data-player="p-bo" aria-label="Bo’s profile">Bo<\/button>/);
  assert.match(linked, /data-player="p-ann"/);
  assert.equal((linked.match(/data-action="open-profile"/g) || []).length, 2, 'the bot has no profile');
});
