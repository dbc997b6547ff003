// What a Queen's Court view and its legal actions mean for the page. The one action is
// {"type": "play", "card", "owner", "side"}; every card and pile offered comes from
// `game.legal`.

export function plays(legal) {
  return legal.filter((a) => a.type === 'play' && a.card != null);
}

// Hand cards that may be played now.
export function playableCards(legal) {
  return new Set(plays(legal).map((a) => a.card));
}

// The piles a card may go on, in seat then left/right order.
export function targetsFor(legal, card) {
  return plays(legal)
    .filter((a) => a.card === card)
    .sort((a, b) => a.owner - b.owner || (a.side === 'left' ? 0 : 1) - (b.side === 'left' ? 0 : 1));
}

// The card chosen in the page, if it may still be played.
export function selectedCard(ui, legal) {
  const c = ui && ui.qcCard;
  return c != null && playableCards(legal).has(c) ? c : null;
}

// Which piles are open at all this turn (any legal play names them).
export function openPiles(legal) {
  return new Set(plays(legal).map((a) => `${a.owner}:${a.side}`));
}

export function otherActions(legal) {
  return legal.filter((a) => a.type !== 'play');
}

export function seatOrder(seatCount, mySeat) {
  const start = mySeat == null ? 0 : mySeat;
  return Array.from({ length: seatCount }, (_, i) => (start + i) % seatCount);
}

// Final ranks: the outcome's, else by round wins (the winner first).
export function finalRanks(outcome, players) {
  const n = players.length;
  if (outcome && Array.isArray(outcome.ranks) && outcome.ranks.length >= n) {
    return players.map((p, s) => ({ seat: s, rank: outcome.ranks[s], wins: (outcome.wins || [])[s] ?? p.wins, coins: outcome.coins_net ? outcome.coins_net[s] : null })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  }
  const rows = players.map((p, s) => ({ seat: s, wins: p.wins, coins: null }));
  rows.sort((a, b) => b.wins - a.wins || a.seat - b.seat);
  rows.forEach((r, i) => (r.rank = i > 0 && rows[i - 1].wins === r.wins ? rows[i - 1].rank : i + 1));
  return rows;
}

// A round result (the view's last_round, the outcome's rounds) in words.
export function roundSummary(r, name) {
  if (!r) return '';
  const spreads = Array.isArray(r.spreads) ? r.spreads : [];
  const sp = (s) => (spreads[s] == null ? 'two Queens' : `spread ${spreads[s]}`);
  if (r.winner != null) return `Round ${r.round}: ${name(r.winner)} won with ${sp(r.winner)}.`;
  const tied = Array.isArray(r.tied) ? r.tied : [];
  const gained = Array.isArray(r.tie_wins) ? r.tie_wins : [];
  if (tied.length) return `Round ${r.round}: a tie between ${tied.map(name).join(' and ')}${gained.length ? `; ${gained.map(name).join(' and ')} gained a win` : '; nobody gained a win'}.`;
  return `Round ${r.round}: nobody won.`;
}
