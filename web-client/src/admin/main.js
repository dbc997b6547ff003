// The admin page (admin.html): signs in with the admin token, then every 2 s reads the
// tables, the totals, the server nodes, the sessions and the watched table's view, and
// redraws.

import { render } from '../dom/vdom.js';
import { accessibleNames } from '../dom/accessible-names.js';
import { listen } from '../dom/events.js';
import { call, failureText, saveToken, savedToken } from './api.js';
import { adminView } from './view.js';

const REFRESH_MS = 2000;

let state = { signedIn: false, token: savedToken(), totals: null, tables: null, nodes: null, sessions: null, watching: null, view: null, message: null };
const root = document.getElementById('app');
let timer = null;
let round = 0; // the newest refresh; an older one still answering is ignored

function set(changes) {
  state = { ...state, ...changes };
  render(root, accessibleNames(adminView(state, Date.now())));
}

function say(text, kind = 'info') {
  set({ message: { text, kind } });
}

function signOut(message = null) {
  clearTimeout(timer);
  round += 1;
  saveToken('');
  set({ signedIn: false, token: '', totals: null, tables: null, nodes: null, sessions: null, watching: null, view: null, message });
}

// One round of reads; a refused token signs out.
async function refresh() {
  clearTimeout(timer);
  if (!state.token) return;
  const mine = ++round;
  const token = state.token;
  const tables = await call(token, 'GET', 'tables');
  if (mine !== round) return;
  if (tables.status !== 200) {
    signOut({ text: failureText(tables), kind: 'error' });
    return;
  }
  const sessions = await call(token, 'GET', 'sessions');
  const nodes = await call(token, 'GET', 'nodes');
  let view = state.view;
  if (state.watching) {
    const w = state.watching;
    const query = w.seat === 'spectator' ? 'as=spectator' : `seat=${w.seat}`;
    const r = await call(token, 'GET', `tables/${encodeURIComponent(w.table)}/view?${query}`);
    if (r.status === 200) view = r.body;
    else if (state.watching === w) {
      set({ watching: null, view: null, message: { text: `Stopped watching ${w.table}: ${failureText(r)}`, kind: 'warn' } });
      view = null;
    }
  }
  if (mine !== round) return;
  saveToken(token);
  set({
    signedIn: true,
    totals: tables.body.totals,
    tables: tables.body.tables,
    sessions: sessions.status === 200 ? sessions.body.sessions : state.sessions,
    nodes: nodes.status === 200 ? nodes.body.nodes : state.nodes,
    view: state.watching ? view : null,
  });
  timer = setTimeout(refresh, REFRESH_MS);
}

async function act(method, path, body, done) {
  const r = await call(state.token, method, path, body);
  if (r.status === 401) return signOut({ text: failureText(r), kind: 'error' });
  say(r.status === 200 ? done(r.body) : failureText(r), r.status === 200 ? 'info' : 'error');
  refresh();
}

listen(root, (action, data, el) => {
  switch (action) {
    case 'sign-in': {
      const token = String(new Map(data.entries).get('token') || '').trim();
      if (!token) return;
      set({ token, message: null });
      refresh();
      return;
    }
    case 'sign-out':
      return signOut();
    case 'notice': {
      const text = String(new Map(data.entries).get('text') || '').trim();
      if (!text) return;
      act('POST', 'notice', { text }, (b) => {
        el.reset();
        return `Notice sent to ${b.sent} connection${b.sent === 1 ? '' : 's'}.`;
      });
      return;
    }
    case 'close-table':
      if (!window.confirm(`Close table ${data.table}? Everyone at it is sent away.`)) return;
      act('POST', `tables/${encodeURIComponent(data.table)}/close`, undefined, () => `Table ${data.table} closed.`);
      return;
    case 'kick':
      if (!window.confirm(`Close the connection of ${data.player}?`)) return;
      act('POST', `connections/${encodeURIComponent(data.player)}/kick`, undefined, () => `Connection of ${data.player} closed.`);
      return;
    case 'watch':
      set({ watching: { table: data.table, seat: data.seat }, view: null });
      refresh();
      return;
    case 'stop-watching':
      set({ watching: null, view: null });
      return;
    default:
  }
});

render(root, accessibleNames(adminView(state, Date.now())));
if (state.token) refresh();
