// Lunar's cards (docs/rules/lunar.md): rank cards are a rank 1–8 and a copy letter ("3b"),
// suit cards an animal letter and a copy letter ("Wa" Wolf, "Oc" Owl, "Le" Lynx, "Bb" Bat).
// The first copy of each ("1a"…"8a", "Wa", "Oa", "La", "Ba") carries a star (our ruling).

export const SUITS = {
  wolf: { letter: 'W', name: 'Wolf' },
  owl: { letter: 'O', name: 'Owl' },
  lynx: { letter: 'L', name: 'Lynx' },
  bat: { letter: 'B', name: 'Bat' },
};
export const SUIT_ORDER = ['wolf', 'owl', 'lynx', 'bat'];
const BY_LETTER = { W: 'wolf', O: 'owl', L: 'lynx', B: 'bat' };

export function parseCard(id) {
  const s = String(id);
  const r = /^([1-8])([a-c])$/.exec(s);
  if (r) return { id: s, kind: 'rank', rank: Number(r[1]), suit: null, star: r[2] === 'a' };
  const u = /^([WOLB])([a-f])$/.exec(s);
  if (u) return { id: s, kind: 'suit', rank: null, suit: BY_LETTER[u[1]], star: u[2] === 'a' };
  return { id: s, kind: 'other', rank: null, suit: null, star: false };
}

export function suitName(suit) {
  return SUITS[suit] ? SUITS[suit].name : suit == null ? 'none' : String(suit);
}

export function cardName(id) {
  const c = parseCard(id);
  const star = c.star ? ', starred' : '';
  if (c.kind === 'rank') return `Rank ${c.rank}${star}`;
  if (c.kind === 'suit') return `${suitName(c.suit)}${star}`;
  return String(id);
}

export function isRank(id) {
  return parseCard(id).kind === 'rank';
}

// Rank cards low to high, then suit cards by animal.
export function sortHand(ids, trump = null) {
  const key = (c) => (c.kind === 'rank' ? c.rank : c.suit === trump ? 10 : 11 + SUIT_ORDER.indexOf(c.suit));
  return [...ids].map(parseCard).sort((a, b) => key(a) - key(b) || a.id.localeCompare(b.id)).map((c) => c.id);
}
