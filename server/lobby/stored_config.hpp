// stored_config: a table's settings as the store keeps them — the config row's columns and,
// in its `extra_json`, the rest (the host's choices, the spectators, the spectator mode, a
// repeated or prepared deal with its seating, this game's late joiners) — and the same read
// back when a restart rebuilds the table. Writer and reader side by side, so that what is
// written is what is read.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/lobby/durable_tables.hpp"

namespace crownhall::server {

// The config row of the table `room` lends.
store::table_config config_of(const table_loan& room, moment now);

// What a stored config gives a table rebuilt from it.
struct stored_settings {
  table_settings settings;
  std::vector<std::pair<std::string, std::string>> spectators;  // (player id, name), in order
  std::vector<table::seat_handover> handovers;                  // this game's late joiners
};
// `options`: the config's options, already read (the caller refuses a table without them).
stored_settings settings_from(const store::table_config& c, nlohmann::json options);

// The game's late joiners as the config and the record keep them.
nlohmann::json handovers_json(const table& t);

}  // namespace crownhall::server
