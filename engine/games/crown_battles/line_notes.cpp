// Writing noted move-log lines out as text (line_notes.hpp).
#include "engine/games/crown_battles/line_notes.hpp"

namespace crownhall::crown_battles {

std::string bid_text(bid b) {
  return b.is_double() ? std::to_string(b.lo) + "-" + std::to_string(b.hi) : std::to_string(b.lo);
}

void line_notes::write(event_lines& out) const {
  for (std::size_t i = 0; i < count_; ++i) {
    const line& l = lines_[i];
    std::string text;
    for (std::size_t k = 0; k < l.count; ++k) {
      const piece& p = l.pieces[k];
      switch (p.kind) {
        case piece_kind::words:
          text += p.words;
          break;
        case piece_kind::seat:
          text += seat_name(p.seat);
          break;
        case piece_kind::cards:
          if (p.cards.empty()) text += "no cards";
          for (card c : p.cards) {
            if (c != p.cards.lowest()) text += ' ';
            text += card_id(c);
          }
          break;
        case piece_kind::bid:
          text += bid_text(p.value);
          break;
      }
    }
    out.push_back({l.to, std::move(text)});
  }
}

}  // namespace crownhall::crown_battles
