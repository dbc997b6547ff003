// Crown Battles cards: what an id means, how a hand is sorted, and what a card is called.
// Ids are the rulings' stable ones: R/B/G/Y + 1..13, GOLEM1-2, DRAGON1-2, PEASANT1-4.

export const SUITS = {
  R: { name: 'Red', folk: 'Taurans' },
  B: { name: 'Blue', folk: 'Humans' },
  G: { name: 'Green', folk: 'Orcs' },
  Y: { name: 'Yellow', folk: 'Elves' },
};
export const SUIT_ORDER = ['Y', 'R', 'B', 'G'];
// The suits in the rulings' order (Suit Precision's bids and tricks per suit go R, B, G, Y).
export const SUIT_KEYS = ['R', 'B', 'G', 'Y'];

export function parseCard(id) {
  const s = String(id);
  const m = /^([RBGY])(\d{1,2})$/.exec(s);
  if (m) return { id: s, kind: 'suit', suit: m[1], rank: Number(m[2]) };
  const sp = /^(GOLEM|DRAGON|PEASANT)(\d+)$/.exec(s);
  if (sp) return { id: s, kind: sp[1].toLowerCase(), suit: null, rank: null, copy: Number(sp[2]) };
  return { id: s, kind: 'special', suit: null, rank: null, name: s };
}

export function cardName(id) {
  const c = parseCard(id);
  switch (c.kind) {
    case 'suit':
      return `${SUITS[c.suit].name} ${c.rank}`;
    case 'golem':
      return 'Golem';
    case 'dragon':
      return 'Dragon';
    case 'peasant':
      return 'Peasant';
    default:
      return SPECIAL_NAMES[c.id] || humanizeId(c.id);
  }
}

// The Special Power cards' names as the book prints them.
export const SPECIAL_NAMES = {
  ALCHEMIST: 'Alchemist', BISHOP: 'Bishop', BOMB: 'Bomb', CURSED: 'Cursed', JESTER: 'Jester', MAGICIAN: 'Magician',
  MERCHANT: 'Merchant', SMUGGLER: 'Smuggler', SPY: 'Spy', SUMMONER: 'Summoner', THIEF: 'Thief', WITCH: 'Witch',
  WIZARD: 'Wizard', DOUBLE_FACED: 'Double-faced', GOLEM_KING: 'Golem King', DRAGON_KING: 'Dragon King',
};

function humanizeId(id) {
  const t = id.toLowerCase().replace(/[_-]+/g, ' ').replace(/\d+$/, '').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

// The short mark printed in a card's corner.
export function cardCorner(id) {
  const c = parseCard(id);
  if (c.kind === 'suit') return String(c.rank);
  // A Special Power card has no corner mark: its face carries its own symbol and name.
  return { golem: 'G', dragon: 'D', peasant: 'P' }[c.kind] || '';
}

// A suit's colour alone ("Red"), for short lines; suitName adds its folk.
export function suitColour(suit) {
  return SUITS[suit] ? SUITS[suit].name : String(suit);
}

export function suitName(suit) {
  if (suit == null) return 'No trump';
  const s = SUITS[suit];
  return s ? `${s.name} (${s.folk})` : String(suit);
}

// Dragons and Golems first (they win tricks), then the trump suit, then the other suits
// alternating in a fixed order, each high to low, then Peasants and other specials.
export function sortHand(ids, trump = null) {
  const suitRank = (suit) => (suit === trump ? -1 : SUIT_ORDER.indexOf(suit));
  const groupOf = (c) => ({ dragon: 0, golem: 1, suit: 2, special: 3, peasant: 4 })[c.kind];
  return [...ids]
    .map(parseCard)
    .sort((a, b) => groupOf(a) - groupOf(b) || (a.kind === 'suit' ? suitRank(a.suit) - suitRank(b.suit) || b.rank - a.rank : a.id.localeCompare(b.id)))
    .map((c) => c.id);
}
