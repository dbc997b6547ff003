// Our own icons, as inline SVG.

import { h } from '../dom/vdom.js';

export function crownIcon(cls = 'icon crown') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    h('path', { d: 'M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z', fill: 'currentColor' }),
    h('rect', { x: 3, y: 19, width: 18, height: 2, rx: 1, fill: 'currentColor' }));
}
