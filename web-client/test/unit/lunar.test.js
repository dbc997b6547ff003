import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { parseCard, cardName, sortHand } from '../../src/games/lunar/cards.js';
import { playableCards, tileChoices, exchangeCards, exchangeAction, toggleExchange, selection, trackPoints, pairs } from '../../src/games/lunar/model.js';
import { readView, teamOf } from '../../src/games/lunar/view.js';
import { promptText, roundSummary } from '../../src/games/lunar/text.js';
import { render, describeAction, optionsSummary } from '../../src/games/lunar/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { rendererFor } from '../../src/games/index.js';

const seat = (s, status, name) => ({ seat: s, status, name, player: status === 'human' ? `p-${s}` : null, connected: true, ready: true });
const seats4 = [seat(0, 'human', 'Ann'), seat(1, 'bot', 'Bot'), seat(2, 'bot', 'Bot'), seat(3, 'bot', 'Bot')];
const seats2 = [seat(0, 'human', 'Ann'), seat(1, 'bot', 'Bot')];
function luView(over = {}) {
  return {
    game: 'lunar', seat: 0, team: 0, phase: 'playing', round: 1, start_player: 0, to_act: [0], teams: [[0, 2], [1, 3]], target_score: 30,
    hand: ['1a', '2b', '8c', 'Wb', 'Oa', 'Bc'], hand_sizes: [6, 5, 5, 6],
    exchange: { passed: ['5a', '6a', 'Ob', 'Oc'], received: ['7b', '8b', 'Le', 'Lf'] },
    tiles: { face_up: ['bat'], face_down: ['wolf', 'owl', 'lynx'] }, trump: 'bat',
    trick: { leader: 1, cards: [{ seat: 1, card: 'La', from: 'hand' }, { seat: 2, card: 'Wc', from: 'hand' }, { seat: 3, card: '4a', from: 'hand' }], lead_suit: 'lynx', lead_team: 1 },
    last_trick: { leader: 0, cards: [{ seat: 0, card: '3a', from: 'hand' }, { seat: 1, card: 'Oe', from: 'hand' }, { seat: 2, card: 'Od', from: 'hand' }, { seat: 3, card: '5b', from: 'hand' }], lead_suit: 'owl', lead_team: 1, winner_team: 1 },
    tricks_won: [2, 3], stars_won: [['1a', 'Wa'], ['3a']], scores: [6, 9], last_round: null, winner_team: null, ...over,
  };
}
const table = (view, legal, over = {}) => ({ type: 'table', table: 't-1', seq: 3, game_id: 'lunar', title: 'Lunar', state: 'playing', seats: view.teams.length === 2 && view.teams[0].length === 1 ? seats2 : seats4, host: 0, you: { seat: 0, role: 'player', host: true }, clock: null, last_event: null, options: { target_score: 30, track_points: [0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, 0] }, game: { view, legal, to_act: view.to_act }, ...over });
const ctxOf = (t, ui = {}) => gameContext({ table: t, ui }, 0);
const html = (t, ui) => toHtml(render(ctxOf(t, ui)));

test('cards: rank and suit cards, stars, hand order', () => {
  assert.deepEqual(parseCard('3b'), { id: '3b', kind: 'rank', rank: 3, suit: null, star: false });
  assert.deepEqual(parseCard('Oa'), { id: 'Oa', kind: 'suit', rank: null, suit: 'owl', star: true });
  assert.equal(parseCard('Bf').suit, 'bat');
  assert.equal(cardName('1a'), 'Rank 1, starred');
  assert.equal(cardName('Lc'), 'Lynx');
  assert.deepEqual(sortHand(['Wb', '8c', 'Bc', '1a', 'Oa'], 'bat'), ['1a', '8c', 'Bc', 'Wb', 'Oa']);
});

test('choices come from the legal actions: cards, tiles, exchanges', () => {
  const legal = [{ type: 'play', card: 'Wb' }, { type: 'discard_tile', suit: 'owl' }, { type: 'exchange', cards: ['1a', '2b', 'Wb', 'Oa'] }, { type: 'exchange', cards: ['1a', '8c', 'Wb', 'Oa'] }];
  assert.deepEqual([...playableCards(legal)], ['Wb']);
  assert.deepEqual(tileChoices(legal), ['owl']);
  assert.deepEqual([...exchangeCards(legal)].sort(), ['1a', '2b', '8c', 'Oa', 'Wb']);
  assert.deepEqual(exchangeAction(legal, ['Oa', 'Wb', '8c', '1a']), { type: 'exchange', cards: ['1a', '8c', 'Wb', 'Oa'] });
  assert.equal(exchangeAction(legal, ['Oa', 'Wb', '8c', '2b']), null, 'only a pair the server lists');
});

test('the exchange selection keeps two of each kind', () => {
  let sel = [];
  for (const c of ['1a', '2b', '8c']) sel = toggleExchange(sel, c);
  assert.deepEqual(sel, ['2b', '8c'], 'a third rank card replaces the oldest');
  sel = toggleExchange(toggleExchange(toggleExchange(sel, 'Wb'), 'Oa'), 'Bc');
  assert.deepEqual(sel, ['2b', '8c', 'Oa', 'Bc']);
  assert.deepEqual(toggleExchange(sel, '8c'), ['2b', 'Oa', 'Bc']);
  assert.deepEqual(selection({ luEx: { key: 'r1', cards: ['2b', 'zz'] } }, 'r1', new Set(['2b'])), ['2b']);
  assert.deepEqual(selection({ luEx: { key: 'r1', cards: ['2b'] } }, 'r2', new Set(['2b'])), []);
});

test('the view: teams, tiles, trick, track', () => {
  const v = readView(luView(), 4);
  assert.deepEqual(v.teams, [[0, 2], [1, 3]]);
  assert.equal(teamOf(v.teams, 3), 1);
  assert.equal(v.trump, 'bat');
  assert.equal(v.lastTrick.winnerTeam, 1);
  assert.deepEqual(v.exchange.received, ['7b', '8b', 'Le', 'Lf']);
  assert.deepEqual(trackPoints({}), [0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, 0]);
  const p = pairs(v.trick, (s) => teamOf(v.teams, s));
  assert.deepEqual(p.map((x) => [x.team, x.cards.map((c) => c.card)]), [[1, ['La', '4a']], [0, ['Wc']]]);
  const sky = readView(luView({ teams: [[0], [1]], sky: ['1b', 'Ld'], exchange: undefined, hand_sizes: [6, 6] }), 2);
  assert.deepEqual(sky.sky, ['1b', 'Ld']);
  assert.equal(sky.exchange, null);
});

test('the table: teams with track and stars, tiles, trick, legal cards only', () => {
  const out = html(table(luView(), [{ type: 'play', card: '1a' }, { type: 'play', card: '8c' }]));
  assert.match(out, /Ann &amp; Bot 3 \(your team\): score 6, 2 tricks this round, worth 3 track points, 2 stars/);
  assert.match(out, /Trump: Bat/);
  assert.match(out, /Wolf tile, face down/);
  assert.match(out, /aria-label="Bot 2: Lynx, starred"/);
  assert.match(out, /data-card="1a"[^>]*data-action="act"/);
  assert.match(out, /data-card="Wb" disabled/);
  assert.match(out, /you passed Rank 5, starred, Rank 6, starred, Owl, Owl; you received Rank 7, Rank 8, Lynx, Lynx/);
  assert.equal(rendererFor('lunar').render, render);
});

test('the exchange: the hand becomes toggles and the button sends a legal exchange', () => {
  const view = luView({ phase: 'exchange', to_act: [0, 1, 2, 3], exchange: { waiting: [0, 1, 3], chosen: null }, tiles: { face_up: ['wolf', 'owl', 'lynx', 'bat'], face_down: [] }, trump: null, trick: { leader: 0, cards: [], lead_suit: null, lead_team: null }, last_trick: null });
  const legal = [{ type: 'exchange', cards: ['1a', '2b', 'Wb', 'Oa'] }];
  const none = html(table(view, legal));
  assert.match(none, /Pass to Bot 3/);
  assert.match(none, /Choose 2 rank and 2 suit cards below/);
  assert.match(none, /aria-pressed="false"/);
  const four = html(table(view, legal), { luEx: { key: 'r1', cards: ['1a', '2b', 'Wb', 'Oa'] } });
  assert.match(four, /Pass these 4 cards/);
  assert.match(four, /data-payload="{&quot;type&quot;:&quot;exchange&quot;,&quot;cards&quot;:\[&quot;1a&quot;,&quot;2b&quot;,&quot;Wb&quot;,&quot;Oa&quot;\]}"/);
});

test('trump tiles are buttons only when the legal actions name them', () => {
  const view = luView({ phase: 'trump', tiles: { face_up: ['owl', 'bat', 'lynx'], face_down: ['wolf'] }, trump: null, trick: { leader: 0, cards: [], lead_suit: null, lead_team: null }, last_trick: null });
  const out = html(table(view, [{ type: 'discard_tile', suit: 'owl' }, { type: 'discard_tile', suit: 'bat' }, { type: 'discard_tile', suit: 'lynx' }]));
  assert.match(out, /aria-label="Turn the Owl tile face down"/);
  assert.ok(!out.includes('Turn the Wolf tile'));
});

test('the Sky: public cards, playable from the legal actions', () => {
  const view = luView({ teams: [[0], [1]], hand_sizes: [6, 6], sky: ['1b', 'Ld', '7c'], exchange: undefined, trick: { leader: 0, cards: [], lead_suit: null, lead_team: null } });
  const out = html(table(view, [{ type: 'play', card: 'Ld' }, { type: 'play', card: '1a' }]));
  assert.match(out, /The Sky · 3 cards/);
  assert.match(out, /aria-label="Lynx from the Sky"[^>]*data-action="act"|data-card="Ld"[^>]*aria-label="Lynx from the Sky"/);
  assert.match(out, /data-card="7c" disabled/);
});

test('a spectator sees no hand; the result names the winning team', () => {
  const spec = table(luView({ seat: null, team: null, hand: undefined, exchange: {} }), [], { you: { seat: null, role: 'spectator', host: false } });
  assert.ok(!html(spec).includes('hand-cards'));
  const fin = table(luView({ phase: 'finished', to_act: [], winner_team: 1, scores: [3, 9] }), [], { state: 'finished' });
  fin.game.outcome = { teams: [[0, 2], [1, 3]], scores: [3, 9], winning_team: 1, winner: 1, winners: [1, 3], ranks: [2, 1, 2, 1], rounds: [{ round: 1, start_player: 0, trump: 'bat', tricks: [4, 8], track_points: [0, 3], stars: [3, 6], points: [3, 9], scores: [3, 9] }] };
  const out = html(fin);
  assert.match(out, /Bot 2 &amp; Bot 4 win!/);
  assert.match(out, /Points by round/);
});

test('prompts and action words', () => {
  const name = (s) => ['Ann', 'Bot 2', 'Bot 3', 'Bot 4'][s];
  const c = ctxOf(table(luView(), [{ type: 'play', card: 'Wb' }]));
  assert.match(promptText(c, readView(c.view, 4), name, false), /partner played a suit card, so play a rank card/);
  assert.equal(roundSummary({ round: 1, trump: 'bat', tricks: [4, 8], track_points: [0, 3], stars: [3, 6], points: [3, 9] }, (t) => ['A', 'B'][t]), 'Round 1 (trump Bat): A: 4 tricks (0 track) + 3 stars = 3; B: 8 tricks (3 track) + 6 stars = 9.');
  assert.equal(describeAction({ type: 'discard_tile', suit: 'owl' }), 'turned the Owl tile face down');
  assert.equal(optionsSummary({ target_score: 10 }), 'to 10 points');
});
