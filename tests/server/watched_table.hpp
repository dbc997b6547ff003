// A table of any game, without sockets, for the spectator-mode tests: Ann (seat 0) plays
// with heuristic bots; Eve and Dan watch from the start. In "follow one seat" mode Ann
// shares her view and Eve follows her. Time is passed in by hand (`now`).
#pragma once

#include <algorithm>
#include <memory>
#include <string>

#include "engine/core/registry.hpp"
#include "server/table/table.hpp"
#include "table_people.hpp"

namespace crownhall::server::testing {

struct watched_table {
  table_rules rules;
  person ann{"Ann", 0}, eve{"Eve", 4}, dan{"Dan", 3};
  const game_module* module;
  json options;
  std::unique_ptr<table> t;
  std::int64_t now = 0;

  // `delay`: tricks behind, for the delayed modes.
  watched_table(const std::string& game, std::uint64_t seed, protocol::spectator_mode mode,
                int delay = 0) {
    rules.bot_delay_ms = 10;
    module = find_game(game);
    const int seats = module->min_seats();
    options = *module->normalize_options(json::object(), seats);
    table_settings s{seats, options, json::object(), false, true, std::nullopt};
    s.spectator_view = mode;
    s.spectator_delay = delay;
    t = std::make_unique<table>("t-watch", "INVITE0123456789", *module, s, rules, seed);
    ok(t->join(ann.who, protocol::join_role::player, std::nullopt, false, at(0)));
    for (int i = 1; i < seats; ++i)
      ok(t->add_bot(*ann.who, bot_kind::heuristic, std::nullopt, at(0)));
    ok(t->join(eve.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
    ok(t->join(dan.who, protocol::join_role::spectator, std::nullopt, false, at(0)));
    if (mode == protocol::spectator_mode::follow_seat) {
      ok(t->share_view(*ann.who, true, std::nullopt, at(0)));
      ok(t->follow(*eve.who, 0, at(0)));
    }
    ok(t->start(*ann.who, at(0)));
    t->publish(at(0));
  }
  bool playing() const { return t->state() == table_state::playing; }
  // Ann plays her first legal action when it is her turn; otherwise the bots' time passes.
  void step() {
    if (has_seat(t->game()->seats_to_act(), 0)) {
      action_list legal;
      t->game()->legal_actions(0, legal);
      ok(t->act(*ann.who, t->game()->action_to_json(legal[0]), std::nullopt, at(now)));
    } else {
      now = std::max(now, *t->next_deadline());
      t->on_timer(at(now));
    }
    t->publish(at(now));
  }
};

}  // namespace crownhall::server::testing
