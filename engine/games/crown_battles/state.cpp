// The rules of a round, top to bottom: chance steps at the round's start, then one function
// per phase (choose_trump, bidding, playing), then the trick's and the round's ends.
//
// Over 700 lines: one round of the base game and every round type's own choice, kept in one
// unit because a turn of play runs through several of them (play_card, finish_trick, the
// round's end) and the base game's speed is measured on that path (docs/performance.md). A
// split is welcome where it leaves the play path whole; compare it with bench/ab_bench.py.
#include "engine/games/crown_battles/state.hpp"

#include <bit>
#include <string>
#include <utility>

namespace crownhall::crown_battles {

namespace {

using stage = crown_battles::phase;  // inside state, phase() the function hides the type

game_error refuse(std::string why) { return {error_code::illegal_action, std::move(why)}; }
// Out of line and cold: their text built in the step that refuses would make that step keep
// registers for every action it accepts (a base game's bid).
[[gnu::cold, gnu::noinline]] game_error game_over() {
  return {error_code::game_over, "the game is over"};
}
[[gnu::cold, gnu::noinline]] game_error no_seat(int seat) {
  return {error_code::not_your_turn, "there is no seat " + std::to_string(seat)};
}

// Without a branch: whether the turn wraps around is not predictable.
constexpr int next_seat(int seat, int players) {
  const int s = seat + 1;
  return s & -static_cast<int>(s != players);
}
constexpr seat_mask bit(int seat) { return static_cast<seat_mask>(1u << seat); }
constexpr seat_mask all_seats(int players) { return static_cast<seat_mask>((1u << players) - 1); }

}  // namespace

state::state(const settings& s, std::shared_ptr<const stacked_deal> deal, std::uint64_t seed)
    : table_(s), deal_(std::move(deal)) {
  std::size_t n = 0;
  for (card c : table_.deck) deck_cards_[n++] = c;
  // Tie-break rounds beyond this are rare; only they may allocate.
  history_.reserve(static_cast<std::size_t>(table_.rounds) + 8);
  restart(seed);
}

void state::restart(std::uint64_t seed) {
  rng_ = prng(seed);
  round_index_ = 0;
  scores_ = {};
  crown_ = -1;
  winner_ = -1;
  pot_ = 0;
  history_.clear();
  last_trick_ = trick{};
  has_last_trick_ = false;
  uses_ = use_own_state;  // the last game's last round may have kept some
  // Rulings, Rounds: the first dealer is drawn at random; the dealer passes clockwise (seat
  // numbers increase clockwise, so the dealer's left is the next seat).
  dealer_ = deal_ && deal_->first_dealer
                ? *deal_->first_dealer
                : static_cast<int>(rng_.below(static_cast<std::uint32_t>(table_.players)));
  start_round();
}

// Chance, in the table's order: the Round Tracker reveals the type (or the table's fixed
// sequence names it), the dealer deals, then spins (rulings: the spinner is spun after the
// deal, before bidding).
void state::start_round() {
  const stacked_round* stacked = deal_ && round_index_ < static_cast<int>(deal_->rounds.size())
                                     ? &deal_->rounds[static_cast<std::size_t>(round_index_)]
                                     : nullptr;
  hand_size_ = table_.hand_size(round_index_);

  if (stacked && stacked->type)
    type_ = *stacked->type;
  else if (table_.sequence_length > 0)
    type_ = table_.sequence[static_cast<std::size_t>(round_index_ % table_.sequence_length)];
  else if (table_.type_count > 1)
    type_ = table_.types[rng_.below(static_cast<std::uint32_t>(table_.type_count))];
  else
    type_ = table_.types[0];
  // Rulings, the Round Tracker: no Alliance type in the final round. Our ruling: nor in a
  // tie-break round after it; another type of the table's set is drawn instead (Normal
  // Bidding when it has none). A stacked deal's type is taken as it is.
  if (is_alliance_type(type_) && round_index_ >= table_.rounds - 1 && !(stacked && stacked->type))
    type_ = final_round_type();

  tricks_in_round_ = crown_battles::tricks_in_round(type_, hand_size_);
  if (stacked && stacked->hands)
    hands_ = *stacked->hands;
  else
    deal_hands();

  spinner_ = stacked && stacked->spinner
                 ? *stacked->spinner
                 : static_cast<spinner_face>(rng_.below(spinner_face_count));
  trump_ = spinner_ < spinner_face::no_trump ? static_cast<trump>(spinner_) : trump::none;

  bids_ = {};
  bid_placed_ = 0;
  bids_revealed_ = false;
  tricks_won_ = {};
  tricks_played_ = 0;
  trick_ = trick{};
  // A round type's own state (some 400 bytes) is cleared only after a round that kept some
  // (uses_ is still the last round's here): a base game's rounds keep none.
  if (uses(use_own_state) || table_.special_rules) clear_own_state();
  uses_ = uses_of(type_, hand_size_, table_);
  trick_size_ = table_.players;  // Long Play's tricks: start_trick
  // Long Play: bids range over the tricks.
  round_bids_ = {table_.max_bid(tricks_in_round_), doubles_allowed(hand_size_, type_), -1};
  // The previous round's last trick stays on show (it was played face up to everyone) until
  // this round's first trick is complete: a client can hold it and show it as the last trick.

  if (table_.special_rules) start_special_round();
  if (spinner_ == spinner_face::dealers_choice) {
    phase_ = stage::choose_trump;
    to_act_ = dealer_;
  } else {
    open_bidding();
  }
}

// As every round type's own state is before its round begins.
void state::clear_own_state() {
  wager_due_ = false;
  wagers_ = {};
  mission_offer_ = 0;
  missions_.fill(static_cast<std::uint8_t>(no_mission));
  won_with_trump_ = 0;
  first_win_ = {};
  groups_.fill(no_group);
  leak_choice_.fill(no_leak);
  leaked_ = {};
  leak_shown_ = 0;
  leaks_done_ = false;
  noted_ = 0;
  note_cards_ = {};
  suit_bids_ = {};
  suit_tricks_ = {};
  bidding_suit_ = 0;
  place_options_ = 0;
  first_half_ = card_set{};
  split_chosen_ = 0;
  half_ = 0;
  bidding_half_ = 0;
  half_bids_ = {};
  half_tricks_ = {};
}

round_type state::final_round_type() {
  std::array<round_type, round_type_count> others{};
  int n = 0;
  for (int i = 0; i < table_.type_count; ++i)
    if (!is_alliance_type(table_.types[static_cast<std::size_t>(i)]))
      others[static_cast<std::size_t>(n++)] = table_.types[static_cast<std::size_t>(i)];
  if (n == 0) return round_type::normal;
  return n == 1 ? others[0] : others[rng_.below(static_cast<std::uint32_t>(n))];
}

// Draws uniformly below a bound (Lemire's multiply-and-reject, as prng::below) from both
// 32-bit halves of each generator word: dealing is most of a round's chance.
class card_draws {
 public:
  // A copy of the generator, handed back by generator(): through a reference, the compiler
  // would keep its state in memory in case a store of a dealt card changed it.
  explicit card_draws(const prng& rng) : rng_(rng) {}
  const prng& generator() const { return rng_; }
  std::uint32_t below(std::uint32_t bound) {
    for (;;) {
      const std::uint64_t m = static_cast<std::uint64_t>(half_word()) * bound;
      const auto low = static_cast<std::uint32_t>(m);
      if (low >= bound || low >= (0u - bound) % bound) return static_cast<std::uint32_t>(m >> 32);
    }
  }

 private:
  std::uint32_t half_word() {
    if (spare_ready_) {
      spare_ready_ = false;
      return spare_;
    }
    const std::uint64_t w = rng_.next();
    spare_ = static_cast<std::uint32_t>(w);
    spare_ready_ = true;
    return static_cast<std::uint32_t>(w >> 32);
  }
  prng rng_;
  std::uint32_t spare_ = 0;
  bool spare_ready_ = false;
};

// Only the cards dealt are drawn: the first steps of a Fisher–Yates shuffle from the back,
// each step drawing one uniformly random card of those left. Cards go to each player in
// turn from the dealer's left, a whole hand at a time.
void state::deal_hands() {
  std::array<card, card_count> cards = deck_cards_;
  card_draws draw(rng_);
  auto left = static_cast<std::uint32_t>(table_.deck_size);
  // Every seat of the table gets a hand below (seats past the table's stay empty for good):
  // no clearing of all eight first.
  int seat = dealer_;
  for (int k = 0; k < table_.players; ++k) {
    seat = next_seat(seat, table_.players);
    std::uint64_t low = 0, high = 0;
    for (int j = 0; j < hand_size_; ++j, --left) {
      const std::uint32_t pick = left > 1 ? draw.below(left) : 0;
      const card c = cards[pick];
      cards[pick] = cards[left - 1];
      const int i = index_of(c);
      const std::uint64_t b = 1ull << (i & 63);
      low |= i < 64 ? b : 0;
      high |= i < 64 ? 0 : b;
    }
    hands_[static_cast<std::size_t>(seat)] = card_set(low, high);
  }
  rng_ = draw.generator();
}

void state::open_bidding() {
  // The round types' steps before bidding (a base game's round has none).
  if (uses(use_own_state)) {
    // Rulings, Alliances: the teams are formed first (Missions-Alliances: before the missions
    // are chosen, so that each knows its ally's).
    if (is_alliance_type(type_) && !all_paired(groups_, table_.players)) {
      if (!table_.random_teams) {
        phase_ = stage::pairing;
        return;
      }
      if (needs_solo(groups_, table_.players))
        name_solo(groups_, table_.players,
                  static_cast<int>(rng_.below(static_cast<std::uint32_t>(table_.players))));
      draw_pairs();
    }
    // Rulings, Missions: no bids; every player chooses a mission from those feasible this round
    // (the trump is known by now), all at once and in secret.
    if (is_missions_round(type_)) {
      phase_ = stage::mission;
      mission_offer_ = mission_offer(table_.players, hand_size_, trump_);
      return;
    }
    // Rulings, Leaked Suit: before bidding every player reveals one suit, chosen as the table's
    // variation says (leaks.hpp).
    if (type_ == round_type::leaked_suit && !leaks_done_) {
      switch (table_.leak) {
        case leak_variation::secret:
        case leak_variation::dealer:
          phase_ = stage::leak;
          to_act_ = dealer_;
          return;
        case leak_variation::clockwise:
          phase_ = stage::leak;
          to_act_ = next_seat(dealer_, table_.players);
          return;
        case leak_variation::spinner:
        case leak_variation::neighbour:
          draw_leaks();
          break;
      }
    }
    // Rulings, The Split: every player splits the hand in secret before anyone bids (the trump
    // is known by then).
    if (splits_hand(type_, hand_size_) && split_chosen_ != all_seats(table_.players)) {
      phase_ = stage::split;
      return;
    }
    // Rulings, Duel Fights: the dealer pairs the players before anyone bids (or, with the
    // option, the pairs are drawn).
    if (type_ == round_type::duel_fights && !all_paired(groups_, table_.players)) {
      if (!table_.random_pairing) {
        phase_ = stage::pairing;
        return;
      }
      draw_pairs();
    }
  }
  phase_ = stage::bidding;
  // Blind Bidding: every seat without a bid may act (seats_to_act); Normal: from the dealer's
  // left, clockwise, the dealer last.
  to_act_ = next_seat(dealer_, table_.players);
}

// Duel Fights' or Alliances' groups drawn at random (the options), each step as the dealer's.
void state::draw_pairs() {
  for (int s; (s = next_to_pair(groups_, table_.players, dealer_)) >= 0;) {
    action_list partners;
    crown_battles::append_pairs(groups_, table_.players, s, partners);
    pair_seats(
        groups_, table_.players, s,
        partner_of(
            partners[static_cast<int>(rng_.below(static_cast<std::uint32_t>(partners.size())))]));
  }
}

seat_mask state::seats_to_act() const {
  if (phase_ == stage::playing) [[likely]]
    return bit(to_act_);
  return seats_to_act_other();
}

seat_mask state::seats_to_act_other() const {
  switch (phase_) {
    case stage::special:
      return magic_.waiting ? magic_.waiting : bit(pending_.seat);
    case stage::playing_specials:
      return bit(to_act_);
    case stage::choose_trump:
      return bit(dealer_);
    case stage::bidding:
      if (type_ == round_type::blind)
        return static_cast<seat_mask>(all_seats(table_.players) & ~bid_placed_);
      return bit(to_act_);
    case stage::playing:
      return bit(to_act_);
    case stage::mission:
      return static_cast<seat_mask>(all_seats(table_.players) & ~missions_chosen());
    case stage::pairing:
      return bit(dealer_);
    case stage::place:
      return bit(to_act_);
    case stage::split:
      return static_cast<seat_mask>(all_seats(table_.players) & ~split_chosen_);
    case stage::leak:
      if (table_.leak == leak_variation::secret)
        return static_cast<seat_mask>(all_seats(table_.players) & ~made(leak_choice_, no_leak));
      return bit(to_act_);
    case stage::finished:
      break;
  }
  return 0;
}

// The round's limits (set at its deal), unless they change as it goes.
bid_rules state::bid_rules_for(int seat) const {
  if (!uses(use_bid_limits)) [[likely]]
    return round_bids_;
  return changing_bid_rules(seat);
}

bid_rules state::changing_bid_rules(int seat) const {
  bid_rules r = round_bids_;
  // The Split: bids range over the tricks of the half bid for.
  if (splits_hand(type_, hand_size_))
    r.max_bid = table_.max_bid(half_size(hand_size_, bidding_half_));
  // Rulings, Alliances: only one member of a team may double-bid. Our ruling for Suit
  // Precision-Alliances: one member per suit (so that the team's bid of a suit stays one
  // number or two).
  const int ally = is_alliance_type(type_) ? ally_of(groups_, table_.players, seat) : -1;
  if (ally >= 0 && has_seat(bid_placed_, ally)) {
    const auto a = static_cast<std::size_t>(ally);
    if (type_ == round_type::alliances ? bids_[a].is_double()
        : type_ == round_type::suit_precision_alliances
            ? suit_bids_[a][static_cast<std::size_t>(bidding_suit_)].is_double()
            : false)
      r.doubles_allowed = false;
  }
  // Screw the dealer applies to Normal Bidding only, where the dealer bids last and sees
  // every other bid.
  if (table_.screw_the_dealer && type_ == round_type::normal && seat == dealer_) {
    int others = 0;
    for (int s = 0; s < table_.players; ++s)
      if (s != dealer_) others += bids_[static_cast<std::size_t>(s)].lo;
    r.forbidden = hand_size_ - others;
  }
  return r;
}

void state::legal_actions(int seat, action_list& out) const {
  out.clear();
  // Most actions are plays: the short way first (an Alliance round's turn offers Secret Notes
  // too: legal_other), then a game with specials' turn of play.
  if (phase_ == stage::playing && !uses(use_secret_notes)) [[likely]] {
    if (seat == to_act_) append_plays(playable_now(), out);
    return;
  }
  if (phase_ == stage::playing_specials) {
    if (seat == to_act_) legal_turn_with_specials(seat, out);
    return;
  }
  legal_other(seat, out);
}

// Rulings, Alliances: the Secret Note, once per round, on one's turn (bidding or playing):
// one card of the hand shown to the ally alone. The solo player has nobody to show it to.
bool state::may_note(int seat) const {
  return is_alliance_type(type_) && !has_seat(noted_, seat) &&
         ally_of(groups_, table_.players, seat) >= 0 &&
         (phase_ == stage::bidding || phase_ == stage::playing ||
          phase_ == stage::playing_specials) &&
         !wager_due_ && seat == to_act_;
}

void state::append_notes(int seat, action_list& out) const {
  if (!may_note(seat)) return;
  for (card c : hands_[static_cast<std::size_t>(seat)]) out.push_back(note_action(c));
}

apply_result state::secret_note(int seat, action a) {
  if (!may_note(seat))
    return refuse(is_alliance_type(type_)
                      ? "a Secret Note is shown once a round, on your turn, to your ally"
                      : "a Secret Note is for Alliance rounds");
  const card c = card_of(a);
  if (index_of(c) >= card_count || !hands_[static_cast<std::size_t>(seat)].contains(c))
    return refuse("you do not hold " + std::string(card_id(c)));
  noted_ = static_cast<seat_mask>(noted_ | bit(seat));
  note_cards_[static_cast<std::size_t>(seat)] = c;
  last_was_play_ = false;
  last_other_seat_ = seat;
  last_other_ = a;
  return std::nullopt;
}

void state::legal_other(int seat, action_list& out) const {
  if (!has_seat(seats_to_act_other(), seat)) return;
  if (table_.special_rules) {
    legal_special_rules(seat, out);
    return;
  }
  switch (phase_) {
    case stage::choose_trump:
      for (int s = 0; s < suit_count; ++s)
        out.push_back(choose_trump_action(static_cast<trump>(s)));
      break;
    case stage::bidding:
      if (wager_due_)
        append_wagers(out);
      else
        append_bids(bid_rules_for(seat), out);
      if (uses(use_secret_notes)) [[unlikely]]
        append_notes(seat, out);
      break;
    case stage::playing:
      append_plays(playable_now(), out);
      if (uses(use_secret_notes)) append_notes(seat, out);
      break;
    case stage::mission:
      append_missions(mission_offer_, out);
      break;
    case stage::pairing:
      append_pairing(out);
      break;
    case stage::leak:
      append_leaks(out);
      break;
    case stage::place:
      append_places(place_options_, out);
      break;
    case stage::split:
      append_split_choices(seat, out);
      break;
    case stage::finished:
    case stage::special:
    case stage::playing_specials:
      break;
  }
}

// The dealer's next step: with an odd count at an Alliances round, who plays alone; then
// whom the next seat pairs with.
void state::append_pairing(action_list& out) const {
  if (is_alliance_type(type_) && needs_solo(groups_, table_.players)) {
    append_solos(table_.players, out);
    return;
  }
  crown_battles::append_pairs(groups_, table_.players,
                              next_to_pair(groups_, table_.players, dealer_), out);
}

game_error state::turn_error(int seat) const {
  std::string why;
  if (phase_ == stage::bidding && type_ == round_type::blind)
    why = "you have already bid this round";
  else if (phase_ == stage::mission)
    why = "you have chosen your mission; the others are choosing theirs";
  else if (phase_ == stage::leak && table_.leak == leak_variation::secret)
    why = "you have chosen your suit; the others are choosing theirs";
  else if (phase_ == stage::split)
    why = "you have split your hand; the others are splitting theirs";
  else if (phase_ == stage::pairing)
    why = "the dealer (seat " + std::to_string(dealer_) + ") is pairing the players";
  else if (phase_ == stage::place)
    why = "seat " + std::to_string(to_act_) + " is placing the trick it won under a suit";
  else if (phase_ == stage::choose_trump)
    why = "the dealer (seat " + std::to_string(dealer_) + ") is naming the trump";
  else
    why = "it is seat " + std::to_string(to_act_) + "'s turn";
  (void)seat;
  return {error_code::not_your_turn, std::move(why)};
}

apply_result state::apply(int seat, action a) {
  // Most actions are plays: the short way first (play_card inlined here), everything else out
  // of line, so that the base game's card pays for no other test.
  if (phase_ == stage::playing && seat == to_act_) [[likely]]
    return play_card(seat, a);
  return apply_other(seat, a);
}

apply_result state::apply_other(int seat, action a) {
  // A game with specials has its own short way for a turn of play (specials.cpp).
  if (phase_ == stage::playing_specials && seat == to_act_) {
    start_notes();
    return apply_turn_with_specials(seat, a);
  }
  if (phase_ == stage::finished) return game_over();
  if (seat < 0 || seat >= table_.players) return no_seat(seat);
  if (table_.special_rules) return apply_special_rules(seat, a);
  if (!has_seat(seats_to_act_other(), seat)) return turn_error(seat);
  rounds_at_apply_ = history_.size();  // whether a placement ended the round (events.cpp)
  // A card and a Secret Note note themselves for the move log.
  if (phase_ == stage::playing) return play_card(seat, a);
  if (phase_ == stage::bidding && kind_of(a) == action_kind::note) return secret_note(seat, a);
  // Built in place, not assigned: an apply_result holds an error's text.
  apply_result r = [&]() -> apply_result {
    switch (phase_) {
      case stage::choose_trump:
        return choose_trump(seat, a);
      case stage::bidding:
        return wager_due_ ? place_wager(seat, a) : place_bid(seat, a);
      case stage::mission:
        return choose_mission(seat, a);
      case stage::pairing:
        return pair_players(seat, a);
      case stage::leak:
        return choose_leak(seat, a);
      case stage::place:
        return place_trick(seat, a);
      case stage::split:
        return choose_split(seat, a);
      case stage::playing:
      case stage::finished:
      case stage::special:
      case stage::playing_specials:
        break;
    }
    return game_over();
  }();
  // The move log's note (events.cpp), taken only when the action was accepted: a refused
  // action leaves everything as it was.
  if (!r) {
    last_was_play_ = false;
    last_other_seat_ = seat;
    last_other_ = a;
  }
  return r;
}

// Rulings, Trump spinner: on "dealer's choice" the dealer names one of the four suits.
apply_result state::choose_trump(int, action a) {
  if (kind_of(a) != action_kind::choose_trump)
    return refuse("the spinner shows dealer's choice: the dealer names the trump suit first");
  const trump t = trump_of(a);
  if (t >= trump::none)
    return refuse("dealer's choice names one of the four suits (R, B, G, Y), not no trump");
  trump_ = t;
  open_bidding();
  return std::nullopt;
}

apply_result state::place_bid(int seat, action a) {
  const action_kind k = kind_of(a);
  if (k != action_kind::single_bid && k != action_kind::double_bid)
    return refuse("it is time to bid");
  bid b = bid_of(a);
  const bid_rules r = bid_rules_for(seat);
  // A double bid's code names its lower number; from 255 the upper one wraps to 0.
  if (b.hi > r.max_bid || b.hi < b.lo)
    return refuse("bids range from 0 to " + std::to_string(r.max_bid) + " this round");
  if (b.is_double() && !r.doubles_allowed)
    return refuse(type_ == round_type::wagering    ? "no double bid in a Wagering round"
                  : hand_size_ == 1                ? "no double bid when one card is dealt"
                  : type_ == round_type::the_split ? "no double bid in The Split"
                  : type_ == round_type::suit_precision_alliances
                      ? "your ally has double-bid this suit: one double bid per suit per team"
                      : "your ally has double-bid: one double bid per team");
  if (b.lo == r.forbidden || b.hi == r.forbidden)
    return refuse("screw the dealer: the bids would add up to " + std::to_string(hand_size_) +
                  ", the cards dealt");
  if (uses(use_bid_parts) && !last_part(seat, b)) return std::nullopt;
  bids_[static_cast<std::size_t>(seat)] = b;
  bid_placed_ = static_cast<seat_mask>(bid_placed_ | bit(seat));
  // Wagering's option: the same seat says its extra wager before the next seat bids.
  if (uses(use_bid_parts) && type_ == round_type::wagering && table_.extra_wager) {
    wager_due_ = true;
    return std::nullopt;
  }
  after_bid(seat);
  return std::nullopt;
}

// A bid placed in parts: false until the seat's last part is in, which makes `b` its bid.
bool state::last_part(int seat, bid& b) {
  // Rulings, Suit Precision: a bid for each suit in turn, R, B, G, Y; the seat's bid is then
  // their sum (what the score table shows).
  if (is_precision_type(type_)) {
    suit_bids& mine = suit_bids_[static_cast<std::size_t>(seat)];
    mine[static_cast<std::size_t>(bidding_suit_)] = b;
    if (++bidding_suit_ < suit_count) return false;
    bidding_suit_ = 0;
    b = total_of(mine);
    return true;
  }
  // Rulings, The Split: a bid for each half in turn; the seat's bid is their sum.
  if (splits_hand(type_, hand_size_)) {
    half_counts& mine = half_bids_[static_cast<std::size_t>(seat)];
    mine[static_cast<std::size_t>(bidding_half_)] = b.lo;
    if (++bidding_half_ < 2) return false;
    bidding_half_ = 0;
    b = single_bid(mine[0] + mine[1]);
  }
  return true;
}

apply_result state::place_wager(int seat, action a) {
  if (kind_of(a) != action_kind::wager)
    return refuse("you have bid: now your extra wager (0, 10 or 20)");
  const int extra = extra_of(a);
  if (extra > max_extra_wager) return refuse("an extra wager is 0, 10 or 20 points");
  wagers_[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(extra);
  wager_due_ = false;
  after_bid(seat);
  return std::nullopt;
}

// The next seat bids, or, when every bid is in, the first trick begins.
void state::after_bid(int seat) {
  const bool everyone =
      type_ == round_type::blind ? bid_placed_ == all_seats(table_.players) : seat == dealer_;
  if (!everyone) {
    to_act_ = next_seat(seat, table_.players);
    return;
  }
  start_play();
}

seat_mask state::made(const std::array<std::uint8_t, max_seats>& choices, std::uint8_t none) const {
  seat_mask m = 0;
  for (int s = 0; s < table_.players; ++s)
    if (choices[static_cast<std::size_t>(s)] != none) m = static_cast<seat_mask>(m | bit(s));
  return m;
}

apply_result state::choose_mission(int seat, action a) {
  if (kind_of(a) != action_kind::mission)
    return refuse("a Missions round has no bids: choose one of the missions offered");
  const int id = mission_of(a);
  if (id >= mission_count || !((mission_offer_ >> id) & 1u))
    return refuse("that mission is not offered this round");
  missions_[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(id);
  if (missions_chosen() == all_seats(table_.players)) start_play();
  return std::nullopt;
}

// Leaked Suit: the seat shows every card it holds of the choice; they stay face up while it
// holds them (a card that leaves the hand is not shown again, one that arrives is not shown).
void state::reveal_leak(int seat, int choice) {
  const auto i = static_cast<std::size_t>(seat);
  leak_choice_[i] = static_cast<std::uint8_t>(choice);
  leaked_[i] = hands_[i] & leak_cards(choice);
  leak_shown_ = static_cast<seat_mask>(leak_shown_ | bit(seat));
}

apply_result state::choose_leak(int seat, action a) {
  if (kind_of(a) != action_kind::leak)
    return refuse("Leaked Suit: first the suit to reveal (R, B, G, Y or the monsters)");
  const int choice = leak_of(a);
  if (choice >= leak_choice_count) return refuse("leak one of R, B, G, Y or the monsters");
  const int n = table_.players;
  switch (table_.leak) {
    case leak_variation::secret:  // revealed together once everyone has chosen
      leak_choice_[static_cast<std::size_t>(seat)] = static_cast<std::uint8_t>(choice);
      if (made(leak_choice_, no_leak) != all_seats(n)) return std::nullopt;
      for (int s = 0; s < n; ++s) reveal_leak(s, leak_choice_[static_cast<std::size_t>(s)]);
      break;
    case leak_variation::clockwise:  // each revealed at once; the dealer chooses last
      reveal_leak(seat, choice);
      if (seat != dealer_) {
        to_act_ = next_seat(seat, n);
        return std::nullopt;
      }
      break;
    case leak_variation::dealer:  // one suit for everyone
      for (int s = 0; s < n; ++s) reveal_leak(s, choice);
      break;
    case leak_variation::spinner:
    case leak_variation::neighbour:
      return refuse("the leaked suits are drawn this round");
  }
  leaks_done_ = true;
  open_bidding();
  return std::nullopt;
}

// The variations without a choice: the spinner names one for everyone (each of the five
// alike: our ruling), or a random card of each seat's hand, drawn by its right neighbour,
// names that seat's (a hand of Peasants and other specials shows nothing).
void state::draw_leaks() {
  const int n = table_.players;
  if (table_.leak == leak_variation::spinner) {
    const int choice = static_cast<int>(rng_.below(leak_choice_count));
    for (int s = 0; s < n; ++s) reveal_leak(s, choice);
  } else {
    for (int k = 1; k <= n; ++k) {
      const int s = (dealer_ + k) % n;
      card_set named;
      for (card c : hands_[static_cast<std::size_t>(s)])
        if (leak_choice_of(c) != no_leak) named.insert(c);
      if (named.empty()) continue;
      const card c = nth_card(named, rng_.below(static_cast<std::uint32_t>(named.size())));
      reveal_leak(s, leak_choice_of(c));
    }
  }
  leaks_done_ = true;
}

apply_result state::pair_players(int, action a) {
  if (is_alliance_type(type_) && needs_solo(groups_, table_.players)) {
    if (kind_of(a) != action_kind::solo)
      return refuse("Alliances: with an odd count the dealer first names who plays alone");
    if (argument_of(a) >= table_.players)
      return refuse("there is no seat " + std::to_string(argument_of(a)));
    name_solo(groups_, table_.players, argument_of(a));
    if (all_paired(groups_, table_.players)) open_bidding();
    return std::nullopt;
  }
  const int first = next_to_pair(groups_, table_.players, dealer_);
  if (kind_of(a) != action_kind::pair)
    return refuse(std::string(is_alliance_type(type_)
                                  ? "Alliances: the dealer forms the teams"
                                  : "Duel Fights: the dealer pairs the players") +
                  " first (pair seat " + std::to_string(first) + " with another)");
  const int partner = partner_of(a);
  if (partner >= table_.players || partner == first ||
      groups_[static_cast<std::size_t>(partner)] != no_group)
    return refuse("seat " + std::to_string(first) +
                  " pairs with a seat that has no duel yet, not seat " + std::to_string(partner));
  pair_seats(groups_, table_.players, first, partner);
  if (all_paired(groups_, table_.players)) open_bidding();
  return std::nullopt;
}

// What a won trick tells the missions: the winner's first trick, and whether a trump won it.
// Called once the trick is counted among those played.
void state::note_trick_won(int seat, card winning) {
  const auto i = static_cast<std::size_t>(seat);
  if (first_win_[i] == 0) first_win_[i] = static_cast<std::uint8_t>(tricks_played_);
  if (is_numbered(winning) && is_trump(trump_, suit_of(winning)))
    won_with_trump_ = static_cast<seat_mask>(won_with_trump_ | bit(seat));
}

void state::start_play() {
  // Rulings, Tricks: the player left of the dealer leads the first trick.
  phase_ = table_.special_rules ? stage::playing_specials : stage::playing;
  start_trick(next_seat(dealer_, table_.players));
  to_act_ = trick_.leader;
  update_playable();
}

apply_result state::play_card(int seat, action a) {
  // One test for a legal play: a play action, of a card among the seat's playable cards.
  const std::uint32_t i = a.code & 0xffu;
  const bool is_play = (a.code >> 8) == static_cast<std::uint32_t>(action_kind::play);
  const std::uint64_t word = i < 64 ? playable_low_ : playable_high_;
  const bool held = i < card_count && ((word >> (i & 63u)) & 1u);
  if (!(is_play & held)) [[unlikely]]
    return kind_of(a) == action_kind::note ? secret_note(seat, a) : refuse_play(seat, a);
  const card c = card_at(static_cast<int>(i));
  hands_[static_cast<std::size_t>(seat)].erase(c);
  trick_.play(c, trump_);
  last_was_play_ = true;
  if (trick_.count == trick_size_)
    finish_trick();
  else
    to_act_ = next_seat(seat, table_.players);
  update_playable();
  return std::nullopt;
}

// The invariant behind the one-test check in play_card: while playing, playable_low_ and
// playable_high_ are what the seat to act may play to the current trick.
void state::update_playable() {
  card_set hand = hands_[static_cast<std::size_t>(to_act_)];
  // Rulings, The Split: the first half is played as if it were the whole hand (follow suit
  // from its cards); once it is over, first_half_ is empty.
  if (uses(use_first_half) && half_ == 0) [[unlikely]]
    hand = hand & first_half_;
  const card_set p = playable(hand, trick_.lead_suit);
  playable_low_ = p.low_word();
  playable_high_ = p.high_word();
}

// Why a play is refused; kept out of play_card so that the legal path stays short.
game_error state::refuse_play(int seat, action a) const {
  if (kind_of(a) != action_kind::play) return refuse("it is time to play a card");
  const card c = card_of(a);
  const card_set hand = hands_[static_cast<std::size_t>(seat)];
  if (index_of(c) >= card_count || !hand.contains(c))
    return refuse("you do not hold " + std::string(card_id(c)));
  if (splits_hand(type_, hand_size_) && half_ == 0 && !first_half_.contains(c))
    return refuse(std::string(card_id(c)) + " is in your second half: play the first half first");
  const suit s = suit_of(trick_.lead_suit);
  std::string held;
  for (card f : (hand & suit_cards(s)))
    held += (held.empty() ? "" : ", ") + std::string(card_id(f));
  return refuse("you must follow " + std::string(suit_name(s)) + ": you hold " + held);
}

// Rulings, Tricks: the winner takes the trick and leads the next.
void state::finish_trick() {
  const int w = trick_.winner(table_.players);
  ++tricks_won_[static_cast<std::size_t>(w)];
  ++tricks_played_;
  ++tricks_in_game_;
  last_trick_ = trick_;
  round_tricks_[static_cast<std::size_t>(tricks_played_ - 1)] = trick_;
  has_last_trick_ = true;
  // A round type's steps at a trick's end are out of line: a base game's round has none.
  if (uses(use_trick_record | use_half_tricks | use_placement)) [[unlikely]] {
    trick_end_by_type(w);
    return;
  }
  next_trick(w);
}

// What a round's type does at a trick's end: Missions note the winner's first trick and a
// trump's win, The Split counts the trick for its half (and the dealer's left leads the second
// half), Suit Precision's winner may have to place the trick under a suit before play goes on.
void state::trick_end_by_type(int winner) {
  if (uses(use_trick_record))
    note_trick_won(winner, last_trick_.cards[static_cast<std::size_t>(last_trick_.winning)]);
  int leader = winner;
  if (uses(use_half_tricks)) {
    count_half_trick(winner);
    leader = next_leader(winner);
  }
  if (uses(use_placement) && await_placement(winner)) {
    start_trick(leader);  // on the table meanwhile; after_placement goes on from here
    return;
  }
  next_trick(leader);
}

// `leader` leads the next trick, unless the one just finished was the round's last.
void state::next_trick(int leader) {
  start_trick(leader);
  to_act_ = leader;
  if (tricks_played_ == tricks_in_round_) finish_round();
}

// Rulings, Long Play: every player plays two cards to a trick, but one to the last trick of
// a round dealt an odd number of cards. (Every other round's tricks take one card a player,
// set at the deal.)
void state::start_trick(int leader) {
  trick_.start(leader);
  if (uses(use_long_tricks)) [[unlikely]] {
    const bool last_of_odd = hand_size_ % 2 == 1 && tricks_played_ == tricks_in_round_ - 1;
    trick_size_ = table_.players << static_cast<int>(!last_of_odd);
  }
}

// Rulings, Suit Precision: the trick just won goes under a suit, by the card that won it
// (precision.hpp). With one suit allowed it goes there at once; otherwise its winner chooses.
bool state::await_placement(int winner) {
  const card won_by = last_trick_.cards[static_cast<std::size_t>(last_trick_.winning)];
  place_options_ = placement_suits(won_by, last_trick_.lead_suit, trump_);
  if (std::has_single_bit(place_options_)) {
    ++suit_tricks_[static_cast<std::size_t>(winner)]
                  [static_cast<std::size_t>(std::countr_zero(place_options_))];
    return false;
  }
  resume_ = phase_;
  phase_ = stage::place;
  to_act_ = winner;
  return true;
}

apply_result state::place_trick(int seat, action a) {
  if (kind_of(a) != action_kind::place)
    return refuse("Suit Precision: first place the trick you won under a suit");
  const int s = placed_suit_of(a);
  if (s >= suit_count || !((place_options_ >> s) & 1u))
    return refuse("this trick may go under " + suits_text(place_options_));
  ++suit_tricks_[static_cast<std::size_t>(seat)][static_cast<std::size_t>(s)];
  after_placement();
  return std::nullopt;
}

// Play goes on where the trick's end left it: the next trick, the ⏳ actions of a game with
// Special Power cards, or the round's end.
void state::after_placement() {
  phase_ = resume_;
  if (table_.special_rules) {
    run_trick_end_queue();
    return;
  }
  if (tricks_played_ == tricks_in_round_) {
    finish_round();
    return;
  }
  update_playable();
}

// Rulings, Scoring: points, then the crown; the game ends after the schedule once exactly
// one player leads, otherwise another round with the last hand size.
void state::finish_round() {
  const int n = table_.players;
  // Filled where the score table keeps it: a round's summary is a few hundred bytes.
  round_summary& r = history_.emplace_back();
  r.number = round_index_ + 1;
  r.hand_size = hand_size_;
  r.type = type_;
  r.trump_suit = trump_;
  r.spinner = spinner_;
  r.dealer = dealer_;
  const auto seats = static_cast<std::size_t>(n);
  for (std::size_t s = 0; s < seats; ++s) {
    r.bids[s] = bids_[s];
    r.tricks[s] = static_cast<std::uint8_t>(tricks_won_[s]);
    r.points[s] = round_points(bids_[s], tricks_won_[s]);
  }
  if (uses(use_own_state)) score_by_type(r);
  for (std::size_t s = 0; s < seats; ++s) scores_[s] += r.points[s];
  crown_ = unique_leader(std::span<const int>(scores_.data(), static_cast<std::size_t>(n)));
  bids_revealed_ = true;
  ++round_index_;
  if (round_index_ >= table_.rounds && crown_ >= 0) {
    phase_ = stage::finished;
    winner_ = crown_;
    return;
  }
  dealer_ = next_seat(dealer_, n);
  start_round();
}

// Rulings, each round type's scoring (and what its summary keeps), in place of a bid against
// the tricks won.
void state::score_by_type(round_summary& r) {
  const int n = table_.players;
  const auto seats = static_cast<std::size_t>(n);
  if (is_missions_round(type_)) {
    r.missions = missions_;
    for (int s = 0; s < n; ++s) {
      const auto i = static_cast<std::size_t>(s);
      const bool done = mission_completed(
          missions_[i], {tricks_won_[i], has_seat(won_with_trump_, s), first_win_[i]});
      if (done) r.missions_completed = static_cast<seat_mask>(r.missions_completed | bit(s));
      r.points[i] = mission_points(missions_[i], n, hand_size_, done);
    }
  }
  if (type_ == round_type::leaked_suit) r.leaks = leak_choice_;
  if (splits_hand(type_, hand_size_)) {
    for (std::size_t s = 0; s < seats; ++s) {
      r.half_bids[s] = half_bids_[s];
      r.half_tricks[s] = half_tricks_[s];
      r.points[s] = split_points(half_bids_[s], half_tricks_[s]);
    }
  }
  if (is_precision_type(type_)) {
    r.suit_bids = suit_bids_;
    r.suit_tricks = suit_tricks_;
    for (std::size_t s = 0; s < seats; ++s)
      r.points[s] = precision_points(suit_bids_[s], suit_tricks_[s]);
    if (type_ == round_type::suit_precision_alliances) {
      r.groups = groups_;
      r.points = precision_alliance_points(std::span<const suit_bids>(suit_bids_.data(), seats),
                                           std::span<const suit_counts>(suit_tricks_.data(), seats),
                                           groups_);
    }
  }
  if (type_ == round_type::alliances) {
    r.groups = groups_;
    r.points = alliance_points(std::span<const bid>(r.bids.data(), seats),
                               std::span<const std::uint8_t>(r.tricks.data(), seats), groups_);
  }
  if (type_ == round_type::missions_alliances) {
    r.groups = groups_;
    std::array<int, max_seats> values{};
    for (int s = 0; s < n; ++s)
      values[static_cast<std::size_t>(s)] =
          mission_points(missions_[static_cast<std::size_t>(s)], n, hand_size_, true);
    r.points = missions_alliance_points(std::span<const int>(values.data(), seats),
                                        r.missions_completed, groups_);
  }
  if (type_ == round_type::duel_fights) {
    r.groups = groups_;
    r.points = duel_points(std::span<const bid>(r.bids.data(), seats),
                           std::span<const std::uint8_t>(r.tricks.data(), seats), groups_);
  }
  if (type_ == round_type::wagering) {
    r.extra_wagers = wagers_;
    const wagering_outcome o =
        wagering_points(std::span<const bid>(r.bids.data(), seats),
                        std::span<const std::uint8_t>(r.tricks.data(), seats),
                        std::span<const std::uint8_t>(r.extra_wagers.data(), seats), pot_);
    r.pot = wagering_pot(pot_, n);
    r.points = o.points;
    pot_ = o.carried;
  }
}

std::uint64_t state::state_hash() const {
  state_hasher h;
  // Settings.
  h.add(static_cast<std::uint64_t>(table_.players));
  h.add(table_.deck.low_word());
  h.add(table_.deck.high_word());
  h.add(static_cast<std::uint64_t>(table_.rounds));
  for (int i = 0; i < table_.rounds; ++i) h.add(table_.schedule[static_cast<std::size_t>(i)]);
  for (int i = 0; i < table_.type_count; ++i)
    h.add(static_cast<std::uint64_t>(table_.types[static_cast<std::size_t>(i)]));
  h.add(table_.screw_the_dealer);
  h.add(static_cast<std::uint64_t>(table_.bid_cap));
  for (int i = 0; i < table_.sequence_length; ++i)  // none at most tables: digests unchanged
    h.add(static_cast<std::uint64_t>(table_.sequence[static_cast<std::size_t>(i)]) | 1u << 8);
  if (deal_) {
    h.add(static_cast<std::uint64_t>(deal_->first_dealer.value_or(-1)));
    for (const stacked_round& r : deal_->rounds) {
      if (r.hands)
        for (const card_set& hand : *r.hands) h.add(hand.low_word()), h.add(hand.high_word());
      h.add(r.spinner ? static_cast<std::uint64_t>(*r.spinner) : 99);
      h.add(r.type ? static_cast<std::uint64_t>(*r.type) : 99);
    }
  }
  // The generator: its next outputs stand for its hidden words.
  prng copy = rng_;
  for (int i = 0; i < 4; ++i) h.add(copy.next());
  // The game and the round.
  h.add(static_cast<std::uint64_t>(phase_));
  h.add(static_cast<std::uint64_t>(round_index_));
  h.add(static_cast<std::uint64_t>(dealer_));
  h.add(static_cast<std::uint64_t>(crown_));
  h.add(static_cast<std::uint64_t>(winner_));
  h.add(static_cast<std::uint64_t>(hand_size_));
  h.add(static_cast<std::uint64_t>(type_));
  h.add(static_cast<std::uint64_t>(spinner_));
  h.add(static_cast<std::uint64_t>(trump_));
  h.add(bid_placed_);
  h.add(bids_revealed_);
  h.add(static_cast<std::uint64_t>(tricks_played_));
  h.add(static_cast<std::uint64_t>(to_act_));
  for (int s = 0; s < table_.players; ++s) {
    const auto i = static_cast<std::size_t>(s);
    h.add(static_cast<std::uint64_t>(scores_[i]));
    h.add(hands_[i].low_word());
    h.add(hands_[i].high_word());
    h.add(static_cast<std::uint64_t>(bids_[i].lo) << 8 | bids_[i].hi);
    h.add(static_cast<std::uint64_t>(tricks_won_[i]));
  }
  for (const trick* t : {&trick_, &last_trick_}) {
    h.add(static_cast<std::uint64_t>(t->leader) | static_cast<std::uint64_t>(t->count) << 8 |
          static_cast<std::uint64_t>(t->winning) << 16 |
          static_cast<std::uint64_t>(t->lead_suit) << 24 |
          static_cast<std::uint64_t>(static_cast<std::uint16_t>(t->winning_strength)) << 32);
    for (int i = 0; i < t->count; ++i)
      h.add(static_cast<std::uint64_t>(t->cards[static_cast<std::size_t>(i)]));
  }
  h.add(has_last_trick_);
  // Only a table that plays Wagering rounds hashes its pot: other games' digests stay as
  // they were recorded.
  if (table_.has_type(round_type::wagering)) {
    h.add(static_cast<std::uint64_t>(pot_));
    h.add(table_.extra_wager);
    h.add(wager_due_);
    for (int s = 0; s < table_.players; ++s) h.add(wagers_[static_cast<std::size_t>(s)]);
  }
  if (type_ == round_type::duel_fights || is_alliance_type(type_))
    for (int s = 0; s < table_.players; ++s) h.add(groups_[static_cast<std::size_t>(s)] | 1u << 8);
  if (is_alliance_type(type_)) {
    h.add(noted_);
    for (int s = 0; s < table_.players; ++s)
      h.add(static_cast<std::uint64_t>(note_cards_[static_cast<std::size_t>(s)]) | 3u << 8);
  }
  if (type_ == round_type::leaked_suit) {
    h.add(static_cast<std::uint64_t>(leak_shown_) | static_cast<std::uint64_t>(leaks_done_) << 16);
    for (int s = 0; s < table_.players; ++s) {
      const auto i = static_cast<std::size_t>(s);
      h.add(leak_choice_[i]);
      h.add(leaked_[i].low_word());
      h.add(leaked_[i].high_word());
    }
  }
  if (is_precision_type(type_)) {
    h.add(static_cast<std::uint64_t>(bidding_suit_) |
          static_cast<std::uint64_t>(place_options_) << 8 |
          static_cast<std::uint64_t>(resume_) << 16);
    for (int s = 0; s < table_.players; ++s)
      for (int x = 0; x < suit_count; ++x) {
        const bid b = suit_bids_[static_cast<std::size_t>(s)][static_cast<std::size_t>(x)];
        h.add(static_cast<std::uint64_t>(b.lo) << 8 | b.hi |
              static_cast<std::uint64_t>(
                  suit_tricks_[static_cast<std::size_t>(s)][static_cast<std::size_t>(x)])
                  << 16);
      }
  }
  if (type_ == round_type::the_split) {
    h.add(first_half_.low_word());
    h.add(first_half_.high_word());
    h.add(static_cast<std::uint64_t>(split_chosen_) | static_cast<std::uint64_t>(half_) << 16 |
          static_cast<std::uint64_t>(bidding_half_) << 24);
    for (int s = 0; s < table_.players; ++s) {
      const auto i = static_cast<std::size_t>(s);
      h.add(static_cast<std::uint64_t>(half_bids_[i][0]) | half_bids_[i][1] << 8 |
            half_tricks_[i][0] << 16 | half_tricks_[i][1] << 24 | 5ull << 32);
    }
  }
  if (is_missions_round(type_)) {
    h.add(mission_offer_);
    h.add(missions_chosen());
    h.add(won_with_trump_);
    for (int s = 0; s < table_.players; ++s) {
      const auto i = static_cast<std::size_t>(s);
      h.add(static_cast<std::uint64_t>(missions_[i]) << 8 | first_win_[i]);
    }
  }
  if (table_.special_rules) hash_specials(h);
  for (const round_summary& r : history_) {
    h.add(static_cast<std::uint64_t>(r.number));
    h.add(static_cast<std::uint64_t>(r.hand_size) | static_cast<std::uint64_t>(r.type) << 8 |
          static_cast<std::uint64_t>(r.trump_suit) << 16 |
          static_cast<std::uint64_t>(r.spinner) << 24 | static_cast<std::uint64_t>(r.dealer) << 32);
    for (int s = 0; s < table_.players; ++s) {
      const auto i = static_cast<std::size_t>(s);
      h.add(static_cast<std::uint64_t>(r.bids[i].lo) << 8 | r.bids[i].hi);
      h.add(r.tricks[i]);
      h.add(static_cast<std::uint64_t>(r.points[i]));
    }
    if (r.type == round_type::wagering) {
      h.add(static_cast<std::uint64_t>(r.pot));
      for (int s = 0; s < table_.players; ++s) h.add(r.extra_wagers[static_cast<std::size_t>(s)]);
    }
    if (r.type == round_type::duel_fights || is_alliance_type(r.type))
      for (int s = 0; s < table_.players; ++s) h.add(r.groups[static_cast<std::size_t>(s)]);
    if (r.type == round_type::leaked_suit)
      for (int s = 0; s < table_.players; ++s)
        h.add(r.leaks[static_cast<std::size_t>(s)] | 2u << 8);
    if (is_precision_type(r.type))
      for (int s = 0; s < table_.players; ++s)
        for (int x = 0; x < suit_count; ++x) {
          const auto i = static_cast<std::size_t>(s), j = static_cast<std::size_t>(x);
          h.add(static_cast<std::uint64_t>(r.suit_bids[i][j].lo) << 8 | r.suit_bids[i][j].hi |
                static_cast<std::uint64_t>(r.suit_tricks[i][j]) << 16);
        }
    if (r.type == round_type::the_split)
      for (int s = 0; s < table_.players; ++s) {
        const auto i = static_cast<std::size_t>(s);
        h.add(static_cast<std::uint64_t>(r.half_bids[i][0]) | r.half_bids[i][1] << 8 |
              r.half_tricks[i][0] << 16 | r.half_tricks[i][1] << 24 | 6ull << 32);
      }
    if (is_missions_round(r.type)) {
      h.add(r.missions_completed);
      for (int s = 0; s < table_.players; ++s) h.add(r.missions[static_cast<std::size_t>(s)]);
    }
  }
  return h.value();
}

json state::action_to_json(action a) const { return crown_battles::action_to_json(a); }

result<action> state::action_from_json(const json& j) const {
  return crown_battles::action_from_json(j);
}

}  // namespace crownhall::crown_battles
