import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText } from '../../src/ui/event-text.js';
import { describeAction, describeSeen } from '../../src/games/crown-battles/render.js';
import { describeAction as describeQueensCourt } from '../../src/games/queens-court/render.js';
import { scenes } from '../fixtures/scenes.js';
import { example } from '../helpers/protocol-examples.js';

test('the last event in words', () => {
  const t = example('table');
  assert.equal(eventText(t, describeAction), 'Dee made a move (playing).');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 3, action: { type: 'play', card: 'B13' } } }, describeAction), 'Dee played Blue 13.');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 1, action: { type: 'bid', bid: [2, 3] } } }, describeAction), 'Bot 2 bid 2 or 3 tricks (double bid).');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 1 } }, describeAction), 'Bot 2 made a move (playing).');
  assert.equal(eventText({ ...t, last_event: { kind: 'away', seat: 2, reason: 'timeout' } }), 'Cy ran out of time: a bot plays for them.');
  assert.equal(eventText({ ...t, last_event: { kind: 'started' } }), 'The game has started.');
  assert.equal(eventText({ ...t, last_event: { kind: 'pause_asked', seat: 0 } }), 'Ann asked for a pause.');
  assert.equal(eventText({ ...t, last_event: { kind: 'paused', seat: 3 } }), 'The game is paused (Dee agreed last).');
  assert.equal(eventText({ ...t, last_event: { kind: 'resumed', seat: 0 } }), 'Ann resumed the game.');
  assert.equal(eventText({ ...t, last_event: { kind: 'pause_withdrawn', seat: 0 } }), 'Ann no longer asks for a pause.');
  assert.equal(eventText({ ...t, last_event: { kind: 'rematch_offered', seat: 0 } }), 'Ann offers a rematch.');
  assert.equal(eventText({ ...t, last_event: null }), '');
  assert.equal(eventText({ ...t, last_event: { kind: 'something_new' } }), '');
});

test('an action others only see in the view is worded from the view', () => {
  const playing = scenes.playing.find((m) => m.type === 'table');
  assert.equal(eventText({ ...playing, last_event: { kind: 'action', seat: 3 } }, describeAction, describeSeen), 'Dee played Dragon.');
  const blind = scenes.blind.find((m) => m.type === 'table');
  assert.equal(eventText({ ...blind, last_event: { kind: 'action', seat: 1 } }, describeAction, describeSeen), 'Bot 2 placed a secret bid.');
  const bidding = scenes.bidding.find((m) => m.type === 'table');
  assert.equal(eventText({ ...bidding, last_event: { kind: 'action', seat: 2 } }, describeAction, describeSeen), 'Cy bid 0 or 1 tricks (double bid).');
});

test("a Queen's Court play names the pile's owner as the table does, not by seat number", () => {
  const t = example('table');
  const e = { kind: 'action', seat: 0, action: { type: 'play', card: 'G1', owner: 3, side: 'right' } };
  assert.equal(eventText({ ...t, last_event: e }, describeQueensCourt), `${t.seats[0].name} played Glove on ${t.seats[3].name}’s right pile.`);
});
