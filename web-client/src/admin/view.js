// The admin page as pure functions of its state: the token form, the server's totals, the
// server nodes (several share one database: which tables each holds), the live tables with
// their seats, the sessions, the people and the audit log (people-view.js), the notice
// form, and the table being
// watched — drawn by the game's own renderer from the message a seat or a spectator gets.

import { h } from '../dom/vdom.js';
import { rendererFor } from '../games/index.js';
import { gameContext } from '../ui/table-view.js';
import { dataTable } from './data-table.js';
import { auditPanel, peoplePanel } from './people-view.js';

export function adminView(state, now) {
  return h('main', { class: 'screen admin', id: 'main' },
    h('header', { class: 'admin-header' },
      h('h1', null, 'Crownhall admin'),
      state.signedIn ? h('button', { type: 'button', 'data-action': 'sign-out' }, 'Sign out') : null),
    state.message ? h('div', { class: `banner ${state.message.kind}`, role: 'status', key: 'message' }, h('span', null, state.message.text)) : null,
    state.signedIn ? dashboard(state, now) : signIn());
}

function signIn() {
  return h('form', { class: 'panel admin-sign-in', 'data-action': 'sign-in', 'aria-label': 'Sign in' },
    h('label', { for: 'admin-token' }, 'Admin token'),
    h('input', { id: 'admin-token', name: 'token', type: 'password', autocomplete: 'current-password', required: true }),
    h('button', { type: 'submit' }, 'Sign in'),
    h('p', { class: 'muted' }, 'The token given to the server with --admin-token. It is kept in this tab only.'));
}

function dashboard(state, now) {
  return [
    totalsPanel(state.totals),
    noticeForm(),
    state.watching ? watchPanel(state, now) : null,
    nodesPanel(state.nodes),
    tablesPanel(state.tables, state.watching),
    sessionsPanel(state.sessions),
    peoplePanel(state),
    auditPanel(state),
  ];
}

export function formatBytes(n) {
  if (!(n >= 0)) return '–';
  if (n >= 2 ** 30) return `${(n / 2 ** 30).toFixed(1)} GiB`;
  return `${(n / 2 ** 20).toFixed(1)} MiB`;
}

export function formatAge(seconds) {
  if (!(seconds >= 0)) return '–';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

function rate(x) {
  return typeof x === 'number' ? x.toFixed(1) : '–';
}

function totalsPanel(t) {
  if (!t) return h('section', { class: 'panel', key: 'totals' }, h('p', { class: 'muted' }, 'Loading…'));
  const byState = t.tables_by_state || {};
  const items = [
    ['Connections', String(t.connections)],
    ['Sessions', String(t.sessions)],
    ['Tables', `${t.tables} (${byState.playing || 0} playing, ${byState.waiting || 0} waiting)`],
    ['Messages in/s', rate(t.messages_in_per_second)],
    ['Messages out/s', rate(t.messages_out_per_second)],
    ['Actions', String(t.actions)],
    ['Action p50 / p99', `${t.action_p50_ms} / ${t.action_p99_ms} ms`],
    ['Memory (RSS)', formatBytes(t.resident_memory_bytes)],
    // Which layout the store is on: after an upgrade, the host sees the migration ran.
    ['Store schema', typeof t.store_schema_version === 'number' ? `version ${t.store_schema_version}` : 'none (nothing is kept)'],
  ];
  return h('section', { class: 'panel admin-totals', key: 'totals', 'aria-label': 'Server totals' },
    h('dl', null, items.map(([k, v]) => h('div', { key: k }, h('dt', null, k), h('dd', null, v)))));
}

function noticeForm() {
  return h('form', { class: 'panel admin-notice', key: 'notice', 'data-action': 'notice', 'aria-label': 'Send a notice' },
    h('label', { for: 'notice-text' }, 'Notice to everyone connected'),
    h('input', { id: 'notice-text', name: 'text', type: 'text', maxlength: 500, required: true, placeholder: 'The server restarts at 22:00 UTC.' }),
    h('button', { type: 'submit' }, 'Send notice'));
}

function seatText(seat) {
  if (seat.status === 'empty') return 'empty';
  const presence = seat.status === 'bot' ? 'bot' : seat.status === 'away' ? 'away, a bot plays' : seat.connected ? 'connected' : 'disconnected';
  return `${seat.name} — ${presence}`;
}

function tablesPanel(tables, watching) {
  return h('section', { class: 'panel', key: 'tables', 'aria-label': 'Tables' },
    h('h2', null, `Tables (${tables ? tables.length : 0})`),
    !tables || tables.length === 0
      ? h('p', { class: 'muted' }, 'No table is open.')
      : dataTable('admin-tables', ['Table', 'Game', 'State', 'Seq', 'Age', 'Last action', 'Seats', ''], tables.map((t) => tableRow(t, watching))));
}

function tableRow(t, watching) {
  const last = t.last_action_at ? new Date(t.last_action_at).toLocaleTimeString() : '–';
  const here = watching && watching.table === t.table;
  return { key: t.table, attrs: { 'data-table': t.table, class: here ? 'watched' : '' }, cells: [
    [h('code', null, t.table), t.private ? h('span', { class: 'badge private' }, 'private') : null],
    [t.title || t.game_id, h('div', { class: 'muted small' }, t.summary || '')],
    [t.state, t.to_act && t.to_act.length ? h('div', { class: 'muted small' }, `to act: ${t.to_act.join(', ')}`) : null],
    String(t.seq),
    formatAge(t.age_seconds),
    last,
    h('ol', { class: 'admin-seats', start: 0 }, t.seats.map((s) =>
      h('li', { key: s.seat }, seatText(s),
        s.status !== 'empty' ? h('button', { type: 'button', class: 'small', 'data-action': 'watch', 'data-table': t.table, 'data-seat': String(s.seat), 'aria-label': `Watch table ${t.table} as seat ${s.seat}` }, 'view') : null,
        s.player && s.connected ? h('button', { type: 'button', class: 'small danger', 'data-action': 'kick', 'data-player': s.player, 'aria-label': `Close the connection of ${s.name}` }, 'kick') : null))),
    [h('button', { type: 'button', 'data-action': 'watch', 'data-table': t.table, 'data-seat': 'spectator', 'aria-label': `Watch table ${t.table} as a spectator` }, 'Watch'),
      h('button', { type: 'button', class: 'danger', 'data-action': 'close-table', 'data-table': t.table, 'aria-label': `Close table ${t.table}` }, 'Close')],
  ] };
}

// Every live node and the tables it holds (GET /api/admin/nodes). This page reads one
// node: the others' tables are listed here, and managed from their own admin page.
function nodesPanel(nodes) {
  if (!nodes) return null;
  return h('section', { class: 'panel', key: 'nodes', 'aria-label': 'Server nodes' },
    h('h2', null, `Server nodes (${nodes.length})`),
    dataTable('admin-nodes', ['Node', 'Connections', 'Tables'], nodes.map((n) => ({ key: n.instance || n.node || 'self', attrs: { 'data-node': n.node || '' }, cells: [
      [n.node ? h('code', null, n.node) : 'this server', n.node && n.self ? h('span', { class: 'muted small' }, ' (this page)') : null],
      String(n.connections),
      [`${n.tables.length}`, n.tables.length ? h('div', { class: 'muted small' }, n.tables.join(', ')) : null],
    ] }))));
}

function sessionsPanel(sessions) {
  return h('section', { class: 'panel', key: 'sessions', 'aria-label': 'Sessions' },
    h('h2', null, `Sessions (${sessions ? sessions.length : 0})`),
    !sessions || sessions.length === 0
      ? h('p', { class: 'muted' }, 'Nobody has a session.')
      : dataTable('admin-sessions', ['Player', 'Name', 'Connected', 'Table', ''], sessions.map((s) => ({ key: s.player, cells: [
          h('code', null, s.player),
          s.name,
          s.connected ? 'yes' : 'no',
          s.table ? h('code', null, s.table) : '–',
          s.connected ? h('button', { type: 'button', class: 'danger', 'data-action': 'kick', 'data-player': s.player, 'aria-label': `Close the connection of ${s.name}` }, 'Close connection') : null,
        ] }))));
}

function watchPanel(state, now) {
  const w = state.watching;
  const who = w.seat === 'spectator' ? 'as a spectator' : `through seat ${w.seat}`;
  const msg = state.view;
  return h('section', { class: 'panel admin-watch', key: 'watch', 'aria-label': 'Watched table' },
    h('div', { class: 'admin-watch-head' },
      h('h2', null, `Table ${w.table} ${who}`),
      msg ? h('span', { class: 'muted' }, `seq ${msg.seq}, ${msg.state}`) : null,
      h('button', { type: 'button', 'data-action': 'stop-watching' }, 'Stop watching')),
    msg ? watchedGame(msg, now) : h('p', { class: 'muted' }, 'Loading…'),
    msg ? h('details', { class: 'admin-raw' }, h('summary', null, 'The message, as that audience receives it'), h('pre', null, JSON.stringify(msg, null, 2))) : null);
}

// The game as that audience sees it, by the same renderer the players use (its buttons do
// nothing here: nobody acts through the admin page).
function watchedGame(msg, now) {
  if (!msg.game) return h('p', { class: 'muted' }, 'The game has not started.');
  const ctx = { ...gameContext({ table: msg, tableAt: now, ui: {} }, now), me: ' (this seat)' };
  try {
    return h('div', { class: `admin-game game-${msg.game_id}`, inert: '' }, rendererFor(msg.game_id).render(ctx));
  } catch {
    return h('p', { class: 'muted' }, 'This view cannot be drawn; see the message below.');
  }
}
