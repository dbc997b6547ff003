// Queen's Court at the table: the round line (half, draw pile, pot), the players seated
// around the draw pile (ui/seat-ring.js: you at the bottom) each with their two piles,
// spread, round wins, locked and gloved piles, the hand, and playing a chosen card onto a
// chosen pile; the end of each round (ui/round-summary.js) and the final ranks.

import { h } from '../../dom/vdom.js';
import { stage } from '../../ui/table-stage.js';
import { seatBadges, seatClock } from '../../ui/seat-badges.js';
import { ringPlaces, seatRing } from '../../ui/seat-ring.js';
import { crownIcon } from '../../ui/icons.js';
import { ordinal, plural, seatName } from '../../ui/format.js';
import { forSeenSeat, seenName } from '../../ui/seen-seat.js';
import { actionText } from '../generic/render.js';
import { cardCorner, cardName, parseCard, sortHand } from './cards.js';
import { emblem } from './emblems.js';
import { finalRanks, openPiles, otherActions, playableCards, roundSummary, seatOrder, selectedCard, targetsFor } from './model.js';
import { readView } from './view.js';
import { describeAction as describe, phaseName, pileText, promptText, spreadText } from './text.js';

// The move log's words (events.js); a card in it, by its emblem and name.
export { eventParts } from './events.js';
export { cardName as eventCardName } from './cards.js';
export function eventCard(id) {
  const c = parseCard(id);
  return h('span', { class: `log-card qc-log-${c.kind}` }, emblem(c.kind === 'glove' ? 'glove' : c.kind === 'queen' ? 'queen' : 'number', 'emblem log-emblem'), cardName(id));
}

export function render(ctx) {
  const v = readView(ctx.view, ctx.table.seats.length);
  const name = (seat) => seatName(ctx.table, seat);
  const finished = v.phase === 'finished' || ctx.table.state === 'finished';
  const selected = finished ? null : selectedCard(ctx.ui, ctx.legal);
  return h('section', { class: 'cb qc', 'aria-label': 'Queen’s Court' },
    finished ? null : roundBar(v, name),
    finished ? null : h('p', { class: 'cb-prompt', role: 'status', 'aria-live': 'polite', key: 'prompt' }, forSeenSeat(ctx, promptText(ctx, v, name, selected))),
    stage(ctx.roundSummary,
      finished ? resultPanel(ctx, v, name) : null,
      h('div', { class: 'cb-board' },
        board(ctx, v, name, selected, finished),
        !finished && v.lastRound ? h('p', { class: 'qc-last small' }, roundSummary(v.lastRound, name)) : null),
      finished ? roundsTable(ctx, v, name) : null),
    finished || ctx.mySeat == null ? null : h('div', { class: { 'cb-dock': true, active: ctx.legal.length > 0 }, key: 'dock' }, decision(ctx, v, name, selected), hand(ctx, v, selected)));
}

function roundBar(v, name) {
  const items = [
    ['Round', String(v.round ?? '—')],
    ['Half', phaseName(v.phase)],
    ['Draw pile', v.phase === 'second_half' ? 'empty' : plural(v.drawSize ?? 0, 'card')],
    v.firstPlayer != null ? ['First player', name(v.firstPlayer)] : null,
    v.queensWild ? ['Queens', 'wild'] : null,
    v.coins ? ['Pot', plural(v.pot ?? 0, 'coin')] : null,
  ].filter(Boolean);
  return h('dl', { class: 'cb-round', 'aria-label': items.map(([k, val]) => `${k}: ${val}`).join(', ') },
    items.map(([k, val]) => h('div', { class: 'cb-round-item', key: k }, h('dt', null, k), h('dd', null, val))));
}

// The players around the table, the draw pile in the middle (nothing there once the game
// is over: the piles are gone and the result says who won).
function board(ctx, v, name, selected, finished) {
  const n = ctx.table.seats.length;
  const targets = selected ? targetsFor(ctx.legal, selected) : [];
  const open = openPiles(ctx.legal);
  return seatRing({
    places: ringPlaces(n, ctx.mySeat),
    seats: seatOrder(n, ctx.mySeat).map((seat) => ({ seat, node: player(ctx, v, name, seat, { selected, targets, open, finished }) })),
    center: finished ? null : drawPile(v),
  });
}

// The draw pile: how many cards are left to draw, or, in the second half, that nobody draws.
function drawPile(v) {
  const second = v.phase === 'second_half';
  const text = second ? 'Draw pile empty: nobody draws' : `Draw pile: ${plural(v.drawSize ?? 0, 'card')}`;
  return h('section', { class: 'qc-draw', 'aria-label': text },
    second ? h('div', { class: 'card qc-card empty', 'aria-hidden': 'true' }) : h('div', { class: 'card qc-card back', 'aria-hidden': 'true' }),
    h('span', { class: 'qc-draw-count', 'aria-hidden': 'true' }, second ? 'Nobody draws' : plural(v.drawSize ?? 0, 'card')));
}

// One seat: name and marks, spread, round wins, hand size, coins back, and the two piles.
// `to-act` draws the turn ring around it (styles/table.css), turning while its clock runs.
function player(ctx, v, name, seat, { selected, targets, open, finished }) {
  const p = v.players[seat];
  const toAct = !finished && ctx.toAct.includes(seat);
  const mine = seat === ctx.mySeat;
  const label = [
    name(seat) + (mine ? ' (you)' : ''),
    `spread ${spreadText(p)}`,
    plural(p.wins, 'round win'),
    p.handSize != null ? `${plural(p.handSize, 'card')} in hand` : null,
    p.locked ? 'locked' : null,
    v.coins && p.coinsBack != null ? `${plural(p.coinsBack, 'coin')} back` : null,
    toAct ? 'to act' : null,
  ].filter(Boolean).join(', ');
  return h('div', { class: { 'cb-player': true, 'qc-player': true, mine, 'to-act': toAct, locked: p.locked }, role: 'group', 'aria-label': label, 'data-seat': seat },
    h('div', { class: 'cb-player-head' },
      h('span', { class: 'cb-player-name' }, name(seat), mine ? ' (you)' : ''),
      h('span', { class: 'qc-wins', title: plural(p.wins, 'round win'), 'aria-hidden': 'true' }, Array.from({ length: p.wins }, (_, i) => h('span', { key: i }, emblem('queen', 'emblem tiny')))),
      p.locked ? h('span', { class: 'badge qc-locked', title: 'Locked: no more plays on these piles' }, emblem('lock', 'emblem tiny'), ' locked') : null),
    h('div', { class: 'cb-player-badges' }, seatBadges(ctx, seat), seatClock(ctx, seat)),
    h('div', { class: 'cb-player-stats' },
      h('span', { class: 'stat qc-spread' }, h('small', null, 'Spread'), h('b', null, spreadText(p))),
      h('span', { class: 'stat' }, h('small', null, 'Wins'), h('b', null, String(p.wins))),
      p.handSize != null ? h('span', { class: 'stat' }, h('small', null, 'Hand'), h('b', null, String(p.handSize))) : null,
      v.coins && p.coinsBack != null ? h('span', { class: 'stat' }, h('small', null, 'Coins back'), h('b', null, String(p.coinsBack))) : null),
    finished ? null : h('div', { class: 'qc-piles' },
      ['left', 'right'].map((side) => pile(p[side], seat, side, name, selected, targets.find((a) => a.owner === seat && a.side === side), open.has(`${seat}:${side}`)))),
    toAct ? h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, '●') : null);
}

function pile(pl, seat, side, name, selected, action, open) {
  const who = name(seat);
  const text = `${who}’s ${side} pile: ${pileText(pl)}`;
  const face = pl.showing ? cardFace(pl.showing) : h('div', { class: 'card qc-card empty', 'aria-hidden': 'true' });
  const body = [
    h('span', { class: 'qc-pile-side', 'aria-hidden': 'true' }, side === 'left' ? 'Left' : 'Right'),
    h('div', { class: 'qc-stack' }, pl.cards.length > 1 ? h('div', { class: 'card qc-card under', 'aria-hidden': 'true' }) : null, face,
      pl.gloved ? h('span', { class: 'qc-glove-mark', title: 'Gloved: closed for this round' }, emblem('glove', 'emblem')) : null),
    h('span', { class: 'qc-count', 'aria-hidden': 'true' }, plural(pl.cards.length, 'card')),
  ];
  if (action) {
    return h('button', { type: 'button', key: side, class: 'qc-pile target', 'data-action': 'act', 'data-payload': JSON.stringify(action), 'aria-label': `Play ${cardName(selected)} on ${text}` }, body);
  }
  return h('div', { key: side, class: { 'qc-pile': true, gloved: pl.gloved, closed: !open && !pl.gloved }, role: 'group', 'aria-label': text }, body);
}

export function cardFace(id, tag = 'div', attrs = {}) {
  const c = parseCard(id);
  const corner = cardCorner(id);
  const big = c.kind === 'number' ? h('span', { class: 'qc-value', 'aria-hidden': 'true' }, corner) : emblem(c.kind === 'glove' ? 'glove' : 'queen');
  return h(tag, { class: `card qc-card qc-${c.kind}${c.kind === 'number' ? ` v${c.value}` : ''}`, ...attrs },
    h('span', { class: 'corner tl', 'aria-hidden': 'true' }, corner),
    big,
    h('span', { class: 'corner br', 'aria-hidden': 'true' }, corner),
    tag === 'div' ? h('span', { class: 'sr-only' }, cardName(id)) : null);
}

function decision(ctx, v, name, selected) {
  const legal = ctx.legal;
  if (!legal.length) return null;
  const others = otherActions(legal);
  const parts = [];
  if (selected) {
    const targets = targetsFor(legal, selected);
    parts.push(h('div', { class: 'cb-choice qc-choice', role: 'group', 'aria-label': `Play ${cardName(selected)} on`, key: 'targets' },
      h('h3', null, `Play your ${cardName(selected)} on…`),
      h('div', { class: 'choice-row' }, targets.map((a, i) => {
        const p = v.players[a.owner][a.side];
        const mine = a.owner === ctx.mySeat;
        return h('button', { type: 'button', key: `${a.owner}-${a.side}`, class: { 'qc-target': true, mine }, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify(a), 'aria-label': `Play ${cardName(selected)} on ${mine ? 'your' : `${name(a.owner)}’s`} ${a.side} pile (${pileText(p)})` },
          `${mine ? 'My' : name(a.owner)} ${a.side}`, h('small', null, ` · ${p.showing ? cardName(p.showing) : 'empty'}`));
      })),
      h('button', { type: 'button', class: 'qc-cancel', 'data-action': 'ui', 'data-key': 'qcCard', 'data-value': 'null' }, 'Choose another card')));
  }
  if (others.length) {
    parts.push(h('div', { class: 'cb-choice', role: 'group', 'aria-label': 'Other choices', key: 'other' },
      h('div', { class: 'choice-row' }, others.map((a, i) => h('button', { type: 'button', key: i, 'data-action': 'act', 'data-payload': JSON.stringify(a) }, actionText(a))))));
  }
  return parts.length ? h('div', { class: 'cb-decision panel' }, parts) : null;
}

function hand(ctx, v, selected) {
  const playable = playableCards(ctx.legal);
  const canPlay = playable.size > 0;
  const cards = sortHand(v.hand);
  const first = cards.find((id) => playable.has(id));
  return h('section', { class: { 'cb-hand': true, active: canPlay }, 'aria-label': forSeenSeat(ctx, canPlay ? 'Your hand: choose a card, then a pile' : 'Your hand') },
    h('h3', { class: seenName(ctx) == null ? 'sr-only' : 'seen-hand' }, forSeenSeat(ctx, 'Your hand')),
    h('ul', { class: 'hand-cards' },
      cards.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'No cards in hand.') : null,
      cards.map((id) => {
        const legal = playable.has(id);
        const on = id === selected;
        return h('li', { key: id }, cardFace(id, 'button', {
          type: 'button', 'data-card': id, disabled: !legal,
          'aria-pressed': legal ? String(on) : null,
          'aria-label': `${cardName(id)}${on ? ', chosen' : ''}${canPlay && !legal ? ', cannot be played now' : ''}`,
          'data-turn-focus': !selected && id === first ? 'true' : null,
          class: `card qc-card qc-${parseCard(id).kind}${parseCard(id).kind === 'number' ? ` v${parseCard(id).value}` : ''}${legal ? ' legal' : canPlay ? ' illegal' : ''}${on ? ' chosen' : ''}`,
          'data-action': legal ? 'ui' : null, 'data-key': legal ? 'qcCard' : null, 'data-value': legal ? JSON.stringify(on ? null : id) : null,
        }));
      })));
}

function roundsTable(ctx, v, name) {
  const outcome = ctx.game && ctx.game.outcome;
  const rounds = outcome && Array.isArray(outcome.rounds) ? outcome.rounds : [];
  if (!rounds.length) return null;
  const n = ctx.table.seats.length;
  const seats = Array.from({ length: n }, (_, s) => s);
  return h('details', { class: 'panel cb-scores qc-rounds', open: true, key: 'rounds' },
    h('summary', null, 'Rounds'),
    h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Spreads by round' },
      h('table', null,
        h('caption', { class: 'sr-only' }, 'For each round and player: the spread and the cards in their piles'),
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Round'), seats.map((s) => h('th', { scope: 'col', key: s }, name(s))))),
        h('tbody', null, rounds.map((r, i) => h('tr', { key: i },
          h('th', { scope: 'row' }, String(r.round ?? i + 1)),
          seats.map((s) => {
            const won = r.winner === s || (Array.isArray(r.tie_wins) && r.tie_wins.includes(s));
            const spread = r.spreads ? (r.spreads[s] == null ? 'QQ' : String(r.spreads[s])) : '—';
            return h('td', { key: s, class: { won }, 'aria-label': `${name(s)}: spread ${spread === 'QQ' ? 'two Queens' : spread}, ${r.pile_cards ? r.pile_cards[s] : '—'} pile cards${won ? ', won the round' : ''}` },
              h('b', null, spread), h('small', { class: 'muted' }, ` (${r.pile_cards ? r.pile_cards[s] : '—'})`), won ? h('span', { class: 'qc-won' }, emblem('queen', 'emblem tiny')) : null);
          })))))));
}

function resultPanel(ctx, v, name) {
  const outcome = ctx.game && ctx.game.outcome;
  const ranks = finalRanks(outcome, v.players);
  const winner = outcome && outcome.winner != null ? outcome.winner : v.winner;
  return h('section', { class: 'panel cb-result', 'aria-labelledby': 'result-heading', key: 'result' },
    h('h2', { id: 'result-heading' }, crownIcon('icon crown gold big'), winner != null ? ` ${name(winner)} wins the Queen’s favour!` : ' Game over'),
    h('ol', { class: 'ranks', 'aria-label': 'Final ranks' },
      ranks.map((r) => h('li', { key: r.seat, class: { first: r.rank === 1, mine: r.seat === ctx.mySeat } },
        h('span', { class: 'rank' }, ordinal(r.rank)),
        h('span', { class: 'who' }, name(r.seat), r.seat === ctx.mySeat ? ' (you)' : ''),
        h('b', { class: 'score' }, plural(r.wins ?? 0, 'round win'), r.coins != null ? `, ${r.coins > 0 ? '+' : ''}${plural(r.coins, 'coin')}` : '')))),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-action': 'leave' }, 'Back to the lobby')));
}

export function describeAction(a, name) {
  return describe(a, name);
}

// The last finished round, for the round-end summary (ui/round-summary.js): who won it
// (or the tie) and each player's spread and pile cards, before the next deal is played.
export function lastRound(view, name) {
  const r = view && view.last_round;
  if (!r) return null;
  const spreads = Array.isArray(r.spreads) ? r.spreads : [];
  const piles = Array.isArray(r.pile_cards) ? r.pile_cards : [];
  const gained = new Set([r.winner, ...(Array.isArray(r.tie_wins) ? r.tie_wins : [])].filter((s) => s != null));
  const lines = spreads.map((sp, s) => `${name(s)}: ${sp == null ? 'two Queens' : `spread ${sp}`}, ${plural(piles[s] ?? 0, 'pile card')}${gained.has(s) ? ', won the round' : ''}`);
  return { key: `q${r.round ?? JSON.stringify(r)}`, title: `Round ${r.round ?? ''} is over`.replace('  ', ' '), lines: [roundSummary(r, name), ...lines] };
}

export function optionsSummary(options) {
  if (!options) return null;
  const parts = [];
  if (options.queens_wild) parts.push('Queens wild');
  if (options.coins) parts.push('coin stakes');
  return parts.length ? parts.join(' · ') : null;
}

// For replays (ui/replay-view.js): a seat's hand from its view, and the final scores as the
// outcome gives them (round wins per seat, and coins won or lost when played for coins).
export function handCards(view, seatCount) {
  return sortHand(readView(view, seatCount).hand);
}

export function finalScores(outcome, seatCount) {
  const wins = (outcome && outcome.wins) || [];
  const coins = outcome && outcome.coins_net;
  const ranks = (outcome && outcome.ranks) || [];
  return Array.from({ length: seatCount }, (_, s) => ({
    seat: s,
    rank: ranks[s] ?? null,
    score: wins[s] ?? 0,
    text: plural(wins[s] ?? 0, 'round win') + (coins ? `, ${coins[s] > 0 ? '+' : ''}${plural(coins[s], 'coin')}` : ''),
  }));
}
