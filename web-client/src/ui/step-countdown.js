// A timed step's countdown (the Spy's 60-second look at the undealt cards; The Dwarf King's
// Sorcerer window). The server sends `game.time_left_ms` only to the seat the step is for,
// as of that message; the page counts it down from when the message arrived (state.tableAt)
// and draws again once a second while it runs, and not otherwise.

// Milliseconds left on this seat's timed step at `now`, or null when there is none.
export function stepTimeLeft(state, now) {
  const game = state.table && state.table.game;
  if (!game || typeof game.time_left_ms !== 'number') return null;
  return Math.max(0, game.time_left_ms - Math.max(0, now - (state.tableAt || now)));
}

// The whole seconds a countdown shows: 0.2 s left still reads "1 second".
export function secondsLeft(ms) {
  return Math.ceil(ms / 1000);
}

// The page's one timer for the countdown: `sync(state)` after every draw arms a single
// timeout for the moment the shown seconds change, or clears it when no step is timed (the
// panel went away, the step was decided, the table was left). `redraw` asks for a draw.
export function createStepTicker({ redraw, now = () => Date.now(), setTimeout = globalThis.setTimeout, clearTimeout = globalThis.clearTimeout }) {
  let timer = null;
  return {
    sync(state) {
      if (timer) clearTimeout(timer);
      timer = null;
      const left = stepTimeLeft(state, now());
      if (!left) return;
      // A few ms past the boundary, so the draw it asks for already shows the next second.
      timer = setTimeout(() => {
        timer = null;
        redraw();
      }, (left % 1000 || 1000) + 5);
    },
    get armed() {
      return timer !== null;
    },
  };
}
