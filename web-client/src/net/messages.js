// Every message this client sends, built in one place from protocol/README.md.

export const PROTOCOL = 1;

// `identity`: the guest's long-lived one, tried when the token is gone; `name` names a new
// player (with no token to resume).
export const hello = ({ name, token, identity, browser }) => {
  const m = token ? { type: 'hello', protocol: PROTOCOL, token } : { type: 'hello', protocol: PROTOCOL, name };
  if (identity) m.identity = identity;
  return browser ? { ...m, browser } : m;
};

export const setName = (name) => ({ type: 'set_name', name });
export const lobbySubscribe = () => ({ type: 'lobby_subscribe' });
export const lobbyUnsubscribe = () => ({ type: 'lobby_unsubscribe' });

export const createTable = ({ game, seats, options, isPrivate, spectators, lateJoin, spectatorMode, spectatorDelay, openHands, clock }) => ({
  type: 'create_table',
  game,
  seats,
  options,
  private: Boolean(isPrivate),
  spectators: Boolean(spectators),
  late_join: Boolean(lateJoin),
  spectator_mode: spectatorMode || 'public',
  spectator_delay: spectatorDelay || 1,
  open_hands: Boolean(openHands),
  clock: clock || null,
});

// A teaching table: the record (or prepared deal) gives the game, options, seats and deal;
// the table's own settings are as in createTable.
export function teachingTable(record, settings) {
  const { type, game, seats, options, ...rest } = createTable(settings);
  return { type, deal_from: record, ...rest };
}

// "Play this deal again": the server reads the game, options and seats from the record.
// "Play this deal again"; `rotate` moves everyone that many seats on (each plays another's hand).
export const duplicateTable = (gameId, rotate = 0) => (rotate > 0 ? { type: 'create_table', deal_of: gameId, rotate } : { type: 'create_table', deal_of: gameId });

export function joinTable({ table, invite, as = 'player', seat }) {
  const msg = { type: 'join_table', as };
  if (invite) msg.invite = invite;
  else msg.table = table;
  if (seat != null && as === 'player') msg.seat = seat;
  return msg;
}

export const leaveTable = () => ({ type: 'leave_table' });
export const takeSeat = (seat, cancel = false) => (cancel ? { type: 'take_seat', seat, cancel: true } : { type: 'take_seat', seat });
export const ready = (isReady) => ({ type: 'ready', ready: Boolean(isReady) });
export const addBot = (kind, seat) => (seat == null ? { type: 'add_bot', kind } : { type: 'add_bot', kind, seat });
export const removeBot = (seat) => ({ type: 'remove_bot', seat });
export const kick = (seat) => ({ type: 'kick', seat });
export const transferHost = (seat) => ({ type: 'transfer_host', seat });
export const start = () => ({ type: 'start' });
export const rematch = () => ({ type: 'rematch' });
export const setOptions = (changes) => ({ type: 'set_options', ...changes });
export const act = (action, seq) => (seq == null ? { type: 'act', action } : { type: 'act', action, seq });
export const back = () => ({ type: 'back' });
export const pause = (want) => ({ type: 'pause', pause: Boolean(want) });
export const follow = (seat) => ({ type: 'follow', seat });
// `withPlayer`: the one follower (a player id) shown the hand; none: everyone who follows.
export const shareView = (share, withPlayer = null) => (share && withPlayer ? { type: 'share_view', share: true, with: withPlayer } : { type: 'share_view', share: Boolean(share) });
export const chat = (text) => ({ type: 'chat', text });
export const resume = (table, seq) => ({ type: 'resume', table, seq });
export const ping = () => ({ type: 'ping' });
