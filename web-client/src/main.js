// Boots the page: state, socket, controller, and one render per animation frame.

import { render } from './dom/vdom.js';
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

const root = document.getElementById('app');
const saved = savedSession(window.localStorage);
const store = createStore(reducer, { ...initialState, route: parseRoute(location.hash) });

const connection = createConnection(socketUrl(location), {
  onOpen: () => controller.onOpen(),
  onMessage: (msg) => controller.onMessage(msg),
  onStatus: (connectionState) => store.dispatch({ type: 'connection', connection: connectionState }),
});

const controller = createController({
  store,
  saved,
  send: (msg) => connection.send(msg),
  setHash: (hash) => {
    if (location.hash !== hash) history.replaceState(null, '', hash);
  },
  copy: copyText,
  restart: () => connection.restart(),
});

let frame = 0;
let wasMyTurn = false;
function schedule() {
  if (!frame) frame = requestAnimationFrame(draw);
}
function draw() {
  frame = 0;
  const state = store.state;
  const pageUrl = location.href.replace(/#.*$/, '');
  render(root, appView(state, { now: Date.now(), pageUrl, savedName: saved.name }));
  document.title = pageTitle(state);
  // When a decision comes to a person whose focus was lost (the control they used went
  // away), put it on the first choice, so keyboard play goes on without a trip from the top.
  const myTurn = Boolean(state.table && state.table.game && state.table.game.legal && state.table.game.legal.length);
  if (myTurn && !wasMyTurn && (!document.activeElement || document.activeElement === document.body)) {
    root.querySelector('[data-turn-focus]')?.focus({ preventScroll: true });
  }
  wasMyTurn = myTurn;
}
store.subscribe(schedule);

// Clocks count down between server messages.
setInterval(() => {
  const table = store.state.table;
  if (table && table.state === 'playing' && runningSeats(table.clock).length) schedule();
}, 500);

listen(root, (action, data, el) => {
  if (action === 'retry') return connection.retryNow();
  if (action === 'reload') return location.reload();
  if (action === 'skip') return document.getElementById('main')?.focus();
  controller.intent(action, data);
  if (action === 'chat' && el.tagName === 'FORM') el.reset();
});
root.addEventListener('focusin', (e) => {
  if (e.target.matches && e.target.matches('[data-select-on-focus]')) e.target.select();
});
window.addEventListener('hashchange', () => controller.onRoute(parseRoute(location.hash)));

draw();
connection.start();
