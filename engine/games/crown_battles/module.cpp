#include "engine/games/crown_battles/crown_battles.hpp"

#include "engine/games/crown_battles/deal.hpp"
#include "engine/games/crown_battles/options.hpp"
#include "engine/games/crown_battles/state.hpp"

namespace crownhall {

namespace {

namespace cb = crown_battles;

class crown_battles_game final : public game_module {
 public:
  std::string_view id() const override { return "crown-battles"; }
  std::string_view title() const override { return "Crown Battles"; }
  int min_seats() const override { return cb::min_players; }
  int max_seats() const override { return cb::max_players; }
  const json& option_schema() const override { return cb::option_schema(); }
  result<json> normalize_options(const json& options, int seats) const override {
    return cb::normalize_options(options, seats);
  }

  result<std::unique_ptr<game_state>> new_game(const json& options, int seats, std::uint64_t seed,
                                               const json& stacked_deal) const override {
    // Options are normalized again: new_game never trusts that a caller did it.
    auto normalized = cb::normalize_options(options, seats);
    if (!normalized) return normalized.error();
    const cb::settings s = cb::settings_from_options(*normalized, seats);
    std::shared_ptr<const cb::stacked_deal> deal;
    if (!stacked_deal.is_null()) {
      auto parsed = cb::parse_stacked_deal(stacked_deal, s);
      if (!parsed) return parsed.error();
      deal = std::make_shared<const cb::stacked_deal>(std::move(*parsed));
    }
    return std::unique_ptr<game_state>(std::make_unique<cb::state>(s, std::move(deal), seed));
  }
};

}  // namespace

const game_module& crown_battles_module() {
  static const crown_battles_game module;
  return module;
}

}  // namespace crownhall
