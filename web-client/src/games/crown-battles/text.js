// Sentences about the state of a Crown Battles game.

import { specialSteps, stepTitle } from './specials.js';
import { cardName, suitColour, suitName, SUIT_KEYS } from './cards.js';
import { trickPlays } from './model.js';
import { plural } from '../../ui/format.js';

const ROUND_TYPES = {
  normal: 'Normal bidding',
  blind: 'Blind bidding',
  long_play: 'Long play',
  leaked_suit: 'Leaked suit',
  the_split: 'The split',
  stealth: 'Stealth play',
  suit_precision: 'Suit precision',
  missions: 'Missions',
  blind_missions: 'Blind missions',
  wagering: 'Wagering',
  duel_fights: 'Duel fights',
  alliances: 'Alliances',
  missions_alliances: 'Missions-alliances',
  suit_precision_alliances: 'Suit precision-alliances',
};

export function roundTypeName(type) {
  if (type == null) return 'Normal bidding';
  return ROUND_TYPES[type] || String(type).replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

// The spinner's face: a suit, X (no trump) or the dealer's choice.
export function spinnerText(spinner, trump, dealerName) {
  if (spinner == null) return '—';
  const s = String(spinner).toLowerCase();
  if (s === 'x' || s === 'none' || s === 'no_trump' || s === 'notrump') return 'X: no trump';
  if (s === 'choice' || s === 'dealer' || s === 'dealer_choice' || s === 'dealers_choice' || s === "dealer's choice") {
    return trump ? `dealer’s choice (${dealerName})` : 'dealer’s choice';
  }
  if (['R', 'B', 'G', 'Y'].includes(String(spinner))) return suitName(spinner);
  return String(spinner);
}

// Wagering: the pot the round plays for; in another round, a pot carried over (if any).
export function potText(v) {
  if (v.pot == null) return '';
  if (v.roundType === 'wagering') return ` for a pot of ${v.pot}`;
  return v.pot > 0 ? ` (${v.pot} carried to the next Wagering round)` : '';
}

// A few words on what a round type changes, beside its name in the round bar (the move log
// announces the round in full).
export const ROUND_REMINDERS = {
  blind: 'bids secret until the end',
  wagering: 'meet your bid to share the pot; no doubles',
  missions: 'no bids: complete your mission, or lose 20',
  blind_missions: 'no bids; missions secret until the end; a failed one loses 20',
  duel_fights: 'in pairs: a miss pays its penalty to the rival who met',
  leaked_suit: 'each shows one suit, face up while in hand',
  stealth: 'only the leader plays face up; the cards turn up when all have played',
  long_play: 'two cards each per trick; bid on tricks, half the cards',
  alliances: 'teams of two: your bids add up; once, show your ally a card (Secret Note)',
  missions_alliances: 'a mission each: both done scores both, one failed scores nothing',
  suit_precision: 'a bid for each suit; every trick won goes under one suit; meet all four for the bonus',
  suit_precision_alliances: 'teams of two: your bids add up suit by suit; meet all four for the bonus; once, show your ally a card',
  the_split: 'split your hand in two halves; a bid for each, played one after the other; meet both for the bonus',
};

// Suit Precision's rules in a few lines, one click away at the table during such a round.
export const PRECISION_RULES = [
  'Bid a number of tricks for each suit: Red, then Blue, Green and Yellow.',
  'A trick won on the lead suit goes under that suit; won with a trump, its winner places it under the lead suit or the trump suit; won by a Golem, Dragon, King, Peasant or another card without a suit, under any suit.',
  'Every suit’s bid met: 10 per trick + 10 per suit with at least one trick (every bid 0 and met: 10). Otherwise each met suit scores 10 per trick, each missed suit costs 10 per trick of difference, and there is no bonus.',
  'A double bid on a suit: 5 per trick and a bonus of 5.',
];
export const PRECISION_ALLIANCE_RULES = [
  'Teams of two as in Alliances (with an odd count, one plays alone, at 20 per trick): the members’ bids are added suit by suit, and the team is scored as above on its totals; each member scores the team’s points.',
  'Once a round, on your turn, you may show your ally one card (Secret Note).',
];

// Long Play's rules in a few lines, one click away at the table during such a round.
export const LONG_PLAY_RULES = [
  'In each trick every player plays a card, then, in the same order, a second card; the trick is decided over all of them.',
  'The first card played sets the suit to follow, for both of everyone’s cards. The highest trump wins, else the highest card of the lead suit; Golems and Dragons as usual.',
  'So a round has half as many tricks as cards dealt, and bids range over the tricks, not the cards.',
  'With an odd number of cards dealt, the round’s last trick is a normal one: one card each.',
];

// The Split's rules in a few lines, one click away at the table during such a round.
export const SPLIT_RULES = [
  'Each player secretly splits their hand: half the cards (rounded down) are the first half, the rest the second half.',
  'Then each player in turn, from the dealer’s left, bids twice: for the first half, then for the second half. No double bids.',
  'The first half is played out first, with its cards only (follow suit among them), then the second half; the player left of the dealer leads the first trick of each.',
  'Both bids met: 10 per trick + 10 per half (both bids 0 and met: 10 in all). Otherwise a met half scores 10 per trick, a missed half costs 10 per trick of difference, and there is no bonus.',
];

// The Split: a half in a word ("first", "second").
export function halfName(half) {
  return half === 1 ? 'first' : half === 2 ? 'second' : String(half);
}

// "Bot 2, Cy and Dee"
export function andList(items, last = 'and') {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}` : items.join('');
}

// "Blue, Green and Yellow"
function suitList(suits, last = 'and') {
  return andList(suits.map(suitColour), last);
}

// Suit Precision: the suits a won trick may go under, in words ("Blue or Yellow").
export function placeText(options) {
  return suitList(options, 'or');
}

// A leaked suit in words: a suit's name, or the monsters (Golems, Dragons and their Kings).
export function leakName(suit) {
  return suit === 'monsters' ? 'Monsters (Golems and Dragons)' : suitName(suit);
}

// A mission in a few words (the score table, a seat's card); the offer gives the full text.
const MISSION_SHORT = {
  trump_trick: 'Trump trick',
  zero_or_one: '0 or 1 tricks',
  none_of_first: 'Not the 1st trick',
  at_least_four: '4+ tricks',
};

export function missionShort(id) {
  if (id == null) return '—';
  return MISSION_SHORT[id] || String(id).replace(/[_-]+/g, ' ');
}

// A mission offered, in full: the engine words each card.
export function missionText(offer) {
  if (!offer) return '';
  return offer.text || missionShort(offer.id);
}

export function statusLine(v, name) {
  const parts = [];
  if (v.roundNumber != null) parts.push(`Round ${v.roundNumber}${v.roundCount ? ` of ${v.roundCount}` : ''}`);
  if (v.handSize != null) parts.push(plural(v.handSize, 'card'));
  // Long Play: fewer tricks than cards.
  if (v.tricks != null && v.tricks !== v.handSize) parts.push(`${v.tricks} ${v.tricks === 1 ? 'trick' : 'tricks'}`);
  parts.push(roundTypeName(v.roundType) + potText(v));
  // The Split: the half bid for or in play.
  if (v.halves && v.half && v.phase !== 'split') parts.push(`${halfName(v.half)} half (${plural(v.halves[v.half - 1], 'trick')})`);
  parts.push(`trump ${suitName(v.trump)}, spinner ${spinnerText(v.spinner, v.trump, name(v.dealer))}`);
  if (v.dealer != null) parts.push(`dealer ${name(v.dealer)}`);
  parts.push(v.crown != null ? `${name(v.crown)} holds the crown` : 'nobody holds the crown');
  return parts.join(', ');
}

const VERB = { choose_trump: 'choose the trump suit', bidding: 'bid', playing: 'play', mission: 'choose a mission', pairing: 'pair the players for the duels', leak: 'pick a suit to leak', place: 'place the trick', split: 'split their hands' };

export function promptText(ctx, v, name) {
  if (v.phase === 'finished' || ctx.table.state === 'finished') return 'The game is over.';
  if (ctx.paused) return 'Paused: nobody plays until a player resumes the game.';
  const legal = ctx.legal;
  if (legal.some((a) => a.type === 'choose_trump')) return 'Your turn: the spinner says dealer’s choice. Choose the trump suit.';
  if (legal.some((a) => a.type === 'leak')) return 'Your turn: pick a suit to leak. Every card of it you hold is shown to all, face up while in your hand.';
  if (legal.some((a) => a.type === 'solo')) return 'Your turn: you deal, so you form the teams. With an odd count, first name the player who plays alone.';
  if (legal.some((a) => a.type === 'pair')) {
    if (v.teams) return `Your turn: you deal, so you form the teams. Whom does ${name(v.pairing)} team up with?`;
    return `Your turn: you deal, so you pair the players for Duel Fights. Whom does ${name(v.pairing)} duel?`;
  }
  if (legal.some((a) => a.type === 'mission')) {
    if (v.roundType === 'blind_missions') return 'Your turn: choose a secret mission. Completed, it scores its value; failed, −20. The others see it at the round’s end.';
    return 'Your turn: choose a mission. Completed, it scores its value; failed, −20.';
  }
  if (legal.some((a) => a.type === 'wager')) return 'Your turn: wager extra on your bid? Met, it comes back doubled; missed, it is lost.';
  if (legal.some((a) => a.type === 'place')) return `Your turn: you won the trick. Place it under ${placeText(v.placeOptions.length ? v.placeOptions : legal.filter((a) => a.type === 'place').map((a) => a.suit))}.`;
  if (legal.some((a) => a.type === 'split')) return splitPrompt(v);
  if (legal.some((a) => a.type === 'bid')) {
    // The Split: two bids in a row, the first half's then the second's.
    if (v.halves && v.half) return `Your turn: your bid for the ${halfName(v.half)} half (${plural(v.halves[v.half - 1], 'trick')}).${v.half === 1 ? ' Then the second half.' : ' Your last bid this round.'}`;
    if (v.biddingSuit) {
      const rest = SUIT_KEYS.slice(SUIT_KEYS.indexOf(v.biddingSuit) + 1);
      const team = v.roundType === 'suit_precision_alliances' ? ' Your ally’s bid on it adds to yours.' : '';
      return `Your turn: your bid for ${suitName(v.biddingSuit)}. How many tricks will you place under ${suitColour(v.biddingSuit)}?${team}${rest.length ? ` Then ${suitList(rest)}.` : ' Your last suit.'}`;
    }
    if (v.roundType === 'blind') return 'Your turn: place your secret bid. The others only see that you have bid.';
    if (v.roundType === 'wagering') return `Your turn: how many tricks will you win? Meet your bid to share the pot of ${v.pot}.`;
    return 'Your turn: how many tricks will you win?';
  }
  if (legal.some((a) => a.type === 'play')) {
    // Long Play: the second lap of the trick.
    if (v.roundType === 'long_play' && trickPlays(v.trick).some((p) => p.seat === ctx.mySeat)) return 'Your turn: play your second card to this trick.';
    // The Split: only the first half's cards, until it is played out.
    if (v.halves && v.half === 1) return 'Your turn: play a card of your first half.';
    return 'Your turn: play a card.';
  }
  const pending = v.specials ? v.specials.pending : null;
  const steps = specialSteps(legal);
  if (steps.length) return `Your turn — ${stepTitle(pending, name, steps)}`;
  if (legal.length) return 'Your turn.';
  const waiting = ctx.toAct.filter((s) => s !== ctx.mySeat);
  if (!waiting.length) return '';
  // The Split: everyone splits at once.
  if (v.phase === 'split') return `Waiting for ${andList(waiting.map(name))} to split their hands.`;
  const who = waiting.map(name).join(', ');
  if (pending) return `Waiting for ${who}: the ${cardName(pending.card)}.`;
  if (v.phase === 'pairing' && v.teams) return `Waiting for ${who} to form the teams.`;
  // Suit Precision: the winner of the trick just taken places it under a suit.
  if (v.phase === 'place') return `${who} is placing the trick${v.placeOptions.length ? ` under ${placeText(v.placeOptions)}` : ''}.`;
  if (v.phase === 'bidding' && v.biddingSuit) return `Waiting for ${who} to bid for ${suitColour(v.biddingSuit)}.`;
  if (v.phase === 'bidding' && v.halves && v.half) return `Waiting for ${who} to bid for the ${halfName(v.half)} half.`;
  return `Waiting for ${who} to ${VERB[v.phase] || 'act'}.`;
}

// The Split: the question while a player picks the first half of the hand. Picks already
// made (a reconnect mid-way) count.
function splitPrompt(v) {
  const [first, second] = v.halves || [0, 0];
  const done = v.firstHalf ? v.firstHalf.length : 0;
  return `Your turn: split your hand. Choose ${plural(first, 'card')} for your first half${done ? ` (${done} already kept)` : ''}; ${second === 1 ? 'the other card is' : `the other ${second} are`} your second half. Picks are final once kept.`;
}
