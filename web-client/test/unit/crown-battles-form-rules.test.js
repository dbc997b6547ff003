import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { normalizeSchema, createTableForm, refusalWords } from '../../src/ui/options-form.js';
import { toHtml } from '../../src/dom/vdom.js';
import { formRules } from '../../src/games/crown-battles/form-rules.js';
import { formDeck } from '../../src/games/crown-battles/form-schedule.js';

// Crown Battles' create form fixes what a table cannot play as the host chooses it, and says
// so beside the field: a round dealing more cards than each player can get from the deck,
// and round types the number of players cannot play (ticked, or in the fixed order). What
// the server still refuses is said with the form's labels.
const schema = JSON.parse(readFileSync(new URL('../fixtures/crown-battles-schema.json', import.meta.url), 'utf8'));
const game = { id: 'crown-battles', title: 'Crown Battles', min_seats: 2, max_seats: 8, options: schema };
const fields = Object.fromEntries(normalizeSchema(schema).map((f) => [f.name, f]));
const defaults = (seats) => Object.fromEntries(Object.values(fields).map((f) => [f.name, f.byPlayers ? f.byPlayers[String(seats)] : f.default]));
const apply = (seats, own, touched = Object.keys(own)) => formRules.apply({ ...defaults(seats), ...own }, fields, { seats, given: new Set(Object.keys(own)), touched });
const ALL = fields.specials.values.map((v) => v.value);

test('the deck is counted as the server counts it: specials take the Peasants’ places unless Peasants are set', () => {
  const deck = (seats, own) => formDeck({ ...defaults(seats), ...own }, fields, { seats, given: new Set(Object.keys(own)) });
  assert.equal(deck(4, {}), 60);
  assert.equal(deck(2, {}), 40);
  assert.equal(deck(4, { specials: ALL.slice(0, 3) }), 60, 'three specials in three Peasants’ places');
  assert.equal(deck(4, { specials: ALL, peasants: 4 }), 76, 'a deck of one’s own: four Peasants and sixteen specials');
  assert.equal(deck(4, { red_numbers: [], golems: 0 }), 45);
  assert.equal(deck(2, { preset: '2p-short' }), null, 'another setup’s deck is the server’s to count');
});

test('a round dealing more than each player can get is lowered to that most, and the form says so', () => {
  const r = apply(4, { schedule: [20, 5, 16] });
  assert.deepEqual(r.values.schedule, [15, 5, 15]);
  assert.equal(r.notes.schedule, 'Rounds 1 and 3 can deal at most 15 cards to each player: the deck’s 60 cards are shared by 4 players. They deal 15 now.');
  // More players, the same schedule: lowered for them.
  assert.deepEqual(apply(8, { schedule: [2, 4, 6, 8] }).values.schedule, [2, 4, 6, 7]);
  assert.equal(apply(8, { schedule: [2, 4, 6, 8] }).notes.schedule, 'Round 4 can deal at most 7 cards to each player: the deck’s 60 cards are shared by 8 players. It deals 7 now.');
  // Sixteen specials: Peasants go to 0 first, and the deck of 72 deals 18 to each of 4.
  const specials = apply(4, { specials: ALL, schedule: [19] }, ['specials', 'schedule']);
  assert.deepEqual([specials.values.peasants, specials.values.schedule], [0, [18]]);
  // A schedule that fits, or one left to the setup: nothing to fix.
  assert.equal(apply(4, { schedule: [15, 15] }), null);
  assert.equal(apply(4, {}), null);
});

test('a round type this many players cannot play is left out, and out of the fixed order; one the order plays is ticked', () => {
  const three = apply(3, { round_types: ['normal', 'duel_fights'] });
  assert.deepEqual(three.values.round_types, ['normal']);
  assert.equal(three.notes.round_types, 'Left out: Duel Fights needs 4 or more players.');
  const none = apply(2, { round_types: ['alliances', 'stealth'] });
  assert.deepEqual(none.values.round_types, ['normal']);
  assert.equal(none.notes.round_types, 'Left out: Stealth Play needs 3 or more players; Alliances needs 3 or more players. Normal Bidding is played instead.');
  const order = apply(3, { round_types: ['normal'], round_sequence: ['missions', 'duel_fights', 'wagering', 'missions'] });
  assert.deepEqual(order.values.round_sequence, ['missions', 'wagering', 'missions']);
  assert.equal(order.notes.round_sequence, 'Taken out of the order: Duel Fights needs 4 or more players.');
  assert.deepEqual(order.values.round_types, ['normal', 'wagering', 'missions'], 'in the form’s order');
  assert.equal(order.notes.round_types, 'Missions and Wagering ticked: your fixed order plays them.');
  assert.equal(apply(4, { round_types: ['normal', 'duel_fights'], round_sequence: ['duel_fights', 'normal'] }), null, 'four players play Duel Fights');
});

test('the form shows the fixed values, each note beside its field', () => {
  const form = 'create-crown-battles';
  const entries = [['game', 'crown-battles'], ['seats', '3'], ['opt.schedule', '25, 5'], ['opt.round_types', '"normal"'], ['opt.round_types', '"duel_fights"'], ['opt.round_sequence', 'Duel Fights, Missions']];
  const html = toHtml(createTableForm(game, [game], 3, { form, entries, touched: ['schedule', 'round_types', 'round_sequence'] }, null, formRules));
  assert.match(html, /id="create-crown-battles-schedule"[^>]*value="20, 5"[^>]*aria-describedby="create-crown-battles-schedule-note/);
  assert.match(html, /id="create-crown-battles-schedule-note" role="status">Round 1 can deal at most 20 cards to each player: the deck’s 60 cards are shared by 3 players\. It deals 20 now\./);
  assert.match(html, /id="create-crown-battles-round_sequence"[^>]*value="Missions"/);
  assert.match(html, /role="status">Taken out of the order: Duel Fights needs 4 or more players\./);
  assert.match(html, /role="status">Left out: Duel Fights needs 4 or more players\. Missions ticked: your fixed order plays it\./);
  assert.match(html, /<fieldset class="field set" aria-describedby="create-crown-battles-round_types-note create-crown-battles-round_types-help">/, 'the round types’ note describes their group');
  assert.match(html, /id="create-crown-battles-round_types-\d+" name="opt\.round_types" value="&quot;missions&quot;" checked/);
});

test('what the server still refuses is said with the form’s words', () => {
  const list = Object.values(fields);
  assert.equal(refusalWords('schedule: round 8 deals 15 cards to each of 4 players (60), but the deck has 56 cards.', list, formRules), 'Round 8 can deal at most 14 cards to each player: the deck’s 56 cards are shared by 4 players.');
  assert.equal(refusalWords('round_sequence: "duel_fights" is not among round_types.', list, formRules), 'Round types in a fixed order: Duel Fights is not among Round types.');
  assert.equal(refusalWords('round_types: Duel Fights needs 4 or more players (the Round Tracker leaves it out).', list, formRules), 'Round types: Duel Fights needs 4 or more players (the Round Tracker leaves it out).');
  assert.equal(refusalWords('extra_wager: the extra wager is Wagering\'s; add "wagering" to round_types.', list, formRules), 'Wagering: extra wagers of 10 or 20: the extra wager is Wagering\'s; add Wagering to Round types.');
  assert.equal(refusalWords('Sixteen special cards need four Peasants to replace.', list, formRules), 'Sixteen special cards need four Peasants to replace.', 'words already a player’s stay');
});
