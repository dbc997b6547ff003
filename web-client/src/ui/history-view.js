// The History screen: this session's finished games, newest first as the server lists
// them, each with its record to download and a replay to open.

import { h } from '../dom/vdom.js';
import { formatDate, resultText, seatLabel } from './history-format.js';

export function historyView(state) {
  const hist = state.history;
  return h('main', { class: 'screen history', id: 'main', tabindex: -1 },
    h('section', { class: 'panel', 'aria-labelledby': 'history-heading' },
      h('div', { class: 'panel-head' },
        h('h1', { id: 'history-heading' }, 'Your finished games'),
        h('button', { type: 'button', 'data-action': 'go-lobby' }, 'Back to the lobby')),
      body(state, hist)));
}

function body(state, hist) {
  if (hist.status === 'error') {
    return h('div', { class: 'banner error', role: 'alert' },
      h('span', null, hist.error),
      h('button', { type: 'button', 'data-action': 'open-history' }, 'Try again'));
  }
  if (hist.status !== 'ready') return h('p', { class: 'muted', role: 'status' }, 'Loading your games…');
  if (!hist.games.length) return h('p', { class: 'muted empty-history' }, 'No finished games yet. Games you play to the end appear here.');
  return h('ul', { class: 'history-list', 'aria-label': 'Finished games' },
    hist.games.map((g) => {
      const title = gameTitle(state, g.game);
      const when = formatDate(g.finished_at);
      const seats = (g.summary && g.summary.seats) || [];
      const result = resultText(g.summary);
      return h('li', { class: 'history-item', key: g.game_id, 'aria-label': `${title}, finished ${when}${result ? `. ${result}` : ''}` },
        h('div', { class: 'history-info' },
          h('div', null, h('b', null, title), ' ', h('span', { class: 'muted' }, when)),
          seats.length ? h('div', { class: 'muted' }, `Players: ${seats.map((_, s) => seatLabel(seats, s)).join(', ')}`) : null,
          result ? h('div', null, result) : null),
        h('div', { class: 'history-actions' },
          h('button', { type: 'button', class: 'primary', 'data-action': 'open-replay', 'data-game': g.game_id, 'aria-label': `Replay ${title} of ${when}` }, 'Replay'),
          h('button', { type: 'button', 'data-action': 'download-record', 'data-game': g.game_id, 'aria-label': `Download the record of ${title} of ${when}` }, 'Download record')));
    }));
}

export function gameTitle(state, id) {
  const g = (state.games || []).find((x) => x.id === id);
  return g ? g.title : id;
}
