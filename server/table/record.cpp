// What the store keeps of a table and how a restart rebuilds it (server/lobby/durable_tables.cpp).
#include <algorithm>
#include <limits>
#include <utility>

#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

std::vector<table::seat_record> table::seat_records() const {
  std::vector<seat_record> out(static_cast<std::size_t>(settings_.seats));
  for (int s = 0; s < settings_.seats; ++s) {
    const seat_slot& st = slot(s);
    seat_record& r = out[static_cast<std::size_t>(s)];
    if (st.who == seat_slot::occupant::bot) {
      r.who = seat_record::kind::bot;
      r.bot = st.bot;
    } else if (st.human()) {
      r.who = seat_record::kind::human;
      r.person = st.person;
    }
  }
  return out;
}

std::string table::host_player_id() const {
  if (host_ < 0 || !slot(host_).human()) return {};
  return slot(host_).person->id();
}

json table::action_json(std::size_t i) const { return game_->action_to_json(actions_[i].second); }

std::vector<std::int64_t> table::clocks_ms(moment now) const {
  std::vector<std::int64_t> out;
  if (!settings_.clock) return out;
  for (int s = 0; s < settings_.seats; ++s) out.push_back(remaining(s, now));
  return out;
}

void table::rollback_actions(std::size_t n, moment now) {
  if (!game_ || n >= actions_.size()) return;
  auto g = module_.new_game(settings_.options, settings_.seats, game_seed_, deal_for(game_seed_));
  if (!g) return;
  actions_.resize(n);
  // A joiner who sat down after the actions taken back sits from the last one kept.
  for (seat_handover& h : handovers_) h.after = std::min(h.after, n);
  for (const auto& [s, a] : actions_) (void)(*g)->apply(s, a);
  game_ = std::move(*g);
  if (state_ == table_state::finished) state_ = table_state::playing;
  for (auto& st : seats_) st.turn_since = -1;
  set_event({{"kind", "action"}});
  touch();
  update_turns(now);
}

void table::restore_seat(int s, const std::shared_ptr<player>& p, moment now) {
  sit(s, p, now);
  slot(s).ready = false;
}

std::vector<std::shared_ptr<player>> table::spectator_people() const {
  std::vector<std::shared_ptr<player>> out;
  for (const auto& sp : spectators_) out.push_back(sp.person);
  return out;
}

void table::restore_spectator(const std::shared_ptr<player>& p) {
  if (find_spectator(*p) < 0 && find_seat(*p) < 0) spectators_.push_back({p});
}

void table::restore_bot(int s, bot_kind kind) { seat_bot(s, kind); }

void table::restore_host(const std::string& player_id) {
  for (int s = 0; s < settings_.seats; ++s)
    if (slot(s).human() && slot(s).person->id() == player_id) {
      host_ = s;
      return;
    }
  host_ = -1;
  pass_host();
}

outcome table::rebuild(const rebuild_plan& plan, moment now) {
  for (const rebuild_plan::seat& s : plan.seats) {
    if (s.seat < 0 || s.seat >= settings_.seats) continue;
    if (s.person)
      restore_seat(s.seat, s.person, now);
    else
      restore_bot(s.seat, s.bot);
  }
  for (const auto& p : plan.spectators) restore_spectator(p);
  restore_host(plan.host_player_id);
  games_started_ = plan.games_started;
  return plan.game ? restore_game(*plan.game, now) : std::nullopt;
}

outcome table::restore_game(const rebuild_plan::game_log& log, moment now) {
  const auto& actions = log.actions;
  const auto& clock_ms = log.clock_ms;
  auto g = module_.new_game(settings_.options, settings_.seats, log.seed, deal_for(log.seed));
  if (!g) return refuse(error::internal, "the game could not start: " + g.error().reason);
  game_ = std::move(*g);
  game_seed_ = log.seed;
  deal_salt_ = log.salt;
  deal_commitment_ = log.commitment;
  game_id_ = log.game_id;
  game_started_unix_ms_ = log.started_unix_ms;
  actions_.clear();
  actions_.reserve(actions.size());
  handovers_ = log.handovers;
  // A late joiner reads the lines from before they sat down as a spectator did, as before
  // the restart: the log is made again, so where their own lines begin is found again.
  const auto joiners_sit_down = [&](std::size_t after) {
    for (const seat_handover& h : handovers_)
      if (h.after == after && h.seat >= 0 && h.seat < settings_.seats)
        slot(h.seat).private_from = log_.made() + 1;
  };
  for (std::size_t i = 0; i < actions.size(); ++i) {
    joiners_sit_down(i);
    const auto& [s, j] = actions[i];
    auto a = game_->action_from_json(j);
    if (!a)
      return refuse(error::internal, "action " + std::to_string(i + 1) + ": " + a.error().reason);
    if (auto e = game_->apply(s, *a))
      return refuse(error::internal, "action " + std::to_string(i + 1) + ": " + e->reason);
    actions_.emplace_back(s, *a);
    collect_events();  // the move log comes back with the game
  }
  joiners_sit_down(actions.size());
  state_ = table_state::playing;
  for (int s = 0; s < settings_.seats; ++s) {
    seat_slot& st = slot(s);
    st.ready = true;
    st.turn_since = -1;
    st.running_since = -1;
    st.remaining_ms =
        static_cast<std::size_t>(s) < clock_ms.size()
            ? clock_ms[static_cast<std::size_t>(s)]
            : (settings_.clock ? std::int64_t{settings_.clock->bank_seconds} * 1000 : 0);
    if (st.human()) st.disconnected_at = now.mono_ms;  // the grace period starts again
  }
  set_event({{"kind", "started"}, {"game", game_id_}});
  touch();
  if (game_->is_over())
    finish(now);
  else
    update_turns(now);
  return std::nullopt;
}

}  // namespace crownhall::server
