// One WebSocket to the server, reopened with a growing delay when it drops. It knows
// nothing of the protocol beyond "one JSON object per text frame", and one error: a server
// of several nodes that cannot reach a table's node for a moment answers
// `routing_unavailable` with the request and when to send it again (protocol/README.md).

export const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

// Close codes after which reconnecting on our own would be wrong (protocol/README.md):
// 4001 another tab took the session over; 4002 the server's admin closed this connection;
// 4003 the person signed out everywhere (from this browser or another: protocol/accounts.md);
// 1002 this page speaks an old protocol.
export const NO_RETRY = { 4001: 'taken-over', 4002: 'closed-by-admin', 4003: 'signed-out', 1002: 'outdated' };

// Sent again at most this many times in a row; then the error goes to the page.
export const ROUTING_RETRIES = 30;

export function retryDelay(attempt) {
  return RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
}

export function socketUrl(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

// `events`: onOpen(), onMessage(obj), onStatus({status, attempt, retryInMs}).
export function createConnection(url, events, { WebSocketImpl = globalThis.WebSocket, timers = globalThis } = {}) {
  let socket = null;
  let attempt = 0;
  let retryTimer = null;
  let stopped = false;
  let routingRetries = 0;

  function send(msg) {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(msg));
    return true;
  }

  // True when the message was a refusal this connection answers itself, later.
  function retriedLater(msg) {
    if (msg.type !== 'error' || msg.code !== 'routing_unavailable' || !msg.request || typeof msg.request !== 'object') {
      if (msg.type !== 'error') routingRetries = 0;
      return false;
    }
    if (routingRetries >= ROUTING_RETRIES) return false;
    routingRetries += 1;
    const wait = Number.isFinite(msg.retry_ms) && msg.retry_ms > 0 ? msg.retry_ms : 1000;
    timers.setTimeout(() => send(msg.request), wait);
    return true;
  }

  function open() {
    retryTimer = null;
    if (stopped) return;
    events.onStatus({ status: 'connecting', attempt, retryInMs: 0 });
    const ws = new WebSocketImpl(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      events.onStatus({ status: 'open', attempt: 0, retryInMs: 0 });
      events.onOpen();
    };
    ws.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg && typeof msg === 'object' && !retriedLater(msg)) events.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (stopped) return;
      const reason = NO_RETRY[e && e.code];
      if (reason) {
        events.onStatus({ status: 'stopped', attempt, retryInMs: 0, reason });
        return;
      }
      const wait = retryDelay(attempt);
      attempt += 1;
      events.onStatus({ status: 'waiting', attempt, retryInMs: wait });
      retryTimer = timers.setTimeout(open, wait);
    };
  }

  return {
    start() {
      stopped = false;
      if (!socket && !retryTimer) open();
    },
    send,
    // Reconnect now instead of waiting for the timer (the "retry now" button).
    retryNow() {
      if (socket) return;
      if (retryTimer) timers.clearTimeout(retryTimer);
      retryTimer = null;
      open();
    },
    // Drop the socket to start over (a fresh hello after the token was refused).
    restart() {
      if (retryTimer) timers.clearTimeout(retryTimer);
      retryTimer = null;
      const ws = socket;
      socket = null;
      if (ws) ws.close();
      open();
    },
    get isOpen() {
      return Boolean(socket && socket.readyState === 1);
    },
  };
}
