// Stand-ins for the browser's WebSocket and timers.

export class FakeSocket {
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.all.push(this);
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose && this.onclose({});
  }
  // Test side:
  open() {
    this.readyState = 1;
    this.onopen && this.onopen({});
  }
  receive(obj) {
    this.onmessage && this.onmessage({ data: typeof obj === 'string' ? obj : JSON.stringify(obj) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose && this.onclose({ code });
  }
}

export function fakeTimers() {
  const pending = [];
  return {
    pending,
    setTimeout(f, ms) {
      const t = { f, ms };
      pending.push(t);
      return t;
    },
    clearTimeout(t) {
      const i = pending.indexOf(t);
      if (i >= 0) pending.splice(i, 1);
    },
    runNext() {
      const t = pending.shift();
      if (t) t.f();
      return t;
    },
  };
}
