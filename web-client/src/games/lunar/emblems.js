// Our own SVG emblems for Lunar: the four animals, the moon of the rank cards, a star.

import { h } from '../../dom/vdom.js';

const PATHS = {
  // Wolf: a howling head.
  wolf: 'M4 21l2-7-3-5 4 1 2-6 2 4 6-3-1 5 4 3-5 1-1 7zm8-10a1 1 0 100 2 1 1 0 000-2z',
  // Owl: round body, ear tufts, two eyes.
  owl: 'M5 3l3 3h8l3-3v10c0 4-3 8-7 8s-7-4-7-8zm4 6a2 2 0 100 4 2 2 0 000-4zm6 0a2 2 0 100 4 2 2 0 000-4zm-3 5l-1 2h2z',
  // Lynx: a cat head with tufted ears.
  lynx: 'M4 2l4 6h8l4-6v12c0 4-4 8-8 8s-8-4-8-8zm5 9a1.3 1.3 0 100 2.6A1.3 1.3 0 009 11zm6 0a1.3 1.3 0 100 2.6 1.3 1.3 0 000-2.6zm-4 5h2l-1 1.5z',
  // Bat: spread wings.
  bat: 'M12 8l1.5-2 .5 2c2-2 5-3 9-2-2 1-3 3-3 6-1.5-1-3-1-4.5.5-.5-1-1.5-1.5-3.5-1.5s-3 .5-3.5 1.5C7 11 5.5 11 4 12c0-3-1-5-3-6 4-1 7 0 9 2l.5-2z',
  // Rank cards: a crescent moon.
  moon: 'M15 2a10 10 0 100 20 8 8 0 010-20z',
  star: 'M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2 5.9 20.6l1.4-6.8L2.2 9.1l6.9-.8z',
};

export function emblem(key, cls = 'emblem') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, h('path', { d: PATHS[key] || PATHS.moon }));
}
