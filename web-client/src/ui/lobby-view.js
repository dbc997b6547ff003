// The lobby: the live list of public tables, and the form to create one.

import { h } from '../dom/vdom.js';
import { createTableForm, defaultSeats, seatCounts } from './options-form.js';
import { plural, stateText } from './format.js';
import { rendererFor } from '../games/index.js';
import { knownDealBadge, knownDealText, watchersText } from './known-deal.js';

export function lobbyView(state) {
  const games = state.games || [];
  const ui = state.ui;
  const game = games.find((g) => g.id === ui.createGame) || games[0];
  return h(
    'main',
    { class: 'screen lobby', id: 'main', tabindex: -1 },
    h('section', { class: 'panel', 'aria-labelledby': 'tables-heading' },
      h('div', { class: 'panel-head' },
        h('h1', { id: 'tables-heading' }, 'Tables'),
        h('div', { class: 'lobby-buttons' },
          h('button', { type: 'button', 'data-action': 'open-history', 'aria-label': 'History: your finished games, records and replays' }, 'History'),
          !ui.creating && game ? h('button', { class: 'primary', type: 'button', 'data-action': 'ui', 'data-key': 'creating', 'data-value': 'true' }, 'New table') : null)),
      ui.creating && game ? h('div', { class: 'create-wrap', key: 'create' }, h('h2', null, 'New table'), createTableForm(game, games, clampSeats(game, ui.createSeats), ui.optionDraft, ui.createRefusal, rendererFor(game.id).formRules || null)) : null,
      tableList(state.lobby, state.leftGame, ui.confirmJoin),
    ),
  );
}

function tableList(tables, leftGame, confirmJoin) {
  if (tables == null) return h('p', { class: 'muted' }, 'Loading tables…');
  // A finished game is nothing to join or watch (its players see it in History).
  tables = tables.filter((t) => t.state !== 'finished');
  if (tables.length === 0) return h('p', { class: 'muted empty-lobby' }, 'No public tables yet. Create one, or open a friend’s invite link.');
  return h('ul', { class: 'table-list', 'aria-label': 'Public tables' },
    tables.map((t) => {
      const free = t.seats - t.taken;
      const host = hostWords(t);
      const label = `${t.title}, ${host}, ${t.taken} of ${plural(t.seats, 'seat')} taken, ${stateText(t.state)}${t.known_deal ? ', the host knows these hands' : ''}${t.open_hands ? ', open hands' : ''}`;
      return h('li', { class: 'table-item', key: t.table, 'aria-label': label },
        h('div', { class: 'table-info' },
          h('div', { class: 'table-title' }, h('b', null, t.title), ' ', h('span', { class: `badge state-${t.state}` }, stateText(t.state)), t.open_hands ? [' ', h('span', { class: 'badge open-hands-badge', title: 'A teaching table: everyone sees every hand' }, 'open hands')] : null, t.known_deal ? [' ', knownDealBadge(t.known_deal)] : null),
          h('div', { class: 'muted' }, t.summary || ''),
          h('div', { class: 'muted' }, `${t.host ? `Host: ${t.host}` : 'No host'} · ${t.taken}/${t.seats} seated`),
          h('div', { class: 'muted watchers-see' }, watchersText(t))),
        confirmJoin === t.table && t.known_deal ? confirmJoinBox(t) : null,
        h('div', { class: 'table-actions' },
          t.table === leftGame && t.state === 'playing' ? h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table }, 'Return to my seat') : null,
          t.state === 'waiting' && free > 0 && confirmJoin !== t.table ? h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table, 'aria-label': `Join ${t.title} ${host}` }, 'Join') : null,
          t.state === 'playing' && t.late_join && t.table !== leftGame ? h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table, 'aria-label': `Join ${t.title} ${host} at the next round` }, 'Join at the next round') : null,
          t.spectators ? h('button', { type: 'button', 'data-action': 'watch', 'data-table': t.table, 'aria-label': `Watch ${t.title} ${host}` }, 'Watch') : null));
    }));
}

// Who hosts a table, as a person says it: a table whose host left (bots play on, or
// nobody is seated yet) has none, and the server sends `host: null`.
export function hostWords(t) {
  return t.host ? `hosted by ${t.host}` : 'with no host';
}

// A seat at a table whose hands someone there knows is taken knowingly: the row asks first.
function confirmJoinBox(t) {
  return h('div', { class: 'banner warn confirm-join', role: 'alertdialog', 'aria-labelledby': `confirm-join-${t.table}`, key: 'confirm-join' },
    h('span', { id: `confirm-join-${t.table}` }, knownDealText(t.known_deal), ' Take a seat anyway?'),
    h('span', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table, 'data-confirmed': 'true' }, 'Take a seat'),
      h('button', { type: 'button', 'data-action': 'ui', 'data-key': 'confirmJoin', 'data-value': '', 'data-turn-focus': 'true' }, 'Cancel')));
}

function clampSeats(game, seats) {
  const n = Number(seats);
  return seatCounts(game).includes(n) ? n : defaultSeats(game);
}
