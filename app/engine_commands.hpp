// The engine's subcommands: replay, verify and simulate game records.
#pragma once

#include <CLI/App.hpp>

namespace crownhall {

// Adds `replay`, `verify` and `simulate` to the program's command line.
void add_engine_commands(CLI::App& app);

}  // namespace crownhall
