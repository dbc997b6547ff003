// Reads the engine's Lunar view (engine/games/lunar/view.cpp, docs/rules/lunar.md "Views")
// into the shape the renderer draws. Only this file knows the view's field names.

const arr = (x) => (Array.isArray(x) ? x : []);

export function readTrick(t) {
  if (!t) return null;
  return {
    leader: t.leader ?? null,
    cards: arr(t.cards).map((c, i) => ({ seat: c.seat ?? null, card: c.card ?? null, from: c.from || 'hand', order: i })),
    leadSuit: t.lead_suit ?? null,
    leadTeam: t.lead_team ?? null,
    winnerTeam: t.winner_team ?? null,
  };
}

export function readView(view, seatCount) {
  const v = view || {};
  const ex = v.exchange && typeof v.exchange === 'object' ? v.exchange : null;
  const teams = arr(v.teams).length ? v.teams : seatCount === 2 ? [[0], [1]] : [[0, 2], [1, 3]];
  return {
    phase: v.phase || 'playing',
    round: v.round ?? null,
    seat: v.seat ?? null,
    team: v.team ?? null,
    startPlayer: v.start_player ?? null,
    teams,
    targetScore: v.target_score ?? null,
    hand: arr(v.hand),
    handSizes: Array.from({ length: seatCount }, (_, s) => arr(v.hand_sizes)[s] ?? null),
    sky: Array.isArray(v.sky) ? v.sky : null,
    exchange: ex ? { waiting: arr(ex.waiting), chosen: ex.chosen ?? null, passed: ex.passed ?? null, received: ex.received ?? null } : null,
    tilesUp: arr(v.tiles && v.tiles.face_up),
    tilesDown: arr(v.tiles && v.tiles.face_down),
    trump: v.trump ?? null,
    trick: readTrick(v.trick),
    lastTrick: readTrick(v.last_trick),
    tricksWon: [arr(v.tricks_won)[0] ?? 0, arr(v.tricks_won)[1] ?? 0],
    starsWon: [arr(arr(v.stars_won)[0]), arr(arr(v.stars_won)[1])],
    scores: [arr(v.scores)[0] ?? 0, arr(v.scores)[1] ?? 0],
    lastRound: v.last_round || null,
    winnerTeam: v.winner_team ?? null,
  };
}

export function teamOf(teams, seat) {
  const i = teams.findIndex((t) => t.includes(seat));
  return i < 0 ? null : i;
}
