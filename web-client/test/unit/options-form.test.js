import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { normalizeSchema, readOptions, readCreateForm, readOptionsForm, readClock, clockLabel, createTableForm, editTableForm, effectiveDefault, fieldDefault, valuesFor, formatInts, parseInts, seatCounts, defaultSeats } from '../../src/ui/options-form.js';
import { toHtml } from '../../src/dom/vdom.js';

const schema = JSON.parse(readFileSync(new URL('../fixtures/crown-battles-schema.json', import.meta.url), 'utf8'));
const game = { id: 'crown-battles', title: 'Crown Battles', min_seats: 2, max_seats: 8, options: schema };

// The other games' schemas as their engines declare them (engine/games/*/options.cpp).
const lunar = { id: 'lunar', title: 'Lunar', min_seats: 2, max_seats: 4, seat_counts: [2, 4], options: { options: [
  { name: 'target_score', label: 'Points to win', type: 'int', min: 1, max: 100, default: 32 },
  { name: 'track_points', label: 'Track points by tricks won (0-12)', type: 'int_list', min: 0, max: 20, min_length: 13, max_length: 13, default: [0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7] },
] } };
const dwarfKing = { id: 'dwarf-king', title: 'The Dwarf King', min_seats: 3, max_seats: 5, options: { options: [{ name: 'hands', label: 'Hands', type: 'int', default: 7, min: 1, max: 20 }] } };
const queensCourt = { id: 'queens-court', title: "Queen's Court", min_seats: 2, max_seats: 5, options: { options: [{ name: 'queens_wild', label: 'Queens wild', type: 'bool', default: false }, { name: 'coins', label: 'Coin stakes', type: 'bool', default: false }] } };

test('the schema is read in the engine’s one shape, every type it declares', () => {
  const f = Object.fromEntries(normalizeSchema(game.options).map((x) => [x.name, x]));
  assert.deepEqual(Object.keys(f), ['preset', 'red_numbers', 'blue_numbers', 'green_numbers', 'yellow_numbers', 'golems', 'dragons', 'peasants', 'schedule', 'round_types', 'round_sequence', 'leak_variation', 'duel_pairing', 'alliance_teams', 'screw_the_dealer', 'bid_cap', 'specials', 'bubble_shields', 'lift_bid_cap', 'extra_wager']);
  assert.deepEqual(['preset', 'red_numbers', 'golems', 'schedule', 'round_types', 'screw_the_dealer'].map((n) => f[n].kind), ['enum', 'int_set', 'int', 'int_list', 'set', 'bool']);
  assert.equal(f.red_numbers.label, 'Red (Taurans) numbers');
  assert.equal(f.schedule.help, schema.options.find((o) => o.name === 'schedule').description);
  assert.deepEqual([f.schedule.min, f.schedule.max, f.schedule.minLength, f.schedule.maxLength], [1, 38, 1, 100]);
  assert.equal(f.round_types.minSize, 1);
  assert.equal(f.schedule.derived, true);
  assert.equal(f.bid_cap.derived, true);
  assert.equal(f.round_types.derived, false);
  assert.deepEqual(f.bubble_shields.dependsOn, ['specials']);
  assert.deepEqual(f.bubble_shields.defaultWhen, [{ option: 'specials', non_empty: true, value: true }]);
  assert.deepEqual(fieldDefault(f.schedule, 4), [2, 4, 6, 8, 10, 12, 14, 15]);
  assert.deepEqual(valuesFor(f.preset, 2).map((v) => v.value).slice(0, 2), ['standard', '2p-classic']);
  assert.ok(!valuesFor(f.preset, 4).some((v) => v.value.startsWith('2p')));
  assert.equal(f.round_types.values[1].label, 'Blind Bidding');
  assert.equal(f.specials.values.length, 16);
  const kinds = (g) => normalizeSchema(g.options).map((x) => `${x.name}:${x.kind}`);
  assert.deepEqual(kinds(lunar), ['target_score:int', 'track_points:int_list']);
  assert.deepEqual(kinds(dwarfKing), ['hands:int']);
  assert.deepEqual(kinds(queensCourt), ['queens_wild:bool', 'coins:bool']);
});

test('only that shape is read: other shapes and unknown types give no field', () => {
  assert.deepEqual(normalizeSchema(null), []);
  assert.deepEqual(normalizeSchema([{ name: 'x', type: 'bool', default: true }]), [], 'a bare list is not the schema');
  assert.deepEqual(normalizeSchema({ fields: [{ name: 'x', type: 'bool', default: true }] }), []);
  assert.deepEqual(normalizeSchema({ options: [{ key: 'x', type: 'bool' }, { name: 'y', kind: 'bool' }, { name: 'z', type: 'boolean' }] }), [], 'synonyms of name and type are not read');
  assert.deepEqual(normalizeSchema({ options: [{ name: 'w', type: 'colour', default: 'red' }, { name: 'v', type: 'bool', default: false }] }).map((x) => x.name), ['v'], 'a type this client does not know is left to the server');
});

test('number lists and sets as text', () => {
  assert.equal(formatInts([5, 6, 7, 8, 13, 1], true), '1, 5-8, 13');
  assert.equal(formatInts([2, 4, 6], false), '2, 4, 6');
  assert.deepEqual(parseInts('1, 5-8 13', true), [1, 5, 6, 7, 8, 13]);
  assert.deepEqual(parseInts('2,2', false), [2, 2]);
  assert.equal(parseInts('5-x', true), null);
  assert.equal(parseInts('8-5', true), null);
});

test('a new table sends what was chosen and leaves derived fields to the server', () => {
  const entries = [['opt.preset', '"standard"'], ['opt.round_types', '"normal"'], ['opt.round_types', '"blind"'], ['opt.schedule', '1, 2'], ['opt.golems', ''], ['opt.bid_cap', ''], ['opt.red_numbers', '']];
  assert.deepEqual(readOptions(game, entries).value, { preset: 'standard', round_types: ['normal', 'blind'], schedule: [1, 2], screw_the_dealer: false, specials: [], bubble_shields: false, lift_bid_cap: false, extra_wager: false });
});

test('each type reads back typed, within the limits the schema gives', () => {
  assert.deepEqual(readOptions(queensCourt, [['opt.coins', 'true']]).value, { queens_wild: false, coins: true });
  assert.deepEqual(readOptions(dwarfKing, [['opt.hands', '5']]).value, { hands: 5 });
  assert.match(readOptions(dwarfKing, [['opt.hands', '21']]).error, /Hands: from 1 to 20/);
  assert.deepEqual(readOptions(dwarfKing, [['opt.hands', '']]).value, {}, 'left empty: the server’s default');
  const track = '0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 9';
  assert.deepEqual(readOptions(lunar, [['opt.target_score', '40'], ['opt.track_points', track]]).value, { target_score: 40, track_points: [0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 9] });
  assert.match(readOptions(lunar, [['opt.track_points', '0, 1, 2']]).error, /Track points .*: at least 13 numbers/);
  assert.match(readOptions(lunar, [['opt.track_points', `${track}, 10`]]).error, /at most 13 numbers/);
  assert.match(readOptions(lunar, [['opt.track_points', track.replace('9', '21')]]).error, /21 is not from 0 to 20/);
  assert.deepEqual(readOptions(game, [['opt.red_numbers', '1-3, 13'], ['opt.round_types', '"normal"']]).value.red_numbers, [1, 2, 3, 13]);
  assert.match(readOptions(game, [['opt.red_numbers', '0-3'], ['opt.round_types', '"normal"']]).error, /Red \(Taurans\) numbers: 0 is not from 1 to 13/);
  assert.match(readOptions(game, []).error, /Round types: choose at least 1/, 'a set with min_size');
  assert.deepEqual(readOptions(game, [['opt.round_types', '"blind"'], ['opt.specials', '"SPY"'], ['opt.specials', '"THIEF"']]).value.specials, ['SPY', 'THIEF']);
  assert.equal(readOptions(game, [['opt.preset', '"4p-long"'], ['opt.round_types', '"normal"']]).value.preset, '4p-long');
  // A list: values in order by their labels (or ids), repeats allowed; empty is the default.
  const types = [['opt.round_types', '"normal"'], ['opt.round_types', '"missions"']];
  assert.deepEqual(readOptions(game, [...types, ['opt.round_sequence', 'Missions, normal bidding,missions']]).value.round_sequence, ['missions', 'normal', 'missions']);
  assert.equal(readOptions(game, [...types, ['opt.round_sequence', ' ']]).value.round_sequence, undefined);
  assert.match(readOptions(game, [...types, ['opt.round_sequence', 'Missions, Double Dealing']]).error, /Round types in a fixed order: “Double Dealing” is not one of Normal Bidding, Blind Bidding, Wagering, Missions, Blind Missions, Duel Fights, Leaked Suit, Stealth Play, Alliances, Missions-Alliances, Suit Precision, Suit Precision-Alliances, Long Play, The Split\./);
  assert.deepEqual(readOptions(game, [...types, ['opt.round_sequence', 'Missions, The Split']]).value.round_sequence, ['missions', 'the_split']);
  assert.deepEqual(readOptions(game, [...types, ['opt.round_sequence', 'Long Play, missions']]).value.round_sequence, ['long_play', 'missions']);
  // The Round Tracker's exclusions: no Duel Fights box for 3 players.
  const typeField = normalizeSchema(game.options).find((x) => x.name === 'round_types');
  assert.ok(valuesFor(typeField, 4).some((x) => x.value === 'duel_fights'));
  assert.ok(!valuesFor(typeField, 3).some((x) => x.value === 'duel_fights'));
  // Suit Precision for any count; Suit Precision-Alliances, a team type, from 3 players.
  assert.ok(valuesFor(typeField, 2).some((x) => x.value === 'suit_precision'));
  assert.ok(!valuesFor(typeField, 2).some((x) => x.value === 'suit_precision_alliances'));
  assert.ok(valuesFor(typeField, 3).some((x) => x.value === 'suit_precision_alliances'));
  // Long Play for any count.
  for (const n of [2, 3, 4, 8]) assert.ok(valuesFor(typeField, n).some((x) => x.value === 'long_play' && x.label === 'Long Play'), `Long Play for ${n} players`);
  assert.match(toHtml(createTableForm(game, [game], 4)), /id="create-crown-battles-round_sequence"[^>]*placeholder="e\.g\. Normal Bidding, Blind Bidding"/);
});

test('each type gets its control, labelled, with its limits', () => {
  const lunarForm = toHtml(createTableForm(lunar, [lunar], 4));
  assert.match(lunarForm, /<input type="number" id="create-lunar-target_score" name="opt.target_score" value="32" min="1" max="100"/);
  assert.match(lunarForm, /<input type="text" id="create-lunar-track_points" name="opt.track_points" inputmode="numeric" value="0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7"/);
  const qc = toHtml(createTableForm(queensCourt, [queensCourt], 4));
  assert.match(qc, /<label for="create-queens-court-coins"><input type="checkbox" id="create-queens-court-coins" name="opt.coins" value="true"> Coin stakes<\/label>/);
  const cb = toHtml(createTableForm(game, [game], 4));
  assert.match(cb, /<select id="create-crown-battles-preset" name="opt.preset"/);
  assert.match(cb, /<legend>Special Power cards<\/legend>/);
  assert.match(cb, /<input type="checkbox" id="create-crown-battles-round_types-0" name="opt.round_types" value="&quot;normal&quot;" checked>/);
});

test('bad input is refused with the field named', () => {
  assert.match(readOptions(game, [['opt.schedule', '2, x']]).error, /Cards dealt/);
  assert.match(readOptions(game, [['opt.golems', '1.5']]).error, /Golems/);
  assert.match(readOptions(game, [['opt.red_numbers', '5-']]).error, /Red/);
});

test('the host edit form keeps untouched settings, and drops derived ones whose source changed', () => {
  const table = { seats: [{}, {}, {}, {}], options: { preset: 'standard', schedule: [1, 2], golems: 2, round_types: ['normal'], screw_the_dealer: false, bid_cap: 10, lift_bid_cap: false, red_numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] } };
  const same = [['seats', '4'], ['opt.preset', '"standard"'], ['opt.schedule', '1, 2'], ['opt.golems', '2'], ['opt.round_types', '"normal"'], ['opt.screw_the_dealer', 'true'], ['opt.bid_cap', '10'], ['opt.red_numbers', '1-13']];
  const kept = readOptionsForm(game, same, table).value;
  assert.deepEqual(kept.options.schedule, [1, 2], 'an earlier choice survives an unrelated edit');
  assert.equal(kept.options.screw_the_dealer, true);
  const newPreset = same.map(([k, v]) => (k === 'opt.preset' ? [k, '"4p-long"'] : [k, v]));
  const changed = readOptionsForm(game, newPreset, table).value.options;
  assert.equal(changed.preset, '4p-long');
  assert.equal('schedule' in changed, false, 'the new preset decides the schedule');
  assert.equal('golems' in changed, false);
  const moreSeats = [['seats', '5'], ['opt.round_types', '"normal"']];
  const five = readOptionsForm(game, moreSeats, table).value;
  assert.equal(five.seats, 5);
  assert.equal('bid_cap' in five.options, false);
});

test('clock presets', () => {
  assert.equal(readClock('none'), null);
  assert.deepEqual(readClock('300+10'), { bank_seconds: 300, increment_seconds: 10 });
  assert.equal(clockLabel(null), 'No clock');
  assert.equal(clockLabel({ bank_seconds: 300, increment_seconds: 10 }), '5 min + 10 s per move');
  assert.equal(clockLabel({ bank_seconds: 900, increment_seconds: 3 }), '15 min + 3 s per move');
});

test('the whole create form', () => {
  const entries = [['game', 'crown-battles'], ['seats', '4'], ['opt.round_types', '"normal"'], ['private', 'true'], ['clock', 'none']];
  const c = readCreateForm(game, entries).value;
  assert.equal(c.seats, 4);
  assert.equal(c.isPrivate, true);
  assert.equal(c.spectators, false);
  assert.equal(c.clock, null);
  assert.match(readCreateForm(game, [['seats', '1']]).error, /between 2 and 8/);
});

test('a game playable only with some counts in its range offers just those (Lunar: 2 or 4)', () => {
  assert.deepEqual(seatCounts(lunar), [2, 4]);
  assert.deepEqual(seatCounts(game), [2, 3, 4, 5, 6, 7, 8], 'without seat_counts: every count in range');
  assert.equal(defaultSeats(lunar), 4);
  assert.equal(defaultSeats({ ...lunar, seat_counts: [2, 3] }), 3);
  const html = toHtml(createTableForm(lunar, [lunar], 4));
  assert.match(html, /Players \(2 or 4\)/);
  assert.match(html, /<select id="create-seats" name="seats"/);
  assert.match(html, /<option value="4" selected>4<\/option>/);
  assert.ok(!html.includes('<option value="3"'), 'three players are not offered');
  assert.match(readCreateForm(lunar, [['seats', '3']]).error, /Players: 2 or 4/);
  assert.equal(readCreateForm(lunar, [['seats', '2']]).value.seats, 2);
  assert.match(toHtml(createTableForm(game, [game], 4)), /<input type="number" id="create-seats" name="seats" min="2" max="8"/);
});

test('every option gets a labelled control; derived ones show their default as a hint', () => {
  const html = toHtml(createTableForm(game, [game], 4));
  for (const name of ['preset', 'red_numbers', 'golems', 'schedule', 'screw_the_dealer', 'bid_cap', 'lift_bid_cap']) {
    const id = `create-crown-battles-${name}`;
    assert.ok(html.includes(`for="${id}"`), `label for ${id}`);
    assert.ok(html.includes(`id="${id}"`), `control ${id}`);
  }
  assert.ok(html.includes('placeholder="automatic (2, 4, 6, 8, 10, 12, 14, 15)"'));
  assert.ok(html.includes('placeholder="automatic (1-13)"'));
  assert.ok(!html.includes('2p-classic'), 'presets for another player count are not offered');
  assert.ok(html.includes('<details class="advanced">'));
  const edit = toHtml(editTableForm(game, { seats: [{}, {}], options: { preset: '2p-classic', round_types: ['blind'], schedule: [1] } }));
  assert.match(edit, /<option value="&quot;2p-classic&quot;" selected>/);
  assert.match(edit, /value="&quot;blind&quot;" checked/);
  assert.match(edit, /value="1"/);
});

// Bubble Shields' default follows the deck (the schema's `default_when`): on once the deck
// has a Special Power card, unless the host set the box by hand.
const shieldsBox = (html) => /<input type="checkbox" id="[^"]*-bubble_shields"[^>]*>/.exec(html)[0];
const draftOf = (form, entries, touched) => ({ form, entries, touched });

test('a default_when rule gives the default in force from the form’s values', () => {
  const f = normalizeSchema(game.options).find((x) => x.name === 'bubble_shields');
  assert.equal(effectiveDefault(f, { specials: [] }, 4), false);
  assert.equal(effectiveDefault(f, { specials: ['SPY'] }, 4), true);
  assert.equal(effectiveDefault(f, {}, 4), false, 'no value: the rule does not hold');
  const offWhenEmpty = { ...f, defaultWhen: [{ option: 'specials', non_empty: false, value: 'none' }, { option: 'specials', non_empty: true, value: 'some' }] };
  assert.equal(effectiveDefault(offWhenEmpty, { specials: [] }, 4), 'none', 'the first rule that holds');
  assert.equal(effectiveDefault(offWhenEmpty, { specials: ['SPY'] }, 4), 'some');
  assert.equal(effectiveDefault({ ...f, defaultWhen: [{ option: 'specials', equals: 3, value: true }] }, { specials: 3 }, 4), false, 'a rule this client cannot read never holds');
});

test('the Bubble Shields box is ticked when the host picks specials, and stays as the host set it', () => {
  const form = 'create-crown-battles';
  const base = [['game', 'crown-battles'], ['seats', '4'], ['opt.round_types', '"normal"']];
  const fresh = toHtml(createTableForm(game, [game], 4));
  assert.doesNotMatch(shieldsBox(fresh), / checked/, 'no specials: no shields');
  assert.match(shieldsBox(fresh), /data-change="option-change" data-form="create-crown-battles" data-option="bubble_shields"/, 'the box reports when the host sets it');
  assert.match(fresh, /name="opt.specials" value="&quot;ALCHEMIST&quot;" data-change="option-change" data-form="create-crown-battles" data-option="specials"/, 'so does each special');
  assert.doesNotMatch(/<select id="create-crown-battles-preset"[^>]*>/.exec(fresh)[0], /data-change/, 'a field no default follows does not');

  // The host ticks the Spy: the form's entries then hold no shields box (it was unticked).
  const picked = [...base, ['opt.specials', '"SPY"']];
  const withSpy = toHtml(createTableForm(game, [game], 4, draftOf(form, picked, ['specials'])));
  assert.match(shieldsBox(withSpy), / checked/, 'a special in the deck: shields by default');
  assert.match(withSpy, /value="&quot;SPY&quot;" checked data-change/, 'the Spy stays ticked');
  assert.doesNotMatch(shieldsBox(toHtml(createTableForm(game, [game], 4, draftOf('edit', picked, ['specials'])))), / checked/, 'another form’s draft is not this one’s');

  // The host unticks the box by hand: picking more specials leaves it unticked.
  const noShields = toHtml(createTableForm(game, [game], 4, draftOf(form, [...picked, ['opt.specials', '"THIEF"']], ['specials', 'bubble_shields'])));
  assert.doesNotMatch(shieldsBox(noShields), / checked/);
  // And ticked by hand with no specials, it stays ticked.
  assert.match(shieldsBox(toHtml(createTableForm(game, [game], 4, draftOf(form, [...base, ['opt.bubble_shields', 'true']], ['bubble_shields'])))), / checked/);
});

test('what the form sends is what the host saw: the shields as the box shows them', () => {
  const base = [['seats', '4'], ['opt.round_types', '"normal"']];
  // The box as drawn above (ticked by the Spy), sent as it is.
  assert.deepEqual(readCreateForm(game, [...base, ['opt.specials', '"SPY"'], ['opt.bubble_shields', 'true']]).value.options.bubble_shields, true);
  assert.deepEqual(readCreateForm(game, [...base, ['opt.specials', '"SPY"']]).value.options.bubble_shields, false, 'unticked by the host: no shields, said in so many words');
  // The host's form: a table with the Thief and shields turned off by hand.
  const table = { seats: [{}, {}, {}, {}], options: { preset: 'standard', round_types: ['normal'], specials: ['THIEF'], bubble_shields: false } };
  const edit = (entries, touched) => toHtml(editTableForm(game, table, 4, draftOf('edit', [...base, ...entries], touched)));
  assert.doesNotMatch(shieldsBox(toHtml(editTableForm(game, table))), / checked/, 'the table’s value');
  assert.doesNotMatch(shieldsBox(edit([['opt.specials', '"THIEF"'], ['opt.specials', '"WITCH"']], ['specials'])), / checked/, 'another special: the default is still on, the host’s “off” stands');
  const more = readOptionsForm(game, [...base, ['opt.specials', '"THIEF"'], ['opt.specials', '"WITCH"']], table).value.options;
  assert.deepEqual([more.specials, more.bubble_shields], [['THIEF', 'WITCH'], false], 'the “off” the host saw is sent: left out, the server would turn shields on');
  // A base table: the first special ticks the box; sent, it gives the table shields.
  const plain = { seats: [{}, {}, {}, {}], options: { preset: 'standard', round_types: ['normal'] } };
  const firstSpecial = toHtml(editTableForm(game, plain, 4, draftOf('edit', [...base, ['opt.specials', '"BOMB"']], ['specials'])));
  assert.match(shieldsBox(firstSpecial), / checked/);
  const sent = readOptionsForm(game, [...base, ['opt.specials', '"BOMB"'], ['opt.bubble_shields', 'true']], plain).value.options;
  assert.deepEqual([sent.specials, sent.bubble_shields], [['BOMB'], true]);
  // Shields on with specials; the host removes the last special: the box follows, unticked.
  const withSpecials = { ...plain, options: { ...plain.options, specials: ['BOMB'], bubble_shields: true } };
  assert.match(shieldsBox(toHtml(editTableForm(game, withSpecials))), / checked/);
  assert.doesNotMatch(shieldsBox(toHtml(editTableForm(game, withSpecials, 4, draftOf('edit', base, ['specials'])))), / checked/);
  const none = readOptionsForm(game, base, withSpecials).value.options;
  assert.deepEqual([none.specials, none.bubble_shields], [[], false], 'sent as shown, even where the old rule dropped an untouched derived field');
});

test('Crown Battles: more specials than Peasants set Peasants to 0, and the form says why; a number typed there stays', async () => {
  const { formRules } = await import('../../src/games/crown-battles/render.js');
  const form = 'create-crown-battles';
  const all = schema.options.find((o) => o.name === 'specials').values.map((v) => ['opt.specials', JSON.stringify(v.value)]);
  const base = [['game', 'crown-battles'], ['seats', '4'], ['opt.round_types', '"normal"']];
  const peasantsField = (html) => /<input type="number" id="create-crown-battles-peasants"[^>]*>/.exec(html)[0];
  const peasants = (html) => (/ value="([^"]*)"/.exec(peasantsField(html)) || [null, ''])[1];
  const draw = (entries, touched) => toHtml(createTableForm(game, [game], 4, draftOf(form, [...base, ...entries], touched), null, formRules));
  const fresh = draw([], []);
  assert.equal(peasants(fresh), '', 'nothing chosen: the setup’s Peasants');
  assert.match(peasantsField(fresh), /data-option="peasants"/, 'Peasants reports a change, so a number typed there is the host’s');
  const four = draw(all.slice(0, 4), ['specials']);
  assert.equal(peasants(four), '', 'four specials replace four Peasants: the server does it');
  const sixteen = draw(all, ['specials']);
  assert.equal(peasants(sixteen), '0');
  assert.match(peasantsField(sixteen), /aria-describedby="create-crown-battles-peasants-note/);
  assert.match(sixteen, /role="status">Set to 0 for your 16 Special Power cards: each takes a Peasant’s place, and 12 more than the 4 Peasants join the deck\./);
  // What the form sends: Peasants 0 with all sixteen, which the server takes (a deck of its own).
  const read = readCreateForm(game, [...base, ...all, ['opt.peasants', '0']]);
  assert.equal(read.value.options.peasants, 0);
  assert.equal(read.value.options.specials.length, 16);
  // The host typed 2 Peasants: kept, no note.
  const own = draw([...all, ['opt.peasants', '2']], ['specials', 'peasants']);
  assert.equal(peasants(own), '2');
  assert.doesNotMatch(own, /Set to 0 for your/);
  // Back to four specials: Peasants is the setup's again.
  assert.equal(peasants(draw([...all.slice(0, 4), ['opt.peasants', '0']], ['specials'])), '');
});
