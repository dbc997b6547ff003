// stored_rows: how both stores read their rows back into the interface's types, one place
// for the column order their SELECTs share (server/store/{sqlite,postgres}_store.cpp).
// `Row` is each store's view of one result row: text(c), int64(c), int32(c), boolean(c),
// is_null(c), hash(c) (a token hash, or nullopt when malformed) and bytes(c) (a blob, or
// nullopt when malformed). Internal to the stores.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/store/account_store.hpp"
#include "server/store/clock_text.hpp"
#include "server/store/moderation_store.hpp"
#include "server/store/table_slot.hpp"
#include "server/store/table_store.hpp"

namespace crownhall::store::detail {

// The seed is an unsigned 64-bit number; both databases' integers are signed 64-bit. Stored
// as the same bits.
inline std::int64_t seed_to_sql(std::uint64_t s) { return static_cast<std::int64_t>(s); }
inline std::uint64_t seed_from_sql(std::int64_t s) { return static_cast<std::uint64_t>(s); }

// load_in_progress()'s answer, built from its three scans in their SELECTs' order: tables
// (by id), seats and actions (by table, then seat or seq). Checks that each log is 1..n.
class stored_tables_builder {
 public:
  // id, table_id, game, options, seat_count, visibility, allow_spectators, clock_bank_ms,
  // clock_increment_ms, invite_code, host_player_id, created_at_ms, extra, state, game_id,
  // seed, salt, commitment, started_at_ms, start_clock
  template <class Row>
  status add_table(const Row& r) {
    stored_table t;
    auto& c = t.config;
    c.table_id = r.text(1);
    c.game = r.text(2);
    c.options_json = r.text(3);
    c.seat_count = r.int32(4);
    c.visibility = static_cast<table_visibility>(r.int32(5));
    c.allow_spectators = r.boolean(6);
    c.clock = {r.int64(7), r.int64(8)};
    c.invite_code = r.text(9);
    c.host_player_id = r.text(10);
    c.created_at_ms = r.int64(11);
    c.extra_json = r.text(12);
    t.state = static_cast<table_state>(r.int32(13));
    last_ = nullptr;  // tables_ may move as it grows
    // A finished table keeps its last game's deal (its record has the actions).
    if ((t.state == table_state::playing || t.state == table_state::finished) && !r.is_null(14)) {
      game_start g;
      g.game_id = r.text(14);
      g.seed = seed_from_sql(r.int64(15));
      g.salt = r.text(16);
      g.commitment = r.text(17);
      g.started_at_ms = r.int64(18);
      if (!clock_from_text(r.text(19), g.clock_ms))
        return status::failure("table \"" + c.table_id + "\": unreadable start clock");
      t.game = std::move(g);
    }
    by_ref_.emplace(r.int64(0), tables_.size());
    tables_.push_back(std::move(t));
    return status::success();
  }

  // table_ref, seat, player_id, display_name, token_hash, is_bot
  template <class Row>
  void add_seat(const Row& r) {
    stored_table* t = find(r.int64(0));
    if (!t) return;
    seat_entry s;
    s.seat = r.int32(1);
    s.player_id = r.text(2);
    s.display_name = r.text(3);
    if (!r.is_null(4)) s.token_hash = r.hash(4);
    s.is_bot = r.boolean(5);
    t->seats.push_back(std::move(s));
  }

  // table_ref, seq, seat, action, clock, at_ms
  template <class Row>
  status add_action(const Row& r) {
    stored_table* t = find(r.int64(0));
    if (!t) return status::success();
    action_entry a;
    a.seq = r.int64(1);
    a.seat = r.int32(2);
    a.action_json = r.text(3);
    if (!clock_from_text(r.text(4), a.clock_ms))
      return status::failure("table \"" + t->config.table_id + "\": unreadable clock");
    a.at_ms = r.int64(5);
    // The log is written only in order (append checks it), so a gap means damage.
    if (a.seq != static_cast<std::int64_t>(t->actions.size()) + 1)
      return status::failure("table \"" + t->config.table_id + "\": action log has seq " +
                             std::to_string(a.seq) + " after " + std::to_string(t->actions.size()));
    t->actions.push_back(std::move(a));
    return status::success();
  }

  // What the store remembers of each table loaded, so that the next append needs no read.
  void remember(std::unordered_map<std::string, table_slot>& slots) const {
    for (const auto& [ref, i] : by_ref_)
      slots[tables_[i].config.table_id] = {
          ref, tables_[i].state, static_cast<std::int64_t>(tables_[i].actions.size()) + 1};
  }
  std::vector<stored_table> take() { return std::move(tables_); }

 private:
  stored_table* find(std::int64_t ref) {
    // Rows come grouped by table: the last one found is usually the one.
    if (last_ && last_ref_ == ref) return last_;
    auto it = by_ref_.find(ref);
    last_ref_ = ref;
    last_ = it == by_ref_.end() ? nullptr : &tables_[it->second];
    return last_;
  }
  std::vector<stored_table> tables_;
  std::unordered_map<std::int64_t, std::size_t> by_ref_;
  std::int64_t last_ref_ = -1;
  stored_table* last_ = nullptr;
};

// r.game_id, t.table_id, r.game, p.seat, r.finished_at_ms, r.summary
template <class Row>
finished_summary summary_from_row(const Row& r) {
  finished_summary f;
  f.game_id = r.text(0);
  f.table_id = r.text(1);
  f.game = r.text(2);
  f.seat = r.int32(3);
  f.finished_at_ms = r.int64(4);
  f.summary_json = r.text(5);
  return f;
}

// player_id, display_name, token_hash, created_at_ms, last_seen_ms
template <class Row>
result<session_entry> session_from_row(const Row& r) {
  session_entry s;
  s.player_id = r.text(0);
  s.display_name = r.text(1);
  auto h = r.hash(2);
  if (!h) return status::failure("session of \"" + s.player_id + "\": malformed token hash");
  s.token_hash = *h;
  s.created_at_ms = r.int64(3);
  s.last_seen_ms = r.int64(4);
  return s;
}

// player_id, display_name, token_hash, issued_at_ms, expires_at_ms, revoked_at_ms
template <class Row>
result<identity_entry> identity_from_row(const Row& r) {
  identity_entry e;
  e.player_id = r.text(0);
  e.display_name = r.text(1);
  auto h = r.hash(2);
  if (!h) return status::failure("identity of \"" + e.player_id + "\": malformed token hash");
  e.token_hash = *h;
  e.issued_at_ms = r.int64(3);
  e.expires_at_ms = r.int64(4);
  e.revoked_at_ms = r.int64(5);
  return e;
}

// player_id, name, name_key, created_at_ms
template <class Row>
account_entry account_from_row(const Row& r) {
  return {std::string(r.text(0)), std::string(r.text(1)), std::string(r.text(2)), r.int64(3)};
}

// credential_id, player_id, user_handle, public_key, algorithm, sign_count, aaguid,
// backup_eligible, backed_up, created_at_ms, last_used_ms
template <class Row>
result<passkey_entry> passkey_from_row(const Row& r) {
  passkey_entry p;
  p.player_id = r.text(1);
  auto id = r.bytes(0), handle = r.bytes(2), key = r.bytes(3), aaguid = r.bytes(6);
  if (!id || !handle || !key || !aaguid || aaguid->size() != p.aaguid.size())
    return status::failure("passkey of \"" + p.player_id + "\": malformed bytes");
  p.credential_id = std::move(*id);
  p.user_handle = std::move(*handle);
  p.public_key = std::move(*key);
  p.algorithm = r.int32(4);
  p.sign_count = static_cast<std::uint32_t>(r.int64(5));
  std::memcpy(p.aaguid.data(), aaguid->data(), p.aaguid.size());
  p.backup_eligible = r.boolean(7);
  p.backed_up = r.boolean(8);
  p.created_at_ms = r.int64(9);
  p.last_used_ms = r.int64(10);
  return p;
}

// player_id, banned_at_ms, reason, by_admin
template <class Row>
ban_entry ban_from_row(const Row& r) {
  return {std::string(r.text(0)), r.int64(1), std::string(r.text(2)), std::string(r.text(3))};
}

// id, at_ms, by_admin, action, player_id, detail
template <class Row>
audit_entry audit_from_row(const Row& r) {
  return {r.int64(0),
          r.int64(1),
          std::string(r.text(2)),
          std::string(r.text(3)),
          std::string(r.text(4)),
          std::string(r.text(5))};
}

}  // namespace crownhall::store::detail
