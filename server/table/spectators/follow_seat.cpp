// Spectator mode "follow one seat": the seat a spectator follows, and who a player lets see.
#include <algorithm>
#include <limits>
#include <utility>

#include "server/table/seats.hpp"
#include "server/table/table.hpp"

namespace crownhall::server {

using protocol::error;
using protocol::refusal;

outcome table::follow(const player& p, std::optional<int> seat, moment) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member >= 0) return refuse(error::bad_message, "players see their own seat");
  if (settings_.spectator_view != protocol::spectator_mode::follow_seat)
    return refuse(error::spectators_not_allowed, "this table shows spectators no one's hand");
  if (auto e = seat ? seat_outside(*seat, settings_.seats) : outcome{}) return e;
  if (auto e = seated_browser(p)) return e;
  spectators_[static_cast<std::size_t>(find_spectator(p))].following = seat.value_or(-1);
  dirty_ = true;  // this spectator's message and the followed seats' lists: no event, no new seq
  return std::nullopt;
}

outcome table::share_view(const player& p, bool share, const std::optional<std::string>& with,
                          moment) {
  const auto member = seat_of(p);
  if (!member) return refuse(error::not_at_table, "you are not at this table");
  if (*member < 0) return refuse(error::not_seated, "only a seated player has a hand to show");
  if (settings_.spectator_view != protocol::spectator_mode::follow_seat)
    return refuse(error::spectators_not_allowed, "this table shows spectators no one's hand");
  std::string with_name;
  if (share && with) {
    // One follower chosen by name on the player's screen: a spectator following them now.
    const int i = find_spectator_by_id(*with);
    if (i < 0 || spectators_[static_cast<std::size_t>(i)].following != *member)
      return refuse(error::bad_message, "with names a spectator who follows your seat");
    with_name = spectators_[static_cast<std::size_t>(i)].person->name();
  }
  seat_slot& st = slot(*member);
  const std::string with_id = share ? with.value_or("") : "";
  if (st.shares_view != share || st.share_with != with_id) {
    st.shares_view = share;
    st.share_with = with_id;
    st.share_with_name = std::move(with_name);
    set_event({{"kind", share ? "view_shared" : "view_unshared"}}, *member);
    touch();
  }
  return std::nullopt;
}

int table::find_spectator_by_id(std::string_view player_id) const {
  for (std::size_t i = 0; i < spectators_.size(); ++i)
    if (spectators_[i].person->id() == player_id) return static_cast<int>(i);
  return -1;
}

// Who follows seat `s`, for its player: whom they would be showing their hand to.
json table::followers_of(int s) const {
  json list = json::array();
  for (const auto& sp : spectators_)
    if (sp.following == s)
      list.push_back({{"player", sp.person->id()}, {"name", sp.person->name()}});
  return list;
}

// A person seated here does not watch the table too: not from another session of the same
// browser (a second window, a reopened tab whose session was lost).
outcome table::seated_browser(const player& p) const {
  for (const auto& st : seats_)
    if (st.human() && st.person->same_browser(p))
      return refuse(error::seated_here, "this browser has a seat at this table (" +
                                            st.person->name() +
                                            "): a player does not watch the table too");
  return std::nullopt;
}

int table::shown_seat(const spectator_slot& sp) const {
  if (settings_.spectator_view != protocol::spectator_mode::follow_seat || sp.following < 0 ||
      sp.following >= settings_.seats)
    return -1;
  const seat_slot& st = slot(sp.following);
  const bool to_this_one = st.share_with.empty() || st.share_with == sp.person->id();
  return st.present() && st.shares_view && to_this_one ? sp.following : -1;
}

json table::spectator_you(const spectator_slot& sp) const {
  json j = you(-1);
  if (sp.following >= 0) {
    j["following"] = sp.following;
    j["shown"] = shown_seat(sp) >= 0;
  }
  return j;
}

}  // namespace crownhall::server
