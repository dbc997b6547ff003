// The Dwarf King as a game_module: its id, options and new games.
#include "engine/games/dwarf_king/dwarf_king.hpp"

#include "engine/games/dwarf_king/state.hpp"

namespace crownhall {

namespace {

class module final : public game_module {
 public:
  std::string_view id() const override { return "dwarf-king"; }
  std::string_view title() const override { return "The Dwarf King"; }
  int min_seats() const override { return dwarf_king::min_players; }
  int max_seats() const override { return dwarf_king::max_players; }
  const json& option_schema() const override {
    static const json schema = dwarf_king::option_schema();  // built once: tables read it often
    return schema;
  }
  result<json> normalize_options(const json& options, int seats) const override {
    return dwarf_king::normalize_options(options, seats);
  }
  result<std::unique_ptr<game_state>> new_game(const json& options, int seats, std::uint64_t seed,
                                               const json& stacked_deal) const override {
    auto normalized = dwarf_king::normalize_options(options, seats);
    if (!normalized) return normalized.error();
    dwarf_king::settings s;
    s.players = seats;
    s.opts = dwarf_king::options_from_json(*normalized);
    auto deal = dwarf_king::parse_stacked_deal(stacked_deal, seats);
    if (!deal) return deal.error();
    if (!deal->hands.empty() || deal->first_dealer >= 0)
      s.deal = std::make_shared<const dwarf_king::stacked_deal>(std::move(*deal));
    return std::unique_ptr<game_state>(std::make_unique<dwarf_king::game>(std::move(s), seed));
  }
};

}  // namespace

const game_module& dwarf_king_module() {
  static const module m;
  return m;
}

}  // namespace crownhall
