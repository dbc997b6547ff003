import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pauseBar, toldByPauseBar } from '../../src/ui/pause-bar.js';

// The ask for a pause, and the pause itself, are told by the bar while it is shown; the
// status line leaves them to it (ui/table-view.js), so each is said once on the screen.
const table = (pause, kind) => ({
  state: 'playing', pause, last_event: kind ? { kind, seat: 0 } : null,
  seats: [{ seat: 0, status: 'human', name: 'Ann' }, { seat: 1, status: 'human', name: 'Bo' }],
});
const ctx = (pause, kind, mySeat = 1) => ({ table: table(pause, kind), mySeat });

test('the bar tells an ask and a pause while it shows them; the rest is the status line’s', () => {
  assert.equal(toldByPauseBar(ctx({ paused: false, asked: [0] }, 'pause_asked')), true);
  assert.equal(toldByPauseBar(ctx({ paused: false, asked: [0] }, 'pause_asked', 0)), true, 'the asker’s own bar too');
  assert.equal(toldByPauseBar(ctx({ paused: true, asked: [] }, 'paused')), true);
  // Declined or resumed: no bar, the status line says it.
  assert.equal(pauseBar(ctx({ paused: false, asked: [] }, 'pause_declined')), null);
  assert.equal(toldByPauseBar(ctx({ paused: false, asked: [] }, 'pause_declined')), false);
  assert.equal(toldByPauseBar(ctx({ paused: false, asked: [] }, 'resumed')), false);
  // A move while an ask waits: the status line tells the move.
  assert.equal(toldByPauseBar(ctx({ paused: false, asked: [0] }, 'action')), false);
});
