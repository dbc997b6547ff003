// What a Crown Battles view and its legal actions mean for the page, as plain data. The
// client decides no rule: every choice offered here comes from `game.legal`.

import { parseCard, SUIT_KEYS } from './cards.js';
import { plural } from '../../ui/format.js';

// Legal `play` actions grouped by card (a card may be playable in more than one way, e.g.
// a Double-faced card played as a Golem, `play_golem`, or as a Peasant, `play`).
export function playableCards(legal) {
  const map = new Map();
  for (const a of legal) {
    if ((a.type !== 'play' && a.type !== 'play_golem') || a.card == null) continue;
    if (!map.has(a.card)) map.set(a.card, []);
    map.get(a.card).push(a);
  }
  return map;
}

// Single bids and double bids the seat may place now, in order.
export function bidOptions(legal) {
  const singles = [];
  const doubles = [];
  for (const a of legal) {
    if (a.type !== 'bid') continue;
    if (Array.isArray(a.bid)) doubles.push(a.bid);
    else if (typeof a.bid === 'number') singles.push(a.bid);
  }
  singles.sort((x, y) => x - y);
  doubles.sort((x, y) => x[0] - y[0]);
  return { singles, doubles };
}

// Wagering's extra wagers the seat may say now (0, 10, 20), in order.
export function wagerOptions(legal) {
  return legal.filter((a) => a.type === 'wager' && typeof a.extra === 'number').map((a) => a.extra).sort((x, y) => x - y);
}

// Leaked Suit: the suits (R, B, G, Y, "monsters") the seat may leak now.
export function leakOptions(legal) {
  return legal.filter((a) => a.type === 'leak' && typeof a.suit === 'string').map((a) => a.suit);
}

// Duel Fights: the seats the dealer may pair the next player with.
export function pairOptions(legal) {
  return legal.filter((a) => a.type === 'pair' && Number.isInteger(a.seat)).map((a) => a.seat);
}

// Alliances: the seats the dealer may name to play alone (an odd count), and the cards one
// may show one's ally in a Secret Note.
export function soloOptions(legal) {
  return legal.filter((a) => a.type === 'solo' && Number.isInteger(a.seat)).map((a) => a.seat);
}
export function noteOptions(legal) {
  return legal.filter((a) => a.type === 'note' && typeof a.card === 'string').map((a) => a.card);
}

// A seat's rivals in its duel group (Duel Fights), from the view's groups; with Alliances'
// teams, its ally (none for the solo player).
export function duelRivals(groups, seat) {
  if (!groups || groups[seat] == null) return [];
  return groups.map((g, s) => (g === groups[seat] && s !== seat ? s : null)).filter((s) => s != null);
}

// Missions: the ids of the missions the seat may choose now.
export function missionOptions(legal) {
  return legal.filter((a) => a.type === 'mission' && typeof a.mission === 'string').map((a) => a.mission);
}

// Suit Precision: the suits the trick just won may go under (its winner chooses), in the
// order R, B, G, Y.
export function placeOptions(legal) {
  return legal.filter((a) => a.type === 'place' && SUIT_KEYS.includes(a.suit)).map((a) => a.suit).sort((x, y) => SUIT_KEYS.indexOf(x) - SUIT_KEYS.indexOf(y));
}

// The Split: the cards the seat may still put into its first half (picks are final).
export function splitOptions(legal) {
  return new Set(legal.filter((a) => a.type === 'split' && typeof a.card === 'string').map((a) => a.card));
}

// The Split: the cards picked in the page but not yet sent, kept in the UI state for this
// round only (`key`), and only those the seat may still pick.
export function splitSelection(ui, key, allowed) {
  const sel = ui && ui.splitPick;
  if (!sel || sel.key !== key || !Array.isArray(sel.cards)) return [];
  return sel.cards.filter((c) => allowed.has(c));
}

// A card picked or let go; past `max`, the earliest pick makes room (as in The Dwarf King's
// give-back).
export function toggleChoice(chosen, card, max) {
  const list = Array.isArray(chosen) ? chosen : [];
  if (list.includes(card)) return list.filter((c) => c !== card);
  return max > 0 ? [...list, card].slice(-max) : list;
}

export function trumpOptions(legal) {
  return legal.filter((a) => a.type === 'choose_trump').map((a) => a.suit);
}

// Legal actions this renderer has no dedicated control for (later round types and special
// cards); they are offered as labelled buttons so a game can always go on.
export function otherActions(legal) {
  return legal.filter((a) => !['play', 'play_golem', 'bid', 'choose_trump', 'wager', 'mission', 'pair', 'leak', 'solo', 'note', 'place', 'split'].includes(a.type));
}

// A bid's value as text: 3, or 2–3 for a double bid.
export function bidText(bid) {
  if (bid == null) return '—';
  if (Array.isArray(bid)) return `${bid[0]}–${bid[1]}`;
  return String(bid);
}

// A seat's bid as shown at the table (see view.js readBid): not yet, placed (a secret blind
// bid), or its value.
export function seatBidText(b) {
  if (!b || !b.placed) return '—';
  if (b.value == null) return 'placed';
  return bidText(b.value);
}

export function seatBidSpoken(b) {
  if (!b || !b.placed) return 'not yet';
  if (b.value == null) return 'placed, secret until the end of the round';
  return `${bidSpoken(b.value)}${b.secret ? ', secret from the others' : ''}`;
}

export function bidSpoken(bid) {
  if (Array.isArray(bid)) return `${bid[0]} or ${bid[1]} tricks (double bid)`;
  if (typeof bid === 'number') return plural(bid, 'trick');
  return bidText(bid);
}

// Suit Precision: one suit's bid in a few words for a sentence ("2", "1 or 2 (double)",
// "not bid yet").
export function suitBidSpoken(bid) {
  if (bid == null) return 'not bid yet';
  if (Array.isArray(bid)) return `${bid[0]} or ${bid[1]} (double)`;
  return String(bid);
}

// Suit Precision: the suit of a seat's latest bid (its bids come R, B, G, Y), or null.
export function lastBidSuit(suitBids) {
  if (!Array.isArray(suitBids)) return null;
  for (let i = SUIT_KEYS.length - 1; i >= 0; i--) if (suitBids[i] != null) return SUIT_KEYS[i];
  return null;
}

// A trick's cards as [{seat, card}] in play order, whatever shape the view uses.
export function trickPlays(trick) {
  if (!trick) return [];
  const list = Array.isArray(trick) ? trick : trick.cards || trick.plays || [];
  return list
    .map((p, i) => (typeof p === 'string' ? { seat: null, card: p, order: i } : { seat: p.seat ?? null, card: p.card ?? null, order: i, faceDown: p.face_down || p.card == null }))
    .filter((p) => p.card != null || p.faceDown);
}

// A trick's cards by seat, each seat once in the order it first played, with its cards in
// play order: [{seat, plays}]. Long Play: every seat plays twice to a trick, so a seat's two
// cards lie together in front of it.
export function seatPlays(plays) {
  const bySeat = new Map();
  for (const p of plays) {
    if (!bySeat.has(p.seat)) bySeat.set(p.seat, []);
    bySeat.get(p.seat).push(p);
  }
  return [...bySeat].map(([seat, list]) => ({ seat, plays: list }));
}

// The tricks of the round not yet taken (the one on the table among them): the round's
// tricks (`round.tricks`, fewer than the cards dealt in Long Play) less those won so far.
// Null when the view does not say.
export function tricksLeft(tricks, tricksWon) {
  if (typeof tricks !== 'number') return null;
  const taken = (tricksWon || []).reduce((n, t) => n + (typeof t === 'number' ? t : 0), 0);
  return Math.max(0, tricks - taken);
}

// Seats in the order to draw them around the table: you first (at the bottom), then
// clockwise; a spectator sees seat 0 first.
export function seatOrder(seatCount, mySeat) {
  const start = mySeat == null ? 0 : mySeat;
  return Array.from({ length: seatCount }, (_, i) => (start + i) % seatCount);
}

export function isNumbered(card) {
  return parseCard(card).kind === 'suit';
}
