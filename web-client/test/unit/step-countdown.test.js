// The Spy's look counts down: `game.time_left_ms` as of the table message, from when it
// arrived, redrawn by one page timer once a second while it runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { reducer, initialState } from '../../src/state/reducer.js';
import { render } from '../../src/games/crown-battles/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { createStepTicker, secondsLeft, stepTimeLeft } from '../../src/ui/step-countdown.js';
import { scenes } from '../fixtures/scenes.js';
import { fakeTimers } from '../helpers/fakes.js';

const clone = (x) => JSON.parse(JSON.stringify(x));
const spyTable = () => clone(scenes.spyLook.find((m) => m.type === 'table'));
// The state after the table message arrived at `at` (ms, the page's clock).
const arrived = (msg, at) => reducer(initialState, { type: 'message', msg, at });
const countdown = (state, now) => {
  const m = /<p class="cb-countdown" role="timer">(.*?)<\/p>/.exec(toHtml(render(gameContext(state, now))));
  return m && m[1].replace(/<\/?b>/g, '');
};

test('the time left is the message’s, counted from its arrival', () => {
  const state = arrived(spyTable(), 10000);
  assert.equal(stepTimeLeft(state, 10000), 42000);
  assert.equal(stepTimeLeft(state, 13250), 38750);
  assert.equal(stepTimeLeft(state, 99999), 0, 'never below zero');
  assert.equal(stepTimeLeft(state, 9000), 42000, 'a clock set back does not add time');
  const plain = spyTable();
  delete plain.game.time_left_ms;
  assert.equal(stepTimeLeft(arrived(plain, 10000), 10000), null, 'no timed step for this seat');
  assert.deepEqual([secondsLeft(42000), secondsLeft(41001), secondsLeft(200), secondsLeft(0)], [42, 42, 1, 0]);
});

test('the Spy’s “Only you can see this” panel shows the seconds left and what happens at zero', () => {
  const state = arrived(spyTable(), 10000);
  const html = toHtml(render(gameContext(state, 10000)));
  assert.match(html, /<h3>Only you can see this<\/h3><ul><li>Undealt: Red 1, Blue 13, Golem<\/li><\/ul><p class="cb-countdown" role="timer"><b>42 seconds<\/b> left: at zero the look ends.<\/p>/);
  assert.equal(countdown(state, 11500), '41 seconds left: at zero the look ends.');
  assert.equal(countdown(state, 10000 + 41500), '1 second left: at zero the look ends.');
  assert.equal(countdown(state, 10000 + 60000), '0 seconds left: at zero the look ends.');
  // A later message (another seat moved meanwhile) brings a fresh count.
  const later = reducer(state, { type: 'message', msg: { ...spyTable(), seq: spyTable().seq + 1, game: { ...spyTable().game, time_left_ms: 20000 } }, at: 30000 });
  assert.equal(countdown(later, 30000), '20 seconds left: at zero the look ends.');
  // Without the field (another seat's message, an older server), or another card's step: none.
  const plain = spyTable();
  delete plain.game.time_left_ms;
  assert.equal(countdown(arrived(plain, 0), 0), null);
  const bishop = spyTable();
  bishop.game.view.specials.pending = { card: 'BISHOP', seat: 0, step: 1 };
  bishop.game.view.specials.known = { 2: ['G5'] };
  assert.equal(countdown(arrived(bishop, 0), 0), null);
});

test('one page timer redraws when the shown second changes, and stops with the step', () => {
  const timers = fakeTimers();
  let now = 10000;
  let draws = 0;
  const ticker = createStepTicker({ redraw: () => draws++, now: () => now, setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
  const state = arrived(spyTable(), 10000);
  ticker.sync(state);
  assert.equal(timers.pending.length, 1);
  assert.equal(timers.pending[0].ms, 1005, '42.000 s left: the next second in 1 s');
  now = 10400;
  ticker.sync(state); // another draw meanwhile: still one timer, re-aimed
  assert.equal(timers.pending.length, 1);
  assert.equal(timers.pending[0].ms, 605);
  now = 11005;
  timers.runNext();
  assert.equal(draws, 1);
  assert.equal(ticker.armed, false);
  ticker.sync(state); // the draw it asked for arms the next one
  assert.equal(countdown(state, now), '41 seconds left: at zero the look ends.');
  assert.equal(timers.pending.length, 1);
  // The look ends (done looking, or the server's time): the message has no time left.
  const done = clone(state.table);
  delete done.game.time_left_ms;
  done.seq += 1;
  ticker.sync(reducer(state, { type: 'message', msg: done, at: now }));
  assert.equal(timers.pending.length, 0, 'the timer is cleared with the panel');
  assert.equal(ticker.armed, false);
  // At zero nothing more is drawn until the server's message ends the look.
  now = 10000 + 42000;
  ticker.sync(state);
  assert.equal(timers.pending.length, 0);
});
