// A player's profile: their name, per game how many they finished and won, their average
// and best points, and their newest games with rank and points; the viewer's own games each
// open their replay, as in History. A private profile says only that it is private.

import { h } from '../dom/vdom.js';
import { formatDate } from './history-format.js';
import { gameTitle } from './history-view.js';
import { averageText, othersText, pointsText, rankText, totalsText, wonText } from './profile-format.js';

export function profileView(state) {
  const p = state.profile;
  const d = p && p.data;
  const mine = Boolean(d && state.me && d.player === state.me.player);
  const title = !d || !d.name ? 'Profile' : mine ? `Your profile: ${d.name}` : `${d.name}’s profile`;
  return h('main', { class: 'screen profile', id: 'main', tabindex: -1 },
    h('section', { class: 'panel', 'aria-labelledby': 'profile-heading' },
      h('div', { class: 'panel-head' },
        h('h1', { id: 'profile-heading' }, title),
        h('button', { type: 'button', 'data-action': 'go-lobby' }, 'Back to the lobby')),
      body(state, p, d, mine)));
}

function body(state, p, d, mine) {
  if (!p || p.status === 'loading' || p.status === 'idle') return h('p', { class: 'muted', role: 'status' }, 'Loading the profile…');
  if (p.status === 'error') {
    return h('div', { class: 'banner error', role: 'alert' },
      h('span', null, p.error),
      h('button', { type: 'button', 'data-action': 'open-profile', 'data-player': p.player }, 'Try again'));
  }
  // Someone else's private profile: the server sends nothing more.
  if (d.private && !mine) return h('p', { class: 'profile-private', role: 'status' }, 'This profile is private.');
  return [
    mine && d.private ? h('p', { class: 'banner info profile-private-own', key: 'own-private' }, 'Your profile is private: others read “This profile is private”. Show it again from Account.') : null,
    h('p', { class: 'profile-summary', key: 'summary' },
      h('span', { class: 'badge' }, d.account ? 'account' : 'guest'), ' ', totalsText(d.games)),
    gamesTable(state, d.games || []),
    recentList(state, d, mine),
  ];
}

function gamesTable(state, games) {
  if (!games.length) return h('p', { class: 'muted', key: 'no-games' }, 'No finished game yet.');
  return h('table', { class: 'profile-games', key: 'games' },
    h('caption', null, 'Per game'),
    h('thead', null, h('tr', null, ['Game', 'Finished', 'Won', 'Average points', 'Best'].map((c) => h('th', { scope: 'col', key: c }, c)))),
    h('tbody', null, games.map((g) => h('tr', { key: g.game, 'data-game': g.game },
      h('th', { scope: 'row' }, gameTitle(state, g.game)),
      h('td', { 'data-label': 'Finished' }, String(g.finished)),
      h('td', { 'data-label': 'Won' }, wonText(g)),
      h('td', { 'data-label': 'Average points' }, averageText(g.average_points)),
      h('td', { 'data-label': 'Best' }, pointsText(g.best_points))))));
}

function recentList(state, d, mine) {
  const recent = d.recent || [];
  if (!recent.length) return null;
  return h('section', { class: 'profile-recent', key: 'recent', 'aria-labelledby': 'profile-recent-heading' },
    h('h2', { id: 'profile-recent-heading' }, 'Newest games'),
    h('ul', { class: 'history-list' }, recent.map((g) => {
      const title = gameTitle(state, g.game);
      const when = formatDate(g.finished_at);
      const rank = rankText(g.rank, g.seats);
      return h('li', { class: 'history-item', key: g.game_id },
        h('div', { class: 'history-info' },
          h('h3', { class: 'history-title' }, title, ' ', h('span', { class: 'muted' }, `· finished ${when}`)),
          h('p', { class: 'profile-result' }, [rank, g.points != null ? `${pointsText(g.points)} points` : '', othersText(g.seats, g.seat)].filter(Boolean).join(' · '))),
        // A player's own games open their replay; the server gives records to their players only.
        mine ? h('div', { class: 'history-actions' },
          h('button', { type: 'button', class: 'primary', 'data-action': 'open-replay', 'data-game': g.game_id, 'aria-label': `Replay ${title} of ${when}` }, 'Replay')) : null);
    })));
}
