// The account's requests (src/account/api.js) against a fake fetch: each goes with the
// method, path, headers and body protocol/accounts.md gives it, and a refusal comes back as
// its code and when to try again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAccountApi } from '../../src/account/api.js';
import { savedSession, memoryStorage } from '../../src/state/saved.js';

const TOKEN = 'a'.repeat(32);
const IDENTITY = 'b'.repeat(64);

function setup(answer = () => ({ status: 200, body: { ok: 1 } }), { token = TOKEN, identity = IDENTITY } = {}) {
  const saved = savedSession(memoryStorage());
  saved.token = token;
  saved.identity = identity;
  const calls = [];
  const fetch = async (path, init) => {
    calls.push({ path, ...init, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const a = answer(path, init);
    if (a instanceof Error) throw a;
    const headers = new Map(Object.entries(a.headers || {}));
    return { status: a.status, headers: { get: (k) => headers.get(k) ?? null }, text: async () => (typeof a.body === 'string' ? a.body : JSON.stringify(a.body)) };
  };
  return { api: createAccountApi({ fetch, saved }), calls, saved };
}

const session = { Authorization: `Bearer ${TOKEN}` };
const withIdentity = { ...session, 'X-Crownhall-Identity': IDENTITY };
const json = { 'Content-Type': 'application/json' };
const credential = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } };

// [call, method, path, headers, body]
const CASES = [
  [(a) => a.getAccount(), 'GET', '/api/account', withIdentity, undefined],
  [(a) => a.createAccount('Ann'), 'POST', '/api/account', { ...withIdentity, ...json }, { name: 'Ann' }],
  [(a) => a.rename('Ann B'), 'PUT', '/api/account/name', { ...withIdentity, ...json }, { name: 'Ann B' }],
  [(a) => a.deleteAccount(), 'DELETE', '/api/account', session, undefined],
  [(a) => a.passkeyOptions(), 'POST', '/api/account/passkeys/options', { ...session, ...json }, {}],
  [(a) => a.addPasskey(credential), 'POST', '/api/account/passkeys', { ...session, ...json }, credential],
  [(a) => a.removePasskey('ab-_c/d'), 'DELETE', '/api/account/passkeys/ab-_c%2Fd', withIdentity, undefined],
  [(a) => a.setPassword('correct horse'), 'PUT', '/api/account/password', { ...withIdentity, ...json }, { password: 'correct horse' }],
  [(a) => a.removePassword(), 'DELETE', '/api/account/password', withIdentity, undefined],
  [(a) => a.endDevice('3f9a0c1d2e4b5a69'), 'DELETE', '/api/account/devices/3f9a0c1d2e4b5a69', withIdentity, undefined],
  [(a) => a.signOut(false), 'POST', '/api/sign-out', { ...withIdentity, ...json }, { everywhere: false }],
  [(a) => a.signOut(true), 'POST', '/api/sign-out', { ...withIdentity, ...json }, { everywhere: true }],
  [(a) => a.signInOptions(), 'POST', '/api/sign-in/options', json, {}],
  [(a) => a.signInPasskey('9c1d', credential), 'POST', '/api/sign-in/passkey', json, { ceremony: '9c1d', credential }],
  [(a) => a.signInPassword('Ann', 'correct horse'), 'POST', '/api/sign-in/password', json, { name: 'Ann', password: 'correct horse' }],
];

test('every request goes with its method, path, headers and JSON body', async () => {
  for (const [call, method, path, headers, body] of CASES) {
    const { api, calls } = setup();
    const r = await call(api);
    assert.deepEqual(r, { ok: true, status: 200, body: { ok: 1 } }, `${method} ${path}`);
    assert.equal(calls.length, 1);
    assert.equal(calls[0].method, method, path);
    assert.equal(calls[0].path, path);
    assert.deepEqual(calls[0].headers, headers, `${method} ${path}: headers`);
    assert.deepEqual(calls[0].body, body, `${method} ${path}: body`);
  }
});

test('every call of the api is one of the cases above', () => {
  const { api } = setup();
  assert.equal(new Set(CASES.map((c) => c[0].toString().match(/a\.(\w+)/)[1])).size, Object.keys(api).length);
});

test('a browser with no session or no identity yet sends no such header', async () => {
  const { api, calls } = setup(undefined, { token: null, identity: null });
  await api.getAccount();
  await api.signOut(true);
  assert.deepEqual(calls[0].headers, {});
  assert.deepEqual(calls[1].headers, json);
});

test('a refusal comes back as its code, with the wait from the body or the Retry-After header', async () => {
  const refused = (status, body, headers) => setup(() => ({ status, body, headers })).api;
  assert.deepEqual(await refused(409, { error: 'taken', code: 'name_taken' }).createAccount('Ann'), { ok: false, status: 409, code: 'name_taken', retryAfterSeconds: null });
  assert.deepEqual(await refused(429, { error: 'slow down', code: 'sign_in_limited', retry_after_seconds: 42 }, { 'Retry-After': '60' }).signInPassword('Ann', 'x'), { ok: false, status: 429, code: 'sign_in_limited', retryAfterSeconds: 42 });
  assert.deepEqual(await refused(429, { error: 'slow down', code: 'sign_in_limited' }, { 'Retry-After': '60' }).signInPassword('Ann', 'x'), { ok: false, status: 429, code: 'sign_in_limited', retryAfterSeconds: 60 });
  assert.deepEqual(await refused(502, '<html>Bad gateway</html>').getAccount(), { ok: false, status: 502, code: 'unexpected', retryAfterSeconds: null });
  const down = setup(() => new TypeError('Failed to fetch')).api;
  assert.deepEqual(await down.getAccount(), { ok: false, status: 0, code: 'network', retryAfterSeconds: null });
});

test('a created account (201) is a success with its body', async () => {
  const body = { player: 'p-5f2a9c', name: 'Ann', account: { name: 'Ann' } };
  const { api } = setup(() => ({ status: 201, body }));
  assert.deepEqual(await api.createAccount('Ann'), { ok: true, status: 201, body });
});
