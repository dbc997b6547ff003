// GET /api/players/ID/profile: what anyone may see of a player — games finished and won per
// game, average and best points, the recent games with their scores. Worked out from the
// player's History as the store lists it (the newest `profile_games`), so it needs no game's
// rules: a win is rank 1 in the game's outcome, points are the game's own measure kept in
// each summary.
#include <map>

#include "server/account_api/account_call.hpp"
#include "server/store/moderation_store.hpp"

namespace crownhall::server {

using json = nlohmann::json;

namespace {

constexpr int profile_games = 1000;  // the History a profile counts, newest first
constexpr std::size_t recent_games = 20;

struct per_game {
  int finished = 0, won = 0, with_points = 0;
  long long points = 0;
  std::optional<int> best;
};

std::optional<int> int_at(const json& array, int seat) {
  if (!array.is_array() || seat < 0 || static_cast<std::size_t>(seat) >= array.size() ||
      !array[static_cast<std::size_t>(seat)].is_number_integer())
    return std::nullopt;
  return array[static_cast<std::size_t>(seat)].get<int>();
}

}  // namespace

api_response set_profile_private(const account_call& call) {
  return as_caller(call, [&](const caller& who) -> api_response {
    const auto hidden = call.body.find("private");
    if (hidden == call.body.end() || !hidden->is_boolean())
      return refusal(400, "bad_request", "send {\"private\": true or false}");
    if (auto s = call.store.moderation().set_profile_private(who.id, hidden->get<bool>()); !s)
      return store_failed("set_profile_private", s.error);
    return json_answer(200, {{"player", who.id}, {"private", hidden->get<bool>()}});
  });
}

api_response player_profile(const account_call& call, const std::string& player_id) {
  auto hidden = call.store.moderation().profile_private(player_id);
  if (!hidden) return store_failed("profile_private", hidden.error());
  if (*hidden) {
    // The player alone sees a private profile whole; anyone else, that it is private.
    auto who = caller_of(call);
    const auto* asker = std::get_if<caller>(&who);
    if (!asker || asker->id != player_id)
      return json_answer(200, {{"player", player_id}, {"private", true}});
  }
  auto history = call.store.list_finished_for_player(player_id, profile_games);
  if (!history) return store_failed("list_finished_for_player", history.error());
  auto account = call.accounts.find_account(player_id);
  if (!account) return store_failed("find_account", account.error());
  if (history->empty() && !*account) {
    auto identities = call.store.list_identities(player_id);
    if (!identities) return store_failed("list_identities", identities.error());
    if (identities->empty()) return refusal(404, "no_such_player", "no player has this id");
  }
  std::map<std::string, per_game> games;
  json recent = json::array();
  std::string name = *account ? (*account)->name : std::string();
  for (const auto& g : *history) {
    const json summary = json::parse(g.summary_json, nullptr, false);
    if (!summary.is_object()) continue;
    const json& seats = summary.value("seats", json::array());
    if (name.empty() && g.seat >= 0 && static_cast<std::size_t>(g.seat) < seats.size() &&
        seats[static_cast<std::size_t>(g.seat)].is_string())
      name = seats[static_cast<std::size_t>(g.seat)];
    const auto rank =
        int_at(summary.value("outcome", json::object()).value("ranks", json()), g.seat);
    const auto points = int_at(summary.value("points", json()), g.seat);
    per_game& p = games[g.game];
    ++p.finished;
    if (rank == 1) ++p.won;
    if (points) {
      ++p.with_points;
      p.points += *points;
      p.best = p.best ? std::max(*p.best, *points) : *points;
    }
    if (recent.size() < recent_games) {
      json line = {{"game_id", g.game_id},
                   {"game", g.game},
                   {"finished_at", g.finished_at_ms},
                   {"seat", g.seat},
                   {"seats", seats},
                   {"rank", rank ? json(*rank) : json()},
                   {"points", points ? json(*points) : json()}};
      recent.push_back(std::move(line));
    }
  }
  json per = json::array();
  for (const auto& [game, p] : games)
    per.push_back({{"game", game},
                   {"finished", p.finished},
                   {"won", p.won},
                   {"average_points",
                    p.with_points ? json(static_cast<double>(p.points) / p.with_points) : json()},
                   {"best_points", p.best ? json(*p.best) : json()}});
  return json_answer(200, {{"player", player_id},
                           {"private", *hidden},
                           {"name", name},
                           {"account", account->has_value()},
                           {"games", std::move(per)},
                           {"recent", std::move(recent)}});
}

}  // namespace crownhall::server
