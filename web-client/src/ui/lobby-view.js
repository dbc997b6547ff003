// The lobby: the live list of public tables, and the form to create one.

import { h } from '../dom/vdom.js';
import { createTableForm, defaultSeats, seatCounts } from './options-form.js';
import { stateText } from './format.js';

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
      ui.creating && game ? h('div', { class: 'create-wrap', key: 'create' }, h('h2', null, 'New table'), createTableForm(game, games, clampSeats(game, ui.createSeats), ui.optionDraft)) : null,
      tableList(state.lobby, state.leftGame),
    ),
  );
}

function tableList(tables, leftGame) {
  if (tables == null) return h('p', { class: 'muted' }, 'Loading tables…');
  // A finished game is nothing to join or watch (its players see it in History).
  tables = tables.filter((t) => t.state !== 'finished');
  if (tables.length === 0) return h('p', { class: 'muted empty-lobby' }, 'No public tables yet. Create one, or open a friend’s invite link.');
  return h('ul', { class: 'table-list', 'aria-label': 'Public tables' },
    tables.map((t) => {
      const free = t.seats - t.taken;
      const label = `${t.title}, hosted by ${t.host || 'nobody'}, ${t.taken} of ${t.seats} seats taken, ${stateText(t.state)}${t.open_hands ? ', open hands' : ''}`;
      return h('li', { class: 'table-item', key: t.table, 'aria-label': label },
        h('div', { class: 'table-info' },
          h('div', { class: 'table-title' }, h('b', null, t.title), ' ', h('span', { class: `badge state-${t.state}` }, stateText(t.state)), t.open_hands ? [' ', h('span', { class: 'badge open-hands-badge', title: 'A teaching table: everyone sees every hand' }, 'open hands')] : null),
          h('div', { class: 'muted' }, t.summary || ''),
          h('div', { class: 'muted' }, `Host: ${t.host || '—'} · ${t.taken}/${t.seats} seated`)),
        h('div', { class: 'table-actions' },
          t.table === leftGame && t.state === 'playing' ? h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table }, 'Return to my seat') : null,
          t.state === 'waiting' && free > 0 ? h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table, 'aria-label': `Join ${t.title} hosted by ${t.host}` }, 'Join') : null,
          t.state === 'playing' && t.late_join && t.table !== leftGame ? h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': t.table, 'aria-label': `Join ${t.title} hosted by ${t.host} at the next round` }, 'Join at the next round') : null,
          t.spectators ? h('button', { type: 'button', 'data-action': 'watch', 'data-table': t.table, 'aria-label': `Watch ${t.title} hosted by ${t.host}` }, 'Watch') : null));
    }));
}

function clampSeats(game, seats) {
  const n = Number(seats);
  return seatCounts(game).includes(n) ? n : defaultSeats(game);
}
