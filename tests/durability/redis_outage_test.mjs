// Redis goes away under a running cluster and comes back (docs/cluster.md, "When Redis goes
// away"). Two nodes on the tests' PostgreSQL and a Redis of this test's own; every table is on
// node a: some with one person, connected to a, and bots (local tables), the others with their
// host connected to a and a second person connected to b (routed).
//  - While Redis is stopped: /healthz and /readyz of both nodes answer 200 "degraded" naming
//    Redis (a balancer keeps them), /livez 200; the local tables play on; the people on b get
//    `routing_unavailable` (the retryable code; never `table_moving`) and send their request
//    again after its delay, as the web client does.
//  - Once Redis is back: /readyz says "ok" again and every routed person acts again.
//
// node --experimental-websocket redis_outage_test.mjs CROWNHALL WORKDIR PG_CONNINFO_FILE
import path from 'node:path';
import { cluster, sleep } from './cluster_harness.mjs';
import { privateRedis } from './private_servers.mjs';

const [exe, work, conninfoFile] = process.argv.slice(2);
const TABLES = Number(process.env.OUTAGE_TABLES || 6);
const OPTIONS = { schedule: [8, 9, 10] };  // long enough to be mid-game through the gap
const GAP_MS = 4000;
const t0 = Date.now();
const redis = privateRedis(path.join(`${work}-state`, 'redis'));
const { Node, Person, fail, until, dropDatabase } =
  cluster({ exe, work, conninfoFile, redisFile: redis.addressFile, dbPrefix: 'redis_outage' });

const a = new Node('a'), b = new Node('b');
await Promise.all([a.start(), b.start()]);
const locals = [], hosts = [], routed = [];
for (let t = 0; t < TABLES; ++t) {
  const solo = new Person(`Local${t}`, { errorPauseMs: 300 });
  await solo.connect(a);
  await solo.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
  for (const kind of ['heuristic', 'random', 'heuristic']) await solo.request({ type: 'add_bot', kind });
  await solo.request({ type: 'start' });
  locals.push(solo);
}
for (let t = 0; t < TABLES; ++t) {
  const host = new Person(`Host${t}`, { errorPauseMs: 300 }), onB = new Person(`B${t}`, { errorPauseMs: 300 });
  await host.connect(a); await onB.connect(b);
  await host.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
  await until(`table ${t} on a`, () => host.latest, 5000);
  await onB.request({ type: 'join_table', table: host.latest.table, as: 'player' });
  await until(`B${t} seated`, () => onB.tableId === host.tableId && onB.seat !== undefined, 5000);
  for (const kind of ['heuristic', 'random']) await host.request({ type: 'add_bot', kind });
  for (const p of [onB, host]) await p.request({ type: 'ready', ready: true });
  await host.request({ type: 'start' });
  hosts.push(host); routed.push(onB);
}
const people = [...locals, ...hosts, ...routed];
await until('moves by every person', () => people.every((p) => p.acked.length >= 1), 30000);

async function health(node, which) {
  const r = await fetch(`http://127.0.0.1:${node.port}/${which}`);
  const text = await r.text();
  try { return { code: r.status, body: JSON.parse(text) }; } catch { return { code: r.status, body: { status: text.trim() } }; }
}
async function expectHealth(node, which, code, status) {
  const h = await health(node, which);
  if (h.code !== code || h.body.status !== status)
    fail(`node ${node.name} /${which}: ${h.code} ${JSON.stringify(h.body)} (expected ${code} "${status}")`);
  return h.body;
}
for (const n of [a, b]) await expectHealth(n, 'healthz', 200, 'ok');
const errorCodes = (list, code) => list.reduce((k, p) => k + p.errors.filter((e) => e.code === code).length, 0);

// Redis away.
await redis.stop();
const stoppedAt = Date.now();
const localMarks = locals.map((p) => p.acked.length), routedMarks = routed.map((p) => p.acked.length);
for (const n of [a, b]) {
  while ((await health(n, 'healthz')).body.status === 'ok') {
    if (Date.now() - stoppedAt > 3000) fail(`node ${n.name} still says "ok" 3 s after Redis stopped`);
    await sleep(50);
  }
  for (const which of ['healthz', 'readyz']) {
    const body = await expectHealth(n, which, 200, 'degraded');
    if (!(body.down || []).includes('redis') || (body.down || []).includes('store')) fail(`node ${n.name} /${which} names ${JSON.stringify(body.down)} as down, not redis alone`);
  }
  await expectHealth(n, 'livez', 200, 'alive');
}
await until('every local table to play on without Redis', () => locals.every((p, i) => p.outcome || p.acked.length > localMarks[i] + 1), GAP_MS,
  () => locals.map((p, i) => `${p.name}: ${p.acked.length - localMarks[i]} more, last errors ${p.errors.slice(-2).map((e) => e.code)}`).join('\n'));
// Each person on b says something at their table: the request is refused for now, and sent
// again until it gets through.
const chats = routed.map((p) => p.request({ type: 'chat', text: 'still here' }));
await until('the routed people to be told to retry', () => routed.every((p) => p.errors.some((e) => e.code === 'routing_unavailable')), GAP_MS);
await sleep(Math.max(0, GAP_MS - (Date.now() - stoppedAt)));
const localsPlayed = locals.reduce((n, p, i) => n + p.acked.length - localMarks[i], 0);
const retryable = errorCodes(routed, 'routing_unavailable'), moving = errorCodes(routed, 'table_moving');
if (moving) fail(`routed people got table_moving ${moving} times while Redis was away`);

// Redis back.
await redis.start();
const backAt = Date.now();
for (let ok = false; !ok;) {
  const [ha, hb] = await Promise.all([health(a, 'readyz'), health(b, 'readyz')]);
  ok = ha.body.status === 'ok' && hb.body.status === 'ok';
  if (!ok && Date.now() - backAt > 5000) fail(`not ready 5 s after Redis came back: ${JSON.stringify([ha.body, hb.body])}`);
  if (!ok) await sleep(100);
}
const readyMs = Date.now() - backAt;
if (!await Promise.race([Promise.all(chats).then(() => true), sleep(10000).then(() => false)]))
  fail('the chat lines sent while Redis was away never got through');
const chatMs = Date.now() - backAt;
await until('every routed person to act again', () => routed.every((p, i) => p.outcome || p.acked.length > routedMarks[i]), 15000,
  () => routed.map((p, i) => `${p.name}: ${p.acked.length - routedMarks[i]} more, last errors ${p.errors.slice(-3).map((e) => e.code)}`).join('\n'));
const actedMs = Date.now() - backAt;
const closed = people.filter((p) => p.closed.length);
if (closed.length) fail(`${closed.length} people got table_closed`);
if (errorCodes(routed, 'table_moving') !== moving) fail('routed people got table_moving after Redis came back');
console.log(`Redis stopped ${GAP_MS} ms: both nodes answered 200 "degraded" (redis down); the people at local tables on a acted ${localsPlayed} times; ` +
  `the people on b got routing_unavailable ${retryable} times, table_moving 0; Redis back: ready after ${readyMs} ms, every chat line through after ${chatMs} ms, every routed person acted again after ${actedMs} ms`);
for (const p of people) p.ws.close();
for (const n of [a, b]) n.signal('SIGTERM');
await Promise.all([a, b].map((n) => n.exited));
console.log(`ok: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
dropDatabase();
process.exit(0);
