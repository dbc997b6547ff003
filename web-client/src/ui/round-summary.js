// The end of a round (a hand) is shown before the next deal is played: a summary panel
// above the board, for a few seconds after the round ended or until "Continue". Each game's
// renderer says what its last finished round was (`lastRound(view, name)` → { key, title,
// lines } or null); the reducer notes when a new key arrived, as for a finished trick.

import { h } from '../dom/vdom.js';

export const ROUND_HOLD_MS = 6000;

export function lastRoundKey(renderer, view) {
  const r = view && renderer.lastRound ? renderer.lastRound(view, () => '') : null;
  return r ? r.key : null;
}

export function showingRound(state, now) {
  return Boolean(state.roundKey) && state.roundDoneAt > 0 && now - state.roundDoneAt < ROUND_HOLD_MS && state.ui.seenRound !== state.roundKey && state.table && state.table.state === 'playing';
}

export function roundSummaryPanel(renderer, ctx, name) {
  const r = renderer.lastRound ? renderer.lastRound(ctx.view, name) : null;
  if (!r) return null;
  return h('section', { class: 'panel round-summary', 'aria-labelledby': 'round-summary-heading', key: 'round-summary' },
    h('h2', { id: 'round-summary-heading' }, r.title),
    h('ul', { class: 'round-lines' }, r.lines.map((l, i) => h('li', { key: i }, l))),
    h('button', { type: 'button', class: 'primary', 'data-action': 'ui', 'data-key': 'seenRound', 'data-value': JSON.stringify(r.key), 'data-turn-focus': 'true' }, 'Continue'));
}
