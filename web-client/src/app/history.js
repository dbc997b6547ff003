// The History screen's and the replay's side of the controller: fetches over HTTP with the
// session token (GET /api/history, /api/records/ID, /api/records/ID/steps and /coach), a record saved
// as a file, and moving through a replay. `api(path)` resolves to { status, text } and
// adds the token; `download(name, text)` saves a file. Both are passed in, so this is
// tested in Node.

import { formatRoute } from '../state/route.js';
import { REPLAY_WINDOW, missingWindow, stepTarget } from '../state/history.js';

export function createHistory({ store, api, download = () => {}, setHash = () => {}, toast = () => {} }) {
  const dispatch = (event) => store.dispatch(event);

  async function getJson(path) {
    const r = await api(path);
    let body = null;
    try {
      body = JSON.parse(r.text);
    } catch {
      // not JSON: the status says enough
    }
    if (r.status !== 200) throw new Error((body && body.error) || `the server answered ${r.status}`);
    return body;
  }

  async function loadHistory() {
    dispatch({ type: 'history', status: 'loading' });
    try {
      const body = await getJson('/api/history');
      dispatch({ type: 'history', status: 'ready', games: body.games || [], unfinished: body.unfinished || [] });
    } catch (e) {
      dispatch({ type: 'history', status: 'error', error: `Your history could not be loaded: ${e.message}.` });
    }
  }

  async function fetchWindow(gameId, from) {
    dispatch({ type: 'replay-loading', gameId, from });
    try {
      const data = await getJson(`/api/records/${encodeURIComponent(gameId)}/steps?from=${from}&count=${REPLAY_WINDOW}`);
      dispatch({ type: 'replay-steps', gameId, data });
    } catch (e) {
      dispatch({ type: 'replay-error', gameId, from, error: `The replay could not be loaded: ${e.message}.` });
    }
  }

  // Fetches what showing `step` needs, and the window after it when the step is near the
  // end of its own, so stepping forward rarely waits.
  function ensure(step) {
    const r = store.state.replay;
    if (!r) return;
    const wanted = [step, step + 4].map((s) => missingWindow(r, s)).filter((f) => f != null);
    for (const from of new Set(wanted)) fetchWindow(r.gameId, from);
  }

  function openReplay(gameId) {
    const r = store.state.replay;
    if (r && r.gameId === gameId && r.status !== 'error') return;
    dispatch({ type: 'replay-open', gameId });
    return fetchWindow(gameId, 0);
  }

  async function loadCoach(gameId, seat) {
    dispatch({ type: 'replay-coach', gameId, seat, status: 'loading' });
    try {
      const report = await getJson(`/api/records/${encodeURIComponent(gameId)}/coach?seat=${seat}`);
      dispatch({ type: 'replay-coach', gameId, seat, status: 'ready', report });
    } catch (e) {
      dispatch({ type: 'replay-coach', gameId, seat, status: 'error', error: `The coach could not look at this game: ${e.message}.` });
    }
  }

  async function downloadRecord(gameId) {
    try {
      const r = await api(`/api/records/${encodeURIComponent(gameId)}`);
      if (r.status !== 200) throw new Error(`the server answered ${r.status}`);
      download(`${gameId}.json`, r.text);
    } catch (e) {
      toast(`The record could not be downloaded: ${e.message}.`, 'error');
    }
  }

  function go(route) {
    dispatch({ type: 'route', route });
    setHash(formatRoute(route));
  }

  return {
    // After the welcome (the token is good now) or a route change: load what the screen shows.
    onRoute(route) {
      if (route.name === 'history') return loadHistory();
      if (route.name === 'replay') return openReplay(route.game);
      return undefined;
    },

    // Returns true when the intent was one of ours.
    intent(action, data = {}) {
      switch (action) {
        case 'open-history':
          go({ name: 'history' });
          loadHistory();
          return true;
        case 'open-replay':
          go({ name: 'replay', game: data.game });
          openReplay(data.game);
          return true;
        case 'download-record':
          downloadRecord(data.game);
          return true;
        case 'coach': {
          const r = store.state.replay;
          const seat = Number(data.seat);
          if (!r || !Number.isInteger(seat) || seat < 0) return true;
          loadCoach(r.gameId, seat);
          return true;
        }
        case 'replay-step': {
          const r = store.state.replay;
          if (!r || !r.meta) return true;
          const to = stepTarget(r, data.to);
          dispatch({ type: 'replay-goto', to });
          ensure(to);
          return true;
        }
        default:
          return false;
      }
    },
  };
}
