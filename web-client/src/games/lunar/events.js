// Lunar's move log in words: one message table keyed by the event's kind, with
// {placeholders}; every sentence of the log and the status line comes from here
// (protocol/events.md, "Lunar"). Card and suit names come from cards.js.

import { fillWords, listParts } from '../../ui/event-words.js';
import { SUITS, suitName } from './cards.js';

export const WORDS = {
  list_comma: ', ',
  list_and: ' and ',
  unknown: 'Something happened at the table.',
  exchange_chosen: '{seat} chose the cards to pass.',
  own_exchange: 'You chose to pass {cards}.',
  exchanged: 'Partners exchanged their cards.',
  received: 'You received {cards} from {from}.',
  tile_discarded: '{seat} turned the {suit} tile face down.',
  trump_set: '{suit} is trump.',
  played: '{seat} played {card}.',
  trick_won: '{team} took the trick.',
  round_scored: 'Round {round}: {teams}.',
  team_score: '{team} {tricks} tricks, {stars} stars, +{points} ({score})',
  team_sep: '; ',
  game_won: '{team} win the game with {points} points.',
};

const w = (key, values = {}) => fillWords(WORDS[key] ?? WORDS.unknown, values);
const card = (id) => ({ card: id });
const cards = (ids) => listParts((ids || []).map(card), WORDS);
const suitOf = (letter) => suitName(Object.keys(SUITS).find((k) => SUITS[k].letter === letter) ?? letter);

// The parts of one event's sentence (strings and card tokens, ui/event-words.js). A team t
// is seat t, and with four players seat t + 2 too.
export function eventParts(e, name, view = null) {
  const players = view && Number.isInteger(view.players) ? view.players : 4;
  const team = (t) => listParts((players === 4 ? [t, t + 2] : [t]).map(name), WORDS);
  const seats = { seat: name(e.seat), from: name(e.from) };
  switch (e.kind) {
    case 'own_exchange':
    case 'received':
      return w(e.kind, { ...seats, cards: cards(e.cards) });
    case 'tile_discarded':
    case 'trump_set':
      return w(e.kind, { ...seats, suit: suitOf(e.suit) });
    case 'played':
      return w(e.kind, { ...seats, card: card(e.card) });
    case 'trick_won':
      return w(e.kind, { team: team(e.team) });
    case 'round_scored':
      return w(e.kind, { round: e.round, teams: e.teams.flatMap((t, i) => [...(i ? [WORDS.team_sep] : []), ...w('team_score', { ...t, team: team(t.team) })]) });
    case 'game_won':
      return w(e.kind, { team: team(e.team), points: e.points });
    default:
      return WORDS[e.kind] ? w(e.kind, seats) : w('unknown');
  }
}
