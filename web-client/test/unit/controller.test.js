import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createController } from '../../src/app/controller.js';
import { createStore } from '../../src/state/store.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { savedSession, memoryStorage } from '../../src/state/saved.js';
import { example } from '../helpers/protocol-examples.js';

function setup({ token = null, name = null, route = { name: 'lobby' }, open = true } = {}) {
  const store = createStore(reducer, { ...initialState, route });
  const saved = savedSession(memoryStorage());
  if (token) saved.token = token;
  if (name) saved.name = name;
  const sent = [];
  const hashes = [];
  const copied = [];
  const restarts = [];
  const c = createController({
    store,
    saved,
    send: (m) => (open ? (sent.push(m), true) : false),
    setHash: (h) => hashes.push(h),
    now: () => 1000,
    copy: async (t) => copied.push(t),
    restart: () => restarts.push(1),
  });
  return { c, store, saved, sent, hashes, copied, restarts };
}

const welcome = (table = null) => ({ ...example('welcome'), table });
const table = (over = {}) => ({ ...example('table'), ...over });

test('a first visit asks for a name, then says hello with it', () => {
  const { c, store, sent, saved } = setup();
  c.onOpen();
  assert.equal(store.state.needName, true);
  assert.deepEqual(sent, []);
  c.intent('set-name', { entries: [['name', '  Ann ']] });
  assert.deepEqual(sent, [{ type: 'hello', protocol: 1, name: 'Ann', browser: saved.browser }]);
  assert.equal(saved.name, 'Ann');
  assert.equal(store.state.needName, false);
});

test('the browser keeps one id of its own, made once, and every hello carries it', () => {
  const storage = memoryStorage();
  const first = savedSession(storage).browser;
  assert.match(first, /^b-[0-9a-f]{32}$/);
  assert.equal(savedSession(storage).browser, first, 'kept across reloads');
  assert.notEqual(savedSession(memoryStorage()).browser, first, 'another browser, another id');
});

test('a saved token resumes the session; welcome stores the new token and opens the lobby', () => {
  const { c, sent, saved } = setup({ token: 'aa'.repeat(16) });
  c.onOpen();
  // No identity yet: the token goes as the identity too (the server kept it as one).
  assert.deepEqual(sent[0], { type: 'hello', protocol: 1, token: 'aa'.repeat(16), identity: 'aa'.repeat(16), browser: saved.browser });
  c.onMessage(welcome());
  assert.equal(saved.token, '9f86d081884c7d659a2feaa0c55ad015');
  assert.equal(saved.name, 'Ann');
  assert.deepEqual(sent.at(-1), { type: 'lobby_subscribe' });
});

test('a refused token falls back to a new session under the saved name, on a new connection', () => {
  const { c, sent, saved, store, restarts } = setup({ token: 'bb'.repeat(16), name: 'Ann' });
  c.onOpen();
  c.onMessage({ type: 'error', code: 'invalid_token', reason: 'unknown token' });
  assert.equal(saved.token, null);
  assert.equal(restarts.length, 1);
  c.onOpen();
  assert.deepEqual(sent.at(-1), { type: 'hello', protocol: 1, name: 'Ann', browser: saved.browser });
  assert.equal(store.state.toasts.length, 0);
});

test('a refused name is asked again and sent on a new connection', () => {
  const { c, sent, store, restarts } = setup({ name: 'x'.repeat(30) });
  c.onOpen();
  assert.equal(sent.length, 1);
  c.onMessage({ type: 'error', code: 'invalid_name', reason: 'too long' });
  assert.equal(store.state.needName, true);
  c.intent('set-name', { entries: [['name', 'Ann']] });
  assert.equal(restarts.length, 1, 'a second hello needs a new connection');
});

test('an invite link joins its table once welcomed; the URL then names the table', () => {
  const { c, sent, hashes, store } = setup({ name: 'Bo', route: { name: 'invite', invite: 'q7Zt0v3kP1sX8mWc' } });
  c.onOpen();
  c.onMessage(welcome());
  assert.deepEqual(sent.find((m) => m.type === 'join_table'), { type: 'join_table', as: 'player', invite: 'q7Zt0v3kP1sX8mWc' });
  c.onMessage(table());
  assert.deepEqual(store.state.route, { name: 'table', table: 't-81c3d2' });
  assert.equal(hashes.at(-1), '#/table/t-81c3d2');
  assert.deepEqual(sent.at(-1), { type: 'lobby_unsubscribe' });
  // The table the invite led to is remembered, to say whose it is (ui/invite-note.js).
  assert.equal(store.state.ui.invitedTo, 't-81c3d2');
});

test('a refused invite shows why and returns to the lobby', () => {
  const { c, store, hashes } = setup({ name: 'Bo', route: { name: 'table', table: 't-priv' } });
  c.onOpen();
  c.onMessage(welcome());
  c.onMessage({ type: 'error', code: 'invite_required', reason: 'private table' });
  assert.match(store.state.toasts[0].text, /invite link/);
  assert.deepEqual(store.state.route, { name: 'lobby' });
  assert.equal(hashes.at(-1), '#/');
});

test('a watch link joins as a spectator', () => {
  const { c, sent } = setup({ name: 'Cy', route: { name: 'watch', table: 't-81c3d2' } });
  c.onOpen();
  c.onMessage(welcome());
  assert.deepEqual(sent.find((m) => m.type === 'join_table'), { type: 'join_table', as: 'spectator', table: 't-81c3d2' });
});

test('a reload at a table does not join again: the server sends the table', () => {
  const { c, sent } = setup({ token: 'cc'.repeat(16), route: { name: 'table', table: 't-81c3d2' } });
  c.onOpen();
  c.onMessage(welcome('t-81c3d2'));
  assert.equal(sent.some((m) => m.type === 'join_table'), false);
});

test('after a lost connection the client resumes from the last seq it saw', () => {
  const { c, sent, saved } = setup({ token: 'cc'.repeat(16) });
  c.onOpen();
  c.onMessage(welcome());
  c.onMessage(table());
  sent.length = 0;
  c.onOpen(); // the socket came back
  assert.deepEqual(sent[0], { type: 'hello', protocol: 1, token: '9f86d081884c7d659a2feaa0c55ad015', identity: '9f86d081884c7d659a2feaa0c55ad015', browser: saved.browser });
  c.onMessage(welcome('t-81c3d2'));
  assert.deepEqual(sent[1], { type: 'resume', table: 't-81c3d2', seq: 58 });
});

test('intents become protocol messages', () => {
  const { c, sent, store } = setup({ name: 'Ann' });
  c.onOpen();
  c.onMessage(welcome());
  c.onMessage(table());
  sent.length = 0;
  c.intent('act', { payload: '{"type":"bid","bid":[2,3]}' });
  c.intent('take-seat', { seat: '2' });
  c.intent('ready', { ready: 'true' });
  c.intent('add-bot', { kind: 'random', seat: '3' });
  c.intent('remove-bot', { seat: '3' });
  c.intent('kick', { seat: '2' });
  c.intent('transfer-host', { seat: '1' });
  c.intent('start');
  c.intent('back');
  c.intent('chat', { entries: [['text', ' hi all ']] });
  c.intent('chat', { entries: [['text', '   ']] });
  assert.deepEqual(sent, [
    { type: 'act', action: { type: 'bid', bid: [2, 3] }, seq: 58 },
    { type: 'take_seat', seat: 2 },
    { type: 'ready', ready: true },
    { type: 'add_bot', kind: 'random', seat: 3 },
    { type: 'remove_bot', seat: 3 },
    { type: 'kick', seat: 2 },
    { type: 'transfer_host', seat: 1 },
    { type: 'start' },
    { type: 'back' },
    { type: 'chat', text: 'hi all' },
  ]);
  // Leaving a game in progress asks first; confirmed, it leaves.
  const before = sent.length;
  c.intent('leave');
  assert.equal(sent.length, before, 'nothing sent on the first click');
  assert.equal(store.state.ui.confirmLeave, true);
  assert.ok(store.state.table);
  c.intent('leave', { confirmed: 'true' });

// The Split: the cards of a first half, picked in the page, go together, in order.
test('several actions at once are sent one after another', () => {
  const { c, sent, store } = setup({ name: 'Ann' });
  c.onOpen();
  c.onMessage(welcome());
  c.onMessage(table());
  sent.length = 0;
  c.intent('ui', { key: 'splitPick', value: '{"key":"r3","cards":["R5","B2"]}' });
  c.intent('act-all', { payload: '[{"type":"split","card":"R5"},{"type":"split","card":"B2"}]', clear: 'splitPick' });
  assert.equal(store.state.ui.splitPick, null, 'the picks sent are let go');
  c.intent('act-all', { payload: 'not json' });
  c.intent('act-all', { payload: '{"type":"split","card":"R5"}' });
  assert.deepEqual(sent, [
    { type: 'act', action: { type: 'split', card: 'R5' }, seq: 58 },
    { type: 'act', action: { type: 'split', card: 'B2' }, seq: 58 },
  ]);
});
  assert.deepEqual(sent.slice(-2), [{ type: 'leave_table' }, { type: 'lobby_subscribe' }]);
  assert.equal(store.state.table, null);
});

test('a seated person can look at the lobby and History and go back to the table', () => {
  const { c, sent, store, hashes } = setup({ name: 'Ann' });
  c.onOpen();
  c.onMessage(welcome());
  c.onMessage(table());
  assert.equal(store.state.route.name, 'table');
  c.intent('go-lobby');
  assert.equal(store.state.route.name, 'lobby');
  assert.deepEqual(sent.at(-1), { type: 'lobby_subscribe' });
  c.onMessage({ ...table(), seq: 59 });
  assert.equal(store.state.route.name, 'lobby', 'a later table message does not drag the page back');
  c.onRoute({ name: 'history' });
  assert.equal(store.state.route.name, 'history');
  c.onMessage({ ...table(), seq: 60 });
  assert.equal(store.state.route.name, 'history');
  c.intent('go-table');
  assert.equal(store.state.route.name, 'table');
  assert.equal(hashes.at(-1), `#/table/${store.state.table.table}`);
  assert.ok(store.state.table, 'the seat was kept all along');
});

test('creating a table reads the generic options form', () => {
  const { c, sent, store } = setup({ name: 'Ann' });
  c.onOpen();
  c.onMessage({
    ...welcome(),
    games: [{ id: 'crown-battles', title: 'Crown Battles', min_seats: 2, max_seats: 8, options: { options: [
      { name: 'schedule', label: 'Cards dealt per round', type: 'int_list', default: null },
      { name: 'screw_the_dealer', label: 'Screw the dealer', type: 'bool', default: false },
    ] } }],
  });
  c.intent('create-table', { entries: [['game', 'crown-battles'], ['seats', '4'], ['opt.schedule', '1, 2'], ['opt.screw_the_dealer', 'true'], ['clock', '60+5'], ['spectators', 'true']] });
  assert.deepEqual(sent.at(-1), {
    type: 'create_table', game: 'crown-battles', seats: 4,
    options: { schedule: [1, 2], screw_the_dealer: true },
    private: false, spectators: true, late_join: false, spectator_mode: 'public', spectator_delay: 1, open_hands: false, clock: { bank_seconds: 60, increment_seconds: 5 },
  });
  c.intent('create-table', { entries: [['game', 'crown-battles'], ['seats', '9']] });
  assert.match(store.state.toasts.at(-1).text, /between 2 and 8/);
});

test('a teaching table sends the uploaded record without its moves, or says why not', async () => {
  const { c, sent, store } = setup({ name: 'Ann' });
  c.onOpen();
  c.onMessage({ ...welcome(), games: [{ id: 'crown-battles', title: 'Crown Battles', min_seats: 2, max_seats: 8, options: { options: [] } }] });
  const file = (text) => ({ size: text.length, text: async () => text });
  const record = { format: 'crownhall-game-record', version: 1, game: 'crown-battles', options: {}, seats: ['Ann', 'Bob'], seed: '7', deal: null, actions: [{ seat: 0, action: { type: 'bid', bid: 1 } }] };
  const before = sent.length;
  await c.intent('create-table', { entries: [['game', 'crown-battles'], ['seats', '4'], ['open_hands', 'true'], ['deal_from', file(JSON.stringify(record))]] });
  const msg = sent.at(-1);
  assert.equal(sent.length, before + 1);
  assert.equal(msg.type, 'create_table');
  assert.deepEqual(msg.deal_from, { ...record, actions: [] });
  assert.equal(msg.open_hands, true);
  assert.equal('game' in msg, false);
  await c.intent('create-table', { entries: [['game', 'crown-battles'], ['seats', '4'], ['deal_from', file('not json')]] });
  assert.equal(sent.length, before + 1, 'nothing sent');
  assert.match(store.state.toasts.at(-1).text, /not a game record/);
  await c.intent('create-table', { entries: [['game', 'crown-battles'], ['seats', '4'], ['deal_from', file('[1, 2]')]] });
  assert.equal(sent.length, before + 1, 'nothing sent');
  // No file chosen (an empty one, as a form sends it): a plain table.
  c.intent('create-table', { entries: [['game', 'crown-battles'], ['seats', '4'], ['deal_from', { size: 0 }]] });
  assert.equal(sent.at(-1).game, 'crown-battles');
});

test('nothing is lost silently when the socket is down', () => {
  const { c, store } = setup({ name: 'Ann', open: false });
  c.intent('start');
  assert.match(store.state.toasts.at(-1).text, /Not connected/);
});

test('copy puts the link on the clipboard and says so', async () => {
  const { c, copied, store } = setup();
  await c.intent('copy', { text: 'http://h/#/invite/x' });
  assert.deepEqual(copied, ['http://h/#/invite/x']);
  assert.match(store.state.toasts.at(-1).text, /copied/i);
});

// A settings field another's default follows (options-form.js, `default_when`) reports each
// change with its form's entries: the form is drawn again from them, and the fields the
// person set by hand are remembered until the form is closed or switched.
test('the settings form keeps a draft of what was entered and what was set by hand', () => {
  const { c, store, sent } = setup({ name: 'Ann' });
  c.onOpen();
  c.onMessage(welcome());
  c.intent('ui', { key: 'creating', value: 'true' });
  const form = 'create-crown-battles';
  const spy = [['game', 'crown-battles'], ['seats', '4'], ['opt.specials', '"SPY"']];
  c.intent('option-change', { change: 'option-change', form, option: 'specials', value: true, entries: spy });
  assert.deepEqual(store.state.ui.optionDraft, { form, entries: spy, touched: ['specials'] });
  c.intent('option-change', { change: 'option-change', form, option: 'bubble_shields', value: false, entries: spy });
  assert.deepEqual(store.state.ui.optionDraft.touched, ['specials', 'bubble_shields']);
  c.intent('ui', { key: 'createSeats', value: '5' });
  assert.ok(store.state.ui.optionDraft, 'another player count keeps what the host entered');
  c.intent('option-change', { change: 'option-change', form: 'edit', option: 'specials', value: true, entries: spy });
  assert.deepEqual(store.state.ui.optionDraft.touched, ['specials'], 'another form starts its own');
  for (const key of ['creating', 'createGame', 'editingOptions', 'editSeats']) {
    c.intent('option-change', { form, option: 'specials', entries: spy });
    c.intent('ui', { key, value: 'false' });
    assert.equal(store.state.ui.optionDraft, null, `${key} ends the draft`);
  }
  c.intent('option-change', { form, option: 'specials', entries: spy });
  c.intent('create-table', { entries: [...spy, ['opt.round_types', '"normal"']] });
  assert.equal(sent.at(-1).type, 'create_table');
  assert.ok(store.state.ui.optionDraft, 'the draft stays until the table comes: a refusal keeps every choice');
  assert.equal(store.state.ui.createPending, true);
});

test('a page whose session another tab took says so once: no "trying to reconnect" per click', () => {
  const { c, store } = setup({ open: false });
  store.dispatch({ type: 'connection', connection: { status: 'waiting', attempt: 1, retryInMs: 500 } });
  c.intent('ready', { ready: 'true' });
  assert.equal(store.state.toasts.filter((t) => /trying to reconnect/.test(t.text)).length, 1, 'while it reconnects, a click that cannot go says so');
  store.dispatch({ type: 'dismiss-toast', id: store.state.toasts[0].id });
  store.dispatch({ type: 'connection', connection: { status: 'stopped', attempt: 0, retryInMs: 0, reason: 'taken-over' } });
  for (let i = 0; i < 3; i += 1) c.intent('ready', { ready: 'true' });
  assert.deepEqual(store.state.toasts, []);
});
