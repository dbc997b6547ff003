// What the account panel's buttons and forms do: each asks the server (api.js), and the
// browser for a passkey (passkeys.js), then says in the panel how it went. One request at a
// time: a second click while one is on its way does nothing. `session` is the controller's
// side: who this browser is (a sign-in, a sign-out, a rename) and the reconnect that follows.

import { refusalText } from './account-words.js';

export function createAccountFlow({ store, api, passkeys, session }) {
  const set = (account) => store.dispatch({ type: 'account', account });
  const now = () => store.state.account;
  let reloadAfterWelcome = false;

  const refuse = (where, code, retryAfterSeconds = null) => set({ refusal: { where, text: refusalText(code, retryAfterSeconds) } });
  const fresh = (said) => set({ said, forms: now().forms + 1 });

  async function load() {
    set({ status: 'loading' });
    const r = await api.getAccount();
    if (r.ok) set({ status: 'ready', data: r.body });
    else set({ status: 'error', refusal: { where: 'panel', text: refusalText(r.code, r.retryAfterSeconds) } });
  }

  async function run(where, work) {
    if (now().busy) return;
    set({ busy: where, refusal: null, said: null });
    try {
      await work();
    } finally {
      set({ busy: null });
    }
  }

  // An answer with the account's body (rename, a passkey or password removed, a device ended).
  function took(where, r, said) {
    if (!r.ok) return refuse(where, r.code, r.retryAfterSeconds);
    set({ status: 'ready', data: r.body });
    if (r.body && r.body.name) session.renamed(r.body.name);
    return fresh(said);
  }

  // Signed in: this browser is now the account's player, once it has connected again.
  function signedIn(r, where) {
    if (!r.ok) return refuse(where, r.code, r.retryAfterSeconds);
    reloadAfterWelcome = true;
    session.signedIn(r.body);
    set({ status: 'loading', data: null, confirmDelete: false });
    return fresh(`Signed in as ${r.body.name}. This browser is that player now, with their History.`);
  }

  const text = (data, name) => String(entry(data, name) || '').trim();

  const intents = {
    'account-open': () => {
      set({ open: true, refusal: null, said: null, confirmDelete: false, browserPasskeys: passkeys.supported });
      return load();
    },
    'account-close': () => set({ open: false, confirmDelete: false }),
    'account-create': (data) => run('create', async () => {
      const name = text(data, 'name');
      if (!name) return refuse('create', 'invalid_name');
      const r = await api.createAccount(name);
      return took('create', r, 'Your player is kept. Add a passkey or a password to sign in on your other devices.');
    }),
    'account-rename': (data) => run('name', async () => {
      const name = text(data, 'name');
      if (!name) return refuse('name', 'invalid_name');
      return took('name', await api.rename(name), 'Your account is renamed.');
    }),
    'account-passkey-add': () => run('passkeys', async () => {
      const options = await api.passkeyOptions();
      if (!options.ok) return refuse('passkeys', options.code, options.retryAfterSeconds);
      const made = await passkeys.create(options.body.publicKey);
      if (!made.ok) return refuse('passkeys', made.code);
      const r = await api.addPasskey(made.credential);
      if (!r.ok) return refuse('passkeys', r.code, r.retryAfterSeconds);
      await load();
      return fresh('Passkey added. Any device that holds it can sign you in.');
    }),
    'account-passkey-remove': (data) => run('passkeys', async () => took('passkeys', await api.removePasskey(data.id), 'Passkey removed.')),
    'account-password-set': (data) => run('password', async () => {
      const password = String(entry(data, 'password') || '');
      if (password.length < 8) return refuse('password', 'password_too_short');
      const had = Boolean(now().data && now().data.account && now().data.account.password);
      return took('password', await api.setPassword(password), had ? 'Password changed.' : 'Password set. You can sign in with your name and it.');
    }),
    'account-password-remove': () => run('password', async () => took('password', await api.removePassword(), 'Password removed.')),
    'account-device-end': (data) => run('devices', async () => took('devices', await api.endDevice(data.id), 'That device is signed out.')),
    'account-sign-out': (data) => run('sign-out', async () => {
      const everywhere = data.everywhere === 'true';
      const r = await api.signOut(everywhere);
      // A session the server no longer knows is signed out already.
      if (!r.ok && r.code !== 'not_signed_in') return refuse('sign-out', r.code, r.retryAfterSeconds);
      reloadAfterWelcome = true;
      session.signedOut();
      set({ status: 'loading', data: null });
      return fresh(everywhere ? 'You are signed out on every device. This browser is a new guest now.' : 'You are signed out. This browser is a new guest now.');
    }),
    'account-delete': (data) => {
      if (data.confirmed !== 'true') return set({ confirmDelete: data.cancel !== 'true' });
      return run('delete', async () => {
        const r = await api.deleteAccount();
        if (!r.ok) return refuse('delete', r.code, r.retryAfterSeconds);
        // Every browser of the player is signed out, this one too: it starts again as a guest.
        reloadAfterWelcome = true;
        session.signedOut();
        set({ confirmDelete: false, status: 'loading', data: null });
        return fresh('Your account is deleted and every device signed out. This browser is a new guest now.');
      });
    },
    'account-sign-in-passkey': () => run('sign-in', async () => {
      const options = await api.signInOptions();
      if (!options.ok) return refuse('sign-in', options.code, options.retryAfterSeconds);
      const got = await passkeys.get(options.body.publicKey);
      if (!got.ok) return refuse('sign-in', got.code);
      return signedIn(await api.signInPasskey(options.body.ceremony, got.credential), 'sign-in');
    }),
    'account-sign-in-password': (data) => run('sign-in', async () => {
      const name = text(data, 'name');
      const password = String(entry(data, 'password') || '');
      if (!name || !password) return refuse('sign-in', 'sign_in_failed');
      return signedIn(await api.signInPassword(name, password), 'sign-in');
    }),
  };

  return {
    // Returns the intent's promise when it was one of ours, else undefined.
    intent(action, data = {}) {
      const f = intents[action];
      return f ? f(data) || Promise.resolve() : undefined;
    },
    // After a welcome the session token is good: what the panel shows is asked again.
    onWelcome() {
      const again = reloadAfterWelcome;
      reloadAfterWelcome = false;
      if (now().open && (again || now().status === 'error')) return load();
      return undefined;
    },
  };
}

// A form field's value from a form's entries or plain data.
function entry(data, name) {
  if (data.entries) {
    const hit = data.entries.find(([k]) => k === name);
    return hit ? hit[1] : undefined;
  }
  return data[name];
}
