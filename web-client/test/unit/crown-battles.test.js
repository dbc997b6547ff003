import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { parseCard, cardName, sortHand, suitName } from '../../src/games/crown-battles/cards.js';
import { bidOptions, playableCards, trumpOptions, otherActions, seatBidText, seatOrder, trickPlays } from '../../src/games/crown-battles/model.js';
import { readView, readBid } from '../../src/games/crown-battles/view.js';
import { finalRanks, readRound, withRunningTotals } from '../../src/games/crown-battles/scores.js';
import { spinnerText, promptText, roundTypeName } from '../../src/games/crown-battles/text.js';
import { render } from '../../src/games/crown-battles/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { scenes } from '../fixtures/scenes.js';

const tableOf = (scene) => scenes[scene].find((m) => m.type === 'table');
const ctxOf = (scene, ui = {}) => gameContext({ table: tableOf(scene), ui, tableAt: 0 }, 0);
const html = (scene, ui) => toHtml(render(ctxOf(scene, ui)));

test('card ids', () => {
  assert.deepEqual(parseCard('Y12'), { id: 'Y12', kind: 'suit', suit: 'Y', rank: 12 });
  assert.equal(parseCard('DRAGON2').kind, 'dragon');
  assert.equal(cardName('B13'), 'Blue 13');
  assert.equal(cardName('PEASANT3'), 'Peasant');
  assert.equal(suitName('G'), 'Green (Orcs)');
  assert.equal(suitName(null), 'No trump');
});

test('a hand is sorted: Dragons, Golems, trump, other suits high to low, Peasants', () => {
  assert.deepEqual(sortHand(['B3', 'PEASANT1', 'Y12', 'GOLEM1', 'R7', 'B11', 'DRAGON2', 'Y3'], 'B'), ['DRAGON2', 'GOLEM1', 'B11', 'B3', 'Y12', 'Y3', 'R7', 'PEASANT1']);
  assert.deepEqual(sortHand(['G1', 'Y1', 'R1', 'B1'], null), ['Y1', 'R1', 'B1', 'G1']);
});

test('choices come only from the legal actions', () => {
  const legal = [{ type: 'bid', bid: 2 }, { type: 'bid', bid: 0 }, { type: 'bid', bid: [1, 2] }, { type: 'bid', bid: [0, 1] }, { type: 'choose_trump', suit: 'R' }, { type: 'play', card: 'Y1' }, { type: 'shield' }];
  assert.deepEqual(bidOptions(legal), { singles: [0, 2], doubles: [[0, 1], [1, 2]] });
  assert.deepEqual(trumpOptions(legal), ['R']);
  assert.deepEqual([...playableCards(legal).keys()], ['Y1']);
  assert.deepEqual(otherActions(legal), [{ type: 'shield' }]);
});

test('bids as the view gives them: public, double, secret placed, own secret', () => {
  assert.equal(seatBidText(readBid(null)), '—');
  assert.equal(seatBidText(readBid(3)), '3');
  assert.equal(seatBidText(readBid([2, 3])), '2–3');
  assert.equal(seatBidText(readBid({ placed: false })), '—');
  assert.equal(seatBidText(readBid({ placed: true })), 'placed');
  assert.equal(seatBidText(readBid({ placed: true, bid: 0 })), '0');
});

test('the view is read into one shape', () => {
  const v = readView(tableOf('playing').game.view, 4);
  assert.equal(v.roundNumber, 3);
  assert.equal(v.roundCount, 8);
  assert.equal(v.trump, 'Y');
  assert.equal(v.spinner, 'choice');
  assert.equal(v.leadSuit, 'B');
  assert.deepEqual(v.totals, [20, 10, 40, 50]);
  assert.deepEqual(trickPlays(v.trick).map((p) => [p.seat, p.card]), [[2, 'B9'], [3, 'DRAGON1']]);
  assert.deepEqual(readView(null, 2).bids.map(seatBidText), ['—', '—']);
});

test('seats are drawn from the viewer clockwise', () => {
  assert.deepEqual(seatOrder(4, 2), [2, 3, 0, 1]);
  assert.deepEqual(seatOrder(3, null), [0, 1, 2]);
});

test('legal cards are buttons that act; the others are disabled', () => {
  const out = html('playing');
  assert.match(out, /<button type="button" aria-label="Blue 3" data-card="B3" class="card card-B legal" data-action="act" data-payload="\{&quot;type&quot;:&quot;play&quot;,&quot;card&quot;:&quot;B3&quot;\}">/);
  assert.match(out, /aria-label="Yellow 12, trump, cannot be played now" disabled data-card="Y12"/);
  assert.match(out, /aria-label="Red 7, cannot be played now" disabled/);
  assert.match(out, /Your turn: play a card\./);
});

test('bidding offers exactly the legal bids, single and double', () => {
  const single = html('bidding');
  for (const n of [0, 1, 2, 3, 4, 5, 6]) assert.ok(single.includes(`data-payload="{&quot;type&quot;:&quot;bid&quot;,&quot;bid&quot;:${n}}"`), `bid ${n}`);
  assert.ok(!single.includes('bid&quot;:7'));
  const double = html('bidding', { bidMode: 'double' });
  assert.ok(double.includes('aria-label="Bid 2 or 3 tricks (double bid)"'));
  assert.ok(double.includes('>5–6</button>'));
  assert.ok(!double.includes('>6–7</button>'));
});

test('the dealer chooses among the legal suits', () => {
  const out = html('trump');
  for (const s of ['R', 'B', 'G', 'Y']) assert.ok(out.includes(`data-payload="{&quot;type&quot;:&quot;choose_trump&quot;,&quot;suit&quot;:&quot;${s}&quot;}"`));
  assert.match(out, /dealer is choosing/);
});

test('blind bids show as placed, my own as its value', () => {
  const out = html('blind');
  assert.match(out, /<small>Bid<\/small><b>placed<\/b>/);
  assert.match(out, /Ann \(you\)[^]*?<small>Bid<\/small><b>2<\/b>/);
  assert.match(out, /Waiting for Cy, Dee to bid\./);
});

test('between tricks the last trick is shown with the seat that took it', () => {
  const scene = { ...tableOf('playing') };
  const view = scene.game.view;
  const ctx = gameContext({ table: { ...scene, game: { ...scene.game, view: { ...view, trick: { leader: 2, lead: 'open', cards: [] } } } }, ui: {}, tableAt: 0 }, 0);
  const out = toHtml(render(ctx));
  const seat2 = scene.seats.find((s) => s.seat === 2).name;
  assert.match(out, new RegExp(`Last trick: won by ${seat2}`));
  assert.match(out, /class="trick-play[^"]* winner"[^>]*aria-label="[^"]*Yellow 13/);
});

test('a spectator sees no hand and no controls', () => {
  const out = html('spectator');
  assert.ok(!out.includes('cb-hand'));
  assert.ok(!out.includes('data-action="act"'));
});

test('the finished game shows ranks and the score table with running totals', () => {
  const out = html('result');
  assert.match(out, /Cy wins the crown!/);
  assert.match(out, /<span class="rank">1st<\/span><span class="who">Cy<\/span>/);
  const rounds = withRunningTotals([readRound({ bids: [1, 2], tricks: [1, 0], points: [30, -20] }, 0, 2), readRound({ bids: [0, 0], tricks: [0, 1], points: [20, -10] }, 1, 2)]);
  assert.deepEqual(rounds.map((r) => r.cells.map((c) => c.total)), [[30, -20], [50, -30]]);
  assert.equal(rounds[1].number, 2);
});

test('ranks come from the result, else from the totals with shared ranks', () => {
  assert.deepEqual(finalRanks({ result: { ranks: [2, 1, 3], totals: [5, 9, 1] }, totals: [] }, 3).map((r) => r.seat), [1, 0, 2]);
  assert.deepEqual(finalRanks({ result: null, totals: [10, 30, 10] }, 3).map((r) => [r.seat, r.rank]), [[1, 1], [0, 2], [2, 2]]);
});

test('words for spinner, round types and waiting', () => {
  assert.equal(spinnerText('X', null, 'Dee'), 'X: no trump');
  assert.equal(spinnerText('choice', 'Y', 'Dee'), 'dealer’s choice (Dee)');
  assert.equal(spinnerText('R', 'R', 'Dee'), 'Red (Taurans)');
  assert.equal(roundTypeName('blind'), 'Blind bidding');
  const ctx = { table: { state: 'playing' }, legal: [], toAct: [1], mySeat: 0 };
  assert.equal(promptText(ctx, { phase: 'playing' }, (s) => `S${s}`), 'Waiting for S1 to play.');
});
