// address_limits: what one client address (client_address.hpp's key) may take of the server
// — connections open at once, new sessions and new tables a minute — so that one address
// cannot fill the server or its store for everyone else (docs/server.md, "Limits per
// address"). Asked when a connection opens and closes, at a hello without a token and at a
// table's creation, never for a message; thread-safe (one mutex, a map lookup under it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace crownhall::server {

// A refusal by a limit a minute says when another request would pass.
inline std::string try_again_in(std::int64_t ms) {
  return "try again in " + std::to_string((ms + 999) / 1000) + " s";
}

class address_limits : public std::enable_shared_from_this<address_limits> {
 public:
  struct settings {
    std::size_t connections = 64;  // open at once; 0: no limit
    int sessions_per_minute = 30;  // hellos without a token; 0: no limit
    int tables_per_minute = 20;    // create_table; 0: no limit
  };

  // Past its cap an address's next few connections are answered with a refusal, and any
  // more are closed unanswered: answering costs the server too.
  static constexpr std::size_t answered_past_cap = 8;
  // When the server is full, a connection takes one of its reserved places only if its
  // address holds fewer connections than this (a health check, the admin): an address
  // flooding the server cannot take the reserve too.
  static constexpr std::size_t reserve_share = 8;

  static std::shared_ptr<address_limits> make(settings s);

  // One connection of an address, counted while the ticket lives. Movable, so that it
  // follows the socket from the HTTP connection to the WebSocket session.
  class ticket {
   public:
    ticket() = default;
    ticket(ticket&&) noexcept = default;
    ticket& operator=(ticket&& other) noexcept;
    ~ticket();
    explicit operator bool() const { return owner_ != nullptr; }

   private:
    friend class address_limits;
    ticket(std::shared_ptr<address_limits> owner, std::string key)
        : owner_(std::move(owner)), key_(std::move(key)) {}
    std::shared_ptr<address_limits> owner_;
    std::string key_;
  };

  enum class verdict : std::uint8_t { admit, refuse, drop };
  struct admission {
    verdict is = verdict::drop;
    ticket held;  // with admit and refuse: the connection counts until it closes
  };
  // A new connection from `key`; `reserve`: the server is past its cap and this would take
  // a reserved place.
  admission open_connection(const std::string& key, bool reserve);

  // Takes one new session (a new table) for `key`: 0 when taken, else the milliseconds until
  // one may be taken again.
  std::int64_t take_session(const std::string& key, std::int64_t now_ms);
  std::int64_t take_table(const std::string& key, std::int64_t now_ms);

  // An admin's ban (docs/accounts.md, "Moderation"): no new session from `key` until
  // `until_ms`, so the banned person cannot come straight back as a new guest from the same
  // address. refused_for: the milliseconds left of it (0: none).
  void refuse_sessions(const std::string& key, std::int64_t until_ms);
  std::int64_t refused_for(const std::string& key, std::int64_t now_ms) const;

  // Forgets the addresses with no open connection whose minutes have run out (and whose
  // refusal has ended).
  void forget_idle(std::int64_t now_ms);
  std::size_t addresses() const;
  const settings& limits() const { return settings_; }

 private:
  explicit address_limits(settings s) : settings_(s) {}

  // A token bucket as big as a minute's allowance, refilled evenly over the minute; counted
  // in 1/60000 of a token, so that an allowance a minute refills by itself each millisecond.
  struct per_minute {
    std::int64_t taken = 0;  // missing from a full bucket
    std::int64_t last_ms = 0;
    std::int64_t take(int allowance, std::int64_t now_ms);
    bool full(int allowance, std::int64_t now_ms) const;
  };
  struct usage {
    std::size_t open = 0;
    per_minute sessions;
    per_minute tables;
    std::int64_t refused_until_ms = 0;
  };
  void close_connection(const std::string& key);

  const settings settings_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, usage> by_key_;
};

}  // namespace crownhall::server
