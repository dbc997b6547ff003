// What one seat (or a spectator) may know: a typed struct the JSON view is written from and
// the bots decide from. Nothing in it is hidden from its viewer; what the viewer may not know
// is simply not in it.
#pragma once

#include <array>
#include <span>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/core/types.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/bidding.hpp"
#include "engine/games/crown_battles/cards.hpp"
#include "engine/games/crown_battles/duels.hpp"
#include "engine/games/crown_battles/leaks.hpp"
#include "engine/games/crown_battles/missions.hpp"
#include "engine/games/crown_battles/options.hpp"
#include "engine/games/crown_battles/precision.hpp"
#include "engine/games/crown_battles/round.hpp"
#include "engine/games/crown_battles/scoring.hpp"
#include "engine/games/crown_battles/specials.hpp"
#include "engine/games/crown_battles/split.hpp"
#include "engine/games/crown_battles/trick.hpp"

namespace crownhall::crown_battles {

using json = nlohmann::json;

// Stealth Play: what a face-down card stands as in a viewer's trick (seat_view::current).
inline constexpr card face_down_card = peasant_card(0);

// One seat's bid as the viewer knows it. In a Blind Bidding round, until the round's tricks
// are all played, other seats' bids are only `placed`; the viewer's own bid is `known`.
struct bid_view {
  bool placed = false;
  bool known = false;
  bid value;
};

struct seat_info {
  bid_view bid;
  // Missions rounds: the seat's mission as the viewer knows it (its own always; the others'
  // once everyone has chosen, in a Missions round), else no_mission.
  std::uint8_t mission = no_mission;
  int tricks = 0;  // won this round
  // Suit Precision (public: bids are placed in the open): the bids per suit placed so far
  // (`suit_bids_placed` of them, R first) and the tricks placed under each suit.
  suit_bids bids_per_suit{};
  int suit_bids_placed = 0;
  suit_counts tricks_per_suit{};
  // The Split (public: bids are placed in the open): the bids per half placed so far
  // (`half_bids_placed` of them, the first half's first) and the tricks won in each half.
  half_counts half_bids{};
  int half_bids_placed = 0;
  half_counts half_tricks{};
  int score = 0;  // total so far
  int cards_in_hand = 0;
};

struct seat_view {
  const settings* table = nullptr;  // the table's options are public
  int viewer = spectator;
  int players = 0;
  phase stage = phase::bidding;
  // The round.
  int round_number = 0;  // 1-based
  bool tie_break = false;
  int hand_size = 0;
  round_type type = round_type::normal;
  spinner_face spinner = spinner_face::no_trump;
  trump trump_suit = trump::none;
  int dealer = 0;
  // Wagering (tables that play it): what the round plays for, the stakes and any pot carried
  // in; in a round of another type, the pot carried so far.
  int pot = 0;
  bool wager_due = false;  // the seat to act has bid and says its extra wager next
  std::array<std::uint8_t, max_seats> extra_wagers{};  // this round's, with the option
  bool bids_revealed = false;
  // Missions rounds: the missions offered (bit m: mission m, public) and who has chosen.
  std::uint8_t mission_offer = 0;
  seat_mask missions_chosen = 0;
  // Duel Fights' groups and Alliances' teams (public): each seat's, and while the dealer
  // pairs, the seat paired next, or (Alliances, odd count) that the solo player is named first.
  duel_groups groups{};
  int pairing_seat = -1;
  bool naming_solo = false;
  // Alliances' Secret Notes: who has shown one this round (public), and the cards the viewer
  // may see (its own, and its ally's to it), for the seats in `notes_seen`.
  seat_mask noted = 0;
  seat_mask notes_seen = 0;
  std::array<card, max_seats> notes{};
  // Leaked Suit: each seat's choice as the viewer knows it (its own always; the others' once
  // shown), who has chosen, and the shown cards each seat still holds (public).
  std::array<std::uint8_t, max_seats> leak_choice{};
  seat_mask leak_chosen = 0;
  seat_mask leak_shown = 0;
  std::array<card_set, max_seats> leaked{};
  std::array<seat_info, max_seats> seats{};
  card_set hand;  // the viewer's own cards; empty for a spectator
  // The Split: the viewer's cards of its first half still in hand (while choosing, those chosen
  // so far; none once the second half is in play), who has chosen a whole first half, the half
  // in play (0 or 1), and while bidding, the half the seat to act bids for next.
  card_set first_half;
  seat_mask split_chosen = 0;
  int half = 0;
  int bidding_half = -1;
  // The trick on the table as the viewer sees it. Stealth Play: the positions in `face_down`
  // (bit i: the i-th card) hold another player's card played face down, written as a Peasant
  // here and not in the JSON; the lead stays the true one (every player must know what to
  // follow) and `winning` counts only the cards the viewer sees.
  trick current;
  std::uint8_t face_down = 0;
  bool has_last_trick = false;
  trick last_trick;
  // This round's finished tricks while cards are played (seen by everyone; seen_this_round
  // reads what they show). With special cards, `played` is every card played this round (a
  // kept Wizard included), which the JSON view shows too.
  std::span<const trick> round_tricks;
  card_set played;
  seat_mask to_act = 0;
  // Suit Precision: the suit the seat to act bids next (while bidding), and the suits the
  // trick just won may go under (while it is placed).
  int bidding_suit = -1;
  suit_mask place_options = 0;
  bid_rules bidding;  // limits on the viewer's own bid, when it is theirs to place
  // The game.
  int crown = -1;
  std::span<const round_summary> rounds;  // completed rounds, every bid revealed
  int winner = -1;
  std::array<int, max_seats> ranks{};
  // Special Power cards (only when the table plays them): all public but `known`, `undealt`
  // and `legal`, which are the viewer's own.
  bool special_rules = false;
  bool pending = false;           // a card's decision is being made
  pending_step step;              // which (its `drawn` card only for its own decider)
  seat_mask shields = 0;          // bought this round
  seat_mask protected_seats = 0;  // shields and kept Wizards
  std::array<bool, max_trick_cards>
      as_golem{};  // Double-faced played as a Golem, per trick position
  bool wizard_in_trick = false;
  std::array<card_set, max_seats> known{};  // cards of others' hands the viewer was shown
  card_set undealt_seen;                    // undealt cards the viewer is looking at (Spy)
  bool witch_out = false;                   // a Witch or Thief in the deck, not yet played
  // The viewer's legal actions (a vector: empty, so free, in a base game's views).
  std::vector<action> legal;

  bool may_act() const { return has_seat(to_act, viewer); }
  // Tricks of this round not yet complete, the one on the table included.
  int tricks_left() const { return tricks_in_round(type, hand_size) - completed_tricks(); }
  bool split_hand() const { return splits_hand(type, hand_size); }
  int completed_tricks() const {
    int n = 0;
    for (int s = 0; s < players; ++s) n += seats[static_cast<std::size_t>(s)].tricks;
    return n;
  }
};

// What everyone saw this round (for the search's sampler): the cards played, and per seat
// the suits it did not follow (bit s: suit s) in the finished tricks. The Split: only the
// half in play's tricks count for the suits: in the first half a seat that did not follow
// shows a suit missing from its first half, not from its hand.
struct seen_in_round {
  card_set played;
  std::array<std::uint8_t, max_seats> voids{};
};
seen_in_round seen_this_round(const seat_view& v);

// The viewer's legal actions, worked out from the view alone (the same rules functions the
// state uses, so the lists agree).
void legal_actions(const seat_view& v, action_list& out);

// The view as JSON text, written without a json tree (view_text.cpp): the one writer.
void write_json(const seat_view& v, std::string& out);
// The same view as a json tree, parsed from that text (for tools and tests, not per move).
json to_json(const seat_view& v);
json round_to_json(const round_summary& r, int players);

}  // namespace crownhall::crown_battles
