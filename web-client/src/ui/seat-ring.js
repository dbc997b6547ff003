// Seats around the table, as card players sit: the person looking at the table at the
// bottom, the others clockwise from their left (left, across, right), and the cards of the
// current trick in front of the seat that played them. Each trick-taking game's renderer
// draws its own seat contents and cards; this module only says where each one goes, so
// every game places seats and played cards the same way.

import { h } from '../dom/vdom.js';

// Places around the table by number of seats, starting with the viewer's seat. The same
// names are used for the seats (areas of `.seat-ring`) and for the played cards (areas of
// `.ring-plays`), so a card lands on the side of the table its player sits on.
const PLACES = {
  1: ['bottom'],
  2: ['bottom', 'top'],
  3: ['bottom', 'left', 'right'],
  4: ['bottom', 'left', 'top', 'right'],
  5: ['bottom', 'left', 'top-left', 'top-right', 'right'],
  6: ['bottom', 'left', 'top-left', 'top', 'top-right', 'right'],
  // Seven and eight (Crown Battles): the bottom row's corners take the seats either side of
  // the viewer.
  7: ['bottom', 'bottom-left', 'left', 'top-left', 'top-right', 'right', 'bottom-right'],
  8: ['bottom', 'bottom-left', 'left', 'top-left', 'top', 'top-right', 'right', 'bottom-right'],
};

// seat -> place, for `seatCount` seats seen from `mySeat` (a spectator sees seat 0 at the
// bottom). Seat numbers go clockwise, so the next seat sits on the viewer's left.
export function ringPlaces(seatCount, mySeat) {
  const places = PLACES[seatCount] || PLACES[Math.min(8, Math.max(1, seatCount))];
  const start = mySeat == null || mySeat < 0 || mySeat >= seatCount ? 0 : mySeat;
  const out = new Map();
  for (let i = 0; i < seatCount; i++) out.set((start + i) % seatCount, places[Math.min(i, places.length - 1)]);
  return out;
}

// The table: `seats` is [{ seat, node }] (each node a seat's block, drawn by the game,
// labelled as a group), in any order; `center` is the trick area. Document order is the
// viewer's seat first, then clockwise, so a screen reader meets the seats in playing order;
// the grid areas (styles/table.css) put them around the centre.
export function seatRing({ places, seats, center }) {
  const ordered = [...seats].sort((a, b) => order(places, a.seat) - order(places, b.seat));
  return h('div', { class: 'seat-ring', 'data-seats': String(places.size) },
    ordered.map(({ seat, node }) => h('div', { class: `ring-seat at-${places.get(seat)}`, key: `seat-${seat}`, 'data-place': places.get(seat) }, node)),
    center ? h('div', { class: 'ring-center', key: 'center' }, center) : null);
}

function order(places, seat) {
  return [...places.keys()].indexOf(seat);
}

// The class that puts a played card in front of its player (inside `.ring-plays`).
export function playPlace(places, seat) {
  return `at-${places.get(seat) || 'bottom'}`;
}
