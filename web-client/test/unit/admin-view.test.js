import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { adminView, formatAge, formatBytes } from '../../src/admin/view.js';
import { failureText } from '../../src/admin/api.js';
import { example } from '../helpers/protocol-examples.js';

const totals = { connections: 3, sessions: 2, tables: 1, tables_by_state: { playing: 1 }, messages_in_per_second: 1.25, messages_out_per_second: 4, actions: 9, action_p50_ms: 0.1, action_p99_ms: 1, resident_memory_bytes: 50 * 2 ** 20, store_schema_version: 7 };
const table = {
  table: 't-1', game_id: 'crown-battles', title: 'Crown Battles', state: 'playing', seq: 12, age_seconds: 75, last_action_at: 0, private: false, to_act: [0], summary: '3 players',
  seats: [
    { seat: 0, status: 'human', name: 'Ann', player: 'p-a', connected: true },
    { seat: 1, status: 'bot', name: 'Bot (heuristic)', bot: 'heuristic', connected: true },
    { seat: 2, status: 'away', name: 'Cy', player: 'p-c', connected: false },
  ],
};

test('signed out: only the token form', () => {
  const html = toHtml(adminView({ signedIn: false, message: { text: 'That token is not right.', kind: 'error' } }, 0));
  assert.match(html, /type="password"/);
  assert.match(html, /That token is not right/);
  assert.doesNotMatch(html, /Tables \(/);
});

test('signed in: totals, every table with its seats and buttons, the sessions', () => {
  const html = toHtml(adminView({ signedIn: true, totals, tables: [table], sessions: [{ player: 'p-a', name: 'Ann', connected: true, table: 't-1' }] }, 0));
  assert.match(html, /Messages in\/s.*1\.3/s);
  assert.match(html, /50\.0 MiB/);
  assert.match(html, /<dt>Store schema<\/dt><dd>version 7<\/dd>/);
  assert.match(html, /Ann — connected/);
  assert.match(html, /Bot \(heuristic\) — bot</);
  assert.match(html, /Cy — away, a bot plays/);
  assert.match(html, /data-action="close-table" data-table="t-1"/);
  assert.match(html, /data-action="kick" data-player="p-a"/);
  assert.doesNotMatch(html, /data-player="p-c"/, 'no kick for a seat without a connection');
  assert.match(html, /Send notice/);
});

test('a server that keeps nothing says so where the schema version stands', () => {
  const html = toHtml(adminView({ signedIn: true, totals: { ...totals, store_schema_version: null }, tables: [], sessions: [] }, 0));
  assert.match(html, /<dt>Store schema<\/dt><dd>none \(nothing is kept\)<\/dd>/);
});

test('the server nodes: each with its tables; a lone server is "this server"', () => {
  const nodes = [
    { node: 'a', instance: 'a/1', tables: ['t-1', 't-2'], connections: 4, self: true },
    { node: 'b', instance: 'b/2', tables: [], connections: 0, self: false },
  ];
  const html = toHtml(adminView({ signedIn: true, totals, tables: [], sessions: [], nodes }, 0));
  assert.match(html, /Server nodes \(2\)/);
  assert.match(html, /data-node="a".*<code>a<\/code>.*\(this page\).*>4<.*>2<.*t-1, t-2/s);
  assert.match(html, /data-node="b".*<code>b<\/code>.*>0<.*>0</s);
  const lone = toHtml(adminView({ signedIn: true, totals, tables: [], sessions: [], nodes: [{ node: '', tables: ['t-1'], connections: 1, self: true }] }, 0));
  assert.match(lone, /Server nodes \(1\).*this server/s);
  assert.doesNotMatch(lone, /this page/);
});

test('a watched table is drawn by its game renderer, with the message beside it', () => {
  const view = example('table');
  const html = toHtml(adminView({ signedIn: true, totals, tables: [table], sessions: [], watching: { table: view.table, seat: 'spectator' }, view }, 0));
  assert.match(html, /as a spectator/);
  assert.match(html, /class="cb"/);
  assert.match(html, /The message, as that audience receives it/);
});

test('formats and failures', () => {
  assert.equal(formatAge(75), '1 min');
  assert.equal(formatAge(5), '5 s');
  assert.equal(formatBytes(3 * 2 ** 30), '3.0 GiB');
  assert.equal(failureText({ status: 401, body: { error: 'x' } }), 'That token is not right.');
  assert.match(failureText({ status: 404, body: { error: 'the admin API is off: start the server with --admin-token' } }), /off/);
});
