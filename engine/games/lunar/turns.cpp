// Turns: who may act, what they may do, and one function per phase.
#include <string>

#include "engine/core/bit_lists.hpp"

#include "engine/games/lunar/play_rules.hpp"
#include "engine/games/lunar/state.hpp"
#include "engine/games/lunar/trick.hpp"

namespace crownhall::lunar {

namespace {

std::string seat_name(int s) { return "seat " + std::to_string(s); }
game_error illegal(std::string why) { return {error_code::illegal_action, std::move(why)}; }

}  // namespace

seat_mask game::compute_seats_to_act() const {
  switch (phase_) {
    case phase::exchange:
      return static_cast<seat_mask>(~chosen_ & 0b1111u);
    case phase::trump:
      return static_cast<seat_mask>(1u
                                    << ((start_player_ + tiles_turned_) & (settings_.players - 1)));
    case phase::playing:
      return static_cast<seat_mask>(1u << seat_at(trick_.size));
    case phase::finished:
      return 0;
  }
  return 0;
}

void game::legal_actions(int seat, action_list& out) const {
  out.clear();
  // The common case first: the seat to act lists its cached playable cards.
  if (phase_ == phase::playing) {
    if (seat != seat_at(trick_.size)) return;
    // With the Sky (two players) the list is long: a byte of the set at a time.
    if (settings_.players == 2)
      append_set_bits<card_count>(out, playable_, encode_play(0).code);
    else
      for_each_card(playable_, [&](card c) { out.push_back(encode_play(c)); });
    return;
  }
  list_other(seat, out);
}

// Kept out of legal_actions(): the exchange's 225 choices need registers and a frame that
// a card's turn would otherwise set up too.
[[gnu::noinline]] void game::list_other(int seat, action_list& out) const {
  if (!has_seat(seats_to_act(), seat)) return;
  switch (phase_) {
    case phase::exchange:
      list_exchanges(hand_[seat], out);
      return;
    case phase::trump:
      for (int s = 0; s < suit_count; ++s)
        if ((tiles_up_ >> s) & 1u) out.push_back(encode_discard(s));
      return;
    case phase::playing:
    case phase::finished:
      return;
  }
}

void game::refresh_turn() {
  if (phase_ == phase::playing) {
    const int seat = seat_at(trick_.size);
    to_act_ = static_cast<seat_mask>(1u << seat);
    playable_ = playable_cards(hand_[seat], sky_, trick_, settings_.players == 2);
    return;
  }
  to_act_ = compute_seats_to_act();
  playable_ = 0;
}

apply_result game::apply(int seat, action a) {
  // The common case first: the seat to act plays a card it may play, one bit test.
  // play() below refuses the rest with its reasons.
  const card c = played_card(a);
  if (phase_ == phase::playing && type_of(a) == action_type::play && c < card_count &&
      ((playable_ >> c) & 1u) && seat == seat_at(trick_.size)) {
    note_ = note_of(seat, a);
    if (trick_.size == 3) {  // the last card of the trick (one in four)
      take_card(seat, c);
      refresh_turn();
      return std::nullopt;
    }
    play_within_trick(seat, c);
    return std::nullopt;
  }
  return apply_other(seat, a);
}

// A card that leaves the trick open (positions 0-2): the next seat's cards are worked out
// here from the trick just placed, without refresh_turn()'s general case.
[[gnu::always_inline]] inline void game::play_within_trick(int seat, card c) {
  const int pos = trick_.size;
  // The next seat's side played two positions before it: the card before this one (read
  // before the new card goes down).
  const int first = pos >= 1 ? pos - 1 : 0;
  const card partner = trick_.cards[first];
  const bool partner_from_sky = (trick_.from_sky >> first) & 1u;
  place_card(seat, c);
  const int next = (seat + 1) & (settings_.players - 1);
  to_act_ = static_cast<seat_mask>(1u << next);
  playable_ = playable_at(hand_[next], sky_, pos + 1, partner, partner_from_sky, trick_.lead_suit,
                          settings_.players == 2);
}

// Kept out of apply(): its refusals build strings, and the frame they need would otherwise
// be set up for every card played.
[[gnu::noinline]] apply_result game::apply_other(int seat, action a) {
  if (phase_ == phase::finished) return game_error{error_code::game_over, "the game is over"};
  if (seat < 0 || seat >= settings_.players)
    return game_error{error_code::not_your_turn, "there is no " + seat_name(seat)};
  if (!has_seat(seats_to_act(), seat)) {
    if (phase_ == phase::exchange)
      return game_error{error_code::not_your_turn, seat_name(seat) + " has already chosen"};
    return game_error{error_code::not_your_turn,
                      "it is " + seat_name(std::countr_zero(seats_to_act())) + "'s turn"};
  }
  const move_note note = note_of(seat, a);
  apply_result refused;
  switch (phase_) {
    case phase::exchange:
      refused = exchange(seat, a);
      break;
    case phase::trump:
      refused = discard_tile(seat, a);
      break;
    case phase::playing:
      refused = play(seat, a);
      break;
    case phase::finished:
      return game_error{error_code::game_over, "the game is over"};
  }
  if (!refused) {
    note_ = note;
    refresh_turn();
  }
  return refused;
}

// Rulings, "Exchange": secret and simultaneous; the cards move once all four have chosen.
apply_result game::exchange(int seat, action a) {
  if (type_of(a) != action_type::exchange)
    return illegal("now each player passes 2 rank and 2 suit cards to their partner");
  const card_set cards = exchange_cards(a);
  if (std::popcount(cards) != 4 || std::popcount(cards & rank_cards) != 2 || (cards & ~all_cards))
    return illegal("pass exactly 2 rank cards and 2 suit cards");
  if ((cards & hand_[seat]) != cards) return illegal("you can pass only cards in your hand");
  exchange_[seat] = cards;
  chosen_ |= static_cast<std::uint8_t>(1u << seat);
  if (chosen_ != 0b1111) return std::nullopt;
  for (int s = 0; s < 4; ++s) {
    const int partner = (s + 2) % 4;
    passed_[s] = exchange_[s];
    received_[s] = exchange_[partner];
  }
  for (int s = 0; s < 4; ++s) hand_[s] = (hand_[s] & ~passed_[s]) | received_[s];
  exchange_.fill(0);
  phase_ = phase::trump;
  return std::nullopt;
}

// Rulings, "Trump": in turn from the start player, each turns one face-up tile down; the
// last one left is trump and the start player leads the first trick.
apply_result game::discard_tile(int, action a) {
  if (type_of(a) != action_type::discard_tile)
    return illegal("now a trump tile is turned face down");
  const int suit = discarded_suit(a);
  if (suit >= suit_count || !((tiles_up_ >> suit) & 1u))
    return illegal("that tile is already face down");
  tiles_up_ = static_cast<std::uint8_t>(tiles_up_ & ~(1u << suit));
  ++tiles_turned_;
  if ((tiles_up_ & (tiles_up_ - 1)) == 0) {  // one tile left (never none)
    trump_ = static_cast<std::uint8_t>(std::countr_zero(static_cast<unsigned>(tiles_up_)));
    phase_ = phase::playing;
  }
  return std::nullopt;
}

apply_result game::play(int seat, action a) {
  if (type_of(a) != action_type::play) return illegal("now a card is played to the trick");
  const card c = played_card(a);
  const bool in_sky = c < card_count && (sky_ & bit(c));
  if (c >= card_count || (!(hand_[seat] & bit(c)) && !in_sky))
    return illegal(settings_.players == 2 ? "that card is neither in your hand nor in the Sky"
                                          : "that card is not in your hand");
  if (!(playable_cards(hand_[seat], sky_, trick_, settings_.players == 2) & bit(c))) {
    const int pos = trick_.size;
    if (pos >= 2 && is_rank(c) == is_rank(trick_.cards[pos - 2]))
      return illegal(std::string("your team's second card must be a ") +
                     (is_rank(c) ? "suit" : "rank") + " card");
    if (pos >= 2 && settings_.players == 2)
      return illegal(std::string("your second card must come from ") +
                     (((trick_.from_sky >> (pos - 2)) & 1u) ? "your hand" : "the Sky"));
    if (is_suit(c) && trick_.lead_suit != no_suit && suit_of(c) != trick_.lead_suit)
      return illegal("you must follow the lead suit, " + std::string(suit_names[trick_.lead_suit]) +
                     (settings_.players == 2 ? ", from the place you play from" : ""));
    return illegal("that card would leave no legal second card for your turn");
  }
  take_card(seat, c);
  return std::nullopt;
}

// Puts a card of the seat's hand or of the Sky on the trick, field by field: the trick is
// read again right after (the next seat's cards), and a copy changed and written back
// whole would be read as wide words over these small stores, which cannot be forwarded.
[[gnu::always_inline]] inline void game::place_card(int seat, card c) {
  // From the Sky or the hand, without a branch: with two players either is a coin toss.
  const card_set from_sky = sky_ & bit(c);  // bit(c) or nothing
  const int pos = trick_.size;
  sky_ ^= from_sky;
  hand_[seat] &= ~(bit(c) ^ from_sky);
  trick_.from_sky = static_cast<std::uint8_t>(trick_.from_sky | (unsigned{from_sky != 0} << pos));
  trick_.cards[pos] = c;
  if (is_suit(c) && trick_.lead_suit == no_suit) {
    // Rules: the first suit card played sets the lead suit, whoever plays it.
    trick_.lead_suit = static_cast<std::uint8_t>(suit_of(c));
    trick_.lead_team = static_cast<std::uint8_t>(team_of(seat));
  }
  trick_.size = static_cast<std::uint8_t>(pos + 1);
}

void game::take_card(int seat, card c) {
  place_card(seat, c);
  if (trick_.size == 4) finish_trick();
}

// Rules, "After a Trick is completed": the winning team advances, keeps the starred cards,
// and its first player in this trick leads the next.
void game::finish_trick() {
  const trick_result r = resolve_trick(trick_.cards, trump_);
  const int next_leader = seat_at(r.winner);
  const int team = team_of(next_leader);
  ++tricks_won_[team];
  won_[team] |= bit(trick_.cards[0]) | bit(trick_.cards[1]) | bit(trick_.cards[2]) |
                bit(trick_.cards[3]);  // a complete trick
  round_tricks_[tricks_played_] = trick_;
  last_trick_.trick = trick_;
  last_trick_.winner_team = static_cast<std::uint8_t>(team);
  trick_ = trick_state{};
  trick_.leader = static_cast<std::uint8_t>(next_leader);
  ++tricks_in_game_;
  if (++tricks_played_ == tricks_per_round) end_round();
}

}  // namespace crownhall::lunar
