// What a `table` message says in its game's words, worked out before the reducer sees it:
// the move log's line for its `last_event` (until the server sends events) and the key of
// the round that just ended (ui/round-summary.js). The reducer then stays pure and knows no
// renderer; the controller attaches these to the message event.

import { rendererFor } from './index.js';
import { eventText } from '../ui/event-text.js';
import { lastRoundKey } from '../ui/round-summary.js';

export function tableWords(msg) {
  if (!msg || msg.type !== 'table') return null;
  const r = rendererFor(msg.game_id);
  return { line: eventText(msg, r.describeAction), roundKey: lastRoundKey(r, msg.game && msg.game.view) };
}

// The reducer's message event for a server message, with its words.
export function messageEvent(msg, at) {
  return { type: 'message', msg, at, words: tableWords(msg) };
}
