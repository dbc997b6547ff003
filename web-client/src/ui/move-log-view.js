// The move log beside the table: every line the table said so far (state/move-log.js),
// newest at the bottom, in a box that scrolls on its own.

import { h } from '../dom/vdom.js';

export function moveLogView(state) {
  const lines = state.moveLog || [];
  return h('section', { class: 'panel move-log', 'aria-labelledby': 'move-log-heading' },
    h('h2', { id: 'move-log-heading' }, 'Moves'),
    h('ol', { class: 'move-log-lines', tabindex: 0, 'aria-label': 'Move log' },
      lines.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'Nothing yet.') : null,
      lines.map((l) => h('li', { key: l.n != null ? `n${l.n}` : `k${l.key}` }, l.text))));
}
