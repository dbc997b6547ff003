// Reads the engine's Queen's Court view (engine/games/queens_court/view.cpp, documented in
// docs/rules/queens-court.md) into the shape the renderer draws. Only this file knows the
// view's field names.

const arr = (x) => (Array.isArray(x) ? x : []);

function readPile(p, side) {
  const pile = p || {};
  return { side: pile.side || side, cards: arr(pile.cards), showing: pile.showing ?? null, gloved: Boolean(pile.gloved) };
}

export function readView(view, seatCount) {
  const v = view || {};
  const players = Array.from({ length: seatCount }, (_, s) => {
    const p = arr(v.players).find((x) => x && x.seat === s) || arr(v.players)[s] || {};
    const piles = arr(p.piles);
    return {
      seat: s,
      handSize: p.hand_size ?? null,
      locked: Boolean(p.locked),
      wins: p.wins ?? 0,
      spread: p.spread ?? null,
      doubleQueens: Boolean(p.double_queens),
      pileCards: p.pile_cards ?? null,
      coinsBack: p.coins_back ?? null,
      left: readPile(piles.find((x) => x && x.side === 'left') || piles[0], 'left'),
      right: readPile(piles.find((x) => x && x.side === 'right') || piles[1], 'right'),
    };
  });
  return {
    phase: v.phase || 'first_half',
    round: v.round ?? null,
    firstPlayer: v.first_player ?? null,
    drawSize: v.draw_size ?? null,
    queensWild: Boolean(v.queens_wild),
    coins: Boolean(v.coins),
    pot: v.pot ?? null,
    hand: arr(v.hand),
    players,
    lastRound: v.last_round || null,
    winner: v.winner ?? null,
  };
}
