// The tab's title tells a player in another tab that it is their turn.

import { isAsked } from '../games/index.js';

export function pageTitle(state) {
  const t = state.table;
  const yourTurn = isAsked(t, state.ui);
  const base = t ? `${t.title || t.game_id} · Crownhall` : 'Crownhall';
  return yourTurn ? `(Your turn) ${base}` : base;
}
