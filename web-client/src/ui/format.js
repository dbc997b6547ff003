// Small pieces of text shared by the views.

export function formatClock(ms) {
  if (ms == null) return '';
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function formatTime(at) {
  if (!at) return '';
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

// "1 card", "3 cards", "-1 point": the one helper for a count and its noun.
export function plural(n, one, many = `${one}s`) {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

// What a seat is called at the table. Bots all share one server name, so each is told apart
// by its seat number ("Bot 3"); its kind shows in its badge.
export function seatName(table, seat) {
  const s = table && table.seats && table.seats[seat];
  if (seat == null) return '';
  if (!s || s.status === 'empty') return `Seat ${seat + 1}`;
  if (s.status === 'bot') return `Bot ${seat + 1}`;
  return s.name || `Seat ${seat + 1}`;
}

export const STATUS_TEXT = {
  empty: 'empty seat',
  human: 'player',
  bot: 'bot',
  away: 'away — a bot is playing',
};

export function stateText(state) {
  return { waiting: 'Waiting for players', playing: 'Playing', finished: 'Finished' }[state] || state || '';
}

// "1st", "2nd", ...
export function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] || s[v] || s[0]}`;
}
