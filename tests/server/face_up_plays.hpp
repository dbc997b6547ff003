// The cards played face up, read from the move log's "… played X" lines (every seat reads
// them; a message with lines is never skipped): this round's and the previous round's. A
// view's last trick must be made of them: the previous round's final trick stays on show
// until the new round's first trick is complete, though its cards are dealt again by then.
// Shared by the wire-secrecy tests of the base game and of the Special Power cards.
#pragma once

#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

namespace crownhall::test {

// The events that name a card played: "played" (a Golem's too), and in Stealth Play, as the
// trick turns up, "turned_up". (The owner's own "own_face_down" counts too: a card it held.)
inline bool names_a_play(const std::string& kind) {
  return kind == "played" || kind == "turned_up" || kind == "own_face_down";
}

struct face_up_plays {
  nlohmann::json round;  // the round of the last message read
  std::set<std::string> this_round, previous_round;

  // The lines of a message (its `events`) whose view is in `view_round`: the lines of a move
  // that ended a round belong to that round.
  void read(const nlohmann::json& message, const nlohmann::json& view_round) {
    std::set<std::string> named;
    if (message.contains("events") && message["events"].is_array())
      for (const auto& e : message["events"]) {
        if (names_a_play(e["kind"].get<std::string>())) named.insert(e["card"].get<std::string>());
      }
    if (!round.is_null() && view_round != round) {
      previous_round = std::move(this_round);
      previous_round.insert(named.begin(), named.end());
      this_round.clear();
    } else {
      this_round.insert(named.begin(), named.end());
    }
    round = view_round;
  }
  bool shown(const std::string& id) const {
    return this_round.count(id) > 0 || previous_round.count(id) > 0;
  }
};

}  // namespace crownhall::test
