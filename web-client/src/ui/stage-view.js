// Where the stage (ui/table-stage.js) stands when a decision comes or a round's summary
// opens: on the board, or on the summary above it. The stage is one element kept from
// render to render, so a player who had scrolled down to the scores found them again at
// their turn with the trick out of sight, and a summary opened below the fold.

const SLACK_PX = 8;

// How far to scroll the stage so that `targetTop` (the summary's or the board's top, in
// the window) comes to the stage's top; 0 when it is already in the stage's upper half.
export function scrollToShow({ stageTop, stageHeight, targetTop }) {
  if (targetTop == null) return 0;
  const delta = targetTop - stageTop;
  return delta < -SLACK_PX || delta > stageHeight / 2 ? delta : 0;
}

// While a seated player is in a game (the stage scrolls on its own): the round's summary
// when it shows, else the board.
export function stageOnBoard(root) {
  const stage = root.querySelector('.table-screen.in-play .cb-stage');
  if (!stage) return;
  const target = stage.querySelector(':scope > .round-summary') || stage.querySelector(':scope > .cb-board');
  const delta = scrollToShow({ stageTop: stage.getBoundingClientRect().top, stageHeight: stage.clientHeight, targetTop: target ? target.getBoundingClientRect().top : null });
  if (delta) stage.scrollTop += delta;
}

// What the page shows now: a decision in the dock, a round's summary on the stage.
export function stageMoment(root) {
  return { deciding: Boolean(root.querySelector('.cb-dock.active')), summary: Boolean(root.querySelector('.cb-stage > .round-summary')) };
}
