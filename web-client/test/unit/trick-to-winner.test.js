// A taken trick's cards slide toward the seat that took it (src/ui/trick-to-winner.js): the
// way to each place of the ring, and the outgoing cards each trick-taking game draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { ringPlaces } from '../../src/ui/seat-ring.js';
import { towardSeat } from '../../src/ui/trick-to-winner.js';
import { gameContext } from '../../src/ui/table-view.js';
import { TRICK_HOLD_MS } from '../../src/ui/trick-hold.js';
import { rendererFor } from '../../src/games/index.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { dkView, dwarfKingTable, scenes } from '../fixtures/scenes.js';

const way = (n, me, seat) => towardSeat(ringPlaces(n, me), seat);

test('four players: the winner across goes up, the next seat left, the one before right, the viewer down', () => {
  assert.deepEqual(way(4, 0, 2), { x: 0, y: -1 });
  assert.deepEqual(way(4, 0, 1), { x: -1, y: 0 });
  assert.deepEqual(way(4, 0, 3), { x: 1, y: 0 });
  assert.deepEqual(way(4, 0, 0), { x: 0, y: 1 });
  // Seen from seat 3, seat 2 sits on the right.
  assert.deepEqual(way(4, 3, 2), { x: 1, y: 0 });
  // A spectator sees seat 0 at the bottom.
  assert.deepEqual(way(4, null, 0), { x: 0, y: 1 });
});

test('two, three, five to eight players: each seat its own way, corners on the diagonal', () => {
  assert.deepEqual(way(2, 1, 0), { x: 0, y: -1 });
  assert.deepEqual(way(3, 0, 1), { x: -1, y: 0 });
  assert.deepEqual(way(3, 0, 2), { x: 1, y: 0 });
  assert.deepEqual(way(5, 0, 2), { x: -0.71, y: -0.71 });
  assert.deepEqual(way(5, 0, 3), { x: 0.71, y: -0.71 });
  assert.deepEqual(way(6, 0, 3), { x: 0, y: -1 });
  assert.deepEqual(way(7, 0, 1), { x: -0.89, y: 0.45 });
  assert.deepEqual(way(8, 3, 2), { x: 0.89, y: 0.45 });
  assert.deepEqual(way(8, 3, 7), { x: 0, y: -1 });
  assert.equal(way(4, 0, 4), null, 'no seat 4 at a table of four');
  assert.equal(way(4, 0, null), null);
});

test('for every table size and viewer, each seat\'s way is a unit step toward its side of the ring', () => {
  for (let n = 2; n <= 8; n++) {
    for (let me = 0; me < n; me++) {
      const places = ringPlaces(n, me);
      const ways = new Set();
      for (const [seat, place] of places) {
        const { x, y } = towardSeat(places, seat);
        assert.ok(Math.abs(Math.hypot(x, y) - 1) < 0.01, `${n} seats, seat ${seat}: a unit step`);
        assert.equal(Math.sign(x), place.includes('left') ? -1 : place.includes('right') ? 1 : 0, `${n} seats, ${place}: across`);
        assert.equal(Math.sign(y), place.startsWith('top') ? -1 : place.startsWith('bottom') ? 1 : 0, `${n} seats, ${place}: up or down`);
        ways.add(`${x},${y}`);
      }
      assert.equal(ways.size, n, `${n} seats: no two seats share a way`);
    }
  }
});

// The outgoing trick in each game's trick list: the cards of the last trick, hidden from
// screen readers, pointing at the winner's place, only once the trick has left the table.
const leaving = (html) => [...html.matchAll(/<li [^>]*class="trick-leaving[^"]*"[^>]*>/g)].map((m) => m[0]);
const taken = 1000; // when the trick was taken
const state = (table) => ({ table, ui: {}, trickKey: JSON.stringify(table.game.view.last_trick), trickDoneAt: taken });
const draw = (table, st, now) => toHtml(rendererFor(table.game_id).render(gameContext(st, now)));

const cbTable = scenes.playing.find((m) => m.type === 'table');
const luTable = {
  ...cbTable, game_id: 'lunar', seats: cbTable.seats, options: { target_score: 30 },
  game: { legal: [], to_act: [3], view: {
    game: 'lunar', seat: 0, team: 0, phase: 'playing', round: 1, start_player: 0, teams: [[0, 2], [1, 3]], target_score: 30, hand: ['1a'], hand_sizes: [1, 1, 1, 1],
    tiles: { face_up: ['bat'], face_down: [] }, trump: 'bat', tricks_won: [0, 1], stars_won: [[], []], scores: [0, 0],
    trick: { leader: 3, cards: [{ seat: 3, card: '4a', from: 'hand' }], lead_suit: 'lynx', lead_team: 1 },
    // Team 1 (seats 1 and 3) wins; seat 3 played first of them, so seat 3 gathers the trick.
    last_trick: { leader: 3, cards: [{ seat: 3, card: '3a', from: 'hand' }, { seat: 0, card: 'Oe', from: 'hand' }, { seat: 1, card: 'Od', from: 'hand' }, { seat: 2, card: '5b', from: 'hand' }], lead_suit: 'owl', lead_team: 1, winner_team: 1 },
  } },
};
// `before`: a trick taken before the last one, won by another seat (`beforeTo`).
const games = [
  { what: 'Crown Battles', table: cbTable, cards: 4, to: 'top', style: '--to-x: 0; --to-y: -1',
    before: { leader: 1, lead: 'R', cards: [{ seat: 1, card: 'R3' }, { seat: 2, card: 'R4' }, { seat: 3, card: 'R5' }, { seat: 0, card: 'R6' }], winning: 3 }, beforeTo: 'right' },
  { what: 'The Dwarf King', table: dwarfKingTable(dkView()), cards: 3, to: 'left', style: '--to-x: -1; --to-y: 0',
    before: { led_suit: 'knights', plays: [{ seat: 1, card: 'k2' }, { seat: 2, card: 'k3' }, { seat: 0, card: 'k4' }], winner: 2 }, beforeTo: 'right' },
  { what: 'Lunar', table: luTable, cards: 4, to: 'right', style: '--to-x: 1; --to-y: 0',
    // Team 0 (seats 0 and 2) wins; seat 2 led, so seat 2 gathers it.
    before: { leader: 2, cards: [{ seat: 2, card: '1b' }, { seat: 3, card: '2b' }, { seat: 0, card: '3b' }, { seat: 1, card: '4b' }], lead_suit: 'wolf', lead_team: 0, winner_team: 0 }, beforeTo: 'top' },
];

for (const g of games) {
  test(`${g.what}: once the held trick is let go its cards head for the winner's seat`, () => {
    const st = state(g.table);
    assert.deepEqual(leaving(draw(g.table, st, taken + 100)), [], 'held: the trick is still on show, nothing leaves');
    const after = leaving(draw(g.table, st, taken + TRICK_HOLD_MS));
    assert.equal(after.length, g.cards, 'after the hold: every card of the trick leaves');
    for (const li of after) {
      assert.match(li, /aria-hidden="true"/);
      assert.ok(li.includes(`data-to="${g.to}"`), `toward ${g.to}: ${li}`);
      assert.ok(li.includes(`style="${g.style}"`), `${g.style}: ${li}`);
      assert.match(li, /class="trick-leaving at-[a-z-]+"/, 'in its player\'s cell');
    }
    const skipped = leaving(draw(g.table, { ...st, ui: { skippedTrick: st.trickKey } }, taken + 100));
    assert.equal(skipped.length, g.cards, '"Continue" lets it go at once');
    assert.deepEqual(leaving(draw(g.table, { ...st, trickDoneAt: 0 }, taken + TRICK_HOLD_MS)), [], 'a trick already over when the table was first seen does not move');
    assert.deepEqual(leaving(draw(g.table, { ...st, ui: { showLastTrick: true } }, taken + TRICK_HOLD_MS)), [], '"Last trick" shows it instead');
  });
}

for (const g of games) {
  test(`${g.what}: a trick taken while the one before was still held sends the one before to its winner`, () => {
    const st = { ...state(g.table), trickBefore: g.before };
    const held = leaving(draw(g.table, st, taken + 100));
    assert.equal(held.length, g.cards, 'the trick before leaves while the new one is held');
    for (const li of held) assert.ok(li.includes(`data-to="${g.beforeTo}"`), `toward ${g.beforeTo}: ${li}`);
    const after = leaving(draw(g.table, st, taken + TRICK_HOLD_MS));
    assert.ok(after.every((li) => li.includes(`data-to="${g.to}"`)), 'then the new one goes to its own winner');
    assert.deepEqual(leaving(draw(g.table, { ...st, ui: { showLastTrick: true } }, taken + TRICK_HOLD_MS)), [], 'not when "Last trick" shows it again later');
  });
}

// Long Play: each seat played two cards; they leave as a pair, one item per seat.
test('Crown Battles Long Play: a seat\'s two cards leave together, one item a seat', () => {
  const table = scenes.longPlay.find((m) => m.type === 'table');
  const after = draw(table, state(table), taken + TRICK_HOLD_MS);
  const items = [...after.matchAll(/<li [^>]*class="trick-leaving[^"]*"[^>]*>(.*?)<\/li>/g)];
  assert.equal(items.length, 4, 'one leaving item per seat');
  for (const [, inner] of items) {
    assert.match(inner, /^<div class="trick-pair">/);
    assert.equal((inner.match(/class="card card-/g) || []).length, 2, 'both of the seat\'s cards');
  }
});

test('the reducer keeps the trick a newly taken one replaced, while that one is on the table', () => {
  const t = (seq, last) => ({ type: 'table', table: 't-1', seq, game_id: 'crown-battles', state: 'playing', seats: [], game: { view: { phase: 'playing', last_trick: last } } });
  let s = reducer(initialState, { type: 'message', msg: t(1, { cards: ['a'] }), at: 1000 });
  assert.equal(s.trickBefore, null, 'nothing before the trick seen on arrival');
  s = reducer(s, { type: 'message', msg: t(2, { cards: ['b'] }), at: 2000 });
  assert.deepEqual(s.trickBefore, { cards: ['a'] });
  s = reducer(s, { type: 'message', msg: t(3, { cards: ['b'] }), at: 2100 });
  assert.deepEqual(s.trickBefore, { cards: ['a'] }, 'kept while the same trick is the last');
  s = reducer(s, { type: 'message', msg: t(4, null), at: 2200 });
  assert.equal(s.trickBefore, null, 'a new round: no trick to send anywhere');
  s = reducer(s, { type: 'message', msg: { ...t(1, { cards: ['c'] }), table: 't-2' }, at: 3000 });
  assert.equal(s.trickBefore, null, 'another table starts afresh');
});

// The patcher keeps keyed nodes: the same trick leaving keeps its keys (it does not slide
// twice when the next trick is taken), a trick that changed gets new ones (it slides whole).
const leavingKeys = (node, out = []) => {
  if (node.attrs && typeof node.attrs.class === 'string' && node.attrs.class.startsWith('trick-leaving')) out.push(node.key);
  for (const c of node.children || []) leavingKeys(c, out);
  return out;
};
test('a leaving trick keeps its keys from "left the table" to "replaced while held"; a changed trick does not', () => {
  const before = cbTable.game.view.last_trick;
  const released = gameContext(state(cbTable), taken + TRICK_HOLD_MS);
  const next = { ...cbTable, game: { ...cbTable.game, view: { ...cbTable.game.view, last_trick: games[0].before } } };
  const replaced = gameContext({ ...state(next), trickBefore: before }, taken + 100);
  const render = rendererFor('crown-battles').render;
  const a = leavingKeys(render(released));
  assert.equal(a.length, 4);
  assert.deepEqual(leavingKeys(render(replaced)), a);
  const changed = { ...before, cards: [{ seat: 0, card: 'Y6' }, ...before.cards.slice(1)] };
  const b = leavingKeys(render(gameContext({ ...state(next), trickBefore: changed }, taken + 100)));
  assert.equal(b.filter((k) => a.includes(k)).length, 0, 'a changed trick slides whole again');
});
