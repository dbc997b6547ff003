// "Play this deal again" over real sockets: after a game, a player of it makes a
// new table from its id; the new table's first game deals exactly as the old one did (same
// seed, options and seats), its record and History line name the game it repeats, and a
// rematch there deals anew. Nobody else may deal from a game they did not play.
#include <gtest/gtest.h>

#include "engine/core/record.hpp"
#include "test_client.hpp"

namespace crownhall::testing {
namespace {

using headers = std::vector<std::pair<std::string, std::string>>;

headers bearer(const json& welcome) {
  return {{"Authorization", "Bearer " + welcome["you"]["token"].get<std::string>()}};
}

json history_of(const test_server& server, const json& welcome) {
  auto reply = http_get(server.port(), "/api/history", bearer(welcome));
  EXPECT_EQ(reply.status, 200) << reply.body;
  return json::parse(reply.body)["games"];
}

TEST(Duplicate, ANewTableDealsAsTheFinishedGameDidAndHistoryPairsThem) {
  temp_dir data{"duplicate"};
  test_server server(durable_config(data));
  test_client ann(server.port()), bob(server.port()), eve(server.port());
  const json wa = ann.hello("Ann");
  bob.hello("Bob");
  eve.hello("Eve");
  const json options = {{"schedule", {2, 3}}, {"round_types", {"normal", "blind"}}};
  open_table({&ann, &bob}, {{"game", "crown-battles"}, {"seats", 3}, {"options", options}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  const json first_ann = first_view(ann), first_bob = first_view(bob);
  play_to_end({&ann, &bob}, 3);
  const json ended = ann.next_table([](const json& m) { return m["state"] == "finished"; });
  const json history = history_of(server, wa);
  ASSERT_EQ(history.size(), 1u);
  const std::string original = history[0]["game_id"];

  // Eve played no game of that id; nobody may deal from an id that is not theirs.
  EXPECT_EQ(eve.expect_error({{"type", "create_table"}, {"deal_of", original}})["code"],
            "no_such_record");
  EXPECT_EQ(ann.expect_error({{"type", "create_table"}, {"deal_of", "t-nothing-1"}})["code"],
            "no_such_record");
  EXPECT_EQ(ann.expect_error(
                {{"type", "create_table"}, {"deal_of", original}, {"game", "lunar"}})["code"],
            "invalid_options");

  // Ann makes the duplicate; the game, options and seats come from the record.
  ann.request({{"type", "leave_table"}});
  bob.request({{"type", "leave_table"}});
  ann.request({{"type", "create_table"}, {"deal_of", original}});
  const json dup = ann.next_table([](const json& m) { return m.contains("deal_of"); });
  EXPECT_EQ(dup["deal_of"], original);
  EXPECT_EQ(dup["game_id"], "crown-battles");
  EXPECT_EQ(dup["seat_count"], 3);
  EXPECT_EQ(dup["options"], first_ann["options"]);
  bob.request({{"type", "join_table"}, {"table", dup["table"]}, {"seat", 1}});
  bob.request({{"type", "ready"}, {"ready", true}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  const json again_ann = first_view(ann), again_bob = first_view(bob);
  // The same hands, seat by seat, and the same deal around them.
  EXPECT_EQ(again_ann["game"]["view"], first_ann["game"]["view"]);
  EXPECT_EQ(again_bob["game"]["view"], first_bob["game"]["view"]);
  EXPECT_NE(again_ann["deal"]["commitment"], first_ann["deal"]["commitment"]) << "a new salt";
  play_to_end({&ann, &bob}, 4);
  const json dup_end = ann.next_table([](const json& m) { return m["state"] == "finished"; });
  EXPECT_EQ(dup_end["deal"]["seed"], ended["deal"]["seed"]);

  const json both = history_of(server, wa);
  ASSERT_EQ(both.size(), 2u);
  json repeat;
  for (const json& g : both)
    if (g["game_id"] != original) repeat = g;
  ASSERT_TRUE(repeat.is_object());
  EXPECT_EQ(repeat["summary"]["duplicate_of"], original);
  auto rec =
      http_get(server.port(), "/api/records/" + repeat["game_id"].get<std::string>(), bearer(wa));
  ASSERT_EQ(rec.status, 200);
  auto record = record_from_json(json::parse(rec.body));
  ASSERT_TRUE(record);
  EXPECT_EQ(record->extra["duplicate_of"], original);
  EXPECT_EQ(seed_to_string(record->seed), ended["deal"]["seed"]);

  // A rematch at the duplicate table deals anew, and says no more that it repeats a game.
  ann.request({{"type", "rematch"}});
  bob.request({{"type", "ready"}, {"ready", true}});
  const json next = first_view(ann);
  EXPECT_FALSE(next.contains("deal_of"));
  EXPECT_NE(next["game"]["view"], first_ann["game"]["view"]);
}

// With seats moved on (rotate 1), each person of the game is seated one seat on and plays
// the hand the next seat had; the table says whose hand each seat had then, and keeps its
// plan across a restart before the start.
TEST(Duplicate, SeatsMovedOnEachPlaysTheHandAnotherHad) {
  temp_dir data{"duplicate-rotated"};
  std::string ann_token, bob_token, table_id;
  json first_bob;
  {
    test_server server(durable_config(data));
    test_client ann(server.port()), bob(server.port());
    const json wa = ann.hello("Ann");
    ann_token = wa["you"]["token"];
    bob_token = bob.hello("Bob")["you"]["token"];
    open_table({&ann, &bob},
               {{"game", "crown-battles"}, {"seats", 3}, {"options", {{"schedule", {3}}}}});
    ann.request({{"type", "add_bot"}});
    ann.request({{"type", "start"}});
    first_bob = first_view(bob);
    play_to_end({&ann, &bob}, 3);
    ann.next_table([](const json& m) { return m["state"] == "finished"; });
    const std::string original = history_of(server, wa)[0]["game_id"];
    ann.request({{"type", "leave_table"}});
    bob.request({{"type", "leave_table"}});

    EXPECT_EQ(
        ann.expect_error({{"type", "create_table"}, {"deal_of", original}, {"rotate", 3}})["code"],
        "invalid_options")
        << "three seats: rotate 0 to 2";
    EXPECT_EQ(
        ann.expect_error({{"type", "create_table"}, {"game", "lunar"}, {"rotate", 1}})["code"],
        "bad_message")
        << "rotate goes with deal_of";
    ann.request({{"type", "create_table"}, {"deal_of", original}, {"rotate", 1}});
    const json dup = ann.next_table([](const json& m) { return m.contains("deal_of"); });
    table_id = dup["table"];
    EXPECT_EQ(dup["rotate"], 1);
    EXPECT_EQ(dup["you"]["seat"], 1) << "Ann sits one seat on, at Bob's hand";
    EXPECT_EQ(dup["host"], 1);
  }
  // A restart before the start keeps the plan.
  test_server server(durable_config(data));
  test_client ann(server.port()), bob(server.port());
  ann.resume_session(ann_token);
  const json back = ann.next_table([](const json& m) { return m.contains("deal_of"); });
  EXPECT_EQ(back["rotate"], 1);
  ASSERT_EQ(back["hands_were"].size(), 3u);
  EXPECT_EQ(back["hands_were"][0], "Ann");
  EXPECT_EQ(back["hands_were"][1], "Bob");
  EXPECT_EQ(back["you"]["seat"], 1);
  // Bob joins without choosing: the plan seats him one on too, at the bot's old hand.
  bob.resume_session(bob_token);
  bob.request({{"type", "join_table"}, {"table", table_id}});
  const json at_bob = bob.next_table([](const json& m) { return m.contains("you"); });
  EXPECT_EQ(at_bob["you"]["seat"], 2);
  bob.request({{"type", "ready"}, {"ready", true}});
  ann.request({{"type", "add_bot"}});  // the seat nobody of that game was planned for
  ann.request({{"type", "start"}});
  const json again_ann = first_view(ann);
  EXPECT_EQ(again_ann["game"]["view"]["hand"], first_bob["game"]["view"]["hand"])
      << "Ann holds the hand Bob had";
  play_to_end({&ann, &bob}, 4);
}

// Once a duplicate ends, its players have the seed and every hand (its record, its replay):
// a second table dealing the same cards at that time would be open to them. So one table at
// a time deals a game's cards again, and the lobby marks it: its players know the hands.
TEST(Duplicate, OneTableAtATimeDealsAFinishedGamesCardsAgain) {
  temp_dir data{"duplicate-once"};
  test_server server(durable_config(data));
  test_client ann(server.port()), bob(server.port()), eve(server.port());
  const json wa = ann.hello("Ann");
  bob.hello("Bob");
  const json we = eve.hello("Eve");
  open_table({&ann, &bob},
             {{"game", "crown-battles"}, {"seats", 3}, {"options", {{"schedule", {2}}}}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  play_to_end({&ann, &bob}, 5);
  const json ended = ann.next_table([](const json& m) { return m["state"] == "finished"; });
  const std::string original = history_of(server, wa)[0]["game_id"];
  ann.request({{"type", "leave_table"}});
  bob.request({{"type", "leave_table"}});

  eve.request({{"type", "lobby_subscribe"}});
  ann.request({{"type", "create_table"}, {"deal_of", original}});
  const json dup = ann.next_table([](const json& m) { return m.contains("deal_of"); });
  EXPECT_EQ(dup["known_deal"], "repeated");
  const std::string dup_id = dup["table"];
  const json row = eve.next_where([&](const json& m) {
    return m["type"] == "lobby" && !m["tables"].empty() && m["tables"][0]["table"] == dup_id;
  })["tables"][0];
  EXPECT_EQ(row["known_deal"], "repeated");

  // While Ann's duplicate is open, Bob may not deal the same game again elsewhere.
  const json refused = bob.expect_error({{"type", "create_table"}, {"deal_of", original}});
  EXPECT_EQ(refused["code"], "deal_in_play") << refused;

  // Eve, who never played that game, plays the duplicate to its end: now she has the seed.
  eve.request({{"type", "join_table"}, {"table", dup_id}});
  eve.request({{"type", "ready"}, {"ready", true}});
  ann.request({{"type", "add_bot"}});
  ann.request({{"type", "start"}});
  first_view(eve);
  play_to_end({&ann, &eve}, 6);
  const json dup_end = eve.next_table([](const json& m) { return m["state"] == "finished"; });
  EXPECT_TRUE(dup_end["known_deal"].is_null());
  const json eves = history_of(server, we);
  ASSERT_EQ(eves.size(), 1u);
  auto rec =
      http_get(server.port(), "/api/records/" + eves[0]["game_id"].get<std::string>(), bearer(we));
  ASSERT_EQ(rec.status, 200);
  EXPECT_EQ(json::parse(rec.body)["seed"], ended["deal"]["seed"]);
  // Both games are over: the deal may be played again.
  bob.request({{"type", "create_table"}, {"deal_of", original}});
  EXPECT_EQ(bob.next_table([](const json& m) { return m.contains("deal_of"); })["deal_of"],
            original);
}

TEST(Duplicate, AServerWithoutHistoryHasNoDealToRepeat) {
  test_server server;
  test_client ann(server.port());
  ann.hello("Ann");
  EXPECT_EQ(ann.expect_error({{"type", "create_table"}, {"deal_of", "t-1-1"}})["code"],
            "no_such_record");
  EXPECT_EQ(ann.expect_error({{"type", "create_table"}})["code"], "bad_message");
}

}  // namespace
}  // namespace crownhall::testing
