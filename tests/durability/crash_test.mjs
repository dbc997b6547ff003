// SIGKILL the server in the middle of games, at many different points; restart it on the
// same data directory; the clients reconnect with their tokens and finish. Then every
// finished record must replay (crownhall replay) to the outcome the players saw, every
// action a player had acknowledged must be in its record, and the deal must verify.
//
// node --experimental-websocket crash_test.mjs CROWNHALL WORKDIR
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [exe, work] = process.argv.slice(2);
const TABLES = Number(process.env.CRASH_TABLES || 3);
const OPTIONS = { schedule: [2, 3, 4] };
let seed = Number(process.env.CRASH_SEED || 12345);
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fail = (why) => { console.error('FAIL:', why); process.exitCode = 1; throw new Error(why); };

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const data = path.join(work, 'data');
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');

async function freePort() {
  return new Promise((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port; s.close(() => res(p));
    });
  });
}

let server = null, port = 0;
async function startServer() {
  port = await freePort();
  server = spawn(exe, ['serve', '--port', String(port), '--data', data, '--bot-delay-ms', '0',
    '--grace-seconds', '600', '--log-level', 'warn', '--web-root', work,
    // Every client of this test is this machine: no limits per address.
    '--max-connections-per-address', '0', '--new-sessions-per-minute', '0', '--new-tables-per-minute', '0'],
    { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((r) => server.once('exit', (code, sig) => r({ code, sig })));
  server.exited = exited;
  const t0 = Date.now();
  for (;;) {
    try { const r = await fetch(`http://127.0.0.1:${port}/healthz`); if (r.ok) break; } catch {}
    if (Date.now() - t0 > 10000) fail('server did not come up');
    await sleep(20);
  }
  return Date.now() - t0;
}
async function killServer(signal) {
  server.kill(signal);
  const r = await server.exited;
  if (signal === 'SIGTERM' && r.code !== 0) fail(`server exited ${r.code} ${r.sig}`);
}

class Client {
  constructor(name) { this.name = name; this.token = null; this.acked = []; this.nextId = 1; }
  connect() {
    this.pending = null; this.latest = null;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      this.ws = ws; this.waiters = [];
      ws.onopen = () => ws.send(JSON.stringify(this.token
        ? { type: 'hello', protocol: 1, token: this.token } : { type: 'hello', protocol: 1, name: this.name }));
      ws.onerror = () => reject(new Error('ws error'));
      ws.onclose = () => { this.closed = true; };
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'welcome') {
          if (this.token && m.you.token !== this.token) fail('token changed on resume');
          this.token = m.you.token; this.player = m.you.player; this.welcomeTable = m.table; resolve(m);
        } else if (m.type === 'table') {
          this.latest = m; this.tableId = m.table;
          if (m.game && m.game.view !== undefined) this.seat = m.you.seat;
          if (m.state === 'finished' && m.game && m.game.outcome) { this.outcome = m.game.outcome; this.deal = m.deal; }
        } else if (m.type === 'ack' && this.pending && m.id === this.pending.id) {
          this.acked.push(this.pending.action); this.pending = null; onAck();
        } else if (m.type === 'error' && this.pending && m.id === this.pending.id) {
          this.pending = null;
        }
        for (const w of this.waiters.splice(0)) w(m);
        this.play();
      };
      this.closed = false;
    });
  }
  send(m) { this.ws.send(JSON.stringify(m)); }
  request(m) {
    const id = `r${this.nextId++}`;
    return new Promise((res, rej) => {
      const wait = (msg) => {
        if ((msg.type === 'ack' || msg.type === 'error') && msg.id === id) msg.type === 'ack' ? res(msg) : rej(new Error(msg.reason));
        else this.waiters.push(wait);
      };
      this.waiters.push(wait);
      this.send({ ...m, id });
    });
  }
  play() {
    if (this.closed || this.pending || !this.latest || !this.active) return;
    const m = this.latest;
    if (m.state !== 'playing' || !m.game || !m.game.legal.length) return;
    const action = m.game.legal[rand(m.game.legal.length)];
    this.pending = { id: this.nextId++, action };
    this.send({ type: 'act', action, id: this.pending.id, seq: m.seq });
  }
}

let acksSinceStart = 0, killAt = 0;
let onAck = () => {};

const t0 = Date.now();
await startServer();
const clients = [];
for (let t = 0; t < TABLES; ++t) {
  const a = new Client(`A${t}`), b = new Client(`B${t}`);
  await a.connect(); await b.connect();
  await a.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
  await b.request({ type: 'join_table', table: a.tableId, as: 'player' });
  await a.request({ type: 'add_bot', kind: 'heuristic' });
  await a.request({ type: 'add_bot', kind: 'random' });
  await b.request({ type: 'ready', ready: true });
  clients.push(a, b);
}
// Start the games, and kill the server at once after the first start too.
let kills = 0;
const restartTimes = [];
for (let round = 0; ; ++round) {
  if (round === 0) {
    for (let t = 0; t < TABLES; ++t) await clients[2 * t].request({ type: 'start' });
    if (rand(2) === 0) { await killServer('SIGKILL'); ++kills; restartTimes.push(await startServer()); for (const c of clients) await c.connect(); }
  }
  const done = () => clients.every((c) => c.outcome);
  if (done()) break;
  // Play until `killAt` actions have been acknowledged (or every game ended), then kill.
  killAt = 1 + rand(8); acksSinceStart = 0;
  await new Promise((resolve) => {
    const check = () => { if (acksSinceStart >= killAt || done()) { onAck = () => {}; clearInterval(iv); resolve(); } };
    onAck = () => { ++acksSinceStart; check(); };
    const iv = setInterval(check, 50);
    for (const c of clients) { c.active = true; c.play(); }
  });
  if (done()) break;
  // Sometimes kill with an action in flight.
  if (rand(2) === 0) for (const c of clients) c.play();
  await killServer('SIGKILL'); ++kills;
  for (const c of clients) c.active = false;
  restartTimes.push(await startServer());
  for (const c of clients) {
    await c.connect();
    if (!c.outcome && c.welcomeTable === null) {
      // The game ended just before the kill, before its last view reached this player. A
      // just-finished table is rebuilt (Restart.ATableWhoseGameJustFinishedComesBack); should this player not be back at it, the game is in their history.
      const h = await (await fetch(`http://127.0.0.1:${port}/api/history`, { headers: { Authorization: `Bearer ${c.token}` } })).json();
      const g = h.games.find((x) => x.table === c.tableId);
      if (g) { c.outcome = g.summary.outcome; c.seat = g.seat; continue; }
    }
    if (!c.outcome && c.welcomeTable !== c.tableId) fail(`${c.name}: welcome names table ${c.welcomeTable}, expected ${c.tableId}`);
  }
  if (Date.now() - t0 > 150000) fail('took too long');
}
await sleep(200);
// History: each player lists the finished games of their session and downloads the record.
const downloaded = {};
for (const c of clients) {
  const none = await fetch(`http://127.0.0.1:${port}/api/history`);
  if (none.status !== 401) fail(`history without a token answered ${none.status}`);
  const h = await (await fetch(`http://127.0.0.1:${port}/api/history`, { headers: { Authorization: `Bearer ${c.token}` } })).json();
  if (h.player !== c.player || h.games.length !== 1) fail(`${c.name}: history ${JSON.stringify(h)}`);
  const r = await fetch(`http://127.0.0.1:${port}/api/records/${h.games[0].game_id}`, { headers: { Authorization: `Bearer ${c.token}` } });
  if (!r.ok) fail(`${c.name}: record download ${r.status}`);
  downloaded[h.games[0].game_id] = await r.json();
}
// /metrics parses as the Prometheus text format (a strict reading of version 0.0.4).
{ const x = new Client('X'); await x.connect(); await x.request({ type: 'create_table', game: 'crown-battles', seats: 4 }); x.ws.close(); }  // a store write in this process
{
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const types = new Map();
  const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
  const labelPair = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"$/;
  let samples = 0;
  if (!text.endsWith('\n')) fail('/metrics does not end with a newline');
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) {
      const [, kind, name, ...rest] = line.split(' ');
      if (!metricName.test(name)) fail(`bad metric name in: ${line}`);
      if (kind === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest[0]) || rest.length !== 1) fail(`bad TYPE: ${line}`);
        if (types.has(name)) fail(`second TYPE for ${name}`);
        types.set(name, rest[0]);
      }
      continue;
    }
    if (line.startsWith('#') || line === '') fail(`unexpected line: ${JSON.stringify(line)}`);
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? ([^ ]+)( -?[0-9]+)?$/.exec(line);
    if (!m) fail(`not a sample: ${line}`);
    const [, name, labels, value] = m;
    if (labels && labels !== '{}') for (const pair of labels.slice(1, -1).split(',')) if (!labelPair.test(pair)) fail(`bad label ${pair} in ${line}`);
    if (!/^(NaN|[+-]Inf|[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)$/.test(value)) fail(`bad value in ${line}`);
    const base = name.replace(/_(bucket|sum|count)$/, '');
    const type = types.get(name) || types.get(base);
    if (!type) fail(`sample before its TYPE: ${line}`);
    if (type !== 'histogram' && name !== base && !types.has(name)) fail(`suffix on a ${type}: ${line}`);
    if (name.endsWith('_bucket') && !/le="/.test(labels || '')) fail(`bucket without le: ${line}`);
    ++samples;
  }
  for (const need of ['crownhall_connections', 'crownhall_tables', 'crownhall_messages_in_total',
    'crownhall_messages_out_total', 'crownhall_errors_total', 'crownhall_store_append_seconds'])
    if (!types.has(need)) fail(`/metrics lacks ${need}`);
  if (!/crownhall_store_write_seconds_count [1-9]/.test(text)) fail('no store write latency observed');
  console.log(`metrics: ${samples} samples parse`);
}
for (const c of clients) c.ws.close();
await killServer('SIGTERM');

// The records, straight from the store.
const rows = JSON.parse(execFileSync('python3', ['-c', `
import sqlite3, json, sys
db = sqlite3.connect(sys.argv[1])
print(json.dumps([r[0] for r in db.execute("SELECT record FROM records")]))`, path.join(data, 'crownhall.db')]).toString());
if (rows.length !== TABLES) fail(`expected ${TABLES} records, found ${rows.length}`);
const records = rows.map((r) => JSON.parse(r));
for (let t = 0; t < TABLES; ++t) {
  const [a, b] = [clients[2 * t], clients[2 * t + 1]];
  const rec = records.find((r) => r.table === a.tableId);
  if (!rec) fail(`no record for table ${a.tableId}`);
  if (JSON.stringify(downloaded[rec.game_id]) !== JSON.stringify(rec)) fail(`${rec.game_id}: the downloaded record differs from the store's`);
  const file = path.join(work, `${rec.game_id}.json`);
  writeFileSync(file, JSON.stringify(rec));
  const out = JSON.parse(execFileSync(exe, ['replay', file]).toString());
  if (!out.finished) fail(`${rec.game_id}: replay does not finish`);
  for (const [k, v] of Object.entries(a.outcome))
    if (JSON.stringify(out[k]) !== JSON.stringify(v)) fail(`${rec.game_id}: outcome.${k} differs from what the players saw`);
  for (const c of [a, b]) {
    const mine = rec.actions.filter((x) => x.seat === c.seat).map((x) => JSON.stringify(x.action));
    let i = 0;
    for (const act of c.acked.map((x) => JSON.stringify(x))) {
      while (i < mine.length && mine[i] !== act) ++i;
      if (i === mine.length) fail(`${rec.game_id}: ${c.name}'s acknowledged action ${act} is missing`);
      ++i;
    }
  }
  if (rec.salt && rec.commitment && a.deal && a.deal.commitment !== rec.commitment) fail('commitment differs');
  const ok = execFileSync(exe, ['verify', file]).toString();
  if (!/deal commitment matches/.test(ok)) fail(`${rec.game_id}: verify did not check the commitment: ${ok}`);
  // Tampering with the seed, the salt or the commitment must be caught (exit 3).
  for (const [field, value] of [['seed', String(BigInt(rec.seed) + 1n)], ['salt', rec.salt.replace(/^./, (c) => (c === '0' ? '1' : '0'))],
    ['commitment', '0'.repeat(64)]]) {
    const bad = path.join(work, `${rec.game_id}-bad-${field}.json`);
    writeFileSync(bad, JSON.stringify({ ...rec, [field]: value }));
    let code = 0;
    try { execFileSync(exe, ['verify', bad], { stdio: 'pipe' }); } catch (e) { code = e.status; }
    if (code !== 3) fail(`verify of a record with a tampered ${field} exited ${code}, expected 3`);
  }
}
console.log(`ok: ${TABLES} games finished across ${kills} SIGKILLs; restarts served after ` +
  `${restartTimes.join(', ')} ms; ${clients.reduce((n, c) => n + c.acked.length, 0)} acknowledged player actions all recorded; ` +
  `${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(process.exitCode || 0);
