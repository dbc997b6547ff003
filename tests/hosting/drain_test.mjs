// SIGTERM drains before the server stops (docs/hosting.md, "Stopping"), over real sockets:
//  1. a game under way that nobody finishes: /readyz 503 "draining" at once while /livez
//     stays 200, the player is told (`shutdown`) and plays on, a new table is refused with
//     `server_draining`, and the process exits 0 when the drain's time is up — not before,
//     and within the stated bound; a restart serves the game where it was;
//  2. a game that ends during a long drain: the server stops as soon as it has, the game in
//     its player's History after a restart; with no game under way SIGTERM stops at once;
//  3. a second SIGTERM during the drain stops at once.
//
// node --experimental-websocket drain_test.mjs CROWNHALL WORK_DIR
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { check, person, serve, sleep } from './serve_process.mjs';

const [exe, work] = process.argv.slice(2);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');
// The bound docs/hosting.md states: the drain, then at most 5 s for connections to close,
// and a moment to finish writing.
const boundMs = (drainSeconds) => drainSeconds * 1000 + 6000;
const get = async (server, p) => { const r = await fetch(`${server.url}${p}`); return { status: r.status, body: await r.json() }; };
// /readyz once the signal has arrived: the kernel delivers it a moment after kill().
async function readyAfterSignal(server) {
  for (const since = Date.now(); ;) {
    const r = await get(server, '/readyz');
    if (r.status !== 200 || Date.now() - since > 1000) return r;
    await sleep(10);
  }
}

// A person who hosts a table of two bots and starts it.
async function host(server, name, options = {}) {
  const p = new person(server.port, name);
  await p.connect();
  p.send({ type: 'create_table', game: 'crown-battles', seats: 3, options });
  await p.next((m) => m.type === 'table', 5000, 'own table');
  for (const m of [{ type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) p.send(m);
  await p.next((m) => m.type === 'table' && m.state === 'playing', 5000, 'the game');
  return p;
}

// 1. A game nobody finishes.
const drain = 4;
const data = path.join(work, 'data');
let server = await serve(exe, 'first', ['--data', data, '--web-root', work, '--drain-seconds', String(drain)]);
const ann = await host(server, 'Ann');
await ann.settledTurn();
const t0 = Date.now();
server.kill('SIGTERM');
const ready = await readyAfterSignal(server);
check(ready.status === 503 && ready.body.status === 'draining', `/readyz while draining: ${ready.status} ${JSON.stringify(ready.body)}`);
const alive = await get(server, '/livez');
check(alive.status === 200 && alive.body.status === 'alive', `/livez while draining: ${alive.status} ${JSON.stringify(alive.body)}`);
const told = await ann.next((m) => m.type === 'shutdown', 2000, 'shutdown notice');
check(/stopping within \d+ s/.test(told.reason), `the notice: ${told.reason}`);
// A newcomer is still answered, but gets no new table.
const bob = new person(server.port, 'Bob');
await bob.connect();
bob.send({ type: 'create_table', game: 'crown-battles', seats: 3, id: 1 });
const refused = await bob.next((m) => m.type === 'error' && m.id === 1, 3000, 'the refusal');
check(refused.code === 'server_draining', `create_table while draining: ${JSON.stringify(refused)}`);
// Ann's table plays on: her move, and the bots' after it, until her turn again.
const before = ann.latest.seq;
ann.send({ type: 'act', action: ann.latest.game.legal[0], seq: ann.latest.seq });
await ann.next((m) => m.type === 'table' && m.seq > before, 2000, 'her move played while draining');
const where = await ann.settledTurn(3000, 300);
check(Date.now() - t0 < drain * 1000 - 500, 'the test itself took too long to see the drain out');
const { code, signal, at } = await server.exited;
const took = at - t0;
check(code === 0, `the drained server exited ${code} ${signal}`);
check(took >= drain * 1000 - 300, `the server stopped after ${took} ms, before its ${drain} s drain was over, with a game under way`);
check(took <= boundMs(drain), `the server took ${took} ms to stop, over the bound ${boundMs(drain)} ms`);
check(await ann.closed === 1001, 'Ann\'s connection was not closed with 1001');
check(/draining: time is up/.test(server.log), `no log line for the drain's end:\n${server.log}`);
console.log(`drain with a game under way: /readyz 503, create_table refused, stopped after ${took} ms (drain ${drain} s, bound ${boundMs(drain)} ms)`);

// The restart serves Ann's game where it was.
server = await serve(exe, 'restarted', ['--data', data, '--web-root', work, '--drain-seconds', '60']);
const back = new person(server.port, 'Ann');
const welcome = await back.connect(ann.token);
check(welcome.table === where.table, `Ann's welcome names ${welcome.table}, not ${where.table}`);
const again = await back.next((m) => m.type === 'table', 3000, 'her table after the restart');
// (`seq` counts a table's messages since its process started: the game is its view.)
check(again.state === 'playing', `after the restart the table is ${again.state}`);
check(JSON.stringify(again.game.view) === JSON.stringify(where.game.view), 'her view of the game differs after the restart');
check(JSON.stringify(again.game.legal) === JSON.stringify(where.game.legal), 'her legal moves differ after the restart');

// 3. A second SIGTERM while draining (a 60 s drain): stops at once.
const t3 = Date.now();
server.kill('SIGTERM');
check((await readyAfterSignal(server)).status === 503, 'the restarted server is not draining');
await sleep(200);
server.kill('SIGTERM');
const second = await server.exited;
check(second.code === 0 && second.at - t3 < 6000, `after a second SIGTERM: exit ${second.code} after ${second.at - t3} ms`);
console.log(`restart: Ann's game where it was (the same view, ${again.game.legal.length} moves to choose from); a second SIGTERM stopped it ${second.at - t3} ms after the first`);

// 2. A game that ends during a long drain: the server stops once it has.
const data2 = path.join(work, 'data-2');
server = await serve(exe, 'short game', ['--data', data2, '--web-root', work, '--drain-seconds', '60']);
const cy = await host(server, 'Cy', { schedule: [1] });
const t2 = Date.now();
server.kill('SIGTERM');
check((await readyAfterSignal(server)).status === 503, 'not draining');
let finishedAt = 0;
for (let acted = -1; !finishedAt;) {
  const m = cy.latest;
  if (m.state === 'finished') { finishedAt = Date.now(); break; }
  if (m.game?.legal?.length && m.seq !== acted) {
    acted = m.seq;
    cy.send({ type: 'act', action: m.game.legal[0], seq: m.seq });
  }
  check(Date.now() - t2 < 30000, 'Cy\'s one-round game did not finish in 30 s');
  await sleep(20);
}
const early = await server.exited;
check(early.code === 0, `exit ${early.code} ${early.signal}`);
check(early.at - finishedAt < 3000, `the server stopped ${early.at - finishedAt} ms after the last game ended (its drain was 60 s)`);
check(/draining: no game is under way/.test(server.log), 'no log line for the early end');
server = await serve(exe, 'short game restarted', ['--data', data2, '--web-root', work]);
const history = await (await fetch(`${server.url}/api/history`, { headers: { Authorization: `Bearer ${cy.token}` } })).json();
check(history.games?.length === 1, `Cy's History after the restart: ${JSON.stringify(history)}`);
// No game under way: SIGTERM stops at once, drain or not.
const t4 = Date.now();
server.kill('SIGTERM');
const idle = await server.exited;
check(idle.code === 0 && idle.at - t4 < 2000, `with no game under way: exit ${idle.code} after ${idle.at - t4} ms`);
console.log(`a game ending during a 60 s drain: stopped ${early.at - finishedAt} ms after it ended, in History after the restart; idle: stopped in ${idle.at - t4} ms`);

rmSync(work, { recursive: true, force: true });
console.log('drain on SIGTERM: PASS');
process.exit(0);
