// The client's state and how each event changes it. Pure: no sockets, no DOM, no clock
// (the time an event happened travels in the event), so it is tested in Node.

import { errorText } from './errors.js';
import { historyReducer, noHistory } from './history.js';
import { freshEvents, nextLog } from './move-log.js';
import { lastTrickKey } from './trick-key.js';
import { accountReducer, noAccount } from '../account/account-state.js';
import { noProfile, profileReducer } from './profile.js';

export const initialState = {
  connection: { status: 'idle', attempt: 0, retryInMs: 0 },
  needName: false,
  refusedArrival: null, // why the server would not let this browser in yet (a hello refused)
  me: null, // { player, name }
  server: null,
  games: [],
  lobby: null, // public tables, once subscribed
  table: null, // the last `table` message
  tableAt: 0, // when it arrived (ms since epoch, client clock), for counting clocks down
  trickKey: null, // the finished trick on the table (ui/trick-hold.js) and when it was taken
  trickDoneAt: 0,
  // The finished trick the last one replaced (raw, as the view gave it), while that one is
  // on the table: the next trick can be taken while the one before is still held, and the
  // one before then goes to its winner (ui/trick-to-winner.js).
  trickBefore: null,
  roundKey: null, // the last finished round (ui/round-summary.js) and when it ended
  roundDoneAt: 0,
  chat: [],
  moveLog: [], // the table's move log (state/move-log.js)
  statusEvents: [], // the events the last table message brought (state/move-log.js)
  toasts: [],
  nextToastId: 1,
  notice: null,
  farewell: null, // why we are no longer at a table (kicked, closed)
  route: { name: 'lobby' },
  leftGame: null, // a table whose game I left while it ran: my seat waits for me there
  leftTable: null, // the table just left: a snapshot of it still on the way is not a way back
  sound: false, // a sound cue when a decision comes to you (remembered per browser)
  ui: {}, // local choices that are nobody else's business (open panels, a half-made bid)
  history: noHistory, // this session's finished games (state/history.js)
  replay: null, // the replay being watched: its steps as the server sent them
  account: noAccount, // the account panel (account/account-state.js)
  profile: noProfile, // the profile looked at, and whether one's own is shown (state/profile.js)
};

const MAX_CHAT = 200;
// Refusals of a hello the controller answers itself: a new session, or the name form again.
const ASKS_AGAIN = new Set(['invalid_token', 'invalid_name']);
const MAX_TOASTS = 4;

export function reducer(state, event) {
  switch (event.type) {
    case 'route':
      return { ...state, route: event.route };
    case 'connection':
      return { ...state, connection: { ...state.connection, ...event.connection } };
    case 'need-name':
      return { ...state, needName: event.needName };
    case 'arrival-retry':
      return { ...state, refusedArrival: null };
    case 'message':
      return onMessage(state, event.msg, event.at ?? 0, event.words || {});
    case 'left-table':
      return { ...state, table: null, chat: [], moveLog: [], statusEvents: [], ui: {}, farewell: null, leftGame: event.leftGame ?? null, leftTable: state.table ? state.table.table : null };
    case 'joining':
      return state.leftTable ? { ...state, leftTable: null } : state;
    case 'toast':
      return addToast(state, event.text, event.kind || 'info');
    case 'dismiss-toast':
      return { ...state, toasts: state.toasts.filter((t) => t.id !== event.id) };
    case 'dismiss-notice':
      return { ...state, notice: null, farewell: null };
    case 'ui':
      return { ...state, ui: { ...state.ui, ...event.ui } };
    case 'sound':
      return { ...state, sound: Boolean(event.on) };
    case 'account':
      return accountReducer(state, event);
    case 'profile':
      return profileReducer(state, event);
    default:
      return historyReducer(state, event); // history and replay events; others change nothing
  }
}

// Toasts do not stack: a new piece of information replaces the last (main.js lets it fade
// after a few seconds); an error stays until dismissed, and the same error is shown once.
function addToast(state, text, kind) {
  const toast = { id: state.nextToastId, text, kind };
  const kept = state.toasts.filter((t) => (kind === 'error' ? t.text !== text : t.kind === 'error'));
  return { ...state, toasts: [...kept, toast].slice(-MAX_TOASTS), nextToastId: state.nextToastId + 1 };
}

// `words`: what the message says in its game's words (games/table-words.js), given by the
// caller so that the reducer knows no game.
function onMessage(state, msg, at, words) {
  switch (msg.type) {
    case 'welcome': {
      const stillSeated = msg.table != null && state.table && state.table.table === msg.table;
      return {
        ...state,
        needName: false,
        refusedArrival: null,
        me: { player: msg.you.player, name: msg.you.name },
        server: msg.server || null,
        games: msg.games || [],
        table: stillSeated ? state.table : null,
        chat: stillSeated ? state.chat : [],
        farewell:
          state.table && !stillSeated && msg.table == null
            ? 'You are no longer at that table (the server may have restarted without it).'
            : state.farewell,
      };
    }
    case 'lobby':
      return { ...state, lobby: msg.tables || [] };
    case 'table': {
      const sameTable = state.table && state.table.table === msg.table;
      if (!state.table && state.leftTable === msg.table) return state; // sent before our leave
      if (sameTable && typeof msg.seq === 'number' && msg.seq < state.table.seq) return state; // an older snapshot
      const trickKey = lastTrickKey(msg.game && msg.game.view);
      const newTrick = trickKey !== null && trickKey !== (sameTable ? state.trickKey : null);
      const roundKey = words.roundKey ?? null;
      const newRound = roundKey !== null && sameTable && roundKey !== state.roundKey;
      return {
        ...state,
        table: msg,
        tableAt: at,
        trickKey,
        roundKey,
        roundDoneAt: newRound ? at : sameTable && roundKey === state.roundKey ? state.roundDoneAt : 0,
        // A trick already finished when the table was first seen is not held.
        trickDoneAt: newTrick && sameTable ? at : sameTable && trickKey === state.trickKey ? state.trickDoneAt : 0,
        trickBefore: newTrick && sameTable ? (state.table.game && state.table.game.view && state.table.game.view.last_trick) || null : sameTable && trickKey === state.trickKey ? state.trickBefore : null,
        moveLog: nextLog(sameTable ? state.moveLog : [], state.table, msg, words.line || ''),
        // What this message's move brought, for the status line (ui/event-text.js).
        statusEvents: freshEvents(sameTable ? state.moveLog : [], state.table, msg),
        chat: sameTable ? state.chat : [],
        ui: sameTable ? state.ui : {},
        farewell: null,
      };
    }
    case 'chat': {
      if (!state.table || (msg.table && msg.table !== state.table.table)) return state;
      const line = { from: msg.from || {}, text: msg.text, at: msg.at ?? at, seq: msg.seq ?? null };
      // A resume may repeat lines already shown: the same seq, time and text.
      if (state.chat.some((l) => l.seq === line.seq && l.at === line.at && l.text === line.text)) return state;
      return { ...state, chat: [...state.chat, line].slice(-MAX_CHAT) };
    }
    case 'name':
    case 'renamed': // an admin's rename, or the account renamed on another device
      return state.me ? { ...state, me: { ...state.me, name: msg.name } } : state;
    case 'error':
      // A table asked for and refused: the create form, still open, says why.
      if (state.ui.createPending && state.ui.creating) {
        const said = errorText(msg);
        return { ...state, ui: { ...state.ui, createPending: false, createRefusal: /[.!?]$/.test(said) ? said : `${said}.` } };
      }
      // Refused at the door (no welcome yet, the name already given): the waiting screen says
      // why in place of "Connecting…", which would otherwise wait for ever.
      if (!state.me && !state.needName && !ASKS_AGAIN.has(msg.code)) return { ...state, refusedArrival: errorText(msg) };
      return addToast(state, errorText(msg), 'error');
    case 'notice':
      return { ...state, notice: msg.text }; // the banner alone: a toast as well said it twice
    case 'kicked':
    case 'table_closed': {
      if (state.table && msg.table && msg.table !== state.table.table) return state;
      const why = msg.type === 'kicked' ? `You were removed from the table: ${msg.reason}` : `The table was closed: ${msg.reason}`;
      return { ...state, table: null, chat: [], ui: {}, farewell: why };
    }
    case 'shutdown':
      return { ...state, notice: msg.reason || 'The server is stopping.' };
    default:
      return state; // ack, pong and anything newer than this client
  }
}

// Milliseconds left on a seat's clock at `now`, counting down the running one.
export function clockLeft(state, seat, now) {
  const clock = state.table && state.table.clock;
  if (!clock || !Array.isArray(clock.remaining_ms)) return null;
  const base = clock.remaining_ms[seat];
  if (typeof base !== 'number') return null;
  if (runningSeats(clock).includes(seat)) return Math.max(0, base - Math.max(0, now - state.tableAt));
  return base;
}

// Every seat whose clock runs (several during simultaneous choices such as blind bids).
export function runningSeats(clock) {
  if (!clock) return [];
  if (Array.isArray(clock.running_seats)) return clock.running_seats;
  return clock.running == null ? [] : [clock.running];
}
