// sqlite_store: the embedded table_store, one SQLite database in the data directory
// (WAL mode), created on first start. Design and durability: docs/storage.md.
#pragma once

#include <filesystem>
#include <memory>

#include "server/store/table_store.hpp"

namespace crownhall::store {

struct sqlite_options {
  durability level = durability::process_crash;
  // How long a write waits for a lock held by another connection (a backup, the sqlite3
  // shell) before it fails.
  int busy_timeout_ms = 5000;
  // Copy the write-ahead log into the database on a thread of its own, so that no
  // append_action pays for a checkpoint. Off: SQLite checkpoints inside a commit.
  bool background_checkpoint = true;
};

class sqlite_store final : public table_store {
 public:
  static constexpr const char* file_name = "crownhall.db";
  // The data directory `crownhall serve`, `backup` and `restore` use unless told another.
  static constexpr const char* default_data_dir = "./crownhall-data";
  static constexpr int schema_version = 4;  // PRAGMA user_version after migrating

  // Opens `data_dir`/crownhall.db, creating the directory and the database if missing and
  // migrating an older schema. Fails with a clear reason on a file that is not a crownhall
  // database, one from a newer build, or a data directory another process is using.
  static result<std::unique_ptr<sqlite_store>> open(const std::filesystem::path& data_dir,
                                                    const sqlite_options& options = {});
  ~sqlite_store() override;
  // Bytes SQLite holds on its heap in this process (page caches, statements): /metrics.
  static std::int64_t heap_bytes();
  sqlite_store(const sqlite_store&) = delete;
  sqlite_store& operator=(const sqlite_store&) = delete;

  status save_table(const table_config& config) override;
  status save_seat(const std::string& table_id, const seat_entry& seat) override;
  status clear_seat(const std::string& table_id, int seat) override;
  status start_game(const std::string& table_id, const game_start& start) override;
  status append_action(const std::string& table_id, const action_entry& entry) override;
  status append_actions(const std::string& table_id,
                        std::span<const action_entry> entries) override;
  status finish_table(const std::string& table_id, const finished_game& game) override;
  status close_table(const std::string& table_id) override;
  result<std::vector<stored_table>> load_in_progress() override;
  result<std::vector<finished_summary>> list_finished_for_player(const std::string& player_id,
                                                                 int limit = 100) override;
  result<std::optional<std::string>> get_record(const std::string& game_id) override;
  status save_session(const session_entry& session) override;
  result<std::optional<session_entry>> find_session(const secret_hash& token_hash) override;
  status touch_session(const std::string& player_id, millis at_ms) override;
  status touch_sessions(std::span<const std::string> player_ids, millis at_ms) override;
  result<std::size_t> expire_sessions(millis cutoff_ms) override;
  result<bool> forget_session(const std::string& player_id) override;
  status let_go_of_deleted() override;
  status save_identity(const identity_entry& identity) override;
  result<std::optional<identity_entry>> find_identity(const secret_hash& token_hash) override;
  result<bool> revoke_identity(const secret_hash& token_hash, millis at_ms) override;
  result<std::vector<identity_entry>> list_identities(const std::string& player_id) override;
  status rename_player(const std::string& player_id, const std::string& display_name) override;
  account_store& accounts() override;
  moderation_store& moderation() override;
  int opened_schema_version() const override;

 private:
  struct impl;
  explicit sqlite_store(std::unique_ptr<impl> p);
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::store
