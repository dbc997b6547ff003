// The whole page: the top bar, banners (connection, notices, why we left a table),
// toasts, and the screen the state calls for.

import { h } from '../dom/vdom.js';
import { nameView } from './name-view.js';
import { lobbyView } from './lobby-view.js';
import { tableView } from './table-view.js';
import { historyView } from './history-view.js';
import { replayView } from './replay-view.js';
import { profileView } from './profile-view.js';
import { crownIcon } from './icons.js';
import { accountPanel } from '../account/account-view.js';
import { accountButton } from '../account/account-button.js';

export function appView(state, env) {
  const screen = state.needName ? nameView(state, env.savedName) : !state.me ? connectingView(state) : showsTable(state) ? tableView(state, env) : awayFromTables(state);
  return h('div', { class: 'app' },
    h('a', { class: 'skip-link', href: '#main', 'data-action': 'skip' }, 'Skip to content'),
    topBar(state),
    connectionBanner(state),
    state.notice ? h('div', { class: 'banner info', role: 'status', key: 'notice' }, h('span', null, state.notice), h('button', { type: 'button', 'data-action': 'dismiss-notice', 'aria-label': 'Dismiss the notice' }, '×')) : null,
    state.farewell && !state.table ? h('div', { class: 'banner warn', role: 'status', key: 'farewell' }, h('span', null, state.farewell), h('button', { type: 'button', 'data-action': 'dismiss-notice', 'aria-label': 'Dismiss' }, '×')) : null,
    screen,
    accountPanel(state),
    toasts(state.toasts),
  );
}

// A seated person may look at the lobby, History or a replay and come back: the route says
// which screen is on, the table message only whether there is a table to come back to.
export function showsTable(state) {
  return Boolean(state.table) && !['lobby', 'history', 'replay', 'profile'].includes(state.route.name);
}

// Not at a table (or looking elsewhere): the lobby, the History screen and its replays, or a
// profile,
// under a line that leads back to the table when there is one.
function awayFromTables(state) {
  const screens = { history: historyView, replay: replayView, profile: profileView };
  const screen = (screens[state.route.name] || lobbyView)(state);
  if (!state.table) return screen;
  const t = state.table;
  const role = t.you && t.you.role === 'spectator' ? 'You are watching' : 'You have a seat at';
  return [
    // A landmark of its own: everything on the page sits in one (axe: region).
    h('aside', { class: 'banner info back-to-table', key: 'back-to-table', 'aria-label': 'Your table' },
      h('span', null, `${role} ${t.title || t.game_id} (${t.state === 'playing' ? 'in play' : t.state}).`),
      h('button', { type: 'button', class: 'primary', 'data-action': 'go-table' }, 'Back to the table')),
    screen,
  ];
}

function topBar(state) {
  return h('header', { class: 'top-bar' },
    h('a', { class: 'brand', href: '#/', 'data-action': 'go-lobby', 'aria-label': 'Crownhall: back to the lobby' }, crownIcon(), h('span', null, 'Crownhall')),
    h('span', { class: 'who' },
      state.me && state.ui.renaming
        ? h('form', { class: 'rename-form', 'data-action': 'set-name', 'aria-label': 'Change your name' },
            h('label', { for: 'rename-input', class: 'sr-only' }, 'New name'),
            h('input', { id: 'rename-input', name: 'name', type: 'text', maxlength: 24, required: true, value: state.me.name }),
            h('button', { type: 'submit' }, 'Save'),
            h('button', { type: 'button', 'data-action': 'ui', 'data-key': 'renaming', 'data-value': 'false' }, 'Cancel'))
        : state.me
          ? h('button', { type: 'button', class: 'link-button', 'data-action': 'ui', 'data-key': 'renaming', 'data-value': 'true', 'aria-label': `You are ${state.me.name}. Change your name` }, state.me.name)
          : null,
      state.me ? accountButton(state.account && state.account.open) : null,
      h('span', { class: `dot conn-${state.connection.status}`, role: 'img', 'aria-label': connectionText(state.connection.status) })));
}

function connectionText(status) {
  return { open: 'Connected', connecting: 'Connecting', waiting: 'Disconnected', stopped: 'Disconnected', idle: 'Not connected' }[status] || status;
}

function connectionBanner(state) {
  const c = state.connection;
  if (c.status === 'stopped' && c.reason === 'taken-over') {
    // The server closed this connection for another one of the same session (close code
    // 4001): nothing reconnects on its own, or the two tabs would take it from each other.
    return h('div', { class: 'banner warn taken-over', role: 'alert', key: 'conn' },
      h('span', null, state.table
        ? 'Your session moved to another tab or window: it has your seat now, and this page sends nothing.'
        : 'Your session moved to another tab or window: this page sends nothing now.'),
      h('button', { type: 'button', class: 'primary', 'data-action': 'retry' }, 'Take the session back here'));
  }
  if (c.status === 'stopped' && c.reason === 'signed-out') {
    // Signed out everywhere (close code 4003), maybe from another device.
    return h('div', { class: 'banner warn signed-out', role: 'alert', key: 'conn' },
      h('span', null, 'You were signed out on every device. This browser no longer plays as that player.'),
      h('button', { type: 'button', class: 'primary', 'data-action': 'account-continue-as-guest' }, 'Play on as a new guest'));
  }
  if (c.status === 'stopped' && c.reason === 'closed-by-admin') {
    return h('div', { class: 'banner warn', role: 'alert', key: 'conn' },
      h('span', null, "The server's admin closed this connection."),
      h('button', { type: 'button', 'data-action': 'retry' }, 'Reconnect'));
  }
  if (c.status === 'stopped') {
    return h('div', { class: 'banner error', role: 'alert', key: 'conn' },
      h('span', null, 'This page is out of date.'),
      h('button', { type: 'button', 'data-action': 'reload' }, 'Reload'));
  }
  if (c.status === 'open' || c.status === 'idle' || (!state.me && c.attempt === 0)) return null;
  const text = c.status === 'connecting' ? 'Reconnecting…' : `Connection lost. Reconnecting in ${Math.ceil((c.retryInMs || 0) / 1000)} s…`;
  return h('div', { class: 'banner error reconnect', role: 'alert', key: 'conn' },
    h('span', null, text, state.table ? ' Your seat is kept for you.' : ''),
    c.status === 'waiting' ? h('button', { type: 'button', 'data-action': 'retry' }, 'Retry now') : null);
}

function connectingView(state) {
  if (state.refusedArrival) {
    return h('main', { class: 'screen', id: 'main' },
      h('section', { class: 'panel narrow', 'aria-labelledby': 'refused-title' },
        h('h1', { id: 'refused-title' }, 'You cannot come in just now'),
        h('p', { role: 'alert' }, state.refusedArrival),
        h('button', { type: 'button', class: 'primary', 'data-action': 'retry-arrival' }, 'Try again')));
  }
  return h('main', { class: 'screen', id: 'main' }, h('section', { class: 'panel narrow' }, h('p', { class: 'muted' }, state.connection.status === 'waiting' ? 'Cannot reach the server yet…' : 'Connecting…')));
}

function toasts(list) {
  return h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' },
    list.map((t) => h('div', { class: `toast ${t.kind}`, key: t.id },
      h('span', null, t.text),
      h('button', { type: 'button', 'data-action': 'dismiss-toast', 'data-id': t.id, 'aria-label': 'Dismiss' }, '×'))));
}
