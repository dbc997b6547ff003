// The Dwarf King at the table: the hand's line (hand number, dealer, quest, special card),
// the players with tricks and points, the quest tile with its chosen side, the special
// card, the trick, the decision at hand (quest side, Thief, Druid, Standard Bearer,
// Sorcerer, a card), the hand, the scores by hand and the result.

import { h } from '../../dom/vdom.js';
import { stage } from '../../ui/table-stage.js';
import { showsLastTrick, trickControls } from '../../ui/trick-hold.js';
import { seatBadges, seatClock } from '../../ui/seat-badges.js';
import { playPlace, ringPlaces, seatRing } from '../../ui/seat-ring.js';
import { leavingTrick } from '../../ui/trick-to-winner.js';
import { crownIcon } from '../../ui/icons.js';
import { ordinal, plural, seatName } from '../../ui/format.js';
import { forSeenSeat, seenName } from '../../ui/seen-seat.js';
import { actionText } from '../generic/render.js';
import { asText, cardCorner, cardKind, cardLongName, cardName, sortHand, suitName } from './cards.js';
import { emblem } from './emblems.js';
import { asksForDecision, currentSelection, finalRanks, giveBackAction, giveBackCards, otherActions, passDirections, playableCards, questSides, scoreRows, seatChoices, seatOrder, sorcererChoices, sorcererWindowKey, toggleChoice } from './model.js';
import { readTrick, readView } from './view.js';
import { describeAction as describe, directionText, promptText, questSideName, specialText } from './text.js';

// The move log's words (events.js); a card in it, by its emblem and name.
export { eventParts } from './events.js';
export { cardName as eventCardName } from './cards.js';
export function eventCard(id) {
  return h('span', { class: `log-card dk-log-${cardKind(id)}` }, emblem(cardKind(id), 'emblem log-emblem'), cardName(id));
}

export function render(ctx) {
  const seats = ctx.table.seats;
  const v = readView(ctx.view, seats.length);
  const name = (seat) => seatName(ctx.table, seat);
  const finished = v.phase === 'finished' || ctx.table.state === 'finished';
  return h('section', { class: 'cb dk', 'aria-label': 'The Dwarf King' },
    finished ? null : handBar(v, name),
    finished ? null : h('p', { class: 'cb-prompt', role: 'status', 'aria-live': 'polite', key: 'prompt' }, forSeenSeat(ctx, promptText(ctx, v, name))),
    stage(ctx.roundSummary,finished ? resultPanel(ctx, v, name) : null, board(ctx, v, name, finished), scoreTable(ctx, v, name, finished)),
    finished || ctx.mySeat == null ? null : h('div', { class: { 'cb-dock': true, active: asked(ctx.legal, v, ctx.ui) }, key: 'dock' }, decision(ctx, v, name), hand(ctx, v)));
}

function handBar(v, name) {
  const items = [
    v.handNumber != null ? ['Hand', v.hands ? `${v.handNumber} of ${v.hands}${v.handNumber > v.hands ? ' (tie-break)' : ''}` : String(v.handNumber)] : null,
    v.trickNumber != null && v.phase !== 'quest' ? ['Trick', v.tricksPerHand ? `${Math.min(v.trickNumber, v.tricksPerHand)} of ${v.tricksPerHand}` : String(v.trickNumber)] : null,
    v.dealer != null ? ['Dealer', name(v.dealer)] : null,
    ['Quest', v.quest && v.quest.chosen ? `${v.quest.chosen}: ${questSideName(v.quest, v.quest.chosen)}` : 'not chosen yet'],
    ['Special', v.special ? v.special.name : '—'],
    v.firstLeader != null ? ['First lead', name(v.firstLeader)] : null,
  ].filter(Boolean);
  return h('dl', { class: 'cb-round', 'aria-label': items.map(([k, val]) => `${k}: ${val}`).join(', ') },
    items.map(([k, val]) => h('div', { class: 'cb-round-item', key: k }, h('dt', null, k), h('dd', null, val))));
}

// The seats around the table with the trick in the middle (ui/seat-ring.js); the quest
// tile and the special card below them.
function board(ctx, v, name, finished) {
  const places = ringPlaces(ctx.table.seats.length, ctx.mySeat);
  return h('div', { class: 'cb-board' },
    h('h3', { class: 'sr-only' }, 'Players'),
    seatRing({
      places,
      seats: seatOrder(ctx.table.seats.length, ctx.mySeat).map((seat) => ({ seat, node: player(ctx, v, name, finished, seat) })),
      center: finished ? null : trickArea(ctx, v, name, places),
    }),
    finished ? null : h('div', { class: 'dk-center' }, questTile(v), specialCard(v)),
    finished ? null : theftPanel(ctx, v, name));
}

function player(ctx, v, name, finished, seat) {
  const toAct = !finished && ctx.toAct.includes(seat);
  const mine = seat === ctx.mySeat;
  const roles = finished ? [] : [
    seat === v.dealer ? ['D', 'dealer'] : null,
    seat === v.questHolder ? ['Q', 'chose the quest (5 of Knights)'] : null,
    seat === v.firstLeader ? ['L', 'led first (5 of Goblins)'] : null,
    seat === v.enchanted ? ['×2', 'took the Enchanter: points doubled'] : null,
  ].filter(Boolean);
  const label = [
    name(seat) + (mine ? (ctx.me ?? ' (you)') : ''),
    ...roles.map((r) => r[1]),
    finished ? null : plural(v.tricks[seat] ?? 0, 'trick'),
    !finished && v.bonus[seat] ? `special card points ${v.bonus[seat]}` : null,
    `score ${v.scores[seat] ?? 0}`,
    !finished && v.handSizes[seat] != null ? `${plural(v.handSizes[seat], 'card')} in hand` : null,
    toAct ? 'to act' : null,
  ].filter(Boolean).join(', ');
  return h('div', { class: { 'cb-player': true, mine, 'to-act': toAct }, role: 'group', 'aria-label': label, 'data-seat': seat },
    h('div', { class: 'cb-player-head' },
      h('span', { class: 'cb-player-name' }, name(seat), mine ? (ctx.me ?? ' (you)') : ''),
      roles.map(([mark, title]) => h('span', { class: 'badge dealer', title, key: mark }, mark))),
    h('div', { class: 'cb-player-badges' }, seatBadges(ctx, seat), seatClock(ctx, seat)),
    h('div', { class: 'cb-player-stats' },
      finished ? null : stat('Tricks', String(v.tricks[seat] ?? 0)),
      !finished && v.bonus[seat] ? stat('Bonus', signed(v.bonus[seat])) : null,
      stat('Score', String(v.scores[seat] ?? 0)),
      !finished && !mine && v.handSizes[seat] != null ? stat('Cards', String(v.handSizes[seat])) : null),
    !finished && !mine && v.known[seat] && v.known[seat].length
      ? h('p', { class: 'dk-known small' }, 'You know: ', v.known[seat].map(cardName).join(', '))
      : null,
    toAct ? h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, '●') : null);
}

function stat(label, value) {
  return h('span', { class: 'stat' }, h('small', null, label), h('b', null, value));
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function questTile(v) {
  if (!v.quest) return null;
  return h('section', { class: 'dk-quest', 'aria-label': `Quest tile ${v.quest.tile ?? ''}` },
    h('h3', null, emblem('quest', 'emblem tiny'), ` Quest tile ${v.quest.tile ?? ''}`, v.quest.chosen ? '' : ' · side not chosen yet'),
    h('ol', { class: 'dk-sides' }, v.quest.sides.map((s, i) => {
      const letter = i === 0 ? 'A' : 'B';
      const chosen = v.quest.chosen === letter;
      const out = v.quest.chosen && !chosen;
      return h('li', { key: letter, class: { chosen, out }, 'aria-label': `Side ${letter}: ${s.name}. ${s.text}${chosen ? ' Chosen.' : out ? ' Not chosen.' : ''}` },
        h('b', null, `${letter} · ${s.name}`), chosen ? h('span', { class: 'badge' }, 'scores this hand') : null,
        h('p', null, s.text));
    })));
}

function specialCard(v) {
  if (!v.special) return null;
  return h('section', { class: 'dk-special', 'aria-label': `This hand's special card: ${specialText(v.special)}. ${v.special.text || ''}` },
    h('h3', null, 'Special card'),
    h('div', { class: 'dk-special-body' },
      h('div', { class: `card dk-card card-${v.special.suit ? { knights: 'k', dwarves: 'd', goblins: 'g' }[v.special.suit] : 'magic'}`, 'aria-hidden': 'true' },
        h('span', { class: 'corner tl' }, v.special.value ?? '★'), emblem(v.special.suit ? { knights: 'k', dwarves: 'd', goblins: 'g' }[v.special.suit] : 'magic'), h('span', { class: 'dk-label' }, v.special.name)),
      h('div', null, h('b', null, specialText(v.special)), h('p', { class: 'small' }, v.special.text || ''),
        v.tinkererPending ? h('p', { class: 'small' }, 'Tinkerer: the next trick’s taker gets +3.') : null)));
}

function trickArea(ctx, v, name, places) {
  const plays = v.trick ? v.trick.plays : [];
  const last = v.lastTrick ? v.lastTrick.plays : [];
  const showingLast = showsLastTrick(ctx, last.length > 0, plays.length > 0);
  const shown = showingLast ? last : plays;
  const winner = showingLast ? v.lastTrick.winner : null;
  const led = showingLast ? v.lastTrick.led : v.trick && v.trick.led;
  const caption = showingLast
    ? `Last trick${winner != null ? `: taken by ${name(winner)}` : ''}`
    : plays.length ? `Current trick${led ? ` · led: ${suitName(led)}` : ''}` : v.phase === 'playing' ? 'New trick' : 'No trick yet';
  return h('section', { class: { 'cb-trick': true, last: showingLast }, 'aria-label': caption },
    h('div', { class: 'trick-head' }, h('h3', null, caption), trickControls(ctx, last.length > 0, plays.length > 0)),
    h('ol', { class: 'cb-trick-cards ring-plays' },
      shown.length === 0 ? h('li', { class: 'muted', key: 'none' }, v.phase === 'playing' ? 'No card played yet.' : '') : null,
      shown.map((p) => {
        const as = p.as && (p.card && !/^[kdg]/.test(p.card) || (p.as.value % 1 !== 0)) ? asText(p.as) : null;
        return h('li', { key: `${p.order}-${p.card}`, class: { 'trick-play': true, [playPlace(places, p.seat)]: true, winner: showingLast && p.seat === winner }, 'data-seat': p.seat, 'aria-label': `${name(p.seat)}: ${cardLongName(p.card)}${as ? `, counts as ${as}` : ''}` },
          cardFace(p.card),
          h('span', { class: 'trick-who' }, name(p.seat)),
          as ? h('small', { class: 'dk-as' }, `as ${as}`) : null);
      }),
      // The trick just taken, on its way to the seat that took it.
      leavingTrick(ctx, { places, showingLast, last: v.lastTrick, before: readTrick(ctx.trickBefore), face: (p) => cardFace(p.card) })));
}

// Whether the seat is asked anything now (model.js asksForDecision, with the holder's
// "Keep my hand" of this window from the page's UI state).
function asked(legal, v, ui) {
  return asksForDecision(legal, v.phase, ui && ui.dkKeep, sorcererWindowKey(v.handNumber, v.trickNumber));
}

// For the page's "your turn" (title, sound, focus): whether this seat is asked anything.
export function asksSeat(game, ui) {
  return asked(game.legal || [], readView(game.view, 0), ui);
}

// A card's face as a plain block (trick, theft) or as a button (hand, choices).
export function cardFace(id, tag = 'div', attrs = {}) {
  const kind = cardKind(id);
  const special = !/^[kdg](10|[2-9]|[JQKA])$/.test(id);
  return h(tag, { class: `card dk-card card-${kind}${special ? ' special' : ''}`, ...attrs },
    h('span', { class: 'corner tl', 'aria-hidden': 'true' }, cardCorner(id)),
    emblem(kind),
    special ? h('span', { class: 'dk-label', 'aria-hidden': 'true' }, cardName(id)) : h('span', { class: 'corner br', 'aria-hidden': 'true' }, cardCorner(id)),
    tag === 'div' ? h('span', { class: 'sr-only' }, cardLongName(id)) : null);
}

function theftPanel(ctx, v, name) {
  const t = v.theft;
  if (!t) return null;
  const lines = [];
  lines.push(`${name(t.holder)} holds the Thief${t.victim != null ? ` and robbed ${name(t.victim)}` : ''}.`);
  return h('section', { class: 'dk-theft', 'aria-label': 'The Thief' },
    h('p', null, lines.join(' ')),
    t.stolen && t.stolen.length ? h('p', { class: 'small' }, `Taken: ${t.stolen.map(cardName).join(', ')}`) : null,
    t.returned && t.returned.length ? h('p', { class: 'small' }, `Given back: ${t.returned.map(cardName).join(', ')}`) : null);
}

function seatButtons(ctx, seats, type, name, label) {
  return h('div', { class: 'choice-row' }, seats.map((s, i) =>
    h('button', { type: 'button', key: s, class: 'dk-seat-button', 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type, seat: s }), 'aria-label': `${label} ${name(s)}` }, name(s))));
}

function decision(ctx, v, name) {
  const legal = ctx.legal;
  if (!asked(legal, v, ctx.ui)) return null;
  const parts = [];
  const sides = questSides(legal);
  if (sides.length) {
    parts.push(choice('Choose the quest side', sides.map((side, i) => {
      const s = v.quest && v.quest.sides[side === 'A' ? 0 : 1];
      return h('button', { type: 'button', key: side, class: 'dk-side-button', 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'choose_quest', side }), 'aria-label': `Side ${side}: ${s ? `${s.name}. ${s.text}` : ''}` },
        h('b', null, `Side ${side}${s ? ` · ${s.name}` : ''}`), s ? h('small', null, s.text) : null);
    }), 'quest'));
  }
  const victims = seatChoices(legal, 'steal');
  if (victims.length) parts.push(choice('The Thief robs…', seatButtons(ctx, victims, 'steal', name, 'Rob'), 'steal'));
  const swaps = seatChoices(legal, 'swap_hands');
  if (swaps.length) parts.push(choice('Swap hands with… (Druid)', seatButtons(ctx, swaps, 'swap_hands', name, 'Swap hands with'), 'swap'));
  const dirs = passDirections(legal);
  if (dirs.length) {
    parts.push(choice('Pass every hand… (Standard Bearer)', h('div', { class: 'choice-row' }, dirs.map((d, i) =>
      h('button', { type: 'button', key: d, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'pass_hands', direction: d }), 'aria-label': `Pass every hand ${directionText(d).toLowerCase()}` }, directionText(d)))), 'pass-hands'));
  }
  const give = giveBackCards(legal);
  if (give.size) {
    const key = `h${v.handNumber}`;
    const chosen = currentSelection(ctx.ui, key, give);
    const action = giveBackAction(legal, chosen);
    parts.push(choice('Give two cards back', [
      h('p', { class: 'small', key: 'p' }, chosen.length ? `Chosen: ${chosen.map(cardName).join(' and ')}.` : 'Choose 2 cards in your hand below.'),
      h('button', { type: 'button', key: 'go', class: 'primary dk-confirm', disabled: !action, 'data-action': action ? 'act' : null, 'data-payload': action ? JSON.stringify(action) : null }, action ? `Give back ${chosen.map(cardName).join(' and ')}` : `Give back (${chosen.length} of 2 chosen)`),
    ], 'give'));
  }
  const sorc = sorcererChoices(legal);
  if (v.phase === 'sorcerer_window') {
    // Here only for the holder who has not kept their hand (`asked` above). "Keep my hand"
    // stays in the page: the table lets the window pass for everyone.
    const windowKey = sorcererWindowKey(v.handNumber, v.trickNumber);
    parts.push(choice('Sorcerer: take a card of the last trick?', [
      h('ul', { class: 'hand-cards', key: 'cards' }, sorc.cards.map((c) => h('li', { key: c },
        cardFace(c, 'button', { type: 'button', class: `card dk-card card-${cardKind(c)} legal`, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'use_sorcerer', card: c }), 'aria-label': `Take ${cardLongName(c)} for the Sorcerer` })))),
      h('button', { type: 'button', key: 'keep', class: 'dk-pass', 'data-turn-focus': 'true', 'data-action': 'ui', 'data-key': 'dkKeep', 'data-value': windowKey }, 'Keep my hand'),
    ], 'sorcerer'));
  }
  const others = otherActions(legal);
  if (others.length) parts.push(choice('Other choices', h('div', { class: 'choice-row' }, others.map((a, i) => h('button', { type: 'button', key: i, 'data-action': 'act', 'data-payload': JSON.stringify(a) }, actionText(a)))), 'other'));
  return parts.length ? h('div', { class: 'cb-decision panel' }, parts) : null;
}

function choice(title, body, key) {
  return h('div', { class: 'cb-choice dk-choice', role: 'group', 'aria-label': title, key }, h('h3', null, title), body);
}

function hand(ctx, v) {
  const playable = playableCards(ctx.legal);
  const give = giveBackCards(ctx.legal);
  const giving = give.size > 0;
  const key = `h${v.handNumber}`;
  const chosen = giving ? currentSelection(ctx.ui, key, give) : [];
  const canPlay = playable.size > 0;
  const cards = sortHand(v.hand);
  const firstLegal = cards.find((id) => playable.has(id));
  const label = forSeenSeat(ctx, canPlay ? 'Your hand: choose a card to play' : giving ? 'Your hand: choose 2 cards to give back' : 'Your hand');
  return h('section', { class: { 'cb-hand': true, active: canPlay || giving }, 'aria-label': label },
    h('h3', { class: seenName(ctx) == null ? 'sr-only' : 'seen-hand' }, forSeenSeat(ctx, 'Your hand')),
    h('ul', { class: 'hand-cards' },
      cards.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'No cards in hand.') : null,
      cards.map((id) => {
        const kind = cardKind(id);
        if (giving) {
          const on = chosen.includes(id);
          return h('li', { key: id }, cardFace(id, 'button', {
            type: 'button', 'data-card': id, 'aria-pressed': String(on), 'aria-label': `${cardLongName(id)}${on ? ', chosen to give back' : ''}`,
            class: `card dk-card card-${kind} legal${on ? ' chosen' : ''}`, disabled: !give.has(id),
            'data-turn-focus': id === cards[0] ? 'true' : null,
            'data-action': 'ui', 'data-key': 'dkGive', 'data-value': JSON.stringify({ key, cards: toggleChoice(chosen, id) }),
          }));
        }
        const legal = playable.has(id);
        return h('li', { key: id }, cardFace(id, 'button', {
          type: 'button', 'data-card': id, disabled: !legal,
          'aria-label': `${cardLongName(id)}${canPlay && !legal ? ', cannot be played now' : ''}`,
          'data-turn-focus': id === firstLegal ? 'true' : null,
          class: `card dk-card card-${kind}${legal ? ' legal' : canPlay ? ' illegal' : ''}`,
          'data-action': legal ? 'act' : null, 'data-payload': legal ? JSON.stringify({ type: 'play', card: id }) : null,
        }));
      })));
}

function scoreTable(ctx, v, name, open) {
  const n = ctx.table.seats.length;
  const rows = scoreRows(v.results, n);
  if (!rows.length) return null;
  const seats = Array.from({ length: n }, (_, s) => s);
  return h('details', { class: 'panel cb-scores dk-scores', open: open || ctx.ui.scoresOpen !== false, key: 'scores' },
    h('summary', null, 'Scores by hand'),
    h('p', { class: 'muted small legend', 'aria-hidden': 'true' }, 'Each cell: tricks, quest points, special card points, points this hand, total.'),
    h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Scores by hand' },
      h('table', null,
        h('caption', { class: 'sr-only' }, 'For each hand and player: tricks taken, quest points, special card points, points and running total'),
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Hand'), seats.map((s) => h('th', { scope: 'col', key: s }, name(s))))),
        h('tbody', null, rows.map((r) => h('tr', { key: r.hand },
          h('th', { scope: 'row' }, String(r.hand), h('small', { class: 'muted' }, ` ${[r.quest ? `${r.quest.side}: ${r.quest.name}` : null, r.special].filter(Boolean).join(' · ')}`)),
          r.cells.map((c, s) => h('td', { key: s, 'aria-label': `${name(s)}: ${plural(c.tricks ?? 0, 'trick')}, quest ${c.quest ?? 0}, special ${c.bonus ?? 0}${c.enchanted ? ', doubled by the Enchanter' : ''}, ${plural(c.points ?? 0, 'point')}, total ${c.total ?? '—'}` },
            h('span', { class: 'bt' }, `${c.tricks ?? 0}t`),
            c.quest ? h('span', { class: 'q' }, `Q${signed(c.quest)}`) : null,
            c.bonus ? h('span', { class: 'q' }, `S${signed(c.bonus)}`) : null,
            c.enchanted ? h('span', { class: 'q' }, '×2') : null,
            h('span', { class: { pts: true, neg: (c.points ?? 0) < 0 } }, signed(c.points ?? 0)),
            h('b', { class: 'tot' }, c.total == null ? '' : String(c.total))))))),
        h('tfoot', null, h('tr', null, h('th', { scope: 'row' }, 'Total'), seats.map((s) => h('td', { key: s }, h('b', null, String(v.scores[s] ?? 0)))))))));
}

function resultPanel(ctx, v, name) {
  const outcome = ctx.game && ctx.game.outcome;
  const ranks = finalRanks(outcome, v.scores, ctx.table.seats.length);
  const winners = ranks.filter((r) => r.rank === 1);
  return h('section', { class: 'panel cb-result', 'aria-labelledby': 'result-heading', key: 'result' },
    h('h2', { id: 'result-heading' }, crownIcon('icon crown gold big'), winners.length === 1 ? ` ${name(winners[0].seat)} is the Dwarf King!` : ' Game over'),
    h('ol', { class: 'ranks', 'aria-label': 'Final ranks' },
      ranks.map((r) => h('li', { key: r.seat, class: { first: r.rank === 1, mine: r.seat === ctx.mySeat } },
        h('span', { class: 'rank' }, ordinal(r.rank)),
        h('span', { class: 'who' }, name(r.seat), r.seat === ctx.mySeat ? (ctx.me ?? ' (you)') : ''),
        h('b', { class: 'score' }, plural(r.total, 'point'))))),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-action': 'leave' }, 'Back to the lobby')));
}

// `name` words a seat (the table's names; "seat N" when none is given).
export function describeAction(a, name) {
  return describe(a, name);
}

// The last finished hand, for the round-end summary (ui/round-summary.js).
export function lastRound(view, name) {
  const results = view && Array.isArray(view.results) ? view.results : [];
  if (!results.length) return null;
  const r = results[results.length - 1];
  const n = Array.isArray(r.points) ? r.points.length : 0;
  const lines = Array.from({ length: n }, (_, s) => {
    const p = r.points[s] ?? 0;
    return `${name(s)}: ${plural(r.tricks ? r.tricks[s] ?? 0 : 0, 'trick')}, ${p > 0 ? '+' : ''}${plural(p, 'point')} (total ${r.totals ? r.totals[s] ?? 0 : 0})`;
  });
  return { key: `h${results.length}`, title: `Hand ${r.hand ?? results.length} is over${r.quest && r.quest.name ? `: ${r.quest.name}` : ''}`, lines };
}

export function optionsSummary(options) {
  if (!options || options.hands == null) return null;
  return `${options.hands} ${options.hands === 1 ? 'hand' : 'hands'}`;
}

// For replays (ui/replay-view.js): a seat's hand from its view, and the final scores as the
// outcome gives them (points per seat; the outcome's ranks).
export function handCards(view, seatCount) {
  return sortHand(readView(view, seatCount).hand);
}

export function finalScores(outcome, seatCount) {
  const totals = (outcome && outcome.totals) || [];
  const ranks = (outcome && outcome.ranks) || [];
  return Array.from({ length: seatCount }, (_, s) => ({ seat: s, rank: ranks[s] ?? null, score: totals[s] ?? 0, text: plural(totals[s] ?? 0, 'point') }));
}
