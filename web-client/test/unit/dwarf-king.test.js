import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { parseCard, cardName, cardLongName, sortHand, asText, cardCorner } from '../../src/games/dwarf-king/cards.js';
import { playableCards, questSides, seatChoices, passDirections, sorcererChoices, giveBackCards, giveBackAction, toggleChoice, currentSelection, scoreRows, finalRanks, asksForDecision } from '../../src/games/dwarf-king/model.js';
import { readView } from '../../src/games/dwarf-king/view.js';
import { promptText } from '../../src/games/dwarf-king/text.js';
import { render, describeAction, optionsSummary } from '../../src/games/dwarf-king/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { rendererFor, isAsked } from '../../src/games/index.js';
import { dkView, dwarfKingTable } from '../fixtures/scenes.js';
import { pageTitle } from '../../src/ui/title.js';

const table = dwarfKingTable;
const ctxOf = (t, ui = {}) => gameContext({ table: t, ui }, 0);
const html = (t, ui) => toHtml(render(ctxOf(t, ui)));

test('cards: ids, names, corners, sorting', () => {
  assert.deepEqual(parseCard('gA'), { id: 'gA', special: false, suit: 'g', rank: 15 });
  assert.deepEqual(parseCard('d10'), { id: 'd10', special: false, suit: 'd', rank: 10 });
  assert.equal(cardName('kQ'), 'Queen of Knights');
  assert.equal(cardName('gA'), 'Champion of Goblins');
  assert.equal(cardName('standard_bearer'), 'Standard Bearer');
  assert.equal(cardLongName('druid'), 'Druid (Dwarves 1)');
  assert.equal(cardLongName('dragon'), 'Dragon (no suit)');
  assert.equal(cardCorner('gA'), 'C');
  assert.equal(cardCorner('excalibur'), '★');
  assert.deepEqual(sortHand(['gA', 'dragon', 'k10', 'd2', 'joker', 'k3', 'thief']), ['joker', 'k3', 'k10', 'd2', 'thief', 'gA', 'dragon']);
  assert.equal(asText({ suit: 'goblins', value: 3.5 }), '3½ of Goblins');
  assert.equal(asText({ suit: 'knights', value: 15 }), 'Champion of Knights');
});

test('every choice comes from the legal actions', () => {
  const legal = [{ type: 'play', card: 'k2' }, { type: 'choose_quest', side: 'A' }, { type: 'choose_quest', side: 'B' }, { type: 'steal', seat: 1 }, { type: 'swap_hands', seat: 2 }, { type: 'pass_hands', direction: 'left' }, { type: 'use_sorcerer', card: 'kK' }, { type: 'pass' }, { type: 'give_back', cards: ['k2', 'gA'] }, { type: 'give_back', cards: ['k2', 'd10'] }];
  assert.deepEqual([...playableCards(legal)], ['k2']);
  assert.deepEqual(questSides(legal), ['A', 'B']);
  assert.deepEqual(seatChoices(legal, 'steal'), [1]);
  assert.deepEqual(seatChoices(legal, 'swap_hands'), [2]);
  assert.deepEqual(passDirections(legal), ['left']);
  assert.deepEqual(sorcererChoices(legal), { cards: ['kK'], canPass: true });
  assert.deepEqual([...giveBackCards(legal)].sort(), ['d10', 'gA', 'k2']);
  assert.deepEqual(giveBackAction(legal, ['gA', 'k2']), { type: 'give_back', cards: ['k2', 'gA'] });
  assert.equal(giveBackAction(legal, ['gA', 'd10']), null, 'a pair the server does not list is not offered');
  assert.equal(giveBackAction(legal, ['k2']), null);
});

test('choosing two cards to give back: toggle, at most two, only for this theft', () => {
  assert.deepEqual(toggleChoice([], 'k2'), ['k2']);
  assert.deepEqual(toggleChoice(['k2'], 'k2'), []);
  assert.deepEqual(toggleChoice(['k2', 'gA'], 'd10'), ['gA', 'd10']);
  const allowed = new Set(['k2', 'gA']);
  assert.deepEqual(currentSelection({ dkGive: { key: 'h2', cards: ['k2', 'zz'] } }, 'h2', allowed), ['k2']);
  assert.deepEqual(currentSelection({ dkGive: { key: 'h1', cards: ['k2'] } }, 'h2', allowed), []);
});

test('the view is read into one shape, and the finished view is short', () => {
  const v = readView(dkView(), 3);
  assert.equal(v.quest.chosen, 'A');
  assert.equal(v.special.name, 'Thief');
  assert.deepEqual(v.trick.plays.map((p) => p.card), ['k7']);
  assert.equal(v.lastTrick.winner, 1);
  const f = readView({ seat: 0, players: 3, phase: 'finished', to_act: [], hand_number: 8, hands: 7, scores: [5, -3, 0], results: [] }, 3);
  assert.equal(f.phase, 'finished');
  assert.deepEqual(f.hand, []);
  assert.equal(f.trick, null);
});

test('scores by hand and final ranks', () => {
  const rows = scoreRows(dkView().results, 3);
  assert.equal(rows[0].hand, 1);
  assert.deepEqual(rows[0].cells.map((c) => c.total), [5, -3, 0]);
  assert.deepEqual(finalRanks({ ranks: [1, 3, 2], totals: [5, -3, 0] }, [0, 0, 0], 3).map((r) => r.seat), [0, 2, 1]);
  assert.deepEqual(finalRanks(null, [2, 7, 2], 3).map((r) => [r.seat, r.rank]), [[1, 1], [0, 2], [2, 2]]);
});

test('the table: quest with its chosen side, special card, trick, legal cards only', () => {
  const out = html(table(dkView(), [{ type: 'play', card: 'k2' }, { type: 'play', card: 'k10' }, { type: 'play', card: 'dragon' }]));
  assert.match(out, /Quest tile 10/);
  assert.match(out, /scores this hand/);
  assert.match(out, /Special card/);
  assert.match(out, /aria-label="Bot 3: 7 of Knights"/);
  assert.match(out, /data-card="k2"[^>]*data-action="act"/);
  assert.match(out, /data-card="gA" disabled[^>]*aria-label="Champion of Goblins, cannot be played now"/);
  assert.ok(!/data-card="gA"[^>]*data-action="act"/.test(out));
  assert.equal(rendererFor('dwarf-king').render, render);
});

test('quest, Thief, Druid, Standard Bearer and Sorcerer decisions', () => {
  const q = html(table(dkView({ phase: 'quest', quest: { ...dkView().quest, chosen: null }, trick_number: 1, trick: { led_suit: null, plays: [] }, last_trick: null }), [{ type: 'choose_quest', side: 'A' }, { type: 'choose_quest', side: 'B' }]));
  assert.match(q, /Choose the quest side/);
  assert.match(q, /data-payload="{&quot;type&quot;:&quot;choose_quest&quot;,&quot;side&quot;:&quot;B&quot;}"/);
  const steal = html(table(dkView({ phase: 'steal' }), [{ type: 'steal', seat: 1 }, { type: 'steal', seat: 2 }]));
  assert.match(steal, /aria-label="Rob Bot 2"/);
  const swap = html(table(dkView({ phase: 'swap_hands' }), [{ type: 'swap_hands', seat: 2 }]));
  assert.match(swap, /aria-label="Swap hands with Bot 3"/);
  const pass = html(table(dkView({ phase: 'pass_hands' }), [{ type: 'pass_hands', direction: 'left' }, { type: 'pass_hands', direction: 'right' }]));
  assert.match(pass, /Left \(to the next player\)/);
  const sorc = html(table(dkView({ phase: 'sorcerer_window' }), [{ type: 'pass' }, { type: 'use_sorcerer', card: 'g3' }]));
  assert.match(sorc, /Take 3 of Goblins for the Sorcerer/);
  assert.match(sorc, /Keep my hand/);
});

// Only the Sorcerer's holder is asked, and keeping the hand stays in the
// page (a `pass` sent would tell the table who answered).
test('the Sorcerer window asks its holder alone, and "Keep my hand" sends nothing', () => {
  const inWindow = dkView({ phase: 'sorcerer_window', to_act: [0, 1, 2] });
  const holder = table(inWindow, [{ type: 'pass' }, { type: 'use_sorcerer', card: 'g3' }]);
  const asked = html(holder);
  assert.match(asked, /data-action="ui" data-key="dkKeep" data-value="h2t2"[^>]*>Keep my hand/);
  assert.ok(!/&quot;type&quot;:&quot;pass&quot;/.test(asked), 'no pass is sent from the page');
  assert.ok(isAsked(holder, {}));
  const kept = html(holder, { dkKeep: 'h2t2' });
  assert.ok(!/Keep my hand|for the Sorcerer/.test(kept));
  assert.ok(!isAsked(holder, { dkKeep: 'h2t2' }));
  assert.ok(isAsked(holder, { dkKeep: 'h2t1' }), 'a keep of an earlier window does not carry over');

  const other = table(inWindow, [{ type: 'pass' }]);
  const notAsked = html(other);
  assert.ok(!/Keep my hand|Continue|data-action="act"/.test(notAsked));
  assert.ok(!isAsked(other, {}));
  assert.equal(pageTitle({ table: other, ui: {} }), 'The Dwarf King · Crownhall');
  // The holder who kept their hand reads what everybody else reads.
  const line = (t, ui) => promptText(ctxOf(t, ui), readView(t.game.view, 3), (s) => `Seat ${s}`);
  assert.equal(line(other, {}), line(holder, { dkKeep: 'h2t2' }));
  assert.match(line(other, {}), /next trick starts in a few seconds/);
  assert.match(line(holder, {}), /swap your Sorcerer/);
  assert.deepEqual(asksForDecision([{ type: 'play', card: 'g3' }], 'playing', null, 'h1t1'), true);
});

test('giving back: the hand becomes toggles and the button sends the legal pair', () => {
  const theft = { holder: 0, victim: 1, stolen: ['d10', 'k10'] };
  const legal = [{ type: 'give_back', cards: ['k2', 'k10'] }, { type: 'give_back', cards: ['k2', 'gA'] }, { type: 'give_back', cards: ['k10', 'gA'] }];
  const t = table(dkView({ phase: 'give_back', theft }), legal);
  const none = html(t);
  assert.match(none, /Give back \(0 of 2 chosen\)/);
  assert.match(none, /aria-pressed="false"/);
  assert.match(none, /Taken: 10 of Dwarves, 10 of Knights/);
  const two = html(t, { dkGive: { key: 'h2', cards: ['gA', 'k2'] } });
  assert.match(two, /aria-pressed="true"/);
  assert.match(two, /data-payload="{&quot;type&quot;:&quot;give_back&quot;,&quot;cards&quot;:\[&quot;k2&quot;,&quot;gA&quot;\]}"/);
});

test('a spectator sees no hand; the result names the king', () => {
  const spec = table(dkView({ seat: null, hand: undefined }), [], { you: { seat: null, role: 'spectator', host: false } });
  assert.ok(!html(spec).includes('hand-cards'));
  const fin = table({ seat: 0, players: 3, phase: 'finished', to_act: [], hand_number: 2, hands: 1, scores: [9, 2, 4], results: dkView().results }, [], { state: 'finished' });
  fin.game.outcome = { ranks: [1, 3, 2], totals: [9, 2, 4], winner: 0 };
  const out = html(fin);
  assert.match(out, /Ann is the Dwarf King!/);
  assert.match(out, /Final ranks/);
});

test('prompts, action words and option summary', () => {
  const name = (s) => ['Ann', 'Bot 2', 'Bot 3'][s];
  const ctx = ctxOf(table(dkView(), [{ type: 'give_back', cards: ['k2', 'gA'] }]));
  assert.match(promptText(ctx, readView(ctx.view, 3), name), /2 cards to give back/);
  const wait = ctxOf(table(dkView({ to_act: [2], phase: 'steal' }), []));
  wait.toAct = [2];
  assert.equal(promptText(wait, readView(wait.view, 3), name), 'Waiting for Bot 3 to choose whom the Thief robs.');
  assert.equal(describeAction({ type: 'play', card: 'dK' }), 'played King of Dwarves');
  assert.equal(describeAction({ type: 'pass_hands', direction: 'left' }), 'passed every hand to the left');
  assert.equal(optionsSummary({ hands: 1 }), '1 hand');
});
