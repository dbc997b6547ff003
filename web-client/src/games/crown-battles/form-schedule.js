// The cards dealt each round in the create form (form-rules.js): every round must fit the
// deck, so a round dealing more than each player can get is lowered to that most, and the
// form says so beside the field (engine/games/crown_battles/options.cpp refuses it
// otherwise). The deck is counted as the server will count it; with another setup than the
// book's, whose deck the form does not know, the server alone judges.

import { fieldDefault } from '../../ui/options-form.js';
import { plural } from '../../ui/format.js';
import { deckSize } from './settings.js';
import { andList } from './text.js';

const NUMBERS = ['red_numbers', 'blue_numbers', 'green_numbers', 'yellow_numbers'];

// The deck the form's choices make, or null when it cannot tell. Peasants left to the setup
// make room for the specials chosen, one for one (the book's four at most).
export function formDeck(values, fields, { seats, given }) {
  if (values.preset != null && values.preset !== 'standard') return null;
  if (!fields.peasants) return null;
  const specials = Array.isArray(values.specials) ? values.specials : [];
  const setup = fieldDefault(fields.peasants, seats);
  const most = Number.isInteger(fields.peasants.max) ? fields.peasants.max : setup;
  const peasants = given.has('peasants') ? values.peasants : Math.min(most, Math.max(0, setup - specials.length));
  return deckSize({ ...Object.fromEntries(NUMBERS.map((k) => [k, values[k]])), golems: values.golems, dragons: values.dragons, peasants, specials });
}

// The most cards each of `seats` players can get from `deck` cards.
export const mostEach = (deck, seats) => Math.floor(deck / seats);

// "Round 8 deals 15 cards to each player at most: …": one sentence for the note and the
// refusal both.
export function scheduleLimit(rounds, most, deck, seats) {
  const which = rounds.length === 1 ? `Round ${rounds[0]}` : `Rounds ${andList(rounds.map(String))}`;
  return `${which} can deal at most ${plural(most, 'card')} to each player: the deck’s ${deck} cards are shared by ${seats} players.`;
}

export const scheduleRule = {
  reads: ['schedule', 'peasants', 'specials', 'golems', 'dragons', 'preset', ...NUMBERS],
  sets: [],
  fixes: ['schedule'],
  apply(values, fields, known) {
    const schedule = values.schedule;
    const seats = Number(known.seats);
    if (!known.given.has('schedule') || !Array.isArray(schedule) || !seats) return null;
    const deck = formDeck(values, fields, known);
    if (deck == null || deck < seats) return null; // no card for everyone: the server says why
    const most = mostEach(deck, seats);
    const over = schedule.flatMap((n, i) => (n > most ? [i + 1] : []));
    if (!over.length) return null;
    return {
      values: { schedule: schedule.map((n) => Math.min(n, most)) },
      notes: { schedule: `${scheduleLimit(over, most, deck, seats)} ${over.length === 1 ? 'It deals' : 'They deal'} ${most} now.` },
    };
  },
};
