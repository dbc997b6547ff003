// Where a link points: the lobby, a table, a private table's invite, a table to watch, the
// session's finished games (history), the replay of one of them, or a player's profile.
// Routes live in the URL's hash, so `crownhall serve` only ever serves index.html.

export function parseRoute(hash) {
  const parts = String(hash || '').replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [name, arg] = parts;
  if (name === 'invite' && arg) return { name: 'invite', invite: arg };
  if (name === 'watch' && arg) return { name: 'watch', table: arg };
  if (name === 'table' && arg) return { name: 'table', table: arg };
  if (name === 'history') return { name: 'history' };
  if (name === 'replay' && arg) return { name: 'replay', game: arg };
  if (name === 'profile' && arg) return { name: 'profile', player: arg };
  return { name: 'lobby' };
}

export function formatRoute(route) {
  switch (route.name) {
    case 'invite':
      return `#/invite/${encodeURIComponent(route.invite)}`;
    case 'watch':
      return `#/watch/${encodeURIComponent(route.table)}`;
    case 'table':
      return `#/table/${encodeURIComponent(route.table)}`;
    case 'history':
      return '#/history';
    case 'replay':
      return `#/replay/${encodeURIComponent(route.game)}`;
    case 'profile':
      return `#/profile/${encodeURIComponent(route.player)}`;
    default:
      return '#/';
  }
}

// The link a host hands to friends; `base` is the page's address without its hash.
export function inviteLink(base, invite) {
  return `${String(base).replace(/#.*$/, '')}${formatRoute({ name: 'invite', invite })}`;
}

export function watchLink(base, table) {
  return `${String(base).replace(/#.*$/, '')}${formatRoute({ name: 'watch', table })}`;
}

// The route that describes where the person is now, given the table message they hold.
export function routeForTable(table) {
  if (!table) return { name: 'lobby' };
  return table.you && table.you.role === 'spectator' ? { name: 'watch', table: table.table } : { name: 'table', table: table.table };
}
