// Crown Battles' The Split rounds in the browser: each player picks a first half of the hand
// (in the page, then kept together: picks are final), bids for each half in turn, plays the
// first half out before the second; the seats, the score table and the round summary show
// each half's bids and tricks, and others' picks stay secret in the move log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { otherActions, splitOptions, toggleChoice } from '../../src/games/crown-battles/model.js';
import { isSplitType, readView } from '../../src/games/crown-battles/view.js';
import { readRound } from '../../src/games/crown-battles/scores.js';
import { promptText, ROUND_REMINDERS, roundTypeName, SPLIT_RULES, statusLine } from '../../src/games/crown-battles/text.js';
import { describeAction, lastRound, optionsSummary, render } from '../../src/games/crown-battles/render.js';
import { eventText } from '../../src/ui/event-text.js';
import { gameContext } from '../../src/ui/table-view.js';
import { scenes, splitHistory } from '../fixtures/scenes.js';

const tableOf = (scene) => JSON.parse(JSON.stringify(scenes[scene].find((m) => m.type === 'table')));
const ctxFor = (table, ui = {}) => gameContext({ table, ui, tableAt: 0 }, 0);
const html = (table, ui) => toHtml(render(ctxFor(table, ui)));
const S = (s) => `S${s}`;
const NAMES = (s) => ['Ann', 'Bot 2', 'Cy', 'Dee'][s];
const asSeat = (table, seat) => ({ ...table, you: { seat, role: 'player', host: false }, game: { ...table.game, legal: [] } });
// The keep button's actions, as the page would send them.
const keepPayload = (out) => {
  const m = /<button type="button" class="primary split-keep" data-action="act-all" data-payload="([^"]*)" data-clear="splitPick">Keep these for the first half<\/button>/.exec(out);
  return m ? JSON.parse(m[1].replaceAll('&quot;', '"')) : null;
};
const pick = (cards) => ({ splitPick: { key: 'r3', cards } });

test('the type has its name, reminder and rules', () => {
  assert.equal(roundTypeName('the_split'), 'The split');
  assert.match(ROUND_REMINDERS.the_split, /^split your hand in two halves/);
  assert.ok(isSplitType('the_split') && !isSplitType('long_play'));
  assert.equal(optionsSummary({ round_types: ['the_split', 'normal'] }), 'Rounds: The split / Normal bidding');
  const out = html(tableOf('splitChoose'));
  assert.match(out, /<dd>The split<small class="note">split your hand in two halves/);
  assert.match(out, /<summary>How The split is played<\/summary>/);
  assert.ok(out.includes(SPLIT_RULES[3]));
  assert.match(out, /<dt>Halves<\/dt><dd>3 \+ 3<small class="note">tricks<\/small><\/dd>/);
  assert.doesNotMatch(html(tableOf('bidding')), /How The split|<dt>Half/);
});

test('the view is read: halves, the half, the first half, half bids and tricks', () => {
  const v = readView(tableOf('splitPlay').game.view, 4);
  assert.deepEqual([v.halves, v.half, v.firstHalf], [[3, 3], 1, ['Y12', 'GOLEM1']]);
  assert.deepEqual(v.halfBids[3], [2, 1]);
  assert.deepEqual(v.halfTricks[3], [1, 0]);
  assert.deepEqual(readView(tableOf('splitChoose').game.view, 4).splitDone, [false, true, false, false]);
  const n = readView(tableOf('bidding').game.view, 4);
  assert.deepEqual([n.halves, n.half, n.firstHalf, n.halfBids[0], n.halfTricks[0], n.splitDone[0]], [null, null, null, null, null, null]);
});

test('the split prompt: cards toggle in the hand; the button keeps exactly the half', () => {
  const table = tableOf('splitChoose');
  assert.equal(splitOptions(table.game.legal).size, 6);
  assert.deepEqual(otherActions(table.game.legal), [], 'no generic buttons for the picks');
  const none = html(table);
  assert.match(none, /<div class="cb-choice cb-split" role="group" aria-label="Split your hand: your first half" data-need="3">/);
  assert.match(none, /<b>0 of 3 chosen<\/b>\. Choose them in your hand below\./);
  assert.match(none, /<button type="button" class="primary split-keep" disabled>Keep these for the first half<\/button>/);
  assert.match(none, /Your turn: split your hand\. Choose 3 cards for your first half; the other 3 are your second half\. Picks are final once kept\./);
  // Each card is a toggle: pressed or not, and what a click makes of the picks.
  assert.match(none, /aria-label="Red 7" data-card="R7" class="card card-R pickable" aria-pressed="false" data-action="ui" data-key="splitPick" data-value="{&quot;key&quot;:&quot;r3&quot;,&quot;cards&quot;:\[&quot;R7&quot;\]}"/);
  assert.match(none, /aria-label="Golem" data-card="GOLEM1" data-turn-focus="true"/);
  const two = html(table, pick(['R7', 'Y12']));
  assert.match(two, /<b>2 of 3 chosen<\/b>: Yellow 12, Red 7\./);
  assert.match(two, /split-keep" disabled>/);
  assert.match(two, /aria-label="Red 7, chosen for the first half" data-card="R7" class="card card-R pickable chosen" aria-pressed="true" data-action="ui" data-key="splitPick" data-value="{&quot;key&quot;:&quot;r3&quot;,&quot;cards&quot;:\[&quot;Y12&quot;\]}"/);
  // Three chosen: the button sends the three, in the order of the hand.
  const three = html(table, pick(['R7', 'Y12', 'PEASANT1']));
  assert.match(three, /<b>3 of 3 chosen<\/b>/);
  assert.match(three, /data-need="0"/);
  assert.deepEqual(keepPayload(three), [{ type: 'split', card: 'Y12' }, { type: 'split', card: 'R7' }, { type: 'split', card: 'PEASANT1' }]);
  // A fourth pick lets the earliest go; picks of another round do not count.
  assert.deepEqual(toggleChoice(['R7', 'Y12', 'PEASANT1'], 'B3', 3), ['Y12', 'PEASANT1', 'B3']);
  assert.match(html(table, { splitPick: { key: 'r2', cards: ['R7'] } }), /<b>0 of 3 chosen<\/b>/);
});

test('picks already kept (a reconnect mid-way) count, stay pressed, and are not sent again', () => {
  const table = tableOf('splitChoose');
  table.game.view.first_half = ['R7'];
  table.game.legal = table.game.legal.filter((a) => a.card !== 'R7');
  const kept = html(table);
  assert.match(kept, /<b>1 of 3 chosen<\/b>: Red 7\./);
  assert.match(kept, /Already kept: Red 7 \(final\)\./);
  assert.match(kept, /<button type="button" aria-label="Red 7, kept for the first half" disabled data-card="R7" class="card card-R chosen locked" aria-pressed="true" aria-describedby="tip-R7">/);
  assert.match(kept, /\(1 already kept\)/);
  // Two more, then only those two go.
  const out = html(table, pick(['B3', 'R7', 'GOLEM1', 'Y3']));
  assert.match(out, /<b>3 of 3 chosen<\/b>/);
  assert.deepEqual(keepPayload(out), [{ type: 'split', card: 'GOLEM1' }, { type: 'split', card: 'B3' }]);
});

test('once the half is kept: who is still splitting, and each seat ready or choosing', () => {
  const table = tableOf('splitChoose');
  const ctx = { ...ctxFor(table), legal: [] };
  assert.equal(promptText(ctx, readView(table.game.view, 4), NAMES), 'Waiting for Cy and Dee to split their hands.');
  const wait = { ...table, game: { ...table.game, legal: [], to_act: [1, 2], view: { ...table.game.view, seats_to_act: [1, 2] } } };
  assert.match(html(wait), /Waiting for Bot 2 and Cy to split their hands\./);
  assert.doesNotMatch(html(wait), /cb-choice cb-split/);
  // Ann's kept half shows in her hand while the others split.
  wait.game.view = { ...wait.game.view, first_half: ['Y12', 'GOLEM1', 'R7'] };
  assert.match(html(wait), /<div class="hand-half half-first" role="group" aria-label="First half: 3 cards">/);
  assert.match(html(wait), /<div class="hand-half half-second" role="group" aria-label="Second half: 3 cards">/);
  const out = html(table);
  assert.match(out, /<span class="stat placed"><small>Split<\/small><b>ready<\/b><\/span>/);
  assert.match(out, /aria-label="Bot 2, bid not yet, tricks 0 in the first half and 0 in the second, has split their hand,/);
  assert.match(out, /aria-label="Cy, dealer, bid not yet, tricks 0 in the first half and 0 in the second, choosing their first half,/);
});

test('bidding names the half asked for; the seats show both bids', () => {
  const table = tableOf('splitBid');
  const out = html(table);
  assert.match(out, /<div class="cb-choice cb-bid" role="group" aria-label="Your bid for the second half \(3 tricks\)" data-half="2"><h3>Your bid for the second half \(3 tricks\)/);
  assert.match(out, /So far: first half 1\./);
  assert.match(out, /aria-label="Bid 2 tricks for the second half">2<\/button>/);
  assert.doesNotMatch(out, /Double \(half points\)/);
  assert.match(out, /<dt>Half<\/dt><dd>2 of 2<small class="note">3 tricks<\/small><\/dd>/);
  const ctx = ctxFor(table);
  assert.equal(promptText(ctx, readView(table.game.view, 4), S), 'Your turn: your bid for the second half (3 tricks). Your last bid this round.');
  const first = { ...table.game.view, round: { ...table.game.view.round, half: 1 } };
  assert.equal(promptText(ctx, readView(first, 4), S), 'Your turn: your bid for the first half (3 tricks). Then the second half.');
  assert.match(html({ ...table, game: { ...table.game, view: first } }), /aria-label="Your bid for the first half \(3 tricks\)" data-half="1"/);
  assert.match(html(asSeat(table, 2)), /Waiting for Ann to bid for the second half\./);
  // Seats: "Bids 2 + 1" and "Tricks 0 + 0", in words too.
  assert.match(out, /<span class="stat halves"><small>Bids<\/small><b>2 \+ 1<\/b><\/span><span class="stat halves"><small>Tricks<\/small><b>0 \+ 0<\/b><\/span>/);
  assert.match(out, /<b>1 \+ —<\/b>/);
  assert.match(out, /aria-label="Dee, holds the crown, bid 2 for the first half and 1 for the second, tricks 0 in the first half and 0 in the second, score 50"/);
  // The hand, split: its first half, then its second.
  assert.match(out, /<div class="hand-half half-first" role="group" aria-label="First half: 3 cards"><h4 class="hand-half-label" aria-hidden="true">First half<small> · 3 cards<\/small><\/h4><ul class="hand-cards"><li><button[^>]*data-card="GOLEM1"/);
  assert.match(out, /<div class="hand-half half-second" role="group" aria-label="Second half: 3 cards">/);
});

test('the first half in play: its cards first, the second half held back', () => {
  const table = tableOf('splitPlay');
  const out = html(table);
  assert.match(out, /Your turn: play a card of your first half\./);
  assert.match(out, /<dt>Half<\/dt><dd>1 of 2<small class="note">3 tricks<\/small><\/dd>/);
  assert.match(out, /<div class="hand-half half-second held" role="group" aria-label="Second half: held back until the first half is played">/);
  assert.match(out, /aria-label="Yellow 3, trump, held back for the second half" disabled data-card="Y3" class="card card-Y illegal trump held"/);
  assert.match(out, /aria-label="Yellow 12, trump" data-card="Y12" class="card card-Y legal trump" data-action="act"/);
  assert.match(out, /<span class="stat halves"><small>Tricks<\/small><b>1 \+ 0<\/b><\/span>/);
  assert.match(statusLine(readView(table.game.view, 4), NAMES), /The split, first half \(3 tricks\)/);
  // In the second half nothing is held back; dealt one card, no halves at all.
  const second = { ...table.game.view, first_half: [], round: { ...table.game.view.round, half: 2 } };
  const out2 = html({ ...table, game: { ...table.game, view: second } });
  assert.doesNotMatch(out2, /half-first|held back/);
  assert.match(out2, /aria-label="Second half: 5 cards"/);
  const one = { ...table.game.view, first_half: undefined, round: { ...table.game.view.round, halves: undefined, half: undefined, hand_size: 1 } };
  for (const s of one.seats) delete s.half_bids, delete s.half_tricks;
  const out1 = html({ ...table, game: { ...table.game, view: one } });
  assert.doesNotMatch(out1, /hand-half|How The split|<dt>Half/);
  assert.match(out1, /<small>Bid<\/small>/);
});

test('the move log: others’ picks stay secret; bids name their half', () => {
  const choose = tableOf('splitChoose');
  const view = choose.game.view; // seen by Ann (seat 0)
  assert.equal(describeAction({ type: 'split', card: 'R5' }, S, view, 2), 'chose a card for their first half');
  assert.equal(describeAction({ type: 'split' }, S, view, 2), 'chose a card for their first half');
  assert.equal(describeAction({ type: 'split', card: 'R7' }, S, view, 0), 'chose Red 7 for their first half');
  assert.equal(describeAction({ type: 'split', card: 'R7' }, S), 'chose a card for their first half', 'no view: no card');
  assert.equal(eventText({ ...choose, last_event: { kind: 'action', seat: 1, action: { type: 'split', card: 'B9' } } }, describeAction), 'Bot 2 chose a card for their first half.');
  const bid = tableOf('splitBid').game.view;
  assert.equal(describeAction({ type: 'bid', bid: 1 }, S, bid, 0), 'bid 1 trick for the first half');
  assert.equal(describeAction({ type: 'bid', bid: 1 }, S, bid, 3), 'bid 1 trick for the second half');
  assert.equal(describeAction({ type: 'bid', bid: 2 }, S, tableOf('bidding').game.view, 1), 'bid 2 tricks', 'no half in other rounds');
});

test('the score table and the round summary show each half’s bid and tricks', () => {
  const r = readRound(splitHistory[2], 2, 4);
  assert.deepEqual(r.cells[1].halfBids, [1, 1]);
  assert.deepEqual(r.cells[1].halfTricks, [1, 0]);
  assert.equal(readRound(splitHistory[0], 0, 4).cells[0].halfBids, null);
  const out = html(tableOf('splitScores'));
  assert.match(out, /Each cell: bid\/won, points this round, total\. The Split: below it, bid\/won for each half\./);
  assert.match(out, /<th scope="row">3<small class="muted"> 6 cards · The split · trump Green<\/small><\/th>/);
  assert.match(out, /<td aria-label="Bot 2: bid 2, won 1, by half: first bid 1 won 1; second bid 1 won 0, 0 points, total 10">/);
  assert.match(out, /<small class="halves" aria-hidden="true"><span class="half-cell">1st 1\/1<\/span><span class="half-cell">2nd 2\/2<\/span><\/small>/);
  assert.doesNotMatch(html(tableOf('precisionScores')), /class="halves"|The Split: below it/);
  const lines = lastRound({ rounds: splitHistory }, NAMES).lines;
  assert.equal(lines[0], 'Ann: bid 3, won 3 (by half, bid/won: first 1/1, second 2/2), +50 points');
  assert.equal(lines[3], 'Dee: bid 3, won 1 (by half, bid/won: first 2/1, second 1/0), -20 points');
});
