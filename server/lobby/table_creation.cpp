#include "server/lobby/table_creation.hpp"

#include <algorithm>
#include <variant>

#include <spdlog/spdlog.h>

#include "engine/core/record.hpp"
#include "engine/core/registry.hpp"
#include "server/address_limits.hpp"
#include "server/lobby/durable_tables.hpp"
#include "server/lobby/lobby.hpp"
#include "server/lobby/table_room.hpp"
#include "server/table/deals/duplicate_seating.hpp"

namespace crownhall::server {

using protocol::error;

namespace {

std::optional<protocol::refusal> refuse_table(error code, std::string reason) {
  return protocol::refusal{code, std::move(reason)};
}

// The record a duplicate table deals from: a finished game the player played in.
std::variant<game_record, protocol::refusal> read_deal_source(shared_state& state,
                                                              const std::string& player_id,
                                                              const std::string& game_id) {
  if (!state.durable)
    return protocol::refusal{error::no_such_record, "this server keeps no finished games"};
  auto rec = state.durable->played_record(player_id, game_id);
  using enum durable_tables::record_status;
  if (rec.status == unavailable)
    return protocol::refusal{error::internal, "the finished games cannot be read now"};
  if (rec.status == missing)
    return protocol::refusal{error::no_such_record,
                             "no finished game of yours has the id \"" + game_id + "\""};
  auto r = record_from_json(json::parse(rec.text, nullptr, false));
  if (!r) return protocol::refusal{error::internal, "that game's record does not read"};
  return std::move(*r);
}

// A repeated deal claimed in the store too: on a database several nodes share, a table on
// another node may deal it already.
std::optional<protocol::refusal> claim_in_store(shared_state& state, std::uint64_t seed,
                                                const std::string& game_id) {
  if (!state.durable) return std::nullopt;
  auto claimed = state.durable->store().claim_deal(seed, shared_state::now().unix_ms);
  if (!claimed)
    return protocol::refusal{error::internal, "the deal cannot be claimed now: try again"};
  if (!*claimed)
    return protocol::refusal{error::deal_in_play, "the deal of game " + game_id +
                                                      " is being played again at another "
                                                      "table: repeat it once that game is over"};
  return std::nullopt;
}

}  // namespace

std::optional<protocol::refusal> open_table(shared_state& state, const std::shared_ptr<player>& p,
                                            const std::string& client, protocol::create_table& m,
                                            const json& id) {
  // A stopping server opens nothing its drain would have to wait for.
  if (state.draining)
    return refuse_table(error::server_draining,
                        "this server is stopping: open the table again in a minute");
  // "Play this deal again": the finished game's record says the game, options,
  // seats and seed; the creator's own choices of those are not asked for.
  std::uint64_t deal_seed = 0;
  json deal_stack;  // a stacked deal to repeat, if the source had one
  std::vector<std::string> seat_plan, hands_were;
  if (m.deal_of) {
    auto source = read_deal_source(state, p->id(), *m.deal_of);
    if (auto* no = std::get_if<protocol::refusal>(&source)) return *no;
    auto& r = std::get<game_record>(source);
    if (!m.game.empty() && m.game != r.game)
      return refuse_table(error::invalid_options,
                          "game " + *m.deal_of + " was " + r.game + ", not " + m.game);
    m.game = r.game;
    m.options = r.options;
    m.seats = static_cast<int>(r.seats.size());
    deal_seed = r.seed;
    deal_stack = r.deal;
    if (m.rotate >= *m.seats)
      return refuse_table(error::invalid_options,
                          "rotate is 0 to " + std::to_string(*m.seats - 1) + " seats");
    auto seating = duplicate_seating_of(r, m.rotate);
    seat_plan = std::move(seating.plan);
    hands_were = std::move(seating.hands_were);
  }
  // A teaching table's prepared deal: an uploaded record's game, options, seats,
  // seed and stacked deal (its moves are not needed).
  if (m.deal_from) {
    auto r = record_from_json(*m.deal_from);
    if (!r) return refuse_table(error::invalid_options, "deal_from: " + r.error().reason);
    if (!m.game.empty() && m.game != r->game)
      return refuse_table(error::invalid_options,
                          "the record is of " + r->game + ", not " + m.game);
    m.game = r->game;
    m.options = r->options;
    m.seats = static_cast<int>(r->seats.size());
    deal_seed = r->seed;
    deal_stack = r->deal;
  }
  const game_module* game = find_game(m.game);
  if (!game) return refuse_table(error::unknown_game, "no game has the id \"" + m.game + "\"");
  const int seats = m.seats.value_or(std::clamp(4, game->min_seats(), game->max_seats()));
  if (seats < game->min_seats() || seats > game->max_seats())
    return refuse_table(error::invalid_options, std::string(game->title()) + " is for " +
                                                    std::to_string(game->min_seats()) + " to " +
                                                    std::to_string(game->max_seats()) + " players");
  auto options = game->normalize_options(m.options, seats);
  if (!options) return refuse_table(error::invalid_options, options.error().reason);
  table_settings settings{seats,        std::move(*options), m.options,
                          m.is_private, m.spectators,        m.clock};
  settings.late_join = m.late_join;
  settings.open_hands = m.open_hands;
  settings.spectator_view = m.spectator_view;
  settings.spectator_delay = m.spectator_delay.value_or(1);
  if (m.deal_of) {
    settings.deal_of = *m.deal_of;
    settings.deal_seed = deal_seed;
    settings.seat_plan = std::move(seat_plan);
    settings.hands_were = std::move(hands_were);
    settings.rotate = m.rotate;
  }
  if (m.deal_from || !deal_stack.is_null()) {
    // The deal must deal: a stacked deal the game refuses is the uploader's error.
    auto dealt = game->new_game(settings.options, seats, deal_seed, deal_stack);
    if (!dealt) return refuse_table(error::invalid_options, "deal_from: " + dealt.error().reason);
    settings.prepared_deal = true;
    settings.deal_seed = deal_seed;
    settings.deal_stack = std::move(deal_stack);
  }
  if (const auto wait = state.limits->take_table(client, shared_state::now().mono_ms))
    return refuse_table(error::too_many_new_tables,
                        "too many new tables from your address; " + try_again_in(wait));
  // One session cannot leave tables behind without end: bots would play them all.
  if (const std::size_t held = p->open_table_count(); held >= state.config.max_open_tables)
    return refuse_table(error::too_many_tables,
                        "you hold seats at " + std::to_string(held) +
                            " unfinished tables, the most one player may: go back to one "
                            "of them (History) and finish it first");
  // One table at a time deals a finished game's cards again (deals_in_play.hpp).
  if (m.deal_of && !state.repeated_deals.claim(deal_seed))
    return refuse_table(error::deal_in_play,
                        "the deal of game " + *m.deal_of +
                            " is being played again at another table: repeat it once "
                            "that game is over");
  if (m.deal_of)
    if (auto no = claim_in_store(state, deal_seed, *m.deal_of)) {
      state.repeated_deals.release(deal_seed);
      return no;
    }
  auto room = state.tables->create(*game, std::move(settings));
  room->opened_by(p);
  spdlog::info("table {}: created by {}", room->id(), p->id());
  auto previous = p->table();
  p->set_table(room);
  // The creator takes the first seat, or at a duplicate the one planned for them.
  room->join(
      p,
      protocol::join_table{std::nullopt, std::nullopt, protocol::join_role::player, std::nullopt},
      true, std::move(previous), id);
  return std::nullopt;
}

}  // namespace crownhall::server
