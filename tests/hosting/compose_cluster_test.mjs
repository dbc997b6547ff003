// docker/compose.cluster.yaml, run the way its compose file says, without containers: its
// parts from Debian's packages on loopback — a PostgreSQL, the tests' Redis, two
// `crownhall serve` nodes with the environment the file gives them (and the image's
// defaults from docker/Dockerfile), and nginx with docker/nginx-cluster.conf in front. The
// file is read by a real compose parser (`docker-compose config`), and the run fails where
// the file, the image and nginx's configuration disagree: a host name no service has, a
// port the nodes do not listen on, a variable the server does not read, a database the
// PostgreSQL service does not create. Then people play through nginx, on both nodes; the
// limits per address count the person behind nginx (the X-Forwarded-For nginx writes, not
// one a client forges); and with a node killed, nginx sends everyone to the other.
//
// node compose_cluster_test.mjs CROWNHALL WORK_DIR REDIS_ADDRESS_FILE
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { privatePostgres } from '../durability/private_servers.mjs';
import { startNginx } from './private_nginx.mjs';
import { openRawWebSocket } from './raw_websocket.mjs';

const [exe, work, redisFile] = process.argv.slice(2);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const DOCKER = path.join(ROOT, 'docker');
const ADMIN = 'compose-admin-token';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const started = [];
process.on('exit', () => { for (const p of started) try { p.kill('SIGKILL'); } catch {} });
function fail(why) {
  console.error('FAIL:', why);
  for (const p of started) if (p.log) console.error(`--- ${p.label} (end):\n${p.log.slice(-2000)}`);
  process.exit(1);
}
const check = (ok, why) => { if (!ok) fail(why); };

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
for (const tool of ['docker-compose', 'nginx', 'pg_isready'])
  try { execFileSync('sh', ['-c', `command -v ${tool} || test -x /usr/sbin/${tool}`]); } catch {
    fail(`${tool} is missing (CROWNHALL_WITH_TEST_SERVERS=1 ./scripts/install-deps.sh installs it)`);
  }

// --- What the compose file says, as the compose tool reads it (merges and ${…} resolved).
const composeYaml = execFileSync('docker-compose', ['-f', path.join(DOCKER, 'compose.cluster.yaml'), 'config'],
  { env: { ...process.env, CROWNHALL_ADMIN_TOKEN: ADMIN } }).toString();
const compose = JSON.parse(execFileSync('python3', ['-c', 'import sys, json, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
  { input: composeYaml }).toString());
const services = compose.services;
const nodes = Object.entries(services).filter(([, s]) => s.build && s.build.dockerfile === 'docker/Dockerfile');
check(nodes.length >= 2, `compose: ${nodes.length} crownhall node(s), the cluster needs two`);
check(services.postgres && services.redis && services.nginx, 'compose: postgres, redis and nginx services expected');

// The image's defaults: docker/Dockerfile's ENV lines (KEY=VALUE pairs, continued lines).
const dockerfile = readFileSync(path.join(DOCKER, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
const imageEnv = {};
for (const line of dockerfile.split('\n').filter((l) => /^ENV\s/.test(l)))
  for (const [, k, v] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) imageEnv[k] = v;
const nodePort = imageEnv.CROWNHALL_PORT;
check(nodePort, 'docker/Dockerfile sets no CROWNHALL_PORT');

// Every CROWNHALL_ variable the file and the image set is one `crownhall serve` reads.
const help = execFileSync(exe, ['serve', '--help']).toString();
for (const [name, s] of nodes)
  for (const key of [...Object.keys(s.environment || {}), ...Object.keys(imageEnv)])
    if (key.startsWith('CROWNHALL_')) check(help.includes(`Env:${key}`), `${name}: crownhall serve reads no ${key}`);

// --- PostgreSQL: a private server, with the role and database the postgres service creates;
// its health check passes; the nodes' URL names that service on PostgreSQL's port.
// Its state beside the work directory, which is removed at the end before the server is
// stopped at exit (the stop reads where the server's data is from the state).
const pg = privatePostgres(path.join(`${work}-state`, 'postgres'));
const pgInfo = Object.fromEntries(readFileSync(pg.conninfoFile, 'utf8').trim().split(/\s+/).map((p) => p.split('=')));
const pgEnv = services.postgres.environment;
const psql = (sql) => execFileSync('psql', ['-X', '-q', '-h', pgInfo.host, '-p', pgInfo.port, '-U', 'postgres', '-d', 'postgres', '-c', sql]);
psql(`CREATE ROLE ${pgEnv.POSTGRES_USER} LOGIN PASSWORD '${pgEnv.POSTGRES_PASSWORD}'`);
psql(`CREATE DATABASE ${pgEnv.POSTGRES_DB} OWNER ${pgEnv.POSTGRES_USER}`);
const health = services.postgres.healthcheck.test;
check(health[0] === 'CMD', 'postgres health check: CMD form expected');
execFileSync(health[1], [...health.slice(2), '-h', pgInfo.host, '-p', pgInfo.port]);
const redisAddress = new URL(readFileSync(redisFile, 'utf8').trim());

async function freePort() {
  return new Promise((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
}
const nginxPort = await freePort();
const [published] = services.nginx.ports;
// The compose network's addresses are loopback here: the nodes' host names become
// 127.0.0.1, the published port a free one, and nginx (which reaches the nodes from
// 127.0.0.1) is trusted beside the compose network's blocks.
const localEnv = (name, env) => {
  const out = { ...imageEnv, ...env };
  const db = new URL(out.CROWNHALL_DATABASE);
  check(db.hostname === 'postgres' && db.port === '5432', `${name}: the database is not the postgres service`);
  check(db.username === pgEnv.POSTGRES_USER && db.password === pgEnv.POSTGRES_PASSWORD &&
    db.pathname === `/${pgEnv.POSTGRES_DB}`, `${name}: the database URL's role or database is not the one postgres creates`);
  db.hostname = pgInfo.host; db.port = pgInfo.port;
  const redis = new URL(out.CROWNHALL_REDIS);
  check(redis.hostname === 'redis' && redis.port === '6379', `${name}: Redis is not the redis service`);
  redis.host = redisAddress.host;
  check(out.CROWNHALL_ADMIN_TOKEN === ADMIN, `${name}: the admin token is not the one given to compose`);
  return {
    ...out,
    CROWNHALL_DATABASE: db.href, CROWNHALL_REDIS: redis.href,
    CROWNHALL_ALLOW_ORIGIN: out.CROWNHALL_ALLOW_ORIGIN.replace(`:${published.published}`, `:${nginxPort}`),
    CROWNHALL_TRUSTED_PROXY: `${out.CROWNHALL_TRUSTED_PROXY},127.0.0.1`,
    CROWNHALL_BIND: '127.0.0.1', CROWNHALL_DATA: path.join(work, name), CROWNHALL_WEB_ROOT: path.join(ROOT, 'web-client'),
  };
};

// --- The nodes, as compose starts them: the image's entry point with that environment.
const entry = JSON.parse(/^ENTRYPOINT\s+(\[.*\])/m.exec(dockerfile)[1]);
check(entry[1] === 'serve', 'the image does not run `crownhall serve`');
const upstreams = {};
for (const [name, s] of nodes) {
  const env = localEnv(name, s.environment);
  env.CROWNHALL_PORT = String(await freePort());
  upstreams[`${name}:${nodePort}`] = `127.0.0.1:${env.CROWNHALL_PORT}`;
  const proc = spawn(exe, entry.slice(1), { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  proc.label = `node ${name}`; proc.log = ''; proc.port = env.CROWNHALL_PORT; proc.node = env.CROWNHALL_NODE;
  for (const out of [proc.stdout, proc.stderr]) out.on('data', (d) => { proc.log += d; });
  started.push(proc);
}
const nodeProcs = started.slice();
for (const p of nodeProcs)
  for (const since = Date.now(); ;) {
    try { if ((await fetch(`http://127.0.0.1:${p.port}/readyz`)).ok) break; } catch {}
    if (Date.now() - since > 20000) fail(`${p.label} not ready`);
    await sleep(50);
  }

// --- nginx with the cluster's configuration, its upstream names resolved as compose would.
let site = readFileSync(path.join(DOCKER, 'nginx-cluster.conf'), 'utf8');
const named = [...site.matchAll(/^\s*server\s+([\w.-]+:\d+)[\s;]/gm)].map((m) => m[1]);
check(named.length === nodes.length, `nginx-cluster.conf names ${named.length} upstream servers for ${nodes.length} nodes`);
for (const upstream of named) {
  check(upstreams[upstream], `nginx-cluster.conf's upstream ${upstream} is no node on the image's port ${nodePort}`);
  site = site.replace(upstream, upstreams[upstream]);
}
check(new RegExp(`^\\s*listen\\s+${published.target};`, 'm').test(site), `nginx does not listen on the published port ${published.target}`);
site = site.replace(/^(\s*)listen\s+\d+;/m, `$1listen 127.0.0.1:${nginxPort};`);
check(services.nginx.volumes.some((v) => v.startsWith(`${path.join(DOCKER, 'nginx-cluster.conf')}:/etc/nginx/conf.d/`)),
  'the nginx service does not mount nginx-cluster.conf as its site');
const { proc: nginx, errorLog } = startNginx(path.join(work, 'nginx'), site);
nginx.label = 'nginx'; nginx.log = '';
for (const out of [nginx.stdout, nginx.stderr]) out.on('data', (d) => { nginx.log += d; });
started.push(nginx);
const front = `http://127.0.0.1:${nginxPort}`;
for (const since = Date.now(); ;) {
  try { if ((await fetch(`${front}/readyz`)).ok) break; } catch {}
  if (Date.now() - since > 10000) fail(`nginx did not answer:\n${readFileSync(errorLog, 'utf8')}`);
  await sleep(50);
}
const page = await fetch(`${front}/`);
check(page.ok && (await page.text()).includes('<script'), 'the client is not served through nginx');

// --- People through nginx: a browser's Origin, from an address of their own (127.0.0.x).
const origin = services.node1 ? localEnv('node1', services.node1.environment).CROWNHALL_ALLOW_ORIGIN : `http://localhost:${nginxPort}`;
let seed = 99;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
async function person(name, localAddress, forwardedFor) {
  const headers = { Origin: origin, Host: `localhost:${nginxPort}` };
  if (forwardedFor) headers['X-Forwarded-For'] = forwardedFor;
  const ws = await openRawWebSocket({ host: '127.0.0.1', port: nginxPort, localAddress, headers });
  ws.send(JSON.stringify({ type: 'hello', protocol: 1, name }));
  // A first hello is a session written to PostgreSQL: under a sanitizer beside other tests
  // that takes seconds, and this test is about where requests go, not how fast.
  return { ws, welcome: await ws.next(20000) };
}
// Sends a request and waits for its answer (an ack or an error); the table messages read
// meanwhile are kept as `ws.lastTable`.
async function request(ws, m, id) {
  ws.send(JSON.stringify({ ...m, id }));
  for (;;) {
    const r = await ws.next(20000);
    check(r, `${m.type}: the connection closed`);
    if (r.type === 'table') ws.lastTable = r;
    if (r.id === id) return r;
  }
}

// Two people at one table, each on the node nginx chose for them (least connections: one
// each), with a bot; played to the end through nginx, one of them through the other node.
const ann = await person('Ann', '127.0.0.2');
const bob = await person('Bob', '127.0.0.3');
check(ann.welcome.type === 'welcome' && bob.welcome.type === 'welcome', `hello refused: ${JSON.stringify([ann.welcome, bob.welcome])}`);
const counts = await Promise.all(nodeProcs.map(async (p) => {
  const text = await (await fetch(`http://127.0.0.1:${p.port}/metrics`, { headers: { Authorization: `Bearer ${ADMIN}` } })).text();
  return Number(/^crownhall_connections(?:{[^}]*})? (\d+)/m.exec(text)[1]);
}));
check(counts.every((c) => c === 1), `nginx did not spread two people over two nodes: ${counts}`);
const created = await request(ann.ws, { type: 'create_table', game: 'crown-battles', seats: 3 }, 'c1');
check(created.type === 'ack', `create_table: ${JSON.stringify(created)}`);
while (!ann.ws.lastTable) { const m = await ann.ws.next(20000); if (m.type === 'table') ann.ws.lastTable = m; }
const table = ann.ws.lastTable.table;
const joined = await request(bob.ws, { type: 'join_table', table }, 'j1');
check(joined.type === 'ack', `join_table through the other node: ${JSON.stringify(joined)}`);
check((await request(ann.ws, { type: 'add_bot' }, 'b1')).type === 'ack', 'add_bot refused');
await request(bob.ws, { type: 'ready', ready: true }, 'r1');
await request(ann.ws, { type: 'ready', ready: true }, 'r2');
const start = await request(ann.ws, { type: 'start' }, 's1');
check(start.type === 'ack', `start: ${JSON.stringify(start)}`);
async function playToEnd(p, label) {
  let acted = -1;
  // The table as the last request's answer left it, then each message as it comes.
  for (let m = p.ws.lastTable; ; m = await p.ws.next(20000)) {
    check(m, `${label}: connection closed mid-game`);
    if (m.type === 'error' && m.code !== 'rate_limited') fail(`${label}: ${JSON.stringify(m)}`);
    if (m.type !== 'table') continue;
    if (m.state === 'finished') return m;
    if (m.state === 'playing' && m.game && m.game.legal && m.game.legal.length && m.seq !== acted) {
      acted = m.seq;
      p.ws.send(JSON.stringify({ type: 'act', action: m.game.legal[rand(m.game.legal.length)], seq: m.seq }));
    }
  }
}
const [annEnd, bobEnd] = await Promise.all([playToEnd(ann, 'Ann'), playToEnd(bob, 'Bob')]);
check(JSON.stringify(annEnd.game.outcome) === JSON.stringify(bobEnd.game.outcome), 'the two nodes told different outcomes');
console.log(`a game through nginx on both nodes: finished at seq ${annEnd.seq} (table ${table})`);
ann.ws.close(); bob.ws.close();

// --- Limits per address count the person nginx names: a client that forges
// X-Forwarded-For is still itself (nginx appends the address it came from). Each node
// counts its own new sessions a minute, so past the nodes' allowance together, at the
// latest, the address's next hello is refused.
const perMinuteFlag = /--new-sessions-per-minute [^=\n]*=(\d+)/.exec(help);
check(perMinuteFlag, 'crownhall serve --help shows no default for --new-sessions-per-minute');
const perMinute = Number(perMinuteFlag[1]);
let refused = null;
for (let i = 0; i <= perMinute * nodes.length && !refused; ++i) {
  const p = await person(`Forger${i}`, '127.0.0.9', `203.0.113.${i + 1}`);
  if (p.welcome.type !== 'welcome') refused = { i, m: p.welcome };
  p.ws.close();
}
check(refused && refused.i >= perMinute && refused.m.code === 'too_many_new_sessions',
  `a forged X-Forwarded-For was believed: ${JSON.stringify(refused)} after ${perMinute * nodes.length + 1} sessions`);
const other = await person('Neighbour', '127.0.0.10');
check(other.welcome.type === 'welcome', `another address was limited too: ${JSON.stringify(other.welcome)}`);
other.ws.close();
console.log(`the limits per address through nginx: session ${refused.i + 1} of one address refused, another address welcome`);

// --- A node killed: nginx leaves it out, and every new request reaches the other.
nodeProcs[0].kill('SIGKILL');
await sleep(200);
for (let i = 0; i < 6; ++i) {
  const r = await fetch(`${front}/readyz`);
  check(r.ok, `request ${i} after a node died: HTTP ${r.status}`);
}
const after = await person('Cat', '127.0.0.11');
check(after.welcome.type === 'welcome', `hello after a node died: ${JSON.stringify(after.welcome)}`);
after.ws.close();
console.log('a node killed: nginx sent every request to the other');
nginx.kill('SIGTERM');
for (const p of nodeProcs) p.kill('SIGTERM');
await sleep(300);
rmSync(work, { recursive: true, force: true });
console.log('compose cluster: PASS');
process.exit(0);
