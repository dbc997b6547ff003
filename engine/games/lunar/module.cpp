// Lunar as a game_module: its id, options and new games.
#include "engine/games/lunar/lunar.hpp"

#include "engine/games/lunar/state.hpp"

namespace crownhall {

namespace {

class module final : public game_module {
 public:
  std::string_view id() const override { return "lunar"; }
  std::string_view title() const override { return "Lunar"; }
  int min_seats() const override { return 2; }
  int max_seats() const override { return 4; }
  const json& option_schema() const override {
    static const json schema = lunar::option_schema();  // built once: tables read it often
    return schema;
  }
  result<json> normalize_options(const json& options, int seats) const override {
    return lunar::normalize_options(options, seats);
  }
  result<std::unique_ptr<game_state>> new_game(const json& options, int seats, std::uint64_t seed,
                                               const json& stacked_deal) const override {
    auto opts = lunar::read_options(options, seats);
    if (!opts) return opts.error();
    lunar::settings s;
    s.players = seats;
    s.opts = *opts;
    auto deal = lunar::parse_stacked_deal(stacked_deal, seats);
    if (!deal) return deal.error();
    // Nothing stacked needs no shared copy: the game reads a null deal as a shuffled one.
    if (deal->start_player >= 0 || !deal->rounds.empty())
      s.deal = std::make_shared<const lunar::stacked_deal>(std::move(*deal));
    return std::unique_ptr<game_state>(std::make_unique<lunar::game>(std::move(s), seed));
  }
};

}  // namespace

const game_module& lunar_module() {
  static const module m;
  return m;
}

}  // namespace crownhall
