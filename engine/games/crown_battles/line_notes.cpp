// Writing noted move-log events out as data (line_notes.hpp).
#include "engine/games/crown_battles/line_notes.hpp"

namespace crownhall::crown_battles {

nlohmann::json bid_json(bid b) {
  if (!b.is_double()) return b.lo;
  return nlohmann::json::array({b.lo, b.hi});
}

nlohmann::json cards_json(card_set cards) {
  auto out = nlohmann::json::array();
  for (card c : cards) out.push_back(card_id(c));
  return out;
}

void line_notes::write(event_lines& out) const {
  for (std::size_t i = 0; i < count_; ++i) {
    const line& l = lines_[i];
    game_event e{l.to, std::string(l.kind)};
    for (std::size_t k = 0; k < l.count; ++k) {
      const piece& p = l.pieces[k];
      nlohmann::json& v = e.args[std::string(p.key)];
      switch (p.kind) {
        case piece_kind::seat:
        case piece_kind::number:
          v = p.number;
          break;
        case piece_kind::card:
          v = card_id(p.cards.lowest());
          break;
        case piece_kind::cards:
          v = cards_json(p.cards);
          break;
        case piece_kind::bid:
          v = bid_json(p.value);
          break;
        case piece_kind::word:  // an empty word is no value: no trump
          v = p.word.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.word);
          break;
      }
    }
    out.push_back(std::move(e));
  }
}

}  // namespace crownhall::crown_battles
