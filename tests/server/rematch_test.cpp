// A rematch over real sockets: after a game, the host offers the same seats and
// options again; the other player accepts, and the new game starts for both.
#include <gtest/gtest.h>

#include "test_client.hpp"

namespace crownhall::testing {
namespace {

TEST(Rematch, TheHostOffersTheOtherAcceptsAndTheNextGameStarts) {
  test_server server(test_config());
  test_client ann(server.port()), bob(server.port());
  ann.hello("Ann");
  bob.hello("Bob");
  const json t = open_table(
      {&ann, &bob}, {{"game", "crown-battles"}, {"seats", 3}, {"options", {{"schedule", {1}}}}});
  ann.request({{"type", "add_bot"}});
  start_game({&ann, &bob});
  play_to_end({&ann, &bob}, 5);
  ASSERT_EQ(bob.next_table([](const json& m) { return m["state"] == "finished"; })["rematch"],
            false);
  EXPECT_EQ(bob.expect_error({{"type", "rematch"}})["code"], "not_host");

  ann.request({{"type", "rematch"}});
  const json offer = bob.next_table([](const json& m) { return m["rematch"] == true; });
  EXPECT_EQ(offer["last_event"]["kind"], "rematch_offered");
  EXPECT_EQ(offer["last_event"]["seat"], 0);
  EXPECT_EQ(offer["seats"][1]["ready"], false);

  bob.request({{"type", "ready"}, {"ready", true}});
  for (test_client* c : {&ann, &bob}) {
    const json next = c->next_table([](const json& m) { return m["state"] == "playing"; });
    EXPECT_EQ(next["game"]["view"].is_object(), true);
    EXPECT_EQ(next["options"], t["options"]);
    EXPECT_EQ(next["seats"][2]["status"], "bot");
  }
  EXPECT_EQ(ann.expect_error({{"type", "rematch"}})["code"], "game_started");
}

}  // namespace
}  // namespace crownhall::testing
