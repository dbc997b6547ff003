// Turns what a person does into protocol messages, and what the server says into state,
// plus the few follow-ups that need both (resume after a reconnect, join from a link).
// Everything outside (socket, storage, URL, clipboard, clock) is passed in, so the whole
// flow is tested in Node.

import * as m from '../net/messages.js';
import { formatRoute, routeForTable } from '../state/route.js';
import { readCreateForm, readOptionsForm } from '../ui/options-form.js';
import { createHistory } from './history.js';
import { messageEvent } from '../games/table-words.js';
import { createAccountFlow } from '../account/account-flow.js';
import { createProfile } from './profile.js';

export function createController({ store, send: sendRaw, saved, setHash = () => {}, now = () => Date.now(), copy = async () => {}, restart = () => {}, api = async () => ({ status: 0, text: '' }), download = () => {}, accountApi = null, profileApi = null, passkeys = { supported: false } }) {
  let lobbySubscribed = false;
  let welcomed = false;
  let resumeFrom = null; // { table, seq } held across a reconnect
  let helloSent = false; // one hello per connection: another needs a new connection

  const dispatch = (event) => store.dispatch(event);
  // Joining or creating a table ends the wait for a table just left (see the reducer).
  const send = (msg) => {
    if (msg && (msg.type === 'join_table' || msg.type === 'create_table')) dispatch({ type: 'joining' });
    return sendRaw(msg);
  };
  // The table (its `seq`) a decision was last sent on: one decision per table message, so a
  // double click never sends a second request the server would refuse.
  let actedOn = null;
  const actedAt = (table) => {
    if (!table) return false;
    const key = `${table.table}:${table.seq}`;
    if (actedOn === key) return true;
    actedOn = key;
    return false;
  };
  const toast = (text, kind = 'info') => dispatch({ type: 'toast', text, kind });
  // welcome.identity_refused: why this browser is a new player (protocol/README.md, "Session").
  const identityRefusedText = {
    identity_expired: 'This browser was last here too long ago to be remembered: you are a new player.',
    identity_revoked: 'This browser was signed out: you are a new player.',
    invalid_token: 'This server does not know this browser: you are a new player.',
  };
  // History and replays travel over HTTP with the token, so they start after the welcome.
  const history = createHistory({ store, api, download, setHash, toast });

  // This browser becomes another person (signed in, signed out): a new connection, whose
  // hello sends only what `saved` now holds. The table of the person before is not theirs.
  function reconnectAsSaved() {
    welcomed = false;
    resumeFrom = null;
    if (store.state.table) dispatch({ type: 'left-table' });
    const r = store.state.route.name;
    if (r === 'table' || r === 'watch' || r === 'invite') {
      dispatch({ type: 'route', route: { name: 'lobby' } });
      setHash(formatRoute({ name: 'lobby' }), { replace: true });
    }
    if (saved.name) restart();
    else dispatch({ type: 'need-name', needName: true });
  }
  const session = {
    // A sign-in's identity is kept in place of this browser's own; the session token is the
    // guest's, so it goes (protocol/accounts.md, "Signing in").
    signedIn({ identity, name }) {
      saved.identity = identity;
      saved.token = null;
      if (name) saved.name = name;
      reconnectAsSaved();
    },
    // Signed out: a new guest, under the name the person last used.
    signedOut() {
      saved.token = null;
      saved.identity = null;
      reconnectAsSaved();
    },
    renamed(name) {
      saved.name = name;
      if (store.state.me && store.state.me.name !== name) dispatch({ type: 'message', msg: { type: 'name', name } });
    },
  };
  const account = accountApi ? createAccountFlow({ store, api: accountApi, passkeys, session }) : null;
  const profile = profileApi ? createProfile({ store, api: profileApi, setHash }) : null;

  // A message that could not go. While the socket reconnects a toast says so; when nothing
  // will reconnect (another tab has the session, or the admin closed it) the page's banner
  // already says why and offers the way back, and a toast per click would only repeat a
  // promise nobody keeps.
  function notSent() {
    if (store.state.connection.status !== 'stopped') toast('Not connected: trying to reconnect…', 'error');
  }

  function sendNow(msg) {
    if (!send(msg)) notSent();
  }

  // A teaching table from an uploaded record: read here only far enough to send it (the
  // server checks the record and its deal, and says what is wrong). Its moves are left
  // out: the deal is what a teaching table takes, and a message is at most 16 KB.
  async function teachFrom(file, settings) {
    if (file.size > 4 * 1024 * 1024) return toast('That file is too large to be a game record.', 'error');
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      return toast('That file is not a game record (it is not JSON).', 'error');
    }
    if (!record || typeof record !== 'object' || Array.isArray(record)) return toast('That file is not a game record.', 'error');
    const msg = m.teachingTable({ ...record, actions: [] }, settings);
    if (JSON.stringify(msg).length > 15 * 1024) return toast('That record’s deal is too large to send.', 'error');
    dispatch({ type: 'ui', ui: { creating: false, optionDraft: null } });
    return sendNow(msg);
  }

  // The lobby's live list is wanted while the lobby is on screen (seated or not).
  function syncLobbySubscription() {
    if (!welcomed) return;
    const want = !store.state.table || store.state.route.name === 'lobby';
    if (want !== lobbySubscribed) {
      lobbySubscribed = want;
      send(want ? m.lobbySubscribe() : m.lobbyUnsubscribe());
    }
  }

  // Arriving at a table (created, joined, from a link) shows it; afterwards the person may
  // look at the lobby or History and come back (Back and Forward included) while the seat
  // stays theirs, so later table messages do not drag the page back to the table.
  let shownTable = null; // the table id the route last followed
  function syncRoute() {
    const { table, route } = store.state;
    if (!table) {
      shownTable = null;
      return;
    }
    const r = routeForTable(table);
    const arrived = table.table !== shownTable;
    const atTable = route.name === 'table' || route.name === 'watch' || route.name === 'invite';
    // Who invited this person, and to what, is said at the table an invite led to.
    if (arrived && route.name === 'invite') dispatch({ type: 'ui', ui: { invitedTo: table.table } });
    if ((arrived || atTable) && formatRoute(r) !== formatRoute(route)) {
      dispatch({ type: 'route', route: r });
      // A link that led here (invite, table, watch) is replaced; from the lobby it is a step.
      setHash(formatRoute(r), { replace: atTable });
    }
    shownTable = table.table;
  }

  // After welcome: go where the link points unless the session is already seated there.
  function followRoute(welcome) {
    const route = store.state.route;
    if (welcome.table != null) {
      if (resumeFrom && resumeFrom.table === welcome.table) send(m.resume(resumeFrom.table, resumeFrom.seq));
      const wantsOther =
        (route.name === 'invite') ||
        ((route.name === 'watch' || route.name === 'table') && route.table !== welcome.table);
      if (!wantsOther) return;
    }
    resumeFrom = null;
    if (route.name === 'invite') send(m.joinTable({ invite: route.invite, as: 'player' }));
    else if (route.name === 'watch') send(m.joinTable({ table: route.table, as: 'spectator' }));
    else if (route.name === 'table') send(m.joinTable({ table: route.table, as: 'player' }));
  }

  function helloMessage() {
    const token = saved.token;
    const identity = saved.identityToSend;
    const browser = saved.browser;
    if (token) return m.hello({ token, identity, browser });
    const name = saved.name;
    if (name) return m.hello({ name, identity, browser });
    return null;
  }

  return {
    // Signed in or out elsewhere than the account panel (a test, the sign-out banner).
    reconnectAsSaved,
    // The socket opened (first time or again).
    onOpen() {
      welcomed = false;
      helloSent = false;
      lobbySubscribed = false;
      const t = store.state.table;
      resumeFrom = t ? { table: t.table, seq: t.seq } : resumeFrom;
      const hello = helloMessage();
      if (hello) helloSent = send(hello);
      else dispatch({ type: 'need-name', needName: true });
    },

    onMessage(msg) {
      // The server answered (a refusal, or the table moved on): the next decision may go.
      if (msg.type === 'error' || msg.type === 'table') actedOn = null;
      if (msg.type === 'error' && msg.code === 'invalid_token') {
        // The server forgot this session (or it was never ours): start a new one, on a new
        // connection (a connection takes one hello).
        saved.token = null;
        if (saved.name) restart();
        else dispatch({ type: 'need-name', needName: true });
        return;
      }
      if (msg.type === 'error' && msg.code === 'invalid_name' && !welcomed) {
        saved.name = null;
        dispatch({ type: 'need-name', needName: true });
      }
      dispatch(messageEvent(msg, now()));
      if (msg.type === 'welcome') {
        welcomed = true;
        saved.token = msg.you.token;
        saved.name = msg.you.name;
        // A refused identity is dropped (a new one comes only to a new player), and the
        // person told why their History is not here.
        if (msg.identity_refused) {
          saved.identity = null;
          toast(identityRefusedText[msg.identity_refused] || identityRefusedText.invalid_token);
        }
        if (msg.you.identity) saved.identity = msg.you.identity;
        followRoute(msg);
        history.onRoute(store.state.route);
        if (profile) profile.onRoute(store.state.route);
        if (account) account.onWelcome();
      }
      if (msg.type === 'table') resumeFrom = null;
      if ((msg.type === 'kicked' || msg.type === 'table_closed') && store.state.route.name !== 'history' && store.state.route.name !== 'replay') {
        dispatch({ type: 'route', route: { name: 'lobby' } });
        setHash(formatRoute({ name: 'lobby' }), { replace: true });
      }
      if (msg.type === 'error' && ['invite_required', 'no_such_table', 'table_full', 'spectators_not_allowed'].includes(msg.code) && !store.state.table) {
        // A link that led nowhere: show the lobby rather than a dead route.
        dispatch({ type: 'route', route: { name: 'lobby' } });
        setHash(formatRoute({ name: 'lobby' }), { replace: true });
      }
      syncRoute();
      syncLobbySubscription();
    },

    // The URL's hash changed (a pasted link, back/forward).
    onRoute(route) {
      dispatch({ type: 'route', route });
      if (!welcomed) return;
      history.onRoute(route);
      if (profile) profile.onRoute(route);
      const t = store.state.table;
      if (route.name === 'invite') send(m.joinTable({ invite: route.invite, as: 'player' }));
      else if (route.name === 'watch' && (!t || t.table !== route.table)) send(m.joinTable({ table: route.table, as: 'spectator' }));
      else if (route.name === 'table' && (!t || t.table !== route.table)) send(m.joinTable({ table: route.table, as: 'player' }));
      syncLobbySubscription();
    },

    // A person did something; `data` holds the element's data-* values or a form's entries.
    intent(action, data = {}) {
      if (history.intent(action, data)) return;
      if (profile && profile.intent(action, data)) return;
      if (profile && action === 'account-open') profile.onAccountOpen();
      if (action === 'account-continue-as-guest') return session.signedOut();
      if (account) {
        const done = account.intent(action, data);
        if (done) return done;
      }
      const table = store.state.table;
      const seat = data.seat != null ? Number(data.seat) : undefined;
      switch (action) {
        case 'set-name': {
          const name = String(entry(data, 'name') || '').trim();
          if (!name) return toast('Please enter a name.', 'error');
          saved.name = name;
          dispatch({ type: 'ui', ui: { renaming: false } });
          if (welcomed) sendNow(m.setName(name));
          else {
            saved.token = null;
            dispatch({ type: 'need-name', needName: false });
            if (helloSent || !(helloSent = send(m.hello({ name, identity: saved.identity, browser: saved.browser })))) restart();
          }
          return;
        }
        case 'create-table': {
          const game = store.state.games.find((g) => g.id === entry(data, 'game'));
          if (!game) return toast('Choose a game.', 'error');
          const read = readCreateForm(game, data.entries || []);
          if (read.error) return toast(read.error, 'error');
          const file = entry(data, 'deal_from');
          if (file && typeof file === 'object' && file.size > 0) return teachFrom(file, read.value);
          // The form stays, with every choice, until the table comes: a refusal is said in it.
          dispatch({ type: 'ui', ui: { createPending: true, createRefusal: null } });
          return sendNow(m.createTable(read.value));
        }
        case 'follow':  // a spectator follows a seat ('' stops)
          return sendNow(m.follow(data.seat === '' || data.seat == null ? null : Number(data.seat)));
        case 'share-view': {
          // The chooser: '' nobody, '*' everyone who follows, else the one follower's id.
          const to = data.value != null ? data.value : data.share === 'true' ? '*' : '';
          return sendNow(to === '' ? m.shareView(false) : m.shareView(true, to === '*' ? null : to));
        }
        case 'play-deal-again':  // a new table dealing as a finished game did (History)
          return sendNow(m.duplicateTable(data.game, Number(data.rotate) || 0));
        case 'set-options': {
          const game = store.state.games.find((g) => g.id === (table && table.game_id));
          if (!game) return;
          const read = readOptionsForm(game, data.entries || [], table);
          if (read.error) return toast(read.error, 'error');
          dispatch({ type: 'ui', ui: { editingOptions: false, editSeats: null, optionDraft: null } });
          return sendNow(m.setOptions(read.value));
        }
        case 'join': {
          // A table whose hands someone there knows (a prepared or repeated deal): the lobby
          // row says so and asks once more before the seat is taken.
          const row = (store.state.lobby || []).find((t) => t.table === data.table);
          if (row && row.known_deal && data.confirmed !== 'true' && store.state.leftGame !== data.table) return dispatch({ type: 'ui', ui: { confirmJoin: data.table } });
          dispatch({ type: 'ui', ui: { confirmJoin: null } });
          return sendNow(m.joinTable({ table: data.table, as: 'player', seat }));
        }
        case 'watch':
          return sendNow(m.joinTable({ table: data.table, as: 'spectator' }));
        case 'leave': {
          // A game in progress is never left by one click: the first asks.
          const playing = table && table.state === 'playing' && table.you && table.you.role === 'player';
          if (playing && data.confirmed !== 'true') return dispatch({ type: 'ui', ui: { confirmLeave: true } });
          sendNow(m.leaveTable());
          const seated = table && table.state === 'playing' && table.you && table.you.role === 'player';
          dispatch({ type: 'left-table', leftGame: seated ? table.table : null });
          dispatch({ type: 'route', route: { name: 'lobby' } });
          setHash(formatRoute({ name: 'lobby' }));
          return syncLobbySubscription();
        }
        case 'take-seat':
          return sendNow(m.takeSeat(seat));
        case 'claim-seat':  // late join: a bot's seat at the next round, or the claim withdrawn
          return sendNow(m.takeSeat(seat, data.cancel === 'true'));
        case 'ready':
          return sendNow(m.ready(data.ready === 'true'));
        case 'add-bot':
          return sendNow(m.addBot(data.kind || 'heuristic', seat));
        case 'remove-bot':
          return sendNow(m.removeBot(seat));
        case 'kick':
          return sendNow(m.kick(seat));
        case 'transfer-host':
          return sendNow(m.transferHost(seat));
        case 'rematch':
          return sendNow(m.rematch());
        case 'start':
          return sendNow(m.start());
        case 'act': {
          let actionJson;
          try {
            actionJson = JSON.parse(data.payload);
          } catch {
            return;
          }
          if (actedAt(table)) return; // a second click on the same table: the first one went
          dispatch({ type: 'ui', ui: { draft: null } });
          return sendNow(m.act(actionJson, table ? table.seq : undefined));
        }
        // Several actions at once, in order (The Split's first half: one `split` per card,
        // picked in the page and kept together). An older `seq` is fine: each is judged
        // against the state it finds.
        case 'act-all': {
          let list;
          try {
            list = JSON.parse(data.payload);
          } catch {
            return;
          }
          if (!Array.isArray(list) || !list.length || actedAt(table)) return;
          // `data-clear`: the page's picks that these actions send (so they go only once).
          dispatch({ type: 'ui', ui: { draft: null, ...(data.clear ? { [data.clear]: null } : {}) } });
          for (const a of list) if (!send(m.act(a, table ? table.seq : undefined))) return notSent();
          return undefined;
        }
        case 'back':
          return sendNow(m.back());
        case 'pause':
          return sendNow(m.pause(data.pause === 'true'));
        case 'chat': {
          const text = String(entry(data, 'text') || '').trim();
          if (!text) return;
          if (text.length > 280) return toast('A chat line is at most 280 characters.', 'error');
          return sendNow(m.chat(text));
        }
        case 'copy': {
          return copy(data.text).then(
            () => toast('Link copied.'),
            () => toast('Could not copy: select the link and copy it by hand.', 'error'),
          );
        }
        case 'ui': {
          // Opening, closing or switching a settings form starts it afresh: a half-filled
          // form is not carried into another (the edit form redraws on a new player count).
          const fresh = DRAFT_ENDS.has(data.key) ? { optionDraft: null } : {};
          return dispatch({ type: 'ui', ui: { [data.key]: parseUiValue(data.value), ...fresh } });
        }
        case 'option-change': {
          // A settings field that another's default follows (options-form.js, `default_when`)
          // changed: keep the form as it is now and which fields the person set by hand.
          const prev = store.state.ui.optionDraft;
          const touched = new Set(prev && prev.form === data.form ? prev.touched : []);
          touched.add(data.option);
          return dispatch({ type: 'ui', ui: { optionDraft: { form: data.form, entries: data.entries || [], touched: [...touched] } } });
        }
        case 'dismiss-toast':
          return dispatch({ type: 'dismiss-toast', id: Number(data.id) });
        case 'dismiss-notice':
          return dispatch({ type: 'dismiss-notice' });
        case 'go-lobby':
          dispatch({ type: 'route', route: { name: 'lobby' } });
          setHash(formatRoute({ name: 'lobby' }));
          return syncLobbySubscription();
        case 'toggle-sound': {
          const on = !store.state.sound;
          saved.sound = on;
          return dispatch({ type: 'sound', on });
        }
        case 'retry-arrival':
          // A new connection, so a new hello: the server's wait may be over.
          dispatch({ type: 'arrival-retry' });
          return restart();
        case 'go-table': {
          if (!table) return undefined;
          const r = routeForTable(table);
          dispatch({ type: 'route', route: r });
          setHash(formatRoute(r));
          return syncLobbySubscription();
        }
        default:
          return undefined;
      }
    },
  };
}

// The `ui` keys that open, close or switch a settings form (see the `ui` intent).
const DRAFT_ENDS = new Set(['creating', 'createGame', 'editingOptions', 'editSeats']);

// A form field's value from either a form's entries or plain data.
function entry(data, name) {
  if (data.entries) {
    const hit = data.entries.find(([k]) => k === name);
    return hit ? hit[1] : undefined;
  }
  return data[name];
}

function parseUiValue(v) {
  if (v === undefined) return null;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}
