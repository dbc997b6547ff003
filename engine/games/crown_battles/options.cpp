#include "engine/games/crown_battles/options.hpp"

#include <algorithm>
#include <bit>
#include <string>
#include <vector>

#include "engine/games/crown_battles/presets.hpp"

namespace crownhall::crown_battles {

namespace {

game_error invalid(std::string why) { return {error_code::invalid_options, std::move(why)}; }

constexpr std::string_view numbers_option[suit_count] = {"red_numbers", "blue_numbers",
                                                         "green_numbers", "yellow_numbers"};
constexpr std::string_view known_options[] = {
    "preset",           "red_numbers",    "blue_numbers", "green_numbers",  "yellow_numbers",
    "golems",           "dragons",        "peasants",     "schedule",       "round_types",
    "screw_the_dealer", "bid_cap",        "lift_bid_cap", "specials",       "bubble_shields",
    "extra_wager",      "round_sequence", "duel_pairing", "leak_variation", "alliance_teams"};

std::string known_list() {
  std::string s;
  for (auto k : known_options) s += (s.empty() ? "" : ", ") + std::string(k);
  return s;
}

json ranks_json(std::uint16_t mask) {
  json a = json::array();
  for (int r = 1; r <= ranks_per_suit; ++r)
    if (mask >> (r - 1) & 1u) a.push_back(r);
  return a;
}

// The book's schedule rule (rulings, Rounds): 2, 4, 6, … while below the most cards each
// player can get, then that maximum.
std::vector<int> standard_schedule(int deck_size, int players) {
  const int most = deck_size / players;
  std::vector<int> s;
  for (int n = 2; n < most; n += 2) s.push_back(n);
  s.push_back(most);
  return s;
}

std::vector<int> preset_schedule(const preset& p) {
  return {p.schedule.begin(), p.schedule.begin() + p.rounds};
}

result<int> read_int(const json& given, std::string_view name, int fallback, int lo, int hi) {
  const std::string key(name);
  if (!given.contains(key)) return fallback;
  const json& v = given[key];
  if (!v.is_number_integer() || v.get<std::int64_t>() < lo || v.get<std::int64_t>() > hi)
    return invalid(key + ": must be a whole number from " + std::to_string(lo) + " to " +
                   std::to_string(hi));
  return v.get<int>();
}

result<bool> read_bool(const json& given, std::string_view name, bool fallback) {
  const std::string key(name);
  if (!given.contains(key)) return fallback;
  if (!given[key].is_boolean()) return invalid(key + ": must be true or false");
  return given[key].get<bool>();
}

result<std::uint16_t> read_ranks(const json& given, std::string_view name, std::uint16_t fallback) {
  const std::string key(name);
  if (!given.contains(key)) return fallback;
  const json& v = given[key];
  if (!v.is_array()) return invalid(key + ": must be a list of card numbers from 1 to 13");
  std::uint16_t mask = 0;
  for (const json& n : v) {
    if (!n.is_number_integer() || n.get<std::int64_t>() < 1 || n.get<std::int64_t>() > 13)
      return invalid(key + ": " + n.dump() + " is not a card number (1 to 13)");
    const auto bit = static_cast<std::uint16_t>(1u << (n.get<int>() - 1));
    if (mask & bit) return invalid(key + ": " + n.dump() + " is listed twice");
    mask = static_cast<std::uint16_t>(mask | bit);
  }
  return mask;
}

result<std::vector<int>> read_schedule(const json& given, std::vector<int> fallback, int deck_size,
                                       int players) {
  std::vector<int> s = std::move(fallback);
  if (given.contains("schedule")) {
    const json& v = given["schedule"];
    if (!v.is_array() || v.empty())
      return invalid("schedule: must be a non-empty list of hand sizes, e.g. [2, 4, 6]");
    if (v.size() > static_cast<std::size_t>(max_rounds))
      return invalid("schedule: at most " + std::to_string(max_rounds) + " rounds");
    s.clear();
    for (const json& n : v) {
      if (!n.is_number_integer() || n.get<std::int64_t>() < 1 || n.get<std::int64_t>() > card_count)
        return invalid("schedule: " + n.dump() + " is not a hand size (1 card or more)");
      s.push_back(n.get<int>());
    }
  }
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] * players > deck_size)
      return invalid("schedule: round " + std::to_string(i + 1) + " deals " + std::to_string(s[i]) +
                     " cards to each of " + std::to_string(players) + " players (" +
                     std::to_string(s[i] * players) + "), but the deck has " +
                     std::to_string(deck_size) + " cards");
  return s;
}

std::string special_id(int i) {
  return std::string(card_id(special_card(static_cast<special>(i))));
}

json specials_json(std::uint16_t mask) {
  json a = json::array();
  for (int i = 0; i < special_count; ++i)
    if (mask >> i & 1u) a.push_back(special_id(i));
  return a;
}

result<std::uint16_t> read_specials(const json& given, std::uint16_t fallback) {
  if (!given.contains("specials")) return fallback;
  const json& v = given["specials"];
  if (!v.is_array())
    return invalid(
        "specials: must be a list of Special Power card ids, e.g. [\"THIEF\", \"WITCH\"]");
  std::uint16_t mask = 0;
  for (const json& id : v) {
    const auto c = id.is_string() ? card_from_id(id.get<std::string>()) : std::nullopt;
    if (!c || kind_of(*c) != card_kind::special) {
      std::string known;
      for (int i = 0; i < special_count; ++i) known += (i ? ", " : "") + special_id(i);
      return invalid("specials: " + id.dump() + " is not a Special Power card (" + known + ")");
    }
    const auto bit = static_cast<std::uint16_t>(1u << (index_of(*c) - first_special));
    if (mask & bit) return invalid("specials: " + id.dump() + " is listed twice (one copy each)");
    mask = static_cast<std::uint16_t>(mask | bit);
  }
  return mask;
}

// Option `round_sequence`: the round types in the order they are played (repeats allowed).
result<std::vector<round_type>> read_round_sequence(const json& given) {
  if (!given.contains("round_sequence")) return std::vector<round_type>{};
  const json& v = given["round_sequence"];
  if (!v.is_array() || v.size() > static_cast<std::size_t>(max_rounds))
    return invalid("round_sequence: a list of up to " + std::to_string(max_rounds) +
                   " round types, in the order they are played");
  std::vector<round_type> out;
  for (const json& t : v) {
    auto parsed = t.is_string() ? round_type_from_name(t.get<std::string>()) : std::nullopt;
    if (!parsed)
      return invalid("round_sequence: " + t.dump() + " is not a round type (" + round_type_names() +
                     ")");
    out.push_back(*parsed);
  }
  return out;
}

// Without `round_types`, a sequence's own types are the table's set.
result<std::vector<std::string>> read_round_types(const json& given, int players,
                                                  const std::vector<round_type>& sequence) {
  if (!given.contains("round_types")) {
    if (sequence.empty()) return std::vector<std::string>{"normal"};
    std::vector<std::string> out;
    for (int t = 0; t < round_type_count; ++t)
      if (std::find(sequence.begin(), sequence.end(), static_cast<round_type>(t)) != sequence.end())
        out.emplace_back(round_type_name(static_cast<round_type>(t)));
    return out;
  }
  const json& v = given["round_types"];
  if (!v.is_array() || v.empty())
    return invalid("round_types: must be a non-empty list of round types (" + round_type_names() +
                   ")");
  round_type_set chosen = 0;
  for (const json& t : v) {
    auto parsed = t.is_string() ? round_type_from_name(t.get<std::string>()) : std::nullopt;
    if (!parsed)
      return invalid("round_types: " + t.dump() + " is not a round type (" + round_type_names() +
                     ")");
    if (chosen & type_bit(*parsed)) return invalid("round_types: " + t.dump() + " is listed twice");
    chosen = static_cast<round_type_set>(chosen | type_bit(*parsed));
  }
  for (int t = 0; t < round_type_count; ++t)
    if ((chosen & type_bit(static_cast<round_type>(t))) &&
        players < min_players_of(static_cast<round_type>(t)))
      return invalid("round_types: " + std::string(round_type_label(static_cast<round_type>(t))) +
                     " needs " + std::to_string(min_players_of(static_cast<round_type>(t))) +
                     " or more players (the Round Tracker leaves it out)");
  for (round_type t : sequence)
    if (!(chosen & type_bit(t)))
      return invalid("round_sequence: \"" + std::string(round_type_name(t)) +
                     "\" is not among round_types");
  std::vector<std::string> out;
  for (int t = 0; t < round_type_count; ++t)
    if (chosen & type_bit(static_cast<round_type>(t)))
      out.emplace_back(round_type_name(static_cast<round_type>(t)));
  return out;
}

// The player counts from `least` to the most, for a schema value's "players".
json by_count(int least) {
  json counts = json::array();
  for (int p = least; p <= max_players; ++p) counts.push_back(p);
  return counts;
}

// A schema option whose default depends on the number of players.
json by_players(auto&& value_for) {
  json d = json::object();
  for (int p = min_players; p <= max_players; ++p) d[std::to_string(p)] = value_for(p);
  return d;
}

}  // namespace

result<json> normalize_options(const json& options, int players) {
  if (players < min_players || players > max_players)
    return invalid("players: Crown Battles is played by 2 to 8 players, not " +
                   std::to_string(players));
  if (!options.is_null() && !options.is_object()) return invalid("options must be a JSON object");
  const json given = options.is_null() ? json::object() : options;
  for (auto it = given.begin(); it != given.end(); ++it) {
    bool known = false;
    for (auto k : known_options) known = known || it.key() == k;
    if (!known) return invalid("unknown option \"" + it.key() + "\" (known: " + known_list() + ")");
  }

  // A preset supplies the deck and the schedule; options given beside it override them.
  std::string preset_id(standard_preset);
  if (given.contains("preset")) {
    if (!given["preset"].is_string()) return invalid("preset: must be a preset name (a string)");
    preset_id = given["preset"].get<std::string>();
  }
  const preset* p = nullptr;
  if (preset_id != standard_preset) {
    p = find_preset(preset_id);
    if (!p) return invalid("preset: unknown preset \"" + preset_id + "\"");
    if (p->players != players)
      return invalid("preset: \"" + preset_id + "\" is for " + std::to_string(p->players) +
                     " players, but this table has " + std::to_string(players));
  }
  deck_composition deck = p ? p->deck : standard_deck(players);

  for (int s = 0; s < suit_count; ++s) {
    auto r = read_ranks(given, numbers_option[s], deck.numbers[static_cast<std::size_t>(s)]);
    if (!r) return r.error();
    deck.numbers[static_cast<std::size_t>(s)] = *r;
  }
  auto golems = read_int(given, "golems", deck.golems, 0, max_golems);
  if (!golems) return golems.error();
  auto dragons = read_int(given, "dragons", deck.dragons, 0, max_dragons);
  if (!dragons) return dragons.error();
  // Rulebook, Special Power cards: they replace Peasants one for one (the 7- and 8-player
  // presets add theirs to the 60 cards): a deck has `slots` places for both together.
  const int slots = deck.peasants + std::popcount(deck.specials);
  auto specials = read_specials(given, deck.specials);
  if (!specials) return specials.error();
  const int special_total = std::popcount(*specials);
  const int peasant_default = *specials == deck.specials
                                  ? deck.peasants
                                  : std::min(max_peasants, std::max(0, slots - special_total));
  auto peasants = read_int(given, "peasants", peasant_default, 0, max_peasants);
  if (!peasants) return peasants.error();
  // A table that sets `peasants` itself builds its own deck (the book's "create your own
  // play"): any specials may join then, up to all sixteen.
  if (special_total > 0 && !given.contains("peasants") &&
      special_total > std::max(slots, max_peasants))
    return invalid("specials: Special Power cards replace Peasants one for one; this deck has " +
                   std::to_string(std::max(slots, max_peasants)) + " places for them, but " +
                   std::to_string(special_total) +
                   " specials were asked for (set \"peasants\" too to build a deck of your own)");
  deck.golems = *golems, deck.dragons = *dragons, deck.peasants = *peasants;
  deck.specials = *specials;
  auto shields = read_bool(given, "bubble_shields", special_total > 0);
  if (!shields) return shields.error();
  const int deck_size = deck.size();
  if (deck_size < players)
    return invalid("deck: " + std::to_string(deck_size) + (deck_size == 1 ? " card" : " cards") +
                   " cannot deal one card to each of " + std::to_string(players) + " players");

  auto schedule = read_schedule(
      given, p ? preset_schedule(*p) : standard_schedule(deck_size, players), deck_size, players);
  if (!schedule) return schedule.error();
  auto sequence = read_round_sequence(given);
  if (!sequence) return sequence.error();
  auto types = read_round_types(given, players, *sequence);
  if (!types) return types.error();
  auto screw = read_bool(given, "screw_the_dealer", false);
  if (!screw) return screw.error();
  auto cap = read_int(given, "bid_cap", standard_bid_cap(players), 1, max_bid_cap);
  if (!cap) return cap.error();
  auto lifted = read_bool(given, "lift_bid_cap", false);
  if (!lifted) return lifted.error();
  auto extra_wager = read_bool(given, "extra_wager", false);
  if (!extra_wager) return extra_wager.error();
  if (*extra_wager && std::find(types->begin(), types->end(),
                                round_type_name(round_type::wagering)) == types->end())
    return invalid("extra_wager: the extra wager is Wagering's; add \"wagering\" to round_types");
  auto leak = leak_variation::secret;
  if (given.contains("leak_variation")) {
    const json& v = given["leak_variation"];
    const auto parsed =
        v.is_string() ? leak_variation_from_name(v.get<std::string>()) : std::nullopt;
    if (!parsed)
      return invalid("leak_variation: one of secret, clockwise, dealer, spinner, neighbour");
    leak = *parsed;
  }
  bool random_pairing = false;
  if (given.contains("duel_pairing")) {
    const json& v = given["duel_pairing"];
    if (v != "dealer" && v != "random")
      return invalid("duel_pairing: \"dealer\" (the dealer pairs the players) or \"random\"");
    random_pairing = v == "random";
  }
  bool random_teams = false;
  if (given.contains("alliance_teams")) {
    const json& v = given["alliance_teams"];
    if (v != "dealer" && v != "random")
      return invalid("alliance_teams: \"dealer\" (the dealer forms the teams) or \"random\"");
    random_teams = v == "random";
  }

  json out = {{"preset", preset_id}};
  for (int s = 0; s < suit_count; ++s)
    out[std::string(numbers_option[s])] = ranks_json(deck.numbers[static_cast<std::size_t>(s)]);
  out["golems"] = deck.golems;
  out["dragons"] = deck.dragons;
  out["peasants"] = deck.peasants;
  out["schedule"] = *schedule;
  out["round_types"] = *types;
  if (!sequence->empty()) {  // omitted when not given: older records read as before
    json names = json::array();
    for (round_type t : *sequence) names.push_back(round_type_name(t));
    out["round_sequence"] = std::move(names);
  }
  out["screw_the_dealer"] = *screw;
  out["bid_cap"] = *cap;
  out["lift_bid_cap"] = *lifted;
  if (*extra_wager) out["extra_wager"] = true;  // omitted when off: older records read as before
  if (random_pairing) out["duel_pairing"] = "random";  // omitted at its default, likewise
  if (random_teams) out["alliance_teams"] = "random";
  if (leak != leak_variation::secret) out["leak_variation"] = leak_variation_name(leak);
  // Only a table that plays them lists them: base-game records stay as they were.
  if (deck.specials || *shields) {
    out["specials"] = specials_json(deck.specials);
    out["bubble_shields"] = *shields;
  }
  return out;
}

settings settings_from_options(const json& o, int players) {
  settings s;
  s.players = players;
  for (int su = 0; su < suit_count; ++su)
    for (const json& r : o.at(std::string(numbers_option[su])))
      s.deck.insert(numbered_card(static_cast<suit>(su), r.get<int>()));
  for (int i = 0; i < o.at("golems").get<int>(); ++i) s.deck.insert(golem_card(i));
  for (int i = 0; i < o.at("dragons").get<int>(); ++i) s.deck.insert(dragon_card(i));
  for (int i = 0; i < o.at("peasants").get<int>(); ++i) s.deck.insert(peasant_card(i));
  for (const json& id : o.value("specials", json::array()))
    s.deck.insert(*card_from_id(id.get<std::string>()));
  s.shields = o.value("bubble_shields", false);
  s.special_rules = s.shields || !(s.deck & card_set::range(first_special, card_count)).empty();
  s.deck_size = s.deck.size();
  for (const json& n : o.at("schedule"))
    s.schedule[static_cast<std::size_t>(s.rounds++)] = static_cast<std::uint8_t>(n.get<int>());
  for (const json& t : o.at("round_types"))
    s.types[static_cast<std::size_t>(s.type_count++)] = *round_type_from_name(t.get<std::string>());
  for (const json& t : o.value("round_sequence", json::array()))
    s.sequence[static_cast<std::size_t>(s.sequence_length++)] =
        *round_type_from_name(t.get<std::string>());
  s.screw_the_dealer = o.at("screw_the_dealer").get<bool>();
  s.bid_cap = o.at("lift_bid_cap").get<bool>() ? uncapped : o.at("bid_cap").get<int>();
  s.extra_wager = o.value("extra_wager", false);
  s.random_pairing = o.value("duel_pairing", "dealer") == "random";
  s.random_teams = o.value("alliance_teams", "dealer") == "random";
  s.leak = *leak_variation_from_name(o.value("leak_variation", "secret"));
  return s;
}

namespace {

json build_option_schema() {
  json preset_values = json::array();
  preset_values.push_back(
      {{"value", standard_preset},
       {"label", "The book's setup: 60 cards (2 players: 40), 2, 4, 6, … cards"},
       {"players", {2, 3, 4, 5, 6, 7, 8}}});
  for (const preset& p : presets())
    preset_values.push_back({{"value", p.id}, {"label", p.label}, {"players", {p.players}}});

  json options = json::array();
  options.push_back(
      {{"name", "preset"},
       {"label", "Setup"},
       {"type", "enum"},
       {"values", preset_values},
       {"default", standard_preset},
       {"description",
        "A deck and schedule from the rulebook's gameplay suggestions, with the Special Power "
        "cards the book adds for 6 to 8 players. Options you set yourself replace the setup's."}});
  constexpr std::string_view suit_labels[suit_count] = {
      "Red (Taurans) numbers", "Blue (Humans) numbers", "Green (Orcs) numbers",
      "Yellow (Elves) numbers"};
  for (int s = 0; s < suit_count; ++s)
    options.push_back({{"name", numbers_option[s]},
                       {"label", suit_labels[s]},
                       {"type", "int_set"},
                       {"min", 1},
                       {"max", 13},
                       {"default_by_players", by_players([s](int pl) {
                          return ranks_json(standard_deck(pl).numbers[static_cast<std::size_t>(s)]);
                        })},
                       {"depends_on", {"preset"}}});
  struct count_option {
    std::string_view name, label;
    int max;
    int deck_composition::*field;
  };
  for (const count_option& c :
       {count_option{"golems", "Golems", max_golems, &deck_composition::golems},
        count_option{"dragons", "Dragons", max_dragons, &deck_composition::dragons},
        count_option{"peasants", "Peasants", max_peasants, &deck_composition::peasants}})
    options.push_back(
        {{"name", c.name},
         {"label", c.label},
         {"type", "int"},
         {"min", 0},
         {"max", c.max},
         {"default_by_players", by_players([&c](int pl) { return standard_deck(pl).*c.field; })},
         {"depends_on", {"preset"}}});
  options.push_back(
      {{"name", "schedule"},
       {"label", "Cards dealt each round"},
       {"type", "int_list"},
       {"min", 1},
       {"max", card_count / min_players},
       {"min_length", 1},
       {"max_length", max_rounds},
       {"default_by_players",
        by_players([](int pl) { return standard_schedule(standard_deck(pl).size(), pl); })},
       {"depends_on",
        {"preset", "red_numbers", "blue_numbers", "green_numbers", "yellow_numbers", "golems",
         "dragons", "peasants"}},
       {"description",
        "Default: 2, 4, 6, … while below deck size / players (rounded down), then that number. "
        "Every round must fit the deck."}});
  json type_values = json::array();
  for (int t = 0; t < round_type_count; ++t) {
    const auto type = static_cast<round_type>(t);
    json v = {{"value", round_type_name(type)}, {"label", round_type_label(type)}};
    if (min_players_of(type) > min_players)  // the Round Tracker's exclusions by player count
      v["players"] = by_count(min_players_of(type));
    type_values.push_back(std::move(v));
  }
  options.push_back({{"name", "round_types"},
                     {"label", "Round types"},
                     {"type", "set"},
                     {"values", type_values},
                     {"min_size", 1},
                     {"default", {"normal"}},
                     {"description", "Several types: each round's type is drawn at random."}});
  options.push_back(
      {{"name", "round_sequence"},
       {"label", "Round types in a fixed order"},
       {"type", "list"},
       {"values", type_values},
       {"max_length", max_rounds},
       {"default", json::array()},
       {"omitted_when_default", true},
       {"description",
        "Instead of a draw: round 1 plays the first type, round 2 the second, and so on, "
        "starting over after the last (for teaching and tests). Empty: each round is drawn."}});
  options.push_back(
      {{"name", "leak_variation"},
       {"label", "Leaked Suit: who picks"},
       {"type", "enum"},
       {"values",
        {{{"value", "secret"}, {"label", "Everyone picks in secret, all reveal at once"}},
         {{"value", "clockwise"}, {"label", "One by one clockwise, each revealed at once"}},
         {{"value", "dealer"}, {"label", "The dealer picks one suit for everyone"}},
         {{"value", "spinner"}, {"label", "The spinner picks one suit for everyone"}},
         {{"value", "neighbour"}, {"label", "A random card of your left neighbour's hand"}}}},
       {"default", "secret"},
       {"omitted_when_default", true},
       {"description", "How each player's leaked suit is chosen in a Leaked Suit round."}});
  options.push_back({{"name", "duel_pairing"},
                     {"label", "Duel Fights: pairs"},
                     {"type", "enum"},
                     {"values",
                      {{{"value", "dealer"}, {"label", "The dealer pairs the players"}},
                       {{"value", "random"}, {"label", "Drawn at random"}}}},
                     {"default", "dealer"},
                     {"omitted_when_default", true},
                     {"description",
                      "Who forms the pairs of a Duel Fights round (a group of three with an odd "
                      "count)."}});
  options.push_back({{"name", "alliance_teams"},
                     {"label", "Alliances: teams"},
                     {"type", "enum"},
                     {"values",
                      {{{"value", "dealer"}, {"label", "The dealer forms the teams"}},
                       {{"value", "random"}, {"label", "Drawn at random"}}}},
                     {"default", "dealer"},
                     {"omitted_when_default", true},
                     {"description",
                      "Who forms the teams of two of an Alliance round (with an odd count, who "
                      "plays alone)."}});
  options.push_back({{"name", "screw_the_dealer"},
                     {"label", "Screw the dealer"},
                     {"type", "bool"},
                     {"default", false},
                     {"description",
                      "The dealer may not bid so that the bids add up to the cards dealt "
                      "(not in Blind Bidding rounds)."}});
  options.push_back({{"name", "bid_cap"},
                     {"label", "Highest bid token"},
                     {"type", "int"},
                     {"min", 1},
                     {"max", max_bid_cap},
                     {"default_by_players", by_players(standard_bid_cap)}});
  json special_values = json::array();
  for (int i = 0; i < special_count; ++i)
    special_values.push_back(
        {{"value", special_id(i)}, {"label", special_name(static_cast<special>(i))}});
  options.push_back(
      {{"name", "specials"},
       {"label", "Special Power cards"},
       {"type", "set"},
       {"values", special_values},
       {"min_size", 0},
       {"default", json::array()},
       {"omitted_when_default", true},
       {"depends_on", {"preset"}},
       {"description",
        "Each takes a Peasant's place (the book: up to 4); the setups for 6 to 8 players add "
        "theirs to the 60 cards. Set Peasants yourself to build a deck of your own."}});
  options.push_back(
      {{"name", "bubble_shields"},
       {"label", "Bubble Shields (20 points: protection from Thief and Witch)"},
       {"type", "bool"},
       {"default", false},
       // Shields only protect from Thief and Witch: a table that plays specials
       // gets them unless the host says no.
       {"default_when",
        json::array({{{"option", "specials"}, {"non_empty", true}, {"value", true}}})},
       {"omitted_when_default", true},
       {"depends_on", {"specials"}},
       {"description", "Default: on when Special Power cards are in the deck."}});
  options.push_back({{"name", "lift_bid_cap"},
                     {"label", "No token limit (bid up to the cards dealt)"},
                     {"type", "bool"},
                     {"default", false}});
  options.push_back(
      {{"name", "extra_wager"},
       {"label", "Wagering: extra wagers of 10 or 20"},
       {"type", "bool"},
       {"default", false},
       {"omitted_when_default", true},
       {"depends_on", {"round_types"}},
       {"description",
        "In a Wagering round each player may wager 10 or 20 more right after their bid: met, "
        "it comes back doubled by the bank; missed, it is lost. Needs Wagering rounds."}});
  return {{"options", options}};
}

}  // namespace

// Built once: lobbies ask for it per table.
const json& option_schema() {
  static const json schema = build_option_schema();
  return schema;
}

}  // namespace crownhall::crown_battles
