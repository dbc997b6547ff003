// Crown Battles' move log in words: one message table keyed by the event's kind (and, where
// a kind reads differently by an argument, `kind_variant`), with {placeholders}; every
// sentence of the log and the status line comes from here (protocol/events.md, "Crown
// Battles"). Card, suit and mission names come from cards.js and text.js.

import { fillWords, listParts } from '../../ui/event-words.js';
import { suitColour } from './cards.js';
import { missionShort } from './text.js';

export const WORDS = {
  list_comma: ', ',
  list_and: ' and ',
  group_sep: '; ',
  group_alone: '{seat} alone',
  no_cards: 'no cards',
  no_trump: 'no trump',
  half_1: 'first',
  half_2: 'second',
  side_left: 'left',
  side_right: 'right',
  change_up: '+1',
  change_down: '−1',
  change_zero: '0',
  per_suit: '{suit} {value}',
  halves: '{first} + {second}',
  double_bid: '{lo}-{hi}',
  mission_completed: 'completed',
  mission_failed: 'failed',
  monsters: 'the monsters',
  unknown: 'Something happened at the table.',

  played: '{seat} played {card}.',
  played_golem: '{seat} played {card} as a Golem.',
  trick_won: '{seat} won the trick.',
  trump_named: '{seat} named the trump: {trump}.',
  wagered: '{seat} wagered {extra} extra.',
  wagered_none: '{seat} made no extra wager.',
  bid: '{seat} bid {bid}.',
  bid_suit: '{seat} bid {bid} on {suit}.',
  bid_half: '{seat} bid {bid} for the {half} half.',
  secret_bid: '{seat} placed a secret bid.',
  own_secret_bid: 'You bid {bid} (secret).',
  trick_placed: '{seat} placed the trick under {suit}.',
  trick_goes_under: 'The trick goes under {suit}.',
  half_over: 'The first half is over: {seat} leads the second.',
  played_face_down: '{seat} played a card face down.',
  own_face_down: 'You played {card} face down.',
  played_face_down_last: '{seat} played a card face down; the cards turn up.',
  turned_up: '{seat} had played {card} face down.',

  shield_bought: '{seat} bought a Bubble Shield for {price} points.',
  summoner_copies: 'The Summoner copies {card}.',
  summoner_copies_face_down: 'The Summoner copies a card played face down.',
  no_effect: '{special} has no effect.',
  no_effect_no_undealt_cards: '{special} has no effect: no undealt cards.',
  no_effect_last_trick: '{special} has no effect on the last trick.',
  spy_looks: '{seat} looks through the undealt cards ({seconds} seconds).',
  undealt_seen: 'The undealt cards: {cards}.',
  spy_done: '{seat}’s look (Spy) is over.',
  trick_destroyed: 'The Bomb destroys the trick: nobody wins it.',
  wizard_kept: '{seat} keeps the Wizard: protected from theft this round.',
  smuggler_draws: '{seat} draws a card with the Smuggler.',
  smuggler_drawn: 'You drew {card}: choose the card to put back.',
  smuggler_put_back: '{seat} put the drawn card back.',
  smuggler_swapped: '{seat} (Smuggler) swapped a card with the deck.',
  smuggler_kept: 'You kept {kept} and put back {put_back}.',
  pass_called: '{seat} (Magician): everyone passes a card to the {side}.',
  pass_chosen: '{seat} chose a card to pass.',
  pass_coming: 'You will receive {card} from {from}.',
  card_received: 'You received {card} from {from}.',
  cards_passed: 'The cards were passed.',
  bomb_leads: '{seat} leads the next trick (Bomb).',
  bomb_chose: '{seat} (Bomb) chose {leader} to lead the next trick.',
  declined: '{seat} declined {special}.',
  trump_changed: '{seat} (Alchemist) changed the trump to {trump}.',
  bishop_looks: '{seat} (Bishop) looks at {at}’s hand.',
  bishop_sees: '{at} holds {cards}.',
  hands_swapped: '{seat} (Cursed): {first} and {second} swapped hands.',
  jester_changed: '{seat} (Jester) changed their bid by {change}.',
  jester_changed_suit: '{seat} (Jester) changed their {suit} bid by {change}.',
  jester_changed_half: '{seat} (Jester) changed their {half} half’s bid by {change}.',
  jester_secret: '{seat} used the Jester (the change stays secret).',
  own_jester_change: 'You changed your bid by {change} (secret).',
  own_jester_change_kept: 'You kept your bid (secret).',
  merchant_traded: '{seat} (Merchant) traded a card with {with}.',
  merchant_swapped: '{seat} (Merchant): {first} and {second} swapped a random card.',
  own_trade: 'You gave {gave} and received {received}.',
  trick_stolen: '{seat} (Thief) stole a trick from {from}.',
  trick_stolen_suit: '{seat} (Thief) stole a {suit} trick from {from}.',
  points_taken: '{seat} (Witch) took {points} points from {from}.',

  mission_chosen: '{seat} chose a mission.',
  mission_chosen_secret: '{seat} chose a secret mission.',
  own_mission: 'You chose: {mission}.',
  own_mission_secret: 'You chose: {mission} (secret).',
  missions_secret: 'Every mission is chosen; they stay secret until the round’s end.',
  mission_shown: '{seat}’s mission: {mission}.',
  leak_chosen: '{seat} chose a suit to leak.',
  own_leak: 'You will leak {leak}.',
  leak_named: '{seat} chose {leak} for everyone to leak.',
  leaked: '{seat} leaks {leak}: {cards}.',
  leaked_nothing: '{seat} leaks nothing.',
  solo_named: '{seat} named {solo} to play alone.',
  paired: '{seat} paired {first} with {partner}.',
  groups_duels: 'Duel Fights: {groups}.',
  groups_teams: 'Alliances: {groups}.',
  own_note: 'You showed {card} to {to} (Secret Note).',
  note_received: '{from} showed you {card} (Secret Note).',
  note_shown: '{seat} showed a card to {to} (Secret Note).',
  hand_split: '{seat} has split their hand.',
  own_first_half: 'Your first half: {cards}.',
  all_split: 'Every hand is split: bids for the first half ({first} tricks), then the second ({second}).',

  round_scored: 'Round {round}: {seat} bid {bid}, took {tricks}: {points} (total {total}).',
  round_scored_mission: 'Round {round}: {seat}’s mission: {mission} ({result}), took {tricks}: {points} (total {total}).',
  pot_shared: 'Wagering: {winners} share the pot of {pot}, {share} each.',
  pot_shared_bank: 'Wagering: {winners} share the pot of {pot}, {share} each ({bank} to the bank).',
  pot_carried: 'Wagering: nobody met their bid; the pot of {pot} carries over.',
  game_won: '{seat} wins the game with {points} points.',
  round_dealt: 'Round {round}: {dealer} deals {cards}{details}; {trump}.',
  deal_cards_one: '1 card each',
  deal_cards: '{count} cards each',
  deal_blind: ', bids are secret (Blind Bidding)',
  deal_missions: ', Missions: choose a mission, no bids',
  deal_blind_missions: ', Blind Missions: choose a secret mission, no bids',
  deal_leak_spinner: ', Leaked Suit: the spinner names the suit',
  deal_leak_neighbour: ', Leaked Suit: your neighbour draws it',
  deal_leak: ', Leaked Suit: each shows a suit',
  deal_teams: ', {type}: {groups}',
  deal_teams_random: ', {type}: the teams are drawn at random',
  deal_teams_dealer: ', {type}: the dealer forms the teams',
  // The Alliance types by the rulebook's names, as the other types are named in this line.
  team_type_alliances: 'Alliances',
  team_type_missions_alliances: 'Missions-Alliances',
  team_type_suit_precision_alliances: 'Suit Precision-Alliances',
  deal_teams_missions: ', a mission each, no bids',
  precision_bids: 'a bid for each suit',
  deal_precision: ', Suit Precision: {bids}',
  deal_teams_precision: ', {bids}',
  deal_split: ', The Split: split your hand, {first} + {second} tricks, a bid for each half',
  deal_split_one: ', The Split: one card, nothing to split (played as Normal Bidding)',
  deal_long_play_one: ', Long Play: two cards each per trick, 1 trick',
  deal_long_play: ', Long Play: two cards each per trick, {tricks} tricks',
  deal_duels: ', Duel Fights: {groups}',
  deal_duels_random: ', Duel Fights: the pairs are drawn at random',
  deal_duels_dealer: ', Duel Fights: the dealer pairs the players',
  deal_wagering: ', Wagering: everyone pays {stake} into a pot of {pot}, no double bids',
  deal_spinner_choice: 'the spinner shows dealer’s choice',
  deal_trump: 'trump: {trump}',
};

const w = (key, values = {}) => fillWords(WORDS[key] ?? WORDS.unknown, values);
const card = (id) => ({ card: id });
const cards = (ids) => (Array.isArray(ids) && ids.length ? listParts(ids.map(card), { list_and: ' ', list_comma: ' ' }) : w('no_cards'));
const suit = (s) => suitColour(s);
const trump = (t) => (t == null ? w('no_trump') : suit(t));
const bid = (b) => (Array.isArray(b) ? w('double_bid', { lo: b[0], hi: b[1] }) : String(b ?? '—'));
const change = (d) => w(d > 0 ? 'change_up' : d < 0 ? 'change_down' : 'change_zero');
const signed = (p) => (p > 0 ? `+${p}` : String(p));
const leak = (l) => (l === 'monsters' ? w('monsters') : suit(l));
const SUIT_ORDER = ['R', 'B', 'G', 'Y'];
// Suit Precision: "Red 1 Blue 0 Green 2-3 Yellow 0"; a bid or a count per suit.
const perSuit = (values, each) => values.flatMap((v, i) => [...(i ? [' '] : []), ...w('per_suit', { suit: suit(SUIT_ORDER[i]), value: each(v) })]);
const halves = (h, each = String) => w('halves', { first: each(h[0]), second: each(h[1]) });
function groups(list, name) {
  const out = [];
  list.forEach((g, i) => {
    if (i) out.push(WORDS.group_sep);
    out.push(...(g.length === 1 ? w('group_alone', { seat: name(g[0]) }) : listParts(g.map(name), WORDS)));
  });
  return out;
}

// The parts of one event's sentence (strings and card tokens, ui/event-words.js). `name`
// names a seat as the table shows it.
export function eventParts(e, name) {
  const seat = name(e.seat);
  const seats = { seat, from: name(e.from), to: name(e.to), at: name(e.at), with: name(e.with), first: name(e.first), second: name(e.second), leader: name(e.leader), solo: name(e.solo), partner: name(e.partner) };
  switch (e.kind) {
    case 'played':
      return w(e.as === 'golem' ? 'played_golem' : 'played', { seat, card: card(e.card) });
    case 'own_face_down':
    case 'turned_up':
    case 'summoner_copies':
    case 'smuggler_drawn':
      return w(e.kind, { seat, card: card(e.card) });
    case 'trump_named':
    case 'trump_changed':
      return w(e.kind, { seat, trump: trump(e.trump) });
    case 'wagered':
      return w(e.extra ? 'wagered' : 'wagered_none', { seat, extra: e.extra });
    case 'bid':
      return w(e.suit ? 'bid_suit' : e.half ? 'bid_half' : 'bid', { seat, bid: bid(e.bid), suit: e.suit && suit(e.suit), half: e.half && w(`half_${e.half}`) });
    case 'own_secret_bid':
      return w(e.kind, { bid: bid(e.bid) });
    case 'trick_placed':
    case 'trick_goes_under':
      return w(e.kind, { seat, suit: suit(e.suit) });
    case 'no_effect':
      return w(e.reason ? `no_effect_${e.reason}` : 'no_effect', { special: card(e.special) });
    case 'declined':
      return w(e.kind, { seat, special: card(e.special) });
    case 'undealt_seen':
    case 'own_first_half':
      return w(e.kind, { cards: cards(e.cards) });
    case 'bishop_sees':
      return w(e.kind, { ...seats, cards: cards(e.cards) });
    case 'pass_coming':
    case 'card_received':
      return w(e.kind, { ...seats, card: card(e.card) });
    case 'pass_called':
      return w(e.kind, { seat, side: w(`side_${e.side}`) });
    case 'jester_changed':
      return w(e.suit ? 'jester_changed_suit' : e.half ? 'jester_changed_half' : 'jester_changed', { seat, change: change(e.change), suit: e.suit && suit(e.suit), half: e.half && w(`half_${e.half}`) });
    case 'own_jester_change':
      return w(e.change ? e.kind : 'own_jester_change_kept', { change: change(e.change) });
    case 'own_trade':
      return w(e.kind, { gave: card(e.gave), received: card(e.received) });
    case 'smuggler_kept':
      return w(e.kind, { kept: card(e.kept), put_back: card(e.put_back) });
    case 'trick_stolen':
      return w(e.suit ? 'trick_stolen_suit' : e.kind, { ...seats, suit: e.suit && suit(e.suit) });
    case 'mission_chosen':
      return w(e.secret ? 'mission_chosen_secret' : e.kind, { seat });
    case 'own_mission':
      return w(e.secret ? 'own_mission_secret' : e.kind, { mission: missionShort(e.mission) });
    case 'mission_shown':
      return w(e.kind, { seat, mission: missionShort(e.mission) });
    case 'own_leak':
    case 'leak_named':
      return w(e.kind, { seat, leak: leak(e.leak) });
    case 'leaked':
      return e.leak == null ? w('leaked_nothing', { seat }) : w(e.kind, { seat, leak: leak(e.leak), cards: cards(e.cards) });
    case 'groups':
      return w(e.type === 'duel_fights' ? 'groups_duels' : 'groups_teams', { groups: groups(e.groups || [], name) });
    case 'own_note':
    case 'note_received':
      return w(e.kind, { ...seats, card: card(e.card) });
    case 'all_split':
      return w(e.kind, { first: e.halves[0], second: e.halves[1] });
    case 'round_scored':
      return roundScored(e, seat);
    case 'pot_shared':
      if (!e.winners.length) return w('pot_carried', { pot: e.pot });
      return w(e.bank ? 'pot_shared_bank' : e.kind, { winners: listParts(e.winners.map(name), WORDS), pot: e.pot, share: e.share, bank: e.bank });
    case 'round_dealt':
      return roundDealt(e, name);
    default:
      return WORDS[e.kind] ? w(e.kind, { ...seats, price: e.price, seconds: e.seconds, points: e.points }) : w('unknown');
  }
}

function roundScored(e, seat) {
  const precision = Array.isArray(e.tricks);
  const split = precision && e.tricks.length === 2;
  const tricks = split ? halves(e.tricks) : precision ? perSuit(e.tricks, String) : String(e.tricks);
  const values = { round: e.round, seat, tricks, points: signed(e.points), total: e.total };
  if (e.mission != null) return w('round_scored_mission', { ...values, mission: missionShort(e.mission), result: w(e.completed ? 'mission_completed' : 'mission_failed') });
  return w('round_scored', { ...values, bid: split ? halves(e.bid, bid) : precision ? perSuit(e.bid, bid) : bid(e.bid) });
}

// The next deal: its size, then what its round type changes, then the trump or the spinner.
function roundDealt(e, name) {
  const details = [];
  const add = (key, values) => details.push(...w(key, values));
  const teams = e.type === 'alliances' || e.type === 'missions_alliances' || e.type === 'suit_precision_alliances';
  const type = teams ? WORDS[`team_type_${e.type}`] : null;
  if (e.type === 'blind') add('deal_blind');
  if (e.type === 'missions') add('deal_missions');
  if (e.type === 'blind_missions') add('deal_blind_missions');
  if (e.type === 'leaked_suit') add(e.leak_variation === 'spinner' ? 'deal_leak_spinner' : e.leak_variation === 'neighbour' ? 'deal_leak_neighbour' : 'deal_leak');
  if (teams) add(Array.isArray(e.groups) ? 'deal_teams' : e.groups === 'random' ? 'deal_teams_random' : 'deal_teams_dealer', { type, groups: Array.isArray(e.groups) ? groups(e.groups, name) : null });
  // An Alliance type's own rule follows its teams, without naming the type twice.
  if (e.type === 'missions_alliances') add('deal_teams_missions');
  if (e.type === 'suit_precision') add('deal_precision', { bids: w('precision_bids') });
  if (e.type === 'suit_precision_alliances') add('deal_teams_precision', { bids: w('precision_bids') });
  if (e.halves) add('deal_split', { first: e.halves[0], second: e.halves[1] });
  else if (e.type === 'the_split') add('deal_split_one');
  if (e.type === 'long_play') add(e.tricks === 1 ? 'deal_long_play_one' : 'deal_long_play', { tricks: e.tricks });
  if (e.type === 'duel_fights') add(Array.isArray(e.groups) ? 'deal_duels' : e.groups === 'random' ? 'deal_duels_random' : 'deal_duels_dealer', { groups: Array.isArray(e.groups) ? groups(e.groups, name) : null });
  if (e.type === 'wagering') add('deal_wagering', { stake: e.stake, pot: e.pot });
  return w('round_dealt', {
    round: e.round,
    dealer: name(e.dealer),
    cards: w(e.hand_size === 1 ? 'deal_cards_one' : 'deal_cards', { count: e.hand_size }),
    details,
    trump: e.spinner === 'choice' ? w('deal_spinner_choice') : w('deal_trump', { trump: trump(e.trump) }),
  });
}
