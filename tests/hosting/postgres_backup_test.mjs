// The PostgreSQL backup recipe of docs/hosting.md ("Backing up PostgreSQL"), run exactly as
// written there — the test reads the commands from that section's first sh block — on the
// tests' private PostgreSQL: a server plays games (two finished, one in progress); the
// recipe's dump is taken while it runs; the copy is restored into a new database; a server
// started on the copy has the same finished records, byte for byte, in the same History,
// and the game in progress where it was (her view and her legal moves the same): its player
// comes back with her saved session and plays on.
//
// node --experimental-websocket postgres_backup_test.mjs CROWNHALL WORK_DIR CONNINFO_FILE
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { check, fail, person, serve } from './serve_process.mjs';

const [exe, work, conninfoFile] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html>');

// The recipe, as docs/hosting.md gives it.
const doc = readFileSync(path.join(here, '../../docs/hosting.md'), 'utf8');
const section = doc.split(/^## /m).find((s) => s.startsWith('Backing up PostgreSQL'));
const recipe = /```sh\n([\s\S]*?)```/.exec(section ?? '')?.[1];
check(recipe && /pg_dump/.test(recipe) && /pg_restore/.test(recipe), 'docs/hosting.md has no "Backing up PostgreSQL" section with a pg_dump/pg_restore sh block');
const restoredName = /createdb .* (\S+)\s*$/m.exec(recipe)?.[1];
check(restoredName, 'the recipe creates no database by name');

// The private server's address (key=value, as scripts/test-postgres.sh writes it) as the
// postgres:// URLs a host would have.
const info = Object.fromEntries(readFileSync(conninfoFile, 'utf8').trim().split(/\s+/).map((kv) => kv.split('=')));
const url = (db) => `postgresql://${info.user}@${info.host}:${info.port}/${db}`;
const psql = (sql) => execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url('postgres'), '-c', sql]);
const original = 'crownhall_backup_source';
for (const db of [original, restoredName]) psql(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
psql(`CREATE DATABASE ${original}`);
// The server's own PostgreSQL tools: pg_dump must be as new as the server it dumps.
const pgBin = readdirSync('/usr/lib/postgresql').sort((a, b) => a - b).map((v) => `/usr/lib/postgresql/${v}/bin`).at(-1);
const env = { ...process.env, PATH: `${pgBin}:${process.env.PATH}` };

const server = await serve(exe, 'original', ['--database', url(original), '--web-root', work, '--drain-seconds', '0']);

// Ann plays two short games to their end at one table, then a third at another that she
// leaves at her turn: two finished records and a game in progress.
const ann = new person(server.port, 'Ann');
await ann.connect();
async function playOneGame(startFrom) {
  for (let acted = -1; ;) {
    const m = await ann.next((x) => x.type === 'table' && x.seq !== acted, 10000, 'the game going on', startFrom);
    startFrom = ann.received.indexOf(m) + 1;
    if (m.state === 'finished') return;
    if (m.state === 'playing' && m.game?.legal?.length) {
      acted = m.seq;
      ann.send({ type: 'act', action: m.game.legal[m.seq % m.game.legal.length], seq: m.seq });
    }
  }
}
async function newTable(options) {
  const from = ann.received.length;
  ann.send({ type: 'create_table', game: 'crown-battles', seats: 3, options });
  await ann.next((m) => m.type === 'table', 5000, 'her table', from);
  for (const m of [{ type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) ann.send(m);
  return from;
}
await playOneGame(await newTable({ schedule: [1] }));
ann.send({ type: 'start' });  // the next game at the same table
await playOneGame(ann.received.length);
ann.send({ type: 'leave_table' });
await newTable({});
const where = await ann.settledTurn();
check(where.state === 'playing', 'the third game is not under way');

const auth = { headers: { Authorization: `Bearer ${ann.token}` } };
const history = async (s) => (await (await fetch(`${s.url}/api/history`, auth)).json());
const records = async (s, games) => Promise.all(games.map(async (g) => (await fetch(`${s.url}/api/records/${g.game_id}`, auth)).text()));
const before = await history(server);
check(before.games.length === 2, `Ann's History before the backup: ${JSON.stringify(before)}`);
const recordsBefore = await records(server, before.games);

// The recipe, while the server runs.
const restored = url(restoredName);
try {
  execFileSync('bash', ['-euo', 'pipefail', '-c', recipe], { cwd: work, env: { ...env, CROWNHALL_DATABASE: url(original), RESTORED: restored }, stdio: ['ignore', 'pipe', 'pipe'] });
} catch (e) {
  fail(`the recipe failed:\n${recipe}\n${e.stderr}`);
}
server.kill('SIGTERM');
check((await server.exited).code === 0, 'the original server did not stop cleanly');
psql(`DROP DATABASE ${original} WITH (FORCE)`);  // the copy stands alone

const again = await serve(exe, 'restored', ['--database', restored, '--web-root', work, '--drain-seconds', '0']);
check(Number(/restored (\d+) tables/.exec(again.log)?.[1]) >= 1, `the game in progress was not restored:\n${again.log}`);
check(!/\[(error|warning)\]/.test(again.log), `the restored server complained:\n${again.log}`);
const after = await history(again);
check(JSON.stringify(after.games) === JSON.stringify(before.games), `History differs after the restore:\n${JSON.stringify(before.games)}\n${JSON.stringify(after.games)}`);
const recordsAfter = await records(again, after.games);
for (const [i, r] of recordsAfter.entries()) check(r === recordsBefore[i], `record ${after.games[i].game_id} differs after the restore`);

const back = new person(again.port, 'Ann');
const welcome = await back.connect(ann.token);
check(welcome.table === where.table, `Ann's welcome names ${welcome.table}, not ${where.table}`);
const now = await back.next((m) => m.type === 'table', 3000, 'her table on the copy');
// (`seq` counts a table's messages since its process started: the game is its view.)
check(now.state === 'playing', `on the copy the table is ${now.state}`);
check(JSON.stringify(now.game.view) === JSON.stringify(where.game.view), 'her view of the game differs on the copy');
check(JSON.stringify(now.game.legal) === JSON.stringify(where.game.legal), 'her legal moves differ on the copy');
// And it plays on from there.
back.send({ type: 'act', action: now.game.legal[0], seq: now.seq, id: 9 });
await back.next((m) => m.type === 'ack' && m.id === 9, 3000, 'her move on the copy');

again.kill('SIGTERM');
await again.exited;
psql(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
rmSync(work, { recursive: true, force: true });
console.log(`PostgreSQL backup recipe: PASS (${before.games.length} finished records byte for byte, the game in progress with the same view)`);
process.exit(0);
