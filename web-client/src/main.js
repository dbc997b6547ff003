// Boots the page: state, socket, controller, and one render per animation frame.

import { render } from './dom/vdom.js';
import { accessibleNames } from './dom/accessible-names.js';
import { listen } from './dom/events.js';
import { createStore } from './state/store.js';
import { reducer, initialState, runningSeats } from './state/reducer.js';
import { parseRoute } from './state/route.js';
import { savedSession } from './state/saved.js';
import { createConnection, socketUrl } from './net/connection.js';
import { createController } from './app/controller.js';
import { appView } from './ui/app-view.js';
import { copyText } from './ui/clipboard.js';
import { pageTitle } from './ui/title.js';
import { isAsked } from './games/index.js';
import { replayKey } from './state/history.js';
import { TRICK_HOLD_MS } from './ui/trick-hold.js';
import { endTrickSlides } from './ui/trick-to-winner.js';
import { ROUND_HOLD_MS } from './ui/round-summary.js';
import { createStepTicker } from './ui/step-countdown.js';
import { listenLongPress } from './ui/card-tips.js';
import { stageMoment, stageOnBoard } from './ui/stage-view.js';
import { createAccountApi, createProfileApi } from './account/api.js';
import { browserPasskeys } from './account/passkeys.js';
import { createDialogFocus } from './account/dialog-focus.js';

const root = document.getElementById('app');
let lastHash = location.hash; // the hash the app last acted on
const saved = savedSession(window.localStorage);
const store = createStore(reducer, { ...initialState, route: parseRoute(location.hash), sound: saved.sound });

const connection = createConnection(socketUrl(location), {
  onOpen: () => controller.onOpen(),
  onMessage: (msg) => controller.onMessage(msg),
  onStatus: (connectionState) => store.dispatch({ type: 'connection', connection: connectionState }),
});

const controller = createController({
  store,
  saved,
  send: (msg) => connection.send(msg),
  // A step the person takes (lobby, History, a table) is a new entry, so Back and Forward
  // move between them; a link resolved to where it led replaces its own entry.
  setHash: (hash, { replace = false } = {}) => {
    if (location.hash === hash) return;
    if (replace) history.replaceState(null, '', hash);
    else history.pushState(null, '', hash);
    lastHash = location.hash;
  },
  copy: copyText,
  restart: () => connection.restart(),
  // History and records: plain HTTP with the session token, which never enters the state.
  api: async (path) => {
    const r = await fetch(path, { headers: saved.token ? { Authorization: `Bearer ${saved.token}` } : {} });
    return { status: r.status, text: await r.text() };
  },
  download: saveFile,
  // The account panel's requests (protocol/accounts.md), with the token and identity.
  accountApi: createAccountApi({ saved }),
  // Profiles: anyone's, read with the token so one's own private profile shows whole.
  profileApi: createProfileApi({ saved }),
  passkeys: browserPasskeys(window),
});
const dialogFocus = createDialogFocus(root);

// A record saved as a file: the request needs the token in a header, so the page fetches
// it and hands the browser a blob to save under the game's name.
function saveFile(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// A short soft tone (no sound file to load): played when a decision comes to you, if the
// person turned it on (off by default; remembered in this browser).
let audio = null;
function turnSound() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.3);
    window.__turnSounds = (window.__turnSounds || 0) + 1; // counted for the browser test
  } catch {
    // No audio here: the cue is optional.
  }
}

let frame = 0;
let wasMyTurn = false;
let stageWas = { deciding: false, summary: false };
// A timed step's countdown (the Spy's look) is drawn again once a second, by one timer.
const stepTicker = createStepTicker({ redraw: () => schedule() });
function schedule() {
  if (!frame) frame = requestAnimationFrame(draw);
}
function draw() {
  frame = 0;
  const state = store.state;
  const pageUrl = location.href.replace(/#.*$/, '');
  const hadFocus = document.activeElement && document.activeElement !== document.body && root.contains(document.activeElement);
  // The move log follows its newest line, unless the person scrolled up to read.
  const log = root.querySelector('.move-log-lines');
  const followLog = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  render(root, accessibleNames(appView(state, { now: Date.now(), pageUrl, savedName: saved.name })));
  dialogFocus.sync();
  const logNow = root.querySelector('.move-log-lines');
  if (logNow && followLog) logNow.scrollTop = logNow.scrollHeight;
  // The control that had the focus went away (a card just played, a decision taken, the
  // create form opened or closed): keep keyboard play where it was, on the next choice or the
  // hand, the form's first field or the button that opens it, not back at the page's top.
  if (hadFocus && (!document.activeElement || document.activeElement === document.body)) {
    const next = root.querySelector('[data-turn-focus]') || root.querySelector('.hand-cards button:not([disabled])') ||
      root.querySelector('.create-form select, .lobby-buttons .primary') || root.querySelector('.cb-board, #main');
    if (next) {
      if (!next.matches('button, a, input, select, textarea, [tabindex]')) next.setAttribute('tabindex', '-1');
      next.focus({ preventScroll: true });
    }
  }
  document.title = pageTitle(state);
  // When a decision comes to a person, the focus goes to its first choice (the prompt, a
  // live region, says what is asked), so keyboard play needs no trip from the top; unless
  // they are typing (chat, a name): a line half written keeps its caret.
  const myTurn = isAsked(state.table, state.ui);
  if (myTurn && !wasMyTurn && state.sound) turnSound();
  // A decision shown (the dock comes alive) or a round's summary up: the stage shows it.
  const stageNow = stageMoment(root);
  if ((stageNow.deciding && !stageWas.deciding) || (stageNow.summary && !stageWas.summary)) stageOnBoard(root);
  stageWas = stageNow;
  if (myTurn && !wasMyTurn && !typing(document.activeElement)) {
    root.querySelector('[data-turn-focus]')?.focus({ preventScroll: true });
    // Below 820 px the moves and the chat come after the game, one scroll away: whoever
    // scrolled down to read them gets the game back, prompt and hand, when it is their turn.
    const page = root.querySelector('.table-screen.in-play > .table-layout');
    if (page && page.scrollTop) page.scrollTop = 0;
  }
  wasMyTurn = myTurn;
  stepTicker.sync(state);
  fadeToasts(state.toasts);
}

function typing(el) {
  return Boolean(el && el.matches && el.matches('input:not([type=checkbox]):not([type=radio]):not([readonly]), textarea, select'));
}

// An information toast fades after a few seconds (styles/base.css fades it out); an error
// stays until dismissed.
const TOAST_MS = 4000;
const fading = new Set();
function fadeToasts(toasts) {
  for (const t of toasts) {
    if (t.kind === 'error' || fading.has(t.id)) continue;
    fading.add(t.id);
    setTimeout(() => store.dispatch({ type: 'dismiss-toast', id: t.id }), TOAST_MS);
  }
}
store.subscribe(schedule);

// Clocks count down between server messages.
setInterval(() => {
  const table = store.state.table;
  if (table && table.state === 'playing' && runningSeats(table.clock).length) schedule();
  // A finished trick held on the table is let go (ui/trick-hold.js).
  else if (store.state.trickDoneAt && Date.now() - store.state.trickDoneAt < TRICK_HOLD_MS + 1000) schedule();
  else if (store.state.roundDoneAt && Date.now() - store.state.roundDoneAt < ROUND_HOLD_MS + 1000) schedule();
}, 250);

listen(root, (action, data, el) => {
  if (action === 'retry') return connection.retryNow();
  if (action === 'reload') return location.reload();
  if (action === 'skip') return document.getElementById('main')?.focus();
  if (action === 'close-details') return el.closest('details')?.removeAttribute('open');
  controller.intent(action, data);
  if (action === 'chat' && el.tagName === 'FORM') el.reset();
});
listenLongPress(root);
// A click or a key ends a taken trick's slide to its winner at once (ui/trick-to-winner.js).
root.addEventListener('pointerdown', () => endTrickSlides(root));
window.addEventListener('keydown', () => endTrickSlides(root));
root.addEventListener('focusin', (e) => {
  if (e.target.matches && e.target.matches('[data-select-on-focus]')) e.target.select();
});
// The account panel is a dialog: Escape closes it, Tab goes round inside it.
window.addEventListener('keydown', (e) => {
  if (dialogFocus.onKeydown(e, () => controller.intent('account-close'))) e.stopImmediatePropagation();
});
// In the hand, arrow keys move from card to card (Home and End to the ends); Enter or Space
// plays the focused card, as a button does.
window.addEventListener('keydown', (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || !e.target.closest) return;
  const hand = e.target.closest('.hand-cards');
  if (!hand) return;
  const cards = [...hand.querySelectorAll('button.card:not([disabled])')];
  const at = cards.indexOf(e.target);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  const to = e.key === 'Home' ? 0 : e.key === 'End' ? cards.length - 1 : step && at >= 0 ? (at + step + cards.length) % cards.length : -1;
  if (to < 0 || !cards[to]) return;
  e.preventDefault();
  cards[to].focus();
});
// Arrow keys, Home and End step through a replay, unless a field is taking the keys.
window.addEventListener('keydown', (e) => {
  if (store.state.table || store.state.route.name !== 'replay' || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.closest && e.target.closest('input, select, textarea')) return;
  const to = replayKey(e.key);
  if (!to) return;
  e.preventDefault();
  controller.intent('replay-step', { to });
});
// Back, Forward and typed links: popstate and hashchange may both announce one change.
function onLocation() {
  if (location.hash === lastHash) return;
  lastHash = location.hash;
  controller.onRoute(parseRoute(location.hash));
}
window.addEventListener('hashchange', onLocation);
window.addEventListener('popstate', onLocation);

draw();
connection.start();
