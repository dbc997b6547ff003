import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { auditDetail, auditText, mergeAudit, minutesText, peopleRefusal, peopleRows, PEOPLE_REFUSALS } from '../../src/admin/people-words.js';
import { auditPanel, peoplePanel } from '../../src/admin/people-view.js';
import { createPeopleNames } from '../../src/admin/people-names.js';

const names = { 'p-ann': 'Ann', 'p-bo': 'Bo' };
const nameOf = (p) => names[p] || null;

test('a ban in words: the reason and the address refused', () => {
  const e = { id: 3, at: 0, by: 'admin', action: 'ban', player: 'p-ann', detail: { reason: 'insults in chat', refuse_address_minutes: 10, address_refused: true, devices_signed_out: 2 } };
  assert.equal(auditText(e, nameOf), 'Admin banned Ann: insults in chat (address refused 10 min)');
  assert.equal(auditDetail(e), '2 devices signed out');
  assert.equal(auditText({ ...e, detail: { reason: '', refuse_address_minutes: 0, address_refused: false } }, nameOf), 'Admin banned Ann');
  assert.equal(auditText({ ...e, detail: { reason: 'spam', refuse_address_minutes: 60, address_refused: false } }, nameOf), 'Admin banned Ann: spam (address not refused: they were not connected)');
});

test('a lift, a rename and an unknown act in words; an unknown id stays an id', () => {
  assert.equal(auditText({ action: 'lift_ban', by: 'admin', player: 'p-bo', detail: {} }, nameOf), 'Admin lifted the ban on Bo');
  assert.equal(auditText({ action: 'rename', by: 'admin', player: 'p-bo', detail: { from: 'B0b', to: 'Bob' } }, nameOf), 'Admin renamed B0b to Bob');
  assert.equal(auditText({ action: 'mute', by: 'admin', player: 'p-zz', detail: null }, nameOf), 'Admin: mute p-zz');
  assert.equal(auditDetail({ action: 'rename', detail: { from: 'a', to: 'b' } }), '');
});

test('minutes in words', () => {
  assert.equal(minutesText(10), '10 min');
  assert.equal(minutesText(60), '1 h');
  assert.equal(minutesText(90), '1 h 30 min');
  assert.equal(minutesText(1440), '1 day');
  assert.equal(minutesText(10080), '7 days');
});

test('refusal codes in words, not the developer’s', () => {
  for (const code of ['name_taken', 'invalid_name', 'not_banned', 'no_such_player']) {
    assert.equal(peopleRefusal({ status: 409, body: { error: 'dev words', code } }), PEOPLE_REFUSALS[code]);
    assert.doesNotMatch(PEOPLE_REFUSALS[code], /_/);
  }
  assert.equal(peopleRefusal({ status: 500, body: { error: 'boom' } }), 'boom');
  assert.equal(peopleRefusal({ status: 502, body: null }), 'The server answered 502.');
});

test('the audit log merges a refresh into older pages, newest first, each once', () => {
  const page1 = [{ id: 5 }, { id: 4 }];
  const older = [{ id: 3 }, { id: 2 }];
  assert.deepEqual(mergeAudit(mergeAudit(page1, older), [{ id: 6 }, { id: 5 }]).map((e) => e.id), [6, 5, 4, 3, 2]);
});

test('people: the accounts, then guests from the sessions, banned marked', () => {
  const rows = peopleRows([{ player: 'p-ann', name: 'Ann', created_at: 1, online: true, banned: false }], [{ player: 'p-ann', name: 'Ann', connected: true }, { player: 'p-bo', name: 'Bo', connected: false }], [{ player: 'p-bo' }]);
  assert.deepEqual(rows.map((r) => [r.name, r.account, r.online, r.banned]), [['Ann', true, true, false], ['Bo', false, false, true]]);
});

test('the People section: rename field, ban and lift buttons; the ban asks before it is done', () => {
  const state = { people: { accounts: [{ player: 'p-ann', name: 'Ann', created_at: 1, online: true, banned: false }], bans: [{ player: 'p-bo', at: 1, reason: 'spam', by: 'admin' }] }, sessions: [{ player: 'p-bo', name: 'Bo', connected: false }], names };
  let html = toHtml(peoplePanel(state));
  assert.match(html, /aria-label="New name for Ann"/);
  assert.match(html, /data-action="ban-open" data-player="p-ann"/);
  assert.match(html, /Lift the ban on Bo/);
  html = toHtml(peoplePanel({ ...state, banning: { player: 'p-ann', name: 'Ann', reason: '', minutes: 10 } }));
  assert.match(html, /Also refuse new guests from their address for/);
  assert.doesNotMatch(html, /ban-confirm/, 'the form asks nothing of the server yet');
  html = toHtml(peoplePanel({ ...state, banning: { player: 'p-ann', name: 'Ann', reason: 'spam', minutes: 10, ask: true } }));
  assert.match(html, /Ban Ann for “spam”\?/);
  assert.match(html, /refused for 10 min/);
  assert.match(html, /data-action="ban-confirm"/);
});

test('the audit panel: entries in words, and "Older" only while there may be more', () => {
  const audit = [{ id: 2, at: 1, by: 'admin', action: 'lift_ban', player: 'p-bo', detail: {} }];
  assert.match(toHtml(auditPanel({ audit, names, auditMore: true })), /Admin lifted the ban on Bo.*data-action="audit-older"/s);
  assert.doesNotMatch(toHtml(auditPanel({ audit, names, auditMore: false })), /audit-older/);
});

test('names: the listed ones taken, every other id looked up once', async () => {
  const looked = [];
  const got = [];
  const n = createPeopleNames({ lookUp: async (id) => (looked.push(id), 'Bo'), learnt: (k) => got.push(k) });
  const state = { people: { accounts: [{ player: 'p-ann', name: 'Ann' }], bans: [{ player: 'p-bo' }] }, sessions: [], audit: [{ player: 'p-bo' }, { player: 'p-ann' }], names: {} };
  n.learn(state);
  n.learn(state);
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(looked, ['p-bo']);
  assert.deepEqual(got, [{ 'p-ann': 'Ann' }, { 'p-ann': 'Ann' }, { 'p-bo': 'Bo' }]);
});
