// Our own emblems for The Dwarf King: one SVG path per suit, and one for magic cards.

import { h } from '../../dom/vdom.js';

const PATHS = {
  // Knights: a helmet with a visor slit.
  k: 'M12 2c-4.4 0-8 3.6-8 8v8l3 3h10l3-3v-8c0-4.4-3.6-8-8-8zm-6 9h12v2H6zm5-7h2v5h-2z',
  // Dwarves: a war hammer.
  d: 'M4 3h16v7H4zM11 10h2v12h-2z',
  // Goblins: a pointed-eared head.
  g: 'M1 6l6 4c1-2 3-3 5-3s4 1 5 3l6-4-4 8c0 4-3 7-7 7s-7-3-7-7zm8 7a1.3 1.3 0 100 2.6A1.3 1.3 0 009 13zm6 0a1.3 1.3 0 100 2.6 1.3 1.3 0 000-2.6z',
  // Magic cards: a four-pointed star.
  magic: 'M12 1l2.5 8.5L23 12l-8.5 2.5L12 23l-2.5-8.5L1 12l8.5-2.5z',
  // The quest tile: a banner.
  quest: 'M5 2h2v20H5zM7 3h12l-3 4.5 3 4.5H7z',
};

export function emblem(key, cls = 'emblem') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, h('path', { d: PATHS[key] || PATHS.magic }));
}
