import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshEvents, mergeEvents, nextLog } from '../../src/state/move-log.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { messageEvent } from '../../src/games/table-words.js';

test('server events merge by n: repeats dropped, sorted, gaps kept', () => {
  let log = mergeEvents([], [{ n: 5, text: 'Ann played G7' }, { n: 3, text: 'Bo bid 2' }]);
  log = mergeEvents(log, [{ n: 5, text: 'Ann played G7' }, { n: 9, text: 'Cy played R1' }, { n: 'x', text: 'bad' }]);
  assert.deepEqual(log.map((l) => l.n), [3, 5, 9]);
  assert.equal(mergeEvents(log, []), log);
});

const table = (over) => ({ type: 'table', table: 't-1', seq: 1, game_id: 'lunar', state: 'playing', seats: [{ seat: 0, status: 'human', name: 'Ann' }, { seat: 1, status: 'bot', name: 'Bot (heuristic)' }], game: { view: { phase: 'exchange' } }, ...over });

test('without events, each new last_event adds the status sentence; with events, only they count', () => {
  let s = reducer(initialState, messageEvent(table({ seq: 1, last_event: { kind: 'started' } }), 0));
  s = reducer(s, messageEvent(table({ seq: 2, last_event: { kind: 'action', seat: 1 } }), 0));
  s = reducer(s, messageEvent(table({ seq: 2, last_event: { kind: 'action', seat: 1 } }), 0));
  assert.deepEqual(s.moveLog.map((l) => l.text), ['The game has started.', 'Bot 2 moved.']);
  s = reducer(s, messageEvent(table({ seq: 3, events: [{ n: 7, text: 'Ann played G7' }] }), 0));
  s = reducer(s, messageEvent(table({ seq: 4, last_event: { kind: 'action', seat: 0 } }), 0));
  assert.deepEqual(s.moveLog.map((l) => l.text), ['Ann played G7']);
  // Another table starts a new log.
  s = reducer(s, messageEvent(table({ table: 't-2', seq: 1, last_event: { kind: 'started' } }), 0));
  assert.deepEqual(s.moveLog.map((l) => l.text), ['The game has started.']);
});

test('a hidden move is not just "has acted"', () => {
  const log = nextLog([], null, table({ game: { view: { phase: 'sorcerer_window' } }, last_event: { kind: 'action', seat: 0 } }), 'Ann made a move (sorcerer window).');
  assert.equal(log.length, 1);
});

test('a trick taken while watching is held ~1.5 s from its arrival; one there on arrival is not', async () => {
  const { holdingTrick, TRICK_HOLD_MS } = await import('../../src/ui/trick-hold.js');
  const t = (seq, last) => table({ game_id: 'crown-battles', seq, game: { view: { phase: 'playing', last_trick: last } } });
  let s = reducer(initialState, { type: 'message', msg: t(1, { cards: ['a'] }), at: 1000 });
  assert.equal(holdingTrick(s, 1100), false);
  s = reducer(s, { type: 'message', msg: t(2, { cards: ['b'] }), at: 5000 });
  assert.equal(holdingTrick(s, 5100), true);
  s = reducer(s, { type: 'message', msg: t(3, { cards: ['b'] }), at: 5200 });
  assert.equal(holdingTrick(s, 5300), true, 'the next card does not end the hold');
  assert.equal(holdingTrick(s, 5000 + TRICK_HOLD_MS), false);
  s = reducer(s, { type: 'ui', ui: { skippedTrick: s.trickKey } });
  assert.equal(holdingTrick(s, 5300), false, 'Continue lets it go');
});

test('a snapshot of a table just left, arriving after the leave, does not seat us again', () => {
  let s = reducer(initialState, { type: 'message', msg: table({ seq: 1 }) });
  s = reducer(s, { type: 'left-table', leftGame: 't-1' });
  s = reducer(s, { type: 'message', msg: table({ seq: 2 }) });
  assert.equal(s.table, null);
  s = reducer(s, { type: 'joining' });
  s = reducer(s, { type: 'message', msg: table({ seq: 3 }) });
  assert.equal(s.table.seq, 3, 'joined again on purpose');
});

test('events as data are kept as sent, merged by n; a line from before (text) is kept too', () => {
  const played = { n: 4, kind: 'played', seat: 0, card: 'Wa' };
  const log = mergeEvents([], [played, { n: 2, text: 'Ann played Wa' }, { n: 6 }]);
  assert.deepEqual(log, [{ n: 2, text: 'Ann played Wa' }, played], 'an event with neither kind nor text is dropped');
});

test('the status line reads the events a message brought: new ones, or a backlog\'s newest', () => {
  const first = table({ seq: 1, events: [{ n: 1, kind: 'played', seat: 0, card: 'Wa' }, { n: 2, kind: 'trick_won', team: 0 }] });
  let s = reducer(initialState, messageEvent(first, 0));
  assert.deepEqual(s.statusEvents.map((e) => e.n), [2]);
  s = reducer(s, messageEvent(table({ seq: 2, events: [{ n: 2, kind: 'trick_won', team: 0 }, { n: 3, kind: 'played', seat: 1, card: 'Ob' }] }), 0));
  assert.deepEqual(s.statusEvents.map((e) => e.n), [3]);
  s = reducer(s, messageEvent(table({ seq: 3, last_event: { kind: 'joined', seat: 1 } }), 0));
  assert.deepEqual(s.statusEvents, []);
  assert.deepEqual(freshEvents([], null, table({ events: [] })), []);
});
