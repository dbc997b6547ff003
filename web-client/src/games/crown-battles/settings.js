// Crown Battles' settings in words at the table (ui/table-view.js, "Settings"): the table's
// options as the server normalized them list every card of the deck, so the deck's size is
// counted from them, never taken from a preset's label ("60 cards" read wrongly beside
// sixteen Special Power cards).

import { plural } from '../../ui/format.js';

const NUMBERS = ['red_numbers', 'blue_numbers', 'green_numbers', 'yellow_numbers'];

// The number of cards the options put in the deck, or null when they do not say.
export function deckSize(options) {
  if (!options || !NUMBERS.every((k) => Array.isArray(options[k]))) return null;
  const counts = ['golems', 'dragons', 'peasants'].map((k) => options[k]);
  if (!counts.every(Number.isInteger)) return null;
  const specials = Array.isArray(options.specials) ? options.specials.length : 0;
  return NUMBERS.reduce((n, k) => n + options[k].length, 0) + counts.reduce((a, b) => a + b, 0) + specials;
}

// One setting's words, where the schema's label alone would mislead: the setup's label
// counts the book's deck, so it is told with the deck this table deals.
export function settingText(name, label, options) {
  if (name !== 'preset') return null;
  const n = deckSize(options);
  if (n == null) return null;
  const specials = Array.isArray(options.specials) ? options.specials.length : 0;
  const deck = `${plural(n, 'card')}${specials ? `, ${plural(specials, 'Special Power card')} among them` : ''}`;
  return /\b(?:all )?\d+ cards(?: \(2 players: \d+\))?/.test(label) ? label.replace(/\b(?:all )?\d+ cards(?: \(2 players: \d+\))?/, deck) : `${label} (${deck})`;
}
