// One sentence about the table's last change, read out to screen readers and shown under
// the table's header. A move is told by the move-log events it brought (`lines`, worded by
// `lineText`: the game's message table, ui/event-words.js), the same words as the log.

import { seatName } from './format.js';
import { lineParts, partsText } from './event-words.js';

// A move-log line as plain text, in its game's words.
export function lineText(line, renderer, name, view = null) {
  return partsText(lineParts(line, renderer, name, view), renderer.eventCardName || String);
}

// A move told by its events: the move's own event first; what it led to (a trick won, a new
// round), last. The live status line and a replay's step say a move the same way.
export function moveSentence(lines, wordLine) {
  return [lines[0], ...(lines.length > 1 ? [lines.at(-1)] : [])].map(wordLine).join(' ');
}

export function eventText(table, describeAction, lines = [], wordLine = null) {
  const e = table && table.last_event;
  if (!e || !e.kind) return '';
  const who = e.seat != null ? seatName(table, e.seat) : 'Someone';
  switch (e.kind) {
    case 'action':
      if (lines.length && wordLine) return moveSentence(lines, wordLine);
      // No event for this viewer (a pick nobody is told of yet): only who acted. Without a
      // move log at all (an older server), the seat's own action, as it sent it.
      if (!wordLine && e.action && describeAction) return `${who} ${describeAction(e.action, (s) => seatName(table, s), table.game ? table.game.view : null, e.seat ?? null)}.`;
      return `${who} moved.`;
    case 'joined':
      return `${who} joined.`;
    case 'left':
      return `${who} left.`;
    case 'returned':
    case 'back':
      return `${who} is back.`;
    case 'connected':
      return `${who} is connected.`;
    case 'disconnected':
      return `${who} lost the connection.`;
    case 'away':
      return e.reason === 'timeout' ? `${who} ran out of time: a bot plays for them.` : `${who} is away: a bot plays for them.`;
    case 'ready':
      return `${who} is ${table.seats[e.seat] && table.seats[e.seat].ready ? 'ready' : 'not ready'}.`;
    case 'bot_added':
      return `A bot took seat ${e.seat + 1}.`;
    case 'bot_removed':
      return `The bot left seat ${e.seat + 1}.`;
    case 'kicked':
      return `Seat ${e.seat + 1} was removed by the host.`;
    case 'host':
      return `${who} is now the host.`;
    case 'options':
      return 'The host changed the settings.';
    case 'started':
      return 'The game has started.';
    case 'finished':
      return 'The game is over.';
    case 'pause_asked':
      return `${who} asked for a pause.`;
    case 'pause_withdrawn':
      return `${who} no longer asks for a pause.`;
    case 'pause_declined':
      return `${who} declined the pause; the game goes on.`;
    case 'paused':
      return `The game is paused (${who} agreed last).`;
    case 'resumed':
      return `${who} resumed the game.`;
    case 'rematch_offered':
      return `${who} offers a rematch.`;
    case 'late_join_claimed': {
      const next = table.seats[e.seat] && table.seats[e.seat].next;
      return next ? `${next.name} takes over ${who}’s seat when this round ends.` : '';
    }
    case 'late_join_withdrawn':
      return `Nobody takes over ${who}’s seat after all.`;
    case 'view_shared': {
      const one = table.seats[e.seat] && table.seats[e.seat].shared_with;
      return one ? `${who} lets ${one.name}, who follows them, see their hand.` : `${who} lets spectators who follow them see their hand.`;
    }
    case 'view_unshared':
      return `${who} no longer shows their hand to spectators.`;
    case 'late_joined':
      return `${who} took over seat ${e.seat + 1} from its bot.`;
    case 'seat':
      return `${who} took seat ${e.seat + 1}.`;
    case 'renamed':
      return `Seat ${e.seat + 1} is now ${who}.`;
    default:
      return '';
  }
}
