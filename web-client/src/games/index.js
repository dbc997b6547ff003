// Each game's renderer, by the game's id. A new game adds its folder and one line here.

import * as crownBattles from './crown-battles/render.js';
import * as dwarfKing from './dwarf-king/render.js';
import * as queensCourt from './queens-court/render.js';
import * as lunar from './lunar/render.js';
import * as generic from './generic/render.js';

const RENDERERS = {
  'crown-battles': crownBattles,
  'dwarf-king': dwarfKing,
  'queens-court': queensCourt,
  lunar,
};

export function rendererFor(gameId) {
  return RENDERERS[gameId] || generic;
}

// Whether the table asks this seat to decide something now: its game's own answer where it
// has one (The Dwarf King lists everyone in the Sorcerer's window but asks only its holder),
// else whether it has any legal action.
// A paused game asks nobody anything (protocol/README.md, "pause").
export function isPaused(table) {
  return Boolean(table && table.state === 'playing' && table.pause && table.pause.paused);
}

export function isAsked(table, ui) {
  const game = table && table.game;
  if (!game || !Array.isArray(game.legal) || isPaused(table)) return false;
  const r = rendererFor(table.game_id);
  return r.asksSeat ? r.asksSeat(game, ui || {}) : game.legal.length > 0;
}
