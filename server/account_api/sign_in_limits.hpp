// sign_in_limits: how often one address, and one account name, may try to sign in
// (protocol/accounts.md, `sign_in_limited`). A password is guessed one try at a time; at
// these rates a stranger gets a few hundred guesses a day at one name, while a person who
// mistypes twice never notices. Kept per node, in memory: on several nodes each keeps its
// own count, so a guesser spread over N nodes gets N times the rate, still too slow.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace crownhall::server {

class sign_in_limits {
 public:
  struct rate {
    double burst;       // tries at once after a quiet spell
    double per_minute;  // tries won back each minute
  };
  static constexpr rate per_address{20, 10};
  static constexpr rate per_name{10, 5};

  // Takes one try for `address` and, when given, for the account name's key; nullopt when
  // allowed, else the seconds until one more try would be (at least 1). A refused try costs
  // nothing, so waiting the time said is always enough.
  std::optional<int> take(const std::string& address, const std::string* name_key,
                          std::int64_t now_ms);
  // Forgets buckets full again (called by the sweeper): memory stays with the guessers of
  // the last minutes.
  void forget_full(std::int64_t now_ms);

 private:
  struct bucket {
    double tries = 0;
    std::int64_t at_ms = 0;
  };
  static double filled(const bucket& b, const rate& r, std::int64_t now_ms);

  std::mutex mutex_;
  std::unordered_map<std::string, bucket> addresses_, names_;
};

}  // namespace crownhall::server
