import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { parseCard, cardName, sortHand } from '../../src/games/queens-court/cards.js';
import { playableCards, targetsFor, selectedCard, openPiles, finalRanks, roundSummary } from '../../src/games/queens-court/model.js';
import { readView } from '../../src/games/queens-court/view.js';
import { promptText, spreadText, pileText } from '../../src/games/queens-court/text.js';
import { render, describeAction, optionsSummary } from '../../src/games/queens-court/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { rendererFor } from '../../src/games/index.js';

const seats = [
  { seat: 0, status: 'human', name: 'Ann', player: 'p-1', connected: true, ready: true },
  { seat: 1, status: 'bot', name: 'Bot', player: null, connected: true, ready: true },
];
const pile = (side, cards, gloved = false) => ({ side, cards, showing: cards.length ? (gloved ? cards.at(-2) : cards.at(-1)) : null, gloved });
function qcView(over = {}) {
  return {
    game: 'queens-court', seat: 0, phase: 'second_half', round: 2, first_player: 1, to_act: 0, draw_size: 0, queens_wild: true, coins: true, pot: 3,
    hand: ['G1', '7b', 'Q2', '3a'],
    players: [
      { seat: 0, hand_size: 4, locked: false, wins: 1, spread: 3, double_queens: false, pile_cards: 5, coins_back: 1, piles: [pile('left', ['2a', '5a']), pile('right', ['8a', '5b', 'G2'], true)] },
      { seat: 1, hand_size: 0, locked: true, wins: 0, spread: null, double_queens: true, pile_cards: 2, coins_back: 0, piles: [pile('left', ['Q1']), pile('right', ['Q3'])] },
    ],
    last_round: { round: 1, first_player: 0, spreads: [0, 4], pile_cards: [9, 12], winner: 0, tied: [], tie_wins: [] }, winner: null, ...over,
  };
}
const legal = [{ type: 'play', card: '7b', owner: 0, side: 'left' }, { type: 'play', card: 'G1', owner: 0, side: 'left' }, { type: 'play', card: '3a', owner: 0, side: 'left' }];
const table = (view, lg, over = {}) => ({ type: 'table', table: 't-1', seq: 3, game_id: 'queens-court', title: "Queen's Court", state: 'playing', seats, host: 0, you: { seat: 0, role: 'player', host: true }, clock: null, last_event: null, options: {}, game: { view, legal: lg, to_act: [view.to_act].filter((x) => x != null) }, ...over });
const ctxOf = (t, ui = {}) => gameContext({ table: t, ui }, 0);
const html = (t, ui) => toHtml(render(ctxOf(t, ui)));

test('cards: numbers, Gloves, Queens, hand order', () => {
  assert.deepEqual(parseCard('10a'), { id: '10a', kind: 'number', value: 10 });
  assert.equal(parseCard('G3').kind, 'glove');
  assert.equal(parseCard('Q5').kind, 'queen');
  assert.equal(cardName('7c'), '7');
  assert.deepEqual(sortHand(['G1', '10a', 'Q2', '3a', '1f']), ['1f', '3a', '10a', 'Q2', 'G1']);
});

test('cards and piles offered come only from the legal plays', () => {
  const lg = [{ type: 'play', card: '7b', owner: 1, side: 'right' }, { type: 'play', card: '7b', owner: 0, side: 'right' }, { type: 'play', card: '7b', owner: 0, side: 'left' }, { type: 'play', card: '3a', owner: 1, side: 'left' }];
  assert.deepEqual([...playableCards(lg)], ['7b', '3a']);
  assert.deepEqual(targetsFor(lg, '7b').map((a) => `${a.owner}${a.side}`), ['0left', '0right', '1right']);
  assert.deepEqual([...openPiles(lg)].sort(), ['0:left', '0:right', '1:left', '1:right']);
  assert.equal(selectedCard({ qcCard: '7b' }, lg), '7b');
  assert.equal(selectedCard({ qcCard: 'G1' }, lg), null, 'a card that cannot be played is not kept selected');
});

test('the view: piles, spreads, two Queens, gloves', () => {
  const v = readView(qcView(), 2);
  assert.equal(v.players[0].right.gloved, true);
  assert.equal(v.players[0].right.showing, '5b');
  assert.equal(spreadText(v.players[0]), '3');
  assert.equal(spreadText(v.players[1]), 'two Queens');
  assert.equal(pileText(v.players[0].right), '5 under a Glove, 3 cards');
  assert.equal(v.pot, 3);
});

test('round results and final ranks', () => {
  const name = (s) => ['Ann', 'Bo', 'Cy'][s];
  assert.equal(roundSummary({ round: 1, spreads: [0, 4], winner: 0, tied: [], tie_wins: [] }, name), 'Round 1: Ann won with spread 0.');
  assert.equal(roundSummary({ round: 2, spreads: [1, 1, 5], winner: null, tied: [0, 1], tie_wins: [1] }, name), 'Round 2: a tie between Ann and Bo; Bo gained a win.');
  const players = readView(qcView(), 2).players;
  assert.deepEqual(finalRanks({ ranks: [2, 1], wins: [1, 2], coins_net: [-1, 1] }, players).map((r) => [r.seat, r.wins, r.coins]), [[1, 2, 1], [0, 1, -1]]);
});

test('the table: choose a card, then the piles it may go on', () => {
  const t = table(qcView(), legal);
  const before = html(t);
  assert.match(before, /Your turn: choose a card/);
  assert.match(before, /data-card="7b"[^>]*aria-pressed="false"/);
  assert.match(before, /data-card="Q2" disabled/);
  assert.ok(!before.includes('qc-target'));
  assert.match(before, /Bot 2’s right pile: Q, 1 card|Bot 2’s right pile: Queen, 1 card/);
  const after = html(t, { qcCard: '7b' });
  assert.match(after, /Play your 7 on…/);
  assert.match(after, /aria-label="Play 7 on your left pile \(5, 2 cards\)"/);
  assert.match(after, /data-payload="{&quot;type&quot;:&quot;play&quot;,&quot;card&quot;:&quot;7b&quot;,&quot;owner&quot;:0,&quot;side&quot;:&quot;left&quot;}"/);
  assert.match(after, /class="qc-pile target"/);
  assert.match(after, /locked/);
  assert.equal(rendererFor('queens-court').render, render);
});

test('a spectator sees piles but no hand; the result lists wins and coins', () => {
  const spec = table(qcView({ seat: null, hand: undefined }), [], { you: { seat: null, role: 'spectator', host: false } });
  assert.ok(!html(spec).includes('hand-cards'));
  const fin = table(qcView({ phase: 'finished', to_act: null, winner: 1 }), [], { state: 'finished' });
  fin.game.outcome = { wins: [1, 2], winner: 1, ranks: [2, 1], coins_net: [-1, 1], pot: 0, rounds: [{ round: 1, spreads: [0, 4], pile_cards: [9, 12], winner: 0, tied: [], tie_wins: [] }] };
  const out = html(fin);
  assert.match(out, /Bot 2 wins the Queen’s favour!/);
  assert.match(out, /2 round wins, \+1 coin\b/);
  assert.match(out, /Spreads by round/);
});

test('prompts, action words, options', () => {
  const ctx = ctxOf(table(qcView(), legal));
  const name = (s) => ['Ann', 'Bot 2'][s];
  assert.match(promptText(ctx, readView(ctx.view, 2), name, null), /a Glove closes a pile/);
  assert.equal(promptText(ctx, readView(ctx.view, 2), name, '7b'), 'Your turn: choose a pile for your 7.');
  assert.equal(describeAction({ type: 'play', card: 'G1', owner: 1, side: 'left' }), 'played Glove on seat 2’s left pile');
  // At a table, the pile's owner is named as the table names them.
  assert.equal(describeAction({ type: 'play', card: 'G1', owner: 1, side: 'left' }, (s) => ['Ann', 'Bob'][s]), 'played Glove on Bob’s left pile');
  assert.equal(optionsSummary({ queens_wild: true, coins: true }), 'Queens wild · coin stakes');
});

// The seats around the table as at the other games (ui/seat-ring.js), the turn
// ring on the seat to act, and the round-end summary before the next deal.
const fourSeats = [0, 1, 2, 3].map((s) => ({ ...seats[s % 2], seat: s, name: ['Ann', 'Bo', 'Cy', 'Di'][s] }));
function fourPlayerTable(mySeat) {
  const players = [0, 1, 2, 3].map((s) => ({ seat: s, hand_size: 3, locked: false, wins: 0, spread: 1, double_queens: false, pile_cards: 2, piles: [pile('left', ['2a']), pile('right', ['3a'])] }));
  const view = qcView({ seat: mySeat, phase: 'first_half', draw_size: 17, to_act: (mySeat + 2) % 4, players, last_round: null, coins: false });
  return table(view, [], { seats: fourSeats, you: { seat: mySeat, role: 'player', host: mySeat === 0 } });
}
const placeOf = (out, seat) => new RegExp(`data-place="([a-z-]+)"><div class="[^"]*" role="group" aria-label="[^"]*" data-seat="${seat}"`).exec(out)?.[1];

test('the seats sit around the draw pile: you at the bottom, the next seat on your left', () => {
  for (const me of [0, 2]) {
    const out = html(fourPlayerTable(me));
    assert.match(out, /class="seat-ring" data-seats="4"/);
    assert.deepEqual([0, 1, 2, 3].map((i) => placeOf(out, (me + i) % 4)), ['bottom', 'left', 'top', 'right'], `seen from seat ${me}`);
    assert.match(out, /class="ring-center"><section class="qc-draw" aria-label="Draw pile: 17 cards"/);
    // Each seat keeps its two piles.
    assert.equal((out.match(/class="qc-piles"/g) || []).length, 4);
  }
  const second = html(table(qcView(), legal));
  assert.match(second, /aria-label="Draw pile empty: nobody draws"/);
});

test('the seat to act wears the turn ring; the others do not', () => {
  const out = html(fourPlayerTable(0));
  assert.match(out, /class="cb-player qc-player to-act" role="group" aria-label="Cy, [^"]*to act" data-seat="2"/);
  assert.equal((out.match(/qc-player[^"]*to-act/g) || []).length, 1);
});

test('the end of a round: who won, each spread and pile cards, before the next deal', () => {
  const r = rendererFor('queens-court');
  const name = (s) => ['Ann', 'Bot 2'][s];
  const summary = r.lastRound(qcView(), name);
  assert.equal(summary.title, 'Round 1 is over');
  assert.deepEqual(summary.lines, ['Round 1: Ann won with spread 0.', 'Ann: spread 0, 9 pile cards, won the round', 'Bot 2: spread 4, 12 pile cards']);
  const tie = r.lastRound(qcView({ last_round: { round: 3, spreads: [null, 2], pile_cards: [4, 6], winner: null, tied: [1], tie_wins: [1] } }), name);
  assert.deepEqual(tie.lines.slice(1), ['Ann: two Queens, 4 pile cards', 'Bot 2: spread 2, 6 pile cards, won the round']);
  assert.notEqual(summary.key, tie.key, 'a new round is a new summary');
  assert.equal(r.lastRound(qcView({ last_round: null }), name), null, 'nothing to sum up in the first round');
});
