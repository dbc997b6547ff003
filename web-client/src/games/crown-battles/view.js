// Reads the engine's Crown Battles view (engine/games/crown_battles/view.cpp, documented in
// docs/rules/crown-battles.md) into the one shape the renderer draws. Only this file knows
// the view's field names (the `specials` part: specials.js).

import { SUIT_KEYS } from './cards.js';
import { readSpecials } from './specials.js';

// A seat's bid as the viewer knows it: `null` (not yet), a number or [lo, hi] (public), or
// in a Blind Bidding round before the reveal {placed} — with `bid` only for one's own.
export function readBid(raw) {
  if (raw == null) return { placed: false, value: null, secret: false };
  if (typeof raw === 'number' || Array.isArray(raw)) return { placed: true, value: raw, secret: false };
  if (typeof raw === 'object') {
    const placed = Boolean(raw.placed);
    return { placed, value: placed && raw.bid !== undefined ? raw.bid : null, secret: true };
  }
  return { placed: false, value: null, secret: false };
}

// A Missions round: each seat's mission as the viewer knows it ({chosen, mission}; `mission`
// only for one's own, or for everyone once all have chosen in a Missions round).
function readMission(raw) {
  if (!raw || typeof raw !== 'object') return { chosen: false, mission: null };
  return { chosen: Boolean(raw.chosen), mission: typeof raw.mission === 'string' ? raw.mission : null };
}

function readLeak(raw) {
  if (!raw || typeof raw !== 'object') return { chosen: false, suit: null, cards: null };
  return { chosen: Boolean(raw.chosen), suit: typeof raw.suit === 'string' ? raw.suit : null, cards: Array.isArray(raw.cards) ? raw.cards : null };
}

// Suit Precision: a seat's four suit bids (R, B, G, Y; null until placed) and the tricks it
// placed under each suit; null outside those rounds.
function readSuitBids(raw) {
  if (!Array.isArray(raw)) return null;
  return SUIT_KEYS.map((_, i) => (typeof raw[i] === 'number' || Array.isArray(raw[i]) ? raw[i] : null));
}
function readSuitTricks(raw) {
  if (!Array.isArray(raw)) return null;
  return SUIT_KEYS.map((_, i) => (typeof raw[i] === 'number' ? raw[i] : 0));
}

export function isPrecisionType(type) {
  return type === 'suit_precision' || type === 'suit_precision_alliances';
}

// Long Play: every player plays two cards to each trick (one to the last trick of a round
// dealt an odd number), so a round has about half as many tricks as cards dealt.
export function isLongPlay(type) {
  return type === 'long_play';
}

// The Split: each player splits the hand into a first half (half the cards, rounded down)
// and a second half, bids for each and plays them out in turn. Dealt one card, the round is
// played as Normal Bidding and the view has no `halves`.
export function isSplitType(type) {
  return type === 'the_split';
}

// The Split: a seat's two half bids (null until placed) or its tricks won in each half;
// null outside those rounds.
function readPair(raw, missing) {
  if (!Array.isArray(raw)) return null;
  return [0, 1].map((i) => (typeof raw[i] === 'number' ? raw[i] : missing));
}
function readHalves(raw) {
  return Array.isArray(raw) && raw.length === 2 && raw.every((n) => Number.isInteger(n)) ? raw : null;
}

export function readView(view, seatCount) {
  const v = view || {};
  const round = v.round && typeof v.round === 'object' ? v.round : {};
  const seats = Array.from({ length: seatCount }, (_, s) => (Array.isArray(v.seats) && v.seats[s]) || {});
  const history = Array.isArray(v.rounds) ? v.rounds : [];
  return {
    phase: v.phase || 'playing',
    roundNumber: round.number ?? null,
    roundCount: round.rounds ?? null,
    handSize: round.hand_size ?? null,
    // The tricks this round: one per card dealt, but about half in Long Play (two cards each
    // per trick). Older views without `round.tricks`: the cards dealt.
    tricks: round.tricks ?? round.hand_size ?? null,
    roundType: round.type ?? 'normal',
    pot: round.pot ?? null, // tables with Wagering rounds: in play now, or carried so far
    wagers: Array.isArray(round.wagers) ? round.wagers : null, // Wagering's extra wagers, per seat
    // Missions rounds: the missions offered ({id, text, value}) and each seat's choice.
    missionOffer: Array.isArray(round.mission_offer) ? round.mission_offer : [],
    missions: Array.isArray(round.missions) ? Array.from({ length: seatCount }, (_, s) => readMission(round.missions[s])) : null,
    // Duel Fights: each seat's group (null until paired) and the seat the dealer pairs next.
    groups: Array.isArray(round.groups) ? Array.from({ length: seatCount }, (_, s) => round.groups[s] ?? null) : null,
    pairing: round.pairing ?? null,
    // Alliances: each seat's team (null until formed; a team of one plays alone), whether the
    // dealer names the solo player next, and the Secret Notes ({shown, card} per seat: the
    // card only for its owner and its ally).
    teams: Array.isArray(round.teams) ? Array.from({ length: seatCount }, (_, s) => round.teams[s] ?? null) : null,
    soloNext: Boolean(round.solo_next),
    notes: Array.isArray(round.notes) ? Array.from({ length: seatCount }, (_, s) => ({ shown: Boolean(round.notes[s] && round.notes[s].shown), card: (round.notes[s] && round.notes[s].card) || null })) : null,
    // Leaked Suit: per seat {chosen, suit (own, or once shown), cards (shown, still in hand)}.
    leaks: Array.isArray(round.leaks) ? Array.from({ length: seatCount }, (_, s) => readLeak(round.leaks[s])) : null,
    // Suit Precision: the suit whose bid the seat to act places next (null when not
    // bidding), and while a won trick is placed (phase `place`), the suits it may go under.
    biddingSuit: typeof round.bidding_suit === 'string' && SUIT_KEYS.includes(round.bidding_suit) ? round.bidding_suit : null,
    placeOptions: Array.isArray(round.place_options) ? round.place_options.filter((s) => SUIT_KEYS.includes(s)) : [],
    // The Split: the tricks of each half ([first, second]), the half bid for or in play
    // (1 or 2), and the viewer's own first-half cards still in hand (picked so far while
    // splitting; [] in the second half). All null when the hand is not split.
    halves: readHalves(round.halves),
    half: round.half === 1 || round.half === 2 ? round.half : null,
    firstHalf: Array.isArray(v.first_half) ? v.first_half.filter((c) => typeof c === 'string') : null,
    dealer: round.dealer ?? null,
    spinner: round.spinner ?? null,
    trump: round.trump ?? null,
    maxBid: round.max_bid ?? null,
    doubleBids: round.double_bids ?? true,
    screwTheDealer: Boolean(round.screw_the_dealer),
    extraRound: Boolean(round.tie_break),
    crown: v.crown ?? null,
    hand: Array.isArray(v.hand) ? v.hand : [],
    bids: seats.map((s) => readBid(s.bid)),
    tricksWon: seats.map((s) => s.tricks ?? 0),
    // Suit Precision: per seat, the four suit bids and the tricks placed under each suit
    // (null per seat outside those rounds).
    suitBids: seats.map((s) => readSuitBids(s.suit_bids)),
    suitTricks: seats.map((s) => readSuitTricks(s.suit_tricks)),
    // The Split: per seat, the two half bids, the tricks won in each half, and whether it has
    // chosen its whole first half (null per seat outside those rounds).
    halfBids: seats.map((s) => readPair(s.half_bids, null)),
    halfTricks: seats.map((s) => readPair(s.half_tricks, 0)),
    splitDone: seats.map((s) => (typeof s.split === 'boolean' ? s.split : null)),
    totals: seats.map((s) => s.score ?? 0),
    handCounts: seats.map((s) => s.cards ?? null),
    trick: v.trick || null,
    leadSuit: v.trick && /^[RBGY]$/.test(v.trick.lead) ? v.trick.lead : null,
    lastTrick: v.last_trick || null,
    history,
    result: v.result || null,
    specials: readSpecials(v), // null at a table without Special Power cards
  };
}
