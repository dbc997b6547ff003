// Queen's Court as a game_module: its id, options and new games.
#include "engine/games/queens_court/queens_court.hpp"

#include "engine/games/queens_court/state.hpp"

namespace crownhall {

namespace {

class module final : public game_module {
 public:
  std::string_view id() const override { return "queens-court"; }
  std::string_view title() const override { return "Queen's Court"; }
  int min_seats() const override { return queens_court::min_players; }
  int max_seats() const override { return queens_court::max_players; }
  const json& option_schema() const override {
    static const json schema = queens_court::option_schema();  // built once: tables read it often
    return schema;
  }
  result<json> normalize_options(const json& options, int seats) const override {
    return queens_court::normalize_options(options, seats);
  }
  result<std::unique_ptr<game_state>> new_game(const json& options, int seats, std::uint64_t seed,
                                               const json& stacked_deal) const override {
    // The same checks as normalize_options, without building its JSON: tables, tests and
    // benchmarks start many games.
    auto opts = queens_court::check_options(options, seats);
    if (!opts) return opts.error();
    queens_court::settings s;
    s.players = seats;
    s.opts = *opts;
    if (!stacked_deal.is_null()) {  // a null deal stacks nothing: no deal to share
      auto deal = queens_court::parse_stacked_deal(stacked_deal, seats, s.opts);
      if (!deal) return deal.error();
      s.deal = std::make_shared<const queens_court::stacked_deal>(std::move(*deal));
    }
    return std::unique_ptr<game_state>(std::make_unique<queens_court::game>(std::move(s), seed));
  }
};

}  // namespace

const game_module& queens_court_module() {
  static const module m;
  return m;
}

}  // namespace crownhall
