// durable_tables: the server's side of "never lose a game" (docs/storage.md). Writes what
// changed at a table to the store before its new views go out (every action before it is
// acknowledged to anyone), keeps finished games as records, keeps sessions and guest
// identities by their token's hash, and rebuilds every in-progress table on start by
// replaying its log.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/metrics_histogram.hpp"
#include "server/store/table_store.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

class shared_state;

// What was last written for one table; kept by its room and used only on its strand.
struct table_persisted {
  bool known = false;  // the table row exists
  store::table_config config;
  std::vector<std::optional<store::seat_entry>> seats;  // by seat number
  std::string game_id;                                  // the game the log belongs to
  std::size_t actions = 0;                              // actions in the store's log
  bool finished = false;                                // its record is kept
  // table::lobby_changes() when config and seats were last saved: they change only with
  // events other than moves, so a move skips rebuilding and comparing them.
  std::uint64_t changes_saved = ~std::uint64_t{0};  // never: the first sync compares
};

// One table as the store sees it, lent by its room (table_room::store_loan) on the room's
// strand, or before the room runs (a restart's rebuild): its id and invite, the rules of the
// house, and what was last written. The room owns all of it; the store keeps no loan. This
// is the whole of what the store knows of a room.
struct table_loan {
  const std::string& id;
  const std::string& invite;
  table& rules;
  table_persisted& written;
};

class durable_tables {
 public:
  // Opens (creating on first start) the store: PostgreSQL at `database` (a postgres://
  // address) when it is set, else SQLite in `data_dir`. Throws std::runtime_error with
  // the store's reason when it cannot.
  // `node`: this server's name as one node of several on that PostgreSQL database
  // (docs/storage.md, "Several nodes"); empty: the only server.
  static std::unique_ptr<durable_tables> open(const std::string& data_dir,
                                              const std::string& database = {},
                                              const std::string& node = {});
  explicit durable_tables(std::unique_ptr<store::table_store> s);
  ~durable_tables();

  // On the room's strand, after a request or timer changed the table and before anything
  // is published: writes configuration, seats, the deal, new actions and a finished
  // game's record. When an action cannot be written, the table forgets it and the
  // answer is an internal error.
  outcome sync(table_loan room, moment now);
  // The table closed (everyone left, or an admin closed it): not restored.
  void closed(const std::string& table_id);

  // Sessions and guest identities (durable_sessions.cpp).
  void session_created(const player& p, moment now);
  // A hello with a token the registry does not know: the session kept in the store
  // (the very player object seated at a rebuilt table, or the session of that player this
  // node has already), registered under its token; or nullptr — also when the stored
  // session has expired (last seen `ttl` or more ago).
  std::shared_ptr<player> resume(shared_state& st, const std::string& token, moment now);
  // A new guest's identity (docs/accounts.md), kept by its hash: the token, for the
  // welcome only; empty when the store refused it.
  // A signed-in browser gets one of the account's player the same way (server/account_api/).
  std::string issue_identity(const shared_state& st, const std::string& player_id,
                             const std::string& name, moment now);
  // A hello with an identity and no usable session: the player it belongs to, with a session
  // (their session on this node if they have one, else a new one for the same player id).
  struct identity_return {
    std::shared_ptr<player> who;  // null: refused, or the store failed
    std::string refused;          // why: accounts::code(guest_identity_check)
    // The store could not be asked: the identity may well be good, so the person is not
    // made a new player (which would drop it) but asked to try again.
    bool unavailable = false;
  };
  identity_return return_with_identity(shared_state& st, const std::string& identity, moment now);
  // The player took a new name (set_name): their identities keep it for their return.
  void renamed(const player& p);
  // The player id of the stored, unexpired session with this token (the history API).
  std::optional<std::string> live_session(const shared_state& st, const std::string& token,
                                          moment now);
  // A session's connection closed: its time without one starts now.
  void session_seen(const player& p, moment now);
  // The sweeper's turn (server.cpp): connected sessions are marked seen now (so a crash
  // does not age them), and stored sessions past the TTL are deleted.
  void sweep_sessions(shared_state& st, moment now);

  // Rebuilds every table that was waiting or playing. Returns how many.
  std::size_t restore(shared_state& st);
  // One node of several (server.cpp calls it twice a second): renews this node's leases,
  // hands over the tables it lost meanwhile, and takes over (rebuilds, rearms, resumes)
  // tables no node holds: a dead node's, once their leases have run out, or a stopped one's.
  void keep_leases(shared_state& st);

  store::table_store& store() { return *store_; }
  // This node's name in the store (its --node name and a random part); empty for a server
  // alone on its store.
  std::string node_id() const;
  // The id of the cluster this node is part of (its database's, postgres_store::cluster_id);
  // empty for a server alone on its store.
  std::string cluster_id() const;
  // The record of the finished game `game_id` if `player_id` played in it (a History line
  // of theirs): its text; `missing` when it is no game of theirs, `unavailable` when the
  // store failed. For downloads, replays, the coach and "play this deal again".
  enum class record_status : std::uint8_t { found, missing, unavailable };
  struct own_record {
    record_status status = record_status::missing;
    std::string text;
  };
  own_record played_record(const std::string& player_id, const std::string& game_id);
  // Every store write, in the table's strand (append, start, finish, seats...).
  latency_histogram write_latency;
  latency_histogram append_latency;  // action appends only

  // The record of a finished game as the store keeps it (for history downloads).
  static nlohmann::json record_of(table_loan room, moment now);

 private:
  template <class F>
  store::status timed(F f, bool append = false);
  // The actions of a finished game, from its record (empty when there is none).
  std::vector<std::pair<int, nlohmann::json>> finished_log(const std::string& game_id);
  // Rebuilds the loaded tables and opens them to joins; `what` names it in the log.
  std::size_t rebuild(shared_state& st, std::vector<store::stored_table>& loaded, const char* what);
  // The session of player `id` on this node, as resume or an identity brings it back:
  // the object seated at a rebuilt table, the one already here, or a new one. `token`: the
  // stored session's (empty: a new token, saved as a new session).
  std::shared_ptr<player> session_of(shared_state& st, const std::string& id,
                                     const std::string& name, std::string token, moment now);
  // The registry's key of a session rebuilt at a restart whose token is not known yet.
  static constexpr const char* restored_key_prefix = "restored:";  // never a token
  std::unique_ptr<store::table_store> store_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<player>> restored_;  // by player id
};

}  // namespace crownhall::server
