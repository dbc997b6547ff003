// The `loadtest` subcommand of the crownhall executable: the load generator (app/loadtest.hpp)
// against a running server, or one it starts in-process.
#pragma once

#include <CLI/CLI.hpp>

namespace crownhall {

// A failing run throws CLI::RuntimeError with its exit code.
void add_loadtest_command(CLI::App& app);

}  // namespace crownhall
