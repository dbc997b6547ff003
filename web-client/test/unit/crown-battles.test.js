import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { parseCard, cardName, sortHand, suitName } from '../../src/games/crown-battles/cards.js';
import { bidOptions, duelRivals, leakOptions, missionOptions, noteOptions, pairOptions, playableCards, soloOptions, trumpOptions, otherActions, seatBidText, seatOrder, trickPlays, wagerOptions } from '../../src/games/crown-battles/model.js';
import { readView, readBid } from '../../src/games/crown-battles/view.js';
import { finalRanks, readRound, withRunningTotals } from '../../src/games/crown-battles/scores.js';
import { missionShort, potText, spinnerText, promptText, roundTypeName } from '../../src/games/crown-battles/text.js';
import { describeAction, lastRound, optionsSummary, render } from '../../src/games/crown-battles/render.js';
import { gameContext } from '../../src/ui/table-view.js';
import { scenes } from '../fixtures/scenes.js';
import { promptKinds, readSpecials, seenLines, stepLabel, stepTitle, SPECIAL_RULES } from '../../src/games/crown-battles/specials.js';

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
  assert.match(out, /<button type="button" aria-label="Blue 3" data-card="B3" class="card card-B legal" data-action="act" data-payload="\{&quot;type&quot;:&quot;play&quot;,&quot;card&quot;:&quot;B3&quot;\}" aria-describedby="tip-B3">/);
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

// Wagering: the pot the round plays for, in the status line, the prompt and the
// score table; a pot carried into another round is shown too, and no pot at other tables.
test('a Wagering round shows its pot; a carried pot shows in other rounds', () => {
  const wagering = readView({ round: { type: 'wagering', pot: 120, number: 2 } }, 4);
  assert.equal(wagering.pot, 120);
  assert.equal(potText(wagering), ' for a pot of 120');
  const ctx = { table: { state: 'playing' }, legal: [{ type: 'bid', bid: 0 }], toAct: [0], mySeat: 0 };
  assert.equal(promptText(ctx, wagering, (s) => `S${s}`), 'Your turn: how many tricks will you win? Meet your bid to share the pot of 120.');
  assert.equal(potText(readView({ round: { type: 'normal', pot: 80 } }, 4)), ' (80 carried to the next Wagering round)');
  assert.equal(potText(readView({ round: { type: 'normal', pot: 0 } }, 4)), '');
  assert.equal(potText(readView({ round: { type: 'normal' } }, 4)), '');
  assert.equal(readRound({ type: 'wagering', pot: 100, bids: [1], tricks: [1], points: [10] }, 0, 1).pot, 100);
  assert.equal(readRound({ type: 'normal', bids: [1], tricks: [1], points: [30] }, 0, 1).pot, null);
});

// Wagering's extra wager: a question of its own right after the seat's bid, with the three
// amounts from the legal list; the score table shows what each seat wagered extra.
test('the extra wager is asked after the bid and shown in the score table', () => {
  const legal = [{ type: 'wager', extra: 20 }, { type: 'wager', extra: 0 }, { type: 'wager', extra: 10 }];
  assert.deepEqual(wagerOptions(legal), [0, 10, 20]);
  assert.deepEqual(otherActions(legal), []);
  const ctx = { table: { state: 'playing' }, legal, toAct: [0], mySeat: 0 };
  assert.equal(promptText(ctx, readView({ round: { type: 'wagering', pot: 60 } }, 3), (s) => `S${s}`), 'Your turn: wager extra on your bid? Met, it comes back doubled; missed, it is lost.');
  const r = readRound({ type: 'wagering', pot: 60, bids: [1, 0, 1], tricks: [1, 0, 0], points: [30, 20, -30], wagers: [20, 10, 10] }, 0, 3);
  assert.deepEqual(r.cells.map((c) => c.extra), [20, 10, 10]);
  assert.equal(readRound({ type: 'wagering', pot: 60, bids: [1], tricks: [1], points: [10] }, 0, 1).cells[0].extra, null);
  // Each seat's card shows the extra wager beside the bid.
  const table = tableOf('bidding');
  const view = { ...table.game.view, round: { ...table.game.view.round, type: 'wagering', pot: 80, wager_due: false, wagers: [0, 10, 0, 0] } };
  const out = toHtml(render(gameContext({ table: { ...table, game: { ...table.game, view } }, ui: {}, tableAt: 0 }, 0)));
  assert.match(out, /Bot 2, bid 2 tricks with 10 extra/);
  assert.match(out, /<b>2 \+10<\/b>/);
  assert.doesNotMatch(out, /Cy, bid [^,]* with/);
});

// Missions: the missions offered as buttons with their value this round, each
// seat's choice as the viewer knows it (chosen, secret, or shown), and each round's mission
// and its outcome in the score table.
test('a Missions round offers its missions with their values and shows who has chosen', () => {
  const view = tableOf('missions').game.view;
  const v = readView(view, 4);
  assert.equal(v.missionOffer.length, 4);
  assert.deepEqual(v.missions.map((m) => m.chosen), [false, true, true, false]);
  assert.equal(readView({ round: { type: 'normal' } }, 4).missions, null);
  assert.deepEqual(readView({ round: { missions: [{ chosen: true, mission: 'zero_or_one' }] } }, 1).missions, [{ chosen: true, mission: 'zero_or_one' }]);
  const legal = tableOf('missions').game.legal;
  assert.deepEqual(missionOptions(legal), ['trump_trick', 'zero_or_one', 'none_of_first', 'at_least_four']);
  assert.deepEqual(otherActions(legal), []);
  const ctx = { table: { state: 'playing' }, legal, toAct: [0, 3], mySeat: 0 };
  assert.equal(promptText(ctx, v, (s) => `S${s}`), 'Your turn: choose a mission. Completed, it scores its value; failed, −20.');
  assert.match(promptText(ctx, readView({ ...view, round: { ...view.round, type: 'blind_missions' } }, 4), (s) => `S${s}`), /^Your turn: choose a secret mission\./);
  assert.equal(promptText({ ...ctx, legal: [], toAct: [3] }, v, (s) => `S${s}`), 'Waiting for S3 to choose a mission.');
  const out = html('missions');
  assert.match(out, /class="cb-choice cb-mission"/);
  assert.match(out, /data-payload="{&quot;type&quot;:&quot;mission&quot;,&quot;mission&quot;:&quot;at_least_four&quot;}"[^>]*aria-label="Win at least 4 tricks, 35 points"/);
  assert.match(out, /no bids: complete your mission, or lose 20/);
  assert.match(out, /mission chosen, secret/);
  assert.doesNotMatch(out, /Your bid/);
  const r = readRound(view.rounds[0], 0, 4);
  assert.deepEqual(r.cells.map((c) => [c.mission, c.done]), [['trump_trick', false], ['zero_or_one', false], ['none_of_first', true], ['zero_or_one', true]]);
  assert.match(out, /Trump trick ✗\/0/);
  assert.match(out, /mission 0 or 1 tricks, failed, won 2, -20 points/);
  assert.equal(missionShort('at_least_four'), '4+ tricks');
  assert.equal(optionsSummary({ round_types: ['missions', 'blind_missions'], round_sequence: ['missions', 'blind_missions', 'missions'] }), 'Rounds: Missions / Blind missions · in this order: Missions, Blind missions, Missions');
  assert.equal(describeAction({ type: 'mission', mission: 'trump_trick' }), 'chose the mission “Trump trick”');
  assert.deepEqual(lastRound(view, (s) => `S${s}`).lines.slice(0, 2), ['S0: mission “Trump trick” failed, won 0, -20 points', 'S1: mission “0 or 1 tricks” failed, won 2, -20 points']);
});

// Duel Fights: the dealer pairs the players one at a time; each seat's card then
// names its rivals.
test('the dealer pairs the players for Duel Fights; each seat shows its rivals', () => {
  const table = tableOf('duel');
  const v = readView(table.game.view, 4);
  assert.equal(v.pairing, 1);
  assert.deepEqual(v.groups, [null, null, null, null]);
  assert.deepEqual(pairOptions(table.game.legal), [0, 2, 3]);
  assert.deepEqual(otherActions(table.game.legal), []);
  const ctx = { table: { state: 'playing' }, legal: table.game.legal, toAct: [0], mySeat: 0 };
  assert.equal(promptText(ctx, v, (s) => `S${s}`), 'Your turn: you deal, so you pair the players for Duel Fights. Whom does S1 duel?');
  assert.equal(promptText({ ...ctx, legal: [], mySeat: 2 }, v, (s) => `S${s}`), 'Waiting for S0 to pair the players for the duels.');
  const out = html('duel');
  assert.match(out, /class="cb-choice cb-pair" role="group" aria-label="Whom does Bot 2 duel\?"/);
  assert.match(out, /data-payload="{&quot;type&quot;:&quot;pair&quot;,&quot;seat&quot;:2}"[^>]*>Cy</);
  assert.match(out, /in pairs: a miss pays its penalty to the rival who met/);
  assert.deepEqual(duelRivals([0, 1, 0, 1], 0), [2]);
  assert.deepEqual(duelRivals([0, 1, 1, 1, 0], 2), [1, 3]);
  assert.deepEqual(duelRivals(null, 0), []);
  const paired = { ...table.game.view, phase: 'bidding', round: { ...table.game.view.round, groups: [0, 1, 0, 1], pairing: null } };
  const after = toHtml(render(gameContext({ table: { ...table, game: { view: paired, legal: [], to_act: [1] } }, ui: {}, tableAt: 0 }, 0)));
  assert.match(after, /Ann \(you\)[^"]*, duels Cy/);
  assert.match(after, /<small>Duel<\/small><b>vs Dee<\/b>/);
  assert.equal(describeAction({ type: 'pair', seat: 2 }, (s) => `S${s}`), 'paired S2');
});

// Leaked Suit: the five choices with how many of each the hand holds; the others
// only "chosen" until shown; then each seat's card lists the cards it shows.
test('Leaked Suit: pick the suit to show; every seat then shows its cards of it', () => {
  const table = tableOf('leak');
  const v = readView(table.game.view, 4);
  assert.deepEqual(v.leaks.map((l) => l.chosen), [false, true, false, false]);
  assert.deepEqual(leakOptions(table.game.legal), ['R', 'B', 'G', 'Y', 'monsters']);
  assert.deepEqual(otherActions(table.game.legal), []);
  const ctx = { table: { state: 'playing' }, legal: table.game.legal, toAct: [0], mySeat: 0 };
  assert.equal(promptText(ctx, v, (s) => `S${s}`), 'Your turn: pick a suit to leak. Every card of it you hold is shown to all, face up while in your hand.');
  const out = html('leak');
  assert.match(out, /class="cb-choice cb-leak"/);
  assert.match(out, /aria-label="Leak Yellow \(Elves\), 1 in your hand"/);
  assert.match(out, /aria-label="Leak Monsters \(Golems and Dragons\), 1 in your hand"/);
  assert.match(out, /Bot 2[^"]*, has picked a suit to leak/);
  const shown = { ...table.game.view, phase: 'bidding', round: { ...table.game.view.round, leaks: [{ chosen: true, suit: 'Y', cards: ['Y12'] }, { chosen: true, suit: 'R', cards: [] }, { chosen: true, suit: 'monsters', cards: ['DRAGON1'] }, { chosen: true, suit: 'B', cards: ['B9', 'B2'] }] } };
  const after = toHtml(render(gameContext({ table: { ...table, game: { view: shown, legal: [], to_act: [1] } }, ui: {}, tableAt: 0 }, 0)));
  assert.match(after, /Bot 2[^"]*, leaks Red \(Taurans\): no cards/);
  assert.match(after, /<small>Shows<\/small><b>B9 B2<\/b>/);
  assert.equal(describeAction({ type: 'leak', suit: 'monsters' }), 'leaked Monsters (Golems and Dragons)');
});

// Stealth Play: another seat's card after the leader's is a card back; your own
// is face up to you, marked as face down to the others; the rule is one line away.
test('Stealth Play: face-down cards show their backs; yours is marked face down to the others', () => {
  const out = html('stealth');
  assert.match(out, /aria-label="Dee[^"]*: face down"/);
  assert.match(out, /class="card back"/);
  assert.match(out, /class="trick-play [^"]*hidden-from-others[^"]*"[^>]*aria-label="Ann[^"]*: Blue 3 \(face down to the others\)"/);
  assert.doesNotMatch(out, /aria-label="Cy[^"]*: Blue 9 \(face down/);
  assert.match(out, /only the leader plays face up; the cards turn up when all have played/);
  assert.match(out, /Current trick · lead: Blue/);
});

// Alliances: each seat's card names its ally; a Secret Note shown to you reads as
// its card, another team's only as "shown"; the note is offered beside the bid, once.
test('Alliances: teams on the seat cards, the Secret Note offered and shown to the ally alone', () => {
  const out = html('alliances');
  const v = readView(tableOf('alliances').game.view, 4);
  assert.deepEqual(v.teams, [0, 1, 0, 1]);
  assert.deepEqual(noteOptions(tableOf('alliances').game.legal), ['B3', 'GOLEM1', 'Y12']);
  assert.deepEqual(otherActions(tableOf('alliances').game.legal), []);
  assert.match(out, /<small>Ally<\/small><b>Cy<\/b>/);
  assert.match(out, /<small>Note<\/small><b>R7<\/b>/);
  assert.match(out, /Cy[^"]*, allied with Ann[^"]*, showed Red 7 in a Secret Note/);
  assert.match(out, /Bot 2[^"]*, allied with Dee[^"]*, showed a Secret Note to their ally/);
  assert.match(out, /Secret Note: show one card to Cy/);
  assert.match(out, /aria-label="Show Yellow 12 to Cy"/);
  assert.match(out, /teams of two: your bids add up; once, show your ally a card \(Secret Note\)/);
  // With an odd count the dealer first names who plays alone.
  const table = tableOf('alliances');
  const naming = { ...table, game: { view: { ...table.game.view, phase: 'pairing', round: { ...table.game.view.round, teams: [null, null, null, null], solo_next: true } }, legal: [0, 1, 2, 3].map((seat) => ({ type: 'solo', seat })), to_act: [0] } };
  const ctx = gameContext({ table: naming, ui: {}, tableAt: 0 }, 0);
  assert.deepEqual(soloOptions(naming.game.legal), [0, 1, 2, 3]);
  assert.match(toHtml(render(ctx)), /class="cb-choice cb-solo"/);
  assert.equal(promptText(ctx, readView(naming.game.view, 4), (s) => `S${s}`), 'Your turn: you deal, so you form the teams. With an odd count, first name the player who plays alone.');
  assert.equal(describeAction({ type: 'solo', seat: 2 }, (s) => `S${s}`), 'named S2 to play alone');
  assert.equal(describeAction({ type: 'note', card: 'R7' }), 'showed Red 7 to their ally');
});

// In the browser: every step of a Special Power card as a question with its
// choices in words, what a card showed this seat, the shields, and the rules one click away.
test('a special card’s step is a question with its choices in words', () => {
  const out = html('specials');
  assert.match(out, /Thief: whose trick do you take\?/);
  assert.match(out, /data-payload="{&quot;type&quot;:&quot;pick_seat&quot;,&quot;seat&quot;:1}"[^>]*>Bot 2</);
  assert.match(out, /data-payload="{&quot;type&quot;:&quot;pick_seat&quot;,&quot;seat&quot;:2}"[^>]*>Cy</);
  assert.doesNotMatch(out, /pick_seat 1|>pick_seat/, 'no raw action text');
  assert.match(out, /Only you can see this/);
  assert.match(out, /Cy holds Green 5, Red 2/);
  assert.match(out, /class="badge shield"/);
  assert.match(out, /<summary>Special cards in this game<\/summary>/);
  for (const id of ['THIEF', 'BISHOP', 'WITCH', 'SPY']) assert.ok(out.includes(SPECIAL_RULES[id].slice(2, 30)), id);
  const ctx = ctxOf('specials');
  assert.equal(promptText(ctx, readView(ctx.view, 4), (s) => ['Ann', 'Bot 2', 'Cy', 'Dee'][s]), 'Your turn — Thief: whose trick do you take?');
});

// The kind of each question in stable words, for the browser test's screenshot of each.
test('each kind of special prompt has a stable name on its panel', () => {
  assert.match(html('specials'), /class="cb-choice cb-special"[^>]*data-prompt="THIEF\.0"/);
  assert.deepEqual(promptKinds({ card: 'BISHOP', step: 1 }, [{ type: 'pick_seat', seat: 2 }]), ['BISHOP.1']);
  assert.deepEqual(promptKinds({ card: 'SMUGGLER', step: 1, drawn: 'Y4' }, [{ type: 'pick_card', card: 'Y4' }]), ['SMUGGLER.put-back']);
  assert.deepEqual(promptKinds(null, [{ type: 'buy_shield' }, { type: 'smuggle' }, { type: 'play_golem', card: 'DOUBLE_FACED' }]), ['shield', 'smuggle', 'double-faced']);
});

test('every kind of step has words', () => {
  const name = (s) => ['Ann', 'Bo', 'Cy', 'Dee'][s];
  const witch = { card: 'WITCH', seat: 0, step: 0, chosenSeat: null, pointsLeft: 15, drawn: null };
  assert.equal(stepTitle(witch, name), 'Witch: take 15 points from the others');
  assert.equal(stepLabel({ type: 'take_points', seat: 2 }, witch, name, 0), 'Take 5 from Cy');
  assert.equal(stepLabel({ type: 'decline' }, witch, name, 0), 'Take no more');
  const cursed = { card: 'CURSED', seat: 0, step: 1, chosenSeat: 3 };
  assert.equal(stepTitle(cursed, name), 'Cursed: who swaps hands with Dee? (yourself: you and Dee swap)');
  assert.equal(stepLabel({ type: 'pick_seat', seat: 0 }, cursed, name, 0), 'Yourself');
  const smuggler = { card: 'SMUGGLER', seat: 0, step: 1, drawn: 'Y4' };
  assert.equal(stepTitle(smuggler, name), 'Smuggler: you drew Yellow 4. Choose the card to put back');
  assert.equal(stepLabel({ type: 'pick_card', card: 'Y4' }, smuggler, name, 0), 'Put back Yellow 4 (no change)');
  assert.equal(stepLabel({ type: 'pick_trump', suit: 'X' }, { card: 'ALCHEMIST' }, name, 0), 'No trump');
  assert.equal(stepLabel({ type: 'pick_trump', suit: 'G' }, { card: 'ALCHEMIST' }, name, 0), 'Green (Orcs)');
  assert.equal(stepLabel({ type: 'change_bid', change: -1 }, { card: 'JESTER' }, name, 0), 'Lower my bid by 1');
  assert.equal(stepLabel({ type: 'direction', direction: 'left' }, { card: 'MAGICIAN' }, name, 0), 'Left (to the next player)');
  assert.equal(stepLabel({ type: 'buy_shield' }, null, name, 0), 'Buy a Bubble Shield (20 points)');
  assert.equal(stepLabel({ type: 'smuggle' }, null, name, 0), 'Smuggle: draw an undealt card');
  assert.equal(stepLabel({ type: 'play_golem', card: 'DOUBLE_FACED' }, null, name, 0), 'As a Golem');
  assert.equal(stepLabel({ type: 'done_looking' }, { card: 'SPY' }, name, 0), 'Done looking');
  // What the Spy's look showed.
  const sp = readSpecials({ specials: { pending: null, shields: [], protected: [], known: {}, undealt_seen: ['R1', 'B13'] } });
  assert.deepEqual(seenLines(sp, name), ['Undealt: Red 1, Blue 13']);
  assert.equal(readSpecials({}), null);
  for (const id of ['ALCHEMIST', 'BISHOP', 'BOMB', 'CURSED', 'JESTER', 'MAGICIAN', 'MERCHANT', 'SMUGGLER', 'SPY', 'SUMMONER', 'THIEF', 'WITCH', 'WIZARD', 'DOUBLE_FACED', 'GOLEM_KING', 'DRAGON_KING'])
    assert.ok(SPECIAL_RULES[id], `a rule for ${id}`);
});

test('a one-card round says "1 card in hand", not "1 cards"', () => {
  const table = structuredClone(tableOf('bidding'));
  Object.assign(table.game.view.round, { hand_size: 1, tricks: 1 });
  const out = toHtml(render(gameContext({ table, ui: {}, tableAt: 0 }, 0)));
  assert.match(out, / · 1 card in hand/);
  assert.doesNotMatch(out, /1 cards/);
});
