import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventText, lineText } from '../../src/ui/event-text.js';
import * as crownBattles from '../../src/games/crown-battles/render.js';
const { describeAction } = crownBattles;
import { describeAction as describeQueensCourt } from '../../src/games/queens-court/render.js';
import { scenes } from '../fixtures/scenes.js';
import { example } from '../helpers/protocol-examples.js';

test('the last event in words', () => {
  const t = example('table');
  assert.equal(eventText(t, describeAction), 'Dee moved.');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 3, action: { type: 'play', card: 'B13' } } }, describeAction), 'Dee played Blue 13.');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 1, action: { type: 'bid', bid: [2, 3] } } }, describeAction), 'Bot 2 bid 2 or 3 tricks (double bid).');
  assert.equal(eventText({ ...t, last_event: { kind: 'action', seat: 1 } }, describeAction), 'Bot 2 moved.');
  assert.equal(eventText({ ...t, last_event: { kind: 'away', seat: 2, reason: 'timeout' } }), 'Cy ran out of time: a bot plays for them.');
  assert.equal(eventText({ ...t, last_event: { kind: 'started' } }), 'The game has started.');
  assert.equal(eventText({ ...t, last_event: { kind: 'pause_asked', seat: 0 } }), 'Ann asked for a pause.');
  assert.equal(eventText({ ...t, last_event: { kind: 'paused', seat: 3 } }), 'The game is paused (Dee agreed last).');
  assert.equal(eventText({ ...t, last_event: { kind: 'resumed', seat: 0 } }), 'Ann resumed the game.');
  assert.equal(eventText({ ...t, last_event: { kind: 'pause_withdrawn', seat: 0 } }), 'Ann no longer asks for a pause.');
  assert.equal(eventText({ ...t, last_event: { kind: 'pause_declined', seat: 0 } }), 'Ann declined the pause; the game goes on.');
  assert.equal(eventText({ ...t, last_event: { kind: 'rematch_offered', seat: 0 } }), 'Ann offers a rematch.');
  assert.equal(eventText({ ...t, last_event: null }), '');
  assert.equal(eventText({ ...t, last_event: { kind: 'something_new' } }), '');
});

test('a move is told by the events it brought, in the move log\'s words', () => {
  const playing = scenes.playing.find((m) => m.type === 'table');
  const name = (s) => ['Ann', 'Bot 2', 'Cy', 'Dee'][s];
  const words = (l) => lineText(l, crownBattles, name);
  const moved = { ...playing, last_event: { kind: 'action', seat: 3 } };
  assert.equal(eventText(moved, describeAction, [{ n: 7, kind: 'played', seat: 3, card: 'DRAGON1' }], words), 'Dee played Dragon.');
  // The move's own line, then what it led to.
  const lines = [{ n: 8, kind: 'played', seat: 3, card: 'R12' }, { n: 9, kind: 'trick_won', seat: 0 }];
  assert.equal(eventText(moved, describeAction, lines, words), 'Dee played Red 12. Ann won the trick.');
  // A secret bid: others read that a bid was placed, never its value.
  assert.equal(eventText({ ...moved, last_event: { kind: 'action', seat: 1 } }, describeAction, [{ n: 10, kind: 'secret_bid', seat: 1 }], words), 'Bot 2 placed a secret bid.');
  // No event for this viewer (a pick nobody else may see): only who acted; never a guess.
  assert.equal(eventText(moved, describeAction, [], words), 'Dee moved.');
  // Even the seat's own step: its engine name never reaches the status line.
  const own = { ...moved, last_event: { kind: 'action', seat: 0, action: { type: 'pick_seat', seat: 1 } } };
  assert.equal(eventText(own, describeAction, [], words), 'Ann moved.');
});

test("a Queen's Court play names the pile's owner as the table does, not by seat number", () => {
  const t = example('table');
  const e = { kind: 'action', seat: 0, action: { type: 'play', card: 'G1', owner: 3, side: 'right' } };
  assert.equal(eventText({ ...t, last_event: e }, describeQueensCourt), `${t.seats[0].name} played Glove on ${t.seats[3].name}’s right pile.`);
});
