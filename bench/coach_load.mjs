// The gap between a search bot's moves, with and without people asking the coach for
// reports (docs/performance.md, "Coach reports beside search bots"). Starts `crownhall
// serve` on a fresh data directory, plays one game to have a record to coach, then keeps
// TABLES tables of one person and three search bots playing (the person answers at once)
// and measures, at each table, the time from one move to the next where the next is a
// search bot's: first for SECONDS alone, then for SECONDS while COACHES clients each ask
// for a coach report of that record, again as soon as one is answered (a 503 waits 200 ms).
//
// node --experimental-websocket bench/coach_load.mjs CROWNHALL [-- serve flags...]
// Environment: TABLES (2), COACHES (4), SECONDS (20).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [exe, dashes, ...serveFlags] = process.argv.slice(2);
if (!exe || (dashes !== undefined && dashes !== '--')) {
  console.error('usage: node --experimental-websocket bench/coach_load.mjs CROWNHALL [-- flags]');
  process.exit(2);
}
const TABLES = Number(process.env.TABLES || 2);
const COACHES = Number(process.env.COACHES || 4);
const SECONDS = Number(process.env.SECONDS || 20);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let seed = 12345;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

const work = mkdtempSync(path.join(os.tmpdir(), 'coach-load-'));
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');
const port = await new Promise((res) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
});
const server = spawn(exe, ['serve', '--port', String(port), '--data', path.join(work, 'data'),
  '--bot-delay-ms', '0', '--log-level', 'warn', '--web-root', work, ...serveFlags],
{ stdio: ['ignore', 'inherit', 'inherit'] });
for (let t0 = Date.now(); ;) {
  try { if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break; } catch {}
  if (Date.now() - t0 > 10000) throw new Error('server did not come up');
  await sleep(20);
}

// A person who answers every decision of theirs at once with a random legal move, and
// notes when each move of the table arrived.
class Person {
  constructor(name) { this.name = name; this.nextId = 1; this.waiters = []; this.gaps = null; }
  connect() {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      this.ws = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: 1, name: this.name }));
      ws.onerror = () => reject(new Error('ws error'));
      ws.onmessage = (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'welcome') { this.token = m.you.token; resolve(m); }
        if (m.type === 'table') this.onTable(m);
        // A person answering at once outruns the limit of messages a second: the dropped
        // move is sent again a moment later, as a person would click again.
        if (m.type === 'error' && m.code === 'rate_limited' && this.latest) {
          this.actedAt = undefined;
          setTimeout(() => this.onTable(this.latest), 250);
        }
        for (const w of this.waiters.splice(0)) w(m);
      };
    });
  }
  onTable(m) {
    this.latest = m;
    const e = m.last_event;
    if (e && e.kind === 'action' && this.gaps) {
      const now = performance.now();
      if (this.lastMove !== undefined && e.seat !== this.seat) this.gaps.push(now - this.lastMove);
      this.lastMove = now;
    }
    if (m.state === 'finished' && this.host && !this.starting) {
      this.starting = true;  // the next game at once, so that the bots keep thinking
      this.request({ type: 'start' })
        .catch(() => setTimeout(() => this.onTable(this.latest), 250))  // rate_limited: again
        .finally(() => { this.starting = false; });
    }
    if (m.state === 'playing' && m.game && m.game.legal.length && m.seq !== this.actedAt) {
      this.actedAt = m.seq;
      this.ws.send(JSON.stringify({ type: 'act', action: m.game.legal[rand(m.game.legal.length)] }));
    }
  }
  request(m) {
    const id = `r${this.nextId++}`;
    return new Promise((res, rej) => {
      const wait = (msg) => {
        if ((msg.type === 'ack' || msg.type === 'error') && msg.id === id) msg.type === 'ack' ? res(msg) : rej(new Error(msg.reason));
        else this.waiters.push(wait);
      };
      this.waiters.push(wait);
      this.ws.send(JSON.stringify({ ...m, id }));
    });
  }
}

async function table(name, bots, botKind) {
  const p = new Person(name);
  await p.connect();
  p.host = true;
  await p.request({ type: 'create_table', game: 'crown-battles', seats: bots + 1 });
  for (let i = 0; i < bots; ++i) await p.request({ type: 'add_bot', kind: botKind });
  p.seat = 0;
  await p.request({ type: 'start' });
  return p;
}

// A finished game to coach: Cat and two heuristic bots, to the end.
console.error('coach_load: server up, playing the game to coach');
const cat = await table('Cat', 2, 'heuristic');
const auth = { Authorization: `Bearer ${cat.token}` };
let gameId = null;
for (let t0 = Date.now(); !gameId; await sleep(50)) {
  const h = await (await fetch(`http://127.0.0.1:${port}/api/history`, { headers: auth })).json();
  if (h.games && h.games.length) gameId = h.games[0].game_id;
  if (Date.now() - t0 > 60000) throw new Error('the game to coach did not finish');
}
cat.host = false;  // no next game for Cat
cat.ws.close();

console.error(`coach_load: coaching ${gameId}`);
const people = [];
for (let t = 0; t < TABLES; ++t) people.push(await table(`P${t}`, 3, 'search'));

async function measure(label, coaching) {
  for (const p of people) { p.gaps = []; p.lastMove = undefined; }
  let answered = 0, refused = 0, stop = false;
  const coach = async () => {
    while (!stop) {
      const r = await fetch(`http://127.0.0.1:${port}/api/records/${gameId}/coach?seat=0`, { headers: auth });
      await r.text();
      if (r.status === 200) ++answered;
      else if (r.status === 503) { ++refused; await sleep(200); } else throw new Error(`coach: ${r.status}`);
    }
  };
  const coaches = coaching ? Array.from({ length: COACHES }, coach) : [];
  await sleep(SECONDS * 1000);
  stop = true;
  await Promise.all(coaches);
  const gaps = people.flatMap((p) => p.gaps).sort((a, b) => a - b);
  const at = (q) => gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))].toFixed(0);
  console.log(`${label}: ${gaps.length} search-bot moves, gap median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms` +
    (coaching ? `; coach reports answered ${answered}, refused ${refused}` : ''));
}

await measure('without coach load', false);
await measure(`with ${COACHES} clients asking for coach reports`, true);
await measure('without coach load, again', false);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(work, { recursive: true, force: true });
process.exit(0);
