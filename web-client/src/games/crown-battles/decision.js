// Crown Battles' decision panel in the dock (ui/table-stage.js): the trump suit, the bid
// (single or double), a mission, where a Suit Precision trick goes, a leak, the pairings,
// a special card's step; every choice is a legal action the server gave (model.js).

import { h } from '../../dom/vdom.js';
import { plural } from '../../ui/format.js';
import { actionText } from '../generic/render.js';
import { cardName, parseCard, sortHand, suitColour, suitName, SUIT_KEYS, SUIT_ORDER } from './cards.js';
import { emblem } from './emblems.js';
import { bidOptions, bidSpoken, bidText, duelRivals, leakOptions, missionOptions, noteOptions, otherActions, pairOptions, placeOptions, playableCards, soloOptions, splitOptions, suitBidSpoken, trumpOptions, wagerOptions } from './model.js';
import { leakName, missionShort, missionText } from './text.js';
import { halfBidPanel, splitPanel } from './split.js';
import { DRAWN_PUT_BACK, promptKinds, promptTitle, specialSteps, stepGroups, stepLabel } from './specials.js';
import { choiceCard } from './faces.js';

export function suitDot(suit) {
  return h('span', { class: `suit-dot suit-${suit}`, 'aria-hidden': 'true' }, emblem(suit, 'emblem tiny'));
}

// The leak a card belongs to: its suit, or the monsters (Golems, Dragons and their Kings).
function leakOf(id) {
  const c = parseCard(id);
  if (c.kind === 'suit') return c.suit;
  return c.kind === 'golem' || c.kind === 'dragon' || id === 'GOLEM_KING' || id === 'DRAGON_KING' ? 'monsters' : null;
}

export function decision(ctx, v, name) {
  const legal = ctx.legal;
  if (!legal.length) return null;
  const suits = trumpOptions(legal);
  const bids = bidOptions(legal);
  const others = otherActions(legal);
  const parts = [];
  if (suits.length) {
    parts.push(h('div', { class: 'cb-choice', role: 'group', 'aria-label': 'Choose the trump suit', key: 'trump' },
      h('h3', null, 'Choose the trump suit'),
      h('div', { class: 'choice-row' }, [...suits].sort((a, b) => SUIT_ORDER.indexOf(a) - SUIT_ORDER.indexOf(b)).map((s, i) =>
        h('button', { type: 'button', class: `suit-button suit-${s}`, key: s, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'choose_trump', suit: s }), 'aria-label': `Trump: ${suitName(s)}` }, emblem(s, 'emblem small'), h('span', null, suitName(s)))))));
  }
  if (splitOptions(legal).size) parts.push(splitPanel(ctx, v, sortHand(v.hand, v.trump)));
  const places = placeOptions(legal);
  if (places.length) parts.push(placePanel(ctx, v, places));
  if (bids.singles.length || bids.doubles.length) parts.push(bidPanel(ctx, v, bids));
  const leaks = leakOptions(legal);
  if (leaks.length) {
    parts.push(h('div', { class: 'cb-choice cb-leak', role: 'group', 'aria-label': 'The suit you leak', key: 'leak' },
      h('h3', null, 'The suit you leak', h('small', { class: 'muted' }, ' · every card of it you hold is shown')),
      h('div', { class: 'choice-row' }, leaks.map((s, i) => h('button', { type: 'button', key: s, class: /^[RBGY]$/.test(s) ? `suit-button suit-${s}` : null, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'leak', suit: s }), 'aria-label': `Leak ${leakName(s)}, ${v.hand.filter((id) => leakOf(id) === s).length} in your hand` },
        /^[RBGY]$/.test(s) ? emblem(s, 'emblem small') : null, h('span', null, leakName(s)))))));
  }
  const solos = soloOptions(legal);
  if (solos.length) {
    parts.push(h('div', { class: 'cb-choice cb-solo', role: 'group', 'aria-label': 'Who plays alone?', key: 'solo' },
      h('h3', null, 'Who plays alone?', h('small', { class: 'muted' }, ' · 20 per trick, against the teams')),
      h('div', { class: 'choice-row' }, solos.map((s, i) => h('button', { type: 'button', key: s, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'solo', seat: s }) }, name(s))))));
  }
  const partners = pairOptions(legal);
  if (partners.length) {
    const who = name(v.pairing);
    const question = v.teams ? `Whom does ${who} team up with?` : `Whom does ${who} duel?`;
    parts.push(h('div', { class: 'cb-choice cb-pair', role: 'group', 'aria-label': question, key: 'pair' },
      h('h3', null, question, h('small', { class: 'muted' }, v.teams ? ' · the last two form a team' : ' · the last two (or three) pair themselves')),
      h('div', { class: 'choice-row' }, partners.map((s, i) => h('button', { type: 'button', key: s, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'pair', seat: s }) }, name(s))))));
  }
  const missions = missionOptions(legal);
  if (missions.length) parts.push(missionPanel(v, missions));
  const notes = noteOptions(legal);
  if (notes.length) {
    // Alliances' Secret Note: once a round, on your turn, before your bid or card.
    const ally = name(duelRivals(v.teams, ctx.mySeat)[0]);
    parts.push(h('details', { class: 'cb-choice cb-note', key: 'note' },
      h('summary', null, `Secret Note: show one card to ${ally}`, h('small', { class: 'muted' }, ' · once a round, only your ally sees it')),
      h('div', { class: 'choice-row', role: 'group', 'aria-label': `Show a card to ${ally}` }, sortHand(notes, v.trump).map((id) =>
        h('button', { type: 'button', key: id, class: 'note-card', 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'note', card: id }), 'aria-label': `Show ${cardName(id)} to ${ally}` }, cardName(id))))));
  }
  const wagers = wagerOptions(legal);
  if (wagers.length) {
    parts.push(h('div', { class: 'cb-choice cb-wager', role: 'group', 'aria-label': 'Your extra wager', key: 'wager' },
      h('h3', null, 'Your extra wager', h('small', { class: 'muted' }, ' · met, it comes back doubled; missed, it is lost')),
      h('div', { class: 'choice-row' }, wagers.map((x, i) => h('button', { type: 'button', key: x, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'wager', extra: x }) }, x ? `${x} extra` : 'No extra')))));
  }
  // A Special Power card's step (or a shield, or the Smuggler, on one's own turn): its
  // question and each choice in words.
  const steps = specialSteps(legal);
  if (steps.length) {
    const pending = v.specials ? v.specials.pending : null;
    const title = promptTitle(pending, name, steps);
    const focusFirst = !bids.singles.length && !playableCards(legal).size;
    const button = (a, i) => {
      const attrs = { type: 'button', key: JSON.stringify(a), 'data-turn-focus': i === 0 && focusFirst ? 'true' : null, 'data-action': a.type === 'take_all' ? 'act-all' : 'act', 'data-payload': JSON.stringify(a.type === 'take_all' ? a.actions : a) };
      // A card to choose is shown as its face, as in the hand.
      if (a.type === 'pick_card') return choiceCard(a.card, attrs, stepLabel(a, pending, name, ctx.mySeat), pending && pending.drawn === a.card ? DRAWN_PUT_BACK : null);
      return h('button', { ...attrs, class: a.type === 'pick_suit' && SUIT_KEYS.includes(a.suit) ? `suit-button suit-${a.suit}` : null },
        a.type === 'pick_suit' && SUIT_KEYS.includes(a.suit) ? emblem(a.suit, 'emblem small') : null, stepLabel(a, pending, name, ctx.mySeat));
    };
    // Cards offered in the hand's order.
    const order = sortHand(v.hand || [], v.trump);
    const rank = (a) => (a.type === 'pick_card' && order.includes(a.card) ? order.indexOf(a.card) : -1);
    const inHandOrder = (actions) => (actions.every((a) => a.type === 'pick_card') ? [...actions].sort((a, b) => rank(a) - rank(b)) : actions);
    parts.push(h('div', { class: 'cb-choice cb-special', role: 'group', 'aria-label': title, 'data-prompt': promptKinds(pending, steps).join(' '), key: 'special' },
      h('h3', null, title),
      stepGroups(pending, steps, name, ctx.mySeat).map((g, k) => h('div', { key: k, class: 'choice-step', role: g.heading ? 'group' : null, 'aria-label': g.heading },
        g.heading ? h('h4', null, g.heading) : null,
        h('div', { class: { 'choice-row': true, 'choice-cards': g.actions.some((a) => a.type === 'pick_card') } }, inHandOrder(g.actions).map((a, i) => button(a, k === 0 ? i : 1)))))));
  }
  const rest = others.filter((a) => !steps.includes(a));
  if (rest.length) {
    parts.push(h('div', { class: 'cb-choice', role: 'group', 'aria-label': 'Other choices', key: 'other' },
      h('div', { class: 'choice-row' }, rest.map((a, i) => h('button', { type: 'button', key: i, 'data-action': 'act', 'data-payload': JSON.stringify(a) }, actionText(a))))));
  }
  return parts.length ? h('div', { class: 'cb-decision panel' }, parts) : null;
}

// Missions: the missions offered, each with what it is worth this round (a failed one
// costs 20).
function missionPanel(v, ids) {
  const offer = new Map(v.missionOffer.map((m) => [m.id, m]));
  const blind = v.roundType === 'blind_missions';
  return h('div', { class: 'cb-choice cb-mission', role: 'group', 'aria-label': blind ? 'Your secret mission' : 'Your mission', key: 'mission' },
    h('h3', null, blind ? 'Your secret mission' : 'Your mission', h('small', { class: 'muted' }, ' · completed: its value; failed: −20')),
    h('div', { class: 'choice-row' }, ids.map((id, i) => {
      const m = offer.get(id);
      const worth = m && typeof m.value === 'number' ? plural(m.value, 'point') : '';
      return h('button', { type: 'button', class: 'mission-button', key: id, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'mission', mission: id }), 'aria-label': `${m ? missionText(m) : missionShort(id)}${worth ? `, ${worth}` : ''}` },
        h('span', null, m ? missionText(m) : missionShort(id)), worth ? h('small', null, ` · ${worth}`) : null);
    })));
}

// Suit Precision: the winner of the trick just taken places it under one of the suits
// allowed, each shown with what the seat has won and bid under it so far.
function placePanel(ctx, v, places) {
  // Suit Precision-Alliances scores the team's sums: the counts are the team's.
  const members = [ctx.mySeat, ...(v.roundType === 'suit_precision_alliances' ? duelRivals(v.teams, ctx.mySeat) : [])];
  const bids = SUIT_KEYS.map((_, i) => sumBids(members.map((s) => (v.suitBids[s] || [])[i] ?? null)));
  const tricks = SUIT_KEYS.map((_, i) => members.reduce((n, s) => n + ((v.suitTricks[s] || [])[i] ?? 0), 0));
  const whose = members.length > 1 ? 'your team: ' : '';
  const why = places.length === 4 ? 'won by a card without a suit: any suit' : places.length === 2 ? 'won with a trump: the lead suit or the trump' : null;
  return h('div', { class: 'cb-choice cb-place', role: 'group', 'aria-label': 'Place the trick under:', key: 'place' },
    h('h3', null, 'Place the trick under:', h('small', { class: 'muted' }, ` · ${[why, members.length > 1 ? 'your team’s won/bid' : 'won/bid so far'].filter(Boolean).join(' · ')}`)),
    h('div', { class: 'choice-row' }, places.map((s, i) => {
      const k = SUIT_KEYS.indexOf(s);
      return h('button', { type: 'button', class: `suit-button suit-${s}`, key: s, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'place', suit: s }), 'aria-label': `Place the trick under ${suitName(s)}: ${whose}${tricks[k]} won so far, bid ${suitBidSpoken(bids[k])}` },
        emblem(s, 'emblem small'), h('span', null, suitColour(s)), h('small', { class: 'place-count' }, ` ${tricks[k]}/${bids[k] == null ? '—' : bidText(bids[k])}`));
    })));
}

// Bids added up (a team's bids of one suit): a number, [lo, hi], or null if one is missing.
function sumBids(list) {
  if (list.some((b) => b == null)) return null;
  const lo = list.reduce((n, b) => n + (Array.isArray(b) ? b[0] : b), 0);
  const hi = list.reduce((n, b) => n + (Array.isArray(b) ? b[1] : b), 0);
  return lo === hi ? lo : [lo, hi];
}

function bidPanel(ctx, v, bids) {
  // Suit Precision: four bids in a row, one per suit; the one asked now names its suit, and
  // each starts as a single bid (the kind chosen is kept for that suit alone).
  const suit = v.biddingSuit;
  // The Split: two bids in a row, one per half, each over that half's tricks.
  const half = v.halves && v.half ? v.half : null;
  if (half) return halfBidPanel(ctx, v, bids, half);
  const doubleKey = suit ? `double:${v.roundNumber ?? ''}${suit}` : 'double';
  const mode = ctx.ui.bidMode === doubleKey && bids.doubles.length ? 'double' : 'single';
  const blind = v.roundType === 'blind';
  const list = mode === 'double' ? bids.doubles : bids.singles;
  const mine = suit ? v.suitBids[ctx.mySeat] : null;
  const before = mine ? SUIT_KEYS.filter((k, i) => mine[i] != null && SUIT_KEYS.indexOf(k) < SUIT_KEYS.indexOf(suit)) : [];
  const heading = suit ? `Your bid for ${suitColour(suit)}` : blind ? 'Your secret bid' : 'Your bid';
  return h('div', { class: 'cb-choice cb-bid', role: 'group', 'aria-label': suit ? `Your bid for ${suitName(suit)}` : 'Your bid', 'data-suit': suit, key: 'bid' },
    h('h3', { class: suit ? `bid-suit suit-${suit}` : null }, suit ? suitDot(suit) : null, suit ? ' ' : null, heading, v.handSize != null ? h('small', { class: 'muted' }, ` · ${plural(v.handSize, 'card')} in hand${v.tricks != null && v.tricks !== v.handSize ? `, ${plural(v.tricks, 'trick')} to bid on` : ''}`) : null),
    before.length ? h('p', { class: 'muted small bids-so-far' }, `So far: ${before.map((k) => `${suitColour(k)} ${bidText(mine[SUIT_KEYS.indexOf(k)])}`).join(', ')}.`) : null,
    bids.doubles.length
      ? h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'Kind of bid' },
          h('button', { type: 'button', role: 'radio', 'aria-checked': String(mode === 'single'), class: { on: mode === 'single' }, 'data-action': 'ui', 'data-key': 'bidMode', 'data-value': '"single"' }, 'Single'),
          h('button', { type: 'button', role: 'radio', 'aria-checked': String(mode === 'double'), class: { on: mode === 'double' }, 'data-action': 'ui', 'data-key': 'bidMode', 'data-value': JSON.stringify(doubleKey) }, 'Double (half points)'))
      : null,
    h('div', { class: 'choice-row bids' },
      list.map((b, i) => h('button', { type: 'button', class: 'bid-button', key: JSON.stringify(b), 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'bid', bid: b }), 'aria-label': `Bid ${bidSpoken(b)}${suit ? ` on ${suitColour(suit)}` : ''}` }, bidText(b)))),
    bids.singles.length && bids.singles.length < (v.tricks ?? 0) + 1 && mode === 'single'
      ? h('p', { class: 'muted small' }, `Allowed: ${bids.singles.join(', ')}.`)
      : null);
}
