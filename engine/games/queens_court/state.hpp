// One game of Queen's Court: rounds of two halves, each round won by the lowest spread.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/games/queens_court/cards.hpp"
#include "engine/games/queens_court/deal.hpp"
#include "engine/games/queens_court/options.hpp"
#include "engine/games/queens_court/plays.hpp"
#include "engine/games/queens_court/scoring.hpp"

namespace crownhall::queens_court {

// first_half: play then draw; second_half: Gloves in hand, no drawing, players lock.
enum class phase : std::uint8_t { first_half, second_half, finished };

// Piles are numbered owner * 2 + side (0 left, 1 right).
constexpr int owner_of(int pile) { return pile / 2; }
constexpr int pile_of(int owner, int side) { return owner * 2 + side; }

// An action: play `card` onto `pile`. The only decision in the game.
struct play {
  card c = no_card;
  std::uint8_t pile = 0;
};
inline constexpr std::uint32_t play_tag = 1u << 16;
constexpr action encode(play p) { return {play_tag | (std::uint32_t{p.c} << 8) | p.pile}; }
constexpr bool decode(action a, play& p) {
  if ((a.code >> 16) != 1u) return false;
  p.c = static_cast<card>((a.code >> 8) & 0xffu);
  p.pile = static_cast<std::uint8_t>(a.code & 0xffu);
  return p.c < card_count;
}

// Settings that never change during a game.
struct settings {
  int players = 2;
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
  seat_mask seats_to_act() const override;
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
  // No tricks: one card from each player stands for one.
  int tricks_finished() const override { return cards_played_ / settings_.players; }
  int points_of(int seat) const override { return wins_[seat]; }  // round wins
  int search_rate() const override;

  // What `seat` (or `spectator`) may know: the struct the JSON view and the bots read.
  table_view make_view(int seat) const;
  // Where every card is, for conservation checks: the hands, piles, draw pile and the
  // cards a stacked round left out must hold each card of the deck exactly once.
  card_set cards_in_hands() const;
  card_set cards_on_piles() const;
  card_set cards_in_draw_pile() const;
  card_set cards_set_aside() const { return set_aside_; }
  card_set deck() const;  // every card in this game: numbered, one Glove per player, Queens
  const std::vector<round_result>& rounds() const { return history_; }
  int wins(int seat) const { return wins_[seat]; }

 private:
  void start_round();
  void deal_shuffled(const card* deck, int size);
  void deal_stacked(const stacked_round& round, const card* deck, int size);
  void play_card(int seat, play p);  // a legal play, in either half
  void play_first_half(int seat, play p);
  void play_second_half(int seat, play p);
  void place(card c, int pile);
  void draw(int seat, int count);
  void begin_second_half(int next);
  void end_round();
  card showing(int pile) const;
  int spread(int owner) const;
  std::uint16_t open_piles() const { return open_.mask; }
  void close_piles(std::uint16_t piles);
  // The one check a legal play needs on the hot path; anything else goes to apply_checked.
  bool is_legal_play(int seat, action a) const;
  [[gnu::noinline]] apply_result apply_checked(int seat, action a);

  settings settings_;
  enum phase phase_ = phase::first_half;
  std::uint8_t round_ = 0;  // 0-based number of the current round
  std::uint8_t first_player_ = 0;
  std::uint8_t to_act_ = 0;
  int cards_played_ = 0;      // every round's, for tricks_finished()
  std::uint8_t locked_ = 0;   // seats whose spread is locked in (second half)
  std::uint16_t closed_ = 0;  // piles under a Glove or of a locked seat
  open_piles_codes open_;     // the others, as action codes (derived: not hashed)
  std::uint8_t draw_next_ = 0, draw_end_ = 0;
  std::uint8_t winner_ = no_seat;
  std::array<std::uint8_t, max_players> wins_{};
  std::array<card_set, max_players> hand_{};
  std::array<card, max_piles> top_{};
  std::array<std::uint8_t, max_piles> pile_size_{};
  std::array<card, card_count> under_{};  // the card beneath each card on a pile
  std::array<card, card_count> draw_{};
  card_set set_aside_ = 0;
  prng rng_;
  std::vector<round_result> history_;
  // What the last successful apply() did, for last_events() (events.cpp): a few stores on
  // the hot path, the text only when asked. Not hashed: they describe the move.
  struct move_note {
    std::uint8_t seat = no_seat;
    play p;
    std::uint8_t round = 0;      // round_ before the move
    std::uint8_t draw_from = 0;  // draw_next_ before the move: what it drew follows
  } note_;
  void note_move(int seat, play p) {
    note_.seat = static_cast<std::uint8_t>(seat);
    note_.p = p;
    note_.round = round_;
    note_.draw_from = draw_next_;
  }
};

}  // namespace crownhall::queens_court
