// Words for a player's profile: a game's line (finished, won, average and best points) and
// a recent game's (when, the rank among how many, the points), read from the server's
// profile as it is; `null` where the server kept no points for old games.

import { plural } from './format.js';

// "3.25" → "3.3"; an average with nothing to average is a dash.
export function averageText(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '–';
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

export function pointsText(x) {
  return typeof x === 'number' && Number.isFinite(x) ? String(x) : '–';
}

const ORDINAL = ['th', 'st', 'nd', 'rd'];
export function ordinal(n) {
  const v = n % 100;
  return `${n}${ORDINAL[(v - 20) % 10] || ORDINAL[v] || ORDINAL[0]}`;
}

// "1st of 2 (won)", "2nd of 4", or '' when the game gave no rank.
export function rankText(rank, seats) {
  if (!Number.isInteger(rank) || rank < 1) return '';
  const of = Array.isArray(seats) && seats.length ? ` of ${seats.length}` : '';
  return `${ordinal(rank)}${of}${rank === 1 ? ' (won)' : ''}`;
}

// "5 of 12 won" for a game's line.
export function wonText(g) {
  return `${g.won} of ${g.finished} won`;
}

// All games together: "12 games finished, 5 won".
export function totalsText(games) {
  const finished = (games || []).reduce((n, g) => n + (g.finished || 0), 0);
  const won = (games || []).reduce((n, g) => n + (g.won || 0), 0);
  return `${plural(finished, 'game')} finished, ${won} won`;
}

// The other players of a recent game: "with Bo and Bot 2".
export function othersText(seats, seat) {
  const others = (seats || []).map((name, s) => (s === seat ? null : /^Bot(?: \(.*\))?$/.test(name) ? `Bot ${s + 1}` : name)).filter(Boolean);
  if (!others.length) return '';
  return `with ${others.length > 1 ? `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]}` : others[0]}`;
}
