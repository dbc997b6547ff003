// `crownhall arena`: bots against bots over many seeded games, with confidence intervals;
// `crownhall analyze`: the search bot's opinion of every decision of one seat in a record.
#pragma once

#include <CLI/CLI.hpp>

namespace crownhall {

void add_arena_commands(CLI::App& app);

}  // namespace crownhall
