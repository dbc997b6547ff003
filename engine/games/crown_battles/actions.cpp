#include "engine/games/crown_battles/actions.hpp"

#include <string>

#include "engine/games/crown_battles/leaks.hpp"
#include "engine/games/crown_battles/missions.hpp"
#include "engine/games/crown_battles/specials.hpp"

namespace crownhall::crown_battles {

namespace {

game_error malformed(std::string why) { return {error_code::malformed_action, std::move(why)}; }

// A number of tricks as the JSON gives it; nullopt unless a small non-negative integer.
std::optional<int> tricks_number(const json& j) {
  if (!j.is_number_integer()) return std::nullopt;
  const auto n = j.get<std::int64_t>();
  if (n < 0 || n > 254) return std::nullopt;
  return static_cast<int>(n);
}

// A "suit" member naming one of the four suits by its letter.
std::optional<suit> suit_field(const json& j) {
  return j.contains("suit") && j["suit"].is_string()
             ? suit_from_letter(j["suit"].get<std::string>())
             : std::nullopt;
}

result<action> parse_bid(const json& j) {
  if (!j.contains("bid"))
    return malformed("a bid action needs \"bid\": a number, or two consecutive numbers [lo, hi]");
  const json& b = j["bid"];
  if (auto n = tricks_number(b)) return bid_action(single_bid(*n));
  if (b.is_array() && b.size() == 2) {
    auto lo = tricks_number(b[0]), hi = tricks_number(b[1]);
    if (lo && hi && *hi == *lo + 1) return bid_action(double_bid(*lo));
    return malformed("a double bid is two consecutive numbers, lower first, e.g. [2, 3]");
  }
  return malformed(
      "\"bid\" must be a number of tricks (0 or more) or two consecutive numbers [lo, hi]");
}

result<action> parse_choose_trump(const json& j) {
  if (!j.contains("suit") || !j["suit"].is_string())
    return malformed("choose_trump needs \"suit\": one of \"R\", \"B\", \"G\", \"Y\"");
  const auto& s = j["suit"].get_ref<const std::string&>();
  if (s == "X") return choose_trump_action(trump::none);  // refused by apply() with a reason
  auto parsed = suit_from_letter(s);
  if (!parsed) return malformed("unknown suit \"" + s + "\" (one of \"R\", \"B\", \"G\", \"Y\")");
  return choose_trump_action(trump_of(*parsed));
}

result<action> parse_wager(const json& j) {
  if (!j.contains("extra") || !j["extra"].is_number_integer() || j["extra"].get<int>() < 0 ||
      j["extra"].get<int>() > 2550 || j["extra"].get<int>() % 10 != 0)
    return malformed("wager needs \"extra\": 0, 10 or 20 points");
  return wager_action(j["extra"].get<int>());
}

result<action> parse_mission(const json& j) {
  if (!j.contains("mission") || !j["mission"].is_string())
    return malformed("mission needs \"mission\": a mission id such as \"zero_or_one\"");
  const auto& name = j["mission"].get_ref<const std::string&>();
  const auto id = mission_from_name(name);
  if (!id) return malformed("unknown mission \"" + name + "\"");
  return mission_action(*id);
}

result<action> parse_leak(const json& j) {
  const auto choice = j.contains("suit") && j["suit"].is_string()
                          ? leak_choice_from_name(j["suit"].get<std::string>())
                          : std::nullopt;
  if (!choice) return malformed("leak needs \"suit\": \"R\", \"B\", \"G\", \"Y\" or \"monsters\"");
  return leak_action(*choice);
}

// `pair` and `solo` name a seat: the one to pair with, or the one who plays alone.
result<action> parse_seat_choice(const json& j, const std::string& type) {
  if (!j.contains("seat") || !j["seat"].is_number_integer() || j["seat"].get<int>() < 0 ||
      j["seat"].get<int>() >= max_seats)
    return malformed(type == "pair" ? "pair needs \"seat\": the seat to pair with (0 to 7)"
                                    : "solo needs \"seat\": the seat that plays alone (0 to 7)");
  return type == "pair" ? pair_action(j["seat"].get<int>()) : solo_action(j["seat"].get<int>());
}

// `play` and `note` name a card: the one played, or the one shown to the ally.
result<action> parse_card_choice(const json& j, const std::string& type) {
  if (!j.contains("card") || !j["card"].is_string())
    return malformed(type + " needs \"card\": a card id such as \"Y12\" or \"GOLEM1\"");
  const auto& id = j["card"].get_ref<const std::string&>();
  auto c = card_from_id(id);
  if (!c) return malformed("unknown card \"" + id + "\"");
  return type == "play" ? play_action(*c) : type == "note" ? note_action(*c) : split_action(*c);
}

constexpr std::string_view step_names[step_kind_count] = {
    "none",       "decline",     "pick_seat", "pick_card",    "pick_trump",
    "change_bid", "take_points", "direction", "done_looking", "buy_shield",
    "play_golem", "smuggle",     "pick_suit"};

json step_to_json(action a) {
  const action_code f = action_code::unpack(a);
  const step_kind k = step_kind_of(a);
  json j = {{"type", step_names[static_cast<int>(k)]}};
  switch (k) {
    case step_kind::pick_seat:
    case step_kind::take_points:
      j["seat"] = f.seat;
      break;
    case step_kind::pick_card:
    case step_kind::play_golem:
      j["card"] = card_id(card_at(f.card));
      break;
    case step_kind::pick_trump:
      j["suit"] = f.amount >= suit_count ? std::string("X")
                                         : std::string(1, suit_letter(static_cast<suit>(f.amount)));
      break;
    case step_kind::change_bid:
      j["change"] = f.amount == 1 ? 1 : -1;
      break;
    case step_kind::pick_suit:
      j["suit"] = f.amount >= suit_count ? std::string("?")
                                         : std::string(1, suit_letter(static_cast<suit>(f.amount)));
      break;
    case step_kind::direction:
      j["direction"] = f.amount == 0 ? "left" : "right";
      break;
    default:
      break;
  }
  return j;
}

result<action> parse_step(step_kind k, const json& j) {
  const std::string type(step_names[static_cast<int>(k)]);
  switch (k) {
    case step_kind::pick_seat:
    case step_kind::take_points:
      if (!j.contains("seat") || !j["seat"].is_number_integer() || j["seat"].get<int>() < 0 ||
          j["seat"].get<int>() >= max_seats)
        return malformed(type + " needs \"seat\": a seat number");
      return step(k, j["seat"].get<int>());
    case step_kind::pick_card:
    case step_kind::play_golem: {
      if (!j.contains("card") || !j["card"].is_string())
        return malformed(type + " needs \"card\": a card id");
      auto c = card_from_id(j["card"].get<std::string>());
      if (!c) return malformed("unknown card " + j["card"].dump());
      return step(k, action_code::no_seat, index_of(*c));
    }
    case step_kind::pick_trump: {
      if (!j.contains("suit") || !j["suit"].is_string())
        return malformed("pick_trump needs \"suit\": \"R\", \"B\", \"G\", \"Y\" or \"X\"");
      const auto& s = j["suit"].get_ref<const std::string&>();
      if (s == "X") return step(k, action_code::no_seat, action_code::no_card, suit_count);
      auto parsed = suit_from_letter(s);
      if (!parsed) return malformed("unknown suit \"" + s + "\"");
      return step(k, action_code::no_seat, action_code::no_card, static_cast<int>(*parsed));
    }
    case step_kind::pick_suit: {
      const auto parsed = suit_field(j);
      if (!parsed) return malformed("pick_suit needs \"suit\": \"R\", \"B\", \"G\" or \"Y\"");
      return step(k, action_code::no_seat, action_code::no_card, static_cast<int>(*parsed));
    }
    case step_kind::change_bid:
      if (!j.contains("change") || !j["change"].is_number_integer() ||
          (j["change"].get<int>() != 1 && j["change"].get<int>() != -1))
        return malformed("change_bid needs \"change\": 1 or -1");
      return step(k, action_code::no_seat, action_code::no_card, j["change"].get<int>() == 1);
    case step_kind::direction:
      if (!j.contains("direction") || !j["direction"].is_string() ||
          (j["direction"] != "left" && j["direction"] != "right"))
        return malformed("direction needs \"direction\": \"left\" or \"right\"");
      return step(k, action_code::no_seat, action_code::no_card, j["direction"] == "right");
    default:
      return step(k);
  }
}

}  // namespace

json bid_to_json(bid b) {
  if (b.is_double()) return json::array({b.lo, b.hi});
  return b.lo;
}

json action_to_json(action a) {
  if (action_code::is_step(a)) return step_to_json(a);
  switch (kind_of(a)) {
    case action_kind::single_bid:
    case action_kind::double_bid:
      return {{"type", "bid"}, {"bid", bid_to_json(bid_of(a))}};
    case action_kind::choose_trump: {
      const trump t = trump_of(a);
      const std::string s =
          t == trump::none ? "X" : std::string(1, suit_letter(static_cast<suit>(t)));
      return {{"type", "choose_trump"}, {"suit", s}};
    }
    case action_kind::play:
      return {{"type", "play"}, {"card", card_id(card_of(a))}};
    case action_kind::wager:
      return {{"type", "wager"}, {"extra", extra_of(a)}};
    case action_kind::pair:
      return {{"type", "pair"}, {"seat", partner_of(a)}};
    case action_kind::solo:
      return {{"type", "solo"}, {"seat", argument_of(a)}};
    case action_kind::note:
      return {{"type", "note"}, {"card", card_id(card_of(a))}};
    case action_kind::split:
      return {{"type", "split"}, {"card", card_id(card_of(a))}};
    case action_kind::place:
      if (placed_suit_of(a) < suit_count)
        return {{"type", "place"},
                {"suit", std::string(1, suit_letter(static_cast<suit>(placed_suit_of(a))))}};
      break;
    case action_kind::leak:
      if (leak_of(a) < leak_choice_count)
        return {{"type", "leak"}, {"suit", leak_choice_name(leak_of(a))}};
      break;
    case action_kind::mission:
      if (mission_of(a) < mission_count)
        return {{"type", "mission"}, {"mission", mission_at(mission_of(a)).name}};
      break;
    case action_kind::none:
      break;
  }
  return {{"type", "unknown"}, {"code", a.code}};
}

result<action> action_from_json(const json& j) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
    return malformed(
        "an action is an object with a \"type\": \"bid\", \"choose_trump\" or \"play\"");
  const auto& type = j["type"].get_ref<const std::string&>();
  if (type == "bid") return parse_bid(j);
  if (type == "choose_trump") return parse_choose_trump(j);
  if (type == "play" || type == "note" || type == "split") return parse_card_choice(j, type);
  if (type == "wager") return parse_wager(j);
  if (type == "mission") return parse_mission(j);
  if (type == "pair" || type == "solo") return parse_seat_choice(j, type);
  if (type == "leak") return parse_leak(j);
  if (type == "place") {
    const auto parsed = suit_field(j);
    if (!parsed) return malformed("place needs \"suit\": \"R\", \"B\", \"G\" or \"Y\"");
    return place_action(static_cast<int>(*parsed));
  }
  for (int k = 1; k < step_kind_count; ++k)
    if (type == step_names[k]) return parse_step(static_cast<step_kind>(k), j);
  return malformed(
      "unknown action type \"" + type +
      "\" (bid, choose_trump, play, wager, mission, pair, leak, solo, note, place, split, or a "
      "Special Power "
      "card's step: decline, "
      "pick_seat, pick_card, pick_trump, change_bid, take_points, direction, "
      "done_looking, buy_shield, play_golem, smuggle, pick_suit)");
}

}  // namespace crownhall::crown_battles
