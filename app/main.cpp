// crownhall: the game server and its tools, one executable.
#include <CLI/CLI.hpp>

#include "app/engine_commands.hpp"
#ifdef CROWNHALL_HAVE_STORE_COMMANDS
#include "app/store_commands.hpp"
#endif
#ifdef CROWNHALL_HAVE_SERVER
#include "app/loadtest_command.hpp"
#include "server/commands.hpp"
#endif

int main(int argc, char** argv) {
  CLI::App app{"crownhall: an authoritative server for multiplayer card games"};
  app.require_subcommand(1);
  crownhall::add_engine_commands(app);
#ifdef CROWNHALL_HAVE_STORE_COMMANDS
  crownhall::add_store_commands(app);
#endif
#ifdef CROWNHALL_HAVE_SERVER
  crownhall::add_server_commands(app);
  crownhall::add_loadtest_command(app);
#endif
  CLI11_PARSE(app, argc, argv);
  return 0;
}
