// Views carry exactly what a seat may know: its own hand, what it passed, the public Sky,
// tiles and tricks; never another hand or another seat's pending exchange.
#include <bit>

#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

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
  card_set hands = 0;
  for (int s = 0; s < n; ++s) hands |= g.hand(s);
  for (int s = -1; s < n; ++s) {
    const table_view v = g.make_view(s);
    const card_set own = s >= 0 ? g.hand(s) : 0;
    // A seat knows the cards it passed to its partner.
    const card_set hidden = hands & ~own & ~v.passed;
    const card_set seen = ids_in(g.view(s).dump());
    ASSERT_EQ(seen & hidden, 0u) << "seat " << s << " in phase " << g.phase();
    ASSERT_EQ(seen & own, own);
    ASSERT_EQ(seen & g.sky(), g.sky()) << "the Sky is public";
    ASSERT_EQ(seen & g.trick_cards(), g.trick_cards());
    if (s >= 0) {
      ASSERT_EQ(v.hand, own);
    } else {
      ASSERT_EQ(v.passed | v.received | v.my_choice | v.hand, 0u);
    }
  }
}

TEST(LunarViews, NoSeatSeesAnotherHandOrAPendingExchange) {
  for (int n : {4, 2}) {
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      auto g = start(n, nullptr, {{"target_score", 15}}, seed);
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

TEST(LunarViews, SeatViewFields) {
  auto g = start(4, four_player_deal());
  const json v = g->view(3);
  EXPECT_EQ(v["game"], "lunar");
  EXPECT_EQ(v["seat"], 3);
  EXPECT_EQ(v["team"], 1);
  EXPECT_EQ(v["phase"], "exchange");
  EXPECT_EQ(v["to_act"], json({0, 1, 2, 3}));
  EXPECT_EQ(v["teams"], json({{0, 2}, {1, 3}}));
  EXPECT_EQ(v["hand"].size(), 12u);
  EXPECT_EQ(v["hand_sizes"], json({12, 12, 12, 12}));
  EXPECT_EQ(v["tiles"]["face_up"], json({"wolf", "owl", "lynx", "bat"}));
  EXPECT_TRUE(v["trump"].is_null());
  EXPECT_TRUE(v["last_trick"].is_null());
  EXPECT_FALSE(v.contains("sky"));
  const json spectator_view = g->view(spectator);
  EXPECT_FALSE(spectator_view.contains("hand"));
  EXPECT_TRUE(spectator_view["seat"].is_null());
  EXPECT_FALSE(spectator_view["exchange"].contains("chosen"));
}

}  // namespace
}  // namespace crownhall::lunar
