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
  // Each Special Power card its own symbol (even-odd paths: holes show the card's face).
  // Alchemist: a flask.
  ALCHEMIST: 'M9 2h6v2h-1v5.2l5.8 9.9c.8 1.3-.2 2.9-1.7 2.9H5.9c-1.5 0-2.5-1.6-1.7-2.9L10 9.2V4H9zm-1.6 14-1.6 3h12.4l-1.6-3z',
  // Bishop: a mitre with its cross.
  BISHOP: 'M12 1.5c3.3 2 5.5 5 5.5 8.2L15.8 12l1.7 10h-11l1.7-10-1.7-2.3c0-3.2 2.2-6.2 5.5-8.2zM11 6v2.5H8.8v2H11V13h2v-2.5h2.2v-2H13V6z',
  // Bomb: a round bomb and its fuse.
  BOMB: 'M10 8a7 7 0 1 1 0 14 7 7 0 1 1 0-14zm-3 4.5a2 2 0 0 0-2 2h1.5a.5.5 0 0 1 .5-.5zM14 8.5 16.5 6l1.5 1.5L15.5 10zM18.5 2h1.5v2.5h-1.5zM20.5 5H23v1.5h-2.5z',
  // Cursed: a skull.
  CURSED: 'M12 2a8 8 0 0 0-8 8c0 2.9 1.4 5 3 6.2V21h2.2v-2h1.6v2h2.4v-2h1.6v2H17v-4.8c1.6-1.2 3-3.3 3-6.2a8 8 0 0 0-8-8zM8.6 9a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zm6.8 0a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zM12 13.5l1.3 2h-2.6z',
  // Jester: a three-pointed cap with bells.
  JESTER: 'M1.5 5.5a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0zM10.5 3a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0zM19.5 5.5a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0zM3.4 7.6 8 13l4-8.4 4 8.4 4.6-5.4L19 18H5zM4.5 19.5h15V22h-15z',
  // Magician: a top hat and a wand.
  MAGICIAN: 'M6 3h10v11h3.5v3H2.5v-3H6zm0 8.5v1.5h10v-1.5zM14.5 20.5l6-6 1.5 1.5-6 6z',
  // Merchant: a pair of scales.
  MERCHANT: 'M11 3h2v2h7v2h-1.3l3 6.5c-.4 1.7-1.9 2.5-3.7 2.5s-3.3-.8-3.7-2.5l3-6.5H13v12h4v2H7v-2h4V7H6.7l3 6.5C9.3 15.2 7.8 16 6 16s-3.3-.8-3.7-2.5l3-6.5H4V5h7zM6 8.6 4.1 13h3.8zm12 0L16.1 13h3.8z',
  // Smuggler: a tied sack.
  SMUGGLER: 'M8 2h8l-2.2 3.3c3.6 1.3 6.7 5.3 6.7 9.7 0 4.3-3.6 7-8.5 7s-8.5-2.7-8.5-7c0-4.4 3.1-8.4 6.7-9.7zM9.5 7h5v1.5h-5z',
  // Spy: an eye.
  SPY: 'M12 5C6 5 1.5 12 1.5 12S6 19 12 19s10.5-7 10.5-7S18 5 12 5zm0 2.8a4.2 4.2 0 1 1 0 8.4 4.2 4.2 0 0 1 0-8.4zm0 2.4a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6z',
  // Summoner: a card and its copy, overlapping.
  SUMMONER: 'M3 2h10v14H3zm2 2v10h6V4zM11 8h10v14H11zm2 10v2h6V10h-4v8z',
  // Thief: a bandit's mask.
  THIEF: 'M1.5 9.5c3.2-2.6 7.3-2.8 10.5-.8 3.2-2 7.3-1.8 10.5.8 0 4.2-2.3 7.2-5.6 7.2-2 0-3.1-1.6-4.9-1.6s-2.9 1.6-4.9 1.6c-3.3 0-5.6-3-5.6-7.2zm4 1.5c.6 1.6 1.8 2.4 3.6 2.2.2-1.3-.7-2.3-3.6-2.2zm13 0c-2.9-.1-3.8.9-3.6 2.2 1.8.2 3-.6 3.6-2.2z',
  // Witch: a pointed hat.
  WITCH: 'M15 1.5 10 14H5.5L2 18h20l-3.5-4H15.3l1.2-4.5L19 8zm-3.5 12.5h3.2l-.5 1.6h-3.3z',
  // Wizard: a staff crowned by a star.
  WIZARD: 'M11 11h2v11h-2zM12 1l1.8 3.9 4.2.5-3.1 2.9.8 4.2L12 10.4l-3.7 2.1.8-4.2L6 5.4l4.2-.5z',
  // Double-faced: a face half dark, half light.
  DOUBLE_FACED: 'M12 2a10 10 0 0 0 0 20V2zM12 2v2a8 8 0 0 1 0 16v2a10 10 0 0 0 0-20zM7.5 9a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3zM15 9.5h3V11h-3z',
  // Golem King: the Golem, crowned.
  GOLEM_KING: 'M6 1l2.5 3L12 1l3.5 3L18 1v5H6zM8 23v-6l-2.5 1v-5.5L8.5 9.5h7l3 3V18L16 17v6h-3v-3.5h-2V23zm2-11v2h1.5v-2zm2.5 0v2H14v-2z',
  // Dragon King: the Dragon's wing under a crown.
  DRAGON_KING: 'M13 1l2 2.5L17.5 1 20 3.5 22 1v4.5h-9zM2 21c4-1 7-3.5 8.5-8 .8 2.6 2.6 4.2 5.5 4.5-1-3 .2-7 6-10.5-1 7.5-4 13-11.5 14.5-3.4.6-6 .4-8.5-.5z',
  // Bubble Shield: a bubble with its shine.
  SHIELD: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM7.5 6.8a5 5 0 0 0-2.3 4.4h1.7a3.4 3.4 0 0 1 1.5-3z',
};

export function emblem(key, cls = 'emblem') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, h('path', { d: PATHS[key] || PATHS.special, 'fill-rule': /^[A-Z]{3,}/.test(key) ? 'evenodd' : null }));
}
