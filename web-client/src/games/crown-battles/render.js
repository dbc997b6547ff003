// Crown Battles at the table: round line, players with bids and tricks, the trick, the
// hand, the scores by round and the result; the decision at hand is decision.js's.

import { h } from '../../dom/vdom.js';
import { showsLastTrick, trickControls } from '../../ui/trick-hold.js';
import { seatBadges, seatClock } from '../../ui/seat-badges.js';
import { playPlace, ringPlaces, seatRing } from '../../ui/seat-ring.js';
import { leavingTrick } from '../../ui/trick-to-winner.js';
import { crownIcon } from '../../ui/icons.js';
import { stage } from '../../ui/table-stage.js';
import { secondsLeft } from '../../ui/step-countdown.js';
import { ordinal, plural, seatName } from '../../ui/format.js';
import { forSeenSeat, seenName } from '../../ui/seen-seat.js';
import { actionText } from '../generic/render.js';
import { cardName, parseCard, sortHand, suitColour, suitName, SUIT_KEYS } from './cards.js';
import { emblem } from './emblems.js';
import { cardFace, faceClass, handCard, specialsPanel } from './faces.js';
import { bidSpoken, bidText, duelRivals, lastBidSuit, placeOptions, playableCards, seatBidSpoken, seatBidText, seatOrder, seatPlays, splitOptions, suitBidSpoken, trickPlays, tricksLeft } from './model.js';
import { isLongPlay, isPrecisionType, isSplitType, readView } from './view.js';
import { halfName, leakName, LONG_PLAY_RULES, missionShort, placeText, PRECISION_ALLIANCE_RULES, PRECISION_RULES, ROUND_REMINDERS, roundTypeName, spinnerText, SPLIT_RULES, statusLine, promptText } from './text.js';
import { halfGroup, halvesSpoken, handHalves, pairText, splitCardAttrs, splitState } from './split.js';
import { scoreTable, resultPanel } from './scores.js';
import { decision, suitDot } from './decision.js';
import { seenLines, stepLabel } from './specials.js';

// The move log's words (events.js) and its cards' faces (faces.js).
export { eventParts } from './events.js';
export { logCard as eventCard } from './faces.js';
export { cardName as eventCardName } from './cards.js';

export function render(ctx) {
  const seats = ctx.table.seats;
  const v = readView(ctx.view, seats.length);
  const name = (seat) => seatName(ctx.table, seat);
  const finished = v.phase === 'finished' || ctx.table.state === 'finished';
  return h('section', { class: 'cb', 'aria-label': 'Crown Battles' },
    roundBar(v, name),
    specialsPanel(ctx.table.options),
    finished ? null : roundRules(v),
    finished ? null : h('p', { class: 'cb-prompt', role: 'status', 'aria-live': 'polite', key: 'prompt' }, forSeenSeat(ctx, promptText(ctx, v, name))),
    stage(ctx.roundSummary,finished ? resultPanel(ctx, v, name) : null, board(ctx, v, name, finished), scoreTable(ctx, v, name, finished)),
    // What a card let this seat see sits in the dock, beside the step it belongs to (the
    // Spy's look and its countdown over "Done looking").
    finished || ctx.mySeat == null ? null : h('div', { class: { 'cb-dock': true, active: ctx.legal.length > 0 }, key: 'dock' }, seenPanel(v.specials, name, ctx.stepLeft), decision(ctx, v, name), hand(ctx, v)));
}

function roundBar(v, name) {
  const trumpText = v.phase === 'choose_trump' && v.trump == null ? 'dealer is choosing' : suitName(v.trump);
  const items = [
    v.roundNumber != null ? ['Round', v.extraRound || (v.roundCount && v.roundNumber > v.roundCount) ? 'Tie-break' : v.roundCount ? `${v.roundNumber} of ${v.roundCount}` : String(v.roundNumber)] : null,
    v.handSize != null ? ['Cards', String(v.handSize)] : null,
    // Long Play: fewer tricks than cards, and how many are still to be taken.
    v.tricks != null && v.tricks !== v.handSize ? ['Tricks', String(v.tricks), `${tricksLeft(v.tricks, v.tricksWon)} left`] : null,
    ['Type', roundTypeName(v.roundType), ROUND_REMINDERS[v.roundType]],
    // The Split: the tricks of each half while splitting; then the half bid for or played.
    v.halves && v.phase === 'split' ? ['Halves', pairText(v.halves), 'tricks'] : null,
    v.halves && v.half && v.phase !== 'split' ? ['Half', `${v.half} of 2`, plural(v.halves[v.half - 1], 'trick')] : null,
    v.pot != null && (v.roundType === 'wagering' || v.pot > 0) ? ['Pot', String(v.pot), v.roundType === 'wagering' ? 'shared by who meets' : 'carried over'] : null,
    ['Trump', v.trump ? [suitDot(v.trump), ' ', trumpText] : trumpText, /^[RBGY]$/.test(v.spinner || '') ? 'spun' : v.spinner === 'X' ? 'the spinner said no trump' : `spinner: ${spinnerText(v.spinner, v.trump, name(v.dealer))}`],
    v.dealer != null ? ['Dealer', name(v.dealer)] : null,
    ['Crown', v.crown != null ? [crownIcon('icon crown gold'), ' ', name(v.crown)] : 'nobody'],
  ].filter(Boolean);
  return h('dl', { class: 'cb-round', 'aria-label': statusLine(v, name) },
    items.map(([k, val, note]) => h('div', { class: 'cb-round-item', key: k },
      h('dt', null, k),
      h('dd', null, val, note ? h('small', { class: 'note' }, note) : null))));
}

// The rules of Suit Precision, Long Play and The Split, one click away during such a round
// (the round bar only reminds). The Split dealt one card is not split: no rules then.
function roundRules(v) {
  if (isLongPlay(v.roundType)) return rulesPanel(v, 'cb-long-play-rules', LONG_PLAY_RULES);
  if (isSplitType(v.roundType)) return v.halves ? rulesPanel(v, 'cb-split-rules', SPLIT_RULES) : null;
  if (!isPrecisionType(v.roundType)) return null;
  return rulesPanel(v, 'cb-precision-rules', v.roundType === 'suit_precision_alliances' ? [...PRECISION_RULES, ...PRECISION_ALLIANCE_RULES] : PRECISION_RULES);
}

function rulesPanel(v, cls, lines) {
  return h('details', { class: `cb-rules ${cls}`, key: cls },
    h('summary', null, `How ${roundTypeName(v.roundType)} is played`),
    h('ul', null, lines.map((l, i) => h('li', { key: i }, l))));
}

// What a card let this seat alone see (a Bishop's look, the Spy's, a card passed or drawn).
// During the Spy's look, `stepLeft` (ms, from the server's `time_left_ms`) counts down to
// its end.
function seenPanel(sp, name, stepLeft) {
  const lines = seenLines(sp, name);
  if (!lines.length) return null;
  // It may be long (the Spy's look): it scrolls on its own, and takes the focus to do so.
  return h('div', { class: 'cb-seen panel', role: 'note', 'aria-label': 'Only you can see this', key: 'seen', tabindex: 0 },
    h('h3', null, 'Only you can see this'),
    h('ul', null, lines.map((l) => h('li', { key: l }, l))),
    spyCountdown(sp, stepLeft));
}

// The Spy's look lasts up to 60 seconds; then it ends as if its player were done looking.
// A timer, not a live region: a screen reader is not told every second.
function spyCountdown(sp, stepLeft) {
  if (stepLeft == null || !sp || !sp.pending || sp.pending.card !== 'SPY') return null;
  return h('p', { class: 'cb-countdown', role: 'timer', key: 'countdown' },
    h('b', null, plural(secondsLeft(stepLeft), 'second')), ' left: at zero the look ends.');
}


// The seats around the table with the trick in the middle (ui/seat-ring.js).
function board(ctx, v, name, finished) {
  const places = ringPlaces(ctx.table.seats.length, ctx.mySeat);
  return h('div', { class: 'cb-board' },
    h('h3', { class: 'sr-only' }, 'Players'),
    seatRing({
      places,
      seats: seatOrder(ctx.table.seats.length, ctx.mySeat).map((seat) => ({ seat, node: player(ctx, v, name, seat) })),
      center: finished ? null : trickArea(ctx, v, name, places),
    }));
}

function player(ctx, v, name, seat) {
  const toAct = ctx.toAct.includes(seat);
  const mine = seat === ctx.mySeat;
  const bid = v.bids[seat];
  const mission = v.missions ? v.missions[seat] : null;
  const extra = v.wagers ? v.wagers[seat] || 0 : 0; // Wagering: the extra wager said after the bid
  const rivals = duelRivals(v.groups, seat); // Duel Fights
  const leak = v.leaks ? v.leaks[seat] : null; // Leaked Suit
  const allies = duelRivals(v.teams, seat); // Alliances: the ally, none for the solo player
  const note = v.notes ? v.notes[seat] : null;
  const suitBids = v.suitBids[seat]; // Suit Precision: bids and tricks per suit
  const suitTricks = v.suitTricks[seat];
  const bySuit = suitBids || suitTricks ? { bids: suitBids || [null, null, null, null], tricks: suitTricks || [0, 0, 0, 0], now: toAct && v.phase === 'bidding' ? v.biddingSuit : null } : null;
  // The Split: bids and tricks per half, and while splitting, who has chosen a first half.
  const byHalf = v.halves && v.halfBids[seat] ? { bids: v.halfBids[seat], tricks: v.halfTricks[seat] || [0, 0] } : null;
  const splitting = v.phase === 'split' && v.splitDone[seat] != null ? v.splitDone[seat] : null;
  const label = [
    name(seat) + (mine ? (ctx.me ?? ' (you)') : ''),
    seat === v.dealer ? 'dealer' : null,
    seat === v.crown ? 'holds the crown' : null,
    mission ? `mission ${missionSpoken(mission)}` : bySuit ? `bid ${precisionTotalSpoken(bid, bySuit.bids)}` : byHalf ? halvesSpoken(byHalf.bids, 'bid', 'not yet') : `bid ${seatBidSpoken(bid)}${extra ? ` with ${extra} extra` : ''}`,
    byHalf ? halvesSpoken(byHalf.tricks, 'tricks', 0) : `tricks ${v.tricksWon[seat] ?? 0}`,
    splitting == null ? null : splitting ? 'has split their hand' : 'choosing their first half',
    bySuit ? suitsSpoken(bySuit) : null,
    `score ${v.totals[seat] ?? 0}`,
    rivals.length ? `duels ${rivals.map(name).join(' and ')}` : null,
    leak ? leakSpoken(leak) : null,
    v.teams && v.teams[seat] != null ? (allies.length ? `allied with ${name(allies[0])}` : 'plays alone') : null,
    note && note.shown ? (note.card ? `showed ${cardName(note.card)} in a Secret Note` : 'showed a Secret Note to their ally') : null,
    toAct ? 'to act' : null,
    shielded(v, seat) ? 'protected from the Thief and the Witch' : null,
    ctx.table.seats[seat].status === 'away' ? 'away, a bot is playing' : null,
    ctx.table.seats[seat].status === 'bot' ? 'bot' : null,
  ].filter(Boolean).join(', ');
  return h('div', { class: { 'cb-player': true, mine, 'to-act': toAct }, role: 'group', 'aria-label': label, 'data-seat': seat },
    h('div', { class: 'cb-player-head' },
      seat === v.crown ? h('span', { class: 'crown-holder', title: 'Holds the crown' }, crownIcon('icon crown gold')) : null,
      h('span', { class: 'cb-player-name' }, name(seat), mine ? (ctx.me ?? ' (you)') : ''),
      seat === v.dealer ? h('span', { class: 'badge dealer', title: 'Dealer' }, 'D') : null,
      shielded(v, seat) ? h('span', { class: 'badge shield', title: 'Protected from the Thief and the Witch this round' }, emblem('SHIELD'), 'Shield') : null),
    h('div', { class: 'cb-player-badges' }, seatBadges(ctx, seat), seatClock(ctx, seat)),
    h('div', { class: 'cb-player-stats' },
      mission
        ? stat('Mission', mission.mission ? missionShort(mission.mission) : mission.chosen ? 'chosen' : '—', mission.chosen && !mission.mission ? 'placed' : '')
        : byHalf ? stat('Bids', pairText(byHalf.bids), 'halves')
        : stat('Bid', seatBidText(bid) + (extra ? ` +${extra}` : ''), bid.placed && bid.value == null ? 'placed' : bid.secret && bid.placed ? 'secret' : ''),
      byHalf ? stat('Tricks', pairText(byHalf.tricks), 'halves') : stat('Won', String(v.tricksWon[seat] ?? 0)),
      splitting == null ? null : stat('Split', splitting ? 'ready' : 'choosing', splitting ? 'placed' : ''),
      stat('Score', String(v.totals[seat] ?? 0)),
      v.handCounts[seat] != null && !mine ? stat('Cards', String(v.handCounts[seat])) : null,
      v.groups ? stat('Duel', rivals.length ? `vs ${rivals.map(name).join(', ')}` : '—') : null,
      v.teams ? (allies.length ? stat('Ally', name(allies[0])) : stat('Team', v.teams[seat] == null ? '—' : 'alone')) : null,
      note && note.shown ? stat('Note', note.card || 'shown', note.card ? '' : 'placed') : null,
      bySuit ? suitsStat(bySuit) : null,
      leak ? stat('Shows', leak.cards ? (leak.cards.length ? leak.cards.join(' ') : 'none') : leak.chosen ? 'chosen' : '—', leak.cards ? '' : leak.chosen ? 'placed' : '') : null),
    toAct ? h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, '●') : null);
}

// Suit Precision: each suit's tricks won and bid on a seat's card ("R 1/2"), the suit being
// bid now marked; it wraps on a narrow seat.
function suitsStat(bs) {
  return h('span', { class: 'stat suits' },
    h('small', null, 'Suits won/bid'),
    h('b', null, SUIT_KEYS.map((k, i) => h('span', { key: k, class: { 'suit-stat': true, [`suit-${k}`]: true, now: bs.now === k } },
      suitDot(k), `${k} ${bs.tricks[i]}/${bs.bids[i] == null ? '—' : bidText(bs.bids[i])}`))));
}

function suitsSpoken(bs) {
  return `by suit: ${SUIT_KEYS.map((k, i) => `${suitColour(k)} ${bs.bids[i] == null ? (bs.now === k ? 'bidding now' : 'not bid yet') : `bid ${suitBidSpoken(bs.bids[i])}, won ${bs.tricks[i]}`}`).join('; ')}`;
}

// Suit Precision: a seat's bid is the sum of its four ([lo, hi] with doubles, hi − lo up to
// 2), known once all four are placed.
function precisionTotalSpoken(b, suitBids) {
  if (!b || !b.placed || b.value == null) return suitBids.some((x) => x != null) ? 'not complete yet' : 'not yet';
  return Array.isArray(b.value) ? `${b.value[0]} to ${plural(b.value[1], 'trick')} in all` : `${bidSpoken(b.value)} in all`;
}


// Leaked Suit: what a seat shows, in words.
function leakSpoken(leak) {
  if (leak.cards) return `leaks ${leakName(leak.suit)}: ${leak.cards.length ? leak.cards.map(cardName).join(', ') : 'no cards'}`;
  return leak.chosen ? 'has picked a suit to leak' : 'has not picked a suit to leak';
}

// A seat's mission as the viewer knows it: its words, "chosen" (still secret), or not yet.
function missionSpoken(m) {
  if (m.mission) return missionShort(m.mission);
  return m.chosen ? 'chosen, secret' : 'not chosen yet';
}

function shielded(v, seat) {
  const sp = v.specials;
  return Boolean(sp && (sp.shields.includes(seat) || sp.protectedSeats.includes(seat)));
}

function stat(label, value, cls = '') {
  return h('span', { class: `stat ${cls}` }, h('small', null, label), h('b', null, value));
}

function trickArea(ctx, v, name, places) {
  const plays = trickPlays(v.trick);
  const last = v.lastTrick ? trickPlays(v.lastTrick) : [];
  const showingLast = showsLastTrick(ctx, last.length > 0, plays.length > 0);
  const shown = showingLast ? last : plays;
  // A finished trick's `winning` seat is the seat that took it.
  const winner = showingLast ? (v.lastTrick.winning ?? null) : null;
  // Long Play: which of the winner's two cards took the trick (the view's position in it).
  const wonBy = showingLast ? (v.lastTrick.winning_card ?? null) : null;
  // Suit Precision: the trick just won waits for its winner to place it under a suit.
  const placing = showingLast && v.phase === 'place' && v.placeOptions.length ? `, to go under ${placeText(v.placeOptions)}` : '';
  const caption = showingLast
    ? `Last trick${winner != null ? `: won by ${name(winner)}${placing}` : ''}`
    : plays.length
      ? `Current trick${v.leadSuit ? ` · lead: ${suitName(v.leadSuit)}` : ''}${plays.length > seatPlays(plays).length ? ' · second cards' : ''}`
      : v.phase === 'playing' ? 'New trick' : 'No trick yet';
  return h('section', { class: { 'cb-trick': true, last: showingLast }, 'aria-label': caption },
    h('div', { class: 'trick-head' }, h('h3', null, caption), trickControls(ctx, last.length > 0, plays.length > 0)),
    h('ol', { class: 'cb-trick-cards ring-plays' },
      shown.length === 0 ? h('li', { class: 'muted', key: 'none' }, v.phase === 'playing' ? 'No card played yet.' : '') : null,
      // One place per seat, in front of it. Long Play: a seat's two cards lie there together,
      // the second across the first ("Ann: Red 7, then Blue 3").
      seatPlays(shown).map(({ seat, plays: cards }) => {
        const paired = cards.length > 1 || isLongPlay(v.roundType);
        const hidden = !showingLast && cards.some((p) => stealthy(ctx, v, p));
        const spoken = cards.map((p) => `${p.card ? cardName(p.card) : 'face down'}${!showingLast && stealthy(ctx, v, p) ? ' (face down to the others)' : ''}`).join(', then ');
        return h('li', { key: `${cards[0].order}-${cards[0].card}`, class: { 'trick-play': true, [playPlace(places, seat)]: true, winner: showingLast && seat === winner, 'hidden-from-others': hidden }, 'data-seat': seat, 'aria-label': `${name(seat)}: ${spoken}` },
          paired ? h('div', { class: 'trick-pair' }, cards.map((p) => trickCard(p, `${p.order}-${p.card}`, p.order === wonBy))) : trickCard(cards[0]),
          h('span', { class: 'trick-who' }, name(seat)),
          // Its own line: beside the name, an ellipsis cut it to "Stella · fac…".
          hidden ? h('span', { class: 'trick-note', 'aria-hidden': 'true' }, 'face down to the others') : null);
      }),
      // The trick just taken, on its way to the seat that won it.
      leavingTrick(ctx, { places, showingLast, last: taken(v.lastTrick), before: taken(ctx.trickBefore), face: trickCard })));
}

// Stealth Play: your own card after the leader's, which the others see face down.
function stealthy(ctx, v, p) {
  return v.roundType === 'stealth' && p.order > 0 && p.card != null && p.seat === ctx.mySeat && parseCard(p.card).kind !== 'special';
}

// A finished trick (as the view gives it): its cards and the seat that won it.
function taken(trick) {
  return trick ? { plays: trickPlays(trick), winner: trick.winning ?? null } : null;
}

function trickCard(p, key = null, won = false) {
  const attrs = { ...(key == null ? {} : { key }), ...(won ? { 'data-won': 'true' } : {}) };
  return p.card ? cardFace(p.card, 'div', attrs) : h('div', { class: 'card back', 'aria-hidden': 'true', key });
}


function hand(ctx, v) {
  const playable = playableCards(ctx.legal);
  const canPlay = playable.size > 0;
  const cards = sortHand(v.hand, v.trump);
  const draft = ctx.ui.draft;
  const firstLegal = cards.find((id) => playable.has(id));
  // The Split: while picking the first half, every card is a toggle; afterwards the hand
  // shows its two halves, the second held back while the first is played.
  const picking = splitOptions(ctx.legal).size ? splitState(ctx, v) : null;
  const firstPickable = picking ? cards.find((id) => picking.allowed.has(id) && !picking.picks.includes(id)) || cards.find((id) => picking.allowed.has(id)) : null;
  const halves = picking ? null : handHalves(v, cards);
  const held = new Set((halves || []).filter((g) => g.held).flatMap((g) => g.cards));
  const item = (id) => {
    const ways = playable.get(id);
    const legal = Boolean(ways);
    const payload = ways && ways.length === 1 ? JSON.stringify(ways[0]) : null;
    const trump = parseCard(id).suit === v.trump && v.trump;
    const attrs = {
      type: 'button',
      'aria-label': `${cardName(id)}${trump ? ', trump' : ''}${held.has(id) ? ', held back for the second half' : canPlay && !legal ? ', cannot be played now' : ''}`,
      disabled: !legal,
      'data-card': id,
      'data-turn-focus': id === firstLegal ? 'true' : null,
      class: `card ${faceClass(parseCard(id))}${legal ? ' legal' : canPlay ? ' illegal' : ''}${trump ? ' trump' : ''}${held.has(id) ? ' held' : ''}`,
    };
    if (picking) {
      const pick = splitCardAttrs(picking, id, firstPickable);
      Object.assign(attrs, pick.attrs, { 'aria-label': `${cardName(id)}${trump ? ', trump' : ''}${pick.note}`, class: `${attrs.class}${pick.cls}` });
    } else if (payload) Object.assign(attrs, { 'data-action': 'act', 'data-payload': payload });
    else if (ways) Object.assign(attrs, { 'data-action': 'ui', 'data-key': 'draft', 'data-value': JSON.stringify(id), 'aria-haspopup': 'true' });
    return h('li', { key: id }, handCard(id, attrs, v.trump));
  };
  const label = forSeenSeat(ctx, canPlay ? 'Your hand: choose a card to play' : picking ? 'Your hand: choose the cards of your first half' : 'Your hand');
  return h('section', { class: { 'cb-hand': true, active: canPlay || Boolean(picking) }, 'aria-label': label },
    h('h3', { class: seenName(ctx) == null ? 'sr-only' : 'seen-hand' }, forSeenSeat(ctx, 'Your hand')),
    halves
      ? h('div', { class: 'hand-halves' }, halves.map((g) => halfGroup(g, item)))
      : h('ul', { class: 'hand-cards' },
          cards.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'No cards in hand.') : null,
          cards.map(item)),
    draft && playable.get(draft) && playable.get(draft).length > 1
      ? h('div', { class: 'choice-row', role: 'group', 'aria-label': `Play ${cardName(draft)} as` },
          playable.get(draft).map((a, i) => h('button', { type: 'button', key: i, 'data-action': 'act', 'data-payload': JSON.stringify(a) }, stepLabel(a, null, null, null))))
      : null);
}

// How the table's activity line words an action of this game. `view` and `seat`, when
// given, are the view after the action and the seat that acted: a Suit Precision bid names
// no suit, the seat's latest suit bid in the view does.
export function describeAction(a, name, view = null, seat = null) {
  switch (a.type) {
    case 'bid': {
      const suit = a.suit ?? bidSuitFromView(view, seat);
      const half = suit ? null : bidHalfFromView(view, seat);
      return `bid ${bidSpoken(a.bid)}${suit ? ` on ${suitColour(suit)}` : half ? ` for the ${halfName(half)} half` : ''}`;
    }
    case 'split':
      // The Split: the card is secret, but for its own player.
      return a.card && view && Number.isInteger(seat) && view.seat === seat ? `chose ${cardName(a.card)} for their first half` : 'chose a card for their first half';
    case 'place':
      return `placed the trick under ${suitColour(a.suit)}`;
    case 'pick_suit':
      return `picked ${suitColour(a.suit)}`;
    case 'play':
      return `played ${cardName(a.card)}`;
    case 'choose_trump':
      return `chose ${suitName(a.suit)} as trump`;
    case 'mission':
      return `chose the mission “${missionShort(a.mission)}”`;
    case 'leak':
      return `leaked ${leakName(a.suit)}`;
    case 'pair':
      return name ? `paired ${name(a.seat)}` : 'paired two players';
    case 'solo':
      return name ? `named ${name(a.seat)} to play alone` : 'named who plays alone';
    case 'note':
      return a.card ? `showed ${cardName(a.card)} to their ally` : 'showed a card to their ally';
    default:
      return actionText(a);
  }
}

// Suit Precision: the suit of the seat's latest bid in the view, or null (another round type).
function bidSuitFromView(view, seat) {
  if (!view || !Number.isInteger(seat) || !view.round || !isPrecisionType(view.round.type)) return null;
  const s = Array.isArray(view.seats) ? view.seats[seat] : null;
  return s ? lastBidSuit(s.suit_bids) : null;
}

// The Split: the half of the seat's latest bid in the view (both placed: the second), or
// null (another round type, or the hand not split).
function bidHalfFromView(view, seat) {
  if (!view || !Number.isInteger(seat) || !view.round || !isSplitType(view.round.type) || !view.round.halves) return null;
  const s = Array.isArray(view.seats) ? view.seats[seat] : null;
  const bids = s && Array.isArray(s.half_bids) ? s.half_bids : null;
  return bids ? (bids[1] != null ? 2 : bids[0] != null ? 1 : null) : null;
}

// The last finished round, for the round-end summary (ui/round-summary.js).
export function lastRound(view, name) {
  const rounds = view && Array.isArray(view.rounds) ? view.rounds : [];
  if (!rounds.length) return null;
  const e = rounds[rounds.length - 1];
  const n = Array.isArray(e.points) ? e.points.length : 0;
  const lines = Array.from({ length: n }, (_, s) => {
    const p = e.points[s] ?? 0;
    const aim = Array.isArray(e.missions)
      ? `mission “${missionShort(e.missions[s])}” ${e.missions_completed && e.missions_completed[s] ? 'completed' : 'failed'}`
      : `bid ${bidText(e.bids ? e.bids[s] : null)}`;
    // Suit Precision: each suit's bid and tricks; with teams, whom the seat scored with.
    const suits = Array.isArray(e.suit_bids) || Array.isArray(e.suit_tricks)
      ? ` (by suit, bid/won: ${SUIT_KEYS.map((k, i) => `${suitColour(k)} ${bidText(e.suit_bids && e.suit_bids[s] ? e.suit_bids[s][i] : null)}/${e.suit_tricks && e.suit_tricks[s] ? e.suit_tricks[s][i] ?? 0 : 0}`).join(', ')})`
      : '';
    // The Split: each half's bid and tricks.
    const halves = Array.isArray(e.half_bids) || Array.isArray(e.half_tricks)
      ? ` (by half, bid/won: ${[0, 1].map((i) => `${halfName(i + 1)} ${bidText(e.half_bids && e.half_bids[s] ? e.half_bids[s][i] : null)}/${e.half_tricks && e.half_tricks[s] ? e.half_tricks[s][i] ?? 0 : 0}`).join(', ')})`
      : '';
    const team = isPrecisionType(e.type) && Array.isArray(e.teams) ? teamText(e.teams, s, name) : '';
    return `${name(s)}${team}: ${aim}, won ${e.tricks ? e.tricks[s] ?? 0 : 0}${suits}${halves}, ${p > 0 ? `+${p}` : p} points`;
  });
  return { key: `r${rounds.length}`, title: `Round ${e.number ?? rounds.length} is over`, lines };
}

// " (with Cy)" or " (alone)" from a round's teams.
function teamText(teams, seat, name) {
  if (teams[seat] == null) return '';
  const ally = duelRivals(teams, seat);
  return ally.length ? ` (with ${name(ally[0])})` : ' (alone)';
}

export function optionsSummary(options) {
  if (!options) return null;
  const parts = [];
  if (Array.isArray(options.round_types)) parts.push(`Rounds: ${options.round_types.map(roundTypeName).join(' / ')}`);
  if (Array.isArray(options.round_sequence) && options.round_sequence.length) parts.push(`in this order: ${options.round_sequence.map(roundTypeName).join(', ')}`);
  if (Array.isArray(options.schedule)) parts.push(`cards dealt ${options.schedule.join(', ')}`);
  if (options.screw_the_dealer) parts.push('screw the dealer');
  return parts.length ? parts.join(' · ') : null;
}

export { ordinal };
export { settingText } from './settings.js';
export { formRules } from './form-rules.js';

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

export { cardFace };
