// Several nodes on one PostgreSQL database (docs/storage.md, "Several nodes"):
//  1. node A runs TABLES live games (a person and three bots each) and is killed with
//     SIGKILL: node B takes every table over within 5 s, each person reconnects to B with
//     their token (as through a load balancer) and lands on their seat, and every game
//     finishes there;
//  2. node C starts, B is paused (SIGSTOP) past its lease: C takes the tables over, and when
//     B wakes (SIGCONT) its late writes are refused and it lets the tables go;
//  3. a deploy node by node (start a new node, SIGTERM an old one, twice): every person is
//     back at their seat within seconds and every game goes on;
//  and all along, each node's admin API lists the live nodes (through Redis) and the tables
//  each holds: a dead node drops out;
// then, from the stored records: every action a person had acknowledged is there, each
// record replays to the outcome the players saw, and no table's log had two writers (the
// store's key forbids a number twice, and a record's actions are its log, 1..n).
//
// node --experimental-websocket takeover_test.mjs CROWNHALL WORKDIR PG_CONNINFO_FILE REDIS_ADDRESS_FILE
import { cluster, sleep } from './cluster_harness.mjs';

const [exe, work, conninfoFile, redisFile] = process.argv.slice(2);
const TABLES = Number(process.env.TAKEOVER_TABLES || 50);  // the count: 50 live tables
const OPTIONS = { schedule: [6, 7, 8, 9, 10] };  // long enough to be mid-game at the pause
const t0 = Date.now();
const { Node, Person, fail, until, stopNode, dropDatabase, checkRecords } =
  cluster({ exe, work, conninfoFile, redisFile, dbPrefix: 'takeover' });

// Polls `node`'s list of nodes until `cond(list)` holds; returns how long it took.
async function nodesUntil(node, what, cond, ms) {
  const since = Date.now();
  for (;;) {
    const list = await node.nodes();
    if (cond(list)) return Date.now() - since;
    if (Date.now() - since > ms) fail(`node ${node.name} never saw ${what}: ${JSON.stringify(list)}`);
    await sleep(100);
  }
}
const holds = (entry, ids) => entry && ids.every((id) => entry.tables.includes(id));

const acked = () => people.reduce((n, p) => n + p.acked.length, 0);
const a = new Node('a'), b = new Node('b');
await a.start(); await b.start();
const people = [];
for (let t = 0; t < TABLES; ++t) {
  const p = new Person(`P${t}`);
  await p.connect(a);
  await p.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
  for (const kind of ['heuristic', 'random', 'heuristic']) await p.request({ type: 'add_bot', kind });
  await p.request({ type: 'start' });
  people.push(p);
}
await until('some moves on node a', () => acked() >= 2 * TABLES, 20000);
const tableIds = people.map((p) => p.tableId);
// A node's table ids are long enough to be unique among nodes by chance (64 bits).
for (const id of tableIds) if (!/^t-[0-9a-f]{16}$/.test(id)) fail(`table id ${id} is not t- and 16 hex digits`);
const seenIn = await nodesUntil(b, 'node a with its tables', (l) => holds(l.a, tableIds) && l.b && l.b.self, 10000);
console.log(`node b lists node a with its ${TABLES} tables after ${seenIn} ms`);

// 1. SIGKILL node a mid-game.
const ackedBeforeKill = acked();
a.signal('SIGKILL');
await a.exited;
const killedAt = Date.now();
// Each person reconnects once, at once, as the browser does (through the balancer, to node
// b, before b has their table): b seats them when it takes the table over, and sends them
// the table without their asking again.
await Promise.all(people.map(async (p) => {
  for (;;) {
    try { await p.connect(b); break; } catch { await sleep(50); }
  }
  while (!(p.latest && p.latest.table === p.tableId) && !p.outcome) {
    if (Date.now() > killedAt + 5000) fail(`${p.name}: node b never sent table ${p.tableId} to the connection that waited for it`);
    await sleep(50);
  }
}));
const takeoverMs = Date.now() - killedAt;
console.log(`node a killed with ${ackedBeforeKill} acknowledged actions; every person back at their table on node b after ${takeoverMs} ms`);
if (takeoverMs > 5000) fail(`takeover took ${takeoverMs} ms (goal: 5 s)`);
await until('moves on node b', () => acked() >= ackedBeforeKill + TABLES, 20000);
const goneIn = await nodesUntil(b, 'node a gone and its tables on b', (l) => !l.a && holds(l.b, tableIds), 8000);
console.log(`node b's list: node a gone, its tables on b, ${Date.now() - killedAt} ms after the kill`);
if (goneIn < 0) fail('unreachable');

// 2. Pause node b past its lease; node c takes over; b wakes and must write nothing more.
const c = new Node('c');
await c.start();
if (people.filter((p) => !p.outcome).length < TABLES / 2) fail('the games ended too soon for the pause to test anything');
b.signal('SIGSTOP');
const stoppedAt = Date.now();
await Promise.all(people.map((p) => p.returnTo(c, stoppedAt + 8000)));
console.log(`node b paused; every person back at their table on node c after ${Date.now() - stoppedAt} ms`);
b.signal('SIGCONT');
await until('node b to notice it lost its tables', () => /another node took it over/.test(b.log), 10000);
// Each node names itself on /healthz, and labels every /metrics sample with its name.
{
  const health = await (await fetch(`http://127.0.0.1:${c.port}/healthz`)).json();
  if (health.node !== 'c' || health.status !== 'ok') fail(`node c's /healthz: ${JSON.stringify(health)}`);
  const metrics = (await (await fetch(`http://127.0.0.1:${c.port}/metrics`)).text()).split('\n');
  const samples = metrics.filter((l) => l && !l.startsWith('#'));
  const unlabelled = samples.filter((l) => !/^[a-z_]+\{node="c"[,}]/.test(l));
  if (!samples.length || unlabelled.length) fail(`samples without node="c": ${unlabelled.slice(0, 3).join(' | ')}`);
  if (!samples.some((l) => /^crownhall_tables\{node="c",state="(playing|finished)"\} [1-9]/.test(l))) fail('node c plays no table by /metrics');
}

// 3. A deploy, node by node: a new node starts, then an old one stops with SIGTERM (letting
//    its tables go at once); the people go on at the nodes that took their tables. (A
//    person tries each live node, as routing between nodes will do for them.)
let live = [b, c];
for (const name of ['d', 'e']) {
  const fresh = new Node(name);
  await fresh.start();
  const old = live.shift();
  const since = Date.now();
  await stopNode(old);
  live.push(fresh);
  await Promise.all(people.map((p) => p.returnTo(live, since + 5000)));
  console.log(`deploy: node ${old.name} stopped; every person back at their table on ${live.map((n) => n.name).join(' or ')} after ${Date.now() - since} ms`);
}

await until('every game to finish', () => people.every((p) => p.outcome), 120000);
await sleep(300);
for (const p of people) p.ws.close();
for (const n of live) await stopNode(n);

// The records, straight from PostgreSQL.
checkRecords(people, TABLES);
const refused = (b.log.match(/belongs to another node/g) || []).length;
console.log(`ok: ${TABLES} games finished across a SIGKILL, a SIGSTOP and a deploy node by node; ${acked()} acknowledged actions all recorded; ` +
  `node b's late writes refused: ${refused}; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
dropDatabase();
process.exit(0);
