// Sentences about the state of a Dwarf King hand.

import { cardName, suitName } from './cards.js';
import { asksForDecision, sorcererWindowKey } from './model.js';

const PHASE_VERB = {
  quest: 'choose the quest side',
  steal: 'choose whom the Thief robs',
  give_back: 'give two cards back',
  playing: 'play',
  swap_hands: 'choose whom to swap hands with (Druid)',
  pass_hands: 'choose which way the hands pass (Standard Bearer)',
  sorcerer_window: 'decide on the Sorcerer',
};

export function promptText(ctx, v, name) {
  if (v.phase === 'finished' || ctx.table.state === 'finished') return 'The game is over.';
  if (ctx.paused) return 'Paused: nobody plays until a player resumes the game.';
  const types = new Set(ctx.legal.map((a) => a.type));
  if (types.has('choose_quest')) return 'Your turn: you hold the 5 of Knights. Choose the side of the quest tile that scores this hand.';
  if (types.has('steal')) return 'Your turn: you hold the Thief. Choose whose hand it takes 2 random cards from.';
  if (types.has('give_back')) return 'Your turn: choose 2 cards to give back to the player you robbed.';
  if (types.has('swap_hands')) return 'Your turn: your Druid won its trick’s effect. Choose a player to swap whole hands with.';
  if (types.has('pass_hands')) return 'Your turn: your Standard Bearer lets you pass every hand left or right.';
  if (v.phase === 'sorcerer_window') {
    // Everybody reads the same line unless they hold the Sorcerer and have not kept their hand.
    if (asksForDecision(ctx.legal, v.phase, ctx.ui && ctx.ui.dkKeep, sorcererWindowKey(v.handNumber, v.trickNumber)))
      return 'Your turn: you may swap your Sorcerer for a card of the trick just played, or keep your hand.';
    return 'The Sorcerer’s window: whoever holds it may take a card of this trick. The next trick starts in a few seconds.';
  }
  if (types.has('play')) return v.trick && v.trick.plays.length === 0 ? 'Your turn: lead a card.' : 'Your turn: play a card.';
  if (ctx.legal.length) return 'Your turn.';
  const waiting = ctx.toAct.filter((s) => s !== ctx.mySeat);
  if (!waiting.length) return '';
  return `Waiting for ${waiting.map(name).join(', ')} to ${PHASE_VERB[v.phase] || 'act'}.`;
}

export function questSideName(quest, side) {
  if (!quest || !side) return null;
  const i = side === 'A' ? 0 : side === 'B' ? 1 : -1;
  return quest.sides[i] ? quest.sides[i].name : side;
}

export function specialText(special) {
  if (!special) return 'none';
  return special.suit ? `${special.name} (${suitName(special.suit)} ${special.value ?? ''})`.replace(' )', ')') : `${special.name} (no suit)`;
}

export function directionText(d) {
  return d === 'left' ? 'Left (to the next player)' : d === 'right' ? 'Right (to the previous player)' : String(d);
}

export function describeAction(a, name = (s) => `seat ${s + 1}`) {
  switch (a.type) {
    case 'play':
      return `played ${cardName(a.card)}`;
    case 'choose_quest':
      return `chose side ${a.side} of the quest`;
    case 'steal':
      return `sent the Thief after ${name(a.seat)}`;
    case 'give_back':
      return a.cards && a.cards.length === 2 ? `gave back ${cardName(a.cards[0])} and ${cardName(a.cards[1])}` : 'gave two cards back';
    case 'swap_hands':
      return `swapped hands with ${name(a.seat)}`;
    case 'pass_hands':
      return `passed every hand to the ${a.direction}`;
    case 'use_sorcerer':
      return `swapped the Sorcerer for ${cardName(a.card)}`;
    case 'pass':
      return 'let the Sorcerer’s moment pass';
    default:
      return a.type;
  }
}
