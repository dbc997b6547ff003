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
  for (const [code, reason] of [[4001, 'taken-over'], [4002, 'closed-by-admin'], [4003, 'signed-out'], [1002, 'outdated']]) {
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

test('a request refused with routing_unavailable is sent again after the delay the server names, without troubling the page', () => {
  const { conn, timers, log } = setup();
  conn.start();
  const ws = FakeSocket.all[0];
  ws.open();
  const act = { type: 'act', action: { kind: 'play', card: 3 }, seq: 7 };
  conn.send(act);
  ws.receive({ type: 'error', code: 'routing_unavailable', reason: 'later', request: act, retry_ms: 1000 });
  assert.deepEqual(log.messages, [], 'the page is not told');
  assert.equal(timers.pending.length, 1);
  assert.equal(timers.pending[0].ms, 1000);
  timers.runNext();
  assert.deepEqual(ws.sent, [act, act]);
  // Other errors, and this one without its request, go to the page as before.
  ws.receive({ type: 'error', code: 'routing_unavailable', reason: 'no request' });
  ws.receive({ type: 'error', code: 'table_moving', reason: 'moving' });
  assert.deepEqual(log.messages.map((m) => m.code), ['routing_unavailable', 'table_moving']);
  assert.equal(timers.pending.length, 0);
});

test('routing_unavailable is retried a bounded number of times in a row, then shown', () => {
  const { conn, timers, log } = setup();
  conn.start();
  const ws = FakeSocket.all[0];
  ws.open();
  const chat = { type: 'chat', text: 'hi' };
  for (let i = 0; i < 40; ++i) {
    ws.receive({ type: 'error', code: 'routing_unavailable', reason: 'later', request: chat, retry_ms: 500 });
    timers.runNext();
  }
  assert.equal(ws.sent.length, 30);
  assert.equal(log.messages.length, 10);
  ws.receive({ type: 'ack' });  // the way is back: the count starts again
  ws.receive({ type: 'error', code: 'routing_unavailable', reason: 'later', request: chat, retry_ms: 500 });
  assert.equal(timers.pending.length, 1);
});
