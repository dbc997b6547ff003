// Fairness marks (protocol/README.md, lobby and table `known_deal`, `spectator_mode`): what a
// table's spectators see, and whether someone at it already knows the hands of the game to
// come — the host who uploaded a prepared deal, or the players of the finished game a
// "Play this deal again" table repeats. Shown in the lobby row, before a seat is taken, and
// in the waiting room.

import { h } from '../dom/vdom.js';
import { spectatorModeText } from './open-hands.js';

// In a sentence: who knows the hands, or null.
export function knownDealText(kind) {
  if (kind === 'prepared') return 'A prepared deal: the host knows these hands.';
  if (kind === 'repeated') return 'The deal of a finished game, played again: the host and the other players of that game know these hands.';
  return null;
}

export function knownDealBadge(kind) {
  const text = knownDealText(kind);
  return text ? h('span', { class: 'badge known-deal', title: text }, 'the host knows these hands') : null;
}

// What the table's spectators see, for those who are about to sit there.
export function watchersText(table) {
  return table.spectators === false ? 'No spectators.' : `Spectators see ${spectatorModeText(table)}.`;
}

// The waiting room's notice: before the start, everyone seated learns both.
export function fairnessNotice(table) {
  const known = knownDealText(table.known_deal);
  return h('div', { class: { banner: true, warn: Boolean(known), info: !known, 'fair-notice': true }, key: 'fair-notice', role: 'note' },
    h('span', null,
      known ? [h('b', null, known), ' '] : null,
      watchersText(table)));
}
