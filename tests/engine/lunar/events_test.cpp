// The move log as data: the secret exchange's events, each with its kind, arguments and
// audience (protocol/events.md, "Lunar").
#include "helpers.hpp"

namespace crownhall::lunar {
namespace {

using namespace testing;

event_lines events_of(const game& g) {
  event_lines out;
  g.last_events(out);
  return out;
}

TEST(LunarEvents, AnExchangeChoiceIsItsChoosersAloneUntilAllHaveChosen) {
  auto g = start(4, four_player_deal());
  must_act(*g, 0, pass({"5a", "6a", "Ob", "Oc"}));
  event_lines e = events_of(*g);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].kind, "exchange_chosen");
  EXPECT_EQ(e[0].args, json({{"seat", 0}}));
  EXPECT_TRUE(e[0].to.includes(1) && e[0].to.includes(spectator) && !e[0].to.includes(0));
  EXPECT_EQ(e[1].kind, "own_exchange");
  EXPECT_EQ(e[1].args, json({{"seat", 0}, {"cards", {"5a", "6a", "Ob", "Oc"}}}));
  EXPECT_TRUE(e[1].to.includes(0) && !e[1].to.includes(2) && !e[1].to.includes(spectator));
  must_act(*g, 1, pass({"3b", "4b", "Lc", "Ld"}));
  must_act(*g, 2, pass({"7b", "8b", "Le", "Lf"}));
  must_act(*g, 3, pass({"7c", "8c", "Be", "Bf"}));
  e = events_of(*g);
  // The last chooser's two events, the exchange, then each seat's cards received.
  ASSERT_EQ(e.size(), 7u);
  EXPECT_EQ(e[2].kind, "exchanged");
  EXPECT_TRUE(e[2].args.empty());
  for (int p = 0; p < 4; ++p) {
    const game_event& r = e[static_cast<std::size_t>(3 + p)];
    EXPECT_EQ(r.kind, "received");
    EXPECT_EQ(r.args["seat"], p);
    EXPECT_EQ(r.args["from"], (p + 2) % 4);
    EXPECT_TRUE(r.to.includes(p) && !r.to.includes((p + 1) % 4) && !r.to.includes(spectator));
  }
  EXPECT_EQ(e[3].args["cards"], json({"7b", "8b", "Le", "Lf"}));
}

}  // namespace
}  // namespace crownhall::lunar
