// What a seat knows of another hand changes only by what that seat saw (rulings, "What must
// stay hidden"): a card that moves in secret never shows, by vanishing from a `known` list,
// which card it was to a seat not part of the move; a face-down card stays its seat's until
// it turns up; hands that change places in plain sight keep what anyone knew of them; a card
// a Leaked Suit showed is seen going wherever it goes.
//
// Four players, four cards each, dealer seat 3 (seat 0 bids and leads), no trump. Trick 1
// opens with the Magician passing to the left, so that each seat knows one card of the next
// seat's hand: seat 0 knows R1 in seat 1's, seat 1 knows B1 in seat 2's, seat 2 knows G1 in
// seat 3's, seat 3 knows Y1 in seat 0's.
#include <gtest/gtest.h>

#include "specials_helpers.hpp"

namespace crown_battles_test {
namespace {

using hands_t = std::vector<std::vector<std::string>>;

std::unique_ptr<cb::state> sight_table(const hands_t& hands, const std::string& type = "normal",
                                       std::uint64_t seed = 1) {
  const json options = {
      {"specials", all_specials()}, {"peasants", 4}, {"schedule", {4}}, {"round_types", {type}}};
  const json deal = {{"first_dealer", 3},
                     {"rounds", {{{"hands", hands_of(hands)}, {"spinner", "X"}, {"type", type}}}}};
  return start(options, 4, deal, seed);
}

json known(const cb::state& g, int viewer) { return g.view(viewer)["specials"]["known"]; }
json known(const cb::state& g, int viewer, int holder) {
  const json k = known(g, viewer);
  const std::string key = std::to_string(holder);
  return k.contains(key) ? k[key] : json::array();
}

// Trick 1's lead: the Magician to the left, each seat passing the card named (seat 0 last).
void magician_passes(cb::state& g, const std::string& from_0, const std::string& from_1,
                     const std::string& from_2, const std::string& from_3) {
  MUST_ACT(g, 0, play("MAGICIAN"));
  MUST_ACT(g, 0, json({{"type", "direction"}, {"direction", "left"}}));
  MUST_ACT(g, 1, pick_card(from_1));
  MUST_ACT(g, 2, pick_card(from_2));
  MUST_ACT(g, 3, pick_card(from_3));
  MUST_ACT(g, 0, pick_card(from_0));
}

// The Magician's trick with `special` in seat 3's hand, played up to it: seat 1 plays B7,
// seat 2 must follow with B1 (seen), seat 3 plays `special` last.
std::unique_ptr<cb::state> to_seat_3s(const std::string& special, std::uint64_t seed = 1) {
  auto g = sight_table({{"MAGICIAN", "R1", "R2", "R3"},
                        {"B7", "B1", "B2", "B3"},
                        {"G7", "G1", "G2", "G3"},
                        {special, "Y1", "Y2", "Y3"}},
                       "normal", seed);
  if (!g) return g;
  bid_all(*g, {0, 0, 0, 0});
  magician_passes(*g, "R1", "B1", "G1", "Y1");
  for (const auto& [s, c] :
       std::vector<std::pair<int, std::string>>{{1, "B7"}, {2, "B1"}, {3, special}})
    EXPECT_FALSE(act(*g, s, play(c)));
  return g;
}

TEST(CrownBattlesSight, AFaceDownCardStaysKnownUntilTheTrickTurnsUp) {
  auto g = sight_table({{"MAGICIAN", "R1", "R2", "R3"},
                        {"SPY", "B1", "B2", "B3"},
                        {"G7", "G1", "G2", "G3"},
                        {"Y7", "Y1", "Y2", "Y3"}},
                       "stealth");
  ASSERT_TRUE(g);
  bid_all(*g, {0, 0, 0, 0});
  magician_passes(*g, "R1", "B1", "G1", "Y1");
  ASSERT_EQ(known(*g, 1, 2), json({"B1"}));
  MUST_ACT(*g, 1, play("B2"));  // face down, and blue is the suit to follow
  MUST_ACT(*g, 2, play("B1"));  // face down: seat 1 must not see B1 leave seat 2's hand
  EXPECT_EQ(g->view(1)["trick"]["cards"][2], json({{"face_down", true}, {"seat", 2}}));
  EXPECT_EQ(known(*g, 1, 2), json({"B1"}));
  EXPECT_EQ(known(*g, 0, 1), json({"R1"}));  // seat 1's face-down B2 was never known
  MUST_ACT(*g, 3, play("Y7"));               // the last card: every card turns up
  EXPECT_EQ(known(*g, 1, 2), json::array());
}

TEST(CrownBattlesSight, MerchantsTradeHidesWhichCardsMovedFromEveryoneElse) {
  // Whatever card the Merchant draws, seats 0 and 2 read the same: they no longer know any
  // card of either hand (any of them may be the one that went).
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    auto g = to_seat_3s("MERCHANT", seed);
    ASSERT_TRUE(g);
    MUST_ACT(*g, 3, pick_seat(1));
    MUST_ACT(*g, 3, pick_card("Y2"));
    EXPECT_EQ(known(*g, 0), json::object()) << "seed " << seed;  // R1 in seat 1's hand
    EXPECT_EQ(known(*g, 2), json::object()) << "seed " << seed;  // G1 in seat 3's hand
    // The two traders know what crossed; seat 3 still knows Y1 in seat 0's hand.
    EXPECT_EQ(known(*g, 3, 1), json({"Y2"}));
    EXPECT_EQ(known(*g, 3, 0), json({"Y1"}));
    EXPECT_EQ(known(*g, 1, 3).size(), 1u);
  }
}

TEST(CrownBattlesSight, MerchantsSwapOfTwoOthersHidesTheirCardsFromTheRest) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    auto g = to_seat_3s("MERCHANT", seed);
    ASSERT_TRUE(g);
    MUST_ACT(*g, 3, pick_seat(1));
    MUST_ACT(*g, 3, pick_seat(0));  // seats 1 and 0 swap a random card each
    EXPECT_EQ(known(*g, 3, 0), json::array()) << "seed " << seed;  // Y1 may have gone
    EXPECT_EQ(known(*g, 2), json({{"3", {"G1"}}}));  // the Merchant's own hand did not move
    // The two know the card each gave, and seat 0 still knows R1 if seat 1 did not give it.
    const bool r1_stayed = g->hand(1).contains(*cb::card_from_id("R1"));
    EXPECT_EQ(known(*g, 0, 1).size(), r1_stayed ? 2u : 1u) << "seed " << seed;
    EXPECT_EQ(known(*g, 1, 0).size(), 1u);
  }
}

TEST(CrownBattlesSight, AMagiciansPassHidesWhichCardWentFromTheSeatsNotInIt) {
  // The Summoner copies the Magician: a second pass, seat 1 choosing the way and picking last.
  auto g = sight_table({{"MAGICIAN", "R1", "R2", "R3"},
                        {"SUMMONER", "B1", "B2", "B3"},
                        {"G7", "G1", "G2", "G3"},
                        {"Y7", "Y1", "Y2", "Y3"}});
  ASSERT_TRUE(g);
  bid_all(*g, {0, 0, 0, 0});
  magician_passes(*g, "R1", "B1", "G1", "Y1");
  MUST_ACT(*g, 1, play("SUMMONER"));
  MUST_ACT(*g, 1, json({{"type", "direction"}, {"direction", "left"}}));
  MUST_ACT(*g, 2, pick_card("G2"));          // to seat 3
  MUST_ACT(*g, 3, pick_card("Y2"));          // to seat 0
  MUST_ACT(*g, 0, pick_card("R2"));          // to seat 1
  EXPECT_EQ(known(*g, 1, 0), json({"R2"}));  // the Magician's player sees its incoming card
  MUST_ACT(*g, 1, pick_card("B2"));          // to seat 2
  // Seat 0 knew R1 in seat 1's hand; seat 1 passed a card it did not see: only R2 is known.
  EXPECT_EQ(known(*g, 0), json({{"1", {"R2"}}}));
  // Seat 1 knew B1 in seat 2's hand; seat 2 passed to seat 3: only B2 (its own pass) is known.
  EXPECT_EQ(known(*g, 1), json({{"2", {"B2"}}}));
  // Seat 2 knew G1 in seat 3's hand; seat 3 passed to seat 0: only G2 (its own pass) is known.
  EXPECT_EQ(known(*g, 2), json({{"3", {"G2"}}}));
  EXPECT_EQ(known(*g, 3), json({{"0", {"Y2"}}}));
}

TEST(CrownBattlesSight, ASmugglersPutBackHidesWhichCardWentBack) {
  for (bool keep_drawn : {false, true}) {
    auto g = sight_table({{"MAGICIAN", "R1", "R2", "R3"},
                          {"SMUGGLER", "B1", "B2", "B3"},
                          {"G7", "G1", "G2", "G3"},
                          {"Y7", "Y1", "Y2", "Y3"}});
    ASSERT_TRUE(g);
    bid_all(*g, {0, 0, 0, 0});
    magician_passes(*g, "R1", "B1", "G1", "Y1");
    MUST_ACT(*g, 1, play("SMUGGLER"));
    MUST_ACT(*g, 1, step("smuggle"));
    const std::string drawn = g->view(1)["specials"]["pending"]["drawn"];
    MUST_ACT(*g, 1, pick_card(keep_drawn ? "B2" : drawn));
    // Putting the drawn card back is public and changes nothing; a swap hides which went.
    EXPECT_EQ(known(*g, 0, 1), keep_drawn ? json::array() : json({"R1"}));
  }
}

TEST(CrownBattlesSight, HandsSwappedInPlainSightKeepWhatOthersKnew) {
  auto g = to_seat_3s("CURSED");
  ASSERT_TRUE(g);
  MUST_ACT(*g, 3, pick_seat(1));
  MUST_ACT(*g, 3, pick_seat(2));                   // seats 1 and 2 swap hands, in sight of all
  EXPECT_EQ(known(*g, 0), json({{"2", {"R1"}}}));  // R1 went with seat 1's hand
  EXPECT_EQ(known(*g, 1, 2), json({"R1", "B2", "B3"}));  // each knows the hand it gave
  EXPECT_EQ(known(*g, 2, 1), json({"G2", "G3", "G7"}));
  EXPECT_EQ(known(*g, 2, 3), json({"G1"}));  // seat 3's hand did not move
}

// Leaked Suit: seats 0 to 3 show red, blue, green and yellow; then everyone bids 0.
void leak_each_suit(cb::state& g) {
  const char* suits[] = {"R", "B", "G", "Y"};
  for (int s = 0; s < 4; ++s) MUST_ACT(g, s, json({{"type", "leak"}, {"suit", suits[s]}}));
  bid_all(g, {0, 0, 0, 0});
}

TEST(CrownBattlesSight, ACardTheLeakedSuitShowedIsSeenGoing) {
  // Seat 1 shows all its blue cards; the Merchant's random card from it is one of them, and
  // everyone sees it go to seat 3.
  auto g = sight_table({{"R5", "R1", "R2", "R3"},
                        {"B7", "B1", "B2", "B3"},
                        {"G7", "G1", "G2", "G3"},
                        {"MERCHANT", "Y1", "Y2", "Y3"}},
                       "leaked_suit");
  ASSERT_TRUE(g);
  leak_each_suit(*g);
  MUST_ACT(*g, 0, play("R5"));
  MUST_ACT(*g, 1, play("B7"));
  MUST_ACT(*g, 2, play("G7"));
  MUST_ACT(*g, 3, play("MERCHANT"));
  MUST_ACT(*g, 3, pick_seat(1));
  MUST_ACT(*g, 3, pick_card("Y1"));  // a shown card too: seen going to seat 1
  const json leaks = g->view(0)["round"]["leaks"];
  ASSERT_EQ(leaks[1]["cards"].size(), 2u);
  for (int viewer : {0, 2}) {
    const json k = known(*g, viewer, 3);
    ASSERT_EQ(k.size(), 1u);
    EXPECT_EQ(k[0].get<std::string>()[0], 'B');
    EXPECT_EQ(known(*g, viewer, 1), json({"Y1"}));
  }
}

TEST(CrownBattlesSight, AShownCardThatComesBackIsNotShownAgain) {
  // Every seat shows its suit. The first pass moves shown cards in sight of all; in the
  // second (the Summoner copying the Magician, to the right) seat 2 passes B1 back to seat 1
  // in secret: showing it again would tell everyone which card seat 2 passed.
  auto g = sight_table({{"MAGICIAN", "R1", "R2", "R3"},
                        {"SUMMONER", "B1", "B2", "B3"},
                        {"G7", "G1", "G2", "G3"},
                        {"Y7", "Y1", "Y2", "Y3"}},
                       "leaked_suit");
  ASSERT_TRUE(g);
  leak_each_suit(*g);
  magician_passes(*g, "R1", "B1", "G1", "Y1");
  EXPECT_EQ(known(*g, 0, 2), json({"B1"}));  // seen going
  MUST_ACT(*g, 1, play("SUMMONER"));
  MUST_ACT(*g, 1, json({{"type", "direction"}, {"direction", "right"}}));
  MUST_ACT(*g, 2, pick_card("B1"));  // back to seat 1, unseen
  MUST_ACT(*g, 3, pick_card("Y2"));
  MUST_ACT(*g, 0, pick_card("R2"));
  MUST_ACT(*g, 1, pick_card("B2"));
  EXPECT_EQ(g->view(0)["round"]["leaks"][1]["cards"], json({"B3"}));
  for (int viewer : {0, 3}) EXPECT_EQ(known(*g, viewer, 2), json({"Y2"}));  // seen going
  // R1 came to seat 1 in sight, and seat 1's own pass (B2) was seen: R1 is still known there;
  // B1 came back unseen.
  EXPECT_EQ(known(*g, 3, 1), json({"R1"}));
}

}  // namespace
}  // namespace crown_battles_test
