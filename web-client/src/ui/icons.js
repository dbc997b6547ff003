// Our own icons, as inline SVG.

import { h } from '../dom/vdom.js';

export function crownIcon(cls = 'icon crown') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    h('path', { d: 'M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z', fill: 'currentColor' }),
    h('rect', { x: 3, y: 19, width: 18, height: 2, rx: 1, fill: 'currentColor' }));
}

export function eyeIcon(cls = 'icon eye') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
    h('path', { d: 'M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z', fill: 'currentColor' }));
}
