// The profile screen's and the account panel switch's side of the controller: a player's
// profile read over HTTP (anyone's; the viewer's own whole, even when private), and the
// viewer's choice to show it to others or not. `api` is the account API (account/api.js),
// passed in so this is tested in Node.

import { formatRoute } from '../state/route.js';
import { refusalText } from '../account/account-words.js';

const PROFILE_REFUSALS = { no_such_player: 'Nobody plays under this player id: the link may be wrong.' };
const words = (code) => PROFILE_REFUSALS[code] || refusalText(code);

export function createProfile({ store, api, setHash = () => {} }) {
  const set = (profile) => store.dispatch({ type: 'profile', profile });
  const me = () => store.state.me;

  async function load(player) {
    set({ player, status: 'loading', data: null, error: null });
    const r = await api.getProfile(player);
    if (store.state.profile.player !== player) return; // another profile was opened meanwhile
    if (r.ok) set({ status: 'ready', data: r.body });
    else set({ status: 'error', error: words(r.code) });
  }

  async function loadOwn() {
    const who = me();
    if (!who) return;
    set({ own: { status: 'loading', error: null } });
    const r = await api.getProfile(who.player);
    if (r.ok) set({ own: { status: 'ready', private: r.body.private === true } });
    else set({ own: { status: 'error', error: words(r.code) } });
  }

  async function setPrivate(hidden) {
    if (store.state.profile.own.busy) return;
    set({ own: { busy: true, error: null } });
    const r = await api.setProfilePrivate(hidden);
    if (!r.ok) return set({ own: { busy: false, error: words(r.code) } });
    const now = r.body.private === true;
    set({ own: { busy: false, status: 'ready', private: now } });
    // The screen may show this very profile: it says so at once.
    const p = store.state.profile;
    if (p.data && me() && p.data.player === me().player) set({ data: { ...p.data, private: now } });
  }

  return {
    onRoute(route) {
      if (route.name === 'profile') return load(route.player);
      return undefined;
    },
    // The account panel opened: the switch shows whether the profile is shown now.
    onAccountOpen() {
      return loadOwn();
    },
    // Returns true when the intent was one of ours.
    intent(action, data = {}) {
      switch (action) {
        case 'open-profile': {
          if (!data.player) return true;
          const route = { name: 'profile', player: data.player };
          store.dispatch({ type: 'account', account: { open: false } });
          store.dispatch({ type: 'route', route });
          setHash(formatRoute(route));
          load(data.player);
          return true;
        }
        case 'profile-private':
          setPrivate(data.private === 'true');
          return true;
        default:
          return false;
      }
    },
  };
}
