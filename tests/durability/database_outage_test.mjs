// PostgreSQL goes away under a running cluster for longer than the table lease (2 s;
// docs/cluster.md, "When the database goes away"). Three nodes on a PostgreSQL of this test's
// own and the tests' Redis; the tables on a and b, c idle.
//  1. PostgreSQL frozen (SIGSTOP of the server and its backends) for 3.5 s, then thawed;
//  2. PostgreSQL stopped (as a crash would) and started again on the same port 3.5 s later.
//  After each: no table has changed node (every lease ran out by the database's clock, but no
//  node died), and every person acts again on the connection they had, told nothing.
//  3. Node b frozen (SIGSTOP) past its lease: its tables go to a and c; when b wakes, its
//     people, still connected to b, are routed to their tables' new nodes and act again there,
//     never told `table_closed`.
//
// node --experimental-websocket database_outage_test.mjs CROWNHALL WORKDIR REDIS_ADDRESS_FILE
import path from 'node:path';
import { cluster, sleep } from './cluster_harness.mjs';
import { privatePostgres } from './private_servers.mjs';

const [exe, work, redisFile] = process.argv.slice(2);
const TABLES_PER_NODE = Number(process.env.OUTAGE_TABLES || 12);
const OPTIONS = { schedule: [8, 9, 10] };  // long enough to be mid-game through all three
const OUTAGE_MS = 3500;
const t0 = Date.now();
const pg = privatePostgres(path.join(`${work}-state`, 'pg'));
const { Node, Person, fail, until, psql, dbName, dropDatabase } =
  cluster({ exe, work, conninfoFile: pg.conninfoFile, redisFile, dbPrefix: 'outage' });

const a = new Node('a'), b = new Node('b'), c = new Node('c');
await Promise.all([a.start(), b.start(), c.start()]);
const people = [];
for (const node of [a, b]) {
  for (let t = 0; t < TABLES_PER_NODE; ++t) {
    const p = new Person(`${node.name}${t}`, { errorPauseMs: 300 });
    await p.connect(node);
    await p.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
    for (const kind of ['heuristic', 'random', 'heuristic']) await p.request({ type: 'add_bot', kind });
    await p.request({ type: 'start' });
    p.home = node;
    people.push(p);
  }
}
const acked = () => people.reduce((n, p) => n + p.acked.length, 0);
await until('some moves on a and b', () => acked() >= 2 * people.length, 20000);

// Each table's node by the database (`name/random`), and the node's name alone.
const owners = () => Object.fromEntries(psql(dbName, 'SELECT table_id, owner_node FROM tables WHERE state < 3')
  .split('\n').filter(Boolean).map((l) => l.split('|')));
const nodeName = (owner) => (owner || '').split('/')[0];
const before = owners();
for (const p of people)
  if (nodeName(before[p.tableId]) !== p.home.name) fail(`${p.tableId} is on ${before[p.tableId]}, not ${p.home.name}`);

// Every person still at their table acts again within `ms`, told nothing about moving.
async function everyoneActsAgain(what, ms) {
  const marks = people.map((p) => p.acked.length);
  const since = Date.now();
  await until(`every person to act again after ${what}`, () => people.every((p, i) => p.outcome || p.acked.length > marks[i]), ms,
    () => `${people.filter((p) => p.closed.length).length} people got table_closed; tables now on another node: ` +
      `${people.filter((p) => owners()[p.tableId] !== before[p.tableId]).length}; still waiting:\n` +
      people.filter((p, i) => !p.outcome && p.acked.length <= marks[i])
        .map((p) => `${p.name} at ${p.tableId}: ${p.errors.slice(-2).map((e) => e.code).join(',')}`).join('\n'));
  const closed = people.filter((p) => p.closed.length);
  if (closed.length) fail(`after ${what}, ${closed.length} people got table_closed: ${JSON.stringify(closed[0].closed[0])}`);
  return Date.now() - since;
}

function sameNodes(what) {
  const now = owners();
  const moved = people.filter((p) => !p.outcome && now[p.tableId] !== before[p.tableId]);
  if (moved.length)
    fail(`after ${what}, ${moved.length} of ${people.length} tables changed node though none died: ` +
      moved.slice(0, 5).map((p) => `${p.tableId} ${before[p.tableId]} -> ${now[p.tableId]}`).join(', '));
}

// 1. Frozen.
pg.freeze();
await sleep(OUTAGE_MS);
pg.thaw();
{
  const back = await everyoneActsAgain('PostgreSQL was frozen', 15000);
  await sleep(2500);  // more than a lease after its return: a claim would have come by now
  sameNodes('PostgreSQL was frozen');
  console.log(`PostgreSQL frozen ${OUTAGE_MS} ms: every table on its node; every person acted again ${back} ms after`);
}

// 2. Stopped and started again.
await pg.restartAfter(OUTAGE_MS);
{
  const back = await everyoneActsAgain('PostgreSQL restarted', 15000);
  await sleep(2500);
  sameNodes('PostgreSQL restarted');
  console.log(`PostgreSQL stopped ${OUTAGE_MS} ms and started again: every table on its node; every person acted again ${back} ms after`);
}

// 3. Node b frozen past its lease: its tables move; its people follow them from b.
if (people.filter((p) => !p.outcome).length < people.length / 2) fail('the games ended too soon for the pause to test anything');
b.signal('SIGSTOP');
const frozenAt = Date.now();
const bTables = people.filter((p) => p.home === b && !p.outcome).map((p) => p.tableId);
await until('b\'s tables on a and c', () => { const o = owners(); return bTables.every((id) => ['a', 'c'].includes(nodeName(o[id]))); }, 10000);
b.signal('SIGCONT');
{
  const back = await everyoneActsAgain('node b was frozen past its lease', 20000);
  const o = owners();
  const onA = bTables.filter((id) => nodeName(o[id]) === 'a').length;
  console.log(`node b frozen past its lease: its ${bTables.length} tables on a (${onA}) and c (${bTables.length - onA}); ` +
    `every person acted again ${back} ms after it woke, b's people still connected to b`);
  if (Date.now() - frozenAt > 25000) fail('unreachable');
}
for (const p of people) p.ws.close();
console.log(`ok: ${people.length} tables, ${acked()} acknowledged actions; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
for (const n of [a, b, c]) n.signal('SIGTERM');
await Promise.all([a, b, c].map((n) => n.exited));
dropDatabase();
process.exit(0);
