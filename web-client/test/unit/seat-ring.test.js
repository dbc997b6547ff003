import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ringPlaces } from '../../src/ui/seat-ring.js';

const places = (n, me) => Object.fromEntries(ringPlaces(n, me));

test('the viewer sits at the bottom and the next seats go left, across, right', () => {
  assert.deepEqual(places(4, 0), { 0: 'bottom', 1: 'left', 2: 'top', 3: 'right' });
  assert.deepEqual(places(4, 2), { 2: 'bottom', 3: 'left', 0: 'top', 1: 'right' });
  assert.deepEqual(places(3, 1), { 1: 'bottom', 2: 'left', 0: 'right' });
  assert.deepEqual(places(2, 1), { 1: 'bottom', 0: 'top' });
  assert.deepEqual(places(5, 4), { 4: 'bottom', 0: 'left', 1: 'top-left', 2: 'top-right', 3: 'right' });
  assert.deepEqual(places(6, 0), { 0: 'bottom', 1: 'left', 2: 'top-left', 3: 'top', 4: 'top-right', 5: 'right' });
  assert.deepEqual(places(8, 3), { 3: 'bottom', 4: 'bottom-left', 5: 'left', 6: 'top-left', 7: 'top', 0: 'top-right', 1: 'right', 2: 'bottom-right' });
  assert.deepEqual(places(7, 0), { 0: 'bottom', 1: 'bottom-left', 2: 'left', 3: 'top-left', 4: 'top-right', 5: 'right', 6: 'bottom-right' });
});

test('a spectator sees seat 0 at the bottom; every seat gets a place of its own', () => {
  assert.deepEqual(places(4, null), { 0: 'bottom', 1: 'left', 2: 'top', 3: 'right' });
  for (let n = 2; n <= 8; n++) assert.equal(new Set(ringPlaces(n, 1).values()).size, n);
});
