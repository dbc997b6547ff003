// Properties over 10,080 seeded games (players 2–8 × round types {normal}, {blind},
// {normal, blind, wagering}, {normal, missions, blind_missions} × random and heuristic bots, with
// and without screw the dealer): deals follow the schedule, tricks and scores follow the rulings,
// the view's legal actions match the state's, and record → replay gives the same state hash.
#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "engine/games/crown_battles/missions.hpp"
#include "play_loop.hpp"

namespace crown_battles_test {
namespace {

using crownhall::bot_kind;

// The fifth needs 4 players (Duel Fights, and Stealth Play 3), the sixth 3 (Stealth Play and
// the Alliance types); with fewer, the third is played in its place.
const json type_sets[] = {json({"normal"}),
                          json({"blind"}),
                          json({"normal", "blind", "wagering", "long_play"}),
                          json({"normal", "missions", "blind_missions", "leaked_suit"}),
                          json({"blind", "wagering", "duel_fights", "leaked_suit", "stealth"}),
                          json({"normal", "alliances", "missions_alliances", "stealth"}),
                          json({"suit_precision", "suit_precision_alliances", "normal"}),
                          json({"the_split", "normal", "blind"})};
constexpr int type_set_count = 8;
const char* const leak_variations[] = {"secret", "clockwise", "dealer", "spinner", "neighbour"};

// Checks at the start of every round: every hand is the scheduled size, no card is dealt
// twice, every card comes from the deck.
struct deal_checker {
  std::size_t rounds_done = static_cast<std::size_t>(-1);
  int rounds_checked = 0;

  void operator()(const cb::state& g) {
    if (rounds_done == g.score_table().size()) return;
    rounds_done = g.score_table().size();
    ++rounds_checked;
    const cb::settings& t = g.table();
    const int hand_size = t.hand_size(static_cast<int>(rounds_done));
    ASSERT_EQ(g.hand_size(), hand_size);
    cb::card_set dealt;
    for (int s = 0; s < t.players; ++s) {
      ASSERT_EQ(g.hand(s).size(), hand_size);
      ASSERT_TRUE((dealt & g.hand(s)).empty()) << "a card dealt twice";
      dealt = dealt | g.hand(s);
    }
    ASSERT_TRUE((dealt - t.deck).empty()) << "a card from outside the deck";
  }
};

// The seat's ally in a round's "teams", or -1 for the solo player.
int ally_in(const json& teams, int seat) {
  for (std::size_t s = 0; s < teams.size(); ++s)
    if (static_cast<int>(s) != seat && teams[s] == teams[static_cast<std::size_t>(seat)])
      return static_cast<int>(s);
  return -1;
}

// Suit Precision, worked out here on its own from the score table: each seat's suit tricks
// add up to its tricks; each suit's bid within the round's limit; the points of the bids per
// suit (summed per team in Suit Precision-Alliances, the solo player's tricks worth 20).
void check_precision_round(const json& r, const cb::settings& t) {
  const bool teams = r["type"] == "suit_precision_alliances";
  const auto lo_of = [](const json& b) { return b.is_array() ? b[0].get<int>() : b.get<int>(); };
  const auto hi_of = [](const json& b) { return b.is_array() ? b[1].get<int>() : b.get<int>(); };
  for (int s = 0; s < t.players; ++s) {
    const auto k = static_cast<std::size_t>(s);
    int placed = 0;
    for (int x = 0; x < 4; ++x) {
      const json& b = r["suit_bids"][k][static_cast<std::size_t>(x)];
      ASSERT_LE(hi_of(b), t.max_bid(r["hand_size"]));
      ASSERT_LE(hi_of(b) - lo_of(b), 1);
      placed += r["suit_tricks"][k][static_cast<std::size_t>(x)].get<int>();
    }
    ASSERT_EQ(placed, r["tricks"][k]) << "every trick won is placed under one suit";
    const int ally = teams ? ally_in(r["teams"], s) : -1;
    const std::vector<int> members = ally < 0 ? std::vector<int>{s} : std::vector<int>{s, ally};
    const int per_trick = teams && ally < 0 ? 20 : 10;
    int met_points = 0, bonus = 0, misses = 0, bid_sum = 0;
    for (int x = 0; x < 4; ++x) {
      int lo = 0, hi = 0, won = 0, doubles = 0;
      for (int m : members) {
        const json& b = r["suit_bids"][static_cast<std::size_t>(m)][static_cast<std::size_t>(x)];
        lo += lo_of(b), hi += hi_of(b), doubles += hi_of(b) != lo_of(b);
        won +=
            r["suit_tricks"][static_cast<std::size_t>(m)][static_cast<std::size_t>(x)].get<int>();
      }
      ASSERT_LE(doubles, 1) << "one double bid per suit per team";
      bid_sum += hi;
      if (won < lo || won > hi) {
        misses += won < lo ? lo - won : won - hi;
        continue;
      }
      met_points += (hi != lo ? per_trick / 2 : per_trick) * won;
      if (won > 0) bonus += hi != lo ? 5 : 10;
    }
    const int expected = misses ? met_points - 10 * misses : bid_sum == 0 ? 10 : met_points + bonus;
    ASSERT_EQ(r["points"][k], expected) << r.dump();
  }
}

// The Split, worked out here on its own: each seat's tricks per half add up to its tricks and
// its bids per half to its bid; each half's bid within that half's tricks; both met, 10 a
// trick and 10 a half (both 0: 10); otherwise 10 a trick for a met half, -10 a trick missed.
// One card dealt: no halves (played as Normal Bidding).
void check_split_round(const json& r, const cb::settings& t) {
  const int hand = r["hand_size"];
  if (hand < 2) {
    ASSERT_FALSE(r.contains("half_bids")) << r.dump();
    return;
  }
  const int sizes[2] = {hand / 2, hand - hand / 2};
  for (int s = 0; s < t.players; ++s) {
    const auto k = static_cast<std::size_t>(s);
    const json& bids = r["half_bids"][k];
    const json& won = r["half_tricks"][k];
    ASSERT_FALSE(r["bids"][k].is_array()) << "no double bid in The Split";
    ASSERT_EQ(bids[0].get<int>() + bids[1].get<int>(), r["bids"][k]) << r.dump();
    ASSERT_EQ(won[0].get<int>() + won[1].get<int>(), r["tricks"][k]) << r.dump();
    int points = 0;
    bool both = true;
    for (std::size_t h = 0; h < 2; ++h) {
      const int b = bids[h], w = won[h];
      ASSERT_LE(b, std::min(sizes[h], t.max_bid(sizes[h])));
      ASSERT_LE(w, sizes[h]) << "no more tricks in a half than it has";
      both = both && b == w;
      points += b == w ? 10 * w : -10 * std::abs(b - w);
    }
    const int zero = bids[0].get<int>() + bids[1].get<int>() == 0;
    ASSERT_EQ(r["points"][k], both ? (zero ? 10 : points + 20) : points) << r.dump();
  }
}

void check_outcome(const cb::state& g) {
  const cb::settings& t = g.table();
  const json out = g.outcome();
  const json& rounds = out["rounds"];
  ASSERT_GE(static_cast<int>(rounds.size()), t.rounds);
  std::vector<int> totals(static_cast<std::size_t>(t.players), 0);
  const int first_dealer = rounds[0]["dealer"];
  int carried = 0;  // Wagering: the pot nobody won so far
  for (std::size_t i = 0; i < rounds.size(); ++i) {
    const json& r = rounds[i];
    ASSERT_EQ(r["number"], i + 1);
    ASSERT_EQ(r["hand_size"], t.hand_size(static_cast<int>(i)));
    ASSERT_EQ(r["dealer"], (first_dealer + static_cast<int>(i)) % t.players);
    ASSERT_TRUE(t.has_type(*cb::round_type_from_name(r["type"].get<std::string>())));
    int tricks = 0;
    // Wagering, worked out here on its own: who met, the pot, each share.
    const bool wagering = r["type"] == "wagering";
    int met = 0;
    for (int s = 0; s < t.players; ++s)
      met += r["tricks"][static_cast<std::size_t>(s)] == r["bids"][static_cast<std::size_t>(s)];
    const int pot = carried + 20 * t.players;
    if (wagering) {
      ASSERT_EQ(r["pot"], pot);
      carried = met ? 0 : pot;
    }
    if (r["type"] == "the_split") {
      check_split_round(r, t);
      if (::testing::Test::HasFatalFailure()) return;
    }
    const bool halves = r.contains("half_bids");  // one card dealt: scored as Normal Bidding
    if (r["type"] == "suit_precision" || r["type"] == "suit_precision_alliances" || halves) {
      if (!halves) check_precision_round(r, t);
      if (::testing::Test::HasFatalFailure()) return;
      if (r["type"] == "suit_precision_alliances") {  // an Alliance type: never the final round
        ASSERT_LT(static_cast<int>(i), t.rounds - 1) << "an Alliance type in the final round";
      }
      for (int s = 0; s < t.players; ++s) {
        tricks += r["tricks"][static_cast<std::size_t>(s)].get<int>();
        totals[static_cast<std::size_t>(s)] += r["points"][static_cast<std::size_t>(s)].get<int>();
      }
      ASSERT_EQ(tricks, r["hand_size"]) << "tricks per round == hand size";
      continue;
    }
    for (int s = 0; s < t.players; ++s) {
      const auto k = static_cast<std::size_t>(s);
      const int won = r["tricks"][k];
      const json& b = r["bids"][k];
      const cb::bid bid = b.is_array() ? cb::double_bid(b[0]) : cb::single_bid(b);
      ASSERT_LE(bid.hi,
                t.max_bid(cb::tricks_in_round(
                    *cb::round_type_from_name(r["type"].get<std::string>()), r["hand_size"])));
      if (r["type"] == "duel_fights") {
        // Duel Fights, on what the score table shows: a miss always loses its penalty (and
        // may receive from a bigger miss), and nobody who met scores less than 10 per trick
        // (5 on a double bid).
        const int miss = won < bid.lo ? bid.lo - won : won > bid.hi ? won - bid.hi : 0;
        if (miss)
          ASSERT_GE(r["points"][k].get<int>(), -10 * miss);
        else
          ASSERT_GE(r["points"][k].get<int>(), (bid.is_double() ? 5 : 10) * won);
      } else if (r["type"] == "alliances") {
        // Alliances, worked out here on its own: the team's bid is the sum, met or missed
        // together; the solo player scores double per trick.
        const int ally = ally_in(r["teams"], s);
        if (ally < 0) {
          const int miss = won < bid.lo ? bid.lo - won : won > bid.hi ? won - bid.hi : 0;
          ASSERT_EQ(r["points"][k], miss              ? -10 * miss
                                    : bid.is_double() ? 10 * won + 5
                                                      : 20 * won + 10);
        } else {
          const json& b2 = r["bids"][static_cast<std::size_t>(ally)];
          const cb::bid other = b2.is_array() ? cb::double_bid(b2[0]) : cb::single_bid(b2);
          ASSERT_FALSE(bid.is_double() && other.is_double()) << "one double bid per team";
          const int lo = bid.lo + other.lo, hi = bid.hi + other.hi;
          const int team = won + r["tricks"][static_cast<std::size_t>(ally)].get<int>();
          const int miss = team < lo ? lo - team : team > hi ? team - hi : 0;
          ASSERT_EQ(r["points"][k], miss ? -10 * miss : lo != hi ? 5 * team + 5 : 10 * team + 10);
          ASSERT_EQ(r["points"][k], r["points"][static_cast<std::size_t>(ally)]);
        }
      } else if (r["type"] == "missions_alliances") {
        // Both completed: the sum of both values each; one failed: 0; both failed: −40 (the
        // solo player as a team of one).
        const int ally = ally_in(r["teams"], s);
        const int other = ally < 0 ? s : ally;
        const bool mine = r["missions_completed"][k];
        const bool theirs = r["missions_completed"][static_cast<std::size_t>(other)];
        const auto value_of = [&](int seat) {
          return *cb::mission_value(
              *cb::mission_from_name(
                  r["missions"][static_cast<std::size_t>(seat)].get<std::string>()),
              t.players, r["hand_size"]);
        };
        ASSERT_EQ(r["points"][k], mine && theirs   ? value_of(s) + value_of(other)
                                  : mine || theirs ? 0
                                                   : -40);
      } else if (r["type"] == "missions" || r["type"] == "blind_missions") {
        // Missions, judged here on what the score table shows: no bids; the counts decide
        // two missions outright, and a completed mission scores its value, a failed one −20.
        ASSERT_EQ(bid, cb::single_bid(0)) << "no bids in a Missions round";
        const std::string m = r["missions"][k];
        const bool done = r["missions_completed"][k];
        if (m == "zero_or_one") {
          ASSERT_EQ(done, won <= 1);
        }
        if (m == "at_least_four") {
          ASSERT_EQ(done, won >= 4);
        }
        if (m == "none_of_first" && won == 0) {
          ASSERT_TRUE(done);
        }
        if (m == "trump_trick" && done) {
          ASSERT_TRUE(won >= 1 && !r["trump"].is_null());
        }
        const auto value = cb::mission_value(*cb::mission_from_name(m), t.players, r["hand_size"]);
        ASSERT_TRUE(value) << m << " offered where the book marks it \"-\"";
        ASSERT_EQ(r["points"][k], done ? *value : -20);
      } else if (wagering) {
        ASSERT_FALSE(bid.is_double());
        const int share = won == bid.lo ? pot / met / 5 * 5 : 0;
        const int extra = r.contains("wagers") ? r["wagers"][k].get<int>() : 0;
        ASSERT_TRUE(extra == 0 || extra == 10 || extra == 20);
        ASSERT_EQ(r["points"][k], share - 20 + (won == bid.lo ? extra : -extra));
      } else {
        ASSERT_EQ(r["points"][k], cb::round_points(bid, won));
      }
      tricks += won;
      totals[k] += r["points"][k].get<int>();
    }
    ASSERT_EQ(tricks, cb::tricks_in_round(*cb::round_type_from_name(r["type"].get<std::string>()),
                                          r["hand_size"]))
        << "tricks per round == hand size (Long Play: half, rounded up)";
    if (r["type"] == "duel_fights") {  // pairs, and one group of three with an odd count
      std::map<int, int> sizes;
      for (const json& g : r["groups"]) ++sizes[g.get<int>()];
      int threes = 0;
      for (auto [group, size] : sizes) {
        ASSERT_TRUE(size == 2 || size == 3) << r.dump();
        threes += size == 3;
      }
      ASSERT_EQ(threes, t.players % 2) << r.dump();
    }
    if (r["type"] == "alliances" || r["type"] == "missions_alliances") {
      // Teams of two, one solo player with an odd count; never the final round.
      ASSERT_LT(static_cast<int>(i), t.rounds - 1) << "an Alliance type in the final round";
      std::map<int, int> sizes;
      for (const json& g : r["teams"]) ++sizes[g.get<int>()];
      int solos = 0;
      for (auto [team, size] : sizes) {
        ASSERT_TRUE(size == 1 || size == 2) << r.dump();
        solos += size == 1;
      }
      ASSERT_EQ(solos, t.players % 2) << r.dump();
    }
    // Tie-break rounds are played only while the top is shared.
    if (static_cast<int>(i) >= t.rounds) {
      std::vector<int> before(totals);
      for (int s = 0; s < t.players; ++s)
        before[static_cast<std::size_t>(s)] -= r["points"][static_cast<std::size_t>(s)].get<int>();
      ASSERT_EQ(cb::unique_leader(before), -1);
    }
  }
  ASSERT_EQ(out["totals"], json(totals));
  const int winner = out["winner"];
  ASSERT_EQ(winner, cb::unique_leader(totals));
  ASSERT_EQ(out["crown"], winner);
  ASSERT_EQ(out["ranks"][static_cast<std::size_t>(winner)], 1);
}

class CrownBattlesProperties : public ::testing::TestWithParam<int> {};

TEST_P(CrownBattlesProperties, SeededGames) {
  const int players = GetParam();
  const int games = scaled(1440);  // × 7 player counts = 10,080 games
  crownhall::action_list from_state, from_view;
  for (int i = 0; i < games; ++i) {
    const int set = i % type_set_count;
    const json& types =
        type_sets[(set == 4 && players < 4) || ((set == 5 || set == 6) && players < 3) ? 2 : set];
    const bot_kind kind = (i / 3) % 2 ? bot_kind::heuristic : bot_kind::random;
    json options = {{"round_types", types},
                    {"screw_the_dealer", (i / 6) % 2 == 1},
                    {"lift_bid_cap", i % 17 == 0}};
    if (i % type_set_count == 2 && (i / 6) % 2 == 0) options["extra_wager"] = true;
    if (i % type_set_count >= 3) options["leak_variation"] = leak_variations[(i / 5) % 5];
    const auto seed =
        static_cast<std::uint64_t>(players) * 1000003u + static_cast<std::uint64_t>(i);
    auto g = start(options, players, nullptr, seed);
    ASSERT_TRUE(g);
    deal_checker deals;
    auto actions = play_out(
        *g, seed ^ 0x9e37u, [kind](int) { return kind; },
        [&](const cb::state& s, int seat) {
          deals(s);
          s.legal_actions(seat, from_state);
          cb::legal_actions(s.view_of(seat), from_view);
          ASSERT_EQ(from_state.size(), from_view.size());
          ASSERT_TRUE(std::equal(from_state.begin(), from_state.end(), from_view.begin()));
        });
    ASSERT_FALSE(HasFailure()) << "game " << i << " seed " << seed;
    ASSERT_TRUE(g->is_over());
    ASSERT_EQ(deals.rounds_checked, static_cast<int>(g->score_table().size()));
    check_outcome(*g);
    ASSERT_FALSE(HasFailure()) << "game " << i << " seed " << seed;

    crownhall::game_record r;
    r.game = "crown-battles";
    r.options = *module().normalize_options(options, players);
    r.seats.assign(static_cast<std::size_t>(players), "bot");
    r.seed = seed;
    r.actions = std::move(actions);
    auto replayed = crownhall::replay(r);
    ASSERT_TRUE(replayed) << replayed.error().reason;
    ASSERT_FALSE(replayed->error) << replayed->error->reason;
    ASSERT_EQ(replayed->applied, static_cast<int>(r.actions.size()));
    ASSERT_EQ(replayed->state->state_hash(), g->state_hash()) << "game " << i;
    ASSERT_EQ(replayed->state->outcome(), g->outcome());
  }
}

INSTANTIATE_TEST_SUITE_P(Players, CrownBattlesProperties, ::testing::Range(2, 9));

// The engine's own simulate() and replay() agree, through the registry.
TEST(CrownBattlesRecord, SimulateThenReplay) {
  const crownhall::game_module* m = crownhall::find_game("crown-battles");
  ASSERT_EQ(m, &module());
  EXPECT_EQ(m->title(), "Crown Battles");
  EXPECT_EQ(m->min_seats(), 2);
  EXPECT_EQ(m->max_seats(), 8);
  for (int players = 2; players <= 8; ++players) {
    auto r = crownhall::simulate(*m, {{"round_types", {"normal", "blind"}}}, players,
                                 static_cast<std::uint64_t>(players), bot_kind::heuristic);
    ASSERT_TRUE(r) << r.error().reason;
    auto parsed = crownhall::record_from_json(crownhall::to_json(*r));
    ASSERT_TRUE(parsed);
    auto a = crownhall::replay(*parsed);
    auto b = crownhall::replay(*r);
    ASSERT_TRUE(a && b);
    ASSERT_FALSE(a->error);
    EXPECT_TRUE(a->state->is_over());
    EXPECT_EQ(a->state->state_hash(), b->state->state_hash());
  }
}

TEST(CrownBattlesRecord, CloneIsIndependent) {
  auto g = start({}, 4, nullptr, 11);
  ASSERT_TRUE(g);
  crownhall::prng rng(3);
  for (int k = 0; k < 30; ++k) {
    const int seat = std::countr_zero(g->seats_to_act());
    ASSERT_FALSE(g->apply(seat, g->bot_action(seat, bot_kind::random, rng)));
  }
  auto copy = g->clone();
  EXPECT_EQ(copy->state_hash(), g->state_hash());
  EXPECT_EQ(copy->view(2), g->view(2));
  const int seat = std::countr_zero(g->seats_to_act());
  ASSERT_FALSE(g->apply(seat, g->bot_action(seat, bot_kind::random, rng)));
  EXPECT_NE(copy->state_hash(), g->state_hash());
}

}  // namespace
}  // namespace crown_battles_test
