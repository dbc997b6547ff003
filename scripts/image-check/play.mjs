// For scripts/check-image.sh: `finish` plays one short game (a person and two bots) on the
// image's server to its end and writes the person's session token to FILE; `history` checks
// that the server, restarted on the same /data, still lists that game in their History.
//   node --experimental-websocket play.mjs PORT finish|history FILE
import { readFileSync, writeFileSync } from 'node:fs';

const [port, what, file] = process.argv.slice(2);
const base = `http://127.0.0.1:${port}`;
if (what === 'history') {
  const { token, game } = JSON.parse(readFileSync(file, 'utf8'));
  const h = await (await fetch(`${base}/api/history`, { headers: { Authorization: `Bearer ${token}` } })).json();
  if (!h.games.some((g) => g.game_id === game)) { console.error(`game ${game} is gone after the restart`); process.exit(1); }
  console.log(`game ${game} is still in the History after the restart`);
  process.exit(0);
}
let seed = 3, acted = -1, token = null;
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
await new Promise((resolve, reject) => {
  setTimeout(() => reject(new Error('the game did not end')), 60000);
  ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', protocol: 1, name: 'Ann' }));
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'welcome') {
      token = m.you.token;
      for (const msg of [{ type: 'create_table', game: 'crown-battles', seats: 3, options: { schedule: [1, 2] } },
        { type: 'add_bot' }, { type: 'add_bot' }, { type: 'start' }]) ws.send(JSON.stringify(msg));
    }
    if (m.type !== 'table' || m.seq === acted) return;
    if (m.state === 'finished') resolve();
    if (m.state === 'playing' && m.game?.legal?.length) {
      acted = m.seq;
      ws.send(JSON.stringify({ type: 'act', action: m.game.legal[rand(m.game.legal.length)], seq: m.seq }));
    }
  };
});
ws.close();
// The game is in the History once its record is written.
for (let i = 0; i < 100; ++i) {
  const h = await (await fetch(`${base}/api/history`, { headers: { Authorization: `Bearer ${token}` } })).json();
  if (h.games.length) {
    writeFileSync(file, JSON.stringify({ token, game: h.games[0].game_id }));
    console.log(`finished ${h.games[0].game_id}`);
    process.exit(0);
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.error('the finished game never reached the History');
process.exit(1);
