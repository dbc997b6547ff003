// What to tell a person about an error the server sent. The server's `reason` is written
// for people already; a few codes get a friendlier sentence or a hint what to do next.

const HINTS = {
  invite_required: 'This table is private: you need its invite link to join.',
  no_such_table: 'That table does not exist any more.',
  table_full: 'That table has no free seat.',
  seat_taken: 'That seat has just been taken.',
  spectators_not_allowed: 'This table does not allow spectators.',
  no_such_record: 'That finished game is not in your History.',
  seated_here: 'You have a seat at this table (in this browser): a player does not watch the table too.',
  deal_in_play: 'That deal is being played again at another table right now: repeat it once that game is over.',
  not_ready: 'Every seat must be filled and every player ready before the start.',
  not_host: 'Only the host can do that.',
  rate_limited: 'Slow down a little: too many messages.',
  chat_rate_limited: 'Chat is limited to 5 lines in 10 seconds.',
  chat_too_long: 'A chat line is at most 280 characters.',
  table_paused: 'The game is paused: resume it to play.',
  invalid_name: 'A name is 1 to 24 characters.',
  server_full: 'The server is full right now. Try again in a minute.',
  protocol_version: 'This page is out of date: reload it.',
  table_moving: 'The table is moving to another server: it will be back in a few seconds.',
};

// Limits that lift by themselves: the server says when (`retry_ms`), the page says it in words.
const WAITS = {
  too_many_new_sessions: 'New players cannot join from your network right now',
};

// "in 42 s", "in 5 min": a wait as a person reads it.
export function waitText(ms) {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s <= 90 ? `in ${s} s` : `in ${Math.ceil(s / 60)} min`;
}

export function errorText(msg) {
  if (WAITS[msg.code]) {
    const when = Number.isFinite(msg.retry_ms) ? waitText(msg.retry_ms) : 'later';
    return `${WAITS[msg.code]}: try again ${when}.`;
  }
  const hint = HINTS[msg.code];
  const reason = msg.reason ? String(msg.reason) : '';
  if (hint && reason && !hint.toLowerCase().includes(reason.toLowerCase())) {
    // A reason from the game (why a move is illegal) says more than the hint; for the
    // lobby codes the hint is the clearer sentence.
    return msg.code === 'invalid_options' ? reason : hint;
  }
  return hint || reason || `Error: ${msg.code}`;
}
