// A database slow to answer people arriving holds up nobody else (docs/server.md, "Sessions
// and reconnect"): one server keeping its data in SQLite, on two socket threads. While
// another process holds the database's write lock for 2.5 s (as a backup or a stuck writer
// would), three new guests say hello: each new session must be written before its welcome.
// Meanwhile six connections already in ping every 50 ms and are answered at once, and three
// of them ask for their history (read behind the waiting writes, on the store's own threads);
// the three are welcomed and the histories answered only when the database answers.
//
// node --experimental-websocket stalled_arrival_test.mjs CROWNHALL WORK_DIR
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { hello, historyOf, sleep } from './returning_guest.mjs';

const STALL_MS = 2500;  // under the store's 5 s busy timeout: the writes wait, then pass
const [exe, work] = process.argv.slice(2);
let server = null;
let holder = null;
process.on('exit', () => { for (const p of [server, holder]) try { p?.kill('SIGKILL'); } catch {} });
const fail = (why) => { console.error('FAIL:', why, server ? `\n--- server:\n${server.log.slice(-3000)}` : ''); process.exit(1); };

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');
const data = path.join(work, 'data');
const port = await new Promise((res) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
});
server = spawn(exe, ['serve', '--port', String(port), '--data', data, '--web-root', work, '--threads', '2',
  '--new-sessions-per-minute', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
server.log = '';
for (const out of [server.stdout, server.stderr]) out.on('data', (d) => { server.log += d; });
for (const since = Date.now(); ;) {
  try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch {}
  if (Date.now() - since > 15000) fail('the server did not come up');
  await sleep(30);
}

// Six people in already, pinging every 50 ms; each round trip's time is kept.
const pingers = await Promise.all([...Array(6)].map((_, i) => hello(port, { name: `Pinger${i}` })));
const trips = [];
const sent = new Map();
let next = 1;
for (const p of pingers) {
  p.ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'pong' && sent.has(m.id)) { trips.push({ at: sent.get(m.id), ms: Date.now() - sent.get(m.id) }); sent.delete(m.id); }
  });
}
const pinging = setInterval(() => {
  for (const p of pingers) {
    const id = `p${next++}`;
    sent.set(id, Date.now());
    p.send({ type: 'ping', id });
  }
}, 50);
await sleep(300);

// The write lock, held by another process until it is told to let go.
holder = spawn('python3', ['-c', `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=5)
db.execute('BEGIN IMMEDIATE')
print('locked', flush=True)
sys.stdin.readline()
db.execute('COMMIT')
`, path.join(data, 'crownhall.db')], { stdio: ['pipe', 'pipe', 'inherit'] });
await new Promise((res, rej) => {
  holder.stdout.once('data', (d) => (String(d).startsWith('locked') ? res() : rej(new Error(String(d)))));
  holder.once('exit', (code) => rej(new Error(`the lock holder exited (${code})`)));
}).catch((e) => fail(`cannot hold the database's write lock: ${e.message}`));
const stallStart = Date.now();

// More people arriving at once than the server has socket threads.
const welcomedAt = [0, 0, 0];
const arriving = [0, 1, 2].map((i) => hello(port, { name: `Late${i}` }).then((c) => { welcomedAt[i] = Date.now(); return c; }));
await sleep(100);
// Three people already in look at their past games while the arrivals wait on the database.
const readAt = [0, 0, 0];
const histories = pingers.slice(0, 3).map((p, i) => historyOf(port, p.answer.you.token).then((h) => { readAt[i] = Date.now(); return h; }));
await sleep(STALL_MS - 100);
const welcomedDuringStall = welcomedAt.some((t) => t !== 0);
holder.stdin.write('\n');
const releasedAt = Date.now();
const late = await Promise.race([Promise.all(arriving), sleep(5000).then(() => null)]);
const read = await Promise.race([Promise.all(histories), sleep(5000).then(() => null)]);
clearInterval(pinging);
await sleep(200);

const during = trips.filter((t) => t.at >= stallStart && t.at < releasedAt);
const unanswered = [...sent.values()].filter((at) => at >= stallStart && at < releasedAt - 1000);
const worst = Math.max(...during.map((t) => t.ms));
console.log(`during a ${STALL_MS} ms hold of the database's write lock: ${during.length} pings answered ` +
  `(slowest ${worst} ms), ${unanswered.length} unanswered; the arriving guests welcomed ` +
  `${welcomedAt.map((t) => (t ? t - releasedAt : 'never')).join(', ')} ms after the lock was let go, the histories ` +
  `${readAt.map((t) => (t ? t - releasedAt : 'never')).join(', ')} ms after`);
if (welcomedDuringStall) fail('a guest was welcomed while the database was locked: the lock did not hold the new session');
if (!late) fail('an arriving guest was not welcomed within 5 s of the lock being let go');
for (const c of late) {
  if (c.answer.type !== 'welcome') fail(`an arriving guest got ${JSON.stringify(c.answer)}`);
  if (!/^[0-9a-f]{64}$/.test(c.answer.you.identity ?? '')) fail('an arriving guest was given no identity');
}
if (!read) fail('a history asked for during the stall was not answered within 5 s of the lock being let go');
for (const h of read) if (!Array.isArray(h)) fail(`a history asked for during the stall was answered ${h}`);
if (unanswered.length) fail(`${unanswered.length} pings sent during the stall were never answered`);
if (during.length < 6 * (STALL_MS / 50) * 0.5) fail(`only ${during.length} pings answered during the stall`);
if (worst > 1000) fail(`a ping took ${worst} ms during the stall (goal: under 1 s)`);

for (const c of [...pingers, ...late]) c.ws.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
console.log('ok');
