// The data directory's subcommands: backup and restore of the embedded store.
#pragma once

#include <CLI/App.hpp>

namespace crownhall {

// Adds `backup` and `restore` to the program's command line.
void add_store_commands(CLI::App& app);

}  // namespace crownhall
