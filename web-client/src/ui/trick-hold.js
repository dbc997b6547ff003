// A finished trick stays on the table until its winner is clear: about a second and a half
// after it was taken (the reducer notes when, from the message's arrival time), or until
// the person clicks on. "Last trick" shows it again at any time, one click away.
// Each game's trick area asks `showsLastTrick` which trick to draw and adds `trickControls`.

import { h } from '../dom/vdom.js';

export const TRICK_HOLD_MS = 1500;

// Whether the finished trick is still being held at `now` (pure: state and time given).
export function holdingTrick(state, now) {
  return Boolean(state.trickKey) && state.trickDoneAt > 0 && now - state.trickDoneAt < TRICK_HOLD_MS && state.ui.skippedTrick !== state.trickKey;
}

export function showsLastTrick(ctx, hasLast, hasCurrent) {
  if (!hasLast) return false;
  if (!hasCurrent) return true;
  return Boolean(ctx.holdingTrick || (ctx.ui && ctx.ui.showLastTrick));
}

// "Continue" while a trick is held; otherwise a toggle for the last trick when a newer
// one is on the table.
export function trickControls(ctx, hasLast, hasCurrent) {
  if (!hasLast || !hasCurrent || ctx.readOnly) return null;
  if (ctx.holdingTrick && !(ctx.ui && ctx.ui.showLastTrick)) {
    return h('button', { type: 'button', class: 'trick-toggle', 'data-action': 'ui', 'data-key': 'skippedTrick', 'data-value': JSON.stringify(ctx.trickKey) }, 'Continue');
  }
  const on = Boolean(ctx.ui && ctx.ui.showLastTrick);
  return h('button', { type: 'button', class: 'trick-toggle', 'data-action': 'ui', 'data-key': 'showLastTrick', 'data-value': String(!on), 'aria-pressed': String(on) }, 'Last trick');
}
