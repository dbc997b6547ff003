// The score table by round, and the final ranks.

import { h } from '../../dom/vdom.js';
import { crownIcon } from '../../ui/icons.js';
import { ordinal, plural } from '../../ui/format.js';
import { suitColour, suitName, SUIT_KEYS } from './cards.js';
import { bidText } from './model.js';
import { missionShort, roundTypeName } from './text.js';

// One line of the view's `rounds` as { number, handSize, type, trump, dealer, cells:
// [{bid, tricks, points}] }.
export function readRound(entry, index, seatCount) {
  const at = (key, s) => (Array.isArray(entry[key]) ? entry[key][s] : null) ?? null;
  return {
    number: entry.number ?? index + 1,
    handSize: entry.hand_size ?? null,
    type: entry.type ?? null,
    pot: entry.pot ?? null, // Wagering rounds
    trump: entry.trump ?? null,
    dealer: entry.dealer ?? null,
    // Missions rounds: each seat's mission and whether it was completed, in place of a bid.
    // Suit Precision rounds: each seat's four bids and tricks per suit (R, B, G, Y).
    // The Split rounds: each seat's two bids and tricks per half.
    cells: Array.from({ length: seatCount }, (_, s) => ({ bid: at('bids', s), tricks: at('tricks', s), points: at('points', s), extra: at('wagers', s) || null, mission: at('missions', s), done: at('missions_completed', s), suitBids: suitsAt(entry.suit_bids, s, null), suitTricks: suitsAt(entry.suit_tricks, s, 0), halfBids: halvesAt(entry.half_bids, s, null), halfTricks: halvesAt(entry.half_tricks, s, 0), total: null })),
  };
}

// One seat's four per-suit values from a round's `suit_bids` or `suit_tricks`, or null.
function suitsAt(list, s, missing) {
  const row = Array.isArray(list) ? list[s] : null;
  return Array.isArray(row) ? SUIT_KEYS.map((_, i) => row[i] ?? missing) : null;
}

// The Split: one seat's two per-half values from a round's `half_bids` or `half_tricks`.
function halvesAt(list, s, missing) {
  const row = Array.isArray(list) ? list[s] : null;
  return Array.isArray(row) ? [row[0] ?? missing, row[1] ?? missing] : null;
}

// Fills each round's running totals (the view gives points per round) unless given.
export function withRunningTotals(rounds) {
  const sums = [];
  return rounds.map((r) => ({
    ...r,
    cells: r.cells.map((c, s) => {
      sums[s] = (sums[s] ?? 0) + (c.points ?? 0);
      return { ...c, total: c.total ?? sums[s] };
    }),
  }));
}

// What a cell's player aimed at, in words: a bid (and any extra wager), or a mission.
function aimSpoken(c) {
  if (c.mission != null) return `mission ${missionShort(c.mission)}, ${c.done ? 'completed' : 'failed'}`;
  return `bid ${bidText(c.bid)}${c.extra ? ` with ${c.extra} extra` : ''}`;
}

// Suit Precision: each suit's bid and tricks, in words and as a short line (bid/won).
function suitsSpoken(c) {
  if (!c.suitBids && !c.suitTricks) return '';
  return `, by suit: ${SUIT_KEYS.map((k, i) => `${suitColour(k)} bid ${bidText(c.suitBids ? c.suitBids[i] : null)} won ${c.suitTricks ? c.suitTricks[i] : 0}`).join('; ')}`;
}
function suitsLine(c) {
  if (!c.suitBids && !c.suitTricks) return null;
  return h('small', { class: 'suits', 'aria-hidden': 'true' }, SUIT_KEYS.map((k, i) => h('span', { key: k, class: `suit-cell suit-${k}` }, `${k} ${bidText(c.suitBids ? c.suitBids[i] : null)}/${c.suitTricks ? c.suitTricks[i] : 0}`)));
}

// The Split: each half's bid and tricks, in words and as a short line (bid/won).
function halvesSpoken(c) {
  if (!c.halfBids && !c.halfTricks) return '';
  return `, by half: ${['first', 'second'].map((k, i) => `${k} bid ${bidText(c.halfBids ? c.halfBids[i] : null)} won ${c.halfTricks ? c.halfTricks[i] : 0}`).join('; ')}`;
}
function halvesLine(c) {
  if (!c.halfBids && !c.halfTricks) return null;
  return h('small', { class: 'halves', 'aria-hidden': 'true' }, ['1st', '2nd'].map((k, i) => h('span', { key: k, class: 'half-cell' }, `${k} ${bidText(c.halfBids ? c.halfBids[i] : null)}/${c.halfTricks ? c.halfTricks[i] : 0}`)));
}

export function scoreTable(ctx, v, name, open) {
  const seatCount = ctx.table.seats.length;
  const rounds = withRunningTotals(v.history.map((e, i) => readRound(e, i, seatCount)));
  if (!rounds.length) return null;
  const seats = Array.from({ length: seatCount }, (_, s) => s);
  return h('details', { class: 'panel cb-scores', open: open || ctx.ui.scoresOpen !== false, key: 'scores' },
    h('summary', null, 'Scores by round'),
    h('p', { class: 'muted small legend', 'aria-hidden': 'true' }, 'Each cell: bid/won, points this round, total.', rounds.some((r) => r.cells.some((c) => c.suitBids || c.suitTricks)) ? ' Suit Precision: below it, bid/won for each suit.' : null, rounds.some((r) => r.cells.some((c) => c.halfBids || c.halfTricks)) ? ' The Split: below it, bid/won for each half.' : null),
    h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Scores by round' },
      h('table', null,
        h('caption', { class: 'sr-only' }, 'For each round and player: bid, tricks won, points, and running total'),
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Round'), seats.map((s) => h('th', { scope: 'col', key: s }, name(s))))),
        h('tbody', null,
          rounds.map((r) => h('tr', { key: r.number },
            h('th', { scope: 'row' }, `${r.number}`, h('small', { class: 'muted' }, ` ${[r.handSize != null ? plural(r.handSize, 'card') : null, r.type && r.type !== 'normal' ? roundTypeName(r.type) + (r.pot != null ? ` (pot ${r.pot})` : '') : null, r.trump ? `trump ${suitName(r.trump).split(' ')[0]}` : 'no trump'].filter(Boolean).join(' · ')}`)),
            r.cells.map((c, s) => h('td', { key: s, 'aria-label': `${name(s)}: ${aimSpoken(c)}, won ${c.tricks ?? '—'}${suitsSpoken(c)}${halvesSpoken(c)}, ${plural(c.points ?? 0, 'point')}, total ${c.total ?? '—'}` },
              h('span', { class: 'bt' }, c.mission != null ? `${missionShort(c.mission)} ${c.done ? '✓' : '✗'}/${c.tricks ?? '—'}` : `${bidText(c.bid)}/${c.tricks ?? '—'}${c.extra ? ` +${c.extra}` : ''}`),
              h('span', { class: { pts: true, neg: (c.points ?? 0) < 0 } }, c.points == null ? '' : c.points > 0 ? `+${c.points}` : String(c.points)),
              h('b', { class: 'tot' }, c.total == null ? '' : String(c.total)),
              suitsLine(c),
              halvesLine(c)))))),
        h('tfoot', null, h('tr', null, h('th', { scope: 'row' }, 'Total'), seats.map((s) => h('td', { key: s }, h('b', null, String(v.totals[s] ?? 0)))))))));
}

// Final ranks: from the result when the engine gives them, else from the totals.
export function finalRanks(v, seatCount) {
  const r = v.result || (v.ranks ? { ranks: v.ranks } : {});
  if (Array.isArray(r.ranks) && r.ranks.length >= seatCount && r.ranks.slice(0, seatCount).every((x) => x > 0)) {
    return Array.from({ length: seatCount }, (_, s) => ({ seat: s, rank: r.ranks[s], total: (r.totals || r.scores || v.totals)[s] ?? 0 })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  }
  const totals = r.totals || r.scores || v.totals;
  const rows = Array.from({ length: seatCount }, (_, s) => ({ seat: s, total: totals[s] ?? 0 }));
  rows.sort((a, b) => b.total - a.total || a.seat - b.seat);
  rows.forEach((row, i) => (row.rank = i > 0 && rows[i - 1].total === row.total ? rows[i - 1].rank : i + 1));
  return rows;
}

export function resultPanel(ctx, v, name) {
  const ranks = finalRanks(v, ctx.table.seats.length);
  const winner = ranks.find((r) => r.rank === 1);
  return h('section', { class: 'panel cb-result', 'aria-labelledby': 'result-heading', key: 'result' },
    h('h2', { id: 'result-heading' }, crownIcon('icon crown gold big'), winner ? ` ${name(winner.seat)} wins the crown!` : ' Game over'),
    h('ol', { class: 'ranks', 'aria-label': 'Final ranks' },
      ranks.map((r) => h('li', { key: r.seat, class: { first: r.rank === 1, mine: r.seat === ctx.mySeat } },
        h('span', { class: 'rank' }, ordinal(r.rank)),
        h('span', { class: 'who' }, name(r.seat), r.seat === ctx.mySeat ? (ctx.me ?? ' (you)') : ''),
        h('b', { class: 'score' }, plural(r.total, 'point'))))),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-action': 'leave' }, 'Back to the lobby')));
}
