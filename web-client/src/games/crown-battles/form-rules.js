// The create form's choices that cannot go together in Crown Battles, fixed as the host
// makes them (ui/options-form.js, `rules`): Special Power cards and Peasants
// (form-peasants.js), the cards dealt each round (form-schedule.js) and the round types for
// the number of players (form-round-types.js). Each rule sees the choices as the ones before
// it left them; what the server still refuses is said in the form's words (`refusal`).

import { peasantsRule } from './form-peasants.js';
import { mostEach, scheduleLimit, scheduleRule } from './form-schedule.js';
import { roundTypesRule } from './form-round-types.js';

const RULES = [peasantsRule, scheduleRule, roundTypesRule];
const all = (key) => [...new Set(RULES.flatMap((r) => r[key] || []))];

// The server's refusal of a schedule (engine/games/crown_battles/options.cpp): "schedule:
// round 8 deals 15 cards to each of 4 players (60), but the deck has 56 cards".
const SCHEDULE = /^schedule: round (\d+) deals \d+ cards to each of (\d+) players \(\d+\), but the deck has (\d+) cards\.?$/;

export const formRules = {
  reads: all('reads'),
  sets: all('sets'),
  fixes: all('fixes'),
  apply(values, fields, known = { seats: null, given: new Set(), touched: [] }) {
    let now = values;
    const given = new Set(known.given);
    const out = { values: {}, notes: {} };
    for (const rule of RULES) {
      const r = rule.apply(now, fields, { ...known, given });
      if (!r) continue;
      // A value the person typed in a field a rule only `sets` stays theirs (the form keeps it).
      const taken = Object.fromEntries(Object.entries(r.values).filter(([k]) => !(rule.sets.includes(k) && known.touched.includes(k))));
      now = { ...now, ...taken };
      for (const k of Object.keys(taken)) given.add(k);
      Object.assign(out.values, r.values);
      for (const [k, note] of Object.entries(r.notes || {})) out.notes[k] = out.notes[k] ? `${out.notes[k]} ${note}` : note;
    }
    return Object.keys(out.values).length || Object.keys(out.notes).length ? out : null;
  },
  refusal(text) {
    const m = SCHEDULE.exec(String(text).trim());
    if (!m) return null;
    const [round, players, deck] = m.slice(1).map(Number);
    return scheduleLimit([round], mostEach(deck, players), deck, players);
  },
};
