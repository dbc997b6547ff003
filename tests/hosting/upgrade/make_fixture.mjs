// Writes the data directory the upgrade test opens (upgrade_test.mjs): with the build of the
// schema version about to be replaced, Ann plays a game of two short rounds with two bots
// to its end, starts the next and stops after her first move in it; the store is then
// copied with `crownhall backup` into schema-N/ beside this file, and Ann's session token
// written to schema-N/ann.token (and her guest identity, from schema 2 on, to ann.identity).
// Run it once, before the schema changes, and commit its output (docs/storage.md, "Upgrades").
//
// node --experimental-websocket make_fixture.mjs CROWNHALL
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const [exe] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(path.join(os.tmpdir(), 'crownhall-fixture-'));
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');
const port = await new Promise((res) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
});
const data = path.join(work, 'data');
const server = spawn(exe, ['serve', '--port', String(port), '--data', data, '--web-root', work, '--bot-delay-ms', '0'],
  { stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch {} await sleep(30); }

let seed = 11;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
let token = null, identity = null, acted = -1, games = 0, movesInSecond = 0;
await new Promise((done) => {
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: 1, name: 'Ann' }));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'welcome') {
      token = m.you.token;
      identity = m.you.identity ?? null;
      for (const msg of [{ type: 'create_table', game: 'crown-battles', seats: 3, options: { schedule: [1, 2] } },
        { type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) ws.send(JSON.stringify(msg));
    }
    if (m.type !== 'table' || m.seq === acted) return;
    if (m.state === 'finished' && games === 0) { acted = m.seq; games = 1; ws.send(JSON.stringify({ type: 'start' })); }
    if (m.state === 'playing' && m.game?.legal?.length) {
      if (games === 1 && movesInSecond++ === 1) return done();
      acted = m.seq;
      ws.send(JSON.stringify({ type: 'act', action: m.game.legal[rand(m.game.legal.length)], seq: m.seq }));
    }
  };
});
await sleep(300);
const version = JSON.parse(execFileSync(exe, ['backup', '--data', data, path.join(work, 'copy')]).toString()).schema_version;
const out = path.join(here, `schema-${version}`);
rmSync(out, { recursive: true, force: true });
execFileSync(exe, ['backup', '--data', data, out]);
writeFileSync(path.join(out, 'ann.token'), `${token}\n`);
if (identity) writeFileSync(path.join(out, 'ann.identity'), `${identity}\n`);
ws.close();
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
rmSync(work, { recursive: true, force: true });
console.log(`wrote ${out}`);
