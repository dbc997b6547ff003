// A player's profile: its words (profile-format.js), its screen (profile-view.js), the
// requests (createProfileApi), and through the controller opening one, the account panel's
// switch and a replay opened from one's own profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { averageText, ordinal, othersText, pointsText, rankText, totalsText } from '../../src/ui/profile-format.js';
import { profileView } from '../../src/ui/profile-view.js';
import { createProfileApi } from '../../src/account/api.js';
import { parseRoute, formatRoute } from '../../src/state/route.js';
import { createController } from '../../src/app/controller.js';
import { createStore } from '../../src/state/store.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { savedSession, memoryStorage } from '../../src/state/saved.js';
import { accountPanel } from '../../src/account/account-view.js';
import { example } from '../helpers/protocol-examples.js';

const text = (tree) => toHtml(tree).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ann = {
  player: 'p-ann', name: 'Ann', account: true, private: false,
  games: [{ game: 'queens-court', finished: 12, won: 5, average_points: 3.25, best_points: 6 }, { game: 'lunar', finished: 1, won: 0, average_points: null, best_points: null }],
  recent: [{ game_id: 'g-1', game: 'queens-court', finished_at: 1764763200000, seat: 0, seats: ['Ann', 'Bot (heuristic)'], rank: 1, points: 4 }],
};
const games = [{ id: 'queens-court', title: 'Queen’s Court' }, { id: 'lunar', title: 'Lunar' }];

test('profile words: averages, points, ranks, totals, the others at the table', () => {
  assert.equal(averageText(3.25), '3.3');
  assert.equal(averageText(2), '2');
  assert.equal(averageText(null), '–');
  assert.equal(pointsText(null), '–');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']);
  assert.equal(rankText(1, ['a', 'b']), '1st of 2 (won)');
  assert.equal(rankText(3, ['a', 'b', 'c', 'd']), '3rd of 4');
  assert.equal(rankText(null, ['a']), '');
  assert.equal(totalsText(ann.games), '13 games finished, 5 won');
  assert.equal(totalsText([{ finished: 1, won: 1 }]), '1 game finished, 1 won');
  assert.equal(othersText(['Ann', 'Bot (heuristic)', 'Cy'], 0), 'with Bot 2 and Cy');
  assert.equal(othersText(['Ann'], 0), '');
});

test('someone else’s profile: per game, the newest games with rank and points, no replay', () => {
  const state = { me: { player: 'p-bo', name: 'Bo' }, games, profile: { player: 'p-ann', status: 'ready', data: ann } };
  const t = text(profileView(state));
  assert.match(t, /Ann’s profile/);
  assert.match(t, /Queen’s Court 12 5 of 12 won 3\.3 6/);
  assert.match(t, /Lunar 1 0 of 1 won – –/);
  assert.match(t, /1st of 2 \(won\) · 4 points · with Bot 2/);
  assert.doesNotMatch(toHtml(profileView(state)), /open-replay/, 'the records are their players’ only');
});

test('one’s own profile: each game a click to its replay; private said to oneself', () => {
  const state = { me: { player: 'p-ann', name: 'Ann' }, games, profile: { player: 'p-ann', status: 'ready', data: { ...ann, private: true } } };
  const html = toHtml(profileView(state));
  assert.match(html, /data-action="open-replay" data-game="g-1"/);
  assert.match(text(profileView(state)), /Your profile: Ann.*Your profile is private/);
});

test('a private profile of someone else says only that', () => {
  const state = { me: { player: 'p-bo', name: 'Bo' }, games, profile: { player: 'p-ann', status: 'ready', data: { player: 'p-ann', private: true } } };
  const t = text(profileView(state));
  assert.match(t, /This profile is private\./);
  assert.doesNotMatch(t, /finished/);
});

test('the profile route', () => {
  assert.deepEqual(parseRoute('#/profile/p-a%2Fb'), { name: 'profile', player: 'p-a/b' });
  assert.equal(formatRoute({ name: 'profile', player: 'p-a/b' }), '#/profile/p-a%2Fb');
});

test('the profile requests: a GET with the token, the switch a PUT of {private}', async () => {
  const saved = savedSession(memoryStorage());
  saved.token = 't'.repeat(32);
  const calls = [];
  const fetch = async (path, init) => (calls.push({ path, method: init.method, headers: init.headers, body: init.body }), { status: 200, headers: { get: () => null }, text: async () => '{}' });
  const api = createProfileApi({ fetch, saved });
  await api.getProfile('p-a/b');
  await api.setProfilePrivate(true);
  assert.deepEqual(calls, [
    { path: '/api/players/p-a%2Fb/profile', method: 'GET', headers: { Authorization: `Bearer ${'t'.repeat(32)}` }, body: undefined },
    { path: '/api/account/profile', method: 'PUT', headers: { Authorization: `Bearer ${'t'.repeat(32)}`, 'Content-Type': 'application/json' }, body: '{"private":true}' },
  ]);
});

function setup(answers) {
  const store = createStore(reducer, initialState);
  const saved = savedSession(memoryStorage());
  saved.name = 'Ann';
  const asked = [];
  const hashes = [];
  const api = (name) => async (...args) => (asked.push([name, ...args]), answers[name](...args));
  const profileApi = { getProfile: api('getProfile'), setProfilePrivate: api('setProfilePrivate') };
  const accountApi = new Proxy({}, { get: () => async () => ({ ok: true, status: 200, body: { player: 'p-5f2a9c', name: 'Ann', account: null, devices: [] } }) });
  const c = createController({ store, saved, send: () => true, setHash: (h) => hashes.push(h), accountApi, profileApi });
  c.onOpen();
  c.onMessage({ ...example('welcome'), table: null });
  return { c, store, asked, hashes };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

test('the account panel’s switch: read when it opens, a click hides the profile, the screen follows', async () => {
  let hidden = false;
  const { c, store, asked } = setup({
    getProfile: (p) => ({ ok: true, status: 200, body: { ...ann, player: p, private: hidden } }),
    setProfilePrivate: (v) => ((hidden = v), { ok: true, status: 200, body: { player: 'p-5f2a9c', private: v } }),
  });
  const me = store.state.me.player;
  c.intent('account-open');
  await flush();
  assert.deepEqual(asked, [['getProfile', me]]);
  let html = toHtml(accountPanel(store.state));
  assert.match(html, /role="switch"[^>]*aria-checked="true"[^>]*data-private="true"/);
  assert.match(html, /Show my profile to others/);
  c.intent('open-profile', { player: me });
  await flush();
  assert.equal(store.state.account.open, false, 'the panel gives way to the profile');
  assert.equal(store.state.route.name, 'profile');
  c.intent('account-open');
  await flush();
  c.intent('profile-private', { private: 'true' });
  await flush();
  assert.deepEqual(asked.at(-1), ['setProfilePrivate', true]);
  html = toHtml(accountPanel(store.state));
  assert.match(html, /role="switch"[^>]*aria-checked="false"[^>]*data-private="false"/);
  assert.equal(store.state.profile.data.private, true, 'the profile on screen says it is private now');
});

test('a profile that cannot be read says why in words, with a way to try again', async () => {
  const { c, store, hashes } = setup({ getProfile: () => ({ ok: false, status: 404, code: 'no_such_player' }) });
  c.intent('open-profile', { player: 'p-nobody' });
  await flush();
  assert.equal(hashes.at(-1), '#/profile/p-nobody');
  const t = text(profileView(store.state));
  assert.match(t, /Nobody plays under this player id/);
  assert.match(toHtml(profileView(store.state)), /data-action="open-profile" data-player="p-nobody"/);
});

test('at a waiting table a person’s name opens their profile; a bot’s does not', async () => {
  const { tableView } = await import('../../src/ui/table-view.js');
  const table = {
    type: 'table', table: 't-1', seq: 1, game_id: 'queens-court', title: "Queen's Court", state: 'waiting', host: 0, options: {},
    seats: [
      { seat: 0, status: 'human', name: 'Ann', player: 'p-ann', connected: true, ready: true },
      { seat: 1, status: 'bot', name: 'Bot (heuristic)', player: null, connected: true, ready: true, bot: 'heuristic' },
    ],
    you: { seat: 0, role: 'player', host: true },
  };
  const html = toHtml(tableView({ table, ui: {}, games, chat: [], moveLog: [], me: { player: 'p-ann', name: 'Ann' } }, { now: 0, pageUrl: 'http://localhost/' }));
  assert.match(html, /data-action="open-profile" data-player="p-ann" aria-label="Ann’s profile">Ann</);
  assert.equal((html.match(/open-profile/g) || []).length, 1);
});
