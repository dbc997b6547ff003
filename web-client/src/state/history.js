// The session's finished games and the replay being watched: how each fetch result
// changes the state, and which step a control leads to. Pure, like the main reducer (which
// hands these events here). The server supplies every step's views and the outcome; the
// client only moves between steps and asks for the ones it has not got yet.

// Steps are fetched in aligned windows of this many (the server sends at most 32), so a
// step is either in the window that holds it or not fetched yet.
export const REPLAY_WINDOW = 16;

export const noHistory = { status: 'idle', games: [], unfinished: [], error: null };

export function historyReducer(state, event) {
  switch (event.type) {
    case 'history':
      return {
        ...state,
        history: {
          status: event.status,
          games: event.status === 'ready' ? event.games || [] : (state.history || noHistory).games,
          // Games in progress the session holds a seat in (also left or stopped ones): to go back to.
          unfinished: event.status === 'ready' ? event.unfinished || [] : (state.history || noHistory).unfinished || [],
          error: event.error || null,
        },
      };
    case 'replay-open':
      return { ...state, replay: { gameId: event.gameId, status: 'loading', error: null, meta: null, steps: {}, loading: [], step: 0 } };
    case 'replay-loading': {
      const r = state.replay;
      if (!r || r.gameId !== event.gameId) return state;
      return { ...state, replay: { ...r, loading: [...r.loading, event.from] } };
    }
    case 'replay-steps': {
      const r = state.replay;
      if (!r || r.gameId !== event.gameId) return state; // an answer for a replay left since
      const d = event.data;
      const steps = { ...r.steps };
      for (const s of d.steps || []) steps[s.step] = s;
      const meta = { game: d.game, gameId: d.game_id, seats: d.seats || [], bots: d.bots || [], handovers: d.handovers || [], options: d.options || {}, outcome: d.outcome || null, total: d.steps_total || 0 };
      return { ...state, replay: { ...r, status: 'ready', meta, steps, loading: r.loading.filter((f) => f !== d.from) } };
    }
    case 'replay-error': {
      const r = state.replay;
      if (!r || r.gameId !== event.gameId) return state;
      return { ...state, replay: { ...r, status: 'error', error: event.error, loading: r.loading.filter((f) => f !== event.from) } };
    }
    case 'replay-coach': {
      // The coach's report on one seat (GET /api/records/ID/coach): loading, ready or error.
      const r = state.replay;
      if (!r || r.gameId !== event.gameId) return state;
      if (r.coach && r.coach.seat !== event.seat && event.status !== 'loading') return state; // an answer for a seat asked before
      return { ...state, replay: { ...r, coach: { seat: event.seat, status: event.status, report: event.report || null, error: event.error || null } } };
    }
    case 'replay-goto': {
      const r = state.replay;
      if (!r) return state;
      return { ...state, replay: { ...r, step: stepTarget(r, event.to) } };
    }
    default:
      return state;
  }
}

// The coach's line for the move shown at `step` (step k shows the k-th action, the record's
// action k - 1), or null when the coached seat did not choose that move.
export function coachedDecision(replay, step) {
  const c = replay && replay.coach;
  if (!c || c.status !== 'ready' || !c.report) return null;
  return c.report.decisions.find((d) => d.index === step - 1) || null;
}

// The step a control leads to: first, prev, next, last, or a step number, kept in range.
export function stepTarget(replay, to) {
  const last = lastStep(replay);
  const at = replay.step || 0;
  const want = { first: 0, prev: at - 1, next: at + 1, last }[to] ?? Number(to);
  if (!Number.isFinite(want)) return at;
  return Math.max(0, Math.min(last, Math.trunc(want)));
}

export function lastStep(replay) {
  return replay && replay.meta ? Math.max(0, replay.meta.total - 1) : 0;
}

// The window to fetch so that `step` can be shown, or null when it is here or on its way.
export function missingWindow(replay, step) {
  if (!replay || replay.steps[step]) return null;
  if (replay.meta && (step < 0 || step > lastStep(replay))) return null;
  const from = Math.floor(step / REPLAY_WINDOW) * REPLAY_WINDOW;
  return replay.loading.includes(from) ? null : from;
}

// The keys that move through a replay, as the controls they stand for.
export function replayKey(key) {
  return { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[key] || null;
}

// "Start: the deal" or "Move 12 of 80": steps count moves, the deal is move 0.
export function stepLabel(step, total) {
  const moves = Math.max(0, total - 1);
  return step === 0 ? `Start: the deal (${moves} moves)` : `Move ${step} of ${moves}`;
}
