#include "app/store_commands.hpp"

#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli_failure.hpp"
#include "server/store/sqlite_backup.hpp"
#include "server/store/sqlite_store.hpp"

namespace crownhall {

namespace {

void print(const store::backup_contents& c, const std::string& where) {
  std::cout << nlohmann::json{{"store", where},         {"schema_version", c.schema_version},
                              {"tables", c.tables},     {"finished_games", c.finished_games},
                              {"sessions", c.sessions}, {"bytes", c.bytes}}
                   .dump()
            << '\n';
}

void add_backup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "backup", "Copy the data directory's store into a new directory, while the server runs");
  static std::string data = store::sqlite_store::default_data_dir, target;
  cmd->add_option("--data", data, "the server's data directory")
      ->envname("CROWNHALL_DATA")
      ->capture_default_str();
  cmd->add_option("target", target, "a new directory for the copy")->required();
  cmd->callback([] {
    auto copied = store::backup_sqlite(data, target);
    if (!copied) fail(copied.error());
    print(*copied, target);
  });
}

void add_restore(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "restore", "Put a backup back as the data directory's store (with the server stopped)");
  static std::string data = store::sqlite_store::default_data_dir, backup;
  static bool replace = false;
  cmd->add_option("--data", data, "the server's data directory")
      ->envname("CROWNHALL_DATA")
      ->capture_default_str();
  cmd->add_flag("--replace", replace, "replace the store the data directory already has");
  cmd->add_option("backup", backup, "a directory `crownhall backup` wrote")->required();
  cmd->callback([] {
    auto restored = store::restore_sqlite(backup, data, replace);
    if (!restored) fail(restored.error());
    print(*restored, data);
  });
}

}  // namespace

void add_store_commands(CLI::App& app) {
  add_backup(app);
  add_restore(app);
}

}  // namespace crownhall
