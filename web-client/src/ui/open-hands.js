// Every seat's hand (`game.hands`), when the server shows them: to spectators of a table in
// spectator mode "delayed open hands" (some tricks behind the table), and to everyone at an
// open-hands teaching table (protocol/README.md, create_table). And in spectator mode "after
// the trick", each seat's cards played this round (`game.played`).

import { h } from '../dom/vdom.js';
import { plural, seatName } from './format.js';

// What a table's spectators are shown, in a sentence's words (the options summary).
export function spectatorModeText(table) {
  if (table.spectator_mode === 'follow_seat') return 'one player’s hand, if that player allows it';
  if (table.spectator_mode === 'delayed_open') return `every hand, ${plural(table.spectator_delay || 1, 'trick')} behind the table`;
  if (table.spectator_mode === 'after_trick') return 'each trick once it is over, and the cards each player has played';
  return 'what everyone sees';
}

const delayedGame = (ctx) => {
  const game = ctx.table.game;
  return ctx.you.role === 'spectator' && game && Array.isArray(game.hands) && game.delayed ? game : null;
};

export function delayedBar(ctx) {
  const game = delayedGame(ctx);
  if (!game || ctx.table.state !== 'playing') return null;
  const behind = game.delayed.moves_behind;
  return h('div', { class: 'banner info delayed-bar', role: 'status', key: 'delayed' },
    h('span', null, `You watch ${plural(game.delayed.tricks, 'trick')} behind the table, with every hand open${behind ? ` (${plural(behind, 'move')} behind now)` : ''}. The players cannot see this.`));
}

// A panel of card lists by seat (the hands, or the cards played).
function cardsBySeat(table, renderer, { title, key, lists, what }) {
  return h('section', { class: `panel open-hands ${key}`, 'aria-label': title, key },
    h('h3', null, title),
    h('ul', { class: 'open-hand-list' },
      lists.map((cards, s) => h('li', { key: `seat-${s}`, class: 'open-hand', 'aria-label': `${seatName(table, s)}’s ${what}: ${plural(cards.length, 'card')}` },
        h('span', { class: 'open-hand-name' }, seatName(table, s)),
        cards.length
          ? h('ul', { class: 'open-hand-cards' }, cards.map((id) => h('li', { key: String(id) }, renderer.cardFace ? renderer.cardFace(id) : h('span', null, String(id)))))
          : h('span', { class: 'muted' }, 'no cards')))));
}

export function openHands(ctx, renderer) {
  const game = ctx.table.game;
  if (!game) return null;
  if (Array.isArray(game.hands)) return cardsBySeat(ctx.table, renderer, { title: 'Every hand', key: 'open-hands', lists: game.hands, what: 'hand' });
  if (Array.isArray(game.played)) return cardsBySeat(ctx.table, renderer, { title: 'Played this round', key: 'played-cards', lists: game.played, what: 'cards played' });
  return null;
}

// Spectator mode "after the trick": the spectator sees the table up to the last finished
// trick, and is told so (the players see the trick as it is played).
export function afterTrickBar(ctx) {
  const game = ctx.table.game;
  if (ctx.you.role !== 'spectator' || !game || !game.after_trick || ctx.table.state !== 'playing') return null;
  const behind = game.after_trick.moves_behind;
  return h('div', { class: 'banner info delayed-bar', role: 'status', key: 'after-trick' },
    h('span', null, `You see each trick once it is over${behind ? ` (${plural(behind, 'move')} of this trick not shown yet)` : ''}; the cards each player has played this round are listed below the table.`));
}
