// Crown Battles' Special Power cards at the table: what the view says of them, what each
// step asks in words, the label of each choice, and the one-line rule of every card
// (docs/rules/crown-battles.md, "Special Power cards"). The engine decides what is legal;
// this file only says it.

import { cardName, suitColour, suitName } from './cards.js';
import { plural } from '../../ui/format.js';

// The rule of each card in a line, for the rules summary at the table. ⚡ acts when played,
// ⏳ when its trick ends.
export const SPECIAL_RULES = {
  ALCHEMIST: '⏳ When its trick ends, its player names the trump (or no trump) for the rest of the round.',
  BISHOP: '⚡ Its player looks at another player’s hand.',
  BOMB: '⏳ Its trick counts for nobody; its player chooses who leads next.',
  CURSED: '⏳ Its player makes two players swap hands (themselves included). No effect on the last trick.',
  JESTER: '⚡ Its player may change their own bid by one (secretly in a blind round; in Suit Precision, one suit’s bid).',
  MAGICIAN: '⚡ Everyone passes a card left or right, as its player says. No effect on the last trick.',
  MERCHANT: '⚡ Its player trades a card with another player, or makes two others trade a random card.',
  SMUGGLER: 'Draw an undealt card and put one back: before bidding, or when played (⚡).',
  SPY: '⚡ Its player looks at the undealt cards for up to 60 seconds.',
  SUMMONER: '⚡ Copies the card played before it, half a step stronger.',
  THIEF: '⏳ Its player takes a trick won this round by another player (in Suit Precision, it keeps the suit it was placed under).',
  WITCH: '⏳ Its player takes points from others, 5 at a time, up to 20 (30 in the last round).',
  WIZARD: 'Golems and Dragons in its trick count as Peasants; its keeper is safe from Thief and Witch.',
  DOUBLE_FACED: 'Played as a Golem or as a Peasant.',
  GOLEM_KING: 'Beats every Golem; a Dragon still beats it.',
  DRAGON_KING: 'Beats every card.',
};
export const SHIELD_RULE = 'Bubble Shield: on your turn, 20 points buy safety from the Thief and the Witch for the rest of the round (one each, at most 8 on the table).';

// The view's `specials` object in one shape (engine/games/crown_battles/view.cpp).
export function readSpecials(view) {
  const s = view && view.specials;
  if (!s || typeof s !== 'object') return null;
  const p = s.pending && typeof s.pending === 'object' ? s.pending : null;
  const seats = (x) => (Array.isArray(x) ? x : []);
  return {
    pending: p ? { card: p.card, seat: p.seat, step: p.step ?? 0, chosenSeat: p.chosen_seat ?? null, pointsLeft: p.points_left ?? null, drawn: p.drawn ?? null, bySummoner: Boolean(p.by_summoner), chosenSuit: p.chosen_suit ?? null } : null,
    shields: seats(s.shields),
    protectedSeats: seats(s.protected),
    known: s.known && typeof s.known === 'object' ? s.known : {},
    undealtSeen: seats(s.undealt_seen),
  };
}

// The Double-faced card's `play_golem` is not a step: it is one of the two ways to play the
// card, chosen at the card in the hand (model.js, playableCards).
const STEP_TYPES = new Set(['decline', 'pick_seat', 'pick_card', 'pick_trump', 'change_bid', 'take_points', 'direction', 'done_looking', 'buy_shield', 'smuggle', 'pick_suit']);

export function specialSteps(legal) {
  return legal.filter((a) => STEP_TYPES.has(a.type));
}

// The pending step's choices in the groups the panel shows them, each with its heading (null:
// no heading). The Bomb's "I lead" is its decline, so the seat's own pick is not offered a
// second time; the Merchant's second step asks two things (a card to give, or two others to
// trade), one group each; the Witch's points are taken in one choice ("all 20 from Cy"), its
// 5-point steps kept for sharing them out.
export function stepGroups(pending, steps, name, mySeat) {
  const card = pending && pending.card;
  if (card === 'BOMB') return [{ heading: null, actions: steps.filter((a) => !(a.type === 'pick_seat' && a.seat === mySeat)) }];
  if (card === 'MERCHANT' && pending.step === 1) {
    const x = pending.chosenSeat != null ? name(pending.chosenSeat) : 'them';
    return [
      { heading: `Give ${x} one of your cards (you take a random one of theirs)`, actions: steps.filter((a) => a.type === 'pick_card') },
      { heading: `Or have ${x} trade a random card with`, actions: steps.filter((a) => a.type === 'pick_seat') },
      { heading: null, actions: steps.filter((a) => a.type !== 'pick_card' && a.type !== 'pick_seat') },
    ].filter((g) => g.actions.length);
  }
  if (card === 'WITCH' && pending.pointsLeft > 5) {
    const takes = steps.filter((a) => a.type === 'take_points');
    const all = takes.map((a) => ({ type: 'take_all', seat: a.seat, actions: Array.from({ length: pending.pointsLeft / 5 }, () => a) }));
    return [
      { heading: null, actions: [...all, ...steps.filter((a) => a.type !== 'take_points')] },
      { heading: 'Or share them out, 5 at a time', actions: takes },
    ].filter((g) => g.actions.length);
  }
  return [{ heading: null, actions: steps }];
}

// What the pending step asks of the seat deciding it, in the game's words. `steps`: the
// step actions offered now (a Suit Precision round's Jester and Thief first ask for a suit).
export function stepTitle(pending, name, steps = []) {
  if (!pending) return 'Special cards';
  const card = cardName(pending.card);
  const x = pending.chosenSeat != null ? name(pending.chosenSeat) : 'them';
  const bySuit = steps.some((a) => a.type === 'pick_suit');
  switch (pending.card) {
    case 'ALCHEMIST': return `${card}: name the trump for the rest of the round`;
    case 'BISHOP': return pending.step === 0 ? `${card}: whose hand do you look at?` : `${card}: you are looking at ${x}’s hand`;
    case 'BOMB': return `${card}: the trick counts for nobody — who leads the next trick?`;
    case 'CURSED': return pending.step === 0 ? `${card}: choose a player to swap hands` : `${card}: who swaps hands with ${x}? (yourself: you and ${x} swap)`;
    case 'JESTER':
      if (bySuit) return `${card}: which suit’s bid do you change by one?`;
      return pending.chosenSuit ? `${card}: change your ${suitColour(pending.chosenSuit)} bid by one?` : `${card}: change your bid by one?`;
    case 'MAGICIAN': return pending.step === 0 ? `${card}: which way do the cards pass?` : `${card}: choose a card to pass`;
    case 'MERCHANT': return pending.step === 0 ? `${card}: trade with whom?` : `${card}: a trade with ${x}`;
    case 'SMUGGLER': return pending.drawn ? `${card}: you drew ${cardName(pending.drawn)}. Choose the card to put back` : `${card}: draw an undealt card?`;
    case 'SPY': return `${card}: the undealt cards, for up to 60 seconds`;
    case 'THIEF': return bySuit ? `${card}: which of ${x}’s tricks do you take, by its suit? It keeps its suit.` : `${card}: whose trick do you take?`;
    case 'WITCH': return pending.pointsLeft != null ? `${card}: take ${plural(pending.pointsLeft, 'point')} from the others` : `${card}: take points from the others`;
    default: return card;
  }
}

// The title of the pending step; a Summoner's copy says what it copied.
export function promptTitle(pending, name, steps = []) {
  const title = stepTitle(pending, name, steps);
  return pending && pending.bySummoner ? `Summoner, copying the ${cardName(pending.card)} — ${title}` : title;
}

// Which kinds of question the special panel asks, as stable words (the title names players
// and cards, which change from game to game): the pending card and its step ("BISHOP.1",
// "SMUGGLER.put-back" once the card is drawn), or, on one's own turn with no card pending,
// each thing one may do besides playing ("shield", "smuggle", "double-faced").
export function promptKinds(pending, steps) {
  if (pending) return [pending.card === 'SMUGGLER' && pending.drawn ? 'SMUGGLER.put-back' : `${pending.card}.${pending.step}`];
  const own = { buy_shield: 'shield', smuggle: 'smuggle', play_golem: 'double-faced' };
  return [...new Set(steps.map((a) => own[a.type] || a.type))];
}

// The Smuggler's drawn card put back: nothing changes (the card's caption, and its name).
export const DRAWN_PUT_BACK = 'no change';

// The label of one step action. `pending` is the card being decided (null outside a card's
// steps: a shield bought or the Smuggler used on one's turn).
export function stepLabel(a, pending, name, mySeat) {
  const who = (seat) => (seat === mySeat ? 'Yourself' : name(seat));
  switch (a.type) {
    case 'decline':
      return { ALCHEMIST: 'Keep the trump', JESTER: 'Keep my bid', WITCH: 'Take no more', BOMB: 'I lead it', SMUGGLER: 'Don’t draw', MERCHANT: 'No trade' }[pending && pending.card] || 'Decline';
    case 'pick_seat':
      if (pending && pending.card === 'BOMB') return `${name(a.seat)} leads it`;
      return who(a.seat);
    case 'take_all':
      return `All ${a.actions.length * 5} from ${name(a.seat)}`;
    case 'pick_card':
      return pending && pending.drawn === a.card ? `Put back ${cardName(a.card)} (${DRAWN_PUT_BACK})` : cardName(a.card);
    case 'pick_trump':
      return a.suit === 'X' ? 'No trump' : suitName(a.suit);
    case 'change_bid': {
      const which = pending && pending.chosenSuit ? `my ${suitColour(pending.chosenSuit)} bid` : 'my bid';
      return a.change > 0 ? `Raise ${which} by 1` : `Lower ${which} by 1`;
    }
    case 'pick_suit':
      // Suit Precision: the Jester's suit bid to change, or the suit of the trick the Thief takes.
      if (pending && pending.card === 'JESTER') return `My ${suitColour(a.suit)} bid`;
      if (pending && pending.card === 'THIEF') return `A ${suitColour(a.suit)} trick`;
      return suitName(a.suit);
    case 'take_points':
      return `Take 5 from ${name(a.seat)}`;
    case 'direction':
      return a.direction === 'left' ? 'Left (to the next player)' : 'Right (to the previous player)';
    case 'done_looking':
      return 'Done looking';
    case 'buy_shield':
      return 'Buy a Bubble Shield (20 points)';
    case 'play_golem':
      return 'As a Golem';
    case 'play':
      return a.card === 'DOUBLE_FACED' ? 'As a Peasant' : `Play ${cardName(a.card)}`;
    case 'smuggle':
      return 'Smuggle: draw an undealt card';
    default:
      return a.type;
  }
}

// What the cards let this seat see: the hands it was shown and the undealt cards (the Spy).
export function seenLines(sp, name) {
  if (!sp) return [];
  const lines = Object.entries(sp.known).filter(([, cards]) => Array.isArray(cards) && cards.length)
    .map(([seat, cards]) => `${name(Number(seat))} holds ${cards.map(cardName).join(', ')}`);
  if (sp.undealtSeen.length) lines.push(`Undealt: ${sp.undealtSeen.map(cardName).join(', ')}`);
  return lines;
}
