// Our own card emblems: one SVG path per suit folk and per non-suited card.

import { h } from '../../dom/vdom.js';

const PATHS = {
  // Taurans: a bull's horns.
  R: 'M3 5c1 5 4 8 9 8s8-3 9-8c-1 1-3 3-5 3-1 2-2 3-4 3s-3-1-4-3C5 8 4 6 3 5zm6 10h6l-1 6h-4z',
  // Humans: a shield.
  B: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z',
  // Orcs: an axe.
  G: 'M10.5 2h2v20h-2zM12.5 4c5 0 8.5 3 8.5 7s-3.5 7-8.5 7zM10.5 6C7 6 4 8 4 11s3 5 6.5 5z',
  // Elves: a leaf.
  Y: 'M20 3C10 3 4 8.5 4 15.5c0 2 .7 3.8 1 4.5l1.6-1.8C8 14 11 10.5 15 8c-3.5 3-6 6.5-7.4 10.8 1 .3 2 .4 3 .4C17 19.2 20 12 20 3z',
  // Golem: a stone giant.
  golem: 'M7 21v-7l-3 1V9l4-3h8l4 3v6l-3-1v7h-3v-4h-4v4zM9 9v2h2V9zm4 0v2h2V9z',
  // Dragon: a spread wing.
  dragon: 'M2 19c4-1 7-3.5 8.5-8 .8 2.6 2.6 4.2 5.5 4.5-1-3 .2-7.5 6-11.5-1 8-4 14-11.5 15.5-3.4.6-6 .4-8.5-.5z',
  // Peasant: a pitchfork.
  peasant: 'M11 10h2v12h-2zM6 2h2v5h2V2h4v5h2V2h2v6c0 1.7-1.3 3-3 3H9c-1.7 0-3-1.3-3-3z',
  // Any other special card: a star.
  special: 'M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2 5.9 20.6l1.4-6.8L2.2 9.1l6.9-.8z',
};

export function emblem(key, cls = 'emblem') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, h('path', { d: PATHS[key] || PATHS.special }));
}
