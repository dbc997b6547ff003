import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock, ordinal, plural } from '../../src/ui/format.js';
import { errorText } from '../../src/state/errors.js';
import { pageTitle } from '../../src/ui/title.js';

test('clocks show minutes and seconds, rounding up', () => {
  assert.equal(formatClock(281000), '4:41');
  assert.equal(formatClock(999), '0:01');
  assert.equal(formatClock(0), '0:00');
  assert.equal(formatClock(-5), '0:00');
  assert.equal(formatClock(3723000), '1:02:03');
  assert.equal(formatClock(null), '');
});

test('ordinals and plurals', () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st']);
  assert.equal(plural(1, 'seat'), '1 seat');
  assert.equal(plural(3, 'seat'), '3 seats');
});

test('errors read for people: game reasons kept, lobby codes explained', () => {
  assert.equal(errorText({ code: 'illegal_action', reason: 'you must follow blue: you hold B7' }), 'you must follow blue: you hold B7');
  assert.match(errorText({ code: 'invite_required', reason: 'private table' }), /invite link/);
  // A limit that lifts by itself is worded from its wait, not from the server's reason.
  assert.equal(errorText({ code: 'too_many_new_sessions', reason: 'too many new sessions from your address; try again in 42 s', retry_ms: 41200 }),
    'New players cannot join from your network right now: try again in 42 s.');
  assert.equal(errorText({ code: 'too_many_new_sessions', reason: 'an admin refused new guests', retry_ms: 1800000 }),
    'New players cannot join from your network right now: try again in 30 min.');
  assert.equal(errorText({ code: 'too_many_new_sessions', reason: 'x' }), 'New players cannot join from your network right now: try again later.');
  assert.equal(errorText({ code: 'invalid_options', reason: 'schedule [20] needs 80 cards' }), 'schedule [20] needs 80 cards');
  assert.equal(errorText({ code: 'strange' }), 'Error: strange');
});

test('the tab title says when it is your turn', () => {
  assert.equal(pageTitle({ table: null }), 'Crownhall');
  assert.equal(pageTitle({ table: { title: 'Crown Battles', game: { legal: [] } } }), 'Crown Battles · Crownhall');
  assert.equal(pageTitle({ table: { title: 'Crown Battles', game: { legal: [{ type: 'bid', bid: 1 }] } } }), '(Your turn) Crown Battles · Crownhall');
});
