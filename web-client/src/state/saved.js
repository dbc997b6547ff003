// What survives a reload: the session token and the last name used. `storage` is
// localStorage in the browser and a Map-backed stand-in in tests.

const TOKEN = 'crownhall.token';
const NAME = 'crownhall.name';
const SOUND = 'crownhall.sound'; // "on": a sound when a decision comes to you (off by default)

export function savedSession(storage) {
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
