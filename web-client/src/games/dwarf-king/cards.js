// The Dwarf King's cards: what an id means, how a hand is sorted, and what a card is called.
// Ids are the engine's (engine/games/dwarf_king/cards.cpp): a suit letter and a rank for the
// 39 basic cards ("k5", "d10", "gA"), the special card's name for the 14 others ("druid").

export const SUITS = {
  k: { key: 'knights', name: 'Knights' },
  d: { key: 'dwarves', name: 'Dwarves' },
  g: { key: 'goblins', name: 'Goblins' },
};
export const SUIT_ORDER = ['k', 'd', 'g'];
const SUIT_BY_KEY = { knights: 'k', dwarves: 'd', goblins: 'g' };

// Rank 1 and 11 belong to special cards only; J Q K A are 12–15 (the Ace is the Champion).
const FACE_RANK = { J: 12, Q: 13, K: 14, A: 15 };
const RANK_WORD = { 12: 'Jack', 13: 'Queen', 14: 'King', 15: 'Champion' };
const RANK_MARK = { 12: 'J', 13: 'Q', 14: 'K', 15: 'C' };

// The special cards with their printed suit and rank (none for the five magic cards).
export const SPECIALS = {
  druid: { name: 'Druid', suit: 'd', rank: 1 },
  joker: { name: 'Joker', suit: 'k', rank: 1 },
  scout: { name: 'Scout', suit: 'g', rank: 1 },
  standard: { name: 'Standard', suit: 'd', rank: 11 },
  tinkerer: { name: 'Tinkerer', suit: 'd', rank: 11 },
  standard_bearer: { name: 'Standard Bearer', suit: 'k', rank: 11 },
  enchanter: { name: 'Enchanter', suit: 'k', rank: 11 },
  shaman: { name: 'Shaman', suit: 'g', rank: 11 },
  thief: { name: 'Thief', suit: 'g', rank: 11 },
  dragon: { name: 'Dragon', suit: null, rank: null },
  mummy: { name: 'Mummy', suit: null, rank: null },
  puppeteer: { name: 'Puppeteer', suit: null, rank: null },
  sorcerer: { name: 'Sorcerer', suit: null, rank: null },
  excalibur: { name: 'Excalibur', suit: null, rank: null },
};

export function parseCard(id) {
  const s = String(id);
  const m = /^([kdg])(10|[2-9]|[JQKA])$/.exec(s);
  if (m) return { id: s, special: false, suit: m[1], rank: FACE_RANK[m[2]] ?? Number(m[2]) };
  const sp = SPECIALS[s];
  if (sp) return { id: s, special: true, suit: sp.suit, rank: sp.rank, name: sp.name };
  return { id: s, special: true, suit: null, rank: null, name: s };
}

export function suitLetter(key) {
  return SUIT_BY_KEY[key] ?? (SUITS[key] ? key : null);
}

export function suitName(suitOrKey) {
  const l = suitLetter(suitOrKey);
  return l ? SUITS[l].name : 'no suit';
}

export function rankWord(rank) {
  return RANK_WORD[rank] ?? String(rank);
}

export function cardName(id) {
  const c = parseCard(id);
  if (!c.special) return `${rankWord(c.rank)} of ${SUITS[c.suit].name}`;
  return c.name;
}

// A longer name for a special card that says what it counts as: "Druid (Dwarves 1)".
export function cardLongName(id) {
  const c = parseCard(id);
  if (!c.special) return cardName(id);
  return c.suit ? `${c.name} (${SUITS[c.suit].name} ${c.rank})` : `${c.name} (no suit)`;
}

// The mark in a card's corner.
export function cardCorner(id) {
  const c = parseCard(id);
  if (c.rank == null) return '★';
  return RANK_MARK[c.rank] ?? String(c.rank);
}

// The card's colour class: its suit, or "magic".
export function cardKind(id) {
  const c = parseCard(id);
  return c.suit ?? 'magic';
}

// Knights, Dwarves, Goblins, each low to high, then the magic cards.
export function sortHand(ids) {
  const key = (c) => (c.suit ? SUIT_ORDER.indexOf(c.suit) : 3);
  return [...ids].map(parseCard).sort((a, b) => key(a) - key(b) || (a.rank ?? 0) - (b.rank ?? 0) || a.id.localeCompare(b.id)).map((c) => c.id);
}

// What a played card counted as (the view's `as`: {suit, value}), as words.
export function asText(as) {
  if (!as) return null;
  const v = Number(as.value);
  const value = Number.isInteger(v) ? rankWord(v) : `${rankWord(Math.floor(v))}½`;
  return `${value} of ${suitName(as.suit)}`;
}
