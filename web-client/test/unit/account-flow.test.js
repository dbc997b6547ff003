// The account panel's flow through the controller (src/account/account-flow.js), with a fake
// api and fake passkeys: what each button asks the server, what the panel then says, and
// who this browser is after a sign-in or a sign-out (the next hello says it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createController } from '../../src/app/controller.js';
import { createStore } from '../../src/state/store.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { savedSession, memoryStorage } from '../../src/state/saved.js';
import { REFUSAL_WORDS } from '../../src/account/account-words.js';
import { accountPanel } from '../../src/account/account-view.js';
import { toHtml } from '../../src/dom/vdom.js';
import { example } from '../helpers/protocol-examples.js';

const TOKEN = example('welcome').you.token; // the session the welcome gives
const OLD_IDENTITY = 'a'.repeat(64);
const NEW_IDENTITY = 'c'.repeat(64);
const guestBody = { player: 'p-1', name: 'Ann', account: null, devices: [], passkeys_available: true };
const accountBody = (over = {}) => ({ ...guestBody, account: { name: 'Ann', created_at: 1, password: false, passkeys: [], ...over }, devices: [{ id: 'd1', issued_at: 1, expires_at: 2, this_device: true }] });

function setup(answers = {}, { passkeys = { supported: true } } = {}) {
  const store = createStore(reducer, initialState);
  const saved = savedSession(memoryStorage());
  saved.token = TOKEN;
  saved.identity = OLD_IDENTITY;
  saved.name = 'Ann';
  const sent = [];
  const asked = [];
  const restarts = [];
  const accountApi = new Proxy({}, {
    get: (_, name) => async (...args) => {
      asked.push([name, ...args]);
      const a = answers[name];
      return typeof a === 'function' ? a(...args) : a || { ok: true, status: 200, body: guestBody };
    },
  });
  const c = createController({ store, saved, send: (m) => (sent.push(m), true), restart: () => restarts.push(1), accountApi, passkeys });
  c.onOpen();
  c.onMessage({ ...example('welcome'), table: null });
  return { c, store, saved, sent, asked, restarts };
}

const panelText = (store) => toHtml(accountPanel(store.state)).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

test('opening the panel asks for the account, and a guest is offered to keep their player and to sign in', async () => {
  const { c, store, asked } = setup();
  await c.intent('account-open');
  assert.deepEqual(asked, [['getAccount']]);
  assert.equal(store.state.account.open, true);
  const text = panelText(store);
  assert.match(text, /Keep your player/);
  assert.match(text, /Sign in with a passkey/);
  assert.match(text, /Sign in with password/);
  c.intent('account-close');
  assert.equal(store.state.account.open, false);
  assert.equal(accountPanel(store.state), null);
});

test('keeping the player sends the name and shows the account; a taken name is said in the person’s words', async () => {
  const { c, store, asked } = setup({ createAccount: (name) => (name === 'Bo' ? { ok: false, status: 409, code: 'name_taken', retryAfterSeconds: null } : { ok: true, status: 201, body: accountBody({ name }) }) });
  await c.intent('account-open');
  await c.intent('account-create', { entries: [['name', ' Bo ']] });
  assert.deepEqual(asked.at(-1), ['createAccount', 'Bo']);
  assert.deepEqual(store.state.account.refusal, { where: 'create', text: REFUSAL_WORDS.name_taken });
  assert.match(panelText(store), /Someone already has an account with that name/);
  await c.intent('account-create', { entries: [['name', 'Ann']] });
  assert.equal(store.state.account.refusal, null);
  assert.match(panelText(store), /Your account is “Ann”/);
  assert.match(panelText(store), /Add a passkey/);
});

test('signing in with a password keeps the new identity, forgets the session token and connects again: the hello sends the identity', async () => {
  const { c, store, saved, sent, restarts, asked } = setup({ signInPassword: () => ({ ok: true, status: 200, body: { identity: NEW_IDENTITY, player: 'p-5f2a9c', name: 'Ann B' } }) });
  await c.intent('account-open');
  await c.intent('account-sign-in-password', { entries: [['name', 'Ann B'], ['password', 'correct horse']] });
  assert.deepEqual(asked.at(-1), ['signInPassword', 'Ann B', 'correct horse']);
  assert.equal(saved.identity, NEW_IDENTITY);
  assert.equal(saved.token, null);
  assert.equal(saved.name, 'Ann B');
  assert.equal(restarts.length, 1);
  assert.match(store.state.account.said, /Signed in as Ann B/);
  sent.length = 0;
  c.onOpen();
  assert.deepEqual(sent[0], { type: 'hello', protocol: 1, name: 'Ann B', identity: NEW_IDENTITY, browser: saved.browser });
  // The welcome of the account's player: the panel asks for the account again, with the new token.
  const before = asked.length;
  c.onMessage({ ...example('welcome'), table: null });
  assert.deepEqual(asked.slice(before), [['getAccount']]);
});

test('a wrong password or too many tries is said, and this browser stays who it was', async () => {
  const { c, store, saved, restarts } = setup({ signInPassword: () => ({ ok: false, status: 429, code: 'sign_in_limited', retryAfterSeconds: 120 }) });
  await c.intent('account-open');
  await c.intent('account-sign-in-password', { entries: [['name', 'Ann'], ['password', 'wrong one']] });
  assert.equal(store.state.account.refusal.text, 'Too many tries to sign in. Try again in 2 minutes.');
  assert.equal(saved.token, TOKEN);
  assert.equal(saved.identity, OLD_IDENTITY);
  assert.equal(restarts.length, 0);
});

test('signing in with a passkey: options, the browser’s passkey, then the answer with the ceremony', async () => {
  const publicKey = { challenge: 'AQID', rpId: 'localhost' };
  const got = [];
  const passkeys = { supported: true, get: async (pk) => (got.push(pk), { ok: true, credential: { id: 'cred' } }) };
  const { c, saved, asked } = setup({
    signInOptions: () => ({ ok: true, status: 200, body: { ceremony: 'cer-1', publicKey } }),
    signInPasskey: () => ({ ok: true, status: 200, body: { identity: NEW_IDENTITY, player: 'p-9', name: 'Ann' } }),
  }, { passkeys });
  await c.intent('account-open');
  await c.intent('account-sign-in-passkey');
  assert.deepEqual(got, [publicKey]);
  assert.deepEqual(asked.slice(-2), [['signInOptions'], ['signInPasskey', 'cer-1', { id: 'cred' }]]);
  assert.equal(saved.identity, NEW_IDENTITY);
  assert.equal(saved.token, null);
});

test('a cancelled passkey prompt is said plainly and nothing more is sent', async () => {
  const passkeys = { supported: true, create: async () => ({ ok: false, code: 'cancelled' }) };
  const { c, store, asked } = setup({ getAccount: () => ({ ok: true, status: 200, body: accountBody() }), passkeyOptions: () => ({ ok: true, status: 200, body: { publicKey: {} } }) }, { passkeys });
  await c.intent('account-open');
  await c.intent('account-passkey-add');
  assert.deepEqual(asked.map((a) => a[0]), ['getAccount', 'passkeyOptions']);
  assert.equal(store.state.account.refusal.text, REFUSAL_WORDS.cancelled);
});

test('adding a passkey sends the browser’s answer and shows the account again', async () => {
  const passkeys = { supported: true, create: async () => ({ ok: true, credential: { id: 'new' } }) };
  const { c, store, asked } = setup({ getAccount: () => ({ ok: true, status: 200, body: accountBody() }), passkeyOptions: () => ({ ok: true, status: 200, body: { publicKey: {} } }), addPasskey: () => ({ ok: true, status: 201, body: { passkey: { id: 'new' } } }) }, { passkeys });
  await c.intent('account-open');
  await c.intent('account-passkey-add');
  assert.deepEqual(asked.map((a) => a[0]), ['getAccount', 'passkeyOptions', 'addPasskey', 'getAccount']);
  assert.deepEqual(asked[2], ['addPasskey', { id: 'new' }]);
  assert.match(store.state.account.said, /Passkey added/);
});

test('the passkey buttons are hidden where the browser or the server cannot use passkeys', async () => {
  const none = setup({}, { passkeys: { supported: false } });
  await none.c.intent('account-open');
  assert.doesNotMatch(panelText(none.store), /passkey/i);
  const off = setup({ getAccount: () => ({ ok: true, status: 200, body: { ...accountBody(), passkeys_available: false } }) });
  await off.c.intent('account-open');
  assert.doesNotMatch(panelText(off.store), /Add a passkey/);
  assert.match(panelText(off.store), /Passkeys do not work on this server just now/);
});

test('signing out forgets token and identity and connects again as a new guest under the same name', async () => {
  for (const everywhere of [false, true]) {
    const { c, saved, sent, restarts, asked } = setup({ getAccount: () => ({ ok: true, status: 200, body: accountBody() }), signOut: () => ({ ok: true, status: 200, body: { signed_out: 1 } }) });
    await c.intent('account-open');
    await c.intent('account-sign-out', { everywhere: String(everywhere) });
    assert.deepEqual(asked.at(-1), ['signOut', everywhere]);
    assert.equal(saved.token, null);
    assert.equal(saved.identity, null);
    assert.equal(saved.name, 'Ann');
    assert.equal(restarts.length, 1);
    sent.length = 0;
    c.onOpen();
    assert.deepEqual(sent[0], { type: 'hello', protocol: 1, name: 'Ann', browser: saved.browser });
  }
});

test('signed out everywhere from another device (4003): "Play on as a new guest" forgets who this browser was', () => {
  const { c, saved, restarts } = setup();
  c.intent('account-continue-as-guest');
  assert.equal(saved.token, null);
  assert.equal(saved.identity, null);
  assert.equal(restarts.length, 1);
});

test('deleting asks first; once deleted every browser is signed out, this one starts again as a new guest', async () => {
  const { c, store, saved, sent, asked, restarts } = setup({ getAccount: () => ({ ok: true, status: 200, body: accountBody() }), deleteAccount: () => ({ ok: true, status: 200, body: { deleted: true } }) });
  await c.intent('account-open');
  c.intent('account-delete');
  assert.equal(store.state.account.confirmDelete, true);
  assert.match(panelText(store), /former player/);
  assert.ok(!asked.some((a) => a[0] === 'deleteAccount'), 'nothing deleted before the answer');
  c.intent('account-delete', { cancel: 'true' });
  assert.equal(store.state.account.confirmDelete, false);
  c.intent('account-delete');
  await c.intent('account-delete', { confirmed: 'true' });
  assert.ok(asked.some((a) => a[0] === 'deleteAccount'));
  assert.equal(saved.identity, null);
  assert.equal(saved.token, null);
  assert.equal(saved.name, 'Ann');
  assert.equal(restarts.length, 1);
  assert.match(store.state.account.said, /Your account is deleted/);
  sent.length = 0;
  c.onOpen();
  assert.deepEqual(sent[0], { type: 'hello', protocol: 1, name: 'Ann', browser: saved.browser });
});

test('a password shorter than 8 characters is said at once; one long enough is sent; removing the last way in is refused in words', async () => {
  const { c, store, asked } = setup({ getAccount: () => ({ ok: true, status: 200, body: accountBody() }), setPassword: () => ({ ok: true, status: 200, body: accountBody({ password: true }) }), removePassword: () => ({ ok: false, status: 409, code: 'last_way_in', retryAfterSeconds: null }) });
  await c.intent('account-open');
  await c.intent('account-password-set', { entries: [['password', 'short']] });
  assert.equal(store.state.account.refusal.text, REFUSAL_WORDS.password_too_short);
  assert.ok(!asked.some((a) => a[0] === 'setPassword'));
  const forms = store.state.account.forms;
  await c.intent('account-password-set', { entries: [['password', 'long enough']] });
  assert.deepEqual(asked.at(-1), ['setPassword', 'long enough']);
  assert.equal(store.state.account.said, 'Password set. You can sign in with your name and it.');
  assert.equal(store.state.account.forms, forms + 1, 'the form is drawn afresh, its field empty');
  await c.intent('account-password-remove');
  assert.equal(store.state.account.refusal.text, REFUSAL_WORDS.last_way_in);
});

test('a second click while a request is on its way sends nothing more', async () => {
  let release;
  const { c, asked } = setup({ rename: () => new Promise((r) => { release = () => r({ ok: true, status: 200, body: accountBody({ name: 'Bo' }) }); }) });
  await c.intent('account-open');
  const first = c.intent('account-rename', { entries: [['name', 'Bo']] });
  await c.intent('account-rename', { entries: [['name', 'Bo']] });
  assert.equal(asked.filter((a) => a[0] === 'rename').length, 1);
  release();
  await first;
});

test('renaming renames the player in the header too', async () => {
  const { c, store, saved } = setup({ rename: () => ({ ok: true, status: 200, body: { ...accountBody({ name: 'Ann B' }), name: 'Ann B' } }) });
  await c.intent('account-open');
  await c.intent('account-rename', { entries: [['name', 'Ann B']] });
  assert.equal(store.state.me.name, 'Ann B');
  assert.equal(saved.name, 'Ann B');
});
