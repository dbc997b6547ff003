// Sentences about a Queen's Court round.

import { cardName } from './cards.js';

export function phaseName(phase) {
  return { first_half: 'First half', second_half: 'Second half (Gloves)', finished: 'Over' }[phase] || String(phase);
}

export function spreadText(p) {
  if (p.doubleQueens || (p.spread == null && p.left.showing && p.right.showing)) return 'two Queens';
  return p.spread == null ? '—' : String(p.spread);
}

export function pileText(pile) {
  if (!pile.showing) return 'empty';
  return `${cardName(pile.showing)}${pile.gloved ? ' under a Glove' : ''}, ${pile.cards.length} ${pile.cards.length === 1 ? 'card' : 'cards'}`;
}

export function promptText(ctx, v, name, selected) {
  if (v.phase === 'finished' || ctx.table.state === 'finished') return 'The game is over.';
  if (ctx.paused) return 'Paused: nobody plays until a player resumes the game.';
  if (ctx.legal.length) {
    if (selected) return `Your turn: choose a pile for your ${cardName(selected)}.`;
    return v.phase === 'second_half'
      ? 'Your turn: choose a card (a Glove closes a pile), then a pile. Nobody draws now.'
      : 'Your turn: choose a card, then the pile to play it on. Then you draw.';
  }
  const waiting = ctx.toAct.filter((s) => s !== ctx.mySeat);
  if (!waiting.length) return '';
  return `Waiting for ${waiting.map(name).join(', ')} to play.`;
}

// A pile belongs to a player: named as the table names them ("seat N" when no name is given).
export function describeAction(a, name = (s) => `seat ${s + 1}`) {
  if (a.type === 'play') return `played ${cardName(a.card)} on ${name(a.owner)}’s ${a.side} pile`;
  return a.type;
}
