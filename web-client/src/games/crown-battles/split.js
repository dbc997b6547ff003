// The Split at the table: the panel where a player picks the first half of the hand, the
// hand's cards as toggles while picking, and afterwards the hand in its two halves.
// Picks are final on the server, so they are made in the page first and sent together.

import { h } from '../../dom/vdom.js';
import { plural } from '../../ui/format.js';
import { cardName } from './cards.js';
import { bidSpoken, bidText, splitOptions, splitSelection, toggleChoice } from './model.js';
import { halfName } from './text.js';

// What the seat has picked for its first half: kept on the server (`first_half`, final),
// picked in the page and not sent, and how many the half takes.
export function splitState(ctx, v) {
  const allowed = splitOptions(ctx.legal);
  const locked = (v.firstHalf || []).filter((c) => !allowed.has(c));
  const key = `r${v.roundNumber ?? ''}`;
  const size = v.halves ? v.halves[0] : 0;
  const picks = splitSelection(ctx.ui, key, allowed).slice(0, Math.max(0, size - locked.length));
  return { allowed, locked, picks, key, size, count: locked.length + picks.length };
}

// Only the picks not yet kept are sent, in the order of the hand.
export function splitActions(state, handOrder) {
  return handOrder.filter((id) => state.picks.includes(id)).map((card) => ({ type: 'split', card }));
}

export function splitPanel(ctx, v, handOrder) {
  const st = splitState(ctx, v);
  const second = v.halves ? v.halves[1] : 0;
  const full = st.count === st.size;
  const chosen = handOrder.filter((id) => st.locked.includes(id) || st.picks.includes(id));
  return h('div', { class: 'cb-choice cb-split', role: 'group', 'aria-label': 'Split your hand: your first half', 'data-need': String(st.size - st.count), key: 'split' },
    h('h3', null, 'Your first half', h('small', { class: 'muted' }, ` · ${plural(st.size, 'card')} for ${plural(st.size, 'trick')}; the other ${second} wait for the second half`)),
    h('p', { class: 'split-count small', 'aria-live': 'polite' },
      h('b', null, `${st.count} of ${st.size} chosen`),
      chosen.length ? `: ${chosen.map(cardName).join(', ')}.` : '. Choose them in your hand below.'),
    h('button', { type: 'button', class: 'primary split-keep', disabled: !full, 'data-action': full ? 'act-all' : null, 'data-payload': full ? JSON.stringify(splitActions(st, handOrder)) : null, 'data-clear': full ? 'splitPick' : null }, 'Keep these for the first half'),
    st.locked.length ? h('p', { class: 'muted small' }, `Already kept: ${st.locked.map(cardName).join(', ')} (final).`) : null);
}

// A hand card while picking: a toggle (click, Enter or Space); a card already kept is
// pressed for good.
export function splitCardAttrs(st, id, firstPickable) {
  const locked = st.locked.includes(id);
  const on = locked || st.picks.includes(id);
  const pickable = st.allowed.has(id);
  const cls = `${pickable ? ' pickable' : ''}${on ? ' chosen' : ''}${locked ? ' locked' : ''}`;
  return { cls, note: locked ? ', kept for the first half' : on ? ', chosen for the first half' : '', attrs: {
    'aria-pressed': String(on),
    disabled: locked || !pickable,
    'data-turn-focus': id === firstPickable ? 'true' : null,
    ...(pickable ? { 'data-action': 'ui', 'data-key': 'splitPick', 'data-value': JSON.stringify({ key: st.key, cards: toggleChoice(st.picks, id, st.size - st.locked.length) }) } : {}),
  } };
}

// Once the first half is kept: the hand's two halves in order, each with its label; during the first
// half, the second half's cards are held back. Null when the hand is not split.
export function handHalves(v, cards) {
  // Not split yet (the dealer choosing the trump, no pick kept yet): one hand. While the
  // seat picks, the hand is the picker instead (render.js).
  if (!v.halves || !v.firstHalf || (v.half === 1 && !v.firstHalf.length)) return null;
  const first = cards.filter((id) => v.firstHalf.includes(id));
  const second = cards.filter((id) => !v.firstHalf.includes(id));
  const held = v.half === 1 && v.phase !== 'bidding' && v.phase !== 'split';
  return [
    { key: 'first', label: 'First half', note: plural(first.length, 'card'), cards: first, held: false },
    { key: 'second', label: 'Second half', note: held ? 'held back until the first half is played' : plural(second.length, 'card'), cards: second, held },
  ].filter((g) => g.cards.length);
}

export function halfGroup(g, item) {
  return h('div', { class: { 'hand-half': true, [`half-${g.key}`]: true, held: g.held }, role: 'group', 'aria-label': `${g.label}: ${g.note}`, key: g.key },
    h('h4', { class: 'hand-half-label', 'aria-hidden': 'true' }, g.label, h('small', null, ` · ${g.note}`)),
    h('ul', { class: 'hand-cards' }, g.cards.map(item)));
}

// "2 + 1", a seat's two half values, "—" for a bid not yet placed.
export function pairText(pair) {
  return pair.map((x) => (x == null ? '—' : String(x))).join(' + ');
}

// The Split: the bid for one half; no double bids.
export function halfBidPanel(ctx, v, bids, half) {
  const tricks = v.halves[half - 1];
  const title = `Your bid for the ${halfName(half)} half (${plural(tricks, 'trick')})`;
  const mine = v.halfBids[ctx.mySeat];
  return h('div', { class: 'cb-choice cb-bid', role: 'group', 'aria-label': title, 'data-half': String(half), key: 'bid' },
    h('h3', null, title, v.handSize != null ? h('small', { class: 'muted' }, ` · ${plural(v.handSize, 'card')} in hand`) : null),
    half === 2 && mine && mine[0] != null ? h('p', { class: 'muted small bids-so-far' }, `So far: first half ${mine[0]}.`) : null,
    h('div', { class: 'choice-row bids' },
      bids.singles.map((b, i) => h('button', { type: 'button', class: 'bid-button', key: b, 'data-turn-focus': i === 0 ? 'true' : null, 'data-action': 'act', 'data-payload': JSON.stringify({ type: 'bid', bid: b }), 'aria-label': `Bid ${bidSpoken(b)} for the ${halfName(half)} half` }, bidText(b)))),
    bids.singles.length && bids.singles.length < tricks + 1 ? h('p', { class: 'muted small' }, `Allowed: ${bids.singles.join(', ')}.`) : null);
}

// The Split: "bid 2 for the first half and 1 for the second" (or tricks won in each).
export function halvesSpoken(pair, what, missing) {
  if (what === 'bid' && pair.every((x) => x == null)) return 'bid not yet';
  const [a, b] = pair.map((x) => (x == null ? missing : x));
  return what === 'bid' ? `bid ${a} for the first half and ${b} for the second` : `tricks ${a} in the first half and ${b} in the second`;
}

