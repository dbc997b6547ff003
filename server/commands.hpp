// The `serve` subcommand of the crownhall executable (`loadtest` is a tool: app/loadtest_command).
#pragma once

#include <CLI/CLI.hpp>

namespace crownhall {

// Adds `serve` (the server). A failing subcommand
// throws CLI::RuntimeError with its exit code.
void add_server_commands(CLI::App& app);

}  // namespace crownhall
