// The table's move log: what happened, line by line, kept as the server sent it.
//
// The server's `events` (protocol/README.md: `{n, kind, …}` per line, the event as data
// (protocol/events.md), `n` the table's counter, gaps allowed) are merged by `n`: a repeat
// is dropped, order is by `n`. The view words each line (ui/event-words.js); a line from
// before events were data (`{n, text}`) is kept and shown as its text. Until a server
// sends events, each `table` message whose `last_event` changed adds the sentence the
// status line reads (`fallback`), so the log is never empty of what the status line said.
// Pure: the caller supplies the sentence.

export const MAX_LOG = 200;

export function mergeEvents(log, events) {
  if (!Array.isArray(events) || events.length === 0) return log;
  const byN = new Map();
  for (const line of log) if (line.n != null) byN.set(line.n, line);
  let changed = false;
  for (const e of events) {
    if (!e || typeof e.n !== 'number' || byN.has(e.n)) continue;
    if (typeof e.kind !== 'string' && typeof e.text !== 'string') continue;
    byN.set(e.n, e);
    changed = true;
  }
  if (!changed) return log;
  // Server lines replace the fallback ones: they say the same, better.
  return [...byN.values()].sort((a, b) => a.n - b.n).slice(-MAX_LOG);
}

// One message's effect on the log. `prev` is the table message before (or null), `text`
// the fallback sentence for `msg.last_event` ('' when it has none).
export function nextLog(log, prev, msg, text) {
  const sameTable = prev && prev.table === msg.table;
  const base = sameTable ? log : [];
  if (Array.isArray(msg.events) && msg.events.length) return mergeEvents(base, msg.events);
  if (base.some((l) => l.n != null)) return base; // the server sends events: no guessing
  if (!text) return base;
  const e = msg.last_event;
  const key = `${msg.seq}`;
  // The same event again (a resent snapshot) adds nothing.
  if (sameTable && prev.last_event && JSON.stringify(prev.last_event) === JSON.stringify(e) && prev.seq === msg.seq) return base;
  if (base.length && base.at(-1).key === key) return base;
  return [...base, { n: null, key, text }].slice(-MAX_LOG);
}

// The lines a message adds that the log did not have yet: what the status line says. A
// first message (a join, a reconnect) brings a backlog: only its newest line is news.
export function freshEvents(log, prev, msg) {
  const events = Array.isArray(msg.events) ? msg.events.filter((e) => e && typeof e.n === 'number') : [];
  if (!events.length) return [];
  if (!prev || prev.table !== msg.table) return events.slice(-1);
  const seen = new Set(log.map((l) => l.n));
  return events.filter((e) => !seen.has(e.n));
}
