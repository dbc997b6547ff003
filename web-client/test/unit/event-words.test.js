// Each game's move-log writer: an event as data in, a sentence out, with card tokens the log
// draws as faces; no engine id (card ids, snake_case kinds) ever reaches the words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fillWords, partsText } from '../../src/ui/event-words.js';
import { lineText } from '../../src/ui/event-text.js';
import { moveLogView } from '../../src/ui/move-log-view.js';
import { toHtml } from '../../src/dom/vdom.js';
import * as crownBattles from '../../src/games/crown-battles/render.js';
import * as dwarfKing from '../../src/games/dwarf-king/render.js';
import * as lunar from '../../src/games/lunar/render.js';
import * as queensCourt from '../../src/games/queens-court/render.js';
import { WORDS as CB_WORDS } from '../../src/games/crown-battles/events.js';
import { ENGINE_ID } from '../helpers/engine-id.js';

const name = (s) => ['Ann', 'Bot 2', 'Cy', 'Dee', 'Eve'][s];
const say = (r, e, view = null) => lineText(e, r, name, view);

test('a sentence is filled from its placeholders; card tokens stay tokens', () => {
  const parts = fillWords('{seat} played {card}.', { seat: 'Ann', card: { card: 'R3' } });
  assert.deepEqual(parts, ['Ann', ' played ', { card: 'R3' }, '.']);
  assert.equal(partsText(parts, (id) => `<${id}>`), 'Ann played <R3>.');
  assert.deepEqual(fillWords('{a}{b}', { a: ['x', { card: 'y' }] }), ['x', { card: 'y' }]);
});

test('Crown Battles: plays, bids and specials in words, cards by their names', () => {
  const cases = [
    [{ kind: 'played', seat: 2, card: 'Y12' }, 'Cy played Yellow 12.'],
    [{ kind: 'played', seat: 0, card: 'DOUBLE_FACED', as: 'golem' }, 'Ann played Double-faced as a Golem.'],
    [{ kind: 'trick_won', seat: 3 }, 'Dee won the trick.'],
    [{ kind: 'bid', seat: 1, bid: [2, 3] }, 'Bot 2 bid 2-3.'],
    [{ kind: 'bid', seat: 1, bid: 1, suit: 'G' }, 'Bot 2 bid 1 on Green.'],
    [{ kind: 'bid', seat: 1, bid: 0, half: 2 }, 'Bot 2 bid 0 for the second half.'],
    [{ kind: 'own_secret_bid', seat: 0, bid: 2 }, 'You bid 2 (secret).'],
    [{ kind: 'trump_named', seat: 0, trump: null }, 'Ann named the trump: no trump.'],
    [{ kind: 'wagered', seat: 0, extra: 0 }, 'Ann made no extra wager.'],
    [{ kind: 'no_effect', special: 'MAGICIAN', reason: 'last_trick' }, 'Magician has no effect on the last trick.'],
    [{ kind: 'declined', seat: 3, special: 'JESTER' }, 'Dee declined Jester.'],
    [{ kind: 'jester_changed', seat: 3, change: -1, suit: 'R' }, 'Dee (Jester) changed their Red bid by −1.'],
    [{ kind: 'own_jester_change', seat: 3, change: 0 }, 'You kept your bid (secret).'],
    [{ kind: 'own_trade', seat: 0, gave: 'B7', received: 'GOLEM1' }, 'You gave Blue 7 and received Golem.'],
    [{ kind: 'bishop_sees', seat: 0, at: 2, cards: ['R1', 'WITCH'] }, 'Cy holds Red 1 Witch.'],
    [{ kind: 'undealt_seen', seat: 0, cards: [] }, 'The undealt cards: no cards.'],
    [{ kind: 'trick_stolen', seat: 0, from: 1, suit: 'Y' }, 'Ann (Thief) stole a Yellow trick from Bot 2.'],
    [{ kind: 'leaked', seat: 1, leak: 'monsters', cards: ['DRAGON2'] }, 'Bot 2 leaks the monsters: Dragon.'],
    [{ kind: 'leaked', seat: 1, leak: null, cards: [] }, 'Bot 2 leaks nothing.'],
    [{ kind: 'own_mission', seat: 0, mission: 'zero_or_one', secret: true }, 'You chose: 0 or 1 tricks (secret).'],
    [{ kind: 'groups', type: 'alliances', groups: [[0, 2], [1, 3], [4]] }, 'Alliances: Ann and Cy; Bot 2 and Dee; Eve alone.'],
    [{ kind: 'round_scored', round: 2, seat: 0, bid: [1, 2], tricks: 1, points: 15, total: 40 }, 'Round 2: Ann bid 1-2, took 1: +15 (total 40).'],
    [{ kind: 'round_scored', round: 3, seat: 1, bid: [0, 1, [1, 2], 0], tricks: [0, 1, 2, 0], points: -10, total: 5 }, 'Round 3: Bot 2 bid Red 0 Blue 1 Green 1-2 Yellow 0, took Red 0 Blue 1 Green 2 Yellow 0: -10 (total 5).'],
    [{ kind: 'round_scored', round: 4, seat: 1, bid: [1, 0], tricks: [1, 1], points: -10, total: 5 }, 'Round 4: Bot 2 bid 1 + 0, took 1 + 1: -10 (total 5).'],
    [{ kind: 'round_scored', round: 1, seat: 2, mission: 'trump_trick', completed: true, tricks: 2, points: 30, total: 30 }, 'Round 1: Cy’s mission: Trump trick (completed), took 2: +30 (total 30).'],
    [{ kind: 'pot_shared', pot: 40, winners: [], share: 0, bank: 0 }, 'Wagering: nobody met their bid; the pot of 40 carries over.'],
    [{ kind: 'pot_shared', pot: 40, winners: [0, 2], share: 15, bank: 10 }, 'Wagering: Ann and Cy share the pot of 40, 15 each (10 to the bank).'],
    [{ kind: 'game_won', seat: 3, points: 120 }, 'Dee wins the game with 120 points.'],
    [{ kind: 'round_dealt', round: 2, dealer: 1, hand_size: 1, type: 'blind', trump: 'B', spinner: 'B' }, 'Round 2: Bot 2 deals 1 card each, bids are secret (Blind Bidding); trump: Blue.'],
    [{ kind: 'round_dealt', round: 3, dealer: 0, hand_size: 5, type: 'the_split', halves: [2, 3], trump: null, spinner: 'choice' }, 'Round 3: Ann deals 5 cards each, The Split: split your hand, 2 + 3 tricks, a bid for each half; the spinner shows dealer’s choice.'],
    [{ kind: 'round_dealt', round: 4, dealer: 0, hand_size: 4, type: 'duel_fights', groups: 'dealer', trump: 'R', spinner: 'R' }, 'Round 4: Ann deals 4 cards each, Duel Fights: the dealer pairs the players; trump: Red.'],
    [{ kind: 'round_dealt', round: 5, dealer: 0, hand_size: 6, type: 'wagering', stake: 10, pot: 40, trump: 'G', spinner: 'G' }, 'Round 5: Ann deals 6 cards each, Wagering: everyone pays 10 into a pot of 40, no double bids; trump: Green.'],
    [{ kind: 'round_dealt', round: 6, dealer: 0, hand_size: 3, type: 'suit_precision', trump: 'Y', spinner: 'Y' }, 'Round 6: Ann deals 3 cards each, Suit Precision: a bid for each suit; trump: Yellow.'],
    // The Alliance types by their names, each type named once, its own rule after the teams.
    [{ kind: 'round_dealt', round: 7, dealer: 0, hand_size: 5, type: 'alliances', groups: 'dealer', trump: 'R', spinner: 'R' }, 'Round 7: Ann deals 5 cards each, Alliances: the dealer forms the teams; trump: Red.'],
    [{ kind: 'round_dealt', round: 8, dealer: 0, hand_size: 5, type: 'missions_alliances', groups: 'random', trump: 'R', spinner: 'R' }, 'Round 8: Ann deals 5 cards each, Missions-Alliances: the teams are drawn at random, a mission each, no bids; trump: Red.'],
    [{ kind: 'round_dealt', round: 9, dealer: 0, hand_size: 5, type: 'suit_precision_alliances', groups: [[0, 2], [1, 3]], trump: null, spinner: 'X' }, 'Round 9: Ann deals 5 cards each, Suit Precision-Alliances: Ann and Cy; Bot 2 and Dee, a bid for each suit; trump: no trump.'],
    [{ kind: 'something_new', seat: 0 }, 'Something happened at the table.'],
  ];
  for (const [e, want] of cases) {
    const got = say(crownBattles, e);
    assert.equal(got, want);
    assert.doesNotMatch(got, ENGINE_ID, got);
  }
});

test('Crown Battles: every sentence of the table is reachable and free of engine ids', () => {
  for (const [kind, sentence] of Object.entries(CB_WORDS)) {
    assert.doesNotMatch(sentence.replace(/\{\w+\}/g, ''), ENGINE_ID, `${kind}: ${sentence}`);
  }
});

test('The Dwarf King, Lunar and Queen’s Court in words', () => {
  const quest = { quest: { tile: 7, sides: [{ name: 'Catch the Goblins' }, { name: 'Spare the Knights' }] } };
  const cases = [
    [dwarfKing, { kind: 'played', seat: 1, card: 'gA' }, 'Bot 2 played Champion of Goblins.'],
    [dwarfKing, { kind: 'trick_won', seat: 0 }, 'Ann took the trick.'],
    [dwarfKing, { kind: 'quest_chosen', seat: 0, tile: 7, side: 'B' }, 'Ann chose side B of the quest: Spare the Knights.', quest],
    [dwarfKing, { kind: 'quest_chosen', seat: 0, tile: 3, side: 'A' }, 'Ann chose side A of the quest: quest tile 3.'],
    [dwarfKing, { kind: 'stolen_from_you', seat: 2, by: 0, cards: ['k2', 'druid'] }, 'Ann took your 2 of Knights and Druid.'],
    [dwarfKing, { kind: 'hands_passed', seat: 0, direction: 'left' }, 'Ann used the Standard Bearer: every hand passes left.'],
    [dwarfKing, { kind: 'hand_scored', hand: 1, points: [3, -1, 0], totals: [3, -1, 0] }, 'Hand 1 scored: Ann +3 (3), Bot 2 -1 (-1), Cy 0 (0).'],
    [lunar, { kind: 'played', seat: 3, card: '4a' }, 'Dee played Rank 4, starred.'],
    [lunar, { kind: 'tile_discarded', seat: 0, suit: 'O' }, 'Ann turned the Owl tile face down.'],
    [lunar, { kind: 'trick_won', team: 1 }, 'Bot 2 and Dee took the trick.'],
    [lunar, { kind: 'received', seat: 0, from: 2, cards: ['3b', 'Wc'] }, 'You received Rank 3 and Wolf from Cy.'],
    [lunar, { kind: 'round_scored', round: 1, teams: [{ team: 0, tricks: 4, stars: 3, points: 3, score: 3 }, { team: 1, tricks: 8, stars: 6, points: 9, score: 9 }] }, 'Round 1: Ann and Cy 4 tricks, 3 stars, +3 (3); Bot 2 and Dee 8 tricks, 6 stars, +9 (9).'],
    [queensCourt, { kind: 'played', seat: 0, card: '7c', pile: { owner: 1, side: 'right' } }, 'Ann played 7 on Bot 2’s right pile.'],
    [queensCourt, { kind: 'pile_closed', seat: 0, card: 'G1', pile: { owner: 0, side: 'left' } }, 'Ann closed their own left pile with a Glove.'],
    [queensCourt, { kind: 'drew', seat: 1, count: 1 }, 'Bot 2 drew a card.'],
    [queensCourt, { kind: 'own_draw', seat: 1, cards: ['10a', 'Q2'] }, 'You drew 10 and Queen.'],
    [queensCourt, { kind: 'round_scored', round: 1, spreads: [3, 'queens'], winner: 1, tie_wins: false }, 'Round 1: Ann a spread of 3, Bot 2 two Queens; Bot 2 wins the round.'],
  ];
  for (const [r, e, want, view] of cases) {
    const got = say(r, e, view);
    assert.equal(got, want);
    assert.doesNotMatch(got, ENGINE_ID, got);
  }
});

test('the log draws each card as a small face with its name; an old text line as it was', () => {
  const state = {
    table: { table: 't', game_id: 'crown-battles', seats: [{ seat: 0, status: 'human', name: 'Ann' }], game: { view: {} } },
    moveLog: [{ n: 1, text: 'Ann played R1' }, { n: 2, kind: 'played', seat: 0, card: 'R1' }, { n: 3, kind: 'declined', seat: 0, special: 'JESTER' }],
  };
  const html = toHtml(moveLogView(state));
  assert.match(html, /<li>Ann played R1<\/li>/);
  assert.match(html, /Ann played <span><span class="log-card card-R"><svg class="emblem log-emblem"[^]*?<\/svg>Red 1<\/span><\/span>\./);
  assert.match(html, /class="log-card card-special sp-JESTER"/);
});
