// The admin page (admin.html): signs in with the admin token, then every 2 s reads the
// tables, the totals, the server nodes, the sessions, the people and the audit log's newest
// page, and the watched table's view, and redraws.

import { render } from '../dom/vdom.js';
import { accessibleNames } from '../dom/accessible-names.js';
import { listen } from '../dom/events.js';
import { call, failureText, saveToken, savedToken } from './api.js';
import { adminView } from './view.js';
import { mergeAudit, minutesText, peopleRefusal } from './people-words.js';
import { createPeopleNames } from './people-names.js';

const REFRESH_MS = 2000;
const AUDIT_PAGE = 20;

let state = { signedIn: false, token: savedToken(), totals: null, tables: null, nodes: null, sessions: null, watching: null, view: null, message: null, people: null, peopleError: null, audit: [], auditMore: false, names: {}, banning: null, busy: null };
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
  set({ signedIn: false, token: '', totals: null, tables: null, nodes: null, sessions: null, watching: null, view: null, message, people: null, peopleError: null, audit: [], auditMore: false, names: {}, banning: null, busy: null });
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
  const people = await call(token, 'GET', 'players');
  const audit = await call(token, 'GET', `audit?limit=${AUDIT_PAGE}`);
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
    people: people.status === 200 ? people.body : state.people,
    peopleError: people.status === 200 ? null : peopleRefusal(people),
    audit: audit.status === 200 ? mergeAudit(state.audit, audit.body.entries) : state.audit,
    auditMore: audit.status === 200 && !state.audit.length ? audit.body.entries.length === AUDIT_PAGE : state.auditMore,
  });
  names.learn(state);
  timer = setTimeout(refresh, REFRESH_MS);
}

async function act(method, path, body, done, words = failureText) {
  const r = await call(state.token, method, path, body);
  if (r.status === 401) return signOut({ text: failureText(r), kind: 'error' });
  say(r.status === 200 ? done(r.body) : words(r), r.status === 200 ? 'info' : 'error');
  refresh();
}

// A person's request (rename, ban, lift): one at a time per player, said in words.
async function actOn(player, path, body, done) {
  if (state.busy) return;
  set({ busy: player });
  try {
    await act('POST', `players/${encodeURIComponent(player)}/${path}`, body, done, peopleRefusal);
  } finally {
    set({ busy: null });
  }
}

// Names for the player ids of bans and the audit log, once each (people-names.js).
const names = createPeopleNames({
  lookUp: async (player) => {
    const r = await call(state.token, 'GET', `players/${encodeURIComponent(player)}`);
    return r.status === 200 ? r.body.name : null;
  },
  learnt: (known) => set({ names: { ...state.names, ...known } }),
});

const nameFor = (player) => state.names[player] || player;

async function olderAudit() {
  const last = state.audit[state.audit.length - 1];
  const r = await call(state.token, 'GET', `audit?limit=${AUDIT_PAGE}${last ? `&before=${last.id}` : ''}`);
  if (r.status !== 200) return say(peopleRefusal(r), 'error');
  set({ audit: mergeAudit(state.audit, r.body.entries), auditMore: r.body.entries.length === AUDIT_PAGE });
  names.learn(state);
}

function formEntries(data) {
  return new Map(data.entries || []);
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
    case 'rename': {
      const name = String(formEntries(data).get('name') || '').trim();
      if (!name) return;
      const before = nameFor(data.player);
      actOn(data.player, 'rename', { name }, (b) => `${before} is now called ${b.name}.`);
      return;
    }
    case 'ban-open':
      set({ banning: { player: data.player, name: nameFor(data.player), reason: '', refuse: false, minutes: 10 } });
      return;
    case 'ban-ask': {
      const f = formEntries(data);
      const minutes = f.get('refuse') ? Math.max(0, Math.min(10080, Math.round(Number(f.get('minutes')) || 0))) : 0;
      set({ banning: { ...state.banning, reason: String(f.get('reason') || '').trim(), refuse: minutes > 0, minutes, ask: true } });
      return;
    }
    case 'ban-cancel':
      set({ banning: null });
      return;
    case 'ban-confirm': {
      const b = state.banning;
      if (!b) return;
      set({ banning: null });
      actOn(b.player, 'ban', { reason: b.reason, refuse_address_minutes: b.minutes }, (r) => banDone(b, r));
      return;
    }
    case 'lift-ban':
      actOn(data.player, 'lift-ban', undefined, () => `The ban on ${nameFor(data.player)} is lifted: their account can sign in again.`);
      return;
    case 'audit-older':
      olderAudit();
      return;
    default:
  }
});

// What a ban did, in words: who was signed out, and whether their address is refused.
function banDone(b, r) {
  const devices = `${r.devices_signed_out} device${r.devices_signed_out === 1 ? '' : 's'} signed out`;
  const address = b.minutes > 0
    ? r.address_refused ? ` New guests from their address are refused for ${minutesText(b.minutes)}.` : ' Their address was not known (not connected), so it is not refused.'
    : '';
  return `${b.name} is banned: ${devices}.${address}`;
}

render(root, accessibleNames(adminView(state, Date.now())));
if (state.token) refresh();
