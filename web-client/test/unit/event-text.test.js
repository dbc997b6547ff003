import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText } from '../../src/ui/event-text.js';
import { describeAction } from '../../src/games/crown-battles/render.js';
import { example } from '../helpers/protocol-examples.js';

test('the last event in words', () => {
  const t = example('table');
  assert.equal(eventText(t, describeAction), 'Dee has acted.');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 3, action: { type: 'play', card: 'B13' } } }, describeAction), 'Dee played Blue 13.');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 1, action: { type: 'bid', bid: [2, 3] } } }, describeAction), 'Bot 2 bid 2 or 3 tricks (double bid).');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 1 } }, describeAction), 'Bot 2 has acted.');
  assert.equal(eventText({ ...t, last_event: { kind: 'away', seat: 2, reason: 'timeout' } }), 'Cy ran out of time: a bot plays for them.');
  assert.equal(eventText({ ...t, last_event: { kind: 'started' } }), 'The game has started.');
  assert.equal(eventText({ ...t, last_event: null }), '');
  assert.equal(eventText({ ...t, last_event: { kind: 'something_new' } }), '');
});
