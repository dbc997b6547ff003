import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from '../../src/dom/vdom.js';
import { afterTrickBar, delayedBar, openHands, spectatorModeText } from '../../src/ui/open-hands.js';
import * as lunar from '../../src/games/lunar/render.js';
import { installFakeDom } from '../helpers/fake-dom.js';

// Spectator mode "delayed open hands": the server sends a delayed spectator every hand
// (`game.hands`) and how far behind the table it is (`game.delayed`); players get neither.
const seats = ['Ann', 'Bot 2', 'Bo', 'Bot 4'].map((name, seat) => ({ seat, name, status: seat % 2 ? 'bot' : 'human' }));
const table = (you, game) => ({ state: 'playing', seats, spectator_mode: 'delayed_open', spectator_delay: 2, you, game });
const delayedGame = { legal: [], to_act: [2], view: {}, hands: [['3b', 'Wa'], ['Oc'], [], ['Bd', '5a']], delayed: { tricks: 2, moves_behind: 7 } };
const spectator = { seat: null, role: 'spectator' };

const text = (n) => (n.nodeValue != null ? n.nodeValue : (n.childNodes || []).map(text).join(''));
const all = (n, pred, out = []) => {
  for (const c of n.childNodes || []) {
    if (pred(c)) out.push(c);
    all(c, pred, out);
  }
  return out;
};
const shown = (vnode) => {
  const root = installFakeDom();
  render(root, vnode);
  return root;
};

test('the options summary names each spectator mode', () => {
  assert.equal(spectatorModeText({ spectator_mode: 'public' }), 'what everyone sees');
  assert.equal(spectatorModeText({ spectator_mode: 'follow_seat' }), 'one player’s hand, if that player allows it');
  assert.equal(spectatorModeText({ spectator_mode: 'delayed_open', spectator_delay: 2 }), 'every hand, 2 tricks behind the table');
  assert.equal(spectatorModeText({ spectator_mode: 'delayed_open', spectator_delay: 1 }), 'every hand, 1 trick behind the table');
  assert.equal(spectatorModeText({ spectator_mode: 'after_trick' }), 'each trick once it is over, and the cards each player has played');
});

test('a delayed spectator sees every seat’s hand, by name, and how far behind it is', () => {
  const t = table(spectator, delayedGame);
  const ctx = { table: t, you: spectator };
  const root = shown(openHands(ctx, lunar));
  const hands = all(root, (n) => n.getAttribute && n.getAttribute('class') === 'open-hand');
  assert.deepEqual(hands.map((n) => n.getAttribute('aria-label')), ['Ann’s hand: 2 cards', 'Bot 2’s hand: 1 card', 'Bo’s hand: 0 cards', 'Bot 4’s hand: 2 cards']);
  const cards = (i) => all(hands[i], (n) => n.getAttribute && /\bcard\b/.test(n.getAttribute('class') || '')).length;
  assert.deepEqual([0, 1, 2, 3].map(cards), [2, 1, 0, 2]);
  assert.match(text(hands[2]), /no cards/);
  assert.equal(text(shown(delayedBar(ctx))), 'You watch 2 tricks behind the table, with every hand open (7 moves behind now). The players cannot see this.');
});

test('hands are drawn only when the server sends them: delayed spectators, open-hands tables', () => {
  const player = { seat: 0, role: 'player' };
  assert.equal(delayedBar({ table: table(player, delayedGame), you: player }), null, 'a player is never behind');
  const publicGame = { legal: [], to_act: [2], view: {} };
  assert.equal(openHands({ table: table(spectator, publicGame), you: spectator }, lunar), null);
  assert.equal(openHands({ table: table(player, publicGame), you: player }, lunar), null);
  // An open-hands teaching table: its players get every hand too.
  const open = { ...table(player, { legal: [], to_act: [0], view: {}, hands: [['3b'], ['Wa'], ['Oc'], ['Bd']] }), spectator_mode: 'public', open_hands: true };
  const hands = all(shown(openHands({ table: open, you: player }, lunar)), (n) => n.getAttribute && n.getAttribute('class') === 'open-hand');
  assert.equal(hands.length, 4);
  const over = { ...table(spectator, delayedGame), state: 'finished' };
  assert.equal(delayedBar({ table: over, you: spectator }), null, 'no banner once the game is over');
});

// Spectator mode "after the trick": the server sends each seat's cards played this round
// (`game.played`) and how many of the table's moves it holds back (`game.after_trick`).
test('an after-the-trick spectator sees each seat’s played cards, by name, and is told what it sees', () => {
  const game = { legal: [], to_act: [1], view: {}, played: [['3b', 'Wa'], ['Oc', '7a'], ['1c', 'Lb'], ['Bd']], after_trick: { moves_behind: 2 } };
  const t = { ...table(spectator, game), spectator_mode: 'after_trick' };
  const ctx = { table: t, you: spectator };
  const root = shown(openHands(ctx, lunar));
  const lists = all(root, (n) => n.getAttribute && n.getAttribute('class') === 'open-hand');
  assert.deepEqual(lists.map((n) => n.getAttribute('aria-label')), ['Ann’s cards played: 2 cards', 'Bot 2’s cards played: 2 cards', 'Bo’s cards played: 2 cards', 'Bot 4’s cards played: 1 card']);
  assert.match(text(root), /^Played this round/);
  assert.equal(text(shown(afterTrickBar(ctx))), 'You see each trick once it is over (2 moves of this trick not shown yet); the cards each player has played this round are listed below the table.');
  assert.match(text(shown(afterTrickBar({ table: { ...t, game: { ...game, after_trick: { moves_behind: 0 } } }, you: spectator }))), /^You see each trick once it is over; /);
  const player = { seat: 0, role: 'player' };
  assert.equal(afterTrickBar({ table: { ...t, you: player, game: { legal: [], to_act: [0], view: {} } }, you: player }), null, 'a player is told nothing');
  assert.equal(afterTrickBar({ table: { ...t, state: 'finished' }, you: spectator }), null, 'no banner once the game is over');
});
