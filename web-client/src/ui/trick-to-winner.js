// A taken trick goes to the seat that took it. When a held trick leaves the table (its second
// and a half is over, the person clicks "Continue", or the next trick's first card comes),
// its cards slide for a moment toward the winner's seat on the ring and fade, so everyone
// sees who gathered them. Purely a picture on the outgoing cards: they are drawn beside the
// next trick, hidden from screen readers and from the pointer, so the next card or the
// person's move is never kept waiting. Any click or key ends the slide at once
// (`endTrickSlides`), and with `prefers-reduced-motion: reduce` there is none at all
// (styles/table.css moves them only under `no-preference`).

import { h } from '../dom/vdom.js';
import { playPlace } from './seat-ring.js';

// Where each place of the ring (ui/seat-ring.js) lies as seen from the trick in the middle:
// x to the right, y downwards, in the grid of styles/table.css. The lower side seats of
// seven or eight (bottom-left, bottom-right) sit beside the trick's lower half.
const SPOTS = {
  bottom: [0, 1],
  top: [0, -1],
  left: [-1, 0],
  right: [1, 0],
  'top-left': [-1, -1],
  'top-right': [1, -1],
  'bottom-left': [-1, 0.5],
  'bottom-right': [1, 0.5],
};

// The way from the trick to `seat`'s place, as a unit step { x, y } (two decimals), for the
// places `ringPlaces` gave; null for a seat not at the table.
export function towardSeat(places, seat) {
  const spot = SPOTS[places.get(seat)];
  if (!spot) return null;
  const [x, y] = spot;
  const len = Math.hypot(x, y);
  const round = (n) => Math.round((n / len) * 100) / 100 + 0; // + 0: no -0
  return { x: round(x), y: round(y) };
}

// The outgoing trick's cards, to put in the trick's list (`.ring-plays`) beside the cards on
// show, or [] when nothing leaves. `last` is the finished trick and `before` the one it
// replaced (ctx.trickBefore, read by the game), each { plays, winner } or null; `plays` are
// { seat, card, order } and `face(play)` draws a card as the game does.
// - The finished trick has left the table (its hold is over, "Continue", the next card):
//   it goes to its winner.
// - It is still held, but it replaced one that was held too (the next trick was taken
//   within the second and a half): that one goes to its winner now.
// Nothing moves for a trick already over when the table was first seen, nor in replays.
// The cards are keyed by the whole trick, so while the same trick is leaving the patcher
// keeps them and a re-render never slides them twice, while a trick that changed (The Dwarf
// King's Sorcerer takes a card from it) slides whole again.
export function leavingTrick(ctx, { places, showingLast, last, before, face }) {
  if (!ctx.trickDoneAt || ctx.readOnly) return [];
  const trick = !showingLast ? last : ctx.holdingTrick ? before : null;
  if (!trick || !trick.plays.length) return [];
  const to = towardSeat(places, trick.winner);
  if (!to) return [];
  const id = trick.plays.map((p) => `${p.seat}:${p.card}`).join(' ');
  // Crown Battles' Long Play: a seat's two cards leave together, laid as they lay on the
  // table (a `trick-pair`, the game's style), not one exactly over the other.
  const bySeat = new Map();
  for (const p of trick.plays) bySeat.set(p.seat, [...(bySeat.get(p.seat) || []), p]);
  return [...bySeat.values()].map((plays) => h('li', {
    key: `leaving ${id} ${plays[0].order}`,
    class: `trick-leaving ${playPlace(places, plays[0].seat)}`,
    'aria-hidden': 'true',
    'data-seat': plays[0].seat,
    'data-to': places.get(trick.winner),
    style: `--to-x: ${to.x}; --to-y: ${to.y}`,
  }, plays.length > 1 ? h('div', { class: 'trick-pair' }, plays.map((p) => face(p))) : face(plays[0])));
}

// A click or a key ends every slide at once: the cards are gone, nothing waits for them.
export function endTrickSlides(root) {
  for (const el of root.querySelectorAll('.trick-leaving')) {
    if (typeof el.getAnimations === 'function') for (const a of el.getAnimations()) a.finish();
  }
}
