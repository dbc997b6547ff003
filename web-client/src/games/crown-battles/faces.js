// Crown Battles' card faces: a numbered card's rank and its folk's emblem, a Golem's, a
// Dragon's or a Peasant's emblem, and each Special Power card its own symbol and full name
// (emblems.js; our own SVG paths, colours in style.css, each name at least 4.5:1 on its
// face). Every card in the hand carries its rule, shown on hover, on focus and on a long
// press (main.js), and the table's specials open as one readable panel.

import { h } from '../../dom/vdom.js';
import { cardCorner, cardName, parseCard, suitName } from './cards.js';
import { emblem } from './emblems.js';
import { SHIELD_RULE, SPECIAL_RULES } from './specials.js';

// The rule a card is played by, in a line (docs/rules/crown-battles.md, "Tricks").
export function cardRule(id, trump = null) {
  const c = parseCard(id);
  switch (c.kind) {
    case 'suit':
      return `${suitName(c.suit)}: follow the lead suit if you can; ${c.suit === trump ? 'trump this round: it beats every other suit' : 'a trump beats it'}.`;
    case 'golem':
      return 'Golem: beats every numbered card, trumps too; a Dragon beats it; the first Golem played beats a later one. May always be played.';
    case 'dragon':
      return 'Dragon: beats every card; the first Dragon played beats a later one. May always be played.';
    case 'peasant':
      return 'Peasant: loses to every other card; may always be played. Led, it leaves the lead suit to the next card.';
    default:
      return `${cardName(id)}: ${ruleText(id)}`;
  }
}

// A rule as the panel and the tips print it: the ⚡ and ⏳ marks of the short list are
// dropped (each rule says when it acts; the ⏳ glyph is missing from common fonts).
export function ruleText(id) {
  return (SPECIAL_RULES[id] || '').replace(/^[⚡⏳]\s*/u, '').replace(/\s*\(⚡\)/u, '');
}

// Where a long name may break on a narrow face (soft hyphens), so no word is cut at random.
const FACE_TITLES = { ALCHEMIST: 'Alche\u00admist', MAGICIAN: 'Magi\u00adcian', MERCHANT: 'Mer\u00adchant', SMUGGLER: 'Smug\u00adgler', SUMMONER: 'Sum\u00admoner' };

function faceKey(c) {
  return c.kind === 'suit' ? c.suit : c.kind === 'special' && c.name ? c.id : c.kind;
}

export function faceClass(c) {
  return c.kind === 'suit' ? `card-${c.suit}` : c.kind === 'special' ? `card-special sp-${c.id}` : `card-${c.kind}`;
}

// The corner mark; 6 and 9 are underlined so that the upside-down corner reads right.
function cornerMark(id) {
  const text = cardCorner(id);
  return text === '6' || text === '9' ? h('u', null, text) : text;
}

function faceMarks(id) {
  const c = parseCard(id);
  if (c.kind === 'special') return [emblem(faceKey(c)), h('span', { class: 'card-title', 'aria-hidden': 'true' }, FACE_TITLES[id] || cardName(id))];
  const corner = cornerMark(id);
  return [h('span', { class: 'corner tl', 'aria-hidden': 'true' }, corner), emblem(faceKey(c)), h('span', { class: 'corner br', 'aria-hidden': 'true' }, corner)];
}

// A card as the move log names it: its emblem in its colour, then its full name ("Red 12",
// "Jester").
export function logCard(id) {
  const c = parseCard(id);
  return h('span', { class: `log-card ${faceClass(c)}` }, emblem(faceKey(c), 'emblem log-emblem'), cardName(id));
}

// A card's face; as a button in the hand, as a plain block in a trick.
export function cardFace(id, tag = 'div', attrs = {}) {
  const c = parseCard(id);
  const plain = tag === 'div';
  return h(tag, { class: `card ${faceClass(c)}`, ...attrs },
    ...faceMarks(id),
    plain ? h('span', { class: 'sr-only' }, cardName(id)) : null);
}

// A card offered as a special's step (the Magician's pass, the Merchant's trade, the
// Smuggler's card put back): its face, as in the hand, named by what choosing it does
// (`name`); `caption`, if any, is shown under the face (the drawn card put back changes
// nothing).
export function choiceCard(id, attrs, name, caption = null) {
  const c = parseCard(id);
  return h('button', { ...attrs, class: `card choice-card ${faceClass(c)}`, 'aria-label': name },
    ...faceMarks(id),
    caption ? h('small', { class: 'choice-caption' }, caption) : null);
}

// A card of the hand with its rule beside it: the tip shows on hover, focus or a long press
// and is the button's description for a screen reader.
export function handCard(id, attrs, trump) {
  const tip = `tip-${id}`;
  return [
    h('button', { ...attrs, 'aria-describedby': tip }, ...faceMarks(id)),
    h('span', { class: 'card-tip', role: 'tooltip', id: tip }, cardRule(id, trump)),
  ];
}

// The table's Special Power cards and the Bubble Shield, each with its face and rule: a
// summary in the round's bar that opens a panel over the table (Close, or the summary again).
export function specialsPanel(options) {
  const ids = options && Array.isArray(options.specials) ? options.specials : [];
  const shields = Boolean(options && options.bubble_shields);
  if (!ids.length && !shields) return null;
  const item = (key, face, name, rule) => h('li', { key, class: 'cb-special-rule' }, face, h('div', null, h('b', null, name), h('p', null, rule)));
  return h('details', { class: 'cb-rules cb-specials', key: 'rules' },
    h('summary', null, 'Special cards in this game'),
    h('div', { class: 'cb-specials-panel', role: 'region', 'aria-label': 'Special cards in this game' },
      h('div', { class: 'panel-head' },
        h('h3', null, 'Special cards in this game'),
        h('button', { type: 'button', 'data-action': 'close-details' }, 'Close')),
      h('ul', null,
        ids.map((id) => item(id, cardFace(id, 'div', { 'aria-hidden': 'true' }), cardName(id), ruleText(id))),
        shields ? item('shield', shieldFace(), 'Bubble Shield', SHIELD_RULE.replace(/^Bubble Shield: on/, 'On')) : null)));
}

// The Bubble Shield's face: not a card in the hand, the mark of a seat it protects.
export function shieldFace(cls = 'card shield-face') {
  return h('div', { class: cls, 'aria-hidden': 'true' }, emblem('SHIELD'), h('span', { class: 'card-title' }, 'Bubble Shield'));
}
