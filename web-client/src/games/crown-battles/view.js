// Reads the engine's Crown Battles view (docs/rules/crown-battles.md) into the one shape
// the renderer draws. Only this file knows the view's field names.

export function readView(view, seatCount) {
  const v = view || {};
  const round = typeof v.round === 'object' && v.round ? v.round : {};
  const pick = (...xs) => xs.find((x) => x !== undefined);
  const perSeat = (x, fill = null) => (Array.isArray(x) ? x : Array.from({ length: seatCount }, () => fill));
  const players = Array.isArray(v.players) ? v.players : null;
  const fromPlayers = (key) => (players ? players.map((p) => (p ? p[key] : undefined)) : undefined);

  return {
    phase: v.phase || 'playing',
    roundNumber: pick(round.number, v.round_number, typeof v.round === 'number' ? v.round : undefined, null),
    roundCount: pick(round.count, v.round_count, v.rounds, null),
    handSize: pick(round.hand_size, round.cards, v.hand_size, v.cards_dealt, null),
    roundType: pick(round.type, v.round_type, 'normal'),
    dealer: pick(round.dealer, v.dealer, null),
    spinner: pick(round.spinner, v.spinner, null),
    trump: pick(round.trump, v.trump, null),
    crown: pick(v.crown, v.crown_holder, null),
    hand: Array.isArray(v.hand) ? v.hand : [],
    handCounts: perSeat(pick(v.hand_counts, v.hand_sizes, fromPlayers('hand_count'))),
    bids: perSeat(pick(v.bids, fromPlayers('bid'))),
    tricksWon: perSeat(pick(v.tricks_won, v.tricks, fromPlayers('tricks')), 0),
    totals: perSeat(pick(v.scores, v.totals, fromPlayers('score')), 0),
    trick: pick(v.trick, v.current_trick, []),
    leader: pick(v.leader, v.trick_leader, null),
    leadSuit: pick(v.lead_suit, null),
    lastTrick: pick(v.last_trick, v.previous_trick, null),
    history: Array.isArray(v.history) ? v.history : Array.isArray(v.rounds_played) ? v.rounds_played : [],
    result: pick(v.result, v.outcome, null),
    extraRound: Boolean(v.tiebreak || v.extra_round),
  };
}
