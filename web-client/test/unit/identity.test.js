// A guest's identity (protocol/README.md, "Session"): kept from the welcome that issues it,
// sent in every hello beside the session token, the old token sent in its place until one
// comes, and a refused one dropped with a word to the person.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createController } from '../../src/app/controller.js';
import { createStore } from '../../src/state/store.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { savedSession, memoryStorage } from '../../src/state/saved.js';
import { example } from '../helpers/protocol-examples.js';

const IDENTITY = 'ab'.repeat(32);
const NEWER = 'cd'.repeat(32);

function setup(storage = memoryStorage()) {
  const store = createStore(reducer, { ...initialState, route: { name: 'lobby' } });
  const saved = savedSession(storage);
  const sent = [];
  const restarts = [];
  const c = createController({
    store,
    saved,
    send: (m) => (sent.push(m), true),
    setHash: () => {},
    now: () => 1000,
    copy: async () => {},
    restart: () => restarts.push(1),
  });
  return { c, store, saved, sent, restarts };
}

const welcome = (you = {}, over = {}) => {
  const w = example('welcome');
  return { ...w, ...over, you: { ...w.you, ...you } };
};

test('the identity a welcome issues is kept across reloads and sent in every hello', () => {
  const storage = memoryStorage();
  const first = setup(storage);
  first.c.onOpen();
  first.c.intent('set-name', { entries: [['name', 'Ann']] });
  first.c.onMessage(welcome({ identity: IDENTITY }));
  assert.equal(first.saved.identity, IDENTITY);

  const reloaded = setup(storage); // the page again, days later
  reloaded.c.onOpen();
  assert.deepEqual(reloaded.sent[0], {
    type: 'hello', protocol: 1, token: '9f86d081884c7d659a2feaa0c55ad015', identity: IDENTITY, browser: reloaded.saved.browser,
  });
  // A welcome that issues nothing (a resumed session) leaves it as it was.
  reloaded.c.onMessage(welcome());
  assert.equal(reloaded.saved.identity, IDENTITY);
});

test('a browser from before identities sends its session token as its identity until it has one', () => {
  const { c, saved, sent } = setup();
  saved.token = 'ee'.repeat(16);
  saved.name = 'Ann';
  c.onOpen();
  assert.equal(sent[0].identity, 'ee'.repeat(16));
  c.onMessage(welcome({ identity: IDENTITY }));
  assert.equal(saved.identity, IDENTITY);
});

test('after a refused token the new hello still carries the identity, with the name', () => {
  const { c, saved, sent, restarts } = setup();
  saved.token = 'ee'.repeat(16);
  saved.identity = IDENTITY;
  saved.name = 'Ann';
  c.onOpen();
  c.onMessage({ type: 'error', code: 'invalid_token', reason: 'unknown or expired session token' });
  assert.equal(restarts.length, 1);
  c.onOpen();
  assert.deepEqual(sent.at(-1), { type: 'hello', protocol: 1, name: 'Ann', identity: IDENTITY, browser: saved.browser });
});

test('a refused identity is replaced by the new one and the person is told why', () => {
  for (const [code, words] of [['identity_expired', /too long ago/], ['identity_revoked', /signed out/], ['invalid_token', /does not know/]]) {
    const { c, saved, store } = setup();
    saved.identity = IDENTITY;
    saved.name = 'Ann';
    c.onOpen();
    c.onMessage(welcome({ identity: NEWER }, { identity_refused: code }));
    assert.equal(saved.identity, NEWER, code);
    assert.equal(store.state.toasts.length, 1, code);
    assert.match(store.state.toasts[0].text, words);
  }
  // Refused by a server that issues none (it keeps no data): nothing stale is kept.
  const { c, saved } = setup();
  saved.identity = IDENTITY;
  saved.name = 'Ann';
  c.onOpen();
  c.onMessage(welcome({}, { identity_refused: 'invalid_token' }));
  assert.equal(saved.identity, null);
});
