// The round types in the create form (form-rules.js), for the number of players chosen: a
// type this count cannot play (the Round Tracker's exclusions, the schema's `players`) is
// not offered, so one ticked before the count changed is left out, and taken out of the
// fixed order; a type the fixed order plays is ticked among the round types, which must hold
// it. The form says so beside each field (the server refuses such a table otherwise).

import { andList } from './text.js';

const FALLBACK = 'normal'; // the schema's default: a table plays at least one type

// "Duel Fights needs 4 or more players": the one wording of every note below.
function needsPlayers(label, least) {
  return `${label} needs ${least} or more players`;
}

const unique = (list) => [...new Set(list)];

export const roundTypesRule = {
  reads: ['round_types', 'round_sequence'],
  sets: [],
  fixes: ['round_types', 'round_sequence'],
  apply(values, fields, { seats }) {
    const types = fields.round_types;
    if (!types || !Array.isArray(types.values)) return null;
    const info = (v) => types.values.find((t) => t.value === v) || { value: v, label: String(v), players: null };
    const playable = (v) => seats == null || !info(v).players || info(v).players.includes(Number(seats));
    const needs = (v) => needsPlayers(info(v).label, Math.min(...info(v).players));
    const chosen = Array.isArray(values.round_types) ? values.round_types : [];
    const order = Array.isArray(values.round_sequence) ? values.round_sequence : [];
    const notes = {};
    const out = {};

    const outOfOrder = unique(order.filter((v) => !playable(v)));
    const keptOrder = order.filter(playable);
    if (outOfOrder.length) {
      out.round_sequence = keptOrder;
      notes.round_sequence = `Taken out of the order: ${outOfOrder.map(needs).join('; ')}.`;
    }
    const inFormOrder = types.values.map((t) => t.value);
    const left = inFormOrder.filter((v) => chosen.includes(v) && !playable(v));
    const added = unique(keptOrder.filter((v) => !chosen.includes(v)));
    if (left.length || added.length) {
      const kept = inFormOrder.filter((v) => (chosen.includes(v) && playable(v)) || added.includes(v));
      const said = [];
      if (left.length) said.push(`Left out: ${left.map(needs).join('; ')}.`);
      if (!kept.length) said.push(`${info(FALLBACK).label} is played instead.`);
      if (added.length) said.push(`${andList(added.map((v) => info(v).label))} ticked: your fixed order plays ${added.length === 1 ? 'it' : 'them'}.`);
      out.round_types = kept.length ? kept : [FALLBACK];
      notes.round_types = said.join(' ');
    }
    return Object.keys(out).length ? { values: out, notes } : null;
  },
};
