// Special Power cards and Peasants in the create form (form-rules.js). Rulebook, Special
// Power cards: each replaces a Peasant. The server refuses more of them than the deck has Peasants for, unless the
// table sets its Peasants itself (a deck of its own, engine/games/crown_battles/options.cpp),
// so ticking more specials than there are Peasants sets Peasants to 0, and the form says so.

import { plural } from '../../ui/format.js';

export const peasantsRule = {
  reads: ['specials'],
  sets: ['peasants'],
  apply(values, fields) {
    const chosen = Array.isArray(values.specials) ? values.specials.length : 0;
    // The schema's most Peasants a deck has (the book's four).
    const most = fields.peasants && Number.isInteger(fields.peasants.max) ? fields.peasants.max : null;
    if (most == null || chosen <= most) return null;
    return {
      values: { peasants: 0 },
      notes: { peasants: `Set to 0 for your ${plural(chosen, 'Special Power card')}: each takes a Peasant’s place, and ${chosen - most} more than the ${most} Peasants join the deck.` },
    };
  },
};
