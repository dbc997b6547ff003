// One game of The Dwarf King: seven hands (more on a tie), each dealt with one special card,
// scored by the side of a quest tile that the holder of the 5 of Knights chose.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/knowledge.hpp"
#include "engine/games/dwarf_king/actions.hpp"
#include "engine/games/dwarf_king/cards.hpp"
#include "engine/games/dwarf_king/deal.hpp"
#include "engine/games/dwarf_king/options.hpp"
#include "engine/games/dwarf_king/quests.hpp"
#include "engine/games/dwarf_king/trick.hpp"

namespace crownhall::dwarf_king {

inline constexpr std::uint8_t no_seat = 0xff;
inline constexpr std::uint8_t no_side = 0xff;

// What one hand ended with; the outcome and the views list these.
struct hand_result {
  std::uint8_t dealer = 0;
  std::uint8_t quest_holder = 0;  // the 5 of Knights
  std::uint8_t first_leader = 0;  // the 5 of Goblins
  std::uint8_t quest = 0;         // tile index 0–19
  std::uint8_t side = 0;          // 0: A, 1: B
  card special = no_card;
  std::uint8_t enchanted = no_seat;  // who took the Enchanter
  std::array<std::uint8_t, max_players> tricks{};
  std::array<std::int16_t, max_players> quest_points{};
  std::array<std::int16_t, max_players> bonus{};  // special cards' points
  std::array<std::int16_t, max_players> points{};
  std::array<std::int16_t, max_players> totals{};
};

// The Druid's swap or the Standard Bearer's pass, which the whole table sees: how many
// tricks of the hand were finished when it happened, and the seat each hand went to. One at
// most per hand, since a hand has one special card.
struct hands_moved {
  std::uint8_t after_tricks = 0xff;  // none this hand
  std::array<std::uint8_t, max_players> to{};
};

// Settings that never change during a game.
struct settings {
  int players = 3;
  options opts;
  std::shared_ptr<const stacked_deal> deal;
};

struct table_view;

class game final : public game_state {
 public:
  game(settings s, std::uint64_t seed);
  // Starts again as a new game with the same settings and this seed (no allocation).
  void restart(std::uint64_t seed);

  int seat_count() const override { return settings_.players; }
  bool is_over() const override { return phase_ == phase::finished; }
  std::string_view phase() const override;
  seat_mask seats_to_act() const override { return acting_; }
  void legal_actions(int seat, action_list& out) const override;
  apply_result apply(int seat, action a) override;
  void last_events(event_lines& out) const override;              // events.cpp
  std::optional<timed_step> timed_step_request() const override;  // choices.cpp
  json view(int seat) const override;
  json outcome() const override;
  std::uint64_t state_hash() const override;
  json action_to_json(action a) const override;
  result<action> action_from_json(const json& j) const override;
  action bot_action(int seat, bot_kind kind, prng& rng) const override;
  std::unique_ptr<game_state> clone() const override { return std::make_unique<game>(*this); }
  // The search bot (engine/core/search.hpp, docs/bots.md): sampler.cpp.
  std::unique_ptr<game_state> sample_world(int seat, prng& rng) const override;
  int rounds_finished() const override { return static_cast<int>(results_.size()); }
  int tricks_finished() const override { return tricks_in_game_; }
  std::vector<trick_play> trick_on_table() const override;  // view.cpp
  std::vector<trick_play> last_trick() const override;
  int points_of(int seat) const override { return totals_[static_cast<std::size_t>(seat)]; }
  int search_rate() const override;

  // What `seat` (or `spectator`) may know: the struct the JSON view and the bots read.
  table_view make_view(int seat) const;

  // For tests: where the cards are, and what the current hand is.
  enum phase current_phase() const { return phase_; }
  int hand_number() const { return hand_; }  // 0-based
  int dealer() const { return dealer_; }
  card special() const { return special_; }
  int quest() const { return quest_; }  // tile index 0–19
  card_set hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  card_set taken(int seat) const { return taken_[static_cast<std::size_t>(seat)]; }
  card_set on_table() const { return on_table_; }
  card_set deck() const { return basic_deck(settings_.players) | bit(special_); }
  // The cards of `holder`'s hand that `viewer` knows of (a spectator: public knowledge).
  card_set known(int viewer, int holder) const;
  int total(int seat) const { return totals_[static_cast<std::size_t>(seat)]; }
  const std::vector<hand_result>& results() const { return results_; }

 private:
  turn turn_of(int seat) const;
  void refill_specials();
  void refill_quests();
  void start_hand();
  void begin_play();
  void choose_quest(int side);
  void steal(int victim);
  void give_back(card a, card b);
  void play(int seat, card c);
  void play_within_trick(int seat, card c);  // apply()'s path for most cards
  void place_card(int seat, const played_card& p);
  void list_other(int seat, action_list& out) const;  // legal actions out of the tricks
  void finish_trick();
  bool special_acts(int winner, bool last_trick);
  void resume_play();
  void lead_next_trick();
  void swap_hands(int with);
  void pass_hands(int direction);
  void use_sorcerer(int seat, card c);
  void end_hand();
  // After every change; inline, so apply() derives the next seat's cards without a call.
  void refresh_turn() {
    if (phase_ == phase::playing) {
      acting_ = static_cast<seat_mask>(1u << to_act_);
      playable_ = playable(hands_[to_act_], current_, previous_winner_, trick_no_ == 0);
      return;
    }
    acting_ = phase_ == phase::finished   ? 0
              : phase_ == phase::sorcerer ? pending_
                                          : static_cast<seat_mask>(1u << to_act_);
    playable_ = 0;
  }
  apply_result apply_other(int seat, action a);  // everything but a legal card played
  int holder_of(card c) const;
  void reveal(card c);
  const stacked_hand* stacked(int hand) const;

  settings settings_;
  prng rng_;
  enum phase phase_ = phase::quest;
  std::uint16_t hand_ = 0;  // 0-based number of the current hand
  std::uint8_t dealer_ = 0;
  std::uint8_t to_act_ = 0;
  seat_mask pending_ = 0;  // the Sorcerer's window: seats yet to answer

  // The special cards and quest tiles still to draw, and how many of each are drawn.
  std::array<card, special_count> specials_{};
  std::uint8_t specials_drawn_ = 0;
  std::array<std::uint8_t, quest_count> quests_{};
  std::uint8_t quests_drawn_ = 0;

  // The current hand.
  card special_ = no_card;
  std::uint8_t quest_ = 0;
  std::uint8_t side_ = no_side;
  std::uint8_t quest_holder_ = 0;
  std::uint8_t first_leader_ = no_seat;
  std::array<card_set, max_players> hands_{};
  std::array<card_set, max_players> taken_{};
  // Which cards each seat knows the place of (revealed, passed, stolen, swapped), and what
  // the whole table knows (the spectator's slot). Read through known(), which keeps only
  // the cards still in the hand asked about, so a card played needs no forgetting here.
  knowledge<card_count> known_;
  std::array<std::uint8_t, max_players> tricks_{};
  std::array<std::uint8_t, max_tricks> winners_{};
  std::uint8_t trick_no_ = 0;  // 0-based number of the trick being played
  int tricks_in_game_ = 0;     // every hand's, for tricks_finished()
  trick current_;
  card_set on_table_ = 0;  // current_'s cards, kept as they are played (not hashed: derived)
  trick last_;
  // This hand's finished tricks as they were played (before a Sorcerer's exchange) and when
  // the hands moved: public history the rules never read, kept so that the search's sampler
  // can tell which suits a hand showed it lacks (sampler.cpp). Not hashed: derived from the
  // moves, like on_table_.
  std::array<trick, max_tricks> hand_tricks_{};
  hands_moved moved_{};
  std::uint8_t last_winner_ = no_seat;
  card previous_winner_ = no_card;  // the card that took the previous trick (the Mummy)
  std::array<std::int16_t, max_players> bonus_{};
  std::uint8_t enchanted_ = no_seat;
  bool tinkerer_pending_ = false;
  // Who may act, and the cards the seat to act may play (phase `playing`; else empty).
  // Derived from the rest after every change (refresh_turn), so asking who acts, listing
  // the plays and checking one are lookups; not hashed, since they add nothing to it.
  seat_mask acting_ = 0;
  card_set playable_ = 0;
  std::uint8_t effect_seat_ = no_seat;  // who decides for the Druid or the Standard Bearer
  std::uint8_t thief_ = no_seat, victim_ = no_seat;
  card_set stolen_ = 0, returned_ = 0;

  std::array<std::int16_t, max_players> totals_{};
  // What the last successful apply() did, noted with a few stores so that last_events()
  // can tell it (events.cpp). Not hashed: they describe the move, not the position.
  struct move_note {
    std::uint32_t code = 0;
    std::uint8_t seat = no_seat;
    std::uint8_t trick = 0;         // trick_no_ before the move
    std::uint16_t hand = 0;         // hand_ before the move
    std::uint8_t winner = no_seat;  // who took the last trick finished (finish_trick)
  } note_;
  void note_move(int seat, action a) {
    note_.code = a.code;
    note_.seat = static_cast<std::uint8_t>(seat);
    note_.trick = trick_no_;
    note_.hand = hand_;
  }
  // Reserved for the planned hands and a few extra: a long tie is the only growth.
  std::vector<hand_result> results_;
};

}  // namespace crownhall::dwarf_king
