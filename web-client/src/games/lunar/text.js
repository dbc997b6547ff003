// Sentences about a Lunar round.

import { cardName, suitName } from './cards.js';
import { plural } from '../../ui/format.js';

export function phaseName(phase) {
  return { exchange: 'Secret exchange', trump: 'Trump tiles', playing: 'Tricks', finished: 'Over' }[phase] || String(phase);
}

export function teamName(teams, t, name) {
  const seats = teams[t] || [];
  return seats.map(name).join(' & ') || `Team ${t + 1}`;
}

export function promptText(ctx, v, name, sky) {
  if (v.phase === 'finished' || ctx.table.state === 'finished') return 'The game is over.';
  if (ctx.paused) return 'Paused: nobody plays until a player resumes the game.';
  const types = new Set(ctx.legal.map((a) => a.type));
  if (types.has('exchange')) return 'Your turn: choose 2 rank cards and 2 suit cards to pass to your partner, in secret.';
  if (types.has('discard_tile')) return 'Your turn: turn one trump tile face down. The last tile left is trump.';
  if (types.has('play')) {
    const n = v.trick ? v.trick.cards.length : 0;
    if (n >= 2) {
      const partnerCard = v.trick.cards[n - 2].card;
      const kind = /^[1-8]/.test(partnerCard) ? 'suit' : 'rank';
      return sky ? `Your turn: your second card, a ${kind} card from ${v.trick.cards[n - 2].from === 'sky' ? 'your hand' : 'the Sky'}.` : `Your turn: your partner played a ${/^[1-8]/.test(partnerCard) ? 'rank' : 'suit'} card, so play a ${kind} card.`;
    }
    return sky ? 'Your turn: play a card from your hand or from the Sky.' : n === 0 ? 'Your turn: lead a card.' : 'Your turn: play a card.';
  }
  if (ctx.legal.length) return 'Your turn.';
  const waiting = ctx.toAct.filter((s) => s !== ctx.mySeat);
  if (v.phase === 'exchange' && ctx.mySeat != null && !ctx.toAct.includes(ctx.mySeat)) return `Your cards are chosen. Waiting for ${waiting.map(name).join(', ')}.`;
  if (!waiting.length) return '';
  const verb = { exchange: 'choose their exchange', trump: 'turn a trump tile', playing: 'play' }[v.phase] || 'act';
  return `Waiting for ${waiting.map(name).join(', ')} to ${verb}.`;
}

export function describeAction(a) {
  switch (a.type) {
    case 'exchange':
      return 'passed 2 rank and 2 suit cards to their partner';
    case 'discard_tile':
      return `turned the ${suitName(a.suit)} tile face down`;
    case 'play':
      return `played ${cardName(a.card)}`;
    default:
      return a.type;
  }
}

export function roundSummary(r, teamLabel) {
  if (!r) return '';
  const t = (i) => `${teamLabel(i)}: ${plural(r.tricks?.[i] ?? 0, 'trick')} (${r.track_points?.[i] ?? 0} track) + ${plural(r.stars?.[i] ?? 0, 'star')} = ${r.points?.[i] ?? 0}`;
  return `Round ${r.round}${r.trump ? ` (trump ${suitName(r.trump)})` : ''}: ${t(0)}; ${t(1)}.`;
}
