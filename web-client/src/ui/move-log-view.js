// The move log beside the table: every line the table said so far (state/move-log.js),
// newest at the bottom, in a box that scrolls on its own. Each line is worded by its game
// (ui/event-words.js), its cards drawn as small faces.

import { h } from '../dom/vdom.js';
import { rendererFor } from '../games/index.js';
import { lineParts } from './event-words.js';
import { seatName } from './format.js';

export function moveLogView(state) {
  const lines = state.moveLog || [];
  const table = state.table;
  const renderer = rendererFor(table && table.game_id);
  const name = (s) => seatName(table, s);
  const draw = (p, i) => (typeof p === 'string' ? p : renderer.eventCard ? h('span', { key: i }, renderer.eventCard(p.card)) : String(p.card));
  return h('section', { class: 'panel move-log', 'aria-labelledby': 'move-log-heading' },
    h('h2', { id: 'move-log-heading' }, 'Moves'),
    h('ol', { class: 'move-log-lines', tabindex: 0, 'aria-label': 'Move log' },
      lines.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'Nothing yet.') : null,
      lines.map((l) => h('li', { key: l.n != null ? `n${l.n}` : `k${l.key}` }, ...lineParts(l, renderer, name, table && table.game ? table.game.view : null).map(draw)))));
}
