// Several nodes play as one server (docs/cluster.md): three nodes A, B and C on one
// PostgreSQL database and one Redis.
//  1. A table created on A is in C's lobby within one second.
//  2. Its host on A, a person connected to B and one connected to C (joining by the
//     table's id) play a whole game at A's table with a bot: their requests
//     go to A and A's answers come back through their own nodes.
//  3. A person on B whose connection drops comes back to B and is welcomed at the table on A.
//  4. A second table, private (B and C join with its invite code); A is killed with SIGKILL mid-game: the people on B and C, still
//     connected, get their table back from the node that took it over within 5 s without
//     reconnecting, and finish the game there; the host reconnects to B and finds it too.
//  5. C dies while a person connected to it sits at a quiet table on B: B shows them gone.
// Then every action each person had acknowledged is in the stored record, which replays to
// the outcome they saw.
//
// node --experimental-websocket routing_test.mjs CROWNHALL WORKDIR PG_CONNINFO_FILE REDIS_ADDRESS_FILE
import { ADMIN, cluster, sleep } from './cluster_harness.mjs';

const [exe, work, conninfoFile, redisFile] = process.argv.slice(2);
const OPTIONS = { schedule: [3, 4, 5] };
const t0 = Date.now();
const { Node, Person, fail, until, stopNode, dropDatabase, checkRecords } =
  cluster({ exe, work, conninfoFile, redisFile, dbPrefix: 'routing' });

const a = new Node('a'), b = new Node('b'), c = new Node('c');
await Promise.all([a.start(), b.start(), c.start()]);

// One table on A, with its host there and a person on each of B and C.
// `invite`: a private table, joined with its invite code (else by the table's id).
async function tableOnA(n, invite) {
  const host = new Person(`Host${n}`), onB = new Person(`B${n}`), onC = new Person(`C${n}`);
  await host.connect(a); await onB.connect(b); await onC.connect(c);
  host.createdAt = Date.now();
  await host.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS, private: invite });
  await until(`table ${n} on A`, () => host.latest && (!invite || host.latest.invite), 5000);
  const table = host.latest.table;
  const join = invite ? { invite: host.latest.invite } : { table };
  await onB.request({ type: 'join_table', ...join, as: 'player' });
  await onC.request({ type: 'join_table', ...join, as: 'player' });
  await until(`B${n} and C${n} at the table`, () => onB.tableId === table && onC.tableId === table && onB.seat !== undefined && onC.seat !== undefined, 5000);
  await host.request({ type: 'add_bot', kind: 'heuristic' });
  for (const p of [onB, onC, host]) await p.request({ type: 'ready', ready: true });
  await host.request({ type: 'start' });
  return [host, onB, onC];
}

// 1. The lobby: a table created on A, listed on C.
const watcher = new Person('Watcher');
await watcher.connect(c);
await watcher.request({ type: 'lobby_subscribe' });
const first = await tableOnA(1, false);
{
  // From the moment the host asked for the table.
  const id = first[0].tableId;
  await until(`table ${id} in C's lobby`, () => watcher.lobbies.some((l) => l.tables.some((t) => t.table === id)), 5000);
  const ms = watcher.lobbies.find((l) => l.tables.some((t) => t.table === id)).at - first[0].createdAt;
  console.log(`table ${id} created on A, listed in C's lobby after ${ms} ms`);
  if (ms > 1000) fail(`C listed A's table after ${ms} ms (goal: within 1 s)`);
}

// Another cluster on the same Redis (its own database; its node named "a" too, as a
// staging cluster beside the real one might be): neither lists the other's nodes, and its
// table never shows in this cluster's lobby (docs/cluster.md, "Two clusters on one Redis").
{
  const other = cluster({ exe, work: `${work}-other`, conninfoFile, redisFile, dbPrefix: 'routing_other' });
  const stranger = new other.Node('a');
  await stranger.start();
  const guest = new other.Person('Guest');
  await guest.connect(stranger);
  await guest.request({ type: 'lobby_subscribe' });
  await guest.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
  await until('the other cluster\'s table', () => guest.tableId, 5000);
  await sleep(2500);  // more than two rounds of presence writes and lobby shares
  const listed = async (node) => {
    const r = await fetch(`http://127.0.0.1:${node.port}/api/admin/nodes`, { headers: { Authorization: `Bearer ${ADMIN}` } });
    return (await r.json()).nodes.map((n) => n.instance).sort();
  };
  const ours = await listed(c), theirs = await listed(stranger);
  if (ours.length !== 3 || !ours.every((i) => /^[abc]\//.test(i))) fail(`node c lists ${JSON.stringify(ours)}, not a, b and c`);
  if (theirs.length !== 1) fail(`the other cluster's node lists ${JSON.stringify(theirs)}, not itself alone`);
  if (watcher.lobbies.some((l) => l.tables.some((t) => t.table === guest.tableId))) fail(`the other cluster's table ${guest.tableId} is in C's lobby`);
  if (guest.lobbies.some((l) => l.tables.some((t) => t.table === first[0].tableId))) fail('this cluster\'s table is in the other cluster\'s lobby');
  guest.ws.close();
  await other.stopNode(stranger);
  other.dropDatabase();
  console.log(`another cluster on the same Redis: node c lists ${ours.join(', ')}; the other's node lists itself alone; neither lobby shows the other's table`);
}

// 2. The whole game, with people on three nodes.
await until('the first game to finish', () => first.every((p) => p.outcome), 120000);
if (first.some((p) => JSON.stringify(p.outcome) !== JSON.stringify(first[0].outcome)))
  fail('the people at the first table saw different outcomes');
for (const p of first.slice(1)) if (!p.acked.length) fail(`${p.name} had no action acknowledged`);
const routedB = await b.metric('crownhall_messages_routed_total'), routedC = await c.metric('crownhall_messages_routed_total');
if (!(routedB > 0 && routedC > 0)) fail(`requests routed: B ${routedB}, C ${routedC}`);
console.log(`game 1 finished: ${first.map((p) => `${p.name} ${p.acked.length} actions`).join(', ')}; requests routed by B ${routedB}, by C ${routedC}`);

// Bad requests through B are refused (game_over by A itself), with the code a local one gets, and the
// connection goes on.
{
  const [, onB] = first;
  const refusedWith = async (m) => { try { await onB.request(m); return 'accepted'; } catch (e) { return e.message.split(': ')[1]; } };
  const codes = [
    await refusedWith({ type: 'chat', text: 'x'.repeat(400) }),
    await refusedWith({ type: 'act', action: { type: 'no-such-action' }, seq: 0 }),
    await refusedWith({ type: 'join_table', table: 't-0000000000000000', as: 'player' }),
    await refusedWith({ type: 'resume', table: 't-0000000000000001', seq: 0 }),
  ];
  const want = ['chat_too_long', 'game_over', 'no_such_table', 'no_such_table'];
  if (JSON.stringify(codes) !== JSON.stringify(want)) fail(`routed bad requests answered ${codes}, not ${want}`);
  await onB.request({ type: 'chat', text: 'still here' });
  // A new name, set through B, shows at A's table.
  await onB.request({ type: 'set_name', name: 'Bea' });
  await until('the new name at A\'s table', () => first[0].latest.seats.some((st) => st.name === 'Bea'), 5000);
  console.log(`bad requests through B refused by A: ${codes.join(', ')}; the connection goes on`);
}

// 3 and 4. A second table; a person's connection to B drops and comes back; then A dies.
const second = await tableOnA(2, true);
const [host2, onB2, onC2] = second;
await until('some moves at table 2', () => onB2.acked.length + onC2.acked.length >= 2, 20000);
{
  onB2.ws.close();
  const welcome = await onB2.connect(b);
  if (welcome.table !== onB2.tableId) fail(`B welcomed ${onB2.name} back at ${welcome.table}, not ${onB2.tableId}`);
  const before = onB2.tables || 0;
  await onB2.request({ type: 'resume', table: onB2.tableId, seq: 0 });
  await until(`${onB2.name}'s table after resume`, () => (onB2.tables || 0) > before, 5000);
  console.log(`${onB2.name} reconnected to B and is back at table ${onB2.tableId} on A`);
}
const beforeKill = second.map((p) => p.tables || 0);
a.signal('SIGKILL');
await a.exited;
const killedAt = Date.now();
await until('the table pushed to B and C after the kill', () => [onB2, onC2].every((p, i) => (p.tables || 0) > beforeKill[i + 1] && p.latest.table === p.tableId), 8000);
const backIn = Date.now() - killedAt;
console.log(`A killed; its table pushed to the people on B and C after ${backIn} ms (they never reconnected)`);
if (backIn > 5000) fail(`the table came back after ${backIn} ms (goal: 5 s)`);
// The host, whose node died, reconnects through the balancer (to B) and goes to the table.
for (;;) { try { await host2.connect(b); break; } catch { await sleep(50); } }
await host2.request({ type: 'join_table', table: host2.tableId, as: 'player' });
const playOn = setInterval(() => second.forEach((p) => p.play()), 500);
await until('game 2 to finish', () => second.every((p) => p.outcome), 60000, () =>
  second.map((p) => `${p.name} on ${p.node.name}: seq ${p.latest && p.latest.seq} ${p.latest && p.latest.state} legal ${p.latest && p.latest.game && (p.latest.game.legal || []).length} pending ${JSON.stringify(p.pending)} errors ${JSON.stringify(p.errors.slice(-2))}`).join('\n'));
clearInterval(playOn);
const moving = [...onB2.errors, ...onC2.errors].filter((e) => e.code === 'table_moving').length;
console.log(`game 2 finished on the node that took it over (${moving} requests answered table_moving meanwhile)`);

// What each person played, for the records at the end (before anyone moves on).
const played = [...first, ...second].map((p) => ({ name: p.name, tableId: p.tableId, seat: p.seat, outcome: p.outcome, acked: [...p.acked] }));

// A new table on B: Bea (on B) leaves the finished table 1 (routed there unless B took it
// over from A), as a person who opens another table would.
{
  const [, onB, onC] = first;  // C1 follows table 1 from C (its first node, A, is dead)
  await onB.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
  await until('Bea gone from table 1', () => !onC.latest.seats.some((st) => st.name === 'Bea'), 5000);
  console.log('Bea opened a table on B and left table 1 (held by the node that took it over from A)');
}

// 5. A node dies while its people sit at a quiet table on another node (nothing sent to
//    them fails): the table's node learns it from presence and shows them gone.
const host3 = new Person('Host3'), onC3 = new Person('C3');
await host3.connect(b); await onC3.connect(c);
await host3.request({ type: 'create_table', game: 'crown-battles', seats: 4, options: OPTIONS });
await onC3.request({ type: 'join_table', table: host3.tableId, as: 'player' });
await until('C3 seated at B\'s table', () => onC3.seat !== undefined && host3.latest.seats.some((st) => st.name === 'C3' && st.connected), 5000);
for (const p of [...first, ...second, watcher]) p.ws.close();
c.signal('SIGKILL');
await c.exited;
const cKilled = Date.now();
await until('B to show C3 gone after C died', () => host3.latest.seats.some((st) => st.name === 'C3' && !st.connected), 20000);
console.log(`C killed; B showed C3 disconnected ${Date.now() - cKilled} ms later (at a table that sent them nothing)`);

await sleep(300);
host3.ws.close();
await stopNode(b);
checkRecords(played, 2);
console.log(`ok: two games at A's tables played from B and C, one across A's death, and C's death seen at B's table; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
dropDatabase();
process.exit(0);
