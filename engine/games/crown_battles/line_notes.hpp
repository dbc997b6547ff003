// The move log's events of a game with Special Power cards, noted as a kind and its
// arguments while a step happens and written out as data only when last_events() asks. A
// bot's game, a search's playout or a benchmark never asks, so narrating a step costs a few
// stores and no allocation (docs/performance.md, "Crown Battles with all specials").
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

// An event's arguments, each under its key (protocol/crown-battles.md, "Events"). Keys and
// words must outlive the note: string literals, or views of the game's static tables.
struct seat_piece {  // a seat's number
  std::string_view key;
  int seat;
};
struct card_piece {  // a card's id, as the view names it ("R7", "JESTER")
  std::string_view key;
  card c;
};
struct cards_piece {  // the ids of several cards, lowest first
  std::string_view key;
  card_set cards;
};
struct bid_piece {  // a bid as the view writes it: 2, or [2, 3] for a double bid
  std::string_view key;
  bid value;
};
struct number_piece {  // an amount, a count, a change of +1 or -1
  std::string_view key;
  int value;
};
struct word_piece {  // a fixed token: a suit's letter, "left", a half's "first"
  std::string_view key;
  std::string_view word;
};

// A bid as the view writes it (shared by the base game's events, events.cpp).
nlohmann::json bid_json(bid b);
// Card ids as the view writes them, lowest first.
nlohmann::json cards_json(card_set cards);

class line_notes {
 public:
  static constexpr std::size_t max_pieces = 5;

  // Forgets the events of the previous apply; keeps their memory.
  void clear() { count_ = 0; }
  std::size_t size() const { return count_; }

  // Notes one event of `kind` for `to`.
  template <std::size_t N, class... Pieces>
  void say(event_audience to, const char (&kind)[N], const Pieces&... pieces) {
    static_assert(sizeof...(Pieces) <= max_pieces, "an event of at most 5 arguments");
    if (count_ == lines_.size()) lines_.emplace_back();
    line& l = lines_[count_++];
    l.to = to;
    l.kind = std::string_view(kind, N - 1);
    l.count = 0;
    (l.add(pieces), ...);
  }

  // Writes the noted events out, in the order they were noted.
  void write(event_lines& out) const;

 private:
  enum class piece_kind : std::uint8_t { seat, card, cards, bid, number, word };
  struct piece {
    piece_kind kind = piece_kind::seat;
    std::string_view key;
    std::string_view word;  // word
    int number = 0;         // seat, number
    card_set cards;         // card, cards
    bid value{};            // bid
  };
  struct line {
    event_audience to;
    std::string_view kind;
    std::uint8_t count = 0;
    std::array<piece, max_pieces> pieces;

    piece& next(piece_kind k, std::string_view key) {
      piece& p = pieces[count++];
      p.kind = k, p.key = key;
      return p;
    }
    void add(seat_piece s) { next(piece_kind::seat, s.key).number = s.seat; }
    void add(card_piece c) { next(piece_kind::card, c.key).cards = card_set::of(c.c); }
    void add(cards_piece c) { next(piece_kind::cards, c.key).cards = c.cards; }
    void add(bid_piece b) { next(piece_kind::bid, b.key).value = b.value; }
    void add(number_piece n) { next(piece_kind::number, n.key).number = n.value; }
    void add(word_piece w) { next(piece_kind::word, w.key).word = w.word; }
  };

  std::vector<line> lines_;  // the first count_ are the last apply's
  std::size_t count_ = 0;
};

}  // namespace crownhall::crown_battles
