// docs/hosting.md's nginx site for TLS in front ("TLS in front: Caddy or nginx"), read from
// the page and run with a certificate of the test's own making: the page is served over
// TLS, plain HTTP is sent to https, two people from addresses of their own play through it
// over wss while the server allows one connection an address (so the server counts each
// by the X-Forwarded-For nginx appends, with --trusted-proxy 127.0.0.1), and a third from
// Ann's address, forging that header, is counted as Ann's address and refused.
//
// node --experimental-websocket tls_proxy_test.mjs CROWNHALL WORK_DIR
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { startNginx } from './private_nginx.mjs';
import { openRawWebSocket } from './raw_websocket.mjs';
import { check, fail, freePort, serve, sleep } from './serve_process.mjs';

const [exe, work] = process.argv.slice(2);
const here = path.dirname(new URL(import.meta.url).pathname);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
writeFileSync(path.join(work, 'index.html'), '<!doctype html><script type="module" src="src/main.js"></script>');
const site = 'cards.example';

// The site as the page gives it.
const doc = readFileSync(path.join(here, '../../docs/hosting.md'), 'utf8');
const section = doc.split(/^## /m).find((s) => s.startsWith('TLS in front'));
let conf = /```nginx\n([\s\S]*?)```/.exec(section ?? '')?.[1];
check(conf, 'docs/hosting.md has no nginx block under "TLS in front"');

execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', `/CN=${site}`,
  '-addext', `subjectAltName=DNS:${site}`, '-keyout', path.join(work, 'key.pem'), '-out', path.join(work, 'cert.pem')], { stdio: 'ignore' });
const ca = readFileSync(path.join(work, 'cert.pem'));

const server = await serve(exe, 'behind nginx', ['--web-root', work, '--data', path.join(work, 'data'),
  '--allow-origin', `https://${site}`, '--trusted-proxy', '127.0.0.1', '--max-connections-per-address', '1',
  '--drain-seconds', '0'], { limited: true });
const [tlsPort, plainPort] = [await freePort(), await freePort()];
// Where the page's host names its machine, the test puts its own: each line must be there.
for (const [from, to] of [
  [/listen 443 ssl;/, `listen 127.0.0.1:${tlsPort} ssl;`],
  [/listen 80;/, `listen 127.0.0.1:${plainPort};`],
  [/ssl_certificate \/etc\/letsencrypt\/live\/cards\.example\/fullchain\.pem;/, `ssl_certificate ${work}/cert.pem;`],
  [/ssl_certificate_key \/etc\/letsencrypt\/live\/cards\.example\/privkey\.pem;/, `ssl_certificate_key ${work}/key.pem;`],
  [/proxy_pass http:\/\/127\.0\.0\.1:8080;/, `proxy_pass http://127.0.0.1:${server.port};`],
]) {
  check(from.test(conf), `the nginx site has no line ${from}`);
  conf = conf.replace(from, to);
}
const { proc: nginx, errorLog } = startNginx(path.join(work, 'nginx'), conf);
process.on('exit', () => { try { nginx.kill('SIGKILL'); } catch {} });

const tls = { ca, servername: site };
function get(lib, port, p, options = {}) {
  return new Promise((resolve, reject) => {
    lib.get({ host: '127.0.0.1', port, path: p, headers: { Host: site }, ...options }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, location: res.headers.location, body }));
    }).on('error', reject);
  });
}
for (const since = Date.now(); ;) {
  try { if ((await get(https, tlsPort, '/readyz', tls)).status === 200) break; } catch {}
  if (Date.now() - since > 10000) fail(`nginx did not answer over TLS:\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
  await sleep(50);
}
const page = await get(https, tlsPort, '/', tls);
check(page.status === 200 && page.body.includes('<script'), `the page over TLS: ${page.status}`);
const plain = await get(http, plainPort, '/');
check(plain.status === 301 && plain.location === `https://${site}/`, `plain HTTP: ${plain.status} ${plain.location}`);

async function person(name, localAddress, extra = {}) {
  let ws;
  try {
    ws = await openRawWebSocket({ host: '127.0.0.1', port: tlsPort, localAddress, tls, headers: { Origin: `https://${site}`, Host: site, ...extra } });
  } catch (e) {
    return { refused: e.message };
  }
  ws.send(JSON.stringify({ type: 'hello', protocol: 1, name }));
  return { ws, first: await ws.next() };
}
const ann = await person('Ann', '127.0.0.2');
const bob = await person('Bob', '127.0.0.3');
const said = (p) => JSON.stringify(p.first ?? p.refused);
check(ann.first?.type === 'welcome', `Ann over wss: ${said(ann)}`);
check(bob.first?.type === 'welcome', `Bob, from another address, over wss: ${said(bob)} (is the client's address forwarded?)`);
const forged = await person('Cy', '127.0.0.2', { 'X-Forwarded-For': '10.9.9.9' });
check(forged.refused || forged.first?.code === 'too_many_connections',
  `a second connection from Ann's address, naming another in X-Forwarded-For, was let in: ${said(forged)}`);
// And the game: Ann opens a table over wss and it answers.
ann.ws.send(JSON.stringify({ type: 'create_table', game: 'crown-battles', seats: 3, id: 1 }));
for (;;) {
  const m = await ann.ws.next(5000);
  check(m, 'Ann\'s connection closed');
  if (m.type === 'table') break;
  check(m.type !== 'error', `create_table over wss: ${JSON.stringify(m)}`);
}
for (const p of [ann, bob]) p.ws.close();
server.kill('SIGTERM');
await server.exited;
nginx.kill('SIGTERM');
rmSync(work, { recursive: true, force: true });
console.log('TLS in front (nginx, as docs/hosting.md gives it): PASS');
process.exit(0);
