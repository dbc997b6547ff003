// The conformance suite: checks every registered game (engine/registry.cpp) against the
// game_state contract, for every playable seat count, as OpenSpiel runs its API tests over
// all its games. A new game gets these checks by registering; nothing here names a game
// except the hook below for games whose seats legitimately know others' cards, and the
// table of option variants: rules a game plays only when its options ask for them.
//
// Hidden cards are derived from the views themselves: a string value in seat s's view that
// the spectator's view lacks is private to s (its hand, its blind bid). No other seat's
// view may hold it, and no event line another audience reads may name it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "engine/games/crown_battles/specials.hpp"
#include "engine/games/crown_battles/state.hpp"
#include "engine/games/dwarf_king/cards.hpp"
#include "engine/games/dwarf_king/state.hpp"
#include "engine/games/lunar/state.hpp"
#include "tests/common/test_scale.hpp"

namespace crownhall {
namespace {

using strings = std::set<std::string>;

void collect_strings(const json& j, strings& out) {
  if (j.is_string())
    out.insert(j.get<std::string>());
  else if (j.is_array() || j.is_object())
    for (const json& v : j) collect_strings(v, out);
}

strings strings_of(const json& j) {
  strings out;
  collect_strings(j, out);
  return out;
}

// What `viewer` legitimately knows of `holder`'s private cards, by the rules (the Dwarf
// King: cards revealed, passed or stolen), and the other way round: a card `holder` knows
// in `viewer`'s hand is private to both. Empty for games without such knowledge.
strings knows_of(const game_state& g, int viewer, int holder) {
  strings out;
  if (const auto* dk = dynamic_cast<const dwarf_king::game*>(&g))
    dwarf_king::for_each_card(dk->known(holder, viewer),
                              [&](dwarf_king::card c) { out.emplace(dwarf_king::card_id(c)); });
  // Lunar: partners know the cards they passed each other.
  if (const auto* lu = dynamic_cast<const lunar::game*>(&g)) {
    const lunar::card_set both = lu->passed(viewer) | lu->received(viewer);
    for (lunar::card c = 0; c < lunar::card_count; ++c)
      if (both & lunar::bit(c)) out.emplace(lunar::card_id(c));
  }
  if (const auto* dk = dynamic_cast<const dwarf_king::game*>(&g))
    dwarf_king::for_each_card(dk->known(viewer, holder),
                              [&](dwarf_king::card c) { out.emplace(dwarf_king::card_id(c)); });
  // Crown Battles' Special Power cards: what a rule showed the viewer (a hand seen, swapped,
  // a card passed, traded or seen in the undealt deck), wherever the card is; and the cards
  // of the viewer's hand that the holder was shown.
  if (const auto* cb = dynamic_cast<const crown_battles::state*>(&g)) {
    for (int i = 0; i < crown_battles::card_count; ++i) {
      const crown_battles::card c = crown_battles::card_at(i);
      if (cb->known().knows(viewer, i) ||
          (cb->hand(viewer).contains(c) && cb->known().knows(holder, i)))
        out.emplace(crown_battles::card_id(c));
    }
  }
  return out;
}

// The forms a hidden card id may take in an event line: the id, and the display name where
// a game writes names (the Dwarf King: "k5" is "5 of Knights").
strings event_forms(const game_state& g, const std::string& id) {
  strings out{id};
  if (dynamic_cast<const dwarf_king::game*>(&g))
    if (auto c = dwarf_king::card_from_id(id)) out.emplace(dwarf_king::card_name(*c));
  return out;
}

// Each seat's private strings (in its view, not in the spectator's).
std::vector<strings> private_strings(const game_state& g) {
  const strings pub = strings_of(g.view(spectator));
  std::vector<strings> out;
  for (int s = 0; s < g.seat_count(); ++s) {
    strings mine;
    for (const std::string& x : strings_of(g.view(s)))
      if (!pub.contains(x)) mine.insert(x);
    out.push_back(std::move(mine));
  }
  return out;
}

// Whether `text` names `word` as a whole token (not inside a longer word).
bool names(const std::string& text, const std::string& word) {
  if (word.empty()) return false;
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const bool starts = at == 0 || !is_word(text[at - 1]);
    const std::size_t end = at + word.size();
    const bool ends = end == text.size() || !is_word(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

// Options beyond a game's defaults that switch on rules a default table never plays, each
// run through every check below like the defaults. One row per variant.
struct option_variant {
  std::string_view game;
  std::string_view name;
  json options;
  int min_seats = 0;  // a variant some seat counts cannot play (Duel Fights: 4 or more)
};

json every_crown_battles_special() {
  json ids = json::array();
  for (int i = 0; i < crown_battles::special_count; ++i)
    ids.push_back(crown_battles::card_id(
        crown_battles::special_card(static_cast<crown_battles::special>(i))));
  return ids;
}

const std::vector<option_variant>& option_variants() {
  // Crown Battles with all sixteen Special Power cards and Bubble Shields, in rounds of every
  // type. A short schedule
  // keeps the suite quick; its last round deals nearly the whole deck to 8 players (72 of
  // 74 cards), so the Spy and Smuggler also meet a deck with little or nothing undealt.
  static const std::vector<option_variant> variants = {
      {"crown-battles",
       "specials",
       {{"specials", every_crown_battles_special()},
        {"peasants", 2},
        {"bubble_shields", true},
        {"round_types",
         {"normal", "blind", "wagering", "missions", "blind_missions", "leaked_suit"}},
        {"schedule", {1, 4, 9}}}},
      // Every round type any player count plays, drawn round by round.
      {"crown-battles",
       "round_types",
       {{"round_types",
         {"normal", "blind", "wagering", "missions", "blind_missions", "leaked_suit"}},
        {"schedule", {1, 3, 5, 2}}}},
      // With Duel Fights, which needs 4 players or more, and Stealth Play (3 or more).
      {"crown-battles",
       "duels",
       {{"round_types", {"normal", "wagering", "duel_fights", "stealth"}},
        {"schedule", {1, 3, 5, 2}}},
       4},
      // The Alliance types (3 players or more), with the Secret Note, and Special Power cards.
      {"crown-battles",
       "alliances",
       {{"round_types", {"alliances", "missions_alliances", "blind"}},
        {"specials", {"THIEF", "WITCH", "MAGICIAN", "CURSED"}},
        {"schedule", {2, 3, 4, 2}}},
       3},
      // Long Play's tricks of two cards each, with the cards that count positions in a trick.
      {"crown-battles",
       "long_play",
       {{"round_types", {"long_play", "normal"}},
        {"specials", {"SUMMONER", "DOUBLE_FACED", "MAGICIAN", "THIEF"}},
        {"schedule", {3, 4, 5, 2}}}},
      // The Split's halves, with the cards that move a card between hands (the Cursed card and
      // the Jester are in the specials property test) and the Thief.
      {"crown-battles",
       "the_split",
       {{"round_types", {"the_split", "normal"}},
        {"specials", {"MERCHANT", "MAGICIAN", "SMUGGLER", "THIEF"}},
        {"schedule", {4, 5, 1, 6}}}},
      // Suit Precision's bids per suit and placed tricks, with the cards that touch them.
      {"crown-battles",
       "suit_precision",
       {{"round_types", {"suit_precision", "suit_precision_alliances", "normal"}},
        {"specials", {"THIEF", "JESTER", "BOMB", "SUMMONER"}},
        {"schedule", {2, 3, 4, 2}}},
       3},
  };
  return variants;
}

struct game_case {
  const game_module* module;
  int seats;
  std::string_view variant;  // empty: the default options
  json options = json::object();
};

void PrintTo(const game_case& c, std::ostream* os) {
  *os << c.module->id() << " " << c.seats << "p" << (c.variant.empty() ? "" : " ") << c.variant
      << " " << c.options.dump();
}

std::string case_name(const testing::TestParamInfo<game_case>& info) {
  std::string id(info.param.module->id());
  if (!info.param.variant.empty()) {
    id += '_';
    id += info.param.variant;
  }
  std::replace(id.begin(), id.end(), '-', '_');
  return id + "_" + std::to_string(info.param.seats) + "p";
}

// Every game at every seat count with its default options, then with each of its variants.
std::vector<game_case> all_cases(bool with_variants = true) {
  std::vector<game_case> out;
  for (const game_module* m : all_games())
    for (int n : playable_seat_counts(*m)) {
      out.push_back({m, n, {}});
      if (!with_variants) continue;
      for (const option_variant& v : option_variants())
        if (v.game == m->id() && n >= v.min_seats) out.push_back({m, n, v.name, v.options});
    }
  return out;
}

class conformance : public testing::TestWithParam<game_case> {
 protected:
  std::unique_ptr<game_state> start(std::uint64_t seed) const {
    const auto& [m, seats, variant, given] = GetParam();
    auto options = m->normalize_options(given, seats);
    EXPECT_TRUE(options) << options.error().reason;
    auto g = m->new_game(*options, seats, seed, json());
    EXPECT_TRUE(g) << g.error().reason;
    return std::move(*g);
  }

  // A uniformly random seat among those to act, then a uniformly random legal action.
  static std::pair<int, action> random_move(const game_state& g, prng& rng) {
    std::vector<int> who;
    for (int s = 0; s < g.seat_count(); ++s)
      if (has_seat(g.seats_to_act(), s)) who.push_back(s);
    EXPECT_FALSE(who.empty()) << "no seat may act before the end (phase " << g.phase() << ")";
    if (who.empty()) return {-1, {}};
    const int seat = who[rng.below(static_cast<std::uint32_t>(who.size()))];
    action_list legal;
    g.legal_actions(seat, legal);
    EXPECT_FALSE(legal.empty()) << "seat " << seat << " may act but has no legal action";
    if (legal.empty()) return {-1, {}};
    return {seat, legal[static_cast<int>(rng.below(static_cast<std::uint32_t>(legal.size())))]};
  }

  static constexpr int max_moves = 20000;
};

// Random games end, for many seeds; seats that may act always have a legal action, and
// seats that may not have none.
TEST_P(conformance, random_games_reach_the_end) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    auto g = start(seed);
    prng rng(seed * 7919);
    int moves = 0;
    while (!g->is_over() && moves < max_moves) {
      for (int s = 0; s < g->seat_count(); ++s) {
        action_list l;
        g->legal_actions(s, l);
        ASSERT_FALSE(l.overflowed()) << "more legal actions than an action_list holds";
        ASSERT_EQ(l.empty(), !has_seat(g->seats_to_act(), s)) << "seat " << s;
      }
      auto [seat, a] = random_move(*g, rng);
      ASSERT_GE(seat, 0);
      ASSERT_FALSE(g->apply(seat, a)) << "a legal action was refused";
      ++moves;
    }
    ASSERT_TRUE(g->is_over()) << "seed " << seed << ": not over after " << max_moves;
    EXPECT_EQ(g->seats_to_act(), 0);
    EXPECT_TRUE(g->outcome().is_object() || g->outcome().is_array());
  }
}

// The count of finished tricks (what a delayed spectator lags behind by) never goes back,
// moves by at most one trick an action, and counts every round's tricks: by the end it is at
// least one for each round played.
TEST_P(conformance, tricks_finished_counts_up_one_by_one) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto g = start(seed);
    prng rng(seed * 31);
    int moves = 0, last = g->tricks_finished();
    EXPECT_EQ(last, 0);
    while (!g->is_over() && moves++ < max_moves) {
      auto [seat, a] = random_move(*g, rng);
      ASSERT_GE(seat, 0);
      ASSERT_FALSE(g->apply(seat, a));
      const int now = g->tricks_finished();
      ASSERT_TRUE(now == last || now == last + 1)
          << "seed " << seed << ": " << last << " then " << now;
      last = now;
    }
    EXPECT_GE(last, std::max(1, g->rounds_finished())) << "seed " << seed;
  }
}

// The trick on the table and the last one (spectator mode "after the trick"): every card on
// the table is in the public view, a trick grows card by card, and the move that finishes it
// makes it the last trick.
TEST_P(conformance, the_trick_on_the_table_is_public_and_becomes_the_last_trick) {
  int finished = 0, on_table = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto g = start(seed);
    prng rng(seed * 37);
    std::vector<trick_play> before = g->trick_on_table();
    EXPECT_TRUE(before.empty());
    for (int moves = 0; !g->is_over() && moves < max_moves; ++moves) {
      const int tricks = g->tricks_finished();
      auto [seat, a] = random_move(*g, rng);
      ASSERT_GE(seat, 0);
      ASSERT_FALSE(g->apply(seat, a));
      const std::vector<trick_play> now = g->trick_on_table();
      const std::string in_public = g->view(spectator).dump();
      const std::string where = "seed " + std::to_string(seed) + " move " + std::to_string(moves);
      for (const trick_play& c : now) {
        ASSERT_TRUE(c.seat >= 0 && c.seat < g->seat_count()) << where;
        // Public, or lying face down in public (Crown Battles' Stealth Play) until the trick
        // is complete.
        const std::string face_down = R"({"face_down":true,"seat":)" + std::to_string(c.seat) + "}";
        ASSERT_TRUE(in_public.find('"' + c.card + '"') != std::string::npos ||
                    in_public.find(face_down) != std::string::npos)
            << where << " " << c.card;
      }
      on_table += !now.empty();
      if (g->tricks_finished() != tricks) {
        const std::vector<trick_play> last = g->last_trick();
        finished += !last.empty();
        // At a round's end a game may clear its last trick with the new deal.
        if (g->rounds_finished() == 0 || !last.empty()) {
          ASSERT_GE(last.size(), before.size()) << where;
          ASSERT_TRUE(std::equal(before.begin(), before.end(), last.begin())) << where;
        }
      } else {
        ASSERT_GE(now.size(), before.size()) << where;
        ASSERT_TRUE(std::equal(before.begin(), before.end(), now.begin()))
            << where << ": the trick on the table lost or changed a card";
      }
      before = now;
    }
  }
  // A game that shows its tricks (not Queen's Court: no tricks) shows the finished ones too.
  if (on_table > 0) {
    EXPECT_GT(finished, 10);
  }
}

// Every legal action applies on a clone; codes that are not legal (other seats' actions,
// neighbours of legal codes, random codes) are refused and leave the state unchanged.
TEST_P(conformance, legal_lists_agree_with_apply) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto g = start(seed);
    prng rng(seed * 31);
    for (int moves = 0; !g->is_over() && moves < max_moves; ++moves) {
      const std::uint64_t before = g->state_hash();
      for (int s = 0; s < g->seat_count(); ++s) {
        action_list legal;
        g->legal_actions(s, legal);
        for (action a : legal) {
          auto c = g->clone();
          ASSERT_EQ(c->state_hash(), before);
          ASSERT_FALSE(c->apply(s, a)) << "seat " << s << " code " << a.code;
        }
        std::vector<action> probes;
        for (action a : legal)
          for (std::uint32_t d : {1u, 2u, 0x100u, 0x10000u})
            probes.push_back({a.code + d}), probes.push_back({a.code - d});
        for (int i = 0; i < 8; ++i) probes.push_back({static_cast<std::uint32_t>(rng.next())});
        probes.push_back({0});
        for (int o = 0; o < g->seat_count(); ++o) {  // another seat's legal actions
          action_list theirs;
          g->legal_actions(o, theirs);
          for (action a : theirs) probes.push_back(a);
        }
        // The states the listed actions lead to: a code that is not listed may still be
        // taken only as another spelling of a listed one (an alias), never as a move of
        // its own.
        std::set<std::uint64_t> reachable;
        for (action a : legal) {
          auto c = g->clone();
          (void)c->apply(s, a);
          reachable.insert(c->state_hash());
        }
        for (action a : probes) {
          if (legal.contains(a)) continue;
          auto c = g->clone();
          if (c->apply(s, a)) {
            ASSERT_EQ(c->state_hash(), before) << "a refused action changed the state";
          } else {
            EXPECT_TRUE(reachable.contains(c->state_hash()))
                << "seat " << s << " code " << a.code << " is not listed and applies as no "
                << "listed action does (phase " << g->phase() << ")";
          }
        }
      }
      auto [seat, a] = random_move(*g, rng);
      ASSERT_GE(seat, 0);
      ASSERT_FALSE(g->apply(seat, a));
    }
    ASSERT_TRUE(g->is_over());
  }
}

// Views: a seat sees no other seat's private cards (beyond what the rules let it know),
// write_view parses to exactly view(), and the event lines name no card hidden from their
// audience. Six games each (one under the sanitizers, where these comparisons are slow).
TEST_P(conformance, views_and_events_keep_secrets) {
  const auto games = static_cast<std::uint64_t>(crownhall::test::scaled_games(6));
  for (std::uint64_t seed = 1; seed <= games; ++seed) {
    auto g = start(seed);
    prng rng(seed * 104729);
    for (int moves = 0; !g->is_over() && moves < max_moves; ++moves) {
      auto [seat, a] = random_move(*g, rng);
      ASSERT_GE(seat, 0);
      // What the move itself names (the card played) may be told: it was the actor's to
      // show, and a new deal in the same move may put it in another hand at once.
      strings acted = strings_of(g->action_to_json(a));
      // Nor is a card every seat could see before the move (a card already played, as a
      // Crown Battles Summoner's line names the card it copies) news to anyone.
      acted.merge(strings_of(g->view(spectator)));
      ASSERT_FALSE(g->apply(seat, a));
      const int n = g->seat_count();
      for (int v = spectator; v < n; ++v) {
        std::string text;
        g->write_view(v, text);
        ASSERT_EQ(json::parse(text), g->view(v)) << "write_view drifts from view, seat " << v;
      }
      const auto priv = private_strings(*g);
      // hidden[v + 1]: the other seats' private strings that viewer v may not know.
      std::vector<strings> hidden(static_cast<std::size_t>(n + 1));
      for (int v = spectator; v < n; ++v)
        for (int s = 0; s < n; ++s) {
          if (s == v) continue;
          const strings allowed = v >= 0 ? knows_of(*g, v, s) : strings{};
          for (const std::string& x : priv[static_cast<std::size_t>(s)])
            if (!allowed.contains(x) && (v < 0 || !priv[static_cast<std::size_t>(v)].contains(x)))
              hidden[static_cast<std::size_t>(v + 1)].insert(x);
        }
      for (int v = 0; v < n; ++v) {
        const strings seen = strings_of(g->view(v));
        for (int s = 0; s < n; ++s) {
          if (s == v) continue;
          const strings allowed = knows_of(*g, v, s);
          // A token private to both (two Leaked Suit players each picked "Y" in secret) is
          // the viewer's own to see: the same word, not the other's secret.
          for (const std::string& x : priv[static_cast<std::size_t>(s)])
            EXPECT_TRUE(!seen.contains(x) || allowed.contains(x) ||
                        priv[static_cast<std::size_t>(v)].contains(x))
                << "seat " << v << " sees \"" << x << "\", private to seat " << s;
        }
      }
      event_lines events;
      g->last_events(events);
      for (const game_event& e : events) {
        EXPECT_FALSE(e.kind.empty());
        for (int v = spectator; v < n; ++v) {
          if (!e.to.includes(v)) continue;
          for (const std::string& x : hidden[static_cast<std::size_t>(v + 1)]) {
            if (acted.contains(x)) continue;
            for (const std::string& form : event_forms(*g, x))
              EXPECT_FALSE(names(e.text(), form))
                  << "\"" << e.text() << "\" names " << form << ", hidden from viewer " << v;
          }
        }
      }
      if (HasFailure()) return;
    }
    ASSERT_TRUE(g->is_over());
  }
}

// A game is its record: replaying the actions gives the same state, through the record's
// JSON form too.
TEST_P(conformance, record_replays_to_the_same_hash) {
  const auto& [m, seats, variant, options] = GetParam();
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    auto g = start(seed);
    game_record r;
    r.game = std::string(m->id());
    r.options = *m->normalize_options(options, seats);
    for (int s = 0; s < seats; ++s) r.seats.push_back(std::string("P").append(std::to_string(s)));
    r.seed = seed;
    prng rng(seed ^ 0xabcdef);
    for (int moves = 0; !g->is_over() && moves < max_moves; ++moves) {
      auto [seat, a] = random_move(*g, rng);
      ASSERT_GE(seat, 0);
      r.actions.push_back({seat, g->action_to_json(a)});
      auto back = g->action_from_json(g->action_to_json(a));
      ASSERT_TRUE(back) << back.error().reason;
      ASSERT_EQ(back->code, a.code) << "action JSON does not round-trip";
      ASSERT_FALSE(g->apply(seat, a));
    }
    auto parsed = record_from_json(to_json(r));
    ASSERT_TRUE(parsed) << parsed.error().reason;
    auto replayed = replay(*parsed);
    ASSERT_TRUE(replayed) << replayed.error().reason;
    ASSERT_FALSE(replayed->error) << replayed->error->reason;
    EXPECT_EQ(replayed->applied, static_cast<int>(r.actions.size()));
    EXPECT_EQ(replayed->state->state_hash(), g->state_hash());
  }
}

// The same seed and the same choices give the same trace; bots too.
TEST_P(conformance, same_seed_same_trace) {
  const auto& [m, seats, variant, options] = GetParam();
  auto trace = [&](std::uint64_t seed) {
    std::vector<std::uint64_t> hashes;
    auto g = start(seed);
    prng rng(seed + 17);
    for (int moves = 0; !g->is_over() && moves < max_moves; ++moves) {
      auto [seat, a] = random_move(*g, rng);
      if (seat < 0) break;
      (void)g->apply(seat, a);
      hashes.push_back(g->state_hash());
    }
    return hashes;
  };
  for (std::uint64_t seed : {1ull, 99ull, 0xfeedfaceull}) EXPECT_EQ(trace(seed), trace(seed));
  EXPECT_NE(trace(1), trace(2)) << "the seed changes nothing";
  for (bot_kind k : {bot_kind::random, bot_kind::heuristic}) {
    auto a = simulate(*m, options, seats, 5, k);
    auto b = simulate(*m, options, seats, 5, k);
    ASSERT_TRUE(a) << a.error().reason;
    ASSERT_TRUE(b);
    EXPECT_EQ(to_json(*a), to_json(*b));
  }
}

// The option schema: once per game and seat count (it does not depend on a table's options).
class option_schema : public testing::TestWithParam<game_case> {};

// The option schema has the one shape docs/engine.md describes, and normalize_options (the
// single validator) fills in exactly the options it declares, each with its default.
TEST_P(option_schema, has_the_documented_shape) {
  const auto& [m, seats, variant, given] = GetParam();
  const json& schema = m->option_schema();
  ASSERT_TRUE(schema.is_object() && schema.size() == 1 && schema.contains("options") &&
              schema["options"].is_array())
      << "the schema is {\"options\": [...]}: " << schema.dump();
  const strings types = {"bool", "int", "enum", "set", "list", "int_list", "int_set"};
  auto normalized = m->normalize_options(json::object(), seats);
  ASSERT_TRUE(normalized) << normalized.error().reason;
  strings declared;
  for (const json& o : schema["options"]) {
    ASSERT_TRUE(o.is_object());
    ASSERT_TRUE(o.contains("name") && o["name"].is_string()) << o.dump();
    const std::string name = o["name"];
    declared.insert(name);
    EXPECT_TRUE(o.contains("label") && o["label"].is_string()) << name;
    ASSERT_TRUE(o.contains("type") && o["type"].is_string()) << name;
    EXPECT_TRUE(types.contains(o["type"].get<std::string>())) << name << ": " << o["type"];
    const std::string type = o["type"];
    if (type == "enum" || type == "set" || type == "list") {
      EXPECT_TRUE(o.contains("values")) << name;
    }
    const bool by_players = o.contains("default_by_players");
    EXPECT_NE(o.contains("default"), by_players) << name << ": one default or the other";
    // A default that follows another option (`default_when`): a table whose other option
    // meets the rule gets the rule's value, as the create form shows it.
    for (const json& rule : o.value("default_when", json::array())) {
      ASSERT_TRUE(rule.contains("option") && rule.value("non_empty", false) &&
                  rule.contains("value"))
          << name << ": " << rule.dump();
      const std::string other = rule["option"];
      auto declared_other = std::find_if(schema["options"].begin(), schema["options"].end(),
                                         [&](const json& x) { return x["name"] == other; });
      ASSERT_NE(declared_other, schema["options"].end()) << name << " follows " << other;
      ASSERT_FALSE((*declared_other)["values"].empty()) << other;
      const json one = json::array({(*declared_other)["values"][0]["value"]});
      auto with = m->normalize_options({{other, one}}, seats);
      ASSERT_TRUE(with) << other << "=" << one.dump() << ": " << with.error().reason;
      EXPECT_EQ((*with)[name], rule["value"]) << name << " when " << other << " is set";
    }
    // An option added after records were kept may stay out of a table that leaves it at its
    // default, so that such a table's record reads exactly as before (docs/engine.md).
    if (o.value("omitted_when_default", false) && !normalized->contains(name)) {
      EXPECT_TRUE(o.contains("default")) << name << ": omitted only when it has one default";
      continue;
    }
    ASSERT_TRUE(normalized->contains(name)) << name << " is declared but not filled in";
    if (o.contains("default")) {
      EXPECT_EQ((*normalized)[name], o["default"]) << name;
    }
    if (by_players && o["default_by_players"].contains(std::to_string(seats))) {
      EXPECT_EQ((*normalized)[name], o["default_by_players"][std::to_string(seats)]) << name;
    }
  }
  for (auto it = normalized->begin(); it != normalized->end(); ++it)
    EXPECT_TRUE(declared.contains(it.key())) << it.key() << " is filled in but not declared";
  // Normalizing is idempotent, and an unknown option is refused with a reason.
  auto again = m->normalize_options(*normalized, seats);
  ASSERT_TRUE(again) << again.error().reason;
  EXPECT_EQ(*again, *normalized);
  auto unknown = m->normalize_options({{"no_such_option", 1}}, seats);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, error_code::invalid_options);
  EXPECT_FALSE(unknown.error().reason.empty());
}

// A variant's options are valid and normalize to themselves, like the defaults.
TEST_P(conformance, options_normalize_once_for_all) {
  const auto& [m, seats, variant, given] = GetParam();
  auto normalized = m->normalize_options(given, seats);
  ASSERT_TRUE(normalized) << normalized.error().reason;
  auto again = m->normalize_options(*normalized, seats);
  ASSERT_TRUE(again) << again.error().reason;
  EXPECT_EQ(*again, *normalized);
}

INSTANTIATE_TEST_SUITE_P(every_game, conformance, testing::ValuesIn(all_cases()), case_name);
INSTANTIATE_TEST_SUITE_P(every_game, option_schema, testing::ValuesIn(all_cases(false)), case_name);

// Every variant names a registered game.
TEST(conformance_registry, every_option_variant_is_for_a_registered_game) {
  for (const option_variant& v : option_variants()) {
    const bool found = std::any_of(all_games().begin(), all_games().end(),
                                   [&](const game_module* m) { return m->id() == v.game; });
    EXPECT_TRUE(found) << v.game << " (" << v.name << ")";
  }
}

// The suite runs over every registered game with at least one seat count each.
TEST(conformance_registry, every_game_is_covered) {
  ASSERT_FALSE(all_games().empty());
  for (const game_module* m : all_games())
    EXPECT_FALSE(playable_seat_counts(*m).empty()) << m->id();
}

}  // namespace
}  // namespace crownhall
