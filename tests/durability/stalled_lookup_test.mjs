// A database slow to answer people's look-ups holds up nobody else (docs/cluster.md,
// "Where a table lives"): two nodes A and B on one PostgreSQL database and one Redis. Three
// people on B (more than its two socket threads) open the invite link of a table on A while
// B's look-up connection is held still for 3 s (its PostgreSQL backend stopped with SIGSTOP, as a query stuck on a lock or
// a slow disk would hold it). Meanwhile, on B, six other connections' pings are answered
// at once and a person playing at a table of B's own has every move acknowledged; the
// people waiting get nothing until the database answers, then their seats at once.
//
// node --experimental-websocket stalled_lookup_test.mjs CROWNHALL WORKDIR PG_CONNINFO_FILE REDIS_ADDRESS_FILE
import { execFileSync } from 'node:child_process';
import { cluster, sleep } from './cluster_harness.mjs';

const [exe, work, conninfoFile, redisFile] = process.argv.slice(2);
const STALL_MS = 3000;
const { Node, Person, fail, until, stopNode, psql, dbName, dropDatabase } =
  cluster({ exe, work, conninfoFile, redisFile, dbPrefix: 'stalled_lookup' });

// Two socket threads on B: a look-up waiting on one of them would stall every connection
// that thread serves.
const a = new Node('a'), b = new Node('b', ['--threads', '2']);
await Promise.all([a.start(), b.start()]);

const host = new Person('Host');
await host.connect(a);
await host.request({ type: 'create_table', game: 'crown-battles', seats: 6, options: { schedule: [3] }, private: true });
await until('the private table on A', () => host.latest && host.latest.invite, 5000);
const invite = host.latest.invite;

// B looks A's table up once, so that its look-up connection is open.
const early = new Person('Early');
await early.connect(b);
await early.request({ type: 'join_table', invite, as: 'player' });
await until('Early at the table on A', () => early.tableId === host.latest.table, 5000);

// A game at a table of B's own: one person and three bots, moves acknowledged as they go.
const player = new Person('Player');
await player.connect(b);
await player.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: { schedule: [10, 10] } });
await until('the table on B', () => player.latest && player.latest.table, 5000);
for (let i = 0; i < 3; ++i) await player.request({ type: 'add_bot', kind: 'heuristic' });
await player.request({ type: 'ready', ready: true });
await player.request({ type: 'start' });
await until('the game on B', () => player.latest && player.latest.state === 'playing', 5000);

// Six connections to B that ping every 50 ms and keep each round trip's time.
const pingers = await Promise.all([...Array(6)].map((_, i) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://127.0.0.1:${b.port}/ws`);
  const p = { ws, sent: new Map(), trips: [], next: 1 };
  ws.onerror = () => reject(new Error(`pinger ${i}: cannot connect`));
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: 1, name: `Pinger${i}` }));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'welcome') resolve(p);
    if (m.type === 'pong' && p.sent.has(m.id)) { p.trips.push({ at: p.sent.get(m.id), ms: Date.now() - p.sent.get(m.id) }); p.sent.delete(m.id); }
  };
})));
const pinging = setInterval(() => {
  for (const p of pingers) {
    const id = `p${p.next++}`;
    p.sent.set(id, Date.now());
    p.ws.send(JSON.stringify({ type: 'ping', id }));
  }
}, 50);
await sleep(300);

// B's look-up connection, held still.
const backends = psql(dbName, "SELECT pid FROM pg_stat_activity WHERE application_name = 'crownhall look-ups (node b)'").split('\n').filter(Boolean);
if (backends.length !== 1) fail(`expected B's one look-up connection, found ${backends.length}`);
const pid = backends[0];
let stopped = false;
const resume = () => { if (stopped) { stopped = false; execFileSync('kill', ['-CONT', pid]); } };
process.on('exit', resume);
execFileSync('kill', ['-STOP', pid]);
stopped = true;
const stallStart = Date.now();
const ackedBefore = player.acked.length;

// More people opening the link at once than B has socket threads.
const late = [1, 2, 3].map((i) => new Person(`Late${i}`));
for (const p of late) await p.connect(b);
const joinedAt = late.map(() => 0);
const joining = late.map((p, i) => p.request({ type: 'join_table', invite, as: 'player' }).then(() => { joinedAt[i] = Date.now(); }));
await sleep(STALL_MS);
const ackedDuring = player.acked.length - ackedBefore;
const answeredDuringStall = joinedAt.some((t) => t !== 0);
resume();
const resumedAt = Date.now();
await Promise.race([Promise.all(joining), sleep(5000)]);
clearInterval(pinging);

const during = pingers.flatMap((p) => p.trips.filter((t) => t.at >= stallStart && t.at < resumedAt));
const unanswered = pingers.flatMap((p) => [...p.sent.values()].filter((at) => at >= stallStart && at < resumedAt));
const worst = Math.max(...during.map((t) => t.ms));
console.log(`during a ${STALL_MS} ms stall of B's look-ups: ${during.length} pings answered (slowest ${worst} ms), ` +
  `${unanswered.length} unanswered; ${ackedDuring} moves acknowledged at B's own table; ` +
  `the waiting joins answered ${joinedAt.map((t) => (t ? t - resumedAt : 'never')).join(', ')} ms after the database came back`);
if (answeredDuringStall) fail('a join was answered while the look-ups were held: the stall did not hold them');
if (joinedAt.some((t) => !t)) fail('a waiting join was not answered within 5 s of the database coming back');
for (const p of late) if (p.tableId !== host.latest.table) fail(`${p.name} is at ${p.tableId}, not at A's table ${host.latest.table}`);
if (unanswered.length) fail(`${unanswered.length} pings sent during the stall were never answered`);
if (during.length < 6 * (STALL_MS / 50) * 0.5) fail(`only ${during.length} pings answered during the stall`);
if (worst > 1000) fail(`a ping took ${worst} ms during the stall (goal: under 1 s)`);
if (ackedDuring < 2) fail(`only ${ackedDuring} moves acknowledged at B's own table during the stall`);

for (const p of pingers) p.ws.close();
for (const p of [host, early, player, ...late]) p.ws.close();
await stopNode(a);
await stopNode(b);
dropDatabase();
console.log('ok');
