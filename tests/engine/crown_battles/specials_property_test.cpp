// Properties of games with Special Power cards and Bubble Shields, over many seeded games of
// 2 to 8 players with random and heuristic bots: every card is in exactly one place at all
// times (a hand, the undealt deck, or played this round), the plays listed are the rule's,
// the bots only ever take legal actions, a seat's `known` cards are where it is told they
// are, and the actions replayed from their JSON give the same state hash.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "play_loop.hpp"
#include "tests/common/test_scale.hpp"

namespace crown_battles_test {
namespace {

using crownhall::action;
using crownhall::bot_kind;

// A mix of decks (all sixteen, or a seeded handful replacing Peasants) and of round types.
json options_for(std::uint64_t seed, int players) {
  const json types[] = {json({"normal", "blind"}),
                        json({"normal", "wagering", "long_play"}),
                        json({"normal"}),
                        json({"missions", "blind_missions", "leaked_suit"}),
                        json({"normal", "duel_fights", "leaked_suit", "stealth"}),
                        json({"alliances", "missions_alliances", "normal"}),
                        json({"suit_precision", "suit_precision_alliances", "stealth"}),
                        json({"the_split", "normal", "long_play"})};
  const std::uint64_t set = seed % 8;
  json o = {
      {"round_types",
       types[(set == 4 && players < 4) || ((set == 5 || set == 6) && players < 3) ? 0 : set]}};
  if (seed % 2 == 0) {
    o["specials"] = all_specials();
    o["peasants"] = players == 2 ? 0 : 4;
  } else {
    json some = json::array();
    for (int i = 0; i < cb::special_count && some.size() < 4; ++i)
      if ((seed >> (i % 8)) & 1u || (i + seed) % 5 == 0)
        some.push_back(cb::card_id(cb::special_card(static_cast<cb::special>((i + seed) % 16))));
    std::sort(some.begin(), some.end());
    some.erase(std::unique(some.begin(), some.end()), some.end());
    o["specials"] = some;
  }
  if (players == 2) o["schedule"] = {2, 4, 6, 8};
  return o;
}

void check_places(const cb::state& g) {
  const cb::card_set deck = g.table().deck;
  cb::card_set seen;
  int total = 0;
  for (int s = 0; s < g.seat_count(); ++s) {
    const cb::card_set h = g.hand(s);
    ASSERT_TRUE((seen & h).empty()) << "a card in two hands";
    seen = seen | h;
    total += h.size();
  }
  ASSERT_TRUE((seen & g.gone()).empty()) << "a played card still in a hand";
  ASSERT_TRUE(((seen | g.gone()) - deck).empty()) << "a card from outside the deck";
  ASSERT_EQ(total + g.gone().size() + g.undealt().size(), deck.size());
}

// The plays listed are the rule's (rulings, Tricks), worked out here from the seat's hand and
// the cards on the table: the engine keeps them from one play to the next, through every
// card's effect on the hands, instead of working them out at each step.
void check_plays(const cb::state& g, int seat) {
  if (g.current_phase() != cb::phase::playing || !crownhall::has_seat(g.seats_to_act(), seat))
    return;
  crownhall::action_list legal;
  g.legal_actions(seat, legal);
  cb::card_set listed;
  for (const action a : legal)
    if (cb::kind_of(a) == cb::action_kind::play) listed.insert(cb::card_of(a));
  const cb::trick& t = g.current_trick();
  cb::lead l = cb::lead::open;
  for (int i = 0; i < t.count; ++i) {
    l = cb::lead_after(l, t.cards[static_cast<std::size_t>(i)]);
    if (g.extras().as_golem[static_cast<std::size_t>(i)] && l == cb::lead::open) l = cb::lead::none;
  }
  // The Split: the first half is played as if it were the whole hand.
  const bool first_half = cb::splits_hand(g.type(), g.hand_size()) && g.half_in_play() == 0;
  ASSERT_EQ(listed, cb::playable(first_half ? g.first_half_of(seat) : g.hand(seat), l))
      << "the listed plays are not the rule's";
}

// The Split, while the first half is played: whatever the cards did to the hands (a trade, a
// pass, a draw, a swap of hands), every player holds as many first-half cards as the half has
// tricks left for it, and the second half's cards besides. (Not in the middle of a card's
// decision: the Smuggler's player holds the drawn card until one goes back.)
void check_halves(const cb::state& g) {
  if (!cb::splits_hand(g.type(), g.hand_size()) || g.half_in_play() != 0 ||
      g.current_phase() == cb::phase::split || g.current_phase() == cb::phase::choose_trump ||
      g.current_phase() == cb::phase::special)
    return;
  const int second = cb::half_size(g.hand_size(), 1);
  for (int s = 0; s < g.seat_count(); ++s)
    ASSERT_EQ(g.first_half_of(s).size(), g.hand(s).size() - second)
        << "seat " << s << " holds the wrong number of first-half cards";
}

// What a seat is told it knows is true: each card of its `known` lists is in that hand, or
// is that seat's card lying face down (Stealth Play). (That the lists change only by what
// the seat saw is the wire test's, KnownCards.*.)
void check_known(const cb::state& g, int seat) {
  if (seat < 0 || seat >= g.seat_count()) return;
  const cb::seat_view v = g.view_of(seat);
  for (int t = 0; t < g.seat_count(); ++t) {
    cb::card_set may = g.hand(t);
    for (int i = 0; i < v.current.count; ++i)
      if (((v.face_down >> i) & 1u) && v.current.seat_at(i, g.seat_count()) == t)
        may.insert(g.current_trick().cards[static_cast<std::size_t>(i)]);
    ASSERT_TRUE((v.known[static_cast<std::size_t>(t)] - may).empty())
        << "seat " << seat << " is told of a card seat " << t << " does not hold";
  }
}

TEST(CrownBattlesSpecialsProperty, CardsInOnePlaceBotsLegalReplayEqual) {
  const int games = crownhall::test::scaled_games(10000);
  int with_steps = 0;
  for (int gi = 0; gi < games; ++gi) {
    const auto seed = static_cast<std::uint64_t>(gi);
    const int players = 2 + gi % 7;
    auto g = start(options_for(seed, players), players, nullptr, seed);
    ASSERT_TRUE(g);
    const auto kinds = [&](int seat) {
      return (seat + gi) % 2 ? bot_kind::heuristic : bot_kind::random;
    };
    bool bad = false;
    const auto actions = play_out(*g, seed * 31 + 5, kinds, [&](const cb::state& st, int seat) {
      if (bad) return;
      check_places(st);
      check_plays(st, seat);
      check_halves(st);
      check_known(st, seat);
      if (::testing::Test::HasFatalFailure()) bad = true;
      if (st.current_phase() == cb::phase::special) ++with_steps;
      (void)seat;
    });
    ASSERT_FALSE(bad) << "game " << gi;
    ASSERT_TRUE(g->is_over()) << "game " << gi;
    // Replay from the recorded JSON actions.
    auto r = start(options_for(seed, players), players, nullptr, seed);
    for (const auto& ra : actions) {
      auto a = r->action_from_json(ra.action);
      ASSERT_TRUE(a) << ra.action.dump();
      ASSERT_FALSE(r->apply(ra.seat, *a)) << "game " << gi << " " << ra.action.dump();
    }
    ASSERT_EQ(r->state_hash(), g->state_hash()) << "game " << gi;
  }
  EXPECT_GT(with_steps, games);  // the cards' decisions were really taken
}

}  // namespace
}  // namespace crown_battles_test
