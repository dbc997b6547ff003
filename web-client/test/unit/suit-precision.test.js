// Crown Battles' Suit Precision and Suit Precision-Alliances rounds in the browser: a bid for
// each suit in turn, the trick placed under a suit by its winner, each seat's bids and tricks
// per suit, the score table and round summary by suit, and the Jester's and Thief's suit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { bidOptions, lastBidSuit, otherActions, placeOptions, suitBidSpoken } from '../../src/games/crown-battles/model.js';
import { isPrecisionType, readView } from '../../src/games/crown-battles/view.js';
import { readRound } from '../../src/games/crown-battles/scores.js';
import { placeText, promptText, PRECISION_RULES, ROUND_REMINDERS, roundTypeName } from '../../src/games/crown-battles/text.js';
import { describeAction, lastRound, optionsSummary, render } from '../../src/games/crown-battles/render.js';
import { promptKinds, readSpecials, specialSteps, stepLabel, stepTitle } from '../../src/games/crown-battles/specials.js';
import { eventText } from '../../src/ui/event-text.js';
import { moveText } from '../../src/ui/replay-view.js';
import { gameContext } from '../../src/ui/table-view.js';
import { scenes, precisionHistory } from '../fixtures/scenes.js';

const tableOf = (scene) => scenes[scene].find((m) => m.type === 'table');
const ctxFor = (table, ui = {}) => gameContext({ table, ui, tableAt: 0 }, 0);
const html = (table, ui) => toHtml(render(ctxFor(table, ui)));
const S = (s) => `S${s}`;
const NAMES = (s) => ['Ann', 'Bot 2', 'Cy', 'Dee'][s];
// The same table as another seat (or a spectator) sees it, with nothing to do.
const asSeat = (table, seat) => ({ ...table, you: seat == null ? { seat: null, role: 'spectator', host: false } : { seat, role: 'player', host: false }, game: { ...table.game, legal: [] } });

test('the two types have their names, reminders and rules', () => {
  assert.equal(roundTypeName('suit_precision'), 'Suit precision');
  assert.equal(roundTypeName('suit_precision_alliances'), 'Suit precision-alliances');
  assert.match(ROUND_REMINDERS.suit_precision, /a bid for each suit/);
  assert.match(ROUND_REMINDERS.suit_precision_alliances, /^teams of two: your bids add up suit by suit/);
  assert.ok(isPrecisionType('suit_precision') && isPrecisionType('suit_precision_alliances') && !isPrecisionType('alliances'));
  assert.equal(optionsSummary({ round_types: ['suit_precision', 'suit_precision_alliances'] }), 'Rounds: Suit precision / Suit precision-alliances');
  // The round bar names the type with its reminder; the full rules are one click away.
  const out = html(tableOf('precisionPlace'));
  assert.match(out, /<dd>Suit precision-alliances<small class="note">teams of two: your bids add up suit by suit/);
  assert.match(out, /<summary>How Suit precision-alliances is played<\/summary>/);
  assert.ok(out.includes(PRECISION_RULES[1]));
  assert.match(out, /Teams of two as in Alliances/);
  assert.match(html(tableOf('precisionBid')), /<summary>How Suit precision is played<\/summary>/);
  assert.doesNotMatch(html(tableOf('precisionBid')), /Teams of two as in Alliances/);
  assert.doesNotMatch(html(tableOf('bidding')), /How Suit precision/);
});

test('the view is read: suit bids, suit tricks, the suit being bid, the place options', () => {
  const v = readView(tableOf('precisionBid').game.view, 4);
  assert.equal(v.roundType, 'suit_precision');
  assert.equal(v.biddingSuit, 'G');
  assert.deepEqual(v.placeOptions, []);
  assert.deepEqual(v.suitBids[0], [1, 0, null, null]);
  assert.deepEqual(v.suitBids[3], [1, 0, [0, 1], 1]);
  assert.deepEqual(v.suitTricks[3], [0, 0, 0, 0]);
  assert.deepEqual(v.bids[3], { placed: true, value: [2, 3], secret: false });
  const p = readView(tableOf('precisionPlace').game.view, 4);
  assert.equal(p.phase, 'place');
  assert.deepEqual(p.placeOptions, ['B', 'Y']);
  assert.equal(p.biddingSuit, null);
  assert.deepEqual(p.suitTricks[1], [0, 1, 0, 0]);
  assert.deepEqual(p.teams, [0, 1, 0, 1]);
  // Other round types have none of it.
  const n = readView(tableOf('bidding').game.view, 4);
  assert.deepEqual([n.biddingSuit, n.placeOptions, n.suitBids[0], n.suitTricks[0]], [null, [], null, null]);
  assert.equal(lastBidSuit([1, 0, null, null]), 'B');
  assert.equal(lastBidSuit([null, null, null, null]), null);
  assert.equal(suitBidSpoken([0, 1]), '0 or 1 (double)');
  assert.equal(suitBidSpoken(null), 'not bid yet');
});

test('bidding names the suit asked for; the usual bid buttons place it', () => {
  const table = tableOf('precisionBid');
  const out = html(table);
  assert.match(out, /class="cb-choice cb-bid" role="group" aria-label="Your bid for Green \(Orcs\)" data-suit="G"/);
  assert.match(out, /<h3 class="bid-suit suit-G"><span class="suit-dot suit-G" aria-hidden="true">.*?<\/span> Your bid for Green<small/);
  assert.match(out, /So far: Red 1, Blue 0\./);
  assert.match(out, /data-payload="{&quot;type&quot;:&quot;bid&quot;,&quot;bid&quot;:2}" aria-label="Bid 2 tricks on Green">2<\/button>/);
  assert.deepEqual(bidOptions(table.game.legal).singles, [0, 1, 2, 3, 4, 5, 6]);
  const ctx = ctxFor(table);
  assert.equal(promptText(ctx, readView(table.game.view, 4), S), 'Your turn: your bid for Green (Orcs). How many tricks will you place under Green? Then Yellow.');
  const red = readView({ ...table.game.view, round: { ...table.game.view.round, bidding_suit: 'R' } }, 4);
  assert.match(promptText(ctx, red, S), /Then Blue, Green and Yellow\.$/);
  const yellow = readView({ ...table.game.view, round: { ...table.game.view.round, bidding_suit: 'Y', type: 'suit_precision_alliances' } }, 4);
  assert.equal(promptText(ctx, yellow, S), 'Your turn: your bid for Yellow (Elves). How many tricks will you place under Yellow? Your ally’s bid on it adds to yours. Your last suit.');
  // The others wait for the suit being bid.
  assert.equal(promptText({ ...ctx, legal: [], mySeat: 2 }, readView(table.game.view, 4), S), 'Waiting for S0 to bid for Green.');
  assert.match(html(asSeat(table, 2)), /Waiting for Ann to bid for Green\./);
});

test('each suit starts as a single bid; a double chosen for one suit stays with it', () => {
  const table = tableOf('precisionBid');
  assert.match(html(table), /data-key="bidMode" data-value="&quot;double:3G&quot;">Double \(half points\)/);
  assert.match(html(table, { bidMode: 'double:3G' }), /aria-label="Bid 0 or 1 tricks \(double bid\) on Green">0–1<\/button>/);
  assert.doesNotMatch(html(table, { bidMode: 'double:3B' }), /0–1<\/button>/, 'Blue’s double is not Green’s');
  assert.doesNotMatch(html(table, { bidMode: 'double' }), /0–1<\/button>/);
  // Other rounds keep the one switch.
  assert.match(html(tableOf('bidding'), { bidMode: 'double' }), />0–1<\/button>/);
});

test('each seat shows its tricks won and bid under each suit, compactly and in words', () => {
  const out = html(tableOf('precisionBid'));
  assert.match(out, /<span class="stat suits"><small>Suits won\/bid<\/small><b><span class="suit-stat suit-R">.*?R 0\/1<\/span><span class="suit-stat suit-B">.*?B 0\/0<\/span><span class="suit-stat suit-G now">.*?G 0\/—<\/span><span class="suit-stat suit-Y">.*?Y 0\/—<\/span><\/b><\/span>/);
  assert.match(out, /aria-label="Ann \(you\), bid not complete yet, tricks 0, by suit: Red bid 1, won 0; Blue bid 0, won 0; Green bidding now; Yellow not bid yet, score 20, to act"/);
  assert.match(out, /aria-label="Dee, holds the crown, bid 2 to 3 tricks in all, tricks 0, by suit: Red bid 1, won 0; Blue bid 0, won 0; Green bid 0 or 1 \(double\), won 0; Yellow bid 1, won 0, score 50"/);
  assert.match(out, /G 0\/0–1<\/span>/);
  assert.match(out, /aria-label="Bot 2, bid not yet, tricks 0, by suit: Red not bid yet; Blue not bid yet; Green not bid yet; Yellow not bid yet, score 10, bot"/);
  const place = html(tableOf('precisionPlace'));
  assert.match(place, /aria-label="Bot 2, dealer, bid 1 to 2 tricks in all, tricks 1, by suit: Red bid 0, won 0; Blue bid 1, won 1;/);
  assert.match(place, /<small>Ally<\/small><b>Cy<\/b>/);
  // No such line in other rounds.
  assert.doesNotMatch(html(tableOf('alliances')), /Suits won\/bid|by suit/);
});

test('the winner places the trick under one of the suits allowed; the others wait', () => {
  const table = tableOf('precisionPlace');
  assert.deepEqual(placeOptions(table.game.legal), ['B', 'Y']);
  assert.deepEqual(placeOptions([{ type: 'place', suit: 'Y' }, { type: 'place', suit: 'R' }, { type: 'play', card: 'R1' }]), ['R', 'Y']);
  assert.deepEqual(otherActions(table.game.legal), []);
  const out = html(table);
  assert.match(out, /class="cb-choice cb-place" role="group" aria-label="Place the trick under:"><h3>Place the trick under:<small class="muted"> · won with a trump: the lead suit or the trump · your team’s won\/bid<\/small><\/h3>/);
  // Ann (with Cy): Blue 0 bid, 0 won; Yellow 1 bid (Ann 1, Cy 0), 0 won.
  assert.match(out, /<button type="button" class="suit-button suit-B" data-turn-focus="true" data-action="act" data-payload="{&quot;type&quot;:&quot;place&quot;,&quot;suit&quot;:&quot;B&quot;}" aria-label="Place the trick under Blue \(Humans\): your team: 0 won so far, bid 0">/);
  assert.match(out, /aria-label="Place the trick under Yellow \(Elves\): your team: 0 won so far, bid 1">.*?<span>Yellow<\/span><small class="place-count"> 0\/1<\/small>/);
  assert.match(out, /Your turn: you won the trick\. Place it under Blue or Yellow\./);
  // The trick just won is on the table, waiting for its suit.
  assert.match(out, /<section class="cb-trick last" aria-label="Last trick: won by Ann, to go under Blue or Yellow">/);
  // Any suit for a trick won without a suit; alone, one's own counts.
  const anySuit = { ...table, game: { ...table.game, view: { ...table.game.view, round: { ...table.game.view.round, type: 'suit_precision', place_options: ['R', 'B', 'G', 'Y'] } }, legal: ['R', 'B', 'G', 'Y'].map((suit) => ({ type: 'place', suit })) } };
  const any = html(anySuit);
  assert.match(any, /won by a card without a suit: any suit · won\/bid so far/);
  assert.match(any, /aria-label="Place the trick under Red \(Taurans\): 1 won so far, bid 1"/);
  // Another player and a spectator see who is placing it.
  assert.match(html(asSeat(table, 2)), /<p class="cb-prompt" role="status" aria-live="polite">Ann is placing the trick under Blue or Yellow\.<\/p>/);
  const spectator = html({ ...asSeat(table, null), game: { ...table.game, legal: [], view: { ...table.game.view, seat: null, hand: [] } } });
  assert.match(spectator, /Ann is placing the trick under Blue or Yellow\./);
  assert.doesNotMatch(spectator, /cb-place/);
  assert.equal(placeText(['R', 'G', 'Y']), 'Red, Green or Yellow');
});

test('the move log and history word the new actions', () => {
  assert.equal(describeAction({ type: 'place', suit: 'R' }, S), 'placed the trick under Red');
  assert.equal(describeAction({ type: 'pick_suit', suit: 'G' }, S), 'picked Green');
  assert.equal(describeAction({ type: 'bid', bid: 2 }, S), 'bid 2 tricks');
  // The action names no suit; the view after it does (the seat's latest suit bid).
  const view = tableOf('precisionBid').game.view;
  assert.equal(describeAction({ type: 'bid', bid: 0 }, S, view, 0), 'bid 0 tricks on Blue');
  assert.equal(describeAction({ type: 'bid', bid: 1 }, S, view, 3), 'bid 1 trick on Yellow');
  assert.equal(describeAction({ type: 'bid', bid: 2 }, S, tableOf('bidding').game.view, 1), 'bid 2 tricks', 'no suit in other rounds');
  const table = tableOf('precisionBid');
  assert.equal(eventText({ ...table, last_event: { kind: 'action', seat: 0, action: { type: 'bid', bid: 0 } } }, describeAction), 'Ann bid 0 tricks on Blue.');
  assert.equal(eventText({ ...table, last_event: { kind: 'action', seat: 0, action: { type: 'place', suit: 'Y' } } }, describeAction), 'Ann placed the trick under Yellow.');
  // A replay's step is told by its events, as the live log told them.
  const r = { meta: { game: 'crown-battles', seats: ['Ann', 'Bo', 'Cy', 'Dee'], bots: [false, false, false, false], options: {} }, gameId: 'g' };
  assert.equal(moveText(r, { step: 5, seat: 0, action: { type: 'bid', bid: 0 }, events: [{ kind: 'bid', seat: 0, bid: 0, suit: 'B' }], spectator: view, over: false }), 'Ann bid 0 on Blue.');
  assert.equal(moveText(r, { step: 9, seat: 3, action: { type: 'place', suit: 'B' }, events: [{ kind: 'trick_placed', seat: 3, suit: 'B' }], over: false }), 'Dee placed the trick under Blue.');
});

test('the score table and the round summary show each suit’s bid and tricks', () => {
  const r = readRound(precisionHistory[1], 1, 4);
  assert.deepEqual(r.cells[1].suitBids, [0, [0, 1], 0, 0]);
  assert.deepEqual(r.cells[0].suitTricks, [1, 0, 1, 0]);
  assert.equal(readRound(precisionHistory[0], 0, 4).cells[0].suitBids, null);
  const out = html(tableOf('precisionScores'));
  assert.match(out, /Each cell: bid\/won, points this round, total\. Suit Precision: below it, bid\/won for each suit\./);
  assert.match(out, /<th scope="row">2<small class="muted"> 4 cards · Suit precision · trump Green<\/small><\/th>/);
  assert.match(out, /<td aria-label="Bot 2: bid 0–1, won 1, by suit: Red bid 0 won 0; Blue bid 0–1 won 1; Green bid 0 won 0; Yellow bid 0 won 0, 10 points, total 30">/);
  assert.match(out, /<small class="suits" aria-hidden="true"><span class="suit-cell suit-R">R 1\/1<\/span><span class="suit-cell suit-B">B 0\/0<\/span><span class="suit-cell suit-G">G 1\/1<\/span><span class="suit-cell suit-Y">Y 1\/0<\/span><\/small>/);
  assert.doesNotMatch(html(tableOf('playing')), /Suit Precision: below it|class="suits"/);
  // The round-end summary: by suit, and in Suit Precision-Alliances whom each scored with.
  const lines = lastRound({ rounds: precisionHistory }, NAMES).lines;
  assert.equal(lines[0], 'Ann (with Cy): bid 3, won 2 (by suit, bid/won: Red 1/1, Blue 0/0, Green 1/1, Yellow 1/0), +80 points');
  assert.equal(lines[3], 'Dee (with Bot 2): bid 2, won 1 (by suit, bid/won: Red 1/0, Blue 0/0, Green 0/1, Yellow 1/0), -20 points');
  assert.equal(lastRound({ rounds: precisionHistory.slice(0, 2) }, NAMES).lines[1], 'Bot 2: bid 0–1, won 1 (by suit, bid/won: Red 0/0, Blue 0–1/1, Green 0/0, Yellow 0/0), +10 points');
  assert.equal(lastRound({ rounds: precisionHistory.slice(0, 1) }, NAMES).lines[0], 'Ann: bid 1, won 1, +30 points');
});

test('the Jester and the Thief pick a suit in a Suit Precision round', () => {
  const name = NAMES;
  const steps = [{ type: 'pick_suit', suit: 'R' }, { type: 'pick_suit', suit: 'G' }, { type: 'decline' }];
  assert.deepEqual(specialSteps(steps), steps);
  assert.deepEqual(otherActions([{ type: 'pick_suit', suit: 'R' }]), [{ type: 'pick_suit', suit: 'R' }], 'offered as a step, not a control of its own');
  const jester = readSpecials({ specials: { pending: { card: 'JESTER', seat: 0, step: 0 } } }).pending;
  assert.equal(stepTitle(jester, name, steps), 'Jester: which suit’s bid do you change by one?');
  assert.equal(stepLabel({ type: 'pick_suit', suit: 'G' }, jester, name, 0), 'My Green bid');
  assert.deepEqual(promptKinds(jester, steps), ['JESTER.0']);
  const chosen = readSpecials({ specials: { pending: { card: 'JESTER', seat: 0, step: 1, chosen_suit: 'G' } } }).pending;
  assert.equal(chosen.chosenSuit, 'G');
  assert.equal(stepTitle(chosen, name, [{ type: 'change_bid', change: 1 }]), 'Jester: change your Green bid by one?');
  assert.equal(stepLabel({ type: 'change_bid', change: 1 }, chosen, name, 0), 'Raise my Green bid by 1');
  assert.equal(stepLabel({ type: 'change_bid', change: -1 }, { card: 'JESTER' }, name, 0), 'Lower my bid by 1', 'other rounds unchanged');
  const thief = readSpecials({ specials: { pending: { card: 'THIEF', seat: 0, step: 1, chosen_seat: 2 } } }).pending;
  assert.equal(stepTitle(thief, name, [{ type: 'pick_suit', suit: 'B' }]), 'Thief: which of Cy’s tricks do you take, by its suit? It keeps its suit.');
  assert.equal(stepLabel({ type: 'pick_suit', suit: 'B' }, thief, name, 0), 'A Blue trick');
  assert.equal(stepTitle({ card: 'THIEF', step: 0 }, name, [{ type: 'pick_seat', seat: 2 }]), 'Thief: whose trick do you take?');
  // At the table: the question, and one suit button per choice.
  const table = tableOf('specials');
  const view = { ...table.game.view, round: { ...table.game.view.round, type: 'suit_precision' }, specials: { ...table.game.view.specials, pending: { card: 'THIEF', seat: 0, step: 1, chosen_seat: 2, by_summoner: false } } };
  const out = html({ ...table, game: { ...table.game, view, legal: [{ type: 'pick_suit', suit: 'R' }, { type: 'pick_suit', suit: 'Y' }] } });
  assert.match(out, /Your turn — Thief: which of Cy’s tricks do you take, by its suit\? It keeps its suit\./);
  assert.match(out, /data-payload="{&quot;type&quot;:&quot;pick_suit&quot;,&quot;suit&quot;:&quot;Y&quot;}" class="suit-button suit-Y">.*?A Yellow trick<\/button>/);
  assert.doesNotMatch(out, />pick_suit/);
});
