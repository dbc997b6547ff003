// Two server nodes as one (docs/cluster.md) in real headless Chromium: nodes A and B share a
// private PostgreSQL and Redis (started here, stopped after). Ann opens node A and hosts a
// table; Bo opens node B, finds Ann's table in B's lobby, joins it and plays the game to
// the end with her: every request of his goes to A through Redis and every view comes back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, startBrowser, arrive, createTable, joinAndReady, startWithBots, playToEnd, isFinished, shot } from './harness.js';

const SCRIPTS = fileURLToPath(new URL('../../../scripts/', import.meta.url));
const state = mkdtempSync(join(tmpdir(), 'crownhall-e2e-nodes-'));
const env = { nodes: [], browser: null };

before(async () => {
  execFileSync(join(SCRIPTS, 'test-postgres.sh'), ['start', join(state, 'pg')], { stdio: 'ignore' });
  execFileSync(join(SCRIPTS, 'test-redis.sh'), ['start', join(state, 'redis')], { stdio: 'ignore' });
  const kv = Object.fromEntries(readFileSync(join(state, 'pg/conninfo'), 'utf8').trim().split(/\s+/).map((p) => p.split('=')));
  const database = `postgres://${kv.user}@${kv.host}:${kv.port}/${kv.dbname}`;
  const redis = readFileSync(join(state, 'redis/address'), 'utf8').trim();
  for (const name of ['a', 'b'])
    env.nodes.push(await startServer(['--database', database, '--node', name, '--redis', redis]));
  env.browser = await startBrowser();
});

after(async () => {
  if (env.browser) await env.browser.close();
  for (const n of env.nodes) await n.stop();
  execFileSync(join(SCRIPTS, 'test-redis.sh'), ['stop', join(state, 'redis')], { stdio: 'ignore' });
  execFileSync(join(SCRIPTS, 'test-postgres.sh'), ['stop', join(state, 'pg')], { stdio: 'ignore' });
  rmSync(state, { recursive: true, force: true });
});

test('a person on node B joins a table on node A from B’s lobby and plays it to the end', async () => {
  const [a, b] = env.nodes;
  const ann = await arrive(env.browser, a.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '1, 2' });
  const bo = await joinAndReady(env.browser, b.url, 'Bo', { name: 'Ann', page: ann });
  await startWithBots(ann, 2);
  await bo.locator('.cb').waitFor();
  await shot(bo, 'two-nodes-01-bo-on-node-b');
  await playToEnd([ann, bo], 120000);
  for (const page of [ann, bo]) assert.ok(await isFinished(page));
  // Bo's requests went through node B to node A.
  const metrics = await (await fetch(`${b.url}metrics`)).text();
  const routed = Number((metrics.match(/^crownhall_messages_routed_total\{[^}]*\} (\d+)/m) || [])[1]);
  assert.ok(routed > 0, `node B routed ${routed} requests`);
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
