// The `serve` and `loadtest` subcommands of the crownhall executable.
#pragma once

#include <CLI/CLI.hpp>

namespace crownhall {

// Adds `serve` (the server) and `loadtest` (the load generator). A failing subcommand
// throws CLI::RuntimeError with its exit code.
void add_server_commands(CLI::App& app);

}  // namespace crownhall
