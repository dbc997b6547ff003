// The History screen: this session's finished games, newest finished first, each saying
// its game, when, who played and how they ended, with its record to download and a replay
// to open; above them, the games it still holds a seat in, to go back to.

import { h } from '../dom/vdom.js';
import { plural } from './format.js';
import { profileLink } from './profile-link.js';
import { formatDate, newestFirst, resultText, seatLabel, seatPoints, standings } from './history-format.js';

export function historyView(state) {
  const hist = state.history;
  return h('main', { class: 'screen history', id: 'main', tabindex: -1 },
    h('section', { class: 'panel', 'aria-labelledby': 'history-heading' },
      h('div', { class: 'panel-head' },
        h('h1', { id: 'history-heading' }, 'Your finished games'),
        h('button', { type: 'button', 'data-action': 'go-lobby' }, 'Back to the lobby')),
      unfinished(state, hist),
      body(state, hist)));
}

// Games the session still has a seat in: one it left, or one that stopped because nobody
// played it (the server keeps it until a player comes back).
function unfinished(state, hist) {
  if (hist.status !== 'ready' || !(hist.unfinished || []).length) return null;
  return h('ul', { class: 'history-list unfinished', 'aria-label': 'Unfinished games' },
    hist.unfinished.map((u) => {
      const title = gameTitle(state, u.game);
      const note = u.stopped ? 'stopped, waiting for you' : 'in progress';
      return h('li', { class: 'history-item', key: u.table, 'aria-label': `${title}, unfinished, ${note}` },
        h('div', { class: 'history-info' }, h('b', null, title), ' ', h('span', { class: 'muted' }, `unfinished: ${note}`)),
        h('div', { class: 'history-actions' },
          h('button', { type: 'button', class: 'primary', 'data-action': 'join', 'data-table': u.table, 'aria-label': `Return to my seat at ${title}` }, 'Return to my seat')));
    }));
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
    newestFirst(hist.games).map((g) => {
      const title = gameTitle(state, g.game);
      const when = formatDate(g.finished_at);
      const seats = (g.summary && g.summary.seats) || [];
      const result = resultText(g.summary);
      const heading = `${title}, ${when}`;
      return h('li', { class: 'history-item', key: g.game_id, 'aria-labelledby': `history-${g.game_id}` },
        h('div', { class: 'history-info' },
          h('h2', { class: 'history-title', id: `history-${g.game_id}` }, title, ' ', h('span', { class: 'muted' }, `· finished ${when}`), teachingBadges(g.summary)),
          seats.length ? standingList(g.summary, result) : null,
          sameDeal(g, hist.games)),
        h('div', { class: 'history-actions' },
          h('button', { type: 'button', class: 'primary', 'data-action': 'open-replay', 'data-game': g.game_id, 'aria-label': `Replay ${title} of ${when}` }, 'Replay'),
          h('button', { type: 'button', 'data-action': 'download-record', 'data-game': g.game_id, 'aria-label': `Download the record of ${title} of ${when}` }, 'Download record'),
          h('button', { type: 'button', 'data-action': 'play-deal-again', 'data-game': g.game_id, 'aria-label': `Play the deal of ${title} of ${when} again` }, 'Play this deal again'),
          seats.length > 1
            ? h('button', { type: 'button', 'data-action': 'play-deal-again', 'data-game': g.game_id, 'data-rotate': '1', 'aria-label': `Play the deal of ${title} of ${when} again, each player one seat on` }, 'Again, seats moved on')
            : null));
    }));
}

// Who played, winners first, each with their points: "Ann (winner): 120 points".
function standingList(summary, result) {
  const rows = standings(summary);
  return h('ol', { class: 'history-standings', 'aria-label': result || 'Players' },
    rows.map((r) => h('li', { key: r.seat, class: { winner: r.winner } },
      h('span', { class: 'who' }, r.player ? profileLink(r.player, r.name) : r.name, r.winner ? h('span', { class: 'badge winner-badge' }, 'winner') : null),
      r.points != null ? h('span', { class: 'points' }, plural(r.points, 'point')) : null)));
}

// A teaching game is marked as one: a prepared deal, or every hand open.
function teachingBadges(summary) {
  if (!summary) return null;
  return [
    summary.prepared_deal ? [' ', h('span', { class: 'badge prepared-deal' }, 'prepared deal')] : null,
    summary.open_hands ? [' ', h('span', { class: 'badge open-hands-badge' }, 'open hands')] : null,
  ];
}

const seatWithThen = (now, then) => (now === then ? now : `${now} (then ${then})`);

// A game that repeated an earlier deal ("Play this deal again"), beside that game: each
// seat's points in both, so the two tables' play of the same cards can be compared.
function sameDeal(g, games) {
  const of = g.summary && g.summary.duplicate_of;
  if (!of) return null;
  const original = games.find((x) => x.game_id === of);
  if (!original) return h('div', { class: 'muted same-deal' }, 'The same deal as an earlier game.');
  const seats = g.summary.seats || [];
  const before = seatPoints(original.summary) || [];
  const now = seatPoints(g.summary) || [];
  return h('table', { class: 'same-deal' },
    h('caption', null, `The same deal as your game of ${formatDate(original.finished_at)}`),
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Seat'), h('th', { scope: 'col' }, 'This game'), h('th', { scope: 'col' }, 'Then'))),
    h('tbody', null, seats.map((_, s) => h('tr', null,
      h('th', { scope: 'row' }, seatWithThen(seatLabel(seats, s), seatLabel(original.summary.seats || [], s))),
      h('td', null, now[s] != null ? String(now[s]) : '—'),
      h('td', null, before[s] != null ? String(before[s]) : '—')))));
}

export function gameTitle(state, id) {
  const g = (state.games || []).find((x) => x.id === id);
  return g ? g.title : id;
}
