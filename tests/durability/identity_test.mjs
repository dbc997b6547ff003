// A guest who is remembered (docs/accounts.md): on one server keeping its data in SQLite,
// Ann plays a game with two bots to its end, renames herself and leaves. Her session outlives
// no more than its TTL (--session-ttl-minutes 1): once the sweep has dropped it her token is
// refused, but her identity makes her the same player, with her new name and the game in
// her History; a restart changes nothing. While her session lives, her identity brings back
// that very session, not a second one. An identity that has lapsed (--identity-days) or was
// revoked, and one the server never gave, make a new player, and the welcome says why.
//
// node --experimental-websocket identity_test.mjs CROWNHALL WORK_DIR
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { hello, historyOf, historyOnceItLists, playAGame, sleep } from './returning_guest.mjs';

const [exe, work] = process.argv.slice(2);
let server = null;
let logs = '';  // every run's log, searched for secrets at the end
process.on('exit', () => { try { server?.kill('SIGKILL'); } catch {} });
const fail = (why) => { console.error('FAIL:', why, server ? `\n--- server:\n${server.log.slice(-3000)}` : ''); process.exit(1); };
const check = (ok, why) => { if (!ok) fail(why); };
const hex64 = /^[0-9a-f]{64}$/;

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');
const data = path.join(work, 'data');
const port = await new Promise((res) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
});

async function start(...flags) {
  server = spawn(exe, ['serve', '--port', String(port), '--data', data, '--web-root', work, '--bot-delay-ms', '0',
    '--session-ttl-minutes', '1', '--new-sessions-per-minute', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  server.log = '';
  for (const out of [server.stdout, server.stderr]) out.on('data', (d) => { server.log += d; });
  server.exited = new Promise((r) => server.once('exit', r)).then(() => { logs += server.log; });
  for (const since = Date.now(); ;) {
    try { if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return; } catch {}
    if (Date.now() - since > 15000) fail('the server did not come up');
    await sleep(30);
  }
}
async function stop() {
  server.kill('SIGTERM');
  await server.exited;
}

await start();
// A new guest is given an identity beside the session token.
const first = await hello(port, { name: 'Ann' });
const ann = first.answer;
check(ann.type === 'welcome' && hex64.test(ann.you.identity ?? ''), `no identity for a new guest: ${JSON.stringify(ann)}`);
check(!ann.identity_refused, 'a new guest who sent no identity was told one was refused');
const identity = ann.you.identity;
const finished = await playAGame(first);
first.send({ type: 'set_name', name: 'Ann the Bold', id: 'rename' });
await first.next((m) => m.id === 'rename', 5000, 'the rename\'s answer');
const games = await historyOnceItLists(port, ann.you.token, 1, fail);
check(finished.state === 'finished', 'the game did not finish');

// Her identity while her session lives (another tab): that very session, the other tab closed.
const tab = await hello(port, { identity });
check(tab.answer.type === 'welcome' && tab.answer.you.player === ann.you.player && tab.answer.you.token === ann.you.token,
  `the identity beside a live session: ${JSON.stringify(tab.answer.you)}`);
check(!tab.answer.you.identity, 'a returning guest was given another identity');
check(await first.closed === 4001, 'the older connection of the session was not closed with 4001');
tab.ws.close();
await tab.closed;

// Away longer than the session's TTL: the sweep drops the session, the token is refused.
const awayFrom = Date.now();
for (;;) {
  if (server.log.includes(`session ${ann.you.player} expired`)) break;
  if (Date.now() - awayFrom > 100000) fail('the sweep never dropped the session');
  await sleep(500);
}
console.log(`session dropped by the sweep after ${((Date.now() - awayFrom) / 1000).toFixed(1)} s away`);
const stale = await hello(port, { token: ann.you.token });
check(stale.answer.type === 'error' && stale.answer.code === 'invalid_token', `the expired token: ${JSON.stringify(stale.answer)}`);
check(await historyOf(port, ann.you.token) === 401, 'the expired token still reads History');
stale.ws.close();

// Back with the dead token and her identity: the same player, her last name, her History.
const back = await hello(port, { name: 'Stranger', token: ann.you.token, identity });
const b = back.answer;
check(b.type === 'welcome' && b.you.player === ann.you.player, `returning with the identity: ${JSON.stringify(b)}`);
check(b.you.name === 'Ann the Bold', `the returning guest is named ${b.you.name}, not her last name`);
check(b.you.token !== ann.you.token && !b.you.identity && !b.identity_refused, `the returning welcome: ${JSON.stringify(b)}`);
check(JSON.stringify(await historyOf(port, b.you.token)) === JSON.stringify(games), 'the returning guest\'s History lacks the game');
back.ws.close();
await back.closed;

// A restart changes nothing: her identity alone (no token, no name) brings her back.
await stop();
await start();
const afterRestart = (await hello(port, { identity })).answer;
check(afterRestart.type === 'welcome' && afterRestart.you.player === ann.you.player, `after a restart: ${JSON.stringify(afterRestart)}`);
check(JSON.stringify(await historyOf(port, afterRestart.you.token)) === JSON.stringify(games), 'after a restart, History lacks the game');

// An identity the server never gave, and a malformed one.
const unknown = (await hello(port, { name: 'Cy', identity: 'f'.repeat(64) })).answer;
check(unknown.type === 'welcome' && unknown.identity_refused === 'invalid_token' && unknown.you.player !== ann.you.player &&
  hex64.test(unknown.you.identity ?? ''), `an unknown identity: ${JSON.stringify(unknown)}`);
const malformed = (await hello(port, { name: 'Cy', identity: 'not-an-identity' })).answer;
check(malformed.type === 'error' && malformed.code === 'bad_message', `a malformed identity: ${JSON.stringify(malformed)}`);
const nameless = (await hello(port, { identity: 'e'.repeat(64) })).answer;
check(nameless.type === 'error' && nameless.code === 'invalid_token', `an unknown identity with no name: ${JSON.stringify(nameless)}`);

// An identity that lapsed: Bob's lasts 2 seconds on a server told so; Ann's keeps its year.
await stop();
await start('--identity-days', String(2 / 86400));
const bob = (await hello(port, { name: 'Bob' })).answer;
check(hex64.test(bob.you.identity ?? ''), 'no identity for Bob');
await sleep(2500);
const lapsed = (await hello(port, { name: 'Bob', identity: bob.you.identity })).answer;
check(lapsed.type === 'welcome' && lapsed.identity_refused === 'identity_expired' && lapsed.you.player !== bob.you.player &&
  hex64.test(lapsed.you.identity ?? '') && lapsed.you.identity !== bob.you.identity, `a lapsed identity: ${JSON.stringify(lapsed)}`);
const stillAnn = (await hello(port, { identity })).answer;
check(stillAnn.you?.player === ann.you.player, 'a shorter lifetime for new identities ended an older one');

// Revoked (as signing out everywhere will): never taken again.
await stop();
execFileSync('sqlite3', [path.join(data, 'crownhall.db'),
  `UPDATE guest_identities SET revoked_at_ms = ${Date.now()} WHERE player_id = '${ann.you.player}'`]);
await start();
const revoked = (await hello(port, { name: 'Ann', identity })).answer;
check(revoked.type === 'welcome' && revoked.identity_refused === 'identity_revoked' && revoked.you.player !== ann.you.player,
  `a revoked identity: ${JSON.stringify(revoked)}`);
await stop();
check(logs.includes('restored') && !logs.includes(identity), 'an identity token is in the log');
rmSync(work, { recursive: true, force: true });
console.log('guest identity: PASS');
process.exit(0);
