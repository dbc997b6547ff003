// Lunar at the table: the round line (phase, trump, target), the two teams with their
// track, stars and score, the players, the trump tiles, the Sky (two players), the trick
// as two pairs, the decision (secret exchange, a tile, a card), the hand, the rounds and
// the result.

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
import { cardName, isRank, parseCard, sortHand, suitName, SUIT_ORDER } from './cards.js';
import { emblem } from './emblems.js';
import { exchangeAction, exchangeCards, otherActions, playableCards, seatOrder, selection, tileChoices, toggleExchange, trackPoints } from './model.js';
import { readTrick, readView, teamOf } from './view.js';
import { describeAction as describe, phaseName, promptText, roundSummary, teamName } from './text.js';

// The move log's words (events.js); a card in it, by its emblem and name.
export { eventParts } from './events.js';
export { cardName as eventCardName } from './cards.js';
export function eventCard(id) {
  const c = parseCard(id);
  return h('span', { class: `log-card lu-log-${c.suit || 'rank'}` }, emblem(c.suit || 'moon', 'emblem log-emblem'), cardName(id));
}

export function render(ctx) {
  const n = ctx.table.seats.length;
  const v = readView(ctx.view, n);
  const name = (seat) => seatName(ctx.table, seat);
  const team = (t) => teamName(v.teams, t, name);
  const sky = n === 2;
  const finished = v.phase === 'finished' || ctx.table.state === 'finished';
  return h('section', { class: 'cb lu', 'aria-label': 'Lunar' },
    finished ? null : roundBar(v, name),
    finished ? null : h('p', { class: 'cb-prompt', role: 'status', 'aria-live': 'polite', key: 'prompt' }, forSeenSeat(ctx, promptText(ctx, v, name, sky))),
    stage(ctx.roundSummary,
      finished ? resultPanel(ctx, v, name, team) : null,
      teamsPanel(ctx, v, team, finished),
      finished ? null : h('div', { class: 'cb-board' },
        h('h3', { class: 'sr-only' }, 'Players'),
        board(ctx, v, name, team),
        h('div', { class: 'lu-center' }, tiles(ctx, v)),
        sky && v.sky && (ctx.mySeat == null || finished) ? skyArea(ctx, v) : null,
        v.lastRound ? h('p', { class: 'lu-last small' }, roundSummary(v.lastRound, team)) : null),
      finished ? roundsTable(ctx, v, team) : null),
    finished || ctx.mySeat == null ? null : h('div', { class: { 'cb-dock': true, active: ctx.legal.length > 0 }, key: 'dock' }, decision(ctx, v, name), exchangeNote(v, name, ctx), sky && v.sky ? skyArea(ctx, v) : null, hand(ctx, v)));
}

function roundBar(v, name) {
  const items = [
    ['Round', String(v.round ?? '—')],
    ['Phase', phaseName(v.phase)],
    ['Trump', v.trump ? [suitBadge(v.trump), ' ', suitName(v.trump)] : v.phase === 'playing' ? '—' : 'not yet'],
    v.startPlayer != null ? ['Start player', name(v.startPlayer)] : null,
    v.targetScore != null ? ['Target', plural(v.targetScore, 'point')] : null,
  ].filter(Boolean);
  return h('dl', { class: 'cb-round', 'aria-label': `Round ${v.round ?? ''}, ${phaseName(v.phase)}, trump ${v.trump ? suitName(v.trump) : 'not chosen yet'}` },
    items.map(([k, val]) => h('div', { class: 'cb-round-item', key: k }, h('dt', null, k), h('dd', null, val))));
}

function suitBadge(suit) {
  return h('span', { class: `lu-suit lu-${suit}`, 'aria-hidden': 'true' }, emblem(suit, 'emblem tiny'));
}

// The two teams: score, tricks this round on the track, starred cards retained.
function teamsPanel(ctx, v, team, finished) {
  const track = trackPoints(ctx.table.options);
  const mine = ctx.mySeat == null ? null : teamOf(v.teams, ctx.mySeat);
  return h('section', { class: 'panel lu-teams', 'aria-label': 'Teams' },
    [0, 1].map((t) => h('div', { class: { 'lu-team': true, [`team-${t}`]: true, mine: mine === t }, key: t, 'aria-label': `${team(t)}${mine === t ? ' (your team)' : ''}: score ${v.scores[t]}${finished ? '' : `, ${plural(v.tricksWon[t], 'trick')} this round, worth ${track[v.tricksWon[t]] ?? 0} track points, ${plural(v.starsWon[t].length, 'star')}`}` },
      h('div', { class: 'lu-team-head' },
        h('span', { class: 'lu-team-dot', 'aria-hidden': 'true' }),
        h('b', null, team(t)), mine === t ? h('small', null, ' (your team)') : null,
        h('span', { class: 'lu-score' }, h('small', null, 'Score '), h('b', null, String(v.scores[t])))),
      finished ? null : h('ol', { class: 'lu-track', 'aria-hidden': 'true' }, track.map((pts, i) =>
        h('li', { key: i, class: { here: v.tricksWon[t] === i, pts: pts > 0 } }, h('span', { class: 'n' }, String(i)), h('small', null, pts ? `+${pts}` : '·')))),
      finished ? null : h('p', { class: 'lu-stars small' }, emblem('star', 'emblem tiny'), ` ${v.starsWon[t].length} ${v.starsWon[t].length === 1 ? 'star' : 'stars'}${v.starsWon[t].length ? `: ${v.starsWon[t].map(shortName).join(', ')}` : ''}`))));
}

function shortName(id) {
  const c = parseCard(id);
  return c.kind === 'rank' ? String(c.rank) : suitName(c.suit);
}

// The seats around the table with the trick in the middle (ui/seat-ring.js).
function board(ctx, v, name, team) {
  const places = ringPlaces(ctx.table.seats.length, ctx.mySeat);
  return seatRing({
    places,
    seats: seatOrder(ctx.table.seats.length, ctx.mySeat).map((seat) => ({ seat, node: player(ctx, v, name, seat) })),
    center: trickArea(ctx, v, name, team, places),
  });
}

function player(ctx, v, name, seat) {
  const waiting = v.exchange ? v.exchange.waiting : [];
  const t = teamOf(v.teams, seat);
  const toAct = ctx.toAct.includes(seat);
  const mine = seat === ctx.mySeat;
  const partner = ctx.mySeat != null && !mine && t === teamOf(v.teams, ctx.mySeat);
  const label = [name(seat) + (mine ? (ctx.me ?? ' (you)') : partner ? ' (your partner)' : ''), `team ${teamName(v.teams, t, (s) => seatName(ctx.table, s))}`, seat === v.startPlayer ? 'start player' : null, v.handSizes[seat] != null ? plural(v.handSizes[seat], 'card') : null, v.phase === 'exchange' ? (waiting.includes(seat) ? 'choosing cards' : 'has chosen') : null, toAct ? 'to act' : null].filter(Boolean).join(', ');
  return h('div', { class: { 'cb-player': true, 'lu-player': true, [`team-${t}`]: true, mine, 'to-act': toAct }, role: 'group', 'aria-label': label, 'data-seat': seat },
    h('div', { class: 'cb-player-head' },
      h('span', { class: 'lu-team-dot', 'aria-hidden': 'true' }),
      h('span', { class: 'cb-player-name' }, name(seat), mine ? (ctx.me ?? ' (you)') : partner ? ' (partner)' : ''),
      seat === v.startPlayer ? h('span', { class: 'badge dealer', title: 'Start player' }, 'S') : null),
    h('div', { class: 'cb-player-badges' }, seatBadges(ctx, seat), seatClock(ctx, seat)),
    h('div', { class: 'cb-player-stats' },
      v.handSizes[seat] != null ? h('span', { class: 'stat' }, h('small', null, 'Cards'), h('b', null, String(v.handSizes[seat]))) : null,
      v.phase === 'exchange' ? h('span', { class: 'stat' }, h('small', null, 'Exchange'), h('b', null, waiting.includes(seat) ? 'choosing' : 'chosen')) : null),
    toAct ? h('span', { class: 'turn-mark', 'aria-hidden': 'true' }, '●') : null);
}

// The tiles on the board show where trump stands; turning one down is chosen in the dock
// (tileChoice), beside the hand, so the choice and the cards it is about share the screen.
function tiles(ctx, v) {
  return h('section', { class: 'lu-tiles', 'aria-label': 'Trump tiles' },
    h('h3', null, v.trump ? `Trump: ${suitName(v.trump)}` : 'Trump tiles'),
    h('ul', { class: 'lu-tile-row' }, SUIT_ORDER.map((s) => {
      const up = v.tilesUp.includes(s);
      const body = [emblem(s, 'emblem'), h('span', null, suitName(s))];
      const cls = `lu-tile lu-${s}${up ? ' up' : ' down'}${v.trump === s ? ' trump' : ''}`;
      return h('li', { key: s, class: cls, 'aria-label': `${suitName(s)} tile, ${v.trump === s ? 'trump' : up ? 'face up' : 'face down'}` }, up ? body : h('span', { class: 'lu-tile-back', 'aria-hidden': 'true' }, body));
    })));
}

function tileChoice(ctx) {
  const choices = new Set(tileChoices(ctx.legal));
  if (!choices.size) return null;
  const first = SUIT_ORDER.find((s) => choices.has(s));
  return h('div', { class: 'cb-choice lu-tile-choice', role: 'group', 'aria-label': 'Turn a trump tile face down', key: 'tiles' },
    h('h3', null, 'Turn a trump tile face down'),
    h('ul', { class: 'lu-tile-row' }, SUIT_ORDER.filter((s) => choices.has(s)).map((s) => h('li', { key: s },
      h('button', { type: 'button', class: `lu-tile lu-${s} up legal`, 'data-turn-focus': s === first ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'discard_tile', suit: s }), 'aria-label': `Turn the ${suitName(s)} tile face down` }, emblem(s, 'emblem'), h('span', null, suitName(s)))))));
}

function trickArea(ctx, v, name, team, places) {
  const cur = v.trick ? v.trick.cards : [];
  const last = v.lastTrick ? v.lastTrick.cards : [];
  const showingLast = showsLastTrick(ctx, last.length > 0, cur.length > 0);
  const t = showingLast ? v.lastTrick : v.trick;
  const shown = showingLast ? last : cur;
  const caption = showingLast
    ? `Last trick: won by ${team(v.lastTrick.winnerTeam)}`
    : cur.length ? `Current trick${t.leadSuit ? ` · lead: ${suitName(t.leadSuit)}` : ''}` : v.phase === 'playing' ? 'New trick' : 'No trick yet';
  const teamOfSeat = (s) => teamOf(v.teams, s);
  return h('section', { class: { 'cb-trick': true, 'lu-trick': true, last: showingLast }, 'aria-label': caption },
    h('div', { class: 'trick-head' }, h('h3', null, caption), trickControls(ctx, last.length > 0, cur.length > 0)),
    h('ol', { class: 'cb-trick-cards ring-plays' },
      shown.length === 0 ? h('li', { class: 'muted', key: 'none' }, v.phase === 'playing' ? 'No card played yet.' : '') : null,
      shown.map((p, i) => {
        const tm = teamOfSeat(p.seat);
        // With two players a seat also plays from the Sky: its second card lies beside the first.
        const again = shown.slice(0, i).some((q) => q.seat === p.seat);
        const win = showingLast && tm === v.lastTrick.winnerTeam;
        return h('li', { key: `${p.order}-${p.card}`, class: { 'trick-play': true, [playPlace(places, p.seat)]: true, again, [`team-${tm}`]: true, winner: win }, 'data-seat': p.seat, 'aria-label': `${name(p.seat)}${p.from === 'sky' ? ' from the Sky' : ''}: ${cardName(p.card)}` },
          cardFace(p.card),
          h('span', { class: 'trick-who' }, name(p.seat), p.from === 'sky' ? ' ☁' : ''));
      }),
      // The trick just taken goes to the winning team's first player in it, who leads next.
      leavingTrick(ctx, { places, showingLast, last: taken(v.lastTrick, teamOfSeat), before: taken(readTrick(ctx.trickBefore), teamOfSeat), face: (p) => cardFace(p.card) })));
}

// A finished trick's cards and who gathers them: the winning team's first player in that
// trick (the one who leads the next).
function taken(trick, teamOfSeat) {
  if (!trick || trick.winnerTeam == null) return null;
  const first = trick.cards.find((p) => teamOfSeat(p.seat) === trick.winnerTeam);
  return first ? { plays: trick.cards, winner: first.seat } : null;
}

export function cardFace(id, tag = 'div', attrs = {}) {
  const c = parseCard(id);
  const key = c.kind === 'rank' ? 'rank' : c.suit;
  const corner = c.kind === 'rank' ? String(c.rank) : c.suit ? c.suit[0].toUpperCase() : '?';
  return h(tag, { class: `card lu-card lu-${key}${c.star ? ' star' : ''}`, ...attrs },
    h('span', { class: 'corner tl', 'aria-hidden': 'true' }, corner),
    c.kind === 'rank' ? h('span', { class: 'lu-rank', 'aria-hidden': 'true' }, emblem('moon', 'emblem lu-moon'), h('b', null, String(c.rank))) : emblem(c.suit),
    c.star ? h('span', { class: 'lu-star', 'aria-hidden': 'true' }, emblem('star', 'emblem')) : h('span', { class: 'corner br', 'aria-hidden': 'true' }, corner),
    tag === 'div' ? h('span', { class: 'sr-only' }, cardName(id)) : null);
}

function skyArea(ctx, v) {
  const playable = playableCards(ctx.legal);
  const cards = sortHand(v.sky, v.trump);
  const handFirst = sortHand(v.hand, v.trump).find((id) => playable.has(id));
  const first = handFirst ? null : cards.find((id) => playable.has(id));
  return h('section', { class: 'lu-sky', 'aria-label': `The Sky: ${plural(cards.length, 'card')}, public` },
    h('h3', null, `The Sky · ${plural(cards.length, 'card')}`),
    h('ul', { class: 'hand-cards' }, cards.map((id) => {
      const legal = playable.has(id);
      return h('li', { key: id }, cardFace(id, 'button', {
        type: 'button', 'data-card': id, disabled: !legal, 'data-turn-focus': id === first ? 'true' : null,
        'aria-label': `${cardName(id)} from the Sky${playable.size && !legal ? ', cannot be played now' : ''}`,
        class: `card lu-card lu-${isRank(id) ? 'rank' : parseCard(id).suit}${parseCard(id).star ? ' star' : ''}${legal ? ' legal' : playable.size ? ' illegal' : ''}`,
        'data-action': legal ? 'act' : null, 'data-payload': legal ? JSON.stringify({ type: 'play', card: id }) : null,
      }));
    })));
}

function decision(ctx, v, name) {
  const legal = ctx.legal;
  if (!legal.length) return null;
  const parts = [];
  const allowed = exchangeCards(legal);
  if (allowed.size) {
    const key = `r${v.round}`;
    const chosen = selection(ctx.ui, key, allowed);
    const action = exchangeAction(legal, chosen);
    const ranks = chosen.filter(isRank);
    const suits = chosen.filter((c) => !isRank(c));
    const partner = v.teams[teamOf(v.teams, ctx.mySeat)]?.find((s) => s !== ctx.mySeat);
    parts.push(h('div', { class: 'cb-choice lu-choice', role: 'group', 'aria-label': 'Secret exchange', key: 'exchange' },
      h('h3', null, `Pass to ${partner != null ? name(partner) : 'your partner'}`),
      h('p', { class: 'small' }, `Rank cards: ${ranks.length} of 2${ranks.length ? ` (${ranks.map(cardName).join(', ')})` : ''}. Suit cards: ${suits.length} of 2${suits.length ? ` (${suits.map(cardName).join(', ')})` : ''}.`),
      h('button', { type: 'button', class: 'primary lu-confirm', disabled: !action, 'data-action': action ? 'act' : null, 'data-payload': action ? JSON.stringify(action) : null }, action ? 'Pass these 4 cards' : 'Choose 2 rank and 2 suit cards below')));
  }
  parts.push(tileChoice(ctx));
  const others = otherActions(legal);
  if (others.length) parts.push(h('div', { class: 'cb-choice', role: 'group', 'aria-label': 'Other choices', key: 'other' }, h('div', { class: 'choice-row' }, others.map((a, i) => h('button', { type: 'button', key: i, 'data-action': 'act', 'data-payload': JSON.stringify(a) }, actionText(a))))));
  return parts.some(Boolean) ? h('div', { class: 'cb-decision panel' }, parts) : null;
}

// What went to and came from the partner this round (the seat's own view only).
function exchangeNote(v, name, ctx) {
  const ex = v.exchange;
  if (!ex) return null;
  if (ex.chosen && ex.chosen.length) return h('p', { class: 'lu-exchange small panel' }, `You pass ${ex.chosen.map(cardName).join(', ')} once everyone has chosen.`);
  if (ex.passed && ex.received && (ex.passed.length || ex.received.length)) {
    return h('p', { class: 'lu-exchange small panel' }, `Exchange: you passed ${ex.passed.map(cardName).join(', ')}; you received ${ex.received.map(cardName).join(', ')}.`);
  }
  return null;
}

function hand(ctx, v) {
  const playable = playableCards(ctx.legal);
  const allowed = exchangeCards(ctx.legal);
  const choosing = allowed.size > 0;
  const key = `r${v.round}`;
  const chosen = choosing ? selection(ctx.ui, key, allowed) : [];
  const canPlay = playable.size > 0;
  const cards = sortHand(v.hand, v.trump);
  const firstLegal = cards.find((id) => playable.has(id));
  const label = forSeenSeat(ctx, canPlay ? 'Your hand: choose a card to play' : choosing ? 'Your hand: choose 2 rank and 2 suit cards to pass' : 'Your hand');
  return h('section', { class: { 'cb-hand': true, active: canPlay || choosing }, 'aria-label': label },
    h('h3', { class: seenName(ctx) == null ? 'sr-only' : 'seen-hand' }, forSeenSeat(ctx, 'Your hand')),
    h('ul', { class: 'hand-cards' },
      cards.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'No cards in hand.') : null,
      cards.map((id) => {
        const c = parseCard(id);
        const base = `card lu-card lu-${c.kind === 'rank' ? 'rank' : c.suit}${c.star ? ' star' : ''}`;
        if (choosing) {
          const on = chosen.includes(id);
          return h('li', { key: id }, cardFace(id, 'button', {
            type: 'button', 'data-card': id, disabled: !allowed.has(id), 'aria-pressed': String(on),
            'aria-label': `${cardName(id)}${on ? ', chosen to pass' : ''}`,
            class: `${base} legal${on ? ' chosen' : ''}`, 'data-turn-focus': id === cards[0] ? 'true' : null,
            'data-action': 'ui', 'data-key': 'luEx', 'data-value': JSON.stringify({ key, cards: toggleExchange(chosen, id) }),
          }));
        }
        const legal = playable.has(id);
        return h('li', { key: id }, cardFace(id, 'button', {
          type: 'button', 'data-card': id, disabled: !legal, 'data-turn-focus': id === firstLegal ? 'true' : null,
          'aria-label': `${cardName(id)}${v.trump && c.suit === v.trump ? ', trump' : ''}${canPlay && !legal ? ', cannot be played now' : ''}`,
          class: `${base}${legal ? ' legal' : canPlay ? ' illegal' : ''}`,
          'data-action': legal ? 'act' : null, 'data-payload': legal ? JSON.stringify({ type: 'play', card: id }) : null,
        }));
      })));
}

function roundsTable(ctx, v, team) {
  const outcome = ctx.game && ctx.game.outcome;
  const rounds = outcome && Array.isArray(outcome.rounds) ? outcome.rounds : v.lastRound ? [v.lastRound] : [];
  if (!rounds.length) return null;
  return h('details', { class: 'panel cb-scores lu-rounds', open: true, key: 'rounds' },
    h('summary', null, 'Rounds'),
    h('p', { class: 'muted small legend', 'aria-hidden': 'true' }, 'Each cell: tricks won, track points + stars, points this round, total.'),
    h('div', { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Points by round' },
      h('table', null,
        h('caption', { class: 'sr-only' }, 'For each round and team: tricks, track points, stars, points and running score'),
        h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Round'), [0, 1].map((t) => h('th', { scope: 'col', key: t }, team(t))))),
        h('tbody', null, rounds.map((r, i) => h('tr', { key: i },
          h('th', { scope: 'row' }, String(r.round ?? i + 1), r.trump ? h('small', { class: 'muted' }, ` · ${suitName(r.trump)}`) : null),
          [0, 1].map((t) => h('td', { key: t, 'aria-label': `${team(t)}: ${plural(r.tricks?.[t] ?? 0, 'trick')}, ${plural(r.track_points?.[t] ?? 0, 'track point')}, ${plural(r.stars?.[t] ?? 0, 'star')}, ${plural(r.points?.[t] ?? 0, 'point')}, total ${r.scores?.[t] ?? '—'}` },
            h('span', { class: 'bt' }, `${r.tricks?.[t] ?? 0}t`),
            h('span', { class: 'q' }, `${r.track_points?.[t] ?? 0}+${r.stars?.[t] ?? 0}★`),
            h('span', { class: 'pts' }, `+${r.points?.[t] ?? 0}`),
            h('b', { class: 'tot' }, String(r.scores?.[t] ?? '')))))))))); 
}

function resultPanel(ctx, v, name, team) {
  const outcome = ctx.game && ctx.game.outcome;
  const wt = outcome && outcome.winning_team != null ? outcome.winning_team : v.winnerTeam;
  const scores = (outcome && outcome.scores) || v.scores;
  const mine = ctx.mySeat == null ? null : teamOf(v.teams, ctx.mySeat);
  const order = wt === 1 ? [1, 0] : [0, 1];
  return h('section', { class: 'panel cb-result', 'aria-labelledby': 'result-heading', key: 'result' },
    h('h2', { id: 'result-heading' }, crownIcon('icon crown gold big'), wt != null ? ` ${team(wt)} ${v.teams[wt].length > 1 ? 'win' : 'wins'}!` : ' Game over'),
    h('ol', { class: 'ranks', 'aria-label': 'Final ranks' },
      order.map((t, i) => h('li', { key: t, class: { first: t === wt, mine: t === mine } },
        h('span', { class: 'rank' }, ordinal(t === wt || wt == null ? 1 : 2)),
        h('span', { class: 'who' }, team(t), t === mine ? (ctx.me ?? ' (you)') : ''),
        h('b', { class: 'score' }, plural(scores[t] ?? 0, 'point'))))),
    h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', 'data-action': 'leave' }, 'Back to the lobby')));
}

export function describeAction(a) {
  return describe(a);
}

// The last finished round, for the round-end summary (ui/round-summary.js).
export function lastRound(view, name) {
  const r = view && view.last_round;
  if (!r) return null;
  const v = readView(view, Array.isArray(view.hand_sizes) ? view.hand_sizes.length : 2);
  const team = (t) => teamName(v.teams, t, name);
  const line = (t) => `${team(t)}: ${plural(r.tricks?.[t] ?? 0, 'trick')} (${r.track_points?.[t] ?? 0} track) + ${plural(r.stars?.[t] ?? 0, 'star')} = ${plural(r.points?.[t] ?? 0, 'point')}`;
  return { key: `l${r.round ?? JSON.stringify(r)}`, title: `Round ${r.round ?? ''} is over`.replace('  ', ' '), lines: [line(0), line(1)] };
}

export function optionsSummary(options) {
  if (!options || options.target_score == null) return null;
  return `to ${plural(options.target_score, 'point')}`;
}

// For replays (ui/replay-view.js): a seat's hand from its view, and the final scores as the
// outcome gives them (a score per team, shown beside each of its players).
export function handCards(view, seatCount) {
  return sortHand(readView(view, seatCount).hand);
}

export function finalScores(outcome, seatCount) {
  const scores = (outcome && outcome.scores) || [];
  const teams = (outcome && outcome.teams) || [];
  const ranks = (outcome && outcome.ranks) || [];
  return Array.from({ length: seatCount }, (_, s) => {
    const t = teamOf(teams, s);
    const score = t == null ? 0 : scores[t] ?? 0;
    return { seat: s, rank: ranks[s] ?? null, score, text: `${plural(score, 'point')} (team)` };
  });
}
