// The Split (rulings): the secret choice of each player's first half, the two halves' tricks,
// and which half a card belongs to when Special Power cards move it between hands.
#include <string>

#include "engine/games/crown_battles/state.hpp"

namespace crownhall::crown_battles {

namespace {

game_error refuse(std::string why) { return {error_code::illegal_action, std::move(why)}; }
constexpr seat_mask bit(int seat) { return static_cast<seat_mask>(1u << seat); }

}  // namespace

// Every card of the hand not yet in the first half, one at a time: a decision made of small
// steps rather than a list of every way to split the hand.
void state::append_split_choices(int seat, action_list& out) const {
  for (card c : hands_[static_cast<std::size_t>(seat)] - first_half_)
    out.push_back(split_action(c));
}

apply_result state::choose_split(int seat, action a) {
  const int want = first_half_size(hand_size_);
  if (kind_of(a) != action_kind::split)
    return refuse("The Split: first choose the " + std::to_string(want) +
                  " cards of your first half, one at a time");
  const card c = card_of(a);
  const card_set hand = hands_[static_cast<std::size_t>(seat)];
  if (index_of(c) >= card_count || !hand.contains(c))
    return refuse("you do not hold " + std::string(card_id(c)));
  if (first_half_.contains(c)) return refuse(std::string(card_id(c)) + " is in your first half");
  first_half_.insert(c);
  if ((hand & first_half_).size() < want) return std::nullopt;
  split_chosen_ = static_cast<seat_mask>(split_chosen_ | bit(seat));
  if (split_chosen_ == static_cast<seat_mask>((1u << table_.players) - 1)) open_bidding();
  return std::nullopt;
}

void state::count_half_trick(int winner) {
  ++half_tricks_[static_cast<std::size_t>(winner)][static_cast<std::size_t>(half_)];
}

bool state::first_half_ending() const {
  return splits_hand(type_, hand_size_) && half_ == 0 &&
         tricks_played_ == first_half_size(hand_size_);
}

// Rulings: the first half is played out, then the second; the player left of the dealer
// leads each. Every first-half card has been played by then, so every card held is the
// second half's. (A second half always has a trick or more: it holds the larger part.)
int state::next_leader(int winner) {
  if (!first_half_ending()) return winner;
  half_ = 1;
  first_half_ = card_set{};
  return (dealer_ + 1) % table_.players;
}

// Our ruling: a card that arrives in a hand in place of another (the Merchant's trade, a
// Magician's pass, the Smuggler's draw) takes the half of the card it replaces, so that each
// player still holds as many cards of the half in play as there are tricks left in it.
void state::take_half_of(card arriving, card leaving) {
  if (first_half_.contains(leaving))
    first_half_.insert(arriving);
  else
    first_half_.erase(arriving);
}

void state::swap_halves(card a, card b) {
  const bool a_first = first_half_.contains(a);
  take_half_of(a, b);
  if (a_first)
    first_half_.insert(b);
  else
    first_half_.erase(b);
}

// A player's first half complete: the others learn that it is, the player which cards it
// holds; once all are, bidding opens. A player who has chosen picks no more, so a pick that
// leaves its player's half complete is the one that completed it.
void state::split_events(event_lines& out) const {
  const int s = last_other_seat_;
  if (!has_seat(split_chosen_, s)) return;  // still choosing: nothing to tell anyone
  out.push_back({event_audience::except(s), "hand_split", {{"seat", s}}});
  out.push_back({event_audience::only(s),
                 "own_first_half",
                 {{"seat", s}, {"cards", cards_json(first_half_of(s))}}});
  if (phase_ != crown_battles::phase::split)
    out.push_back({event_audience::all(),
                   "all_split",
                   {{"halves", nlohmann::json::array(
                                   {half_size(hand_size_, 0), half_size(hand_size_, 1)})}}});
}

}  // namespace crownhall::crown_battles
