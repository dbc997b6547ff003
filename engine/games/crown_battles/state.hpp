// A Crown Battles game in progress: the true state, the phase functions that change it, and
// the game_state interface over them.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/knowledge.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/alliances.hpp"
#include "engine/games/crown_battles/bidding.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/deal.hpp"
#include "engine/games/crown_battles/duels.hpp"
#include "engine/games/crown_battles/line_notes.hpp"
#include "engine/games/crown_battles/missions.hpp"
#include "engine/games/crown_battles/options.hpp"
#include "engine/games/crown_battles/precision.hpp"
#include "engine/games/crown_battles/round.hpp"
#include "engine/games/crown_battles/round_uses.hpp"
#include "engine/games/crown_battles/scoring.hpp"
#include "engine/games/crown_battles/specials.hpp"
#include "engine/games/crown_battles/split.hpp"
#include "engine/games/crown_battles/trick.hpp"

namespace crownhall::crown_battles {

struct seat_view;

class state final : public game_state {
 public:
  state(const settings& s, std::shared_ptr<const stacked_deal> deal, std::uint64_t seed);
  // Starts the same table over with another seed. Reuses the score table's memory, so a
  // benchmark or a search can play many games without allocating.
  void restart(std::uint64_t seed);

  int seat_count() const override { return table_.players; }
  bool is_over() const override { return phase_ == crown_battles::phase::finished; }
  std::string_view phase() const override { return phase_name(phase_); }
  seat_mask seats_to_act() const override;
  void legal_actions(int seat, action_list& out) const override;
  apply_result apply(int seat, action a) override;
  json view(int seat) const override;
  void write_view(int seat, std::string& out) const override;  // view_text.cpp
  json outcome() const override;
  std::uint64_t state_hash() const override;
  json action_to_json(action a) const override;
  void write_action(action a, std::string& out) const override;  // view_text.cpp
  result<action> action_from_json(const json& j) const override;
  action bot_action(int seat, bot_kind kind, prng& rng) const override;
  std::unique_ptr<game_state> clone() const override { return std::make_unique<state>(*this); }
  void last_events(event_lines& out) const override;              // events.cpp
  std::optional<timed_step> timed_step_request() const override;  // specials.cpp
  // Search support: sampler.cpp.
  std::unique_ptr<game_state> sample_world(int seat, prng& rng) const override;
  int rounds_finished() const override { return static_cast<int>(history_.size()); }
  int tricks_finished() const override { return tricks_in_game_; }
  std::vector<trick_play> trick_on_table() const override;  // view.cpp
  std::vector<trick_play> last_trick() const override;
  int points_of(int seat) const override { return scores_[static_cast<std::size_t>(seat)]; }
  int search_rate() const override;

  // What `seat` (or `spectator`) may know, as a typed struct; view() writes it as JSON and the
  // bots decide from it. Defined in view.cpp.
  seat_view view_of(int seat) const;

  // The true state, for tests and tools that are entitled to it (never for a seat or a bot).
  const settings& table() const { return table_; }
  crown_battles::phase current_phase() const {
    return phase_ == crown_battles::phase::playing_specials ? crown_battles::phase::playing
                                                            : phase_;
  }
  card_set hand(int seat) const { return hands_[static_cast<std::size_t>(seat)]; }
  int dealer() const { return dealer_; }
  int hand_size() const { return hand_size_; }
  round_type type() const { return type_; }
  trump trump_suit() const { return trump_; }
  const trick& current_trick() const { return trick_; }  // every card face up
  const std::vector<round_summary>& score_table() const { return history_; }
  const std::array<int, max_seats>& totals() const { return scores_; }
  int winner() const { return winner_; }
  int carried_pot() const { return pot_; }
  bool wager_due() const { return wager_due_; }
  // Missions rounds: each seat's mission (no_mission until chosen) and who has chosen.
  const std::array<std::uint8_t, max_seats>& missions() const { return missions_; }
  seat_mask missions_chosen() const { return made(missions_, no_mission); }
  // Duel Fights: each seat's group (no_group until paired).
  const duel_groups& groups() const { return groups_; }
  // Alliances: who has shown a Secret Note this round, and which card each showed.
  seat_mask noted() const { return noted_; }
  card note_card(int seat) const { return note_cards_[static_cast<std::size_t>(seat)]; }
  // Suit Precision: each seat's bids per suit, the tricks it placed under each suit, the suit
  // the seat to act bids next, and while a trick is placed, the suits it may go under.
  const suit_bids& suit_bids_of(int seat) const {
    return suit_bids_[static_cast<std::size_t>(seat)];
  }
  const suit_counts& suit_tricks_of(int seat) const {
    return suit_tricks_[static_cast<std::size_t>(seat)];
  }
  int bidding_suit() const { return bidding_suit_; }
  suit_mask place_options() const { return place_options_; }
  // The Split (split.cpp): each seat's cards of its first half still in hand (while choosing:
  // those chosen so far; empty once the second half is in play), who has chosen a whole first
  // half, the half in play (0 or 1), the half the seat to act bids for next, and each seat's
  // bids and tricks per half.
  card_set first_half_of(int seat) const {
    return hands_[static_cast<std::size_t>(seat)] & first_half_;
  }
  seat_mask split_chosen() const { return split_chosen_; }
  int half_in_play() const { return half_; }
  int bidding_half() const { return bidding_half_; }
  const half_counts& half_bids_of(int seat) const {
    return half_bids_[static_cast<std::size_t>(seat)];
  }
  const half_counts& half_tricks_of(int seat) const {
    return half_tricks_[static_cast<std::size_t>(seat)];
  }
  // Leaked Suit: each seat's choice (no_leak until made) and the cards it revealed.
  const std::array<std::uint8_t, max_seats>& leaks() const { return leak_choice_; }
  card_set leaked_in_hand(int seat) const {
    return hands_[static_cast<std::size_t>(seat)] & leaked_[static_cast<std::size_t>(seat)];
  }
  // Special Power cards (specials.cpp).
  const pending_step& pending() const { return pending_; }
  seat_mask shields() const { return shields_; }
  seat_mask protected_seats() const { return static_cast<seat_mask>(shields_ | wizard_kept_); }
  card_set undealt() const;
  card_set gone() const { return gone_; }  // played this round (a kept Wizard too)
  const knowledge<card_count>& known() const { return known_; }
  const trick_extras& extras() const { return extras_; }
  const magician_pass& magician() const { return magic_; }
  // The trick's strength of the card at `position`, in half steps (specials.cpp).
  int power2(int position) const;
  // Stealth Play: the cards of the trick on the table that `viewer` sees face down (bit i:
  // the i-th card); 0 in every other round and once the trick is complete (view.cpp).
  std::uint8_t face_down_positions(int viewer) const;

 private:
  // Chance steps and phases, in the order a round runs (state.cpp).
  [[gnu::noinline]] apply_result apply_other(int seat, action a);
  [[gnu::noinline]] void legal_other(int seat, action_list& out) const;
  seat_mask seats_to_act_other() const;  // every phase but a base game's turn of play
  void start_round();
  void clear_own_state();  // what a round type keeps of its own: wagers, missions, groups, …
  round_type final_round_type();
  void deal_hands();
  void draw_pairs();
  void append_pairing(action_list& out) const;
  bool may_note(int seat) const;
  void append_notes(int seat, action_list& out) const;
  apply_result secret_note(int seat, action a);
  void open_bidding();
  apply_result choose_trump(int seat, action a);
  apply_result place_bid(int seat, action a);
  bool last_part(int seat, bid& b);  // a bid per suit or per half
  apply_result place_wager(int seat, action a);
  void after_bid(int seat);
  void start_play();
  void start_trick(int leader);  // Long Play: how many cards this trick takes
  apply_result choose_mission(int seat, action a);
  // The seats whose entry of `choices` is made (not `none`): who has chosen a mission or a
  // suit to leak.
  seat_mask made(const std::array<std::uint8_t, max_seats>& choices, std::uint8_t none) const;
  apply_result pair_players(int seat, action a);
  apply_result choose_leak(int seat, action a);
  void reveal_leak(int seat, int choice);
  void draw_leaks();
  void note_trick_won(int seat, card winning);
  // The Split (split.cpp).
  void append_split_choices(int seat, action_list& out) const;
  apply_result choose_split(int seat, action a);
  void count_half_trick(int winner);
  int next_leader(int winner);  // the dealer's left when the second half begins
  // The trick just finished was the first half's last (its ⏳ actions may still run).
  bool first_half_ending() const;
  void take_half_of(card arriving, card leaving);
  void swap_halves(card a, card b);
  void split_events(event_lines& out) const;
  bool await_placement(int winner);  // precision.hpp: true when the winner must choose
  apply_result place_trick(int seat, action a);
  void after_placement();
  apply_result play_card(int seat, action a);
  game_error refuse_play(int seat, action a) const;
  void finish_trick();
  [[gnu::noinline]] void trick_end_by_type(int winner);
  void next_trick(int leader);
  void update_playable();
  void finish_round();
  void score_by_type(round_summary& r);
  bid_rules bid_rules_for(int seat) const;
  bid_rules changing_bid_rules(int seat) const;  // a round whose bids' limits change as it goes
  bool uses(round_uses any) const { return (uses_ & any) != 0; }  // any of these
  // While playing, the cards the seat to act may play (update_playable keeps them).
  card_set playable_now() const { return {playable_low_, playable_high_}; }
  game_error turn_error(int seat) const;

  // The special-rules path (specials.cpp): every step of a game with specials or shields.
  apply_result apply_special_rules(int seat, action a);
  void legal_special_rules(int seat, action_list& out) const;
  void legal_turn_with_specials(int seat, action_list& out) const;
  apply_result apply_turn_with_specials(int seat, action a);
  void legal_step(int seat, action_list& out) const;
  apply_result special_play(int seat, action a);
  apply_result special_step(int seat, action a);
  apply_result buy_shield(int seat);
  apply_result smuggle(int seat, bool before_bid);
  bool may_buy_shield(int seat) const;
  bool may_smuggle_before_bid(int seat) const;
  bool begin_step(special what, int seat, bool by_summoner);
  void end_step();
  void after_play();
  void end_special_trick();
  void run_trick_end_queue();
  void rescore_trick();
  void score_new_card(int pos, int winning_before, bool wizard_arrived);
  void stealth_play_lines(int seat, card c);  // Stealth Play's move-log lines
  void turn_up_lines();
  void start_special_round();
  void hash_specials(state_hasher& h) const;
  card random_card_of(int seat);
  // Who saw a card move (sight.cpp): a secret move is begun before the card leaves `from`
  // (for `to`, a seat, or -1 for the undealt deck) and ended once it has arrived.
  struct secret_move {
    int from, to;
    card c;
    bool in_sight;  // a card the Leaked Suit showed: everyone sees it go
  };
  secret_move begin_secret_move(int from, int to, card c);
  void end_secret_move(const secret_move& m);
  void hands_swapped_in_sight(int x, int y);
  card_set held_or_face_down(int seat) const;  // Stealth Play: its face-down card too
  bool plays_face_down(int position, card c) const;
  void face_down_cards_turned_up();
  // A new apply: the move log will show its lines only (events.cpp).
  void start_notes() {
    notes_.clear();
    last_other_ = action{};
    rounds_at_apply_ = history_.size();
  }
  // A move-log event of `kind` for `to`, noted as its arguments (line_notes.hpp): a step's
  // narration builds nothing until last_events() asks for it.
  template <std::size_t N, class... Pieces>
  void say(event_audience to, const char (&kind)[N], const Pieces&... pieces) {
    notes_.say(to, kind, pieces...);
  }
  void base_game_events(event_lines& out) const;  // events.cpp
  void round_end_events(event_lines& out) const;  // events.cpp
  void mission_events(event_lines& out) const;    // events.cpp
  void pairing_events(event_lines& out) const;    // events.cpp
  void leak_events(event_lines& out) const;       // events.cpp
  void note_events(event_lines& out) const;       // events.cpp
  void choice_events(event_lines& out) const;     // events.cpp
  game_event leak_event(int seat) const;          // events.cpp

  // Settings: never change during a game.
  settings table_;
  std::shared_ptr<const stacked_deal> deal_;   // null for a shuffled game
  std::array<card, card_count> deck_cards_{};  // the deck in index order

  // The game.
  prng rng_;
  crown_battles::phase phase_ = crown_battles::phase::bidding;
  int round_index_ = 0;  // 0-based; counts tie-break rounds too
  int dealer_ = 0;
  std::array<int, max_seats> scores_{};
  int pot_ = 0;      // Wagering: the pot carried from earlier Wagering rounds nobody won
  int crown_ = -1;   // the unique leader after the last round, -1 for nobody
  int winner_ = -1;  // once finished
  std::vector<round_summary> history_;

  // The round.
  int hand_size_ = 0;
  round_type type_ = round_type::normal;
  // What the round's type adds to the steps, and the limits of its bids (derived at the deal
  // from the type and the options, not hashed): the hot paths ask these, not the type.
  round_uses uses_ = 0;
  bid_rules round_bids_{};
  spinner_face spinner_ = spinner_face::no_trump;
  trump trump_ = trump::none;
  std::array<card_set, max_seats> hands_{};
  std::array<bid, max_seats> bids_{};
  seat_mask bid_placed_ = 0;
  // Wagering's extra wager (the option): the seat that just bid owes its wager next.
  bool wager_due_ = false;
  std::array<std::uint8_t, max_seats> wagers_{};
  // Missions rounds: the offer (bit m: mission m, the same for every seat), each seat's
  // choice, and what the tricks showed for judging them (missions.hpp, mission_record).
  std::uint8_t mission_offer_ = 0;
  std::array<std::uint8_t, max_seats> missions_{};
  seat_mask won_with_trump_ = 0;
  std::array<std::uint8_t, max_seats> first_win_{};
  duel_groups groups_{};  // Duel Fights' groups, Alliances' teams: each seat's once formed
  // Alliances: the Secret Notes shown this round (one per seat).
  seat_mask noted_ = 0;
  std::array<card, max_seats> note_cards_{};
  // Leaked Suit: each seat's choice, the cards it showed (face up while still in hand), who
  // has shown them, and whether the round's leaks are done.
  std::array<std::uint8_t, max_seats> leak_choice_{};
  std::array<card_set, max_seats> leaked_{};
  seat_mask leak_shown_ = 0;
  bool leaks_done_ = false;
  // Suit Precision: bids per suit (placed one suit at a time, R to Y, `bidding_suit_` the
  // next), tricks placed per suit, and the suits the trick just won may go under.
  std::array<suit_bids, max_seats> suit_bids_{};
  std::array<suit_counts, max_seats> suit_tricks_{};
  int bidding_suit_ = 0;
  suit_mask place_options_ = 0;
  // The Split: the cards put into first halves (read with the hands: a card played keeps its
  // bit), who has chosen, the half in play, the half being bid, bids and tricks per half.
  card_set first_half_;
  seat_mask split_chosen_ = 0;
  int half_ = 0;
  int bidding_half_ = 0;
  std::array<half_counts, max_seats> half_bids_{};
  std::array<half_counts, max_seats> half_tricks_{};
  bool bids_revealed_ = false;  // blind bids, once the round's tricks are all played
  std::array<int, max_seats> tricks_won_{};
  int tricks_played_ = 0;
  int tricks_in_game_ = 0;  // every round's, for tricks_finished()
  int to_act_ = 0;          // the seat to act in one-at-a-time phases
  // The cards the trick in play takes: one per player, two in Long Play (derived, not hashed).
  int trick_size_ = 0;
  trick trick_;
  trick last_trick_;
  // While playing: the cards the seat to act may play (derived, not hashed), kept up to date
  // by every play so that listing and checking a play need not work them out again. Two
  // words apart on purpose: stored as one 16-byte write, the next read of one word could not
  // be forwarded from it and would wait for the write to reach the cache (−10 % when fixed).
  std::uint64_t playable_low_ = 0;
  bool has_last_trick_ = false;
  std::uint64_t playable_high_ = 0;

  // Special Power cards and shields (specials.cpp); a base game never touches them.
  pending_step pending_;
  trick_extras extras_;
  magician_pass magic_;
  seat_mask shields_ = 0;      // bought this round
  seat_mask smuggled_ = 0;     // used the Smuggler before bidding this round
  seat_mask wizard_kept_ = 0;  // keeps a Wizard face up: protected this round
  card_set gone_;              // played this round (the kept Wizard too)
  int play_seat_ = 0;          // the seat whose play is being followed up
  crown_battles::phase resume_ = crown_battles::phase::playing;  // where a step returns
  knowledge<card_count> known_;      // cards of others' hands or the deck a seat was shown
  line_notes notes_;                 // the last apply's move-log lines (special-rules games)
  std::size_t rounds_at_apply_ = 0;  // rounds scored before the last apply (its lines)
  // What the last apply of a base game was, for its move-log lines (events.cpp): the one
  // store a card's turn pays is `last_was_play_`; the rest is noted off the card path.
  bool last_was_play_ = false;
  int last_other_seat_ = 0;
  action last_other_{};
  // This round's finished tricks, as everyone saw them (not hashed: the round's plays), from
  // which view_of works out the cards played and the suits each seat showed void in, for the
  // search's sampler. One copy per trick, off the per-card path. At most card_count / 2
  // tricks: a round deals at most the whole deck to at least two seats.
  std::array<trick, card_count / 2> round_tricks_{};
  // The round's number of tricks (Long Play: about half the cards dealt), set at its deal.
  int tricks_in_round_ = 0;
};

}  // namespace crownhall::crown_battles
