// Several nodes on one PostgreSQL database (issue 15; docs/storage.md, "Several nodes"):
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
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [exe, work, conninfoFile, redisFile] = process.argv.slice(2);
const redis = readFileSync(redisFile, 'utf8').trim();
const ADMIN = 'takeover-admin-token';
const TABLES = Number(process.env.TAKEOVER_TABLES || 6);
const OPTIONS = { schedule: [6, 7, 8, 9, 10] };  // long enough to be mid-game at the pause
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (why) => { console.error('FAIL:', why); for (const n of nodesStarted) console.error(`--- node ${n.name} log (end):\n${n.log.slice(-3000)}`); process.exit(1); };
const nodesStarted = [];
const t0 = Date.now();

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');

// A database of our own on the tests' private PostgreSQL.
const kv = Object.fromEntries(readFileSync(conninfoFile, 'utf8').trim().split(/\s+/).map((p) => p.split('=')));
const dbName = `takeover_${process.pid}`;
const psql = (db, sql) => execFileSync('psql', ['-X', '-q', '-t', '-A', '-h', kv.host, '-p', kv.port, '-U', kv.user, '-d', db, '-c', sql]).toString().trim();
psql('postgres', `DROP DATABASE IF EXISTS ${dbName}`);
psql('postgres', `CREATE DATABASE ${dbName}`);
const database = `postgres://${kv.user}@${kv.host}:${kv.port}/${dbName}`;

async function freePort() {
  return new Promise((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
}

class Node {
  constructor(name) { this.name = name; this.log = ''; }
  async start() {
    nodesStarted.push(this);
    this.port = await freePort();
    this.proc = spawn(exe, ['serve', '--port', String(this.port), '--database', database, '--node', this.name,
      '--redis', redis, '--admin-token', ADMIN, '--bot-delay-ms', '100', '--grace-seconds', '600', '--log-level', 'info', '--web-root', work],
    { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const out of [this.proc.stdout, this.proc.stderr]) out.on('data', (d) => { this.log += d; });
    this.exited = new Promise((r) => this.proc.once('exit', (code, sig) => r({ code, sig })));
    const since = Date.now();
    for (;;) {
      try { if ((await fetch(`http://127.0.0.1:${this.port}/healthz`)).ok) break; } catch {}
      if (Date.now() - since > 15000) fail(`node ${this.name} did not come up:\n${this.log}`);
      await sleep(30);
    }
  }
  signal(sig) { this.proc.kill(sig); }
  // The live nodes this node knows of (GET /api/admin/nodes), by name.
  async nodes() {
    const r = await fetch(`http://127.0.0.1:${this.port}/api/admin/nodes`, { headers: { Authorization: `Bearer ${ADMIN}` } });
    if (!r.ok) fail(`node ${this.name}: /api/admin/nodes answered ${r.status}`);
    return Object.fromEntries((await r.json()).nodes.map((n) => [n.node, n]));
  }
}

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

let seed = 4242;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

// One person at a table, playing random legal moves whenever it is their turn.
class Person {
  constructor(name) { this.name = name; this.acked = []; this.nextId = 1; this.token = null; }
  connect(node) {
    this.latest = null; this.pending = null; this.node = node;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws`);
      this.ws = ws; this.waiters = [];
      ws.onopen = () => ws.send(JSON.stringify(this.token ? { type: 'hello', protocol: 1, token: this.token }
        : { type: 'hello', protocol: 1, name: this.name }));
      ws.onerror = () => reject(new Error(`${this.name}: cannot connect to ${node.name}`));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'welcome') { this.token = m.you.token; this.welcomeTable = m.table; resolve(m); }
        if (m.type === 'table') {
          this.latest = m; this.tableId = m.table;
          if (m.you && m.you.seat !== undefined && m.you.seat !== null) this.seat = m.you.seat;
          if (m.state === 'finished' && m.game && m.game.outcome) this.outcome = m.game.outcome;
        }
        if (m.type === 'ack' && this.pending && m.id === this.pending.id) { this.acked.push(this.pending.action); this.pending = null; }
        if (m.type === 'error' && this.pending && m.id === this.pending.id) this.pending = null;
        for (const w of this.waiters.splice(0)) w(m);
        this.play();
      };
    });
  }
  request(m) {
    const id = `r${this.nextId++}`;
    return new Promise((res, rej) => {
      const wait = (msg) => {
        if ((msg.type === 'ack' || msg.type === 'error') && msg.id === id) msg.type === 'ack' ? res(msg) : rej(new Error(`${m.type}: ${msg.reason}`));
        else this.waiters.push(wait);
      };
      this.waiters.push(wait);
      this.ws.send(JSON.stringify({ ...m, id }));
    });
  }
  play() {
    const m = this.latest;
    if (this.pending || !m || m.state !== 'playing' || !m.game || !m.game.legal || !m.game.legal.length) return;
    const action = m.game.legal[rand(m.game.legal.length)];
    this.pending = { id: `a${this.nextId++}`, action };
    this.ws.send(JSON.stringify({ type: 'act', action, id: this.pending.id, seq: m.seq }));
  }
  // Reconnects to `nodes` (one, or each in turn) until one welcomes this person back at
  // their table.
  async returnTo(nodes, deadlineMs) {
    for (const list = [nodes].flat(); ;) {
      for (const node of list) {
        try { this.ws.close(); } catch {}
        try { await this.connect(node); if (this.welcomeTable === this.tableId || this.outcome) return; } catch {}
      }
      if (Date.now() > deadlineMs) fail(`${this.name}: not back at ${this.tableId} on ${list.map((n) => n.name)}`);
      await sleep(100);
    }
  }
}

async function stopNode(n) {
  n.signal('SIGTERM');
  const r = await Promise.race([n.exited, sleep(15000).then(() => null)]);
  if (!r) fail(`node ${n.name} did not stop within 15 s of SIGTERM`);
  if (r.code !== 0) fail(`node ${n.name} exited ${r.code} ${r.sig}`);
}

const acked = () => people.reduce((n, p) => n + p.acked.length, 0);
async function until(what, cond, ms) {
  const end = Date.now() + ms;
  while (!cond()) { if (Date.now() > end) fail(`timed out waiting for ${what}`); await sleep(50); }
}

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
const seenIn = await nodesUntil(b, 'node a with its tables', (l) => holds(l.a, tableIds) && l.b && l.b.self, 3000);
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
const records = JSON.parse(psql(dbName, 'SELECT coalesce(json_agg(record::json), \'[]\') FROM records'));
if (records.length !== TABLES) fail(`expected ${TABLES} records, found ${records.length}`);
for (const p of people) {
  const rec = records.find((r) => r.table === p.tableId);
  if (!rec) fail(`no record for table ${p.tableId}`);
  const file = path.join(work, `${rec.game_id}.json`);
  writeFileSync(file, JSON.stringify(rec));
  const out = JSON.parse(execFileSync(exe, ['replay', file]).toString());
  if (!out.finished) fail(`${rec.game_id}: replay does not finish`);
  for (const [k, v] of Object.entries(p.outcome))
    if (JSON.stringify(out[k]) !== JSON.stringify(v)) fail(`${rec.game_id}: outcome.${k} differs from what ${p.name} saw`);
  const mine = rec.actions.filter((x) => x.seat === p.seat).map((x) => JSON.stringify(x.action));
  let i = 0;
  for (const act of p.acked.map((x) => JSON.stringify(x))) {
    while (i < mine.length && mine[i] !== act) ++i;
    if (i === mine.length) fail(`${rec.game_id}: ${p.name}'s acknowledged action ${act} is missing`);
    ++i;
  }
}
const refused = (b.log.match(/belongs to another node/g) || []).length;
console.log(`ok: ${TABLES} games finished across a SIGKILL, a SIGSTOP and a deploy node by node; ${acked()} acknowledged actions all recorded; ` +
  `node b's late writes refused: ${refused}; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
psql('postgres', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
process.exit(0);
