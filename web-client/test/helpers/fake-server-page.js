// An init script for a page: replaces WebSocket with one that answers `hello` by replaying
// a scene's server messages and records what the page sends (window.__sent).
export function fakeSocketScript(messages) {
  return `(() => {
    const scene = ${JSON.stringify(messages)};
    window.__sent = [];
    localStorage.setItem('crownhall.token', '0123456789abcdef0123456789abcdef');
    class FakeSocket {
      constructor() {
        this.readyState = 0;
        // A test sends more server messages with window.__push(msg).
        window.__push = (m) => this.onmessage && this.onmessage({ data: JSON.stringify(m) });
        setTimeout(() => { this.readyState = 1; this.onopen && this.onopen({}); }, 0);
      }
      send(text) {
        const msg = JSON.parse(text);
        window.__sent.push(msg);
        if (msg.type === 'hello') for (const m of scene) setTimeout(() => this.onmessage && this.onmessage({ data: JSON.stringify(m) }), 0);
      }
      close() { this.readyState = 3; }
    }
    window.WebSocket = FakeSocket;
  })();`;
}
