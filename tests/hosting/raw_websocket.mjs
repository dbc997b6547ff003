// A WebSocket client that says where it comes from: it binds a chosen loopback address and
// sends headers of its choosing (an Origin, a forged X-Forwarded-For), which Node's own
// WebSocket cannot. Text frames only, as the table protocol needs (RFC 6455: a client masks
// what it sends; the server's frames come unmasked).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

// `tls`: over TLS (wss), with the test's own certificate authority as `ca`.
export function openRawWebSocket({ host, port, path = '/ws', localAddress, headers = {}, tls = null }) {
  return new Promise((resolve, reject) => {
    const req = (tls ? https : http).request({
      host, port, path, localAddress, ...(tls ?? {}),
      headers: {
        Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'), ...headers,
      },
    });
    req.on('upgrade', (res, socket) => resolve(new RawWebSocket(socket)));
    req.on('response', (res) => reject(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

class RawWebSocket {
  constructor(socket) {
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.messages = [];
    this.waiters = [];
    socket.on('data', (chunk) => { this.buffer = Buffer.concat([this.buffer, chunk]); this.parse(); });
    socket.on('close', () => { this.closed = true; for (const w of this.waiters.splice(0)) w(null); });
    socket.on('error', () => {});
  }

  send(text) {
    const body = Buffer.from(text);
    const mask = randomBytes(4);
    const length = body.length < 126 ? Buffer.from([0x80 | body.length])
      : body.length < 65536 ? Buffer.from([0x80 | 126, body.length >> 8, body.length & 0xff])
        : (() => { const b = Buffer.alloc(9); b[0] = 0x80 | 127; b.writeBigUInt64BE(BigInt(body.length), 1); return b; })();
    const masked = Buffer.from(body.map((byte, i) => byte ^ mask[i % 4]));
    this.socket.write(Buffer.concat([Buffer.from([0x81]), length, mask, masked]));
  }

  parse() {
    for (;;) {
      if (this.buffer.length < 2) return;
      const final = (this.buffer[0] & 0x80) !== 0;
      const opcode = this.buffer[0] & 0x0f;
      let length = this.buffer[1] & 0x7f;
      let at = 2;
      if (length === 126) { if (this.buffer.length < 4) return; length = this.buffer.readUInt16BE(2); at = 4; }
      if (length === 127) { if (this.buffer.length < 10) return; length = Number(this.buffer.readBigUInt64BE(2)); at = 10; }
      if (this.buffer.length < at + length) return;
      const payload = this.buffer.subarray(at, at + length);
      this.buffer = this.buffer.subarray(at + length);
      // A long message may come in fragments: a text frame, then continuations, the last
      // one marked final.
      if (opcode !== 0 && opcode !== 1) continue;  // pings and closes: not the table's
      if (opcode === 1) this.fragments = [];
      this.fragments.push(payload);
      if (final) {
        const message = JSON.parse(Buffer.concat(this.fragments).toString());
        this.fragments = null;
        const waiter = this.waiters.shift();
        if (waiter) waiter(message); else this.messages.push(message);
      }
    }
  }

  // The next message, or null once the connection has closed.
  next(timeoutMs = 5000) {
    if (this.messages.length) return Promise.resolve(this.messages.shift());
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message in time')), timeoutMs);
      this.waiters.push((m) => { clearTimeout(timer); resolve(m); });
    });
  }

  close() { this.socket.destroy(); }
}
