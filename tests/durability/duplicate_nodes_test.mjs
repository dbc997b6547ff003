// "Play this deal again" on two nodes sharing one PostgreSQL and one Redis (docs/cluster.md):
// a finished game's deal is dealt at one table at a time in the whole cluster, since its
// players know every hand once any repeat of it is over. Ann repeats her game on node A;
// back on node B with her identity she may not repeat it a second time there; once her
// table on A is closed, node B deals it.
//
// node --experimental-websocket duplicate_nodes_test.mjs CROWNHALL WORK_DIR CONNINFO_FILE REDIS_FILE
import { cluster } from './cluster_harness.mjs';
import { hello, historyOnceItLists, playAGame, sleep } from './returning_guest.mjs';

const [exe, work, conninfoFile, redisFile] = process.argv.slice(2);
const { Node, fail, stopNode, dropDatabase } =
  cluster({ exe, work, conninfoFile, redisFile, dbPrefix: 'duplicate_nodes' });
const check = (ok, why) => { if (!ok) fail(why); };

const a = new Node('a');
const b = new Node('b');
await a.start();
await b.start();

const onA = await hello(a.port, { name: 'Ann' });
const ann = onA.answer;
await playAGame(onA);
const games = await historyOnceItLists(a.port, ann.you.token, 1, fail);
const original = games[0];
onA.send({ type: 'leave_table' });

const repeat = (conn, what) => {
  conn.send({ type: 'create_table', deal_of: original, id: what });
  return conn.next((m) => (m.type === 'table' && m.deal_of === original) || (m.type === 'error' && m.id === what),
    10000, what);
};
const first = await repeat(onA, 'repeat-on-a');
check(first.type === 'table' && first.known_deal === 'repeated', `the repeat on node a: ${JSON.stringify(first)}`);

const onB = await hello(b.port, { identity: ann.you.identity });
check(onB.answer.you?.player === ann.you.player, `Ann on node b: ${JSON.stringify(onB.answer)}`);
const refused = await repeat(onB, 'second-repeat-on-b');
check(refused.type === 'error' && refused.code === 'deal_in_play',
  `a second repeat of the deal on node b while node a deals it: ${JSON.stringify(refused)}`);

// Ann leaves her repeat on a before it starts: the table closes and the deal is free.
onA.send({ type: 'leave_table' });
let later;
for (let t0 = Date.now(); ; await sleep(200)) {
  later = await repeat(onB, `repeat-on-b-${Date.now()}`);
  if (later.type === 'table' || later.code !== 'deal_in_play' || Date.now() - t0 > 5000) break;
}
check(later.type === 'table' && later.known_deal === 'repeated',
  `the repeat on node b once node a's table closed: ${JSON.stringify(later)}`);

for (const n of [a, b]) await stopNode(n);
dropDatabase();
console.log('one repeat of a deal at a time across two nodes: PASS');
process.exit(0);
