// The Dwarf King's move log in words: one message table keyed by the event's kind, with
// {placeholders}; every sentence of the log and the status line comes from here
// (protocol/events.md, "The Dwarf King"). Card names come from cards.js.

import { fillWords, listParts } from '../../ui/event-words.js';

export const WORDS = {
  list_comma: ', ',
  list_and: ' and ',
  left: 'left',
  right: 'right',
  quest_tile: 'quest tile {tile}',
  unknown: 'Something happened at the table.',
  played: '{seat} played {card}.',
  trick_won: '{seat} took the trick.',
  quest_chosen: '{seat} chose side {side} of the quest: {quest}.',
  thief_shown: '{seat} shows the Thief and picks whom to steal from.',
  stole: '{seat} stole two cards from {from}.',
  own_steal: 'You took {cards} from {from}.',
  stolen_from_you: '{by} took your {cards}.',
  gave_back: '{seat} gave two cards back to {to}.',
  own_give_back: 'You gave {cards} to {to}.',
  given_back_to_you: 'You received {cards} from {from}.',
  druid_swap: '{seat} used the Druid: swapped hands with {with}.',
  hands_passed: '{seat} used the Standard Bearer: every hand passes {direction}.',
  sorcerer_took: '{seat} used the Sorcerer and took {card} back from the trick.',
  first_lead: '{seat} holds the 5 of Goblins and leads.',
  hand_scored: 'Hand {hand} scored: {scores}.',
  hand_score: '{seat} {points} ({total})',
  game_won: '{seat} wins the game with {points} points.',
  hand_dealt: 'Hand {hand}: {seat} holds the 5 of Knights and chooses the quest.',
};

const w = (key, values = {}) => fillWords(WORDS[key] ?? WORDS.unknown, values);
const card = (id) => ({ card: id });
const cards = (ids) => listParts((ids || []).map(card), WORDS);
const signed = (p) => (p > 0 ? `+${p}` : String(p));

// The quest's side by its name when the view shows that tile, else by the tile's number.
function questName(e, view) {
  const q = view && view.quest;
  const side = q && q.tile === e.tile && Array.isArray(q.sides) ? q.sides[e.side === 'B' ? 1 : 0] : null;
  return side && side.name ? side.name : w('quest_tile', { tile: e.tile });
}

// The parts of one event's sentence (strings and card tokens, ui/event-words.js).
export function eventParts(e, name, view = null) {
  const seats = { seat: name(e.seat), from: name(e.from), to: name(e.to), by: name(e.by), with: name(e.with) };
  switch (e.kind) {
    case 'played':
    case 'sorcerer_took':
      return w(e.kind, { ...seats, card: card(e.card) });
    case 'quest_chosen':
      return w(e.kind, { ...seats, side: e.side, quest: questName(e, view) });
    case 'own_steal':
    case 'stolen_from_you':
    case 'own_give_back':
    case 'given_back_to_you':
      return w(e.kind, { ...seats, cards: cards(e.cards) });
    case 'hands_passed':
      return w(e.kind, { ...seats, direction: w(e.direction === 'left' ? 'left' : 'right') });
    case 'hand_scored':
      return w(e.kind, { hand: e.hand, scores: listParts(e.points.map((p, s) => w('hand_score', { seat: name(s), points: signed(p), total: e.totals[s] })), { list_comma: ', ', list_and: ', ' }) });
    case 'game_won':
    case 'hand_dealt':
      return w(e.kind, { ...seats, points: e.points, hand: e.hand });
    default:
      return WORDS[e.kind] ? w(e.kind, seats) : w('unknown');
  }
}
