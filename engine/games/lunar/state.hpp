// One game of Lunar: rounds of a secret partner exchange, the trump-tile elimination and
// twelve tricks in which each team pairs a suit card with a rank card.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/games/lunar/cards.hpp"
#include "engine/games/lunar/deal.hpp"
#include "engine/games/lunar/options.hpp"

namespace crownhall::lunar {

// exchange (four players only): everyone passes 2 rank + 2 suit cards to their partner at
// once; trump: players turn tiles face down until one is left; playing: the tricks.
enum class phase : std::uint8_t { exchange, trump, playing, finished };

// Actions. exchange: two rank and two suit cards; discard_tile: a suit; play: a card.
enum class action_type : std::uint8_t { exchange = 1, discard_tile = 2, play = 3 };
constexpr action_type type_of(action a) { return static_cast<action_type>(a.code >> 24); }
constexpr action encode_play(card c) { return {(3u << 24) | c}; }
constexpr action encode_discard(int suit) {
  return {(2u << 24) | static_cast<std::uint32_t>(suit)};
}
// The four cards in ascending order: two rank cards, then two suit cards.
constexpr action encode_exchange(card r1, card r2, card s1, card s2) {
  return {(1u << 24) | r1 | (std::uint32_t{r2} << 6) | (std::uint32_t{s1} << 12) |
          (std::uint32_t{s2} << 18)};
}
constexpr card_set exchange_cards(action a) {
  card_set s = 0;
  for (int i = 0; i < 4; ++i) s |= bit(static_cast<card>((a.code >> (6 * i)) & 63u));
  return s;
}
constexpr card played_card(action a) { return static_cast<card>(a.code & 0xffu); }
constexpr int discarded_suit(action a) { return static_cast<int>(a.code & 0xffu); }

// One finished round, per team.
struct round_result {
  std::uint8_t round = 0;  // 1-based
  std::uint8_t start_player = 0;
  std::uint8_t trump = no_suit;
  std::array<std::uint8_t, 2> tricks{}, track_points{}, stars{}, points{};
  std::array<std::uint16_t, 2> scores{};  // totals after the round
};

// The trick in progress, public to everyone.
struct trick_state {
  std::uint8_t leader = 0;
  std::uint8_t size = 0;
  std::array<card, 4> cards{no_card, no_card, no_card, no_card};
  std::uint8_t from_sky = 0;  // bit per position (two players)
  std::uint8_t lead_suit = no_suit;
  std::uint8_t lead_team = 0xff;
};

// The last completed trick, so every view can show how it went.
struct finished_trick {
  trick_state trick;
  std::uint8_t winner_team = 0xff;
};

struct settings {
  int players = 4;
  options opts;
  std::shared_ptr<const stacked_deal> deal;
};

struct table_view;

class game final : public game_state {
 public:
  game(settings s, std::uint64_t seed);

  int seat_count() const override { return settings_.players; }
  bool is_over() const override { return phase_ == phase::finished; }
  std::string_view phase() const override;
  seat_mask seats_to_act() const override { return to_act_; }
  void legal_actions(int seat, action_list& out) const override;
  apply_result apply(int seat, action a) override;
  void last_events(event_lines& out) const override;  // events.cpp
  json view(int seat) const override;
  json outcome() const override;
  std::uint64_t state_hash() const override;
  json action_to_json(action a) const override;
  result<action> action_from_json(const json& j) const override;
  action bot_action(int seat, bot_kind kind, prng& rng) const override;
  std::unique_ptr<game_state> clone() const override { return std::make_unique<game>(*this); }
  // The search bot (engine/core/search.hpp, docs/bots.md): sampler.cpp.
  std::unique_ptr<game_state> sample_world(int seat, prng& rng) const override;
  int rounds_finished() const override { return static_cast<int>(history_.size()); }
  int tricks_finished() const override { return tricks_in_game_; }
  std::vector<trick_play> trick_on_table() const override;  // view.cpp
  std::vector<trick_play> last_trick() const override;
  int points_of(int seat) const override { return scores_[team_of(seat)]; }  // the team's
  int search_rate() const override;

  table_view make_view(int seat) const;
  int team_of(int seat) const { return settings_.players == 4 ? seat % 2 : seat; }
  // Where the cards are, for conservation checks.
  card_set hand(int seat) const { return hand_[seat]; }
  card_set sky() const { return sky_; }
  card_set trick_cards() const;
  card_set won_cards(int team) const { return won_[team]; }
  card_set pending_exchange(int seat) const { return exchange_[seat]; }
  // This round's exchange once done: what `seat` passed to its partner and received.
  card_set passed(int seat) const { return passed_[seat]; }
  card_set received(int seat) const { return received_[seat]; }
  int score(int team) const { return scores_[team]; }
  const std::vector<round_result>& rounds() const { return history_; }
  int trump() const { return trump_; }

 private:
  void start_round();
  apply_result exchange(int seat, action a);
  apply_result discard_tile(int seat, action a);
  apply_result play(int seat, action a);
  void list_other(int seat, action_list& out) const;  // every phase but playing
  apply_result apply_other(int seat, action a);       // everything but a legal card played
  void place_card(int seat, card c);
  void play_within_trick(int seat, card c);  // apply()'s path for most cards
  void take_card(int seat, card c);
  void finish_trick();
  void end_round();
  seat_mask compute_seats_to_act() const;
  void refresh_turn();  // after every change: to_act_ and playable_
  // Seats are counted modulo 2 or 4, powers of two: a mask, where `%` would be a division
  // on every turn (normalize_options refuses any other count).
  int seat_at(int position) const { return (trick_.leader + position) & (settings_.players - 1); }

  settings settings_;
  enum phase phase_ = phase::exchange;
  std::uint8_t round_ = 0;  // 0-based
  std::uint8_t start_player_ = 0;
  std::array<card_set, max_players> hand_{};
  card_set sky_ = 0;
  // Exchange: each seat's secret choice until all have chosen; then what moved.
  std::array<card_set, max_players> exchange_{};
  std::uint8_t chosen_ = 0;
  std::array<card_set, max_players> passed_{}, received_{};
  // Trump tiles: bit per suit still face up; trump once one is left.
  std::uint8_t tiles_up_ = 0b1111;
  std::uint8_t tiles_turned_ = 0;
  std::uint8_t trump_ = no_suit;
  trick_state trick_;
  finished_trick last_trick_;
  std::uint8_t tricks_played_ = 0;
  int tricks_in_game_ = 0;  // every round's, for tricks_finished()
  std::array<std::uint8_t, 2> tricks_won_{};
  std::array<card_set, 2> won_{};  // cards of the tricks each team won this round
  // This round's finished tricks, the first tricks_played_ entries: public (every card is
  // played face up), kept for the search's sampler, which reads from them who played what
  // and the suits a seat showed it lacks. One copy per trick, off the per-card path; not
  // hashed, since nothing in the rules depends on it.
  std::array<trick_state, tricks_per_round> round_tricks_{};
  std::array<std::uint16_t, 2> scores_{};
  std::uint8_t winner_team_ = 0xff;
  // Who may act, and the cards the seat to act may play (phase `playing`; else empty).
  // Derived from the rest after every change, so asking who acts, listing the plays and
  // checking one are lookups; not part of the state hash, since they add nothing to it.
  seat_mask to_act_ = 0;
  card_set playable_ = 0;
  prng rng_;
  std::vector<round_result> history_;
  // What the last successful apply() did, for last_events() (events.cpp): a few stores on
  // the hot path, the text only when asked. Not hashed: they describe the move.
  struct move_note {
    std::uint32_t code = 0;
    std::uint8_t seat = 0xff;
    std::uint8_t round = 0;   // round_ before the move
    std::uint8_t tricks = 0;  // tricks_played_ before the move
  } note_;
  move_note note_of(int seat, action a) const {
    return {a.code, static_cast<std::uint8_t>(seat), round_, tricks_played_};
  }
};

}  // namespace crownhall::lunar
