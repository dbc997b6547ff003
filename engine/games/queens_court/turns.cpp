// Turns: who may act, what they may play, and one function per half of a round.
#include <bit>
#include <string>

#include "engine/games/queens_court/state.hpp"

namespace crownhall::queens_court {

namespace {

std::string seat_name(int s) { return "seat " + std::to_string(s); }
const char* side_name(int pile) { return pile % 2 == 0 ? "left" : "right"; }

}  // namespace

card game::showing(int pile) const {
  // Rules, "Gloves": the card immediately below a Glove counts for the spread.
  const card t = top_[pile];
  return is_glove(t) ? under_[t] : t;
}

int game::spread(int owner) const {
  return spread_of(showing(pile_of(owner, 0)), showing(pile_of(owner, 1)));
}

// A pile is open unless a Glove closes it or its owner has locked in. The open piles are
// kept as action codes, so listing the plays and checking one need not derive them.
void game::close_piles(std::uint16_t piles) {
  closed_ |= piles;
  const auto all = static_cast<std::uint16_t>((1u << (2 * settings_.players)) - 1);
  set_open_piles(open_, static_cast<std::uint16_t>(all & ~closed_), play_tag);
}

seat_mask game::seats_to_act() const {
  return phase_ == phase::finished ? seat_mask{0} : static_cast<seat_mask>(1u << to_act_);
}

void game::legal_actions(int seat, action_list& out) const {
  out.clear();
  if (phase_ == phase::finished || seat != to_act_) return;
  list_plays<play_tag>(hand_[seat], open_, out);
}

// A play is legal when it is the seat's turn, the card is in its hand and the pile is open
// (open: not under a Glove, owner not locked). One bit test each, no branch between them.
bool game::is_legal_play(int seat, action a) const {
  const std::uint32_t c = (a.code >> 8) & 0xffu, pile = a.code & 0xffu;
  if (phase_ == phase::finished || seat != to_act_) return false;
  const bool tagged = (a.code >> 16) == 1u;
  const bool held = c < 64 && ((hand_[seat] >> (c & 63u)) & 1u);
  const bool open = pile < 16 && ((open_.mask >> (pile & 15u)) & 1u);
  return tagged & held & open;
}

apply_result game::apply(int seat, action a) {
  if (!is_legal_play(seat, a)) [[unlikely]]
    return apply_checked(seat, a);
  const play p{static_cast<card>((a.code >> 8) & 0xffu), static_cast<std::uint8_t>(a.code & 0xffu)};
  play_card(seat, p);
  return std::nullopt;
}

// Every check, in the order of its error messages; only reached by a refused action (a legal
// one passes is_legal_play).
apply_result game::apply_checked(int seat, action a) {
  if (phase_ == phase::finished) return game_error{error_code::game_over, "the game is over"};
  if (seat < 0 || seat >= settings_.players)
    return game_error{error_code::not_your_turn, "there is no " + seat_name(seat)};
  if (seat != to_act_)
    return game_error{error_code::not_your_turn,
                      "it is " + seat_name(to_act_) + "'s turn, not " + seat_name(seat) + "'s"};
  play p;
  if (!decode(a, p) || p.pile >= 2 * settings_.players)
    return game_error{error_code::illegal_action, "not a play of this game"};
  if (!(hand_[seat] & bit(p.c)))
    return game_error{error_code::illegal_action,
                      std::string(card_id(p.c)) + " is not in your hand"};
  const int owner = owner_of(p.pile);
  if ((locked_ >> owner) & 1u)
    return game_error{error_code::illegal_action,
                      seat_name(owner) + " has locked in: no one may play on their piles"};
  if (is_glove(top_[p.pile]))
    return game_error{error_code::illegal_action,
                      seat_name(owner) + "'s " + side_name(p.pile) + " pile is closed by a Glove"};
  play_card(seat, p);
  return std::nullopt;
}

void game::play_card(int seat, play p) {
  note_move(seat, p);
  if (phase_ == phase::first_half)
    play_first_half(seat, p);
  else
    play_second_half(seat, p);
}

void game::place(card c, int pile) {
  under_[c] = top_[pile];
  top_[pile] = c;
  ++pile_size_[pile];
  if (is_glove(c)) close_piles(static_cast<std::uint16_t>(1u << pile));
}

void game::draw(int seat, int count) {
  for (; count > 0 && draw_next_ < draw_end_; --count) hand_[seat] |= bit(draw_[draw_next_++]);
}

// Rules, "First Half": play one card, draw one; a play that leaves its pile's owner with a
// zero spread draws two. The half ends when the draw pile is empty.
void game::play_first_half(int seat, play p) {
  ++cards_played_;
  hand_[seat] &= ~bit(p.c);
  place(p.c, p.pile);
  draw(seat, spread(owner_of(p.pile)) == 0 ? 2 : 1);
  const int next = seat + 1 == settings_.players ? 0 : seat + 1;  // no division: hot path
  if (draw_next_ == draw_end_)
    begin_second_half(next);
  else
    to_act_ = static_cast<std::uint8_t>(next);
}

// Rules, "Second Half": each player takes a Glove; play goes on clockwise from where it was.
void game::begin_second_half(int next) {
  phase_ = phase::second_half;
  for (int s = 0; s < settings_.players; ++s) hand_[s] |= bit(glove_of(s));
  to_act_ = static_cast<std::uint8_t>(next);
}

// Rules, "Second Half": the last hand card locks its player in; locked players are skipped.
// An open pile is open to everyone, so when the player to act has no play, nobody has one
// and the round ends (this is also the case of the last player whose own piles are both
// gloved).
void game::play_second_half(int seat, play p) {
  ++cards_played_;
  hand_[seat] &= ~bit(p.c);
  under_[p.c] = top_[p.pile];
  top_[p.pile] = p.c;
  ++pile_size_[p.pile];
  // A Glove closes its pile; the last hand card locks its player in and closes both of their
  // piles. Both are worked out without a branch, and the open piles are rebuilt only once.
  const bool locks = hand_[seat] == 0;
  const auto closing = static_cast<std::uint16_t>((unsigned{is_glove(p.c)} << p.pile) |
                                                  (locks ? 3u << pile_of(seat, 0) : 0u));
  locked_ = static_cast<std::uint8_t>(locked_ | unsigned{locks} << seat);
  if (closing) close_piles(closing);
  // The next seat not locked, clockwise from seat + 1 round to `seat` itself: the unlocked
  // seats rotated so that seat + 1 comes first, and the lowest of them.
  const int n = settings_.players;
  const unsigned unlocked = ((1u << n) - 1) & ~unsigned{locked_};
  const unsigned rotated = (unlocked >> (seat + 1)) | (unlocked << (n - seat - 1));
  if (!(rotated & ((1u << n) - 1)) || open_piles() == 0) {
    end_round();
    return;
  }
  const int next = seat + 1 + std::countr_zero(rotated);
  to_act_ = static_cast<std::uint8_t>(next >= n ? next - n : next);
}

}  // namespace crownhall::queens_court
