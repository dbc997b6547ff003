// The move log's lines of a game with Special Power cards, noted as their pieces while a
// step happens and written out as text only when last_events() asks. A bot's game, a
// search's playout or a benchmark never asks, so narrating a step costs a few stores and
// no text (docs/performance.md, "Crown Battles with all specials").
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/events.hpp"
#include "engine/games/crown_battles/actions.hpp"
#include "engine/games/crown_battles/cards.hpp"

namespace crownhall::crown_battles {

// Pieces a line is made of besides the game's fixed words.
struct seat_piece {  // a seat's display name, filled in by the server ("{2}")
  int seat;
};
struct cards_piece {  // "R3 B7 …", or "no cards"
  card_set cards;
};
struct bid_piece {  // "2", or "2-3" for a double bid
  bid value;
};

// A bid as the move log writes it (shared by the base game's lines, events.cpp).
std::string bid_text(bid b);

class line_notes {
 public:
  static constexpr std::size_t max_pieces = 6;

  // Forgets the lines of the previous apply; keeps their memory.
  void clear() { count_ = 0; }
  std::size_t size() const { return count_; }

  // Notes one line for `to`. Fixed words must outlive the note: string literals, or views of
  // the game's static tables (card ids, titles, suit names) — never a temporary string.
  template <class... Pieces>
  void say(event_audience to, const Pieces&... pieces) {
    static_assert(sizeof...(Pieces) <= max_pieces, "a move-log line of at most 6 pieces");
    if (count_ == lines_.size()) lines_.emplace_back();
    line& l = lines_[count_++];
    l.to = to;
    l.count = 0;
    (l.add(pieces), ...);
  }

  // Writes the noted lines out as text, in the order they were noted.
  void write(event_lines& out) const;

 private:
  enum class piece_kind : std::uint8_t { words, seat, cards, bid };
  struct piece {
    piece_kind kind = piece_kind::words;
    std::string_view words;  // words
    int seat = 0;            // seat
    card_set cards;          // cards
    bid value{};             // bid
  };
  struct line {
    event_audience to;
    std::uint8_t count = 0;
    std::array<piece, max_pieces> pieces;

    piece& next() { return pieces[count++]; }
    template <std::size_t N>
    void add(const char (&literal)[N]) {
      add(std::string_view(literal, N - 1));  // a literal's length is known: no strlen
    }
    void add(std::string_view w) {
      piece& p = next();
      p.kind = piece_kind::words, p.words = w;
    }
    void add(const std::string&) = delete;  // a temporary string would be gone when written
    void add(seat_piece s) {
      piece& p = next();
      p.kind = piece_kind::seat, p.seat = s.seat;
    }
    void add(cards_piece c) {
      piece& p = next();
      p.kind = piece_kind::cards, p.cards = c.cards;
    }
    void add(bid_piece b) {
      piece& p = next();
      p.kind = piece_kind::bid, p.value = b.value;
    }
  };

  std::vector<line> lines_;  // the first count_ are the last apply's
  std::size_t count_ = 0;
};

}  // namespace crownhall::crown_battles
