// Whose seat a game's board is drawn for. Usually the viewer's own ("Your hand", "Your
// turn"); a follower shown a player's hand and the admin's view of a seat draw someone
// else's (the context's `me` marks it, follow-bar.js and admin/view.js), and the words
// then name that player ("Ann's hand", "Ann's turn").

import { seatName } from './format.js';

// How the viewer's own seat is marked beside its name (ui/table-view.js, gameContext).
export const OWN_SEAT_MARK = ' (you)';

// The player whose seat it is, or null when it is the viewer's own.
export function seenName(ctx) {
  if (ctx.me == null || ctx.me === OWN_SEAT_MARK || ctx.mySeat == null) return null;
  return seatName(ctx.table, ctx.mySeat);
}

const possessive = (name) => `${name}’${/s$/i.test(name) ? '' : 's'}`;

// "Your hand…" / "Your turn…" said of the seat drawn: "Ann’s hand…", "Ann’s turn…".
export function forSeenSeat(ctx, text) {
  const name = seenName(ctx);
  if (name == null || typeof text !== 'string') return text;
  return text.replace(/^Your (hand|turn)\b/, (_, what) => `${possessive(name)} ${what}`);
}
