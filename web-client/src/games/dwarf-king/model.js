// What a Dwarf King view and its legal actions mean for the page, as plain data. Every
// choice offered comes from `game.legal`; nothing here decides a rule.

const ofType = (legal, type) => legal.filter((a) => a.type === type);

// Cards the seat may play now, by id.
export function playableCards(legal) {
  return new Set(ofType(legal, 'play').map((a) => a.card));
}

// The quest sides the seat may choose ("A", "B").
export function questSides(legal) {
  return ofType(legal, 'choose_quest').map((a) => a.side);
}

// Seats the seat may pick: the Thief's victim (steal) or the Druid's swap (swap_hands).
export function seatChoices(legal, type) {
  return ofType(legal, type).map((a) => a.seat);
}

export function passDirections(legal) {
  return ofType(legal, 'pass_hands').map((a) => a.direction);
}

// The Sorcerer's window: the cards of the trick just played it may take, and whether the
// seat may let it pass.
export function sorcererChoices(legal) {
  return { cards: ofType(legal, 'use_sorcerer').map((a) => a.card), canPass: legal.some((a) => a.type === 'pass') };
}

// Which Sorcerer's window this is (a hand's trick), for the holder's "Keep my hand", which
// stays in the page: sending `pass` would tell the table who answered (docs/rules/dwarf-king.md).
export function sorcererWindowKey(handNumber, trickNumber) {
  return `h${handNumber}t${trickNumber}`;
}

// Whether the seat is asked anything. In the Sorcerer's window everybody is listed as
// deciding, so that nobody learns who holds it, but only its holder has a choice, and only
// until they keep their hand; the table lets the window pass for the others.
export function asksForDecision(legal, phase, kept, key) {
  if (phase !== 'sorcerer_window') return legal.length > 0;
  return legal.some((a) => a.type === 'use_sorcerer') && kept !== key;
}

// Giving two cards back to the Thief's victim: the cards that may be part of a pair, and the
// legal action for a chosen pair (in either order), if any.
export function giveBackCards(legal) {
  const out = new Set();
  for (const a of ofType(legal, 'give_back')) for (const c of a.cards || []) out.add(c);
  return out;
}

export function giveBackAction(legal, chosen) {
  if (!Array.isArray(chosen) || chosen.length !== 2) return null;
  return ofType(legal, 'give_back').find((a) => Array.isArray(a.cards) && a.cards.length === 2 && ((a.cards[0] === chosen[0] && a.cards[1] === chosen[1]) || (a.cards[0] === chosen[1] && a.cards[1] === chosen[0]))) || null;
}

// The next selection after clicking a card: toggled, at most two, the oldest dropped.
export function toggleChoice(chosen, card, max = 2) {
  const list = Array.isArray(chosen) ? chosen : [];
  if (list.includes(card)) return list.filter((c) => c !== card);
  return [...list, card].slice(-max);
}

// The give-back selection kept in the page's UI state, valid only for this hand's theft and
// only with cards that may still be given.
export function currentSelection(ui, key, allowed) {
  const sel = ui && ui.dkGive;
  if (!sel || sel.key !== key || !Array.isArray(sel.cards)) return [];
  return sel.cards.filter((c) => allowed.has(c));
}

const KNOWN = new Set(['play', 'choose_quest', 'steal', 'give_back', 'swap_hands', 'pass_hands', 'use_sorcerer', 'pass']);
export function otherActions(legal) {
  return legal.filter((a) => !KNOWN.has(a.type));
}

// Seats in the order to draw them: you first, then clockwise.
export function seatOrder(seatCount, mySeat) {
  const start = mySeat == null ? 0 : mySeat;
  return Array.from({ length: seatCount }, (_, i) => (start + i) % seatCount);
}

// Running totals by hand, from the view's per-hand results (each has its own `totals`).
export function scoreRows(results, seatCount) {
  return results.map((r, i) => ({
    hand: r.hand ?? i + 1,
    quest: r.quest || null,
    special: r.special ?? null,
    cells: Array.from({ length: seatCount }, (_, s) => ({
      tricks: r.tricks?.[s] ?? null,
      quest: r.quest_points?.[s] ?? null,
      bonus: r.bonus?.[s] ?? null,
      points: r.points?.[s] ?? null,
      total: r.totals?.[s] ?? null,
      enchanted: r.enchanted === s,
    })),
  }));
}

// Final ranks: from the outcome's ranks, else from the totals (higher is better).
export function finalRanks(outcome, totals, seatCount) {
  const t = (outcome && outcome.totals) || totals;
  if (outcome && Array.isArray(outcome.ranks) && outcome.ranks.length >= seatCount) {
    return Array.from({ length: seatCount }, (_, s) => ({ seat: s, rank: outcome.ranks[s], total: t[s] ?? 0 })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  }
  const rows = Array.from({ length: seatCount }, (_, s) => ({ seat: s, total: t[s] ?? 0 }));
  rows.sort((a, b) => b.total - a.total || a.seat - b.seat);
  rows.forEach((row, i) => (row.rank = i > 0 && rows[i - 1].total === row.total ? rows[i - 1].rank : i + 1));
  return rows;
}
