// A data directory written by an earlier schema version, served by this build (logging
// in the json format): every
// schema-N/ beside this file (make_fixture.mjs wrote each with the build of its day) is
// copied to a fresh directory and served. The store is migrated at start; the finished game
// stays in its player's History, its record still verifies, and the game that was in
// progress comes back: its player returns with her saved session to her seat and plays it
// to the end. Then her browser comes back with her identity alone: the one the fixture's build
// gave her (ann.identity), or before identities (schema 1) her old session token, which a
// browser updated since sends as its identity (docs/accounts.md): the same player, with both
// games in History.
//
// node --experimental-websocket upgrade_test.mjs CROWNHALL WORK_DIR
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const [exe, work] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let server = null;
process.on('exit', () => { try { server?.kill('SIGKILL'); } catch {} });
const fail = (why) => { console.error('FAIL:', why, server ? `\n--- server:\n${server.log.slice(-3000)}` : ''); process.exit(1); };
const check = (ok, why) => { if (!ok) fail(why); };

const fixtures = readdirSync(here).filter((d) => /^schema-\d+$/.test(d));
check(fixtures.length > 0, 'no schema-N fixture beside the test');
for (const fixture of fixtures) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'index.html'), '<!doctype html>');
  const data = path.join(work, 'data');
  cpSync(path.join(here, fixture), data, { recursive: true });
  const token = readFileSync(path.join(data, 'ann.token'), 'utf8').trim();
  const identityFile = path.join(data, 'ann.identity');
  const identity = existsSync(identityFile) ? readFileSync(identityFile, 'utf8').trim() : token;
  const port = await new Promise((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
  // In the json log format: each line must read as one object, and the token never appear.
  server = spawn(exe, ['serve', '--port', String(port), '--data', data, '--web-root', work, '--bot-delay-ms', '0', '--log-format', 'json'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  server.log = '';
  for (const out of [server.stdout, server.stderr]) out.on('data', (d) => { server.log += d; });
  for (const since = Date.now(); ;) {
    try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break; } catch {}
    if (Date.now() - since > 15000) fail(`${fixture}: the server did not come up`);
    await sleep(30);
  }
  check(/restored 1 tables/.test(server.log), `${fixture}: the game in progress was not restored`);

  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const history = async () => (await (await fetch(`http://127.0.0.1:${port}/api/history`, auth)).json()).games;
  const before = await history();
  check(before.length === 1, `${fixture}: Ann's History lists ${before.length} games, not 1`);
  const record = await fetch(`http://127.0.0.1:${port}/api/records/${before[0].game_id}`, auth);
  check(record.ok, `${fixture}: the finished game's record: HTTP ${record.status}`);
  const recordFile = path.join(work, 'record.json');
  writeFileSync(recordFile, await record.text());
  execFileSync(exe, ['verify', recordFile]);  // throws (and fails the test) if it no longer verifies

  // Ann comes back with her saved session: her seat, and the game to its end.
  let seed = 5, acted = -1, ann = null;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const end = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the restored game did not end')), 30000);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: 1, token }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'welcome' && !m.table) fail(`${fixture}: Ann was not taken back to her table: ${e.data}`);
      if (m.type === 'welcome') { ann = m.you.player; ws.send(JSON.stringify({ type: 'join_table', table: m.table })); }
      if (m.type === 'error' && m.code !== 'rate_limited') fail(`${fixture}: ${e.data}`);
      if (m.type !== 'table' || m.seq === acted) return;
      if (m.state === 'finished') { clearTimeout(timer); resolve(m); }
      if (m.state === 'playing' && m.game?.legal?.length) {
        acted = m.seq;
        ws.send(JSON.stringify({ type: 'act', action: m.game.legal[rand(m.game.legal.length)], seq: m.seq }));
      }
    };
  }).catch((e) => fail(`${fixture}: ${e.message}`));
  ws.close();
  for (let t0 = Date.now(); (await history()).length < 2; await sleep(50))
    if (Date.now() - t0 > 5000) fail(`${fixture}: the restored game's end is not in Ann's History`);

  // Her identity, and no session token. Schema 1 had no identities: the store made every
  // stored session an identity with the same hash when it migrated.
  const back = await new Promise((resolve, reject) => {
    const w = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const timer = setTimeout(() => reject(new Error('no welcome')), 10000);
    w.onopen = () => w.send(JSON.stringify({ type: 'hello', protocol: 1, name: 'Someone', identity }));
    w.onmessage = (e) => { clearTimeout(timer); w.close(); resolve(JSON.parse(e.data)); };
  }).catch((e) => fail(`${fixture}: identity: ${e.message}`));
  check(back.type === 'welcome', `${fixture}: hello with her identity: ${JSON.stringify(back)}`);
  check(back.you.player === ann, `${fixture}: her identity made ${back.you.player}, not Ann (${ann})`);
  check(back.you.name === 'Ann' && !back.identity_refused && !back.you.identity,
    `${fixture}: the identity's welcome: ${JSON.stringify(back.you)} ${back.identity_refused ?? ''}`);
  const returned = await (await fetch(`http://127.0.0.1:${port}/api/history`, { headers: { Authorization: `Bearer ${back.you.token}` } })).json();
  check(returned.games?.length === 2 && returned.games.some((g) => g.game_id === before[0].game_id),
    `${fixture}: returning with her identity, Ann's History lists ${JSON.stringify(returned.games?.map((g) => g.game_id))}`);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const lines = server.log.split('\n').filter(Boolean).map((l) => {
    try { return JSON.parse(l); } catch { return fail(`${fixture}: a log line that is not JSON: ${l}`); }
  });
  check(lines.every((l) => l.time && l.level && typeof l.message === 'string'), `${fixture}: a log line without time, level or message`);
  check(lines.some((l) => l.table && l.player), `${fixture}: no log line names its table and player`);
  check(!server.log.includes(token), `${fixture}: the session token is in the log`);
  check(!server.log.includes(identity), `${fixture}: the identity is in the log`);
  server = null;
  console.log(`${fixture}: migrated, History kept, the record verifies, the game in progress played to its end (seq ${end.seq}), her identity is hers`);
}
rmSync(work, { recursive: true, force: true });
console.log('upgrade: PASS');
process.exit(0);
