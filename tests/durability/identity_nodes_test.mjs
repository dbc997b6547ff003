// A guest remembered across nodes (docs/accounts.md; docs/cluster.md): two nodes on one
// PostgreSQL and one Redis. Ann plays a game on node A and leaves; she comes back on node B
// with her identity alone: the same player, her game in her History there. The token B
// gave her, taken back to A where her old session still waits, finds that one session (not
// a second one of her player id). Revoked in the database, her identity is refused on
// every node: a new player, told why. An account made on node A signs in with its password on
// node B; signing out everywhere on A closes B's connection too (4003), through Redis; an
// account deleted on A while its player sits at a game on B: B's seat shows "former player".
//
// node --experimental-websocket identity_nodes_test.mjs CROWNHALL WORK_DIR CONNINFO_FILE REDIS_FILE
import { cluster, ADMIN } from './cluster_harness.mjs';
import { hello, historyOf, historyOnceItLists, playAGame, sleep } from './returning_guest.mjs';

const [exe, work, conninfoFile, redisFile] = process.argv.slice(2);
const { Node, fail, stopNode, psql, dbName, dropDatabase } =
  cluster({ exe, work, conninfoFile, redisFile, dbPrefix: 'identity_nodes' });
const check = (ok, why) => { if (!ok) fail(why); };

const a = new Node('a');
const b = new Node('b');
await a.start();
await b.start();

const onA = await hello(a.port, { name: 'Ann' });
const ann = onA.answer;
check(ann.type === 'welcome' && /^[0-9a-f]{64}$/.test(ann.you.identity ?? ''), `no identity on node a: ${JSON.stringify(ann)}`);
await playAGame(onA);
const games = await historyOnceItLists(a.port, ann.you.token, 1, fail);
onA.ws.close();
await onA.closed;

// Node b has never seen her session: her identity alone is enough.
const onB = await hello(b.port, { identity: ann.you.identity });
const back = onB.answer;
check(back.type === 'welcome' && back.you.player === ann.you.player && back.you.name === 'Ann',
  `returning on node b: ${JSON.stringify(back)}`);
check(!back.you.identity && !back.identity_refused, `node b's welcome: ${JSON.stringify(back)}`);
check(JSON.stringify(await historyOf(b.port, back.you.token)) === JSON.stringify(games), 'on node b, History lacks the game');
onB.ws.close();
await onB.closed;

// The token b gave her, on node a where her first session still waits: that same session.
const again = (await hello(a.port, { token: back.you.token })).answer;
check(again.type === 'welcome' && again.you.player === ann.you.player, `b's token on a: ${JSON.stringify(again)}`);
const listed = await (await fetch(`http://127.0.0.1:${a.port}/api/admin/sessions`, { headers: { Authorization: `Bearer ${ADMIN}` } })).json();
const hers = listed.sessions.filter((s) => (s.player ?? s.id) === ann.you.player);
check(hers.length === 1, `node a holds ${hers.length} sessions of Ann's player id: ${JSON.stringify(listed.sessions)}`);

// Revoked in the shared database: refused on both nodes.
psql(dbName, `UPDATE guest_identities SET revoked_at_ms = ${Date.now()} WHERE player_id = '${ann.you.player}'`);
for (const node of [a, b]) {
  const r = (await hello(node.port, { name: 'Ann', identity: ann.you.identity })).answer;
  check(r.type === 'welcome' && r.identity_refused === 'identity_revoked' && r.you.player !== ann.you.player,
    `a revoked identity on node ${node.name}: ${JSON.stringify(r)}`);
}
// An account: made and given a password on node a, signed in on node b.
const origin = (node) => ({ Origin: `http://127.0.0.1:${node.port}`, 'Content-Type': 'application/json' });
const post = async (node, path, body, token) => {
  const headers = { ...origin(node), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const r = await fetch(`http://127.0.0.1:${node.port}${path}`, { method: path.endsWith('password') && token ? 'PUT' : 'POST', headers, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
};
const bea = await hello(a.port, { name: 'Bea' });
const made = await post(a, '/api/account', { name: 'Bea' }, bea.answer.you.token);
check(made.status === 201, `account on node a: ${JSON.stringify(made)}`);
const pw = await post(a, '/api/account/password', { password: 'correct horse' }, bea.answer.you.token);
check(pw.status === 200, `password on node a: ${JSON.stringify(pw)}`);
const signedIn = await post(b, '/api/sign-in/password', { name: 'bea', password: 'correct horse' });
check(signedIn.status === 200 && signedIn.body.player === bea.answer.you.player, `sign-in on node b: ${JSON.stringify(signedIn)}`);
const beaOnB = await hello(b.port, { name: 'Someone', identity: signedIn.body.identity });
check(beaOnB.answer.you?.player === bea.answer.you.player, `node b's welcome after the sign-in: ${JSON.stringify(beaOnB.answer)}`);
const out = await post(a, '/api/sign-out', { everywhere: true }, bea.answer.you.token);
check(out.status === 200 && out.body.signed_out === 2, `sign-out everywhere on node a: ${JSON.stringify(out)}`);
const codes = await Promise.race([Promise.all([bea.closed, beaOnB.closed]), sleep(5000).then(() => null)]);
check(codes && codes[0] === 4003 && codes[1] === 4003, `connections after signing out everywhere: ${JSON.stringify(codes)}`);
const tokenOnB = (await hello(b.port, { token: beaOnB.answer.you.token })).answer;
check(tokenOnB.type === 'error' && tokenOnB.code === 'invalid_token', `node b's token after signing out: ${JSON.stringify(tokenOnB)}`);

// An account deleted on node a while its player sits at a game on node b: b's table shows
// "former player" at the seat at once (so the record it leaves will too), and plays on.
const cy = await hello(b.port, { name: 'Cyrille' });
const cyMade = await post(b, '/api/account', { name: 'Cyrille' }, cy.answer.you.token);
check(cyMade.status === 201, `account on node b: ${JSON.stringify(cyMade)}`);
for (const m of [{ type: 'create_table', game: 'crown-battles', seats: 3, options: { schedule: [6, 7] } },
  { type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) cy.send(m);
const playing = await cy.next((m) => m.type === 'table' && m.state === 'playing', 10000, "Cyrille's game starting");
const dee = await hello(b.port, { name: 'Dee' });
dee.send({ type: 'join_table', table: playing.table, as: 'spectator' });
const seatNamed = (name) => (m) => m.type === 'table' && (m.seats ?? []).some((seat) => seat?.name === name);
await dee.next(seatNamed('Cyrille'), 10000, "Cyrille's seat, watched on node b");
const deleted = await fetch(`http://127.0.0.1:${a.port}/api/account`,
  { method: 'DELETE', headers: { ...origin(a), Authorization: `Bearer ${cy.answer.you.token}` } });
check(deleted.status === 200, `deleting Cyrille's account on node a: ${deleted.status} ${await deleted.text()}`);
const cyClosed = await Promise.race([cy.closed, sleep(5000).then(() => null)]);
check(cyClosed === 4003, `Cyrille's connection on node b after the deletion: ${cyClosed}`);
const shown = await dee.next(seatNamed('former player'), 5000, 'the seat shown as "former player" on node b');
check(shown.state === 'playing', `the game after the deletion: ${shown.state}`);

for (const n of [a, b]) await stopNode(n);
for (const n of [a, b]) check(!n.log.includes(ann.you.identity), `node ${n.name} logged the identity`);
for (const n of [a, b]) check(!n.log.includes('correct horse') && !n.log.includes(signedIn.body.identity), `node ${n.name} logged a password or identity`);
dropDatabase();
console.log('guest identity and account sign-out on two nodes: PASS');
process.exit(0);
