import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { normalizeSchema, readOptions, readCreateForm, readOptionsForm, readClock, clockLabel, createTableForm, editTableForm, fieldDefault, valuesFor, formatInts, parseInts, seatCounts, defaultSeats } from '../../src/ui/options-form.js';
import { toHtml } from '../../src/dom/vdom.js';

const schema = JSON.parse(readFileSync(new URL('../fixtures/crown-battles-schema.json', import.meta.url), 'utf8'));
const game = { id: 'crown-battles', title: 'Crown Battles', min_seats: 2, max_seats: 8, options: schema };

test('the schema is read with labels, kinds, values and per-player defaults', () => {
  const f = Object.fromEntries(normalizeSchema(game.options).map((x) => [x.name, x]));
  assert.equal(f.preset.kind, 'enum');
  assert.equal(f.red_numbers.kind, 'int_set');
  assert.equal(f.schedule.kind, 'int_list');
  assert.equal(f.round_types.kind, 'set');
  assert.equal(f.bid_cap.kind, 'int');
  assert.equal(f.screw_the_dealer.kind, 'bool');
  assert.equal(f.schedule.derived, true);
  assert.equal(f.bid_cap.derived, true);
  assert.equal(f.round_types.derived, false);
  assert.deepEqual(fieldDefault(f.schedule, 4), [2, 4, 6, 8, 10, 12, 14, 15]);
  assert.deepEqual(valuesFor(f.preset, 2).map((v) => v.value), ['standard', '2p-classic']);
  assert.equal(f.round_types.values[1].label, 'Blind Bidding');
  assert.deepEqual(normalizeSchema(null), []);
  assert.deepEqual(normalizeSchema([{ name: 'x', default: true }]).map((x) => x.kind), ['bool']);
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
  assert.deepEqual(readOptions(game, entries).value, { preset: 'standard', round_types: ['normal', 'blind'], schedule: [1, 2], screw_the_dealer: false, lift_bid_cap: false });
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
  const entries = [['game', 'crown-battles'], ['seats', '4'], ['private', 'true'], ['clock', 'none']];
  const c = readCreateForm(game, entries).value;
  assert.equal(c.seats, 4);
  assert.equal(c.isPrivate, true);
  assert.equal(c.spectators, false);
  assert.equal(c.clock, null);
  assert.match(readCreateForm(game, [['seats', '1']]).error, /between 2 and 8/);
});

test('a game playable only with some counts in its range offers just those (Lunar: 2 or 4)', () => {
  const lunar = { id: 'lunar', title: 'Lunar', min_seats: 2, max_seats: 4, seat_counts: [2, 4], options: { options: [] } };
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
