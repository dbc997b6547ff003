// What the guest identity tests share (identity_test.mjs, identity_nodes_test.mjs): a guest
// over a real WebSocket who says hello with whatever they kept (docs/accounts.md), plays a
// short game with two bots to its end, and reads their History over HTTP.
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A connection and its hello's answer (welcome, or the error refusing it). `next(pred)`
// waits for a later message; `closed` resolves with the close code.
export async function hello(port, fields) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const inbox = [];
  const waiters = [];
  const closed = new Promise((r) => ws.addEventListener('close', (e) => r(e.code)));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    inbox.push(m);
    for (const w of waiters.splice(0)) w();
  };
  const next = async (pred, ms = 20000, what = 'a message') => {
    for (const end = Date.now() + ms; ;) {
      const i = inbox.findIndex(pred);
      if (i >= 0) return inbox.splice(i, 1)[0];
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => { waiters.push(r); setTimeout(r, 200); });
    }
  };
  await new Promise((res, rej) => { ws.onopen = res; ws.onerror = () => rej(new Error(`cannot connect to ${port}`)); });
  ws.send(JSON.stringify({ type: 'hello', protocol: 1, ...fields }));
  const answer = await next((m) => m.type === 'welcome' || m.type === 'error', 10000, 'the answer to hello');
  return { ws, answer, next, closed, send: (m) => ws.send(JSON.stringify(m)) };
}

// The guest creates a table of Crown Battles with two bots (one short round) and plays random
// legal moves until the game is over; the finished `table` message.
export async function playAGame(conn) {
  let seed = 7;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (const m of [{ type: 'create_table', game: 'crown-battles', seats: 3, options: { schedule: [1] } },
    { type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) conn.send(m);
  let acted = -1;
  for (;;) {
    const m = await conn.next((x) => x.type === 'table' || (x.type === 'error' && x.code !== 'rate_limited'), 60000, 'the game');
    if (m.type === 'error') throw new Error(`refused: ${JSON.stringify(m)}`);
    if (m.state === 'finished') return m;
    if (m.state === 'playing' && m.game?.legal?.length && m.seq !== acted) {
      acted = m.seq;
      conn.send({ type: 'act', action: m.game.legal[rand(m.game.legal.length)], seq: m.seq });
    }
  }
}

// The finished games GET /api/history lists for this session token (ids), or the status.
export async function historyOf(port, token) {
  const r = await fetch(`http://127.0.0.1:${port}/api/history`, { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) return r.status;
  return (await r.json()).games.map((g) => g.game_id);
}

// The History of `token` once it lists `count` games (a game's record is saved just after
// its end, so it may take a moment), or `fail` with what it listed after 5 s.
export async function historyOnceItLists(port, token, count, fail) {
  for (const t0 = Date.now(); ; await sleep(50)) {
    const games = await historyOf(port, token);
    if (Array.isArray(games) && games.length === count) return games;
    if (Date.now() - t0 > 5000) fail(`History does not list ${count} game(s) on port ${port}: ${JSON.stringify(games)}`);
  }
}
