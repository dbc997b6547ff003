// Small value types shared by every game: seats, actions, errors.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace crownhall {

inline constexpr int max_seats = 8;
// The seat number a spectator's view is asked for: it sees only public information.
inline constexpr int spectator = -1;

// Seats that may act now; several bits at once for simultaneous choices (blind bids).
using seat_mask = std::uint16_t;

constexpr bool has_seat(seat_mask m, int seat) { return seat >= 0 && ((m >> seat) & 1u); }

// An action is a game-specific code. Each game defines its encoding and its JSON form;
// the server and records only ever see the JSON form.
struct action {
  std::uint32_t code = 0;
  friend constexpr bool operator==(action, action) = default;
};

// Legal actions of one seat, without allocation: no game offers more than this many
// choices at once (the largest is a hand of cards or a bid range). It never writes past its
// capacity: a push to a full list is dropped and flagged (overflowed()), which the
// conformance suite checks for every game; a game whose choices could outgrow it must
// split them into steps (docs/engine.md).
class action_list {
 public:
  static constexpr int capacity = 256;
  void clear() { state_ = {}; }
  void push_back(action a) {
    if (state_.size < capacity) [[likely]]
      items()[state_.size++] = a;
    else
      state_.overflowed = true;
  }
  // Whether a push was dropped since the last clear(): the list is then incomplete.
  bool overflowed() const { return state_.overflowed; }
  // How many more entries fit.
  int room() const { return capacity - static_cast<int>(state_.size); }
  int size() const { return static_cast<int>(state_.size); }
  bool empty() const { return state_.size == 0; }
  action operator[](int i) const { return items()[static_cast<std::size_t>(i)]; }
  const action* begin() const { return items().data(); }
  const action* end() const { return items().data() + state_.size; }
  // For writers that fill several entries at once (engine/core/bit_lists.hpp): the slot
  // after the last entry, and the new end once they have written. They check room() first.
  action* tail() { return items().data() + state_.size; }
  void set_end(const action* end) {
    state_.size = static_cast<std::uint16_t>(end - items().data());
  }
  bool contains(action a) const {
    for (action x : *this)
      if (x == a) return true;
    return false;
  }

 private:
  std::array<action, capacity>& items() { return slots_.items; }
  const std::array<action, capacity>& items() const { return slots_.items; }

  // Left unwritten until filled: only the first size() are ever read, and zeroing the whole
  // kilobyte each time a short list is built (a card's step checks its choice against one)
  // cost more than building it (docs/performance.md).
  union slots {
    slots() {}  // NOLINT: deliberately leaves `items` unwritten
    std::array<action, capacity> items;
  } slots_;
  // The size is not an int: an action's code is an unsigned int, which may alias an int, so
  // the compiler would reload an int size from memory after every store of an action. Both in
  // one word: clear() is one store (a legal list is cleared on every turn).
  struct size_and_flag {
    std::uint16_t size = 0;
    std::uint16_t overflowed = false;
  } state_;
};

// Why an action or an option was refused. The codes are part of the protocol.
enum class error_code : std::uint8_t {
  not_your_turn,     // the seat may not act now
  illegal_action,    // the seat may act, but not this
  malformed_action,  // the action does not parse for this game
  game_over,         // nothing may happen after the end
  invalid_options,   // table options the game cannot play
  invalid_record,    // a game record that does not parse or does not match the game
};

constexpr std::string_view to_string(error_code c) {
  switch (c) {
    case error_code::not_your_turn:
      return "not_your_turn";
    case error_code::illegal_action:
      return "illegal_action";
    case error_code::malformed_action:
      return "malformed_action";
    case error_code::game_over:
      return "game_over";
    case error_code::invalid_options:
      return "invalid_options";
    case error_code::invalid_record:
      return "invalid_record";
  }
  return "unknown";
}

struct game_error {
  error_code code;
  std::string reason;  // for a person: says what was wrong and, where useful, what is allowed
};

// A value or the error that prevented it (C++20 has no std::expected).
template <class T>
class result {
 public:
  result(T value) : value_(std::move(value)) {}
  result(game_error e) : error_(std::move(e)) {}
  explicit operator bool() const { return value_.has_value(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  const game_error& error() const { return error_; }

 private:
  std::optional<T> value_;
  game_error error_{error_code::invalid_options, {}};
};

// What apply() returns: nothing when the action took effect, else why it did not.
using apply_result = std::optional<game_error>;

}  // namespace crownhall
