// A person's name that opens their profile (#/profile/ID): at a table, who is this I am
// about to play with; in a History, who was that I played with.

import { h } from '../dom/vdom.js';

export function profileLink(player, name) {
  return h('button', { type: 'button', class: 'link-button seat-profile', 'data-action': 'open-profile', 'data-player': player, 'aria-label': `${name}’s profile` }, name);
}
