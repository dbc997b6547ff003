// The tab's title tells a player in another tab that it is their turn.

export function pageTitle(state) {
  const t = state.table;
  const game = t && t.game;
  const yourTurn = game && Array.isArray(game.legal) && game.legal.length > 0;
  const base = t ? `${t.title || t.game_id} · Crownhall` : 'Crownhall';
  return yourTurn ? `(Your turn) ${base}` : base;
}
