// A plain fallback for a game without a renderer of its own yet: who acts, the raw view,
// and one button per legal action. Enough to play, never pretty.

import { h } from '../../dom/vdom.js';
import { seatBadges, seatClock } from '../../ui/seat-badges.js';
import { seatName } from '../../ui/format.js';

export function render(ctx) {
  return h('section', { class: 'panel generic-game', 'aria-label': 'Game' },
    h('ol', { class: 'seat-list' }, ctx.table.seats.map((s) =>
      h('li', { key: s.seat, class: { 'seat-row': true, 'to-act': ctx.toAct.includes(s.seat) } },
        h('span', { class: 'seat-name' }, seatName(ctx.table, s.seat)), seatBadges(ctx, s.seat), seatClock(ctx, s.seat)))),
    ctx.legal.length
      ? h('div', { class: 'actions', role: 'group', 'aria-label': 'Your possible moves' },
          ctx.legal.map((a, i) => h('button', { type: 'button', key: i, 'data-action': 'act', 'data-payload': JSON.stringify(a) }, actionText(a))))
      : null,
    h('pre', { class: 'raw-view' }, JSON.stringify(ctx.view, null, 2)));
}

export function actionText(a) {
  const { type, ...rest } = a;
  const args = Object.values(rest).map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(' ');
  return args ? `${type} ${args}` : type;
}
