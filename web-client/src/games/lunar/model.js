// What a Lunar view and its legal actions mean for the page. Every card, tile and exchange
// offered comes from `game.legal`.

import { isRank } from './cards.js';

export function playableCards(legal) {
  return new Set(legal.filter((a) => a.type === 'play').map((a) => a.card));
}

export function tileChoices(legal) {
  return legal.filter((a) => a.type === 'discard_tile').map((a) => a.suit);
}

export function exchangeActions(legal) {
  return legal.filter((a) => a.type === 'exchange' && Array.isArray(a.cards));
}

// Cards that appear in some legal exchange.
export function exchangeCards(legal) {
  const out = new Set();
  for (const a of exchangeActions(legal)) for (const c of a.cards) out.add(c);
  return out;
}

// The legal exchange made of exactly these four cards, in any order, if any.
export function exchangeAction(legal, chosen) {
  if (!Array.isArray(chosen) || chosen.length !== 4) return null;
  const want = [...chosen].sort().join(',');
  return exchangeActions(legal).find((a) => [...a.cards].sort().join(',') === want) || null;
}

// Toggles a card in the selection, keeping at most two of each kind (the oldest of the
// same kind goes).
export function toggleExchange(chosen, card) {
  const list = Array.isArray(chosen) ? chosen : [];
  if (list.includes(card)) return list.filter((c) => c !== card);
  const same = list.filter((c) => isRank(c) === isRank(card));
  const drop = same.length >= 2 ? same[0] : null;
  return [...list.filter((c) => c !== drop), card];
}

export function selection(ui, key, allowed) {
  const sel = ui && ui.luEx;
  if (!sel || sel.key !== key || !Array.isArray(sel.cards)) return [];
  return sel.cards.filter((c) => allowed.has(c));
}

export function otherActions(legal) {
  return legal.filter((a) => !['play', 'discard_tile', 'exchange'].includes(a.type));
}

export function seatOrder(seatCount, mySeat) {
  const start = mySeat == null ? 0 : mySeat;
  return Array.from({ length: seatCount }, (_, i) => (start + i) % seatCount);
}

export const DEFAULT_TRACK = [0, 4, 3, 2, 0, 0, 0, 2, 3, 0, 0, 0, 0];

export function trackPoints(options) {
  const t = options && options.track_points;
  return Array.isArray(t) && t.length === 13 ? t : DEFAULT_TRACK;
}

// Which team's pair is which in a trick (four cards in play order): positions 0 and 2 are
// the leading side, 1 and 3 the other. Returns [{team side, cards}] for drawing the pairs.
export function pairs(trick, teamOfSeat) {
  const sides = [[], []];
  for (const c of trick ? trick.cards : []) sides[c.order % 2].push(c);
  return sides.map((cards) => ({ team: cards.length ? teamOfSeat(cards[0].seat) : null, cards }));
}
