// Reads the engine's Dwarf King view (engine/games/dwarf_king/view.cpp) into the one shape
// the renderer draws. Only this file knows the view's field names.

const arr = (x) => (Array.isArray(x) ? x : []);

export function readTrick(t) {
  if (!t) return null;
  return {
    led: t.led_suit ?? null,
    plays: arr(t.plays).map((p, i) => ({ seat: p.seat ?? null, card: p.card ?? null, as: p.as ?? null, order: i })),
    winner: t.winner ?? null,
  };
}

export function readView(view, seatCount) {
  const v = view || {};
  const per = (x, d) => Array.from({ length: seatCount }, (_, s) => (Array.isArray(x) ? x[s] ?? d : d));
  const quest = v.quest && typeof v.quest === 'object' ? v.quest : null;
  return {
    phase: v.phase || 'playing',
    handNumber: v.hand_number ?? null,
    hands: v.hands ?? null,
    dealer: v.dealer ?? null,
    special: v.special || null,
    quest: quest ? { tile: quest.tile ?? null, sides: arr(quest.sides), chosen: quest.chosen ?? null } : null,
    questHolder: v.quest_holder ?? null,
    firstLeader: v.first_leader ?? null,
    hand: arr(v.hand),
    handSizes: per(v.hand_sizes, null),
    known: per(v.known, []),
    taken: per(v.taken, []),
    tricks: per(v.tricks, 0),
    trickWinners: arr(v.trick_winners),
    trickNumber: v.trick_number ?? null,
    tricksPerHand: v.tricks_per_hand ?? null,
    trick: readTrick(v.trick),
    lastTrick: readTrick(v.last_trick),
    bonus: per(v.bonus, 0),
    enchanted: v.enchanted ?? null,
    tinkererPending: Boolean(v.tinkerer_pending),
    choosing: v.choosing ?? null,
    theft: v.theft ? { holder: v.theft.holder ?? null, victim: v.theft.victim ?? null, stolen: v.theft.stolen ?? null, returned: v.theft.returned ?? null } : null,
    scores: per(v.scores, 0),
    results: arr(v.results),
  };
}
