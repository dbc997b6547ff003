// An independent account of what one Crown Battles seat may know of the other hands, kept
// from nothing but the messages that seat received: its hand, the cards face up, the Leaked
// Suit's shown cards and the move log's lines for it. The server's `specials.known` must
// equal it at every message; `undealt_seen`, `round.leaks` and `round.notes` are checked
// against it too. It follows the rulings ("What must stay hidden", docs/rules/crown-battles.md)
// as a player keeping count at the table would:
// - a card this seat passed, gave or saw arriving from a hand is known where it went, until
//   it is played face up (a face-down card stays its seat's until the trick turns up);
// - a secret move out of a hand (a Merchant's random card or its given card, a Magician's
//   pass, a Smuggler's put-back) that this seat is not part of leaves it knowing nothing of
//   that hand, unless the card that went was one the Leaked Suit showed (then it is seen);
// - hands swapped by the Cursed card carry what was known of them;
// - the Bishop's look shows a hand until the look ends, the Spy's the undealt cards.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "card_ids.hpp"

namespace crownhall::test {

class knowledge_tracker {
 public:
  using cards = std::set<std::string>;
  // A difference between the message and the account: `kind` names the rule in play
  // ("face_down", "merchant", "magician", "smuggler", "cursed", "bishop", "spy", "leaks",
  // "notes", "other"), `what` says it in words.
  struct finding {
    std::string kind, what;
  };

  // Reads one message this seat received, in order; returns what disagrees with the account.
  std::vector<finding> read(const nlohmann::json& message) {
    std::vector<finding> out;
    if (message.value("type", "") != "table" || !message["game"].is_object()) return out;
    const nlohmann::json& view = message["game"]["view"];
    if (!view["specials"].is_object() || !view["seat"].is_number()) return out;
    for (const auto& s : message["seats"])
      if (s.contains("name")) seat_of_[s["name"].get<std::string>()] = s["seat"].get<int>();
    const int round = view["round"]["number"];
    const cards hand = ids_in(view["hand"]);
    const auto shown = shown_cards(view);
    const cards face_up = face_up_cards(view);
    std::vector<nlohmann::json> lines;
    if (message.contains("events") && message["events"].is_array())
      for (const auto& e : message["events"])
        if (e["n"].get<long long>() > last_line_) {
          last_line_ = e["n"];
          lines.push_back(e);
        }
    ++messages_;
    if (round != round_ || view["phase"] == "finished") {
      // A new deal: nobody knows anything of it yet (what the last round's final move did
      // is moot).
      *this = knowledge_tracker{seat_of_, last_line_, messages_};
      round_ = round;
      me_ = view["seat"];
      players_ = view["players"];
    } else {
      apply(lines, hand, shown, face_up, out);
    }
    for (auto& k : known_) {
      for (const auto& c : hand) k.erase(c);
      for (const auto& c : face_up) k.erase(c);
    }
    known_[static_cast<std::size_t>(me_)].clear();
    if (view["phase"] != "finished") compare(view, hand, out);
    hand_ = hand;
    shown_ = shown;
    cards_held_.clear();
    for (const auto& s : view["seats"]) cards_held_.push_back(s["cards"]);
    return out;
  }

  long messages() const { return messages_; }

 private:
  knowledge_tracker(std::map<std::string, int> names, long long last_line, long messages)
      : seat_of_(std::move(names)), last_line_(last_line), messages_(messages) {}

 public:
  knowledge_tracker() = default;

 private:
  using shown_t = std::array<std::optional<cards>, 8>;

  static shown_t shown_cards(const nlohmann::json& view) {
    shown_t out;
    if (!view["round"].contains("leaks")) return out;
    const auto& leaks = view["round"]["leaks"];
    for (std::size_t s = 0; s < leaks.size() && s < 8; ++s)
      if (leaks[s].contains("cards")) out[s] = ids_in(leaks[s]["cards"]);
    return out;
  }
  static cards face_up_cards(const nlohmann::json& view) {
    cards out = ids_in(view["trick"]);
    for (const auto& c : ids_in(view["specials"]["played"])) out.insert(c);
    return out;
  }
  static cards ids_of(const nlohmann::json& list) {
    cards out;
    for (const auto& c : list) out.insert(c.get<std::string>());
    return out;
  }
  int left_of(int s) const { return (s + 1) % players_; }
  int right_of(int s) const { return (s + players_ - 1) % players_; }
  cards& k(int s) { return known_[static_cast<std::size_t>(s)]; }

  // What the message's lines say happened, applied to the account.
  void apply(const std::vector<nlohmann::json>& lines, const cards& hand, const shown_t& shown,
             const cards& face_up, std::vector<finding>& out) {
    // The shown cards that left a hand other than face up: they were seen going.
    std::array<cards, 8> shown_moved;
    for (int s = 0; s < players_; ++s) {
      const auto i = static_cast<std::size_t>(s);
      if (!shown_[i] || !shown[i]) continue;
      for (const auto& c : *shown_[i])
        if (!shown[i]->count(c) && !face_up.count(c)) shown_moved[i].insert(c);
    }
    std::set<int> moved_from;  // seats a special took a card from in this message
    // A card leaves `from` for `to` by a special: seen if the Leaked Suit showed it.
    const auto unseen_move = [&](int from, int to, std::vector<std::pair<int, std::string>>& adds,
                                 std::set<int>& wipes) {
      moved_from.insert(from);
      const auto& m = shown_moved[static_cast<std::size_t>(from)];
      if (m.empty()) {
        wipes.insert(from);
        return;
      }
      if (to >= 0)
        for (const auto& c : m) adds.emplace_back(to, c);
    };
    const auto settle = [&](const std::set<int>& wipes,
                            const std::vector<std::pair<int, std::string>>& adds) {
      for (int s : wipes) k(s).clear();
      for (const auto& [s, c] : adds) k(s).insert(c);
    };

    // This seat's own side of a trade (own_trade: gave B7, received R1), whichever event
    // comes first.
    std::optional<std::string> my_gave;
    for (const auto& e : lines)
      if (e["kind"] == "own_trade") my_gave = e["gave"].get<std::string>();
    for (const auto& e : lines) {
      const std::string kind = e["kind"];
      std::vector<std::pair<int, std::string>> adds;
      std::set<int> wipes;
      if (kind == "pass_called") {
        pass_left_ = e["side"] == "left";
      } else if (kind == "pass_coming") {
        k(pass_left_ ? right_of(me_) : left_of(me_)).insert(e["card"].get<std::string>());
      } else if (kind == "cards_passed") {
        for (int s = 0; s < players_; ++s) {
          if (s == me_ || cards_held_.size() <= static_cast<std::size_t>(s) ||
              cards_held_[static_cast<std::size_t>(s)] == 0)
            continue;
          const int to = pass_left_ ? left_of(s) : right_of(s);
          if (to == me_ && shown_moved[static_cast<std::size_t>(s)].empty()) {
            moved_from.insert(s);  // it passed to this seat: the rest of its hand stayed
            continue;
          }
          unseen_move(s, to, adds, wipes);
        }
        if (!hand_.empty()) {
          moved_from.insert(me_);
          for (const auto& c : hand_)
            if (!hand.count(c)) adds.emplace_back(pass_left_ ? left_of(me_) : right_of(me_), c);
        }
        settle(wipes, adds);
      } else if (kind == "merchant_traded" || kind == "merchant_swapped") {
        // Two seats exchange a card each (the Merchant's player and another, or two others):
        // each of the two knows the card it gave.
        const bool traded = kind == "merchant_traded";
        const int a = traded ? e["seat"].get<int>() : e["first"].get<int>();
        const int b = traded ? e["with"].get<int>() : e["second"].get<int>();
        if (me_ == a || me_ == b) {
          if (my_gave) k(me_ == a ? b : a).insert(*my_gave);
          moved_from.insert(a), moved_from.insert(b);
        } else {
          unseen_move(a, b, adds, wipes);
          unseen_move(b, a, adds, wipes);
          settle(wipes, adds);
        }
      } else if (kind == "smuggler_swapped") {
        const int s = e["seat"];
        if (s != me_) unseen_move(s, -1, adds, wipes);
        moved_from.insert(s);
        settle(wipes, adds);
      } else if (kind == "hands_swapped") {
        const int x = e["first"], y = e["second"];
        moved_from.insert(x), moved_from.insert(y);
        if (me_ == x || me_ == y) {
          k(me_ == x ? y : x) = hand_;  // the hand this seat gave away
        } else {
          std::swap(k(x), k(y));
          // The cards the Leaked Suit showed went over face up.
          for (const auto& [a, b] : {std::pair{x, y}, std::pair{y, x}})
            if (shown_[static_cast<std::size_t>(a)])
              for (const auto& c : *shown_[static_cast<std::size_t>(a)]) k(b).insert(c);
        }
      } else if (kind == "bishop_sees") {
        look_seat_ = e["at"];
        look_ = ids_of(e["cards"]);
      } else if (kind == "undealt_seen") {
        spy_ = ids_of(e["cards"]);
      } else if (kind == "note_received") {
        notes_[e["from"].get<int>()] = e["card"].get<std::string>();
      } else if (kind == "own_note") {
        notes_[me_] = e["card"].get<std::string>();
      }
    }
    // A shown card that left its hand other than face up must have gone by a special.
    for (int s = 0; s < players_; ++s)
      if (!shown_moved[static_cast<std::size_t>(s)].empty() && !moved_from.count(s))
        out.push_back(
            {"leaks", "seat " + std::to_string(s) +
                          "'s shown cards lost a card that nobody saw move: " + joined(lines)});
    for (int s = 0; s < players_; ++s) {
      const auto i = static_cast<std::size_t>(s);
      if (shown_[i] && shown[i])
        for (const auto& c : *shown[i])
          if (!shown_[i]->count(c))
            out.push_back({"leaks", "seat " + std::to_string(s) + " shows " + c +
                                        ", a card that arrived after the reveal"});
    }
    last_kinds_ = kinds_of(lines);
  }

  static std::string joined(const std::vector<nlohmann::json>& lines) {
    std::string s;
    for (const auto& l : lines) s += (s.empty() ? "" : " | ") + l.dump();
    return s;
  }

  // The rule a message's events put in play, for naming a difference.
  static std::string kinds_of(const std::vector<nlohmann::json>& lines) {
    for (const auto& e : lines) {
      const std::string kind = e["kind"];
      if (kind.starts_with("merchant_")) return "merchant";
      if (kind == "cards_passed") return "magician";
      if (kind.starts_with("smuggler_")) return "smuggler";
      if (kind == "hands_swapped") return "cursed";
    }
    for (const auto& e : lines) {
      const std::string kind = e["kind"];
      if (kind.find("face_down") != std::string::npos) return "face_down";
    }
    return "other";
  }

  void compare(const nlohmann::json& view, const cards& hand, std::vector<finding>& out) {
    const auto& sp = view["specials"];
    const auto& pending = sp["pending"];
    const auto pending_mine = [&](const char* card, int step) {
      return pending.is_object() && pending["card"] == card && pending["seat"] == me_ &&
             pending["step"] == step;
    };
    if (!pending_mine("BISHOP", 1)) look_seat_ = -1, look_.clear();
    if (!pending_mine("SPY", 1)) spy_.clear();
    const std::string at = " (seat " + std::to_string(me_) + ")";
    for (int s = 0; s < players_; ++s) {
      if (s == me_) continue;
      cards expected = k(s);
      if (s == look_seat_) expected.insert(look_.begin(), look_.end());
      for (const auto& c : hand) expected.erase(c);
      const std::string key = std::to_string(s);
      const cards shown = sp["known"].contains(key) ? ids_in(sp["known"][key]) : cards{};
      if (shown == expected) continue;
      // Reported once, where it happens: the account then takes the server's word, so that a
      // later difference is a new one.
      if (s != look_seat_) k(s) = shown;
      std::string missing, extra;
      for (const auto& c : expected)
        if (!shown.count(c)) missing += " " + c;
      for (const auto& c : shown)
        if (!expected.count(c)) extra += " " + c;
      out.push_back({last_kinds_, "known[" + key +
                                      "]:" + (missing.empty() ? "" : " lost" + missing) +
                                      (extra.empty() ? "" : " shows unseen" + extra) + at});
    }
    if (ids_in(sp["undealt_seen"]) != spy_)
      out.push_back({"spy", "undealt_seen " + sp["undealt_seen"].dump() + at});
    if (view["round"].contains("notes")) {
      const auto& notes = view["round"]["notes"];
      for (std::size_t s = 0; s < notes.size(); ++s) {
        const auto it = notes_.find(static_cast<int>(s));
        const std::string card = notes[s].value("card", "");
        if (!card.empty() && (it == notes_.end() || it->second != card))
          out.push_back({"notes", "note of seat " + std::to_string(s) + " " + card + at});
      }
    }
  }

  std::map<std::string, int> seat_of_;
  long long last_line_ = -1;
  long messages_ = 0;
  int me_ = 0, players_ = 0, round_ = -1;
  std::array<cards, 8> known_;
  cards hand_;
  shown_t shown_;
  std::vector<int> cards_held_;
  bool pass_left_ = true;
  int look_seat_ = -1;
  cards look_, spy_;
  std::map<int, std::string> notes_;
  std::string last_kinds_ = "other";
};

}  // namespace crownhall::test
