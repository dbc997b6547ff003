// Views carry exactly what a seat may know: never another hand, the draw pile or cards
// set aside; a spectator sees no hand at all.
#include <bit>

#include "helpers.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall::queens_court {
namespace {

using namespace testing;

// Every card id quoted anywhere in a JSON text.
card_set ids_in(const std::string& text) {
  card_set found = 0;
  std::size_t i = 0;
  while ((i = text.find('"', i)) != std::string::npos) {
    const std::size_t end = text.find('"', i + 1);
    if (end == std::string::npos) break;
    const card c = card_from_id(std::string_view(text).substr(i + 1, end - i - 1));
    if (c != no_card) found |= bit(c);
    i = end + 1;
  }
  return found;
}

void check_views(const game& g) {
  const int n = g.seat_count();
  const card_set secret_everywhere = g.cards_in_draw_pile() | g.cards_set_aside();
  for (int s = -1; s < n; ++s) {
    const card_set own = s >= 0 ? g.make_view(s).hand : 0;
    const card_set hidden = (g.cards_in_hands() & ~own) | secret_everywhere;
    const card_set seen = ids_in(g.view(s).dump());
    ASSERT_EQ(seen & hidden, 0u) << "seat " << s << " sees a hidden card";
    ASSERT_EQ(seen & own, own) << "seat " << s << " does not see its own hand";
    ASSERT_EQ(seen & g.cards_on_piles(), g.cards_on_piles()) << "piles are public";
  }
}

TEST(QueensCourtViews, NoSeatSeesAnotherHandOrTheDrawPile) {
  const auto games = static_cast<std::uint64_t>(crownhall::test::scaled_games(60));
  for (int n = 2; n <= 5; ++n) {
    for (std::uint64_t seed = 0; seed < games; ++seed) {
      const json options = {{"queens_wild", seed % 2 == 1}, {"coins", seed % 3 == 0}};
      auto g = start(n, nullptr, options, seed);
      prng bots(seed);
      check_views(*g);
      while (!g->is_over()) {
        const int seat = std::countr_zero(g->seats_to_act());
        ASSERT_FALSE(g->apply(seat, g->bot_action(seat, bot_kind::random, bots)));
        check_views(*g);
      }
    }
  }
}

TEST(QueensCourtViews, SetAsideCardsStayHidden) {
  json deal = {{"rounds", json::array({{{"draw", {"5a", "6a"}}}})}};
  auto g = start(3, deal, {}, 4);
  ASSERT_NE(g->cards_set_aside(), 0u);
  check_views(*g);
}

TEST(QueensCourtViews, SeatViewFields) {
  auto g = start(3, nullptr, {{"coins", true}}, 9);
  const json v = g->view(1);
  EXPECT_EQ(v["game"], "queens-court");
  EXPECT_EQ(v["seat"], 1);
  EXPECT_EQ(v["phase"], "first_half");
  EXPECT_EQ(v["hand"].size(), 3u);
  EXPECT_EQ(v["players"].size(), 3u);
  EXPECT_EQ(v["pot"], 6);
  EXPECT_TRUE(v["last_round"].is_null());
  const json spectator_view = g->view(spectator);
  EXPECT_FALSE(spectator_view.contains("hand"));
  EXPECT_TRUE(spectator_view["seat"].is_null());
  for (const auto& p : v["players"]) {
    EXPECT_FALSE(p.contains("hand"));
    EXPECT_EQ(p["hand_size"], 3);
    EXPECT_EQ(p["piles"].size(), 2u);
  }
}

}  // namespace
}  // namespace crownhall::queens_court
