// Crown Battles' Long Play rounds in the browser: every player plays two cards to each trick
// (one each to the last trick of a round dealt an odd number), so a round has about half as
// many tricks as cards dealt (`round.tricks`), and bids range over the tricks. A seat's two
// cards lie together in front of it, spoken as one ("Cy: Blue 9, then Blue 2").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { seatPlays, trickPlays, tricksLeft } from '../../src/games/crown-battles/model.js';
import { isLongPlay, readView } from '../../src/games/crown-battles/view.js';
import { LONG_PLAY_RULES, promptText, ROUND_REMINDERS, roundTypeName, statusLine } from '../../src/games/crown-battles/text.js';
import { lastRound, optionsSummary, render } from '../../src/games/crown-battles/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { scenes } from '../fixtures/scenes.js';

const tableOf = (scene) => scenes[scene].find((m) => m.type === 'table');
const ctxFor = (table, ui = {}) => gameContext({ table, ui, tableAt: 0 }, 0);
const html = (table, ui) => toHtml(render(ctxFor(table, ui)));
const NAMES = (s) => ['Ann', 'Bot 2', 'Cy', 'Dee'][s];
// The scene's table with its view changed.
const withView = (scene, change, game = {}) => {
  const t = tableOf(scene);
  return { ...t, game: { ...t.game, view: change(t.game.view), ...game } };
};
// The trick's list items, one per seat: [seat, aria-label, cards in it].
function trickItems(out) {
  const list = out.match(/<ol class="cb-trick-cards ring-plays">(.*?)<\/ol>/s)[1];
  return [...list.matchAll(/<li class="trick-play[^"]*"[^>]*data-seat="(\d)" aria-label="([^"]*)">(.*?)<span class="trick-who">/gs)]
    .map((m) => [Number(m[1]), m[2], (m[3].match(/class="card /g) || []).length]);
}

test('Long Play has its name, reminder and rules', () => {
  assert.equal(roundTypeName('long_play'), 'Long play');
  assert.equal(ROUND_REMINDERS.long_play, 'two cards each per trick; bid on tricks, half the cards');
  assert.ok(isLongPlay('long_play') && !isLongPlay('normal') && !isLongPlay('stealth'));
  assert.equal(optionsSummary({ round_types: ['long_play', 'normal'] }), 'Rounds: Long play / Normal bidding');
  // The round bar names the type with its reminder; the full rules are one click away.
  const out = html(tableOf('longPlay'));
  assert.match(out, /<dd>Long play<small class="note">two cards each per trick; bid on tricks, half the cards<\/small><\/dd>/);
  assert.match(out, /<details class="cb-rules cb-long-play-rules"><summary>How Long play is played<\/summary>/);
  for (const line of LONG_PLAY_RULES) assert.ok(out.includes(line), line);
  assert.match(LONG_PLAY_RULES.join(' '), /a second card/);
  assert.match(LONG_PLAY_RULES.join(' '), /odd number of cards dealt, the round’s last trick is a normal one/);
  assert.doesNotMatch(html(tableOf('playing')), /How Long play/);
  assert.doesNotMatch(html(tableOf('precisionBid')), /How Long play/);
});

test('the round’s tricks come from round.tricks, else from the cards dealt', () => {
  const v = readView(tableOf('longPlay').game.view, 4);
  assert.equal(v.roundType, 'long_play');
  assert.equal(v.handSize, 6);
  assert.equal(v.tricks, 3);
  assert.equal(readView(tableOf('playing').game.view, 4).tricks, 6);
  // An older view without `round.tricks`: one trick per card dealt.
  const { tricks, ...old } = tableOf('playing').game.view.round;
  assert.equal(tricks, 6);
  assert.equal(readView({ ...tableOf('playing').game.view, round: old }, 4).tricks, 6);
  assert.equal(readView({ round: {} }, 2).tricks, null);
});

test('tricks left: the round’s tricks less those taken, in the round bar of a Long Play round', () => {
  assert.equal(tricksLeft(3, [0, 0, 1, 0]), 2);
  assert.equal(tricksLeft(3, [1, 0, 1, 0]), 1);
  assert.equal(tricksLeft(3, [0, 0, 0, 0]), 3);
  assert.equal(tricksLeft(2, [1, 2]), 0, 'never below 0');
  assert.equal(tricksLeft(null, [0, 0]), null);
  // Long Play, 6 cards dealt: 3 tricks, not 6; Cy has taken the first.
  assert.match(html(tableOf('longPlay')), /<dt>Cards<\/dt><dd>6<\/dd><\/div><div class="cb-round-item"><dt>Tricks<\/dt><dd>3<small class="note">2 left<\/small><\/dd>/);
  assert.match(html(tableOf('longPlayLastTrick')), /<dt>Tricks<\/dt><dd>3<small class="note">1 left<\/small><\/dd>/);
  // Uses round.tricks: 5 cards dealt make 3 tricks (the last one a card each).
  const odd = withView('longPlay', (v) => ({ ...v, round: { ...v.round, hand_size: 5, tricks: 3 } }));
  assert.match(html(odd), /<dt>Cards<\/dt><dd>5<\/dd>.*<dt>Tricks<\/dt><dd>3<small class="note">2 left<\/small>/s);
  // Where the tricks are the cards dealt, the cards say it: no Tricks item.
  assert.doesNotMatch(html(tableOf('playing')), /<dt>Tricks<\/dt>/);
  assert.equal(statusLine(readView(tableOf('longPlay').game.view, 4), NAMES).split(', ').slice(0, 4).join(', '), 'Round 3 of 8, 6 cards, 3 tricks, Long play');
  assert.match(statusLine(readView(tableOf('playing').game.view, 4), NAMES), /^Round 3 of 8, 6 cards, Normal bidding,/);
});

test('a Long Play trick: each seat’s two cards together in front of it, spoken as one', () => {
  const table = tableOf('longPlay');
  const v = readView(table.game.view, 4);
  // Positions 0..3 the first lap from the leader (Cy), 4.. the second.
  assert.deepEqual(seatPlays(trickPlays(v.trick)).map(({ seat, plays }) => [seat, plays.map((p) => p.card)]), [[2, ['B9', 'B2']], [3, ['B4', 'DRAGON1']], [0, ['B3']], [1, ['B11']]]);
  const out = html(table);
  assert.deepEqual(trickItems(out), [
    [2, 'Cy: Blue 9, then Blue 2', 2],
    [3, 'Dee: Blue 4, then Dragon', 2],
    [0, 'Ann: Blue 3', 1],
    [1, 'Bot 2: Blue 11', 1],
  ]);
  // Both cards in the seat's one place on the ring.
  assert.match(out, /<li class="trick-play at-top" data-seat="2" aria-label="Cy: Blue 9, then Blue 2"><div class="trick-pair"><div class="card card-B">.*?<\/div><div class="card card-B">/s);
  assert.match(out, /<li class="trick-play at-right" data-seat="3" aria-label="Dee: Blue 4, then Dragon"><div class="trick-pair">/);
  assert.match(out, /<li class="trick-play at-bottom" data-seat="0" aria-label="Ann: Blue 3"><div class="trick-pair"><div class="card card-B">/);
  assert.match(out, /Current trick · lead: Blue \(Humans\) · second cards/);
  assert.equal(promptText(ctxFor(table), v, NAMES), 'Your turn: play your second card to this trick.');
  // The first lap: one card each so far, no "second cards" yet, Ann's first card asked for.
  const first = withView('longPlay', (view) => ({ ...view, trick: { ...view.trick, cards: view.trick.cards.slice(0, 2) } }));
  assert.doesNotMatch(html(first), /second cards/);
  assert.equal(promptText(ctxFor(first), readView(first.game.view, 4), NAMES), 'Your turn: play a card.');
});

test('the last Long Play trick lies complete, the card that won it marked', () => {
  const out = html(tableOf('longPlayLastTrick'));
  assert.match(out, /<section class="cb-trick last" aria-label="Last trick: won by Ann">/);
  assert.deepEqual(trickItems(out), [
    [2, 'Cy: Blue 9, then Blue 2', 2],
    [3, 'Dee: Blue 4, then Blue 7', 2],
    [0, 'Ann: Yellow 12, then Red 7', 2],
    [1, 'Bot 2: Blue 11, then Green 5', 2],
  ]);
  assert.match(out, /<li class="trick-play at-bottom winner" data-seat="0" aria-label="Ann: Yellow 12, then Red 7">/);
  assert.equal((out.match(/class="trick-play[^"]*winner/g) || []).length, 1);
  // Of Ann's two cards only the Yellow 12 took it (the view's winning_card: position 2).
  const won = [...out.matchAll(/<div class="card card-([A-Za-z]+)" data-won="true">.*?<span class="corner tl"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(won, [['Y', '12']]);
  // The last trick of a round dealt an odd number: a card each.
  const odd = withView('longPlayLastTrick', (v) => ({ ...v, round: { ...v.round, hand_size: 5, tricks: 3 }, last_trick: { leader: 0, lead: 'Y', winning: 0, cards: [{ seat: 0, card: 'Y12' }, { seat: 1, card: 'Y3' }, { seat: 2, card: 'R1' }, { seat: 3, card: 'G4' }] } }));
  assert.deepEqual(trickItems(html(odd)).map(([s, label, n]) => [label, n]), [['Ann: Yellow 12', 1], ['Bot 2: Yellow 3', 1], ['Cy: Red 1', 1], ['Dee: Green 4', 1]]);
});

test('other round types draw a trick as before: a card per seat, no pairs', () => {
  const out = html(tableOf('playing'));
  assert.doesNotMatch(out, /trick-pair/);
  assert.match(out, /<li class="trick-play at-top" data-seat="2" aria-label="Cy: Blue 9"><div class="card card-B">/);
  // A Long Play trick still shown when the next round (another type) has begun keeps its pairs.
  const next = withView('longPlayLastTrick', (v) => ({ ...v, round: { ...v.round, type: 'normal', tricks: 6 } }));
  assert.match(html(next), /aria-label="Ann: Yellow 12, then Red 7"><div class="trick-pair">/);
});

test('a Long Play bid ranges over the tricks, not the cards', () => {
  const table = withView('longPlay', (v) => ({ ...v, phase: 'bidding', seats: v.seats.map((s) => ({ ...s, bid: null, tricks: 0, cards: 6 })), hand: ['Y12', 'Y3', 'B3', 'GOLEM1', 'R7', 'PEASANT1'], trick: { leader: 0, lead: 'open', cards: [] }, last_trick: null }),
    { legal: [0, 1, 2, 3].map((bid) => ({ type: 'bid', bid })), to_act: [0] });
  const out = html(table);
  assert.match(out, /Your bid<small class="muted"> · 6 cards in hand, 3 tricks to bid on<\/small>/);
  assert.equal((out.match(/class="bid-button"/g) || []).length, 4);
  // Every bid from 0 to the round's tricks is allowed: no "Allowed:" line.
  assert.doesNotMatch(out, /Allowed:/);
  const capped = { ...table, game: { ...table.game, legal: [0, 1, 2].map((bid) => ({ type: 'bid', bid })) } };
  assert.match(html(capped), /Allowed: 0, 1, 2\./);
  // Another type: the cards in hand alone.
  assert.match(html(tableOf('bidding')), /Your bid<small class="muted"> · 6 cards in hand<\/small>/);
});

test('a Long Play round in the score table and its summary reads as a Normal Bidding one', () => {
  const entry = { number: 3, hand_size: 6, type: 'long_play', trump: 'Y', dealer: 3, bids: [1, [1, 2], 0, 1], tricks: [1, 1, 1, 0], points: [30, 10, -10, -10] };
  const table = withView('playing', (v) => ({ ...v, round: { ...v.round, number: 4 }, rounds: [...v.rounds, entry] }));
  assert.match(html(table), /<th scope="row">3<small class="muted"> 6 cards · Long play · trump Yellow<\/small><\/th>/);
  const summary = lastRound(table.game.view, NAMES);
  assert.equal(summary.title, 'Round 3 is over');
  assert.deepEqual(summary.lines, ['Ann: bid 1, won 1, +30 points', 'Bot 2: bid 1–2, won 1, +10 points', 'Cy: bid 0, won 1, -10 points', 'Dee: bid 1, won 0, -10 points']);
});
