import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '../../src/dom/vdom.js';
import { tableView } from '../../src/ui/table-view.js';
import { installFakeDom } from '../helpers/fake-dom.js';

// The table header's buttons come and go: Pause appears when a player takes a seat back from
// its bot. A click landing on Leave at that moment must still be Leave. A failed end-to-end
// run clicked "Leave (a bot plays for you)" just as the re-render turned that very element
// into another button (table-defects.test.js, leaving a game): the header's buttons are keyed.
const seats = (status) => [
  { seat: 0, status, name: 'Ann', player: 'p-1', connected: true, ready: true },
  { seat: 1, status: 'bot', name: 'Bot', player: null, connected: true, ready: true },
];
const table = (status) => ({
  type: 'table', table: 't-1', seq: 3, game_id: 'queens-court', title: "Queen's Court", state: 'playing',
  seats: seats(status), host: 0, you: { seat: 0, role: 'player', host: true }, clock: null, last_event: null,
  options: {}, spectators: true, pause: { paused: false, asked: [] }, game: null,
});
const state = (status) => ({ table: table(status), ui: {}, games: [], chat: [], moveLog: [] });
const buttons = (el, out = []) => {
  for (const c of el.childNodes || []) {
    if (c.tagName === 'BUTTON') out.push(c);
    buttons(c, out);
  }
  return out;
};
const label = (b) => b.childNodes.map((c) => c.nodeValue).join('');
const byLabel = (root, text) => buttons(root).find((b) => label(b) === text);

test('the Leave button stays the same element when the Pause button appears beside it', () => {
  const root = installFakeDom();
  const env = { now: 0, pageUrl: 'http://localhost/' };
  render(root, tableView(state('away'), env));
  const leave = byLabel(root, 'Leave (a bot plays for you)');
  assert.ok(leave, 'the Leave button is shown');
  assert.equal(byLabel(root, 'Pause'), undefined, 'no pause while a bot plays the seat');
  render(root, tableView(state('human'), env));
  assert.ok(byLabel(root, 'Pause'), 'the seat taken back may pause');
  assert.equal(byLabel(root, 'Leave (a bot plays for you)'), leave, 'Leave is still the element that was clicked');
});
