// What survives a reload: the session token, the guest identity, the last name used and this
// browser's own id.
// `storage` is localStorage in the browser and a Map-backed stand-in in tests.

const TOKEN = 'crownhall.token';
// Who this person is when the session is gone (protocol/README.md, "Session"): kept for as
// long as the server's identity lasts (a year), while a session token lasts half an hour.
const IDENTITY = 'crownhall.identity';
const NAME = 'crownhall.name';
const SOUND = 'crownhall.sound'; // "on": a sound when a decision comes to you (off by default)
// The browser's id, made once and sent in every hello (protocol/README.md, hello): a person
// seated at a table is not let watch it from another window of the same browser.
const BROWSER = 'crownhall.browser';

function newBrowserId(random) {
  const bytes = new Uint8Array(16);
  random(bytes);
  return `b-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

const defaultRandom = (bytes) => globalThis.crypto.getRandomValues(bytes);

export function savedSession(storage, random = defaultRandom) {
  const read = (k) => {
    try {
      return storage.getItem(k);
    } catch {
      return null;
    }
  };
  const write = (k, v) => {
    try {
      if (v == null) storage.removeItem(k);
      else storage.setItem(k, v);
    } catch {
      // Private browsing may refuse storage; the session then lasts as long as the page.
    }
  };
  return {
    get token() {
      return read(TOKEN);
    },
    set token(v) {
      write(TOKEN, v);
    },
    get identity() {
      return read(IDENTITY);
    },
    set identity(v) {
      write(IDENTITY, v);
    },
    // What a hello sends as its identity: the one the server gave, or else this browser's
    // session token from before identities (the server kept it as one when it upgraded).
    get identityToSend() {
      return read(IDENTITY) || read(TOKEN);
    },
    get name() {
      return read(NAME);
    },
    set name(v) {
      write(NAME, v);
    },
    get sound() {
      return read(SOUND) === 'on';
    },
    set sound(v) {
      write(SOUND, v ? 'on' : null);
    },
    // Made on first use and kept; where storage is refused, the page's own for its lifetime.
    get browser() {
      let id = read(BROWSER) || this.pageBrowser;
      if (!id) {
        id = newBrowserId(random);
        write(BROWSER, id);
        if (!read(BROWSER)) this.pageBrowser = id;
      }
      return id;
    },
    pageBrowser: null,
  };
}

export function memoryStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
}
