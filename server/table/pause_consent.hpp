// pause_consent: who asks for a pause and since when the game is paused (protocol/README.md,
// "Pause by consent"). The game pauses once every player at the table has asked; the table
// decides who counts, this keeps the asks.
#pragma once

#include <cstdint>

namespace crownhall::server {

class pause_consent {
 public:
  bool paused() const { return since_ >= 0; }
  bool asked(int s) const { return asked_ & bit(s); }
  // Seat `s` asks; whether it had asked before.
  bool ask(int s) {
    const bool before = asked(s);
    asked_ |= bit(s);
    return before;
  }
  // Seat `s` withdraws its ask; whether it had one.
  bool withdraw(int s) {
    const bool had = asked(s);
    asked_ &= ~bit(s);
    return had;
  }
  // A player who has not asked declines: every ask is dropped, and whether there was one.
  // Those who asked may ask again; the game goes on until all agree at once.
  bool decline() {
    const bool any = asked_ != 0;
    asked_ = 0;
    return any;
  }
  // The game pauses at `now_ms` (steady): the asks are spent.
  void begin(std::int64_t now_ms) {
    since_ = now_ms;
    asked_ = 0;
  }
  // The game goes on at `now_ms`: how long it stood still.
  std::int64_t end(std::int64_t now_ms) {
    const std::int64_t paused_for = now_ms - since_;
    since_ = -1;
    return paused_for;
  }
  std::int64_t since() const { return since_; }
  // The game is over: no ask and no pause outlives it.
  void clear() { *this = pause_consent{}; }

 private:
  static std::uint32_t bit(int s) { return 1u << s; }
  std::uint32_t asked_ = 0;  // a bit a seat
  std::int64_t since_ = -1;  // steady ms, or -1 when the game is not paused
};

}  // namespace crownhall::server
