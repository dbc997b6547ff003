// One sentence about the table's last change, read out to screen readers and shown under
// the table's header. The game's renderer words its own actions.

import { seatName } from './format.js';

export function eventText(table, describeAction, describeSeen) {
  const e = table && table.last_event;
  if (!e || !e.kind) return '';
  const who = e.seat != null ? seatName(table, e.seat) : 'Someone';
  switch (e.kind) {
    case 'action':
      // The view after the action goes along: a game may word an action by what it did
      // there (Crown Battles' Suit Precision bids name no suit; the view does).
      if (e.action) return `${who} ${describeAction ? describeAction(e.action, (s) => seatName(table, s), table.game ? table.game.view : null, e.seat ?? null) : e.action.type}.`;
      {
        const seen = describeSeen && table.game && e.seat != null ? describeSeen(table.game.view, e.seat) : null;
        if (seen) return `${who} ${seen}.`;
        // The action is hidden (a secret bid, a pass nobody may see): say at least when.
        const phase = table.game && table.game.view && typeof table.game.view.phase === 'string' ? table.game.view.phase.replace(/_/g, ' ') : '';
        return phase ? `${who} made a move (${phase}).` : `${who} made a move.`;
      }
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
    case 'view_shared':
      return `${who} lets spectators who follow them see their hand.`;
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
