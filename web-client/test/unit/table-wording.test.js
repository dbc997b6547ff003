// The table's words that read wrongly (plurals, a host who left, whose hand a follower
// sees, the missions, the deck's size), each checked on the pure function that says it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHtml } from '../../src/dom/vdom.js';
import { plural } from '../../src/ui/format.js';
import { hostWords, lobbyView } from '../../src/ui/lobby-view.js';
import { forSeenSeat, seenName } from '../../src/ui/seen-seat.js';
import { gameContext } from '../../src/ui/table-view.js';
import { followedContext } from '../../src/ui/follow-bar.js';
import { missionText } from '../../src/games/crown-battles/text.js';
import { deckSize, settingText } from '../../src/games/crown-battles/settings.js';
import { render } from '../../src/games/crown-battles/render.js';
import { render as renderDwarfKing } from '../../src/games/dwarf-king/render.js';
import { inviteNote, inviteText } from '../../src/ui/invite-note.js';
import { dkView, dwarfKingTable, scenes } from '../fixtures/scenes.js';

const clone = (x) => JSON.parse(JSON.stringify(x));

test('one plural helper: one card, 3 cards, -1 point', () => {
  assert.equal(plural(1, 'card'), '1 card');
  assert.equal(plural(0, 'card'), '0 cards');
  assert.equal(plural(-1, 'point'), '-1 point');
  assert.equal(plural(2, 'Special Power card'), '2 Special Power cards');
});

test('a lobby table whose host left says "with no host", never "hosted by null"', () => {
  assert.equal(hostWords({ host: 'Ann' }), 'hosted by Ann');
  assert.equal(hostWords({ host: null }), 'with no host');
  const [welcome, lobby] = clone(scenes.lobby);
  lobby.tables[1].host = null;
  lobby.tables[1].late_join = true;
  const html = toHtml(lobbyView({ games: welcome.games, ui: {}, lobby: lobby.tables, leftGame: null }));
  assert.doesNotMatch(html, /null|undefined/);
  assert.match(html, /aria-label="Watch Crown Battles with no host"/);
  assert.match(html, /aria-label="Join Crown Battles with no host at the next round"/);
  assert.match(html, /No host · 5\/5 seated/);
});

test("a follower and the admin's seat view read the player's name, not \"Your hand\" or \"Your turn\"", () => {
  const table = clone(scenes.playing[1]);
  const own = gameContext({ table, ui: {}, tableAt: 0 }, 0);
  assert.equal(seenName(own), null);
  assert.equal(forSeenSeat(own, 'Your turn: play a card.'), 'Your turn: play a card.');
  // Bo follows Ann (seat 0), who shows him her hand.
  const watching = { ...table, you: { role: 'spectator', following: 0, shown: true } };
  const followed = followedContext(gameContext({ table: watching, ui: {}, tableAt: 0 }, 0));
  assert.equal(seenName(followed), 'Ann');
  const html = toHtml(render(followed));
  assert.match(html, /<h3 class="seen-hand">Ann’s hand<\/h3>/);
  assert.doesNotMatch(html, /Your hand|Your turn/);
  // The admin's view of a seat keeps the seat's moves (drawn inert): its prompt names Ann.
  const admin = { ...gameContext({ table, ui: {}, tableAt: 0 }, 0), me: ' (this seat)' };
  const adminHtml = toHtml(render(admin));
  assert.match(adminHtml, /Ann’s turn: play a card\./);
  assert.doesNotMatch(adminHtml, /Your turn|Your hand/);
  assert.equal(forSeenSeat({ ...admin, table: { ...table, seats: table.seats.map((s, i) => (i === 0 ? { ...s, name: 'Jess' } : s)) } }, 'Your hand'), 'Jess’ hand');
  const dk = toHtml(renderDwarfKing({ ...gameContext({ table: dwarfKingTable(dkView(), []), ui: {}, tableAt: 0 }, 0), me: ' (followed)' }));
  assert.match(dk, /Ann’s hand/);
  assert.doesNotMatch(dk, /Your hand/);
});

test('missions read as the engine words them; no trump is said so, not "spun X"', () => {
  assert.equal(missionText({ id: 'trump_trick', text: 'Win a trick using a trump suit' }), 'Win a trick using a trump suit');
  assert.equal(missionText({ id: 'zero_or_one' }), '0 or 1 tricks');
  const html = toHtml(render(gameContext({ table: clone(scenes.missions[1]), ui: {}, tableAt: 0 }, 0)));
  assert.doesNotMatch(html, /first 1 trick/);
  assert.match(html, /Do not win the first trick/);
  const table = clone(scenes.playing[1]);
  Object.assign(table.game.view.round, { trump: null, spinner: 'X' });
  const bar = toHtml(render(gameContext({ table, ui: {}, tableAt: 0 }, 0)));
  assert.doesNotMatch(bar, /spun X/);
  assert.match(bar, /the spinner said no trump/);
});

test('Settings count the deck the table deals: 72 cards with all sixteen specials', () => {
  const ranks = Array.from({ length: 13 }, (_, i) => i + 1);
  const options = { preset: 'standard', red_numbers: ranks, blue_numbers: ranks, green_numbers: ranks, yellow_numbers: ranks, golems: 2, dragons: 2, peasants: 0, specials: Array.from({ length: 16 }, (_, i) => `S${i}`) };
  assert.equal(deckSize(options), 72);
  assert.equal(deckSize({ ...options, peasants: 4, specials: undefined }), 60);
  assert.equal(deckSize({ preset: 'standard' }), null);
  const label = "The book's setup: 60 cards (2 players: 40), 2, 4, 6, … cards";
  assert.equal(settingText('preset', label, options), "The book's setup: 72 cards, 16 Special Power cards among them, 2, 4, 6, … cards");
  assert.equal(settingText('preset', '4 players, 8 rounds (2, 4, … 14, 15): all 60 cards', { ...options, peasants: 4, specials: [] }), '4 players, 8 rounds (2, 4, … 14, 15): 60 cards');
  assert.equal(settingText('golems', '2', options), null);
});

test('an invite says whose table and which game, with its seats and the free ones', () => {
  const seats = [
    { seat: 0, status: 'human', name: 'Ann' },
    { seat: 1, status: 'human', name: 'Bo' },
    { seat: 2, status: 'empty', name: null },
  ];
  const table = { table: 't-1', title: 'The Dwarf King', state: 'waiting', host: 0, seats, you: { role: 'player', seat: 1 } };
  assert.equal(inviteText(table), 'Ann invites you to The Dwarf King (3 seats, 1 free).');
  assert.equal(inviteText({ ...table, host: null }), 'You are invited to The Dwarf King (3 seats, 1 free).');
  assert.match(toHtml(inviteNote(table, 't-1')), /Ann invites you/);
  assert.equal(inviteNote(table, 't-2'), null, 'not at a table no invite led to');
  assert.equal(inviteNote({ ...table, state: 'playing' }, 't-1'), null);
  assert.equal(inviteNote({ ...table, you: { role: 'player', seat: 0 } }, 't-1'), null, 'not to the host');
});

test('the stage scrolls to the board (or the summary) only when its top is out of sight', async () => {
  const { scrollToShow } = await import('../../src/ui/stage-view.js');
  assert.equal(scrollToShow({ stageTop: 100, stageHeight: 400, targetTop: 100 }), 0, 'already at the top');
  assert.equal(scrollToShow({ stageTop: 100, stageHeight: 400, targetTop: 250 }), 0, 'in the upper half: left alone');
  assert.equal(scrollToShow({ stageTop: 100, stageHeight: 400, targetTop: -500 }), -600, 'scrolled down to the scores: back up');
  assert.equal(scrollToShow({ stageTop: 100, stageHeight: 400, targetTop: 450 }), 350, 'pushed far down: brought up');
  assert.equal(scrollToShow({ stageTop: 100, stageHeight: 400, targetTop: null }), 0);
});
