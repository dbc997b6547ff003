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
