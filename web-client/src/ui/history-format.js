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
