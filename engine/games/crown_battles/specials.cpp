// The Special Power cards and Bubble Shields (rules: docs/rules/crown-battles.md). A game
// with specials in its deck (or shields on) takes this path for every step; the base game's
// short paths in state.cpp never come here, so its speed and its traces stay as they were.
// Over 1,000 lines: the sixteen cards' steps and their one dispatcher, which share the
// effect-in-progress state; split by card family (swaps, looks, points) with an A/B next.
//
// A card's effect is a short sequence of steps, each with a short legal list: pick a player,
// then a card; who swaps with whom; 5 points at a time for the Witch. ⚡ effects start right
// after the play; ⏳ effects wait in the trick's queue and run at its end in play order.
//
// One room past 500 lines because the sixteen cards' steps share one switch and one pending
// decision; what each seat saw of a card's move lives apart in sight.cpp. The next split is
// by card family (moves of cards, tricks and points, bids), each with its steps.
#include <algorithm>
#include <bit>
#include <string>

#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

using stage = crown_battles::phase;

game_error refuse(std::string why) { return {error_code::illegal_action, std::move(why)}; }

constexpr int next_seat(int seat, int players) { return seat + 1 == players ? 0 : seat + 1; }
constexpr int prev_seat(int seat, int players) { return seat == 0 ? players - 1 : seat - 1; }
constexpr seat_mask bit(int seat) { return static_cast<seat_mask>(1u << seat); }

seat_piece name(int seat) { return {"seat", seat}; }
// The trump as the view writes it: a suit's letter, or null for no trump (an empty word).
word_piece trump_word(trump t) {
  static constexpr std::string_view letters[] = {"R", "B", "G", "Y"};
  return {"trump", t == trump::none ? std::string_view() : letters[static_cast<int>(t)]};
}
word_piece suit_word(std::string_view key, int s) {
  static constexpr std::string_view letters[] = {"R", "B", "G", "Y"};
  return {key, letters[s]};
}
// A Special Power card by its id, as the view names it ("JESTER"): the client draws its face.
card_piece special_piece(special s) { return {"special", special_card(s)}; }

constexpr card golem_king = special_card(special::golem_king);
constexpr card dragon_king = special_card(special::dragon_king);
constexpr card wizard_card = special_card(special::wizard);
constexpr card double_faced = special_card(special::double_faced);
constexpr card summoner = special_card(special::summoner);
constexpr card smuggler_card = special_card(special::smuggler);

}  // namespace

std::optional<timed_step> state::timed_step_request() const {
  // Rulings, Spy: the look lasts up to 60 seconds; the server ends it with the same action
  // the Spy's player may take early.
  if (phase_ == stage::special && pending_.what == special::spy && pending_.stage == 1)
    return timed_step{pending_.seat, step(step_kind::done_looking), spy_seconds};
  return std::nullopt;
}

card_set state::undealt() const {
  card_set held;
  for (int s = 0; s < table_.players; ++s) held = held | hands_[static_cast<std::size_t>(s)];
  return table_.deck - held - gone_;
}

void state::start_special_round() {
  shields_ = 0;
  smuggled_ = 0;
  wizard_kept_ = 0;
  gone_ = card_set();
  known_.clear();
  extras_ = trick_extras{};
  magic_ = magician_pass{};
  pending_ = pending_step{};
}

// ---- Strength in a trick with specials ------------------------------------------------

// Rulings, Power order, in half steps. A Wizard in the trick makes every Golem, Dragon, King
// and Double-faced-as-Golem worth a Peasant. A Summoner copies the card just before it,
// half a step stronger: after a King it is that King played later (so it loses to it);
// after a Peasant-power card (or led) it is worth ½; after an off-suit number, nothing.
int state::power2(int pos) const {
  const card c = trick_.cards[static_cast<std::size_t>(pos)];
  const bool wiz = extras_.wizard;
  switch (kind_of(c)) {
    case card_kind::numbered:
      return 2 * strength(c, trick_.lead_suit, trump_);
    case card_kind::golem:
      return wiz ? 0 : golem_power2;
    case card_kind::dragon:
      return wiz ? 0 : dragon_power2;
    case card_kind::peasant:
      return 0;
    case card_kind::special:
      break;
  }
  if (c == golem_king) return wiz ? 0 : golem_king_power2;
  if (c == dragon_king) return wiz ? 0 : dragon_king_power2;
  if (c == double_faced)
    return extras_.as_golem[static_cast<std::size_t>(pos)] && !wiz ? golem_power2 : 0;
  if (c == summoner) {
    if (pos == 0) return 1;
    const card p = trick_.cards[static_cast<std::size_t>(pos - 1)];
    const int e = power2(pos - 1);
    if (e == 0) return is_numbered(p) ? 0 : 1;
    return p == golem_king || p == dragon_king ? e : e + 1;
  }
  return 0;
}

// The first card of the highest strength wins (rulings, Power order).
void state::rescore_trick() {
  int best = -1, at = 0;
  for (int i = 0; i < trick_.count; ++i) {
    const int p = power2(i);
    if (p > best) best = p, at = i;
  }
  trick_.winning = static_cast<std::uint8_t>(at);
  trick_.winning_strength = static_cast<std::int16_t>(best / 2);
}

// A new card changes who wins only by being stronger than the winning card (the first of
// equal strength wins), unless it changes every card's worth (a Wizard, or a Summoner
// copying one): then the whole trick is scored again.
void state::score_new_card(int pos, int winning_before, bool wizard_arrived) {
  if (pos == 0 || wizard_arrived) {
    rescore_trick();
    return;
  }
  const int best = power2(winning_before), p = power2(pos);
  const int at = p > best ? pos : winning_before;
  trick_.winning = static_cast<std::uint8_t>(at);
  trick_.winning_strength = static_cast<std::int16_t>(std::max(p, best) / 2);
}

// ---- Legal lists ------------------------------------------------------------------------

// Rulings, Bubble Shield: at most 8 on the table. One per player per round at a table of at
// most 8 players never needs more, so the box's eight are never all taken.
static_assert(max_seats <= max_shields_on_table);

bool state::may_buy_shield(int seat) const {
  if (!table_.shields || has_seat(shields_, seat)) return false;
  return phase_ == stage::bidding || phase_ == stage::playing_specials;
}

bool state::may_smuggle_before_bid(int seat) const {
  // Suit Precision, The Split: before the seat's first bid (its bids of the round are one
  // turn).
  return phase_ == stage::bidding && bidding_suit_ == 0 && bidding_half_ == 0 &&
         !has_seat(smuggled_, seat) &&
         hands_[static_cast<std::size_t>(seat)].contains(smuggler_card) && !undealt().empty();
}

void state::legal_special_rules(int seat, action_list& out) const {
  switch (phase_) {
    case stage::choose_trump:
      for (int s = 0; s < suit_count; ++s)
        out.push_back(choose_trump_action(static_cast<trump>(s)));
      return;
    case stage::bidding:
      if (wager_due_)
        append_wagers(out);
      else
        append_bids(bid_rules_for(seat), out);
      break;
    case stage::playing:  // legal_actions takes a turn of play the short way; the same here
    case stage::playing_specials:
      legal_turn_with_specials(seat, out);
      return;
    case stage::special:
      legal_step(seat, out);
      return;
    case stage::mission:  // no shield nor Smuggler while choosing (rules doc, Missions)
      append_missions(mission_offer_, out);
      return;
    case stage::pairing:  // the dealer's alone, before anyone bids
      append_pairing(out);
      return;
    case stage::leak:
      append_leaks(out);
      return;
    case stage::place:  // nothing else while the trick is placed
      append_places(place_options_, out);
      return;
    case stage::split:  // no shield nor Smuggler while splitting: nobody has bid yet
      append_split_choices(seat, out);
      return;
    case stage::finished:
      return;
  }
  if (may_smuggle_before_bid(seat)) out.push_back(step(step_kind::smuggle));
  if (may_buy_shield(seat)) out.push_back(step(step_kind::buy_shield));
  append_notes(seat, out);
}

// A turn of play: a card (the Double-faced card as itself or as a Golem), a Bubble Shield,
// or in an Alliances round a Secret Note.
void state::legal_turn_with_specials(int seat, action_list& out) const {
  const card_set p = playable_now();
  append_plays(p, out);
  if (p.contains(double_faced))
    out.push_back(step(step_kind::play_golem, action_code::no_seat, index_of(double_faced)));
  if (may_buy_shield(seat)) out.push_back(step(step_kind::buy_shield));
  if (is_alliance_type(type_)) [[unlikely]]
    append_notes(seat, out);
}

void state::legal_step(int seat, action_list& out) const {
  const int n = table_.players;
  const pending_step& p = pending_;
  const card_set hand = hands_[static_cast<std::size_t>(seat)];
  const seat_mask guarded = protected_seats();
  if (magic_.waiting) {  // Magician: each seat picks the card it passes
    for (card c : hand)
      out.push_back(step(step_kind::pick_card, action_code::no_seat, index_of(c)));
    return;
  }
  const auto others = [&](auto&& fits) {
    for (int s = 0; s < n; ++s)
      if (s != seat && fits(s)) out.push_back(step(step_kind::pick_seat, s));
  };
  switch (p.what) {
    case special::alchemist:
      for (int t = 0; t <= static_cast<int>(trump::none); ++t)
        if (t != static_cast<int>(trump_))
          out.push_back(step(step_kind::pick_trump, action_code::no_seat, action_code::no_card, t));
      break;
    case special::bishop:
      if (p.stage == 0)
        others([&](int s) { return !hands_[static_cast<std::size_t>(s)].empty(); });
      else
        out.push_back(step(step_kind::done_looking));
      if (p.stage != 0) return;  // a look is ended, not declined
      break;
    case special::bomb:
      for (int s = 0; s < n; ++s) out.push_back(step(step_kind::pick_seat, s));
      break;
    case special::cursed:
      if (p.stage == 0)
        others([](int) { return true; });
      else
        for (int s = 0; s < n; ++s)
          if (s != p.first) out.push_back(step(step_kind::pick_seat, s));
      break;
    case special::jester: {
      // Our ruling, Suit Precision: the Jester changes one suit's bid: first which suit.
      const suit_bids& mine = suit_bids_[static_cast<std::size_t>(seat)];
      const int cap = table_.max_bid(tricks_in_round_);
      if (is_precision_type(type_) && p.stage == 0) {
        for (int x = 0; x < suit_count; ++x) {
          const bid b = mine[static_cast<std::size_t>(x)];
          if (b.lo > 0 || b.hi < cap)
            out.push_back(
                step(step_kind::pick_suit, action_code::no_seat, action_code::no_card, x));
        }
        break;
      }
      // Our ruling, The Split: the Jester changes the bid of the half in play, within its tricks.
      const bool by_half = splits_hand(type_, hand_size_);
      const bid b =
          is_precision_type(type_) ? mine[static_cast<std::size_t>(p.first)]
          : by_half
              ? single_bid(
                    half_bids_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(half_)])
              : bids_[static_cast<std::size_t>(seat)];
      if (b.lo > 0)
        out.push_back(step(step_kind::change_bid, action_code::no_seat, action_code::no_card, 0));
      if (b.hi < (by_half ? table_.max_bid(half_size(hand_size_, half_)) : cap))
        out.push_back(step(step_kind::change_bid, action_code::no_seat, action_code::no_card, 1));
      break;
    }
    case special::magician:
      if (p.stage == 0) {
        out.push_back(step(step_kind::direction, action_code::no_seat, action_code::no_card, 0));
        out.push_back(step(step_kind::direction, action_code::no_seat, action_code::no_card, 1));
      } else {
        for (card c : hand)
          out.push_back(step(step_kind::pick_card, action_code::no_seat, index_of(c)));
        return;  // the Magician's player passes too once the others have
      }
      break;
    case special::merchant:
      if (p.stage == 0) {
        others([&](int s) { return !hands_[static_cast<std::size_t>(s)].empty(); });
      } else {
        for (card c : hand)
          out.push_back(step(step_kind::pick_card, action_code::no_seat, index_of(c)));
        others([&](int s) { return s != p.first && !hands_[static_cast<std::size_t>(s)].empty(); });
      }
      break;
    case special::smuggler:
      if (p.stage == 0) {
        out.push_back(step(step_kind::smuggle));
      } else {
        for (card c : hand)
          out.push_back(step(step_kind::pick_card, action_code::no_seat, index_of(c)));
        return;  // the drawn card is in hand: putting it back is declining
      }
      break;
    case special::spy:
      out.push_back(step(step_kind::done_looking));
      return;
    case special::thief:
      if (p.stage == 1) {  // Suit Precision: which of the player's tricks, by its suit
        const suit_counts& theirs = suit_tricks_[static_cast<std::size_t>(p.first)];
        for (int x = 0; x < suit_count; ++x)
          if (theirs[static_cast<std::size_t>(x)] > 0)
            out.push_back(
                step(step_kind::pick_suit, action_code::no_seat, action_code::no_card, x));
        break;
      }
      // Our ruling, The Split: a trick of the half in play.
      others([&](int s) {
        const auto i = static_cast<std::size_t>(s);
        return !has_seat(guarded, s) && (splits_hand(type_, hand_size_)
                                             ? half_tricks_[i][static_cast<std::size_t>(half_)] > 0
                                             : tricks_won_[i] > 0);
      });
      break;
    case special::witch:
      for (int s = 0; s < n; ++s)
        if (s != seat && !has_seat(guarded, s)) out.push_back(step(step_kind::take_points, s));
      break;
    default:
      break;
  }
  out.push_back(step(step_kind::decline));
}

// ---- Applying -------------------------------------------------------------------------

apply_result state::apply_special_rules(int seat, action a) {
  start_notes();
  if (!has_seat(seats_to_act(), seat)) return turn_error(seat);
  const step_kind k = step_kind_of(a);
  switch (phase_) {
    case stage::choose_trump: {
      auto r = choose_trump(seat, a);
      if (!r) say(event_audience::all(), "trump_named", name(seat), trump_word(trump_));
      return r;
    }
    case stage::bidding:
      if (k == step_kind::buy_shield) return buy_shield(seat);
      if (kind_of(a) == action_kind::note) return secret_note(seat, a);
      if (wager_due_) {
        auto r = place_wager(seat, a);
        if (!r)
          say(event_audience::all(), "wagered", name(seat), number_piece{"extra", extra_of(a)});
        return r;
      }
      if (k == step_kind::smuggle) {
        if (!may_smuggle_before_bid(seat))
          return refuse(
              "the Smuggler's draw before bidding needs the Smuggler in hand, undealt cards, and "
              "is once a round");
        return smuggle(seat, true);
      }
      {
        const bool blind = type_ == round_type::blind;
        const int bid_suit = bidding_suit_, bid_half = bidding_half_;
        auto r = place_bid(seat, a);
        if (r) return r;
        const bid_piece placed{"bid", bids_[static_cast<std::size_t>(seat)]};
        if (is_precision_type(type_)) {
          say(event_audience::all(), "bid", name(seat), bid_piece{"bid", bid_of(a)},
              suit_word("suit", bid_suit));
        } else if (splits_hand(type_, hand_size_)) {
          say(event_audience::all(), "bid", name(seat), bid_piece{"bid", bid_of(a)},
              number_piece{"half", bid_half + 1});
        } else if (blind) {
          say(event_audience::except(seat), "secret_bid", name(seat));
          say(event_audience::only(seat), "own_secret_bid", name(seat), placed);
        } else {
          say(event_audience::all(), "bid", name(seat), placed);
        }
        return r;
      }
    case stage::playing:  // apply takes a turn of play the short way; the same here
    case stage::playing_specials:
      return apply_turn_with_specials(seat, a);
    case stage::special:
      return special_step(seat, a);
    case stage::place: {
      auto r = place_trick(seat, a);
      if (!r)
        say(event_audience::all(), "trick_placed", name(seat),
            suit_word("suit", placed_suit_of(a)));
      return r;
    }
    case stage::mission:
    case stage::pairing:
    case stage::leak:
    case stage::split: {
      // Their move-log lines are the base game's (events.cpp: mission_events, pairing_events,
      // leak_events; split.cpp: split_events).
      auto r = phase_ == stage::mission   ? choose_mission(seat, a)
               : phase_ == stage::pairing ? pair_players(seat, a)
               : phase_ == stage::leak    ? choose_leak(seat, a)
                                          : choose_split(seat, a);
      if (!r) last_other_seat_ = seat, last_other_ = a;
      return r;
    }
    case stage::finished:
      break;
  }
  return game_error{error_code::game_over, "the game is over"};
}

apply_result state::apply_turn_with_specials(int seat, action a) {
  if (step_kind_of(a) == step_kind::buy_shield) return buy_shield(seat);
  if (kind_of(a) == action_kind::note) return secret_note(seat, a);
  return special_play(seat, a);
}

apply_result state::buy_shield(int seat) {
  if (!table_.shields) return refuse("this table plays without Bubble Shields");
  if (has_seat(shields_, seat)) return refuse("one Bubble Shield per player per round");
  if (!may_buy_shield(seat)) return refuse("a Bubble Shield is bought while bidding or playing");
  shields_ = static_cast<seat_mask>(shields_ | bit(seat));
  scores_[static_cast<std::size_t>(seat)] -= shield_price;
  say(event_audience::all(), "shield_bought", name(seat), number_piece{"price", shield_price});
  return std::nullopt;
}

apply_result state::special_play(int seat, action a) {
  const card_set hand = hands_[static_cast<std::size_t>(seat)];
  const card_set ok = playable_now();
  bool as_golem = false;
  card c = card_of(a);
  if (step_kind_of(a) == step_kind::play_golem &&
      action_code::unpack(a).card == index_of(double_faced)) {
    c = double_faced, as_golem = true;
  } else if (kind_of(a) != action_kind::play) {
    return refuse("it is time to play a card (or buy a Bubble Shield)");
  }
  if (index_of(c) >= card_count || !ok.contains(c)) {
    if (index_of(c) >= card_count || !hand.contains(c))
      return refuse("you do not hold " + std::string(card_id(c)));
    return refuse_play(seat, play_action(c));
  }
  const int pos = trick_.count;
  const int winning_before = trick_.winning;
  hands_[static_cast<std::size_t>(seat)].erase(c);
  // A card played face down is still its seat's to whoever knew it, until it turns up.
  if (!plays_face_down(pos, c)) known_.forget(index_of(c));
  gone_.insert(c);
  trick_.play(c, trump_);
  extras_.as_golem[static_cast<std::size_t>(pos)] = as_golem;
  if (as_golem && trick_.lead_suit == lead::open) trick_.lead_suit = lead::none;
  play_seat_ = seat;
  if (type_ == round_type::stealth && pos > 0 && !is_special(c))
    stealth_play_lines(seat, c);
  else if (as_golem)
    say(event_audience::all(), "played", name(seat), card_piece{"card", c},
        word_piece{"as", "golem"});
  else
    say(event_audience::all(), "played", name(seat), card_piece{"card", c});
  if (type_ == round_type::stealth && trick_.count == trick_size_) {
    turn_up_lines();
    face_down_cards_turned_up();
  }

  // What the card does: its own action, or for a Summoner the action of the card it copies.
  bool by_summoner = false;
  std::optional<special> effect;
  if (is_special(c)) effect = special_of(c);
  if (c == summoner) {
    effect.reset();
    if (pos > 0) {
      const card p = trick_.cards[static_cast<std::size_t>(pos - 1)];
      if (is_special(p) && is_action_card(special_of(p)))
        effect = special_of(p), by_summoner = true;
      if (type_ == round_type::stealth && pos > 1 && !is_special(p))
        say(event_audience::all(), "summoner_copies_face_down");
      else
        say(event_audience::all(), "summoner_copies", card_piece{"card", p});
    }
  }
  const bool wizard_arrived = effect == special::wizard;
  if (wizard_arrived) {
    extras_.wizard = true;
    if (c == wizard_card) extras_.wizard_keeper = static_cast<std::int8_t>(seat);
  }
  if (is_special(c) && c != golem_king && c != dragon_king) extras_.half_steps = true;
  if (extras_.half_steps) score_new_card(pos, winning_before, wizard_arrived);
  if (effect && acts_at_trick_end(*effect)) {
    if (*effect == special::bomb) extras_.bomb = true;
    extras_.queue[extras_.queued++] = {*effect, static_cast<std::uint8_t>(seat)};
  }
  if (effect && acts_at_once(*effect) && begin_step(*effect, seat, by_summoner))
    return std::nullopt;
  after_play();
  return std::nullopt;
}

// Rulings, Stealth Play: a card after the leader's lies face down (but to its owner) until
// the trick is complete, then every card turns up. Our ruling: Special Power cards are
// played face up.
void state::stealth_play_lines(int seat, card c) {
  if (trick_.count == trick_size_) {
    say(event_audience::all(), "played_face_down_last", name(seat));
    return;
  }
  say(event_audience::only(seat), "own_face_down", name(seat), card_piece{"card", c});
  say(event_audience::except(seat), "played_face_down", name(seat));
}

void state::turn_up_lines() {
  for (int i = 1; i < trick_.count; ++i) {
    const card k = trick_.cards[static_cast<std::size_t>(i)];
    if (!is_special(k))
      say(event_audience::all(), "turned_up", name(trick_.seat_at(i, table_.players)),
          card_piece{"card", k});
  }
}

// Starts a card's decision; false when it has no effect now (nothing it could do).
bool state::begin_step(special what, int seat, bool by_summoner) {
  pending_ = pending_step{};
  pending_.what = what;
  pending_.seat = seat;
  pending_.by_summoner = by_summoner;
  if (what == special::witch) {
    const bool final_round = round_index_ >= table_.rounds - 1;
    pending_.points_left =
        static_cast<std::uint8_t>(final_round ? witch_points_final_round : witch_points);
  }
  if (phase_ != stage::special) resume_ = phase_;
  // Spy: the look starts at once (nothing to choose).
  if (what == special::spy) {
    const card_set deck = undealt();
    if (deck.empty()) {
      say(event_audience::all(), "no_effect", special_piece(what),
          word_piece{"reason", "no_undealt_cards"});
      return false;
    }
    for (card c : deck) known_.learn(seat, index_of(c));
    pending_.stage = 1;
    say(event_audience::all(), "spy_looks", name(seat), number_piece{"seconds", spy_seconds});
    say(event_audience::only(seat), "undealt_seen", name(seat), cards_piece{"cards", deck});
  }
  // Rulings: the Magician has no effect on the round's last trick (it is being played).
  if (what == special::magician && tricks_played_ + 1 >= tricks_in_round_) {
    say(event_audience::all(), "no_effect", special_piece(what),
        word_piece{"reason", "last_trick"});
    return false;
  }
  if (what == special::smuggler && undealt().empty()) {
    say(event_audience::all(), "no_effect", special_piece(what),
        word_piece{"reason", "no_undealt_cards"});
    return false;
  }
  phase_ = stage::special;
  action_list legal;
  legal_step(seat, legal);
  // Rulings, Jester: in a blind round the change is as secret as the bid, so is a Jester
  // that cannot change it (a 0-1 bid at a cap of 1): its player decides as always.
  if (legal.size() == 1 && step_kind_of(legal[0]) == step_kind::decline &&
      !(what == special::jester && type_ == round_type::blind && !bids_revealed_)) {
    phase_ = resume_;
    pending_ = pending_step{};
    say(event_audience::all(), "no_effect", special_piece(what));
    return false;
  }
  to_act_ = seat;
  return true;
}

// A decision is complete: back to where it came from.
void state::end_step() {
  pending_ = pending_step{};
  magic_ = magician_pass{};
  phase_ = resume_;
  if (resume_ == stage::bidding) {  // the Smuggler before bidding: the bidder goes on
    return;
  }
  if (extras_.next > 0) {  // a ⏳ action of a finished trick: the next one, or the next trick
    run_trick_end_queue();
    return;
  }
  after_play();
}

void state::after_play() {
  phase_ = stage::playing_specials;
  if (trick_.count == trick_size_) {
    end_special_trick();
    return;
  }
  to_act_ = next_seat(play_seat_, table_.players);
  update_playable();
}

// Rulings, Timing: the winner is known, then the ⏳ actions run in play order.
void state::end_special_trick() {
  const int w = trick_.winner(table_.players);
  ++tricks_played_;
  ++tricks_in_game_;
  if (extras_.bomb) {
    say(event_audience::all(), "trick_destroyed");
  } else {
    ++tricks_won_[static_cast<std::size_t>(w)];
    if (type_ == round_type::the_split) count_half_trick(w);
    if (is_missions_round(type_)) note_trick_won(w, trick_.cards[trick_.winning]);
    say(event_audience::all(), "trick_won", name(w));
  }
  if (extras_.wizard_keeper >= 0) {
    wizard_kept_ = static_cast<seat_mask>(wizard_kept_ | bit(extras_.wizard_keeper));
    say(event_audience::all(), "wizard_kept", name(extras_.wizard_keeper));
  }
  last_trick_ = trick_;
  has_last_trick_ = true;
  play_seat_ = w;  // the next leader unless a Bomb says otherwise
  extras_.next = 0;
  // Rulings, Suit Precision: the trick goes under a suit before the ⏳ actions run (a Thief's
  // stolen trick keeps it); a destroyed trick goes under none.
  if (is_precision_type(type_) && !extras_.bomb) {
    if (await_placement(w)) return;
    say(event_audience::all(), "trick_goes_under",
        suit_word("suit", std::countr_zero(place_options_)));
  }
  run_trick_end_queue();
}

void state::run_trick_end_queue() {
  const bool last_trick = tricks_played_ == tricks_in_round_;
  // Our ruling, The Split: the first half's last trick has no next trick for a Bomb's player
  // to give the lead of: the dealer's left leads the second half.
  const bool half_over = first_half_ending();
  while (extras_.next < extras_.queued) {
    const trick_end_action q = extras_.queue[extras_.next++];
    if (q.what == special::cursed && last_trick) {
      say(event_audience::all(), "no_effect", special_piece(special::cursed),
          word_piece{"reason", "last_trick"});
      continue;
    }
    if (q.what == special::bomb && (last_trick || half_over)) continue;  // no next trick to lead
    phase_ = stage::playing_specials;  // a ⏳ step returns to play
    resume_ = stage::playing_specials;
    if (begin_step(q.what, q.seat, false)) return;  // extras_.next > 0: end_step resumes here
  }
  const int leader = type_ == round_type::the_split ? next_leader(play_seat_) : play_seat_;
  if (half_over) say(event_audience::all(), "half_over", name(leader));
  extras_ = trick_extras{};
  phase_ = stage::playing_specials;
  start_trick(leader);
  to_act_ = leader;
  if (tricks_played_ == tricks_in_round_) {
    finish_round();
    if (phase_ == stage::finished) return;
  }
  if (phase_ == stage::playing_specials) update_playable();
}

card state::random_card_of(int seat) {
  const card_set h = hands_[static_cast<std::size_t>(seat)];
  return nth_card(h, rng_.below(static_cast<std::uint32_t>(h.size())));
}

apply_result state::smuggle(int seat, bool before_bid) {
  const card_set deck = undealt();
  if (deck.empty()) return refuse("no undealt cards: the Smuggler has no effect");
  if (before_bid) {
    smuggled_ = static_cast<seat_mask>(smuggled_ | bit(seat));
    resume_ = stage::bidding;
    pending_ = pending_step{};
    pending_.what = special::smuggler;
    pending_.seat = seat;
    pending_.before_bid = true;
  }
  const card c = nth_card(deck, rng_.below(static_cast<std::uint32_t>(deck.size())));
  hands_[static_cast<std::size_t>(seat)].insert(c);
  pending_.drawn = c;
  pending_.stage = 1;
  phase_ = stage::special;
  to_act_ = seat;
  say(event_audience::all(), "smuggler_draws", name(seat));
  say(event_audience::only(seat), "smuggler_drawn", name(seat), card_piece{"card", c});
  return std::nullopt;
}

apply_result state::special_step(int seat, action a) {
  action_list legal;
  legal_step(seat, legal);
  if (!legal.contains(a)) {
    std::string options;
    for (action x : legal) options += (options.empty() ? "" : ", ") + action_to_json(x).dump();
    return refuse("the " + std::string(special_name(pending_.what)) +
                  " waits for one of: " + options);
  }
  const int n = table_.players;
  const action_code f = action_code::unpack(a);
  const step_kind k = step_kind_of(a);
  pending_step& p = pending_;
  const seat_piece who = name(seat);
  auto other = [](std::string_view key, int s) { return seat_piece{key, s}; };

  if (magic_.waiting) {  // a Magician pass chosen
    magic_.chosen[static_cast<std::size_t>(seat)] = card_at(f.card);
    magic_.waiting = static_cast<seat_mask>(magic_.waiting & ~bit(seat));
    say(event_audience::all(), "pass_chosen", who);
    if (magic_.waiting) return std::nullopt;
    // The Magician's player sees the card coming to them, then picks theirs.
    const int from = magic_.left ? prev_seat(p.seat, n) : next_seat(p.seat, n);
    known_.learn(p.seat, index_of(magic_.chosen[static_cast<std::size_t>(from)]));
    p.stage = 2;
    to_act_ = p.seat;
    say(event_audience::only(p.seat), "pass_coming", name(p.seat),
        card_piece{"card", magic_.chosen[static_cast<std::size_t>(from)]}, other("from", from));
    return std::nullopt;
  }
  if (k == step_kind::decline) {
    if (p.what == special::bomb) {
      // The Bomb's player leads when they name nobody: a destroyed trick has no winner to
      // lead the next one.
      play_seat_ = seat;
      say(event_audience::all(), "bomb_leads", who);
    } else if (p.what == special::jester && type_ == round_type::blind && !bids_revealed_) {
      // Keeping the bid is a change of 0: the others read what they read for +1 or -1.
      say(event_audience::except(seat), "jester_secret", who);
      say(event_audience::only(seat), "own_jester_change", who, number_piece{"change", 0});
    } else {
      say(event_audience::all(), "declined", who, special_piece(p.what));
    }
    end_step();
    return std::nullopt;
  }
  switch (p.what) {
    case special::alchemist:
      trump_ = static_cast<trump>(f.amount);
      say(event_audience::all(), "trump_changed", who, trump_word(trump_));
      break;
    case special::bishop:
      if (p.stage == 0) {
        // Only what the look shows is taken back at its end: a card the Bishop's player knew
        // already (one they passed there) stays known.
        for (card c : hands_[static_cast<std::size_t>(f.seat)])
          if (!known_.knows(seat, index_of(c))) p.looked.insert(c), known_.learn(seat, index_of(c));
        p.first = static_cast<std::int8_t>(f.seat);
        p.stage = 1;
        say(event_audience::all(), "bishop_looks", who, other("at", f.seat));
        say(event_audience::only(seat), "bishop_sees", who, other("at", f.seat),
            cards_piece{"cards", hands_[static_cast<std::size_t>(f.seat)]});
        return std::nullopt;
      }
      // The look ends for the Bishop's player alone: whoever else knew a card of that hand
      // (a Magician's or Merchant's giver) still knows it.
      for (card c : p.looked) known_.unlearn(seat, index_of(c));
      break;
    case special::bomb:
      play_seat_ = f.seat;
      say(event_audience::all(), "bomb_chose", who, other("leader", f.seat));
      break;
    case special::cursed: {
      if (p.stage == 0) {
        p.first = static_cast<std::int8_t>(f.seat);
        p.stage = 1;
        return std::nullopt;
      }
      const int x = p.first, y = f.seat;
      std::swap(hands_[static_cast<std::size_t>(x)], hands_[static_cast<std::size_t>(y)]);
      hands_swapped_in_sight(x, y);
      say(event_audience::all(), "hands_swapped", who, other("first", x), other("second", y));
      break;
    }
    case special::jester: {
      const bool by_suit = is_precision_type(type_);
      if (by_suit && p.stage == 0) {
        p.first = static_cast<std::int8_t>(f.amount);
        p.stage = 1;
        return std::nullopt;
      }
      const int d = f.amount == 1 ? 1 : -1;
      if (splits_hand(type_, hand_size_)) {
        half_counts& halves = half_bids_[static_cast<std::size_t>(seat)];
        halves[static_cast<std::size_t>(half_)] =
            static_cast<std::uint8_t>(halves[static_cast<std::size_t>(half_)] + d);
        bids_[static_cast<std::size_t>(seat)] = single_bid(halves[0] + halves[1]);
        say(event_audience::all(), "jester_changed", who, number_piece{"change", d},
            number_piece{"half", half_ + 1});
        break;
      }
      suit_bids& mine = suit_bids_[static_cast<std::size_t>(seat)];
      bid& b =
          by_suit ? mine[static_cast<std::size_t>(p.first)] : bids_[static_cast<std::size_t>(seat)];
      b.lo = static_cast<std::uint8_t>(b.lo + d), b.hi = static_cast<std::uint8_t>(b.hi + d);
      const number_piece change{"change", d};
      if (by_suit) {
        bids_[static_cast<std::size_t>(seat)] = total_of(mine);
        say(event_audience::all(), "jester_changed", who, change, suit_word("suit", p.first));
      } else if (type_ == round_type::blind && !bids_revealed_) {
        say(event_audience::except(seat), "jester_secret", who);
        say(event_audience::only(seat), "own_jester_change", who, change);
      } else {
        say(event_audience::all(), "jester_changed", who, change);
      }
      break;
    }
    case special::magician:
      if (p.stage == 0) {
        magic_.left = f.amount == 0;
        p.stage = 1;
        for (int s = 0; s < n; ++s)
          if (s != seat && !hands_[static_cast<std::size_t>(s)].empty())
            magic_.waiting = static_cast<seat_mask>(magic_.waiting | bit(s));
        say(event_audience::all(), "pass_called", who,
            word_piece{"side", magic_.left ? "left" : "right"});
        if (magic_.waiting) return std::nullopt;
        break;
      }
      {
        magic_.chosen[static_cast<std::size_t>(seat)] = card_at(f.card);
        // All passes happen together: each seat with cards gives its chosen card. The Split:
        // the card received takes the half of the card given (the halves before any pass).
        const card_set halves_before = first_half_;
        std::array<card_set, max_seats> after = hands_;
        std::array<secret_move, max_seats> passes{};
        seat_mask passers = 0;
        for (int s = 0; s < n; ++s)
          if (!hands_[static_cast<std::size_t>(s)].empty()) {
            passers = static_cast<seat_mask>(passers | bit(s));
            passes[static_cast<std::size_t>(s)] =
                begin_secret_move(s, magic_.left ? next_seat(s, n) : prev_seat(s, n),
                                  magic_.chosen[static_cast<std::size_t>(s)]);
          }
        for (int s = 0; s < n; ++s) {
          if (hands_[static_cast<std::size_t>(s)].empty()) continue;
          const int to = passes[static_cast<std::size_t>(s)].to;
          const card c = magic_.chosen[static_cast<std::size_t>(s)];
          after[static_cast<std::size_t>(s)].erase(c);
          after[static_cast<std::size_t>(to)].insert(c);
          const card replaced = magic_.chosen[static_cast<std::size_t>(to)];
          if (!hands_[static_cast<std::size_t>(to)].empty() && halves_before.contains(replaced))
            first_half_.insert(c);
          else
            first_half_.erase(c);
          say(event_audience::only(to), "card_received", name(to), card_piece{"card", c},
              other("from", s));
        }
        hands_ = after;
        for (int s = 0; s < n; ++s)
          if (has_seat(passers, s)) end_secret_move(passes[static_cast<std::size_t>(s)]);
        say(event_audience::all(), "cards_passed");
      }
      break;
    case special::merchant:
      if (p.stage == 0) {
        p.first = static_cast<std::int8_t>(f.seat);
        p.stage = 1;
        return std::nullopt;
      }
      if (k == step_kind::pick_card) {
        const card give = card_at(f.card);
        const card got = random_card_of(p.first);
        const secret_move taken = begin_secret_move(p.first, seat, got);
        const secret_move given = begin_secret_move(seat, p.first, give);
        swap_halves(give, got);
        hands_[static_cast<std::size_t>(p.first)].erase(got);
        hands_[static_cast<std::size_t>(seat)].erase(give);
        hands_[static_cast<std::size_t>(seat)].insert(got);
        hands_[static_cast<std::size_t>(p.first)].insert(give);
        end_secret_move(taken);
        end_secret_move(given);
        say(event_audience::all(), "merchant_traded", who, other("with", p.first));
        say(event_audience::only(seat), "own_trade", who, card_piece{"gave", give},
            card_piece{"received", got});
        say(event_audience::only(p.first), "own_trade", name(p.first), card_piece{"gave", got},
            card_piece{"received", give});
      } else {
        const int x = p.first, y = f.seat;
        const card from_x = random_card_of(x), from_y = random_card_of(y);
        const secret_move to_y = begin_secret_move(x, y, from_x);
        const secret_move to_x = begin_secret_move(y, x, from_y);
        swap_halves(from_x, from_y);
        hands_[static_cast<std::size_t>(x)].erase(from_x);
        hands_[static_cast<std::size_t>(y)].erase(from_y);
        hands_[static_cast<std::size_t>(x)].insert(from_y);
        hands_[static_cast<std::size_t>(y)].insert(from_x);
        end_secret_move(to_y);
        end_secret_move(to_x);
        say(event_audience::all(), "merchant_swapped", who, other("first", x), other("second", y));
        say(event_audience::only(x), "own_trade", name(x), card_piece{"gave", from_x},
            card_piece{"received", from_y});
        say(event_audience::only(y), "own_trade", name(y), card_piece{"gave", from_y},
            card_piece{"received", from_x});
      }
      break;
    case special::smuggler:
      if (p.stage == 0) {  // k == smuggle
        return smuggle(seat, false);
      }
      {
        const card back = card_at(f.card);
        // Putting the drawn card back changes nothing anyone could know.
        const secret_move put_back =
            back == p.drawn ? secret_move{seat, -1, back, true} : begin_secret_move(seat, -1, back);
        hands_[static_cast<std::size_t>(seat)].erase(back);
        end_secret_move(put_back);
        if (back != p.drawn) take_half_of(p.drawn, back);
        if (back == p.drawn) {
          say(event_audience::all(), "smuggler_put_back", who);
        } else {
          say(event_audience::all(), "smuggler_swapped", who);
          say(event_audience::only(seat), "smuggler_kept", who, card_piece{"kept", p.drawn},
              card_piece{"put_back", back});
        }
      }
      break;
    case special::spy:
      for (card c : undealt()) known_.forget(index_of(c));
      say(event_audience::all(), "spy_done", who);
      break;
    case special::thief: {
      int victim = f.seat;
      if (is_precision_type(type_)) {
        // Rulings, Suit Precision: the stolen trick keeps the suit it was placed under; the
        // Thief's player chooses which when the victim has tricks under several.
        int x = f.amount;
        if (p.stage == 0) {
          suit_mask under = 0;
          for (int y = 0; y < suit_count; ++y)
            if (suit_tricks_[static_cast<std::size_t>(victim)][static_cast<std::size_t>(y)] > 0)
              under = static_cast<suit_mask>(under | 1u << y);
          p.first = static_cast<std::int8_t>(victim);
          if (!std::has_single_bit(under)) {
            p.stage = 1;
            return std::nullopt;
          }
          x = std::countr_zero(under);
        }
        victim = p.first;
        --suit_tricks_[static_cast<std::size_t>(victim)][static_cast<std::size_t>(x)];
        ++suit_tricks_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(x)];
        --tricks_won_[static_cast<std::size_t>(victim)];
        ++tricks_won_[static_cast<std::size_t>(seat)];
        say(event_audience::all(), "trick_stolen", who, other("from", victim),
            suit_word("suit", x));
        break;
      }
      --tricks_won_[static_cast<std::size_t>(victim)];
      ++tricks_won_[static_cast<std::size_t>(seat)];
      if (splits_hand(type_, hand_size_)) {
        --half_tricks_[static_cast<std::size_t>(victim)][static_cast<std::size_t>(half_)];
        ++half_tricks_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(half_)];
      }
      say(event_audience::all(), "trick_stolen", who, other("from", victim));
      break;
    }
    case special::witch:
      scores_[static_cast<std::size_t>(f.seat)] -= 5;
      scores_[static_cast<std::size_t>(seat)] += 5;
      p.points_left = static_cast<std::uint8_t>(p.points_left - 5);
      say(event_audience::all(), "points_taken", who, other("from", f.seat),
          number_piece{"points", 5});
      if (p.points_left > 0) return std::nullopt;
      break;
    default:
      break;
  }
  end_step();
  return std::nullopt;
}

void state::hash_specials(state_hasher& h) const {
  h.add(static_cast<std::uint64_t>(pending_.what) |
        static_cast<std::uint64_t>(pending_.seat + 1) << 8 |
        static_cast<std::uint64_t>(pending_.stage) << 16 |
        static_cast<std::uint64_t>(pending_.first + 1) << 24 |
        static_cast<std::uint64_t>(pending_.points_left) << 32 |
        static_cast<std::uint64_t>(pending_.before_bid) << 40 |
        static_cast<std::uint64_t>(pending_.by_summoner) << 41 |
        static_cast<std::uint64_t>(pending_.drawn) << 48);
  h.add(static_cast<std::uint64_t>(shields_) | static_cast<std::uint64_t>(smuggled_) << 16 |
        static_cast<std::uint64_t>(wizard_kept_) << 32 |
        static_cast<std::uint64_t>(magic_.waiting) << 48);
  h.add(magic_.left);
  h.add(pending_.looked.low_word());
  h.add(pending_.looked.high_word());
  for (card c : magic_.chosen) h.add(static_cast<std::uint64_t>(c));
  h.add(gone_.low_word());
  h.add(gone_.high_word());
  h.add(static_cast<std::uint64_t>(play_seat_) | static_cast<std::uint64_t>(resume_) << 8);
  for (int i = 0; i < max_seats; ++i) h.add(extras_.as_golem[static_cast<std::size_t>(i)]);
  if (type_ == round_type::long_play)  // its second lap (other games' digests unchanged)
    for (int i = max_seats; i < max_trick_cards; ++i)
      h.add(extras_.as_golem[static_cast<std::size_t>(i)]);
  h.add(static_cast<std::uint64_t>(extras_.wizard) |
        static_cast<std::uint64_t>(extras_.wizard_keeper + 1) << 8 |
        static_cast<std::uint64_t>(extras_.bomb) << 16 |
        static_cast<std::uint64_t>(extras_.queued) << 24 |
        static_cast<std::uint64_t>(extras_.next) << 32);
  for (int i = 0; i < extras_.queued; ++i)
    h.add(static_cast<std::uint64_t>(extras_.queue[static_cast<std::size_t>(i)].what) << 8 |
          extras_.queue[static_cast<std::size_t>(i)].seat);
  // operator[], not test(): the same bits without test()'s range check, which made this loop
  // (eight seats by 76 cards) most of a hash's time (fuzz_apply, docs/fuzzing.md).
  for (int s = 0; s < max_seats; ++s) {
    const auto& k = known_.known_by(s);
    for (std::size_t c = 0; c < static_cast<std::size_t>(card_count); ++c) h.add(k[c]);
  }
}

}  // namespace crownhall::crown_battles
