// What the several-nodes tests share (takeover_test.mjs, routing_test.mjs): a database of
// their own on the tests' private PostgreSQL, real `crownhall serve` nodes on it and the
// private Redis, and people who play random legal moves over real WebSockets.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const ADMIN = 'cluster-admin-token';

export function cluster({ exe, work, conninfoFile, redisFile, dbPrefix }) {
  const redis = readFileSync(redisFile, 'utf8').trim();
  const nodesStarted = [];
  const fail = (why) => {
    console.error('FAIL:', why);
    for (const n of nodesStarted) console.error(`--- node ${n.name} log (end):\n${n.log.slice(-3000)}`);
    process.exit(1);
  };
  // A test that fails leaves no node behind.
  process.on('exit', () => { for (const n of nodesStarted) try { n.proc.kill('SIGKILL'); } catch {} });
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'index.html'), '<!doctype html>');

  const kv = Object.fromEntries(readFileSync(conninfoFile, 'utf8').trim().split(/\s+/).map((p) => p.split('=')));
  const dbName = `${dbPrefix}_${process.pid}`;
  const psql = (db, sql) => execFileSync('psql', ['-X', '-q', '-t', '-A', '-h', kv.host, '-p', kv.port, '-U', kv.user, '-d', db, '-c', sql]).toString().trim();
  psql('postgres', `DROP DATABASE IF EXISTS ${dbName}`);
  psql('postgres', `CREATE DATABASE ${dbName}`);
  const database = `postgres://${kv.user}@${kv.host}:${kv.port}/${dbName}`;
  const dropDatabase = () => psql('postgres', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);

  async function freePort() {
    return new Promise((res) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
    });
  }

  class Node {
    // `extra`: more `serve` flags for this node.
    constructor(name, extra = []) { this.name = name; this.log = ''; this.extra = extra; }
    async start() {
      nodesStarted.push(this);
      this.port = await freePort();
      this.proc = spawn(exe, ['serve', '--port', String(this.port), '--database', database, '--node', this.name,
        '--redis', redis, '--admin-token', ADMIN, '--bot-delay-ms', '100', '--grace-seconds', '600', '--log-level', 'info', '--web-root', work,
        // Every client of these tests is this machine: no limits per address.
        '--max-connections-per-address', '0', '--new-sessions-per-minute', '0', '--new-tables-per-minute', '0',
        // A node stopped with SIGTERM lets its tables go at once, as the deploy scenario needs
        // (the drain has its own test: tests/hosting/drain_test.mjs).
        '--drain-seconds', '0', ...this.extra],
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
    async metric(name) {
      const text = await (await fetch(`http://127.0.0.1:${this.port}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${name}{`));
      return line ? Number(line.split(' ').pop()) : NaN;
    }
  }

  let seed = 4242;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

  // One person at a table, playing random legal moves whenever it is their turn. A refusal
  // the server asks to be sent again (routing_unavailable) is, as the web client does; after
  // any other refused action the person waits `errorPauseMs` before acting again.
  class Person {
    constructor(name, { errorPauseMs = 0 } = {}) {
      this.name = name; this.acked = []; this.sent = new Map(); this.nextId = 1; this.token = null; this.errors = []; this.lobbies = [];
      this.closed = []; this.errorPauseMs = errorPauseMs; this.quietUntil = 0;
    }
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
          if (m.type === 'error' && m.code === 'routing_unavailable' && m.request) {
            this.errors.push(m);
            setTimeout(() => { if (this.ws === ws && ws.readyState === 1) ws.send(JSON.stringify(m.request)); }, m.retry_ms);
            return;
          }
          if (m.type === 'table_closed') this.closed.push(m);
          if (m.type === 'welcome') { this.token = m.you.token; this.welcomeTable = m.table; resolve(m); }
          if (m.type === 'lobby') this.lobbies.push({ at: Date.now(), tables: m.tables });
          if (m.type === 'table') {
            this.latest = m; this.tableId = m.table; this.tables = (this.tables || 0) + 1;
            if (m.you && m.you.seat !== undefined && m.you.seat !== null) this.seat = m.you.seat;
            if (m.state === 'finished' && m.game && m.game.outcome) this.outcome = m.game.outcome;
          }
          if (m.type === 'error') this.errors.push(m);
          if (m.type === 'error' && this.errorPauseMs && this.pending && m.id === this.pending.id) {
            this.quietUntil = Date.now() + this.errorPauseMs;
            setTimeout(() => this.play(), this.errorPauseMs + 10);
          }
          if (m.type === 'ack' && this.sent.has(m.id)) this.acked.push(this.sent.get(m.id));
          if ((m.type === 'ack' || m.type === 'error') && this.sent.delete(m.id) && this.pending && m.id === this.pending.id) this.pending = null;
          for (const w of this.waiters.splice(0)) w(m);
          this.play();
        };
      });
    }
    request(m) {
      const id = `r${this.nextId++}`;
      return new Promise((res, rej) => {
        const wait = (msg) => {
          if ((msg.type === 'ack' || msg.type === 'error') && msg.id === id) msg.type === 'ack' ? res(msg) : rej(new Error(`${m.type}: ${msg.code}: ${msg.reason}`));
          else this.waiters.push(wait);
        };
        this.waiters.push(wait);
        this.ws.send(JSON.stringify({ ...m, id }));
      });
    }
    play() {
      const m = this.latest;
      // An action sent to a node that died unanswered is lost (never acknowledged): after a
      // while the person acts again, as one would in the browser.
      if (this.pending && Date.now() - this.pending.at > 3000) this.pending = null;
      if (this.pending || Date.now() < this.quietUntil) return;
      if (!m || m.state !== 'playing' || !m.game || !m.game.legal || !m.game.legal.length) return;
      const action = m.game.legal[rand(m.game.legal.length)];
      this.pending = { id: `a${this.nextId++}`, action, at: Date.now() };
      this.sent.set(this.pending.id, action);
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

  // `detail()`: what to tell about the people when it never comes.
  async function until(what, cond, ms, detail) {
    const end = Date.now() + ms;
    while (!cond()) { if (Date.now() > end) fail(`timed out waiting for ${what}${detail ? `\n${detail()}` : ''}`); await sleep(50); }
  }

  // Every action each person had acknowledged is in their table's stored record, in order,
  // and the record replays to the outcome they saw.
  function checkRecords(people, expected) {
    const records = JSON.parse(psql(dbName, 'SELECT coalesce(json_agg(record::json), \'[]\') FROM records'));
    if (records.length !== expected) fail(`expected ${expected} records, found ${records.length}`);
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
  }

  return { Node, Person, fail, until, stopNode, psql, dbName, dropDatabase, checkRecords };
}
