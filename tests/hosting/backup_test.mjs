// `crownhall backup` while the server plays, and `crownhall restore` of each copy: games
// are played fast at several tables (people answering at once, bots without delay) while
// backups are taken one after another; then each copy is restored into a fresh data
// directory and served. Each copy must be the store as of one moment: every finished game
// in it byte for byte the one the server kept, every game in progress restored by the
// server without a complaint, each person's History the copy's. A copy cut mid-write
// would hold an action log with a gap or a game without its actions, which the server
// refuses to restore.
//
// node backup_test.mjs CROWNHALL WORK_DIR
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [exe, work] = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const servers = [];
process.on('exit', () => { for (const s of servers) try { s.kill('SIGKILL'); } catch {} });
function fail(why) {
  console.error('FAIL:', why);
  for (const s of servers) console.error(`--- server (end):\n${s.log.slice(-2000)}`);
  process.exit(1);
}
const check = (ok, why) => { if (!ok) fail(why); };

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');

async function freePort() {
  return new Promise((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
}
async function serve(data) {
  const port = await freePort();
  const proc = spawn(exe, ['serve', '--port', String(port), '--data', data, '--web-root', work,
    '--bot-delay-ms', '0', '--log-level', 'info',
    '--max-connections-per-address', '0', '--new-sessions-per-minute', '0', '--new-tables-per-minute', '0'],
  { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.log = '';
  proc.port = port;
  for (const out of [proc.stdout, proc.stderr]) out.on('data', (d) => { proc.log += d; });
  proc.exited = new Promise((r) => proc.once('exit', (code) => r(code)));
  servers.push(proc);
  for (const since = Date.now(); ;) {
    try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return proc; } catch {}
    if (Date.now() - since > 15000) fail(`the server on ${data} did not come up`);
    await sleep(30);
  }
}
const sqlite = (file, sql) => JSON.parse(execFileSync('python3', ['-c', `
import json, sqlite3, sys
db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
print(json.dumps([list(r) for r in db.execute(sys.argv[2])]))`, file, sql]).toString());

// A person who hosts a table of bots, answers every decision at once with a random legal
// move and starts the next game as soon as one ends.
let seed = 7;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
function person(port, name) {
  return new Promise((resolve, reject) => {
    const p = { name, ws: new WebSocket(`ws://127.0.0.1:${port}/ws`), finished: new Set() };
    let acted = -1, setUp = false;
    p.ws.onerror = () => reject(new Error(`${name}: cannot connect`));
    p.ws.onopen = () => p.ws.send(JSON.stringify({ type: 'hello', protocol: 1, name }));
    const onTable = (m) => {
      if (p.stopped) return;
      p.latest = m;
      if (!setUp) {
        setUp = true;
        for (const msg of [{ type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) p.ws.send(JSON.stringify(msg));
        resolve(p);
      }
      if (m.state === 'finished' && m.seq !== acted) {
        acted = m.seq;
        p.finished.add(m.seq);  // the finished game's last message, once per game
        p.ws.send(JSON.stringify({ type: 'start' }));
      }
      if (m.state === 'playing' && m.game?.legal?.length && m.seq !== acted) {
        acted = m.seq;
        p.ws.send(JSON.stringify({ type: 'act', action: m.game.legal[rand(m.game.legal.length)], seq: m.seq }));
      }
    };
    p.ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'welcome') {
        p.token = m.you.token;
        // Two short rounds a game: many games end while the backups are taken.
        p.ws.send(JSON.stringify({ type: 'create_table', game: 'crown-battles', seats: 3, options: { schedule: [1, 2] } }));
      }
      if (m.type === 'table') onTable(m);
      // Answering at once outruns the messages a second one connection may send: the
      // dropped move goes again a moment later, as a person would click again.
      if (m.type === 'error' && m.code === 'rate_limited')
        setTimeout(() => { acted = -1; onTable(p.latest); }, 300);
    };
  });
}

const data = path.join(work, 'data');
const server = await serve(data);
const people = [];
for (let i = 0; i < 4; ++i) people.push(await person(server.port, `P${i}`));
const backups = [];
for (let i = 0; i < 5; ++i) {
  await sleep(700);
  const dir = path.join(work, `backup-${i}`);
  // Games the people saw end before the backup began: the copy must hold each of them.
  const seen = people.reduce((n, p) => n + p.finished.size, 0);
  const said = JSON.parse(execFileSync(exe, ['backup', '--data', data, dir]).toString());
  backups.push({ dir, said, seen });
}
for (const p of people) { p.stopped = true; p.ws.close(); }
server.kill('SIGTERM');
check(await server.exited === 0, 'the server did not stop cleanly');
const db = (dir) => path.join(dir, 'crownhall.db');
const kept = new Map(sqlite(db(data), 'SELECT game_id, record FROM records'));
check(kept.size > 0, 'no game finished while the backups were taken');

for (const [i, { dir, said, seen }] of backups.entries()) {
  // Every finished game in the copy is the one the server kept.
  const records = sqlite(db(dir), 'SELECT game_id, record FROM records');
  check(records.length === said.finished_games, `backup ${i}: says ${said.finished_games} games, holds ${records.length}`);
  for (const [id, record] of records) check(kept.get(id) === record, `backup ${i}: game ${id} differs from the server's`);
  check(records.length >= seen, `backup ${i}: ${seen} games had ended before it began, it holds ${records.length}`);
  // Every game in progress has its actions numbered without a gap.
  const logs = sqlite(db(dir), 'SELECT t.table_id, count(a.seq), coalesce(max(a.seq), 0), coalesce(min(a.seq), 1) FROM tables t ' +
    'LEFT JOIN actions a ON a.table_ref = t.id WHERE t.state = 1 GROUP BY t.id');
  for (const [table, n, last, first] of logs) check(last - first + 1 === n, `backup ${i}: table ${table}'s actions have a gap`);
  const inPlay = logs.filter(([, n]) => n > 0).length;

  // Restored into a fresh data directory and served: every game in progress comes back.
  const restored = path.join(work, `restored-${i}`);
  execFileSync(exe, ['restore', '--data', restored, dir]);
  const again = await serve(restored);
  const line = /restored (\d+) tables \((\d+) actions replayed\)/.exec(again.log);
  check(line && Number(line[1]) >= inPlay, `backup ${i}: restored ${line?.[1]} tables of ${inPlay} in progress:\n${again.log}`);
  check(!/\[(error|warning)\]/.test(again.log), `backup ${i}: the restored server complained:\n${again.log}`);
  // Each person's History is the copy's.
  for (const p of people) {
    const h = await (await fetch(`http://127.0.0.1:${again.port}/api/history`, { headers: { Authorization: `Bearer ${p.token}` } })).json();
    const theirs = sqlite(db(dir), `SELECT count(*) FROM record_players rp JOIN sessions s ON s.player_id = rp.player_id WHERE s.display_name = '${p.name}'`)[0][0];
    check(h.games.length === theirs, `backup ${i}: ${p.name}'s History lists ${h.games.length} games, the copy ${theirs}`);
  }
  again.kill('SIGTERM');
  await again.exited;
  console.log(`backup ${i}: ${records.length} finished games (${seen} seen to end before it began), ${inPlay} in progress (${line[2]} actions replayed), restored and served`);
}
rmSync(work, { recursive: true, force: true });
console.log(`backups under load: PASS (${kept.size} games finished meanwhile)`);
process.exit(0);
