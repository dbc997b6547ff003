// Every request of protocol/accounts.md, as plain fetches. The session token goes as
// `Authorization: Bearer` (it never enters the page's state); this browser's identity goes
// as `X-Crownhall-Identity` where the answer marks "this device" or where it is what gets
// signed out. Each call resolves to `{ok: true, status, body}` or, when the server says no
// (or cannot be reached), `{ok: false, status, code, retryAfterSeconds}`: the page words the
// code itself (account-words.js).

function requester(fetchImpl, saved) {
  return async function call(method, path, { body, session = true, identity = false } = {}) {
    const headers = {};
    if (session && saved.token) headers.Authorization = `Bearer ${saved.token}`;
    if (identity && saved.identity) headers['X-Crownhall-Identity'] = saved.identity;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let r;
    let text;
    try {
      r = await fetchImpl(path, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      text = await r.text();
    } catch {
      return { ok: false, status: 0, code: 'network', retryAfterSeconds: null };
    }
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a proxy's error page): the status says enough
    }
    if (r.status >= 200 && r.status < 300) return { ok: true, status: r.status, body: parsed };
    return { ok: false, status: r.status, code: (parsed && typeof parsed.code === 'string' && parsed.code) || 'unexpected', retryAfterSeconds: retryAfter(parsed, r.headers) };
  };
}

const id = (s) => encodeURIComponent(s);

export function createAccountApi({ fetch: fetchImpl = (...a) => globalThis.fetch(...a), saved }) {
  const call = requester(fetchImpl, saved);
  return {
    getAccount: () => call('GET', '/api/account', { identity: true }),
    createAccount: (name) => call('POST', '/api/account', { body: { name }, identity: true }),
    rename: (name) => call('PUT', '/api/account/name', { body: { name }, identity: true }),
    deleteAccount: () => call('DELETE', '/api/account'),
    passkeyOptions: () => call('POST', '/api/account/passkeys/options', { body: {} }),
    addPasskey: (credential) => call('POST', '/api/account/passkeys', { body: credential }),
    removePasskey: (passkey) => call('DELETE', `/api/account/passkeys/${id(passkey)}`, { identity: true }),
    setPassword: (password) => call('PUT', '/api/account/password', { body: { password }, identity: true }),
    removePassword: () => call('DELETE', '/api/account/password', { identity: true }),
    endDevice: (device) => call('DELETE', `/api/account/devices/${id(device)}`, { identity: true }),
    signOut: (everywhere) => call('POST', '/api/sign-out', { body: { everywhere: Boolean(everywhere) }, identity: true }),
    signInOptions: () => call('POST', '/api/sign-in/options', { body: {}, session: false }),
    signInPasskey: (ceremony, credential) => call('POST', '/api/sign-in/passkey', { body: { ceremony, credential }, session: false }),
    signInPassword: (name, password) => call('POST', '/api/sign-in/password', { body: { name, password }, session: false }),
  };
}

// Profiles (protocol/accounts.md, "Profiles"): anyone's to read, with the session token so
// that a player reads their own whole even when it is private; and the switch to hide one's own.
export function createProfileApi({ fetch: fetchImpl = (...a) => globalThis.fetch(...a), saved }) {
  const call = requester(fetchImpl, saved);
  return {
    getProfile: (player) => call('GET', `/api/players/${id(player)}/profile`),
    setProfilePrivate: (hidden) => call('PUT', '/api/account/profile', { body: { private: Boolean(hidden) } }),
  };
}

// `retry_after_seconds` in the body, else the `Retry-After` header (seconds), else none.
function retryAfter(body, headers) {
  const inBody = body && Number(body.retry_after_seconds);
  if (Number.isFinite(inBody) && inBody > 0) return inBody;
  const inHeader = Number(headers && typeof headers.get === 'function' ? headers.get('Retry-After') : NaN);
  return Number.isFinite(inHeader) && inHeader > 0 ? inHeader : null;
}
