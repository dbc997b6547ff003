// Queen's Court's move log in words: one message table keyed by the event's kind, with
// {placeholders}; every sentence of the log and the status line comes from here
// (protocol/events.md, "Queen's Court"). Card names come from cards.js.

import { fillWords, listParts } from '../../ui/event-words.js';

export const WORDS = {
  list_comma: ', ',
  list_and: ' and ',
  unknown: 'Something happened at the table.',
  pile_own: 'their own {side}',
  pile_of: '{owner}’s {side}',
  left: 'left',
  right: 'right',
  played: '{seat} played {card} on {pile} pile.',
  pile_closed: '{seat} closed {pile} pile with a Glove.',
  own_draw: 'You drew {cards}.',
  drew_one: '{seat} drew a card.',
  drew: '{seat} drew {count} cards.',
  draw_pile_empty: 'The draw pile is empty: everyone takes a Glove.',
  locked_in: '{seat} played their last card and is locked in.',
  round_scored: 'Round {round}: {spreads}; {result}.',
  spread: '{seat} {spread}',
  spread_queens: 'two Queens',
  spread_of: 'a spread of {spread}',
  round_winner: '{seat} wins the round',
  round_tie_wins: 'a tie: each tied player without a win takes one',
  round_tie: 'a tie: nobody wins the round',
  game_won: '{seat} wins the game with two round wins.',
};

const w = (key, values = {}) => fillWords(WORDS[key] ?? WORDS.unknown, values);
const card = (id) => ({ card: id });

// The parts of one event's sentence (strings and card tokens, ui/event-words.js).
export function eventParts(e, name) {
  const seat = name(e.seat);
  const pile = e.pile && w(e.pile.owner === e.seat ? 'pile_own' : 'pile_of', { owner: name(e.pile.owner), side: w(e.pile.side === 'left' ? 'left' : 'right') });
  switch (e.kind) {
    case 'played':
    case 'pile_closed':
      return w(e.kind, { seat, card: card(e.card), pile });
    case 'own_draw':
      return w(e.kind, { cards: listParts((e.cards || []).map(card), WORDS) });
    case 'drew':
      return w(e.count === 1 ? 'drew_one' : 'drew', { seat, count: e.count });
    case 'round_scored': {
      const spreads = listParts(e.spreads.map((s, p) => w('spread', { seat: name(p), spread: s === 'queens' ? w('spread_queens') : w('spread_of', { spread: s }) })), { list_comma: ', ', list_and: ', ' });
      const result = e.winner != null ? w('round_winner', { seat: name(e.winner) }) : w(e.tie_wins ? 'round_tie_wins' : 'round_tie');
      return w(e.kind, { round: e.round, spreads, result });
    }
    default:
      return WORDS[e.kind] ? w(e.kind, { seat }) : w('unknown');
  }
}
