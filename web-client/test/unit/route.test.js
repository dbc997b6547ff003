import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRoute, formatRoute, inviteLink, watchLink, routeForTable } from '../../src/state/route.js';

test('routes round-trip through the hash', () => {
  for (const r of [{ name: 'lobby' }, { name: 'invite', invite: 'q7Zt0v3kP1sX8mWc' }, { name: 'watch', table: 't-81c3d2' }, { name: 'table', table: 't-1' }]) {
    assert.deepEqual(parseRoute(formatRoute(r)), r);
  }
});

test('unknown or empty hashes go to the lobby', () => {
  assert.deepEqual(parseRoute(''), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/nothing/here'), { name: 'lobby' });
  assert.deepEqual(parseRoute('#/invite/'), { name: 'lobby' });
});

test('invite and watch links keep the page address and replace the hash', () => {
  assert.equal(inviteLink('http://h:8080/#/table/t-1', 'abc'), 'http://h:8080/#/invite/abc');
  assert.equal(watchLink('http://h:8080/', 't-2'), 'http://h:8080/#/watch/t-2');
});

test('a spectator is routed to watch, a player to the table', () => {
  assert.deepEqual(routeForTable({ table: 't-1', you: { role: 'spectator' } }), { name: 'watch', table: 't-1' });
  assert.deepEqual(routeForTable({ table: 't-1', you: { role: 'player', seat: 0 } }), { name: 'table', table: 't-1' });
  assert.deepEqual(routeForTable(null), { name: 'lobby' });
});
