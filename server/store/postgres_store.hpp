// postgres_store: the table_store kept in PostgreSQL (through libpq), for communities that
// run the server on more than one machine (docs/storage.md, "PostgreSQL"). The same
// interface and the same guarantees as sqlite_store: a write returns once PostgreSQL has
// committed it. libpq stays inside the .cpp: nothing that includes this header sees it.
#pragma once

#include <memory>
#include <string>

#include "server/store/table_store.hpp"

namespace crownhall::store {

struct postgres_options {
  // process_crash: `synchronous_commit = off` for this server's session, so a commit is in
  // PostgreSQL's memory when it returns and on its disk within a fraction of a second;
  // power_loss: `on`, one WAL flush per write (docs/storage.md, "PostgreSQL").
  durability level = durability::process_crash;
  // How long a starting server waits for a server that just died to let go of the database.
  int ownership_wait_ms = 5000;
  // Empty: this server is the only one on the database, and holds all of it. A name (the
  // node's, for logs and the admin page): this server is one node of several sharing the
  // database, and owns each of its tables through a lease (docs/storage.md, "Several nodes").
  std::string node{};
  // How long a node's lease on a table lasts unless renewed: the longest a dead node's
  // tables wait for another node. A node renews well within it (durable_tables).
  int lease_ms = 2000;
};

class postgres_store final : public table_store {
 public:
  static constexpr int schema_version = 8;  // crownhall_schema.version after migrating

  // True for a `postgres://` or `postgresql://` address: what `--database` takes.
  static bool is_address(const std::string& database);

  // Connects (a libpq address or key=value string), creates the schema in an empty database
  // and migrates an older one, and takes the database for this server (one server per
  // database, as per SQLite data directory). Fails with a clear reason when PostgreSQL
  // cannot be reached, the database holds other tables than ours, its schema is from a
  // newer build, or another server holds it.
  static result<std::unique_ptr<postgres_store>> open(const std::string& conninfo,
                                                      const postgres_options& options = {});
  ~postgres_store() override;
  postgres_store(const postgres_store&) = delete;
  postgres_store& operator=(const postgres_store&) = delete;

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
  // Reconnects if need be, then a round trip (`SELECT 1`); fails for good once another
  // server has taken the database.
  status check_health() override;
  int opened_schema_version() const override;
  result<std::vector<stored_table>> take_over_tables(int limit, int nodes_sharing = 1) override;
  result<std::vector<std::string>> renew_leases() override;
  status release_table(const std::string& table_id) override;
  status release_tables() override;
  result<bool> claim_deal(std::uint64_t seed, millis at_ms) override;
  status release_deal(std::uint64_t seed) override;
  result<std::optional<table_home>> find_table_home(const std::string& id_or_invite) override;
  // This node's name in the database (its configured name and a random part); empty for a
  // server alone on its database.
  const std::string& node_id() const;
  // The database's own id (crownhall_cluster, made by the first server on it): the same for
  // every node of this database, different for another database. Redis names carry it.
  const std::string& cluster_id() const;

 private:
  struct impl;
  explicit postgres_store(std::unique_ptr<impl> p);
  std::unique_ptr<impl> impl_;
};

}  // namespace crownhall::store
