// A late joiner (protocol/README.md, "Late joiners"): at a game under way whose host allows
// it, a spectator claims a bot's seat; it becomes theirs when the round in progress ends, so
// they start with a fresh hand and learn nothing of the bot's from before.

import { h } from '../dom/vdom.js';
import { seatName } from './format.js';

export function lateJoinBar(ctx, me) {
  const table = ctx.table;
  if (table.state !== 'playing' || !table.late_join || ctx.you.role !== 'spectator' || !me) return null;
  const mine = table.seats.find((s) => s.next && s.next.player === me.player);
  if (mine) {
    return h('div', { class: 'banner info late-join-bar', role: 'status', key: 'late-join' },
      h('span', null, `You take ${seatName(table, mine.seat)}’s seat when this round ends.`),
      h('button', { type: 'button', 'data-action': 'claim-seat', 'data-seat': String(mine.seat), 'data-cancel': 'true' }, 'Withdraw'));
  }
  const free = table.seats.filter((s) => s.status === 'bot' && !s.next);
  if (!free.length) return null;
  return h('div', { class: 'banner info late-join-bar', key: 'late-join' },
    h('span', null, 'Join the game: take over a bot’s seat when this round ends.'),
    h('span', { class: 'actions' },
      free.map((s) => h('button', { type: 'button', class: 'primary', 'data-action': 'claim-seat', 'data-seat': String(s.seat) }, `Take ${seatName(table, s.seat)}’s seat`))));
}
