// Every seat's hand (`game.hands`), when the server shows them: to spectators of a table in
// spectator mode "delayed open hands" (some tricks behind the table), and to everyone at an
// open-hands teaching table (protocol/README.md, create_table).

import { h } from '../dom/vdom.js';
import { plural, seatName } from './format.js';

// What a table's spectators are shown, in a sentence's words (the options summary).
export function spectatorModeText(table) {
  if (table.spectator_mode === 'follow_seat') return 'one player’s hand, if that player allows it';
  if (table.spectator_mode === 'delayed_open') return `every hand, ${plural(table.spectator_delay || 1, 'trick')} behind the table`;
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

export function openHands(ctx, renderer) {
  const game = ctx.table.game;
  if (!game || !Array.isArray(game.hands)) return null;
  const table = ctx.table;
  return h('section', { class: 'panel open-hands', 'aria-label': 'Every hand', key: 'open-hands' },
    h('h3', null, 'Every hand'),
    h('ul', { class: 'open-hand-list' },
      game.hands.map((cards, s) => h('li', { key: `seat-${s}`, class: 'open-hand', 'aria-label': `${seatName(table, s)}’s hand: ${plural(cards.length, 'card')}` },
        h('span', { class: 'open-hand-name' }, seatName(table, s)),
        cards.length
          ? h('ul', { class: 'open-hand-cards' }, cards.map((id) => h('li', { key: String(id) }, renderer.cardFace ? renderer.cardFace(id) : h('span', null, String(id)))))
          : h('span', { class: 'muted' }, 'no cards')))));
}
