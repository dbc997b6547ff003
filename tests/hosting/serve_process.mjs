// What the hosting tests share: a real `crownhall serve` process on a free loopback port,
// and a person at the other end of a WebSocket (Node's own, --experimental-websocket) who
// waits for the messages a test expects.
import { spawn } from 'node:child_process';
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const servers = [];
process.on('exit', () => { for (const s of servers) try { s.kill('SIGKILL'); } catch {} });

export function fail(why) {
  console.error('FAIL:', why);
  for (const s of servers) console.error(`--- server ${s.label} (end):\n${s.log.slice(-2500)}`);
  process.exit(1);
}
export const check = (ok, why) => { if (!ok) fail(why); };

export function freePort() {
  return new Promise((res) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
}

// `crownhall serve` with the tests' usual flags (no limits per address unless `limited`,
// bots at once) and `args`; resolves once /readyz answers 200. `exited` resolves to
// { code, signal, at }.
export async function serve(exe, label, args, { limited = false } = {}) {
  const port = await freePort();
  const unlimited = ['--max-connections-per-address', '0', '--new-sessions-per-minute', '0', '--new-tables-per-minute', '0'];
  const proc = spawn(exe, ['serve', '--port', String(port), '--bot-delay-ms', '0', '--log-level', 'info',
    ...(limited ? [] : unlimited), ...args],
  { stdio: ['ignore', 'pipe', 'pipe'] });
  Object.assign(proc, { label, port, log: '', url: `http://127.0.0.1:${port}` });
  for (const out of [proc.stdout, proc.stderr]) out.on('data', (d) => { proc.log += d; });
  proc.exited = new Promise((r) => proc.once('exit', (code, signal) => r({ code, signal, at: Date.now() })));
  servers.push(proc);
  for (const since = Date.now(); ;) {
    try { if ((await fetch(`${proc.url}/readyz`)).ok) return proc; } catch {}
    if (proc.exitCode !== null) fail(`server ${label} exited at start`);
    if (Date.now() - since > 15000) fail(`server ${label} did not come up`);
    await sleep(30);
  }
}

// One person: every message they receive is kept, in order; `next` waits for one.
export class person {
  constructor(port, name) {
    this.name = name;
    this.port = port;
    this.received = [];
    this.latest = null;  // the last `table` message
    this.waiters = [];
  }

  // Says hello (with `token`: resumes that session) and resolves with the welcome.
  async connect(token) {
    this.ws = new WebSocket(`ws://127.0.0.1:${this.port}/ws`);
    this.closed = new Promise((r) => this.ws.addEventListener('close', (e) => r(e.code)));
    this.ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      this.received.push(m);
      if (m.type === 'table') this.latest = m;
      for (const w of this.waiters.splice(0)) w();
    };
    await new Promise((res, rej) => { this.ws.onopen = res; this.ws.onerror = () => rej(new Error(`${this.name}: cannot connect`)); });
    this.send(token ? { type: 'hello', protocol: 1, token } : { type: 'hello', protocol: 1, name: this.name });
    const welcome = await this.next((m) => m.type === 'welcome', 5000, 'welcome');
    this.token = welcome.you.token ?? token;
    return welcome;
  }

  send(m) { this.ws.send(JSON.stringify(m)); }

  // The first message from `from` on (an index into `received`) that `pred` accepts.
  async next(pred, ms, what, from = 0) {
    const end = Date.now() + ms;
    for (let i = from; ;) {
      for (; i < this.received.length; ++i) if (pred(this.received[i])) return this.received[i];
      if (Date.now() > end) fail(`${this.name}: no ${what} within ${ms} ms (last: ${JSON.stringify(this.received.at(-1))?.slice(0, 300)})`);
      await new Promise((r) => { this.waiters.push(r); setTimeout(r, 50); });
    }
  }

  // The table once it is this person's turn and nothing has moved for `quiet` ms.
  async settledTurn(ms = 10000, quiet = 300) {
    const end = Date.now() + ms;
    for (;;) {
      const seen = this.received.length;
      if (this.latest?.game?.legal?.length) {
        await sleep(quiet);
        if (this.received.length === seen) return this.latest;
        continue;
      }
      if (Date.now() > end) fail(`${this.name}: never my turn (last table: ${JSON.stringify(this.latest)?.slice(0, 300)})`);
      await sleep(50);
    }
  }
}
