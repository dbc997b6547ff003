// Teaching tables over real sockets: a host uploads a record, here a prepared deal
// (a seed and the first round's hands stacked), and the table's first game deals exactly
// that, checked against the engine's own replay of the record; with open hands every player
// and spectator sees every hand. The game's record and History line say it was a teaching
// game, the table comes back dealt the same after a restart, and bad uploads are refused.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/record.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

using headers = std::vector<std::pair<std::string, std::string>>;

// Crown Battles for three: Ann, Bob and a bot; the first round's hands are stacked, the
// rest comes from the seed.
game_record prepared_deal() {
  game_record r;
  r.game = "crown-battles";
  r.options = {{"schedule", {2, 3}}};
  r.seats = {"Ann", "Bob", "Bot"};
  r.seed = 4242;
  const json hands = json::array(
      {json::array({"R13", "B13"}), json::array({"Y1", "G2"}), json::array({"DRAGON1", "GOLEM1"})});
  r.deal = {{"first_dealer", 2}, {"rounds", json::array({{{"hands", hands}}})}};
  return r;
}

json sorted(json cards) {
  std::sort(cards.begin(), cards.end());
  return cards;
}

// Every seat's hand in `g`, as the engine's own views show them.
json hands_of(const game_state& g) {
  json out = json::array();
  for (int s = 0; s < g.seat_count(); ++s) out.push_back(g.view(s)["hand"]);
  return out;
}

TEST(Teaching, AnUploadedDealIsDealtAndOpenHandsShowEveryHandToEveryone) {
  temp_dir data{"teaching"};
  test_server server(durable_config(data));
  test_client ann(server.port()), bob(server.port()), eve(server.port());
  const json wa = ann.hello("Ann");
  bob.hello("Bob");
  eve.hello("Eve");
  const game_record source = prepared_deal();
  auto expected = replay(source);  // the engine's own start of the recorded game
  ASSERT_TRUE(expected) << expected.error().reason;

  const json created = open_table(
      {&ann, &bob}, {{"deal_from", to_json(source)}, {"open_hands", true}, {"game", nullptr}});
  EXPECT_EQ(created["game_id"], "crown-battles");
  EXPECT_EQ(created["seat_count"], 3);
  EXPECT_EQ(created["prepared_deal"], true);
  EXPECT_EQ(created["open_hands"], true);
  eve.request({{"type", "join_table"}, {"table", created["table"]}, {"as", "spectator"}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  const json at_ann = first_view(ann), at_bob = first_view(bob), at_eve = first_view(eve);

  // Each seat's view is the recorded game's, and its hand the stacked one.
  const game_state& dealt = *expected->state;
  EXPECT_EQ(at_ann["game"]["view"], dealt.view(0));
  EXPECT_EQ(at_bob["game"]["view"], dealt.view(1));
  EXPECT_EQ(at_eve["game"]["view"], dealt.view(spectator));
  const json stacked = source.deal["rounds"][0]["hands"];
  for (int s = 0; s < 3; ++s)
    EXPECT_EQ(sorted(dealt.view(s)["hand"]), sorted(stacked[s])) << "seat " << s;
  // Open hands: players and spectators alike see every hand.
  for (const json* m : {&at_ann, &at_bob, &at_eve})
    EXPECT_EQ((*m)["game"]["hands"], hands_of(dealt)) << (*m)["you"];

  play_to_end({&ann, &bob}, 11, {&eve});
  const json ended = ann.next_table([](const json& m) { return m["state"] == "finished"; });
  EXPECT_EQ(ended["deal"]["seed"], seed_to_string(source.seed));

  // History and the record say it was a teaching game, and keep the stacked deal.
  auto listed = http_get(server.port(), "/api/history",
                         {{"Authorization", "Bearer " + wa["you"]["token"].get<std::string>()}});
  ASSERT_EQ(listed.status, 200);
  const json games = json::parse(listed.body)["games"];
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0]["summary"]["prepared_deal"], true);
  EXPECT_EQ(games[0]["summary"]["open_hands"], true);
  auto rec = http_get(server.port(), "/api/records/" + games[0]["game_id"].get<std::string>(),
                      {{"Authorization", "Bearer " + wa["you"]["token"].get<std::string>()}});
  ASSERT_EQ(rec.status, 200);
  auto record = record_from_json(json::parse(rec.body));
  ASSERT_TRUE(record);
  EXPECT_EQ(record->deal, source.deal);
  EXPECT_EQ(record->extra["prepared_deal"], true);
  EXPECT_EQ(record->extra["open_hands"], true);
  auto again = replay(*record);  // the record replays to its end
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->error) << again->error->reason;
  EXPECT_TRUE(again->state->is_over());

  // A rematch deals anew: only the first game is the prepared one.
  ann.request({{"type", "rematch"}});
  bob.request({{"type", "ready"}, {"ready", true}});
  const json next = first_view(ann);
  EXPECT_NE(next["game"]["view"], at_ann["game"]["view"]);
  EXPECT_EQ(next["open_hands"], true);
}

TEST(Teaching, ATeachingTableComesBackDealtTheSameAfterARestart) {
  temp_dir data{"teaching-restart"};
  const game_record source = prepared_deal();
  std::string token;
  json before;
  {
    test_server server(durable_config(data));
    test_client ann(server.port());
    token = ann.hello("Ann")["you"]["token"];
    open_table({&ann}, {{"deal_from", to_json(source)}, {"open_hands", true}});
    ann.request({{"type", "add_bot"}});
    ann.request({{"type", "add_bot"}});
    ann.request({{"type", "start"}});
    before = first_view(ann);
  }
  test_server server(durable_config(data));
  test_client ann(server.port());
  ann.resume_session(token);
  const json back = ann.next_table([](const json& m) { return m["state"] == "playing"; });
  EXPECT_EQ(back["prepared_deal"], true);
  EXPECT_EQ(back["open_hands"], true);
  EXPECT_EQ(back["game"]["hands"], before["game"]["hands"]);
  EXPECT_EQ(back["game"]["view"]["hand"], before["game"]["view"]["hand"]);
  play_to_end({&ann}, 3);
  EXPECT_EQ(ann.last_table()["state"], "finished");
}

TEST(Teaching, ABadUploadIsRefusedWithItsReason) {
  test_server server;
  test_client ann(server.port());
  ann.hello("Ann");
  const json good = to_json(prepared_deal());
  auto refused = [&](json create) {
    create["type"] = "create_table";
    return ann.expect_error(create);
  };
  json e = refused({{"deal_from", {{"game", "crown-battles"}}}});
  EXPECT_EQ(e["code"], "invalid_options");
  EXPECT_NE(e["reason"].get<std::string>().find("deal_from"), std::string::npos) << e;
  json twice = good;
  twice["deal"]["rounds"][0]["hands"][1][0] = "R13";  // R13 dealt to Ann and Bob
  e = refused({{"deal_from", twice}});
  EXPECT_EQ(e["code"], "invalid_options");
  EXPECT_NE(e["reason"].get<std::string>().find("deal"), std::string::npos) << e;
  json elsewhere = good;
  elsewhere["game"] = "chess";
  EXPECT_EQ(refused({{"deal_from", elsewhere}})["code"], "unknown_game");
  EXPECT_EQ(refused({{"deal_from", good}, {"game", "lunar"}})["code"], "invalid_options");
  EXPECT_EQ(refused({{"deal_from", good}, {"deal_of", "t-1-1"}})["code"], "bad_message");
  EXPECT_EQ(refused({{"deal_from", "not a record"}})["code"], "bad_message");
  // The connection goes on: the good upload makes its table.
  ann.request({{"type", "create_table"}, {"deal_from", good}});
  EXPECT_EQ(ann.next_table()["prepared_deal"], true);
}

}  // namespace
}  // namespace crownhall::testing
