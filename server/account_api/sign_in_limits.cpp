#include "server/account_api/sign_in_limits.hpp"

#include <algorithm>
#include <cmath>

namespace crownhall::server {

double sign_in_limits::filled(const bucket& b, const rate& r, std::int64_t now_ms) {
  return std::min(r.burst,
                  b.tries + static_cast<double>(now_ms - b.at_ms) * r.per_minute / 60000.0);
}

std::optional<int> sign_in_limits::take(const std::string& address, const std::string* name_key,
                                        std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto open = [now_ms](auto& map, const std::string& key, const rate& r) -> bucket& {
    auto [it, fresh] = map.try_emplace(key, bucket{r.burst, now_ms});
    if (!fresh) it->second = {filled(it->second, r, now_ms), now_ms};
    return it->second;
  };
  auto wait_seconds = [](const bucket& b, const rate& r) {
    return std::max(1, static_cast<int>(std::ceil((1.0 - b.tries) * 60.0 / r.per_minute)));
  };
  bucket& by_address = open(addresses_, address, per_address);
  bucket* by_name = name_key ? &open(names_, *name_key, per_name) : nullptr;
  int wait = 0;
  if (by_address.tries < 1.0) wait = wait_seconds(by_address, per_address);
  if (by_name && by_name->tries < 1.0) wait = std::max(wait, wait_seconds(*by_name, per_name));
  if (wait > 0) return wait;
  by_address.tries -= 1.0;
  if (by_name) by_name->tries -= 1.0;
  return std::nullopt;
}

void sign_in_limits::forget_full(std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  auto sweep = [now_ms](auto& map, const rate& r) {
    std::erase_if(map, [&](const auto& kv) { return filled(kv.second, r, now_ms) >= r.burst; });
  };
  sweep(addresses_, per_address);
  sweep(names_, per_name);
}

}  // namespace crownhall::server
