import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reducer, initialState, clockLeft } from '../../src/state/reducer.js';
import { example } from '../helpers/protocol-examples.js';

const msg = (state, m, at = 1000) => reducer(state, { type: 'message', msg: m, at });

test('welcome sets who I am and the games', () => {
  const s = msg({ ...initialState, needName: true }, example('welcome'));
  assert.deepEqual(s.me, { player: 'p-5f2a9c', name: 'Ann' });
  assert.equal(s.games[0].id, 'crown-battles');
  assert.equal(s.needName, false);
  assert.equal(JSON.stringify(s).includes('9f86d081884c7d659a2feaa0c55ad015'), false, 'the token is not kept in state');
});

test('a rename from elsewhere (an admin, another device) is my name at once', () => {
  const s = msg(msg(initialState, example('welcome')), example('renamed'));
  assert.deepEqual(s.me, { player: 'p-5f2a9c', name: 'Player 7' });
  assert.equal(msg(initialState, example('renamed')).me, initialState.me, 'nobody to rename before the welcome');
});

test('a hello refused at the door is said on the waiting screen until a welcome', () => {
  const refused = { type: 'error', code: 'too_many_new_sessions', reason: 'too many new sessions from this address', retry_ms: 42000 };
  let s = msg(initialState, refused);
  assert.equal(s.refusedArrival, 'New players cannot join from your network right now: try again in 42 s.');
  assert.equal(s.toasts.length, 0, 'said once, on the screen');
  assert.equal(reducer(s, { type: 'arrival-retry' }).refusedArrival, null);
  s = msg(s, example('welcome'));
  assert.equal(s.refusedArrival, null);
  assert.equal(msg(s, refused).toasts.length, 1, 'once in, a refusal is a toast');
  const named = msg(reducer(initialState, { type: 'need-name', needName: true }), refused);
  assert.equal(named.refusedArrival, null, 'the name form is still open');
  assert.equal(msg(initialState, { type: 'error', code: 'invalid_name', reason: 'x' }).refusedArrival, null);
});

test('table messages replace the table; an older seq is ignored', () => {
  const t = example('table');
  let s = msg(initialState, t, 5000);
  assert.equal(s.table.seq, 58);
  assert.equal(s.tableAt, 5000);
  s = msg(s, { ...t, seq: 57, state: 'waiting' }, 6000);
  assert.equal(s.table.state, 'playing');
  s = msg(s, { ...t, seq: 59 }, 7000);
  assert.equal(s.table.seq, 59);
});

test('moving to another table clears chat and local choices', () => {
  let s = msg(initialState, example('table'));
  s = msg(s, example('chat', (e) => e.from));
  s = reducer(s, { type: 'ui', ui: { bidMode: 'double' } });
  assert.equal(s.chat.length, 1);
  s = msg(s, { ...example('table'), table: 't-other', seq: 1 });
  assert.deepEqual(s.chat, []);
  assert.deepEqual(s.ui, {});
});

test('chat lines are appended once, for the current table only', () => {
  let s = msg(initialState, example('table'));
  const line = example('chat', (e) => e.from);
  s = msg(s, line);
  s = msg(s, line); // repeated by a resume
  s = msg(s, { ...line, table: 't-elsewhere', text: 'x' });
  assert.equal(s.chat.length, 1);
  assert.equal(s.chat[0].from.name, 'Ann');
});

test('errors become toasts; kicked and closed leave the table with a reason', () => {
  let s = msg(msg(initialState, example('welcome')), example('table'));
  s = msg(s, example('error'));
  assert.equal(s.toasts.length, 1);
  assert.equal(s.toasts[0].kind, 'error');
  assert.match(s.toasts[0].text, /follow blue/);
  s = reducer(s, { type: 'dismiss-toast', id: s.toasts[0].id });
  assert.equal(s.toasts.length, 0);
  const kicked = msg(s, example('kicked'));
  assert.equal(kicked.table, null);
  assert.match(kicked.farewell, /removed by the host/);
  const closed = msg(s, example('table_closed'));
  assert.equal(closed.table, null);
  assert.match(closed.farewell, /closed by an admin/);
});

test('a welcome without my table drops the stale table', () => {
  let s = msg(initialState, example('table'));
  s = msg(s, { ...example('welcome'), table: null });
  assert.equal(s.table, null);
  assert.match(s.farewell, /no longer at that table/);
  let kept = msg(initialState, example('table'));
  kept = msg(kept, { ...example('welcome'), table: 't-81c3d2' });
  assert.equal(kept.table.table, 't-81c3d2');
});

test('the running clock counts down from when the table message arrived', () => {
  const s = msg(initialState, example('table'), 10000);
  assert.equal(clockLeft(s, 0, 10000), 281000);
  assert.equal(clockLeft(s, 0, 12500), 278500);
  assert.equal(clockLeft(s, 1, 12500), 290500, 'a stopped clock does not move');
  assert.equal(clockLeft(s, 0, 10000 + 999999), 0);
  assert.equal(clockLeft({ ...s, table: { ...s.table, clock: null } }, 0, 0), null);
});

test('notices and shutdowns are shown', () => {
  let s = msg(initialState, example('notice'));
  assert.match(s.notice, /restarts/);
  s = reducer(s, { type: 'dismiss-notice' });
  assert.equal(s.notice, null);
  s = msg(s, example('shutdown'));
  assert.match(s.notice, /stopping/);
});

test("an admin's notice is one banner (not a toast too), and leaves the table alone", () => {
  let s = msg(initialState, example('table'));
  s = msg(s, { type: 'notice', text: 'Back in 5 minutes.' });
  assert.equal(s.notice, 'Back in 5 minutes.');
  assert.deepEqual(s.toasts, [], 'shown once');
  assert.equal(s.table.seq, 58, 'still at the table');
  s = msg(s, { type: 'notice', text: 'Restarting now.' });
  assert.equal(s.notice, 'Restarting now.', 'a newer notice replaces the banner');
  assert.equal(s.toasts.length, 0);
});

test('unknown messages change nothing', () => {
  assert.equal(msg(initialState, { type: 'something_new' }), initialState);
  assert.equal(msg(initialState, example('ack')), initialState);
});

test('several clocks may run at once (blind bids)', () => {
  const t = { ...example('table'), clock: { remaining_ms: [1000, 2000, 3000, 4000], running: 1, running_seats: [1, 3] } };
  const s = msg(initialState, t, 0);
  assert.deepEqual([0, 1, 2, 3].map((seat) => clockLeft(s, seat, 500)), [1000, 1500, 3000, 3500]);
});
