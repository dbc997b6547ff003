// Words for the History screen: when a game finished, and who won it, read from the
// summary the server keeps ({seats: names, outcome: the game's outcome}).

const pad = (n) => String(n).padStart(2, '0');

// "2025-03-14 20:05" in the viewer's time zone; empty without a time.
export function formatDate(ms) {
  if (!ms) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// A seat's name in History: bots share one server name ("Bot (heuristic)"), so each is
// told apart by its seat, as at the table ("Bot 2 (heuristic)").
export function seatLabel(seats, s) {
  const name = seats[s];
  if (name == null) return `Seat ${s + 1}`;
  const bot = /^Bot(?: \((.*)\))?$/.exec(name);
  return bot ? `Bot ${s + 1}${bot[1] ? ` (${bot[1]})` : ''}` : name;
}

// Each seat's points at the end, whatever the game calls them (totals, scores, rounds won),
// or null when the outcome has none.
export function seatPoints(summary) {
  const o = (summary && summary.outcome) || {};
  for (const key of ['totals', 'scores', 'wins']) if (Array.isArray(o[key]) && o[key].every(Number.isFinite)) return o[key];
  return null;
}

// "Winner: Ann", "Winners: Ann and Cy" (teams list every winning seat), or '' when the
// outcome names nobody.
export function resultText(summary) {
  const seats = (summary && summary.seats) || [];
  const o = (summary && summary.outcome) || {};
  const winners = Array.isArray(o.winners) ? o.winners : Number.isInteger(o.winner) ? [o.winner] : [];
  const names = winners.map((s) => seatLabel(seats, s));
  if (!names.length) return '';
  return `${names.length > 1 ? 'Winners' : 'Winner'}: ${names.join(' and ')}`;
}

// The winners' seats the outcome names (teams: every winning seat).
function winnerSeats(o) {
  return Array.isArray(o.winners) ? o.winners : Number.isInteger(o.winner) ? [o.winner] : [];
}

// Who played and how they ended: the winners first, then by points (most first), seats in
// order where equal; points only when the outcome gives one number per seat.
export function standings(summary) {
  const seats = (summary && summary.seats) || [];
  const o = (summary && summary.outcome) || {};
  const won = new Set(winnerSeats(o));
  const points = seatPoints(summary);
  const perSeat = points && points.length === seats.length ? points : null;
  const players = Array.isArray(summary && summary.players) ? summary.players : [];
  return seats
    .map((_, s) => ({ seat: s, name: seatLabel(seats, s), player: players[s] || null, points: perSeat ? perSeat[s] : null, winner: won.has(s) }))
    .sort((a, b) => Number(b.winner) - Number(a.winner) || (b.points ?? 0) - (a.points ?? 0) || a.seat - b.seat);
}

// Finished games newest first, in an order that stays put: games finishing later (a game
// left to bots ends while the list is open) go on top, and games of one moment keep their
// ids' order, whatever order the server sent them in.
export function newestFirst(games) {
  return [...(games || [])].sort((a, b) => (b.finished_at || 0) - (a.finished_at || 0) || String(a.game_id).localeCompare(String(b.game_id)));
}
