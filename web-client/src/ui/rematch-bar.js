// Rematch (protocol/README.md, "rematch"): at the result screen the host offers the same
// seats and options again with one click; each other player accepts or declines (leaves).
// The game starts by itself once everyone seated has accepted.

import { h } from '../dom/vdom.js';
import { seatName } from './format.js';

export function rematchBar(ctx) {
  const table = ctx.table;
  if (table.state !== 'finished') return null;
  const isHost = Boolean(ctx.you.host);
  const me = ctx.mySeat != null ? table.seats[ctx.mySeat] : null;
  if (!table.rematch) {
    if (!isHost) return null;
    return h('div', { class: 'banner info rematch-bar', key: 'rematch' },
      h('span', null, 'Play again with the same seats and options: the others are asked, bots take the seats of those who left or decline.'),
      h('button', { type: 'button', class: 'primary', 'data-action': 'rematch' }, 'Offer a rematch'));
  }
  const host = table.host != null ? seatName(table, table.host) : 'The host';
  const waiting = table.seats.filter((s) => s.status === 'human' && !s.ready).map((s) => seatName(table, s.seat));
  if (me && me.status === 'human' && !me.ready) {
    return h('div', { class: 'banner warn rematch-bar', role: 'status', key: 'rematch' },
      h('span', null, `${host} offers a rematch with the same seats and options.`),
      h('span', { class: 'actions' },
        h('button', { type: 'button', class: 'primary', 'data-action': 'ready', 'data-ready': 'true' }, 'Accept the rematch'),
        h('button', { type: 'button', 'data-action': 'leave' }, 'Decline (leave the table)')));
  }
  return h('div', { class: 'banner info rematch-bar', role: 'status', key: 'rematch' },
    h('span', null, waiting.length ? `Rematch offered: waiting for ${waiting.join(', ')} to accept.` : 'Rematch offered.'));
}
