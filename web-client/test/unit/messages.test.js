// Every message this client builds equals the example of it in protocol/README.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as m from '../../src/net/messages.js';
import { examples } from '../helpers/protocol-examples.js';

const without = (o, ...keys) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const find = (pred) => {
  const hit = examples.find(pred);
  assert.ok(hit, 'example present in protocol/README.md');
  return without(hit, 'id');
};

test('hello with a name and with a token', () => {
  const named = find((e) => e.type === 'hello' && e.name);
  assert.deepEqual(m.hello({ name: 'Ann', browser: named.browser }), named);
  assert.deepEqual(m.hello({ token: '9f86d081884c7d659a2feaa0c55ad015' }), find((e) => e.type === 'hello' && e.token));
});

test('lobby and table requests', () => {
  assert.deepEqual(m.setName('Ann the Bold'), find((e) => e.type === 'set_name'));
  assert.deepEqual(m.lobbySubscribe(), find((e) => e.type === 'lobby_subscribe'));
  assert.deepEqual(m.lobbyUnsubscribe(), find((e) => e.type === 'lobby_unsubscribe'));
  const create = find((e) => e.type === 'create_table' && e.game);
  assert.deepEqual(m.createTable({ game: create.game, seats: create.seats, options: create.options, isPrivate: create.private, spectators: create.spectators, lateJoin: create.late_join, spectatorMode: create.spectator_mode, spectatorDelay: create.spectator_delay, openHands: create.open_hands, clock: create.clock }), create);
  // A teaching table sends the record and the table's settings, never a game or options of its own.
  const teach = find((e) => e.type === 'create_table' && e.deal_from);
  const sent = m.teachingTable(teach.deal_from, { isPrivate: false, spectators: true, openHands: true });
  assert.deepEqual(sent.deal_from, teach.deal_from);
  assert.equal(sent.open_hands, true);
  for (const k of ['game', 'seats', 'options']) assert.equal(k in sent, false, k);
  assert.deepEqual(m.joinTable({ table: 't-81c3d2' }), find((e) => e.type === 'join_table' && e.table && e.as === 'player'));
  assert.deepEqual(m.joinTable({ invite: 'q7Zt0v3kP1sX8mWc', seat: 2 }), find((e) => e.type === 'join_table' && e.invite));
  assert.deepEqual(m.joinTable({ table: 't-81c3d2', as: 'spectator' }), find((e) => e.type === 'join_table' && e.as === 'spectator'));
  assert.deepEqual(m.leaveTable(), find((e) => e.type === 'leave_table'));
  assert.deepEqual(m.takeSeat(1), find((e) => e.type === 'take_seat'));
  assert.deepEqual(m.takeSeat(1, true), find((e) => e.type === 'take_seat' && e.cancel));
  assert.deepEqual(m.duplicateTable('t-81c3d2-1'), find((e) => e.type === 'create_table' && e.deal_of && !('rotate' in e)));
  assert.deepEqual(m.duplicateTable('t-81c3d2-1', 1), find((e) => e.type === 'create_table' && e.deal_of && e.rotate === 1));
  assert.deepEqual(m.ready(true), find((e) => e.type === 'ready'));
});

test('host requests', () => {
  assert.deepEqual(m.setOptions({ options: { round_types: ['normal', 'blind'] }, seats: 5 }), find((e) => e.type === 'set_options'));
  assert.deepEqual(m.addBot('heuristic'), find((e) => e.type === 'add_bot'));
  assert.deepEqual(m.removeBot(3), find((e) => e.type === 'remove_bot'));
  assert.deepEqual(m.kick(2), find((e) => e.type === 'kick'));
  assert.deepEqual(m.transferHost(1), find((e) => e.type === 'transfer_host'));
  assert.deepEqual(m.start(), find((e) => e.type === 'start'));
});

test('playing requests', () => {
  assert.deepEqual(m.act({ type: 'bid', bid: 3 }), find((e) => e.type === 'act' && e.action.type === 'bid'));
  assert.deepEqual(m.act({ type: 'play', card: 'Y12' }), find((e) => e.type === 'act' && e.action.type === 'play'));
  assert.deepEqual(m.act({ type: 'play', card: 'Y12' }, 57), { type: 'act', action: { type: 'play', card: 'Y12' }, seq: 57 });
  assert.deepEqual(m.back(), find((e) => e.type === 'back'));
  assert.deepEqual(m.pause(true), find((e) => e.type === 'pause'));
  assert.deepEqual(m.follow(1), find((e) => e.type === 'follow'));
  assert.deepEqual(m.shareView(true), find((e) => e.type === 'share_view' && !e.with));
  const one = find((e) => e.type === 'share_view' && e.with);
  assert.deepEqual(m.shareView(true, one.with), one);
  assert.deepEqual(m.rematch(), find((e) => e.type === 'rematch'));
  assert.deepEqual(m.chat('good luck all'), find((e) => e.type === 'chat' && !e.from));
  assert.deepEqual(m.resume('t-81c3d2', 57), find((e) => e.type === 'resume'));
  assert.deepEqual(m.ping(), find((e) => e.type === 'ping'));
});

test('a spectator join never names a seat', () => {
  assert.deepEqual(m.joinTable({ table: 't', as: 'spectator', seat: 1 }), { type: 'join_table', as: 'spectator', table: 't' });
});
