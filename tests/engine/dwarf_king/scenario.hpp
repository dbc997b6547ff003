// Test helpers: start a stacked game, act through the JSON forms, play scripted tricks.
#pragma once

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "engine/games/dwarf_king/dwarf_king.hpp"
#include "engine/games/dwarf_king/state.hpp"
#include "engine/games/dwarf_king/view.hpp"

namespace crownhall::dwarf_king::testing {

using ::testing::AssertionFailure;
using ::testing::AssertionResult;
using ::testing::AssertionSuccess;

inline card id(const std::string& s) {
  const auto c = card_from_id(s);
  EXPECT_TRUE(c.has_value()) << "no card " << s;
  return c.value_or(no_card);
}

inline card_set set_of(const std::vector<std::string>& ids) {
  card_set out = 0;
  for (const auto& s : ids) out |= bit(id(s));
  return out;
}

inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// A trick as "leader: card card card": the leader's card, then each next seat's.
struct trick_spec {
  int leader = 0;
  std::vector<std::string> cards;
};

inline trick_spec parse_trick(const std::string& text) {
  const auto colon = text.find(':');
  return {std::stoi(text.substr(0, colon)), words(text.substr(colon + 1))};
}

// The "cards" of a stacked hand in which every seat holds exactly what the tricks say it
// plays.
inline json cards_from_tricks(int players, const std::vector<std::string>& tricks) {
  json cards = json::array();
  for (int s = 0; s < players; ++s) cards.push_back(json::array());
  for (const auto& text : tricks) {
    const trick_spec t = parse_trick(text);
    for (std::size_t i = 0; i < t.cards.size(); ++i)
      cards[static_cast<std::size_t>((t.leader + static_cast<int>(i)) % players)].push_back(
          t.cards[i]);
  }
  return cards;
}

struct table {
  std::unique_ptr<game_state> state;

  game& g() { return static_cast<game&>(*state); }
  const game& g() const { return static_cast<const game&>(*state); }
  json view(int seat) const { return state->view(seat); }
  table_view typed_view(int seat) const { return g().make_view(seat); }

  AssertionResult act(int seat, const json& a) {
    auto parsed = state->action_from_json(a);
    if (!parsed) return AssertionFailure() << a.dump() << ": " << parsed.error().reason;
    if (auto refused = state->apply(seat, *parsed))
      return AssertionFailure() << "seat " << seat << " " << a.dump() << " refused ("
                                << to_string(refused->code) << "): " << refused->reason;
    return AssertionSuccess();
  }

  // Expects a refusal that leaves the state as it was; returns it.
  game_error refuse(int seat, const json& a) {
    const auto before = state->state_hash();
    auto parsed = state->action_from_json(a);
    if (!parsed) return parsed.error();
    auto refused = state->apply(seat, *parsed);
    EXPECT_TRUE(refused.has_value()) << "seat " << seat << " " << a.dump() << " was accepted";
    EXPECT_EQ(before, state->state_hash());
    return refused.value_or(game_error{error_code::illegal_action, ""});
  }

  AssertionResult choose(int seat, const char* side) {
    return act(seat, {{"type", "choose_quest"}, {"side", side}});
  }

  AssertionResult play(int seat, const std::string& c) {
    return act(seat, {{"type", "play"}, {"card", c}});
  }

  // Every seat passes the Sorcerer's window.
  AssertionResult pass_window() {
    for (int s = 0; s < state->seat_count(); ++s)
      if (has_seat(state->seats_to_act(), s)) {
        auto r = act(s, {{"type", "pass"}});
        if (!r) return r;
      }
    return AssertionSuccess();
  }

  // Plays "leader: c1 c2 c3"; the leader must be the seat to act (so the previous trick's
  // winner is checked too). An open Sorcerer's window is passed first.
  AssertionResult trick(const std::string& text) {
    if (g().current_phase() == phase::sorcerer) {
      auto r = pass_window();
      if (!r) return r;
    }
    const trick_spec t = parse_trick(text);
    const int n = state->seat_count();
    if (state->seats_to_act() != (1u << t.leader))
      return AssertionFailure() << "\"" << text << "\": seat " << t.leader << " is not to lead ("
                                << state->view(spectator)["to_act"].dump() << ")";
    for (std::size_t i = 0; i < t.cards.size(); ++i) {
      auto r = play((t.leader + static_cast<int>(i)) % n, t.cards[i]);
      if (!r) return AssertionFailure() << "\"" << text << "\": " << r.message();
    }
    return AssertionSuccess();
  }

  AssertionResult tricks(const std::vector<std::string>& list) {
    for (const auto& text : list) {
      auto r = trick(text);
      if (!r) return r;
    }
    return AssertionSuccess();
  }

  // The legal actions of `seat` as JSON.
  json legal(int seat) const {
    action_list out;
    state->legal_actions(seat, out);
    json j = json::array();
    for (action a : out) j.push_back(state->action_to_json(a));
    return j;
  }

  // The cards `seat` may play now, as ids.
  std::vector<std::string> playable_ids(int seat) const {
    std::vector<std::string> ids;
    for (const json& a : legal(seat))
      if (a["type"] == "play") ids.push_back(a["card"].get<std::string>());
    return ids;
  }

  // Plays the first legal action of the lowest seat to act until the hand ends.
  void finish_hand() {
    const int hand = g().hand_number();
    while (!state->is_over() && g().hand_number() == hand) {
      int seat = 0;
      while (!has_seat(state->seats_to_act(), seat)) ++seat;
      action_list out;
      state->legal_actions(seat, out);
      ASSERT_FALSE(out.empty());
      ASSERT_FALSE(state->apply(seat, out[0]).has_value());
    }
  }
};

// Every card of the hand's deck is in one hand, one pile of taken tricks or on the table.
inline ::testing::AssertionResult conserved(const game& g) {
  card_set seen = g.on_table();
  for (int s = 0; s < g.seat_count(); ++s) {
    for (card_set part : {g.hand(s), g.taken(s)}) {
      if (seen & part) return ::testing::AssertionFailure() << "a card is in two places";
      seen |= part;
    }
  }
  if (seen != g.deck()) return ::testing::AssertionFailure() << "cards missing or extra";
  return ::testing::AssertionSuccess();
}

inline table start(int players, const json& deal, const json& options = json::object(),
                   std::uint64_t seed = 7) {
  const game_module& m = dwarf_king_module();
  auto normalized = m.normalize_options(options, players);
  EXPECT_TRUE(normalized) << normalized.error().reason;
  auto g = m.new_game(*normalized, players, seed, deal);
  EXPECT_TRUE(g) << g.error().reason;
  return table{std::move(*g)};
}

// A one-hand stacked deal: some cards per seat (the rest from the seed), a quest tile.
inline json one_hand(const std::vector<std::vector<std::string>>& cards, int quest = 7) {
  json seats = json::array();
  for (const auto& c : cards) seats.push_back(c);
  return {{"hands", json::array({{{"cards", seats}, {"quest", quest}}})}};
}

inline std::vector<std::string> ids_of(card_set s) {
  std::vector<std::string> out;
  for_each_card(s, [&](card c) { out.emplace_back(card_id(c)); });
  return out;
}

}  // namespace crownhall::dwarf_king::testing
