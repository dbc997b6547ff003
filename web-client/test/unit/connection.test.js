import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection, retryDelay, socketUrl } from '../../src/net/connection.js';
import { FakeSocket, fakeTimers } from '../helpers/fakes.js';

function setup() {
  FakeSocket.all = [];
  const timers = fakeTimers();
  const log = { opens: 0, messages: [], statuses: [] };
  const conn = createConnection('ws://x/ws', {
    onOpen: () => log.opens++,
    onMessage: (m) => log.messages.push(m),
    onStatus: (s) => log.statuses.push(s.status),
  }, { WebSocketImpl: FakeSocket, timers });
  return { conn, timers, log };
}

test('the socket address follows the page', () => {
  assert.equal(socketUrl({ protocol: 'http:', host: 'h:8080' }), 'ws://h:8080/ws');
  assert.equal(socketUrl({ protocol: 'https:', host: 'cards.example' }), 'wss://cards.example/ws');
});

test('frames are parsed as JSON objects; anything else is ignored', () => {
  const { conn, log } = setup();
  conn.start();
  const ws = FakeSocket.all[0];
  assert.equal(conn.send({ type: 'ping' }), false, 'nothing is sent before the socket opens');
  ws.open();
  assert.equal(log.opens, 1);
  ws.receive({ type: 'pong' });
  ws.receive('not json');
  ws.receive('42');
  assert.deepEqual(log.messages, [{ type: 'pong' }]);
  assert.equal(conn.send({ type: 'ping' }), true);
  assert.deepEqual(ws.sent, [{ type: 'ping' }]);
});

test('a dropped socket is reopened with growing delays, reset once connected', () => {
  const { conn, timers, log } = setup();
  conn.start();
  FakeSocket.all[0].open();
  FakeSocket.all[0].drop();
  assert.equal(timers.pending[0].ms, retryDelay(0));
  timers.runNext();
  FakeSocket.all[1].drop();
  assert.equal(timers.pending[0].ms, retryDelay(1));
  timers.runNext();
  FakeSocket.all[2].open();
  FakeSocket.all[2].drop();
  assert.equal(timers.pending[0].ms, retryDelay(0));
  assert.deepEqual(log.statuses.slice(0, 4), ['connecting', 'open', 'waiting', 'connecting']);
  assert.equal(log.opens, 2);
});

test('retry now skips the wait', () => {
  const { conn, timers } = setup();
  conn.start();
  FakeSocket.all[0].drop();
  assert.equal(timers.pending.length, 1);
  conn.retryNow();
  assert.equal(timers.pending.length, 0);
  assert.equal(FakeSocket.all.length, 2);
});

test('delays are capped', () => {
  assert.equal(retryDelay(100), retryDelay(10));
  assert.ok(retryDelay(0) < retryDelay(3));
});

test('a session taken over by another tab, or an outdated page, is not reconnected', () => {
  for (const [code, reason] of [[4001, 'taken-over'], [4002, 'closed-by-admin'], [1002, 'outdated']]) {
    const { conn, timers, log } = setup();
    const statuses = [];
    conn.start();
    FakeSocket.all.at(-1).open();
    FakeSocket.all.at(-1).drop(code);
    assert.equal(timers.pending.length, 0);
    assert.equal(log.statuses.at(-1), 'stopped');
    conn.retryNow();
    assert.equal(log.statuses.at(-1), 'connecting', `retry now still works after ${reason}`);
  }
});
