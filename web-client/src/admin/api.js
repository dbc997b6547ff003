// The admin API (docs/admin.md) as the page uses it: every call carries the token from
// sessionStorage (gone when the tab closes), and answers {status, body}.

const KEY = 'crownhall.admin-token';

export function savedToken(storage = globalThis.sessionStorage) {
  return storage.getItem(KEY) || '';
}

export function saveToken(token, storage = globalThis.sessionStorage) {
  if (token) storage.setItem(KEY, token);
  else storage.removeItem(KEY);
}

export async function call(token, method, path, body = undefined) {
  const init = { method, headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const r = await fetch(`/api/admin/${path}`, init);
  let parsed = null;
  try {
    parsed = await r.json();
  } catch {
    parsed = null;
  }
  return { status: r.status, body: parsed };
}

// Why a call failed, for people.
export function failureText({ status, body }) {
  if (status === 401) return 'That token is not right.';
  if (status === 404 && body && /--admin-token/.test(body.error || '')) return 'The admin API is off on this server: start it with --admin-token.';
  return (body && body.error) || `The server answered ${status}.`;
}
