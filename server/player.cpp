#include "server/player.hpp"

#include <utility>

namespace crownhall::server {

player::player(std::string token, std::string id, std::string name)
    : token_(std::move(token)), id_(std::move(id)), name_(std::move(name)) {}

std::string player::name() const {
  std::lock_guard lock(mutex_);
  return name_;
}

void player::set_name(std::string name) {
  std::lock_guard lock(mutex_);
  name_ = std::move(name);
}

std::string player::browser() const {
  std::lock_guard lock(mutex_);
  return browser_;
}

void player::set_browser(std::string browser) {
  std::lock_guard lock(mutex_);
  browser_ = std::move(browser);
}

bool player::same_browser(const player& other) const {
  if (&other == this) return false;
  const std::string mine = browser();
  return !mine.empty() && mine == other.browser();
}

void player::attach(std::shared_ptr<connection_link> link) {
  std::lock_guard lock(mutex_);
  link_ = std::move(link);
}

bool player::detach(const connection_link* link) {
  std::lock_guard lock(mutex_);
  if (link_.get() != link) return false;
  link_.reset();
  return true;
}

void player::release() {
  std::shared_ptr<connection_link> link;
  std::shared_ptr<table_room> table;
  {
    std::lock_guard lock(mutex_);
    link = std::move(link_);
    table = std::move(table_);
  }
  // Both are released outside the lock: either may be the last reference.
}

std::shared_ptr<connection_link> player::link() const {
  std::lock_guard lock(mutex_);
  return link_;
}

bool player::connected() const {
  std::lock_guard lock(mutex_);
  return link_ != nullptr;
}

void player::send(const message_ptr& text, message_kind kind) const {
  if (auto l = link()) l->deliver(text, kind);
}

std::shared_ptr<table_room> player::table() const {
  std::lock_guard lock(mutex_);
  return table_;
}

void player::set_table(std::shared_ptr<table_room> t) {
  std::shared_ptr<table_room> old;
  {
    std::lock_guard lock(mutex_);
    old = std::exchange(table_, std::move(t));
  }
  // `old` is released outside the lock: it may be the last reference to a room.
}

void player::clear_table(const table_room* t) {
  std::shared_ptr<table_room> old;
  {
    std::lock_guard lock(mutex_);
    if (table_.get() == t) old = std::move(table_);
  }
}

void player::restore_table(const table_room* t, std::shared_ptr<table_room> previous) {
  std::shared_ptr<table_room> old;
  {
    std::lock_guard lock(mutex_);
    if (table_.get() == t) old = std::exchange(table_, std::move(previous));
  }
}

std::string player::table_elsewhere() const {
  std::lock_guard lock(mutex_);
  return table_elsewhere_;
}

void player::set_table_elsewhere(std::string table_id) {
  std::lock_guard lock(mutex_);
  table_elsewhere_ = std::move(table_id);
}

void player::hold_table(open_table t) {
  std::lock_guard lock(mutex_);
  for (auto& held : open_tables_)
    if (held.table == t.table) {
      held = std::move(t);
      return;
    }
  open_tables_.push_back(std::move(t));
}

void player::release_table(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  std::erase_if(open_tables_, [&](const open_table& t) { return t.table == table_id; });
}

std::vector<player::open_table> player::open_tables() const {
  std::lock_guard lock(mutex_);
  return open_tables_;
}

std::size_t player::open_table_count() const {
  std::lock_guard lock(mutex_);
  return open_tables_.size();
}

}  // namespace crownhall::server
