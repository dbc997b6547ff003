// The small marks beside a seat's name that every game shows the same way: host, bot,
// away (a bot plays for them), offline, and the seat's clock.

import { h } from '../dom/vdom.js';
import { formatClock } from './format.js';
import { runningSeats } from '../state/reducer.js';

export function seatBadges(ctx, seat) {
  const s = ctx.table.seats[seat];
  if (!s) return [];
  const out = [];
  if (ctx.table.host === seat) out.push(h('span', { class: 'badge host', title: 'Host' }, 'host'));
  if (s.status === 'bot') out.push(h('span', { class: 'badge bot', title: 'A bot' }, s.bot ? `${s.bot} bot` : 'bot'));
  if (s.status === 'away') out.push(h('span', { class: 'badge away', title: 'Away: a bot is playing for this player' }, 'away · bot plays'));
  else if (s.status === 'human' && s.connected === false) out.push(h('span', { class: 'badge offline' }, 'offline'));
  return out;
}

export function seatClock(ctx, seat) {
  const ms = ctx.clock(seat);
  if (ms == null) return null;
  const running = runningSeats(ctx.table.clock).includes(seat);
  return h('span', { class: { clock: true, running, low: running && ms < 20000 }, role: 'timer', 'aria-label': `${running ? 'Clock running' : 'Clock'}: ${formatClock(ms)} left` }, formatClock(ms));
}
