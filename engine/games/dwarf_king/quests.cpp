#include "engine/games/dwarf_king/quests.hpp"

#include <algorithm>

namespace crownhall::dwarf_king {

namespace {

using rule = quest_rule;

constexpr quest_side side(std::string_view name, std::string_view text, rule r, int points,
                          int param = 0) {
  quest_side q;
  q.name = name;
  q.text = text;
  q.rule = r;
  q.points = points;
  q.param = param;
  return q;
}

constexpr quest_side suits(quest_side q, int knights, int dwarves, int goblins) {
  q.per_suit = {static_cast<std::int8_t>(knights), static_cast<std::int8_t>(dwarves),
                static_cast<std::int8_t>(goblins)};
  return q;
}

constexpr quest_side rank_weight(quest_side q, int rank, int weight) {
  q.per_rank[static_cast<std::size_t>(rank)] = static_cast<std::int8_t>(weight);
  return q;
}

constexpr quest_side faces(quest_side q, int weight) {
  for (int r = rank_jack; r <= rank_ace; ++r) q = rank_weight(q, r, weight);
  return q;
}

// Triplets: a face triplet is worth 2, any other value 1.
constexpr quest_side triplet_weights(quest_side q) {
  for (int r = 1; r < rank_slots; ++r) q = rank_weight(q, r, r >= rank_jack ? 2 : 1);
  return q;
}

constexpr int knights = static_cast<int>(suit::knights);
constexpr int dwarves = static_cast<int>(suit::dwarves);

// Rulings, "Quest tiles", in tile order; the texts are ours.
constexpr std::array<quest_tile, quest_count> tiles = {{
    {{side("Lucky run", "+2 points per trick in your longest run of consecutive tricks.",
           rule::longest_run, 2),
      side("Bad run", "-2 points per trick in your longest run of consecutive tricks.",
           rule::longest_run, -2)}},
    {{side("Save the rearguard", "+2 points per trick you take among the last four.",
           rule::last_tricks, 2, 4),
      side("Sacrifice the rearguard", "-2 points per trick you take among the last four.",
           rule::last_tricks, -2, 4)}},
    {{rank_weight(rank_weight(side("Three quarters", "+4 points per 3 and per 4 you take.",
                                   rule::card_points, 1),
                              3, 4),
                  4, 4),
      rank_weight(rank_weight(side("Six and seven", "+4 points per 6 and per 7 you take.",
                                   rule::card_points, 1),
                              6, 4),
                  7, 4)}},
    {{suits(side("Knights' debacle", "-1 point per Knight you take.", rule::card_points, -1), 1, 0,
            0),
      suits(side("Goblins' defeat", "-1 point per Goblin you take.", rule::card_points, -1), 0, 0,
            1)}},
    {{side("To the right", "+1 point per trick taken by the player before you.",
           rule::neighbour_tricks, 1, -1),
      side("To the left", "+1 point per trick taken by the player after you.",
           rule::neighbour_tricks, 1, 1)}},
    {{side("Bad numbers",
           "-5 points to the highest total of numbered values taken (1 to 11; Jacks, Queens, "
           "Kings and Champions count 0).",
           rule::highest_numbers, -5),
      side("Good numbers",
           "+5 points to the highest total of numbered values taken (1 to 11; Jacks, Queens, "
           "Kings and Champions count 0).",
           rule::highest_numbers, 5)}},
    {{side("Most victories", "+1 point per trick.", rule::per_trick, 1),
      side("Fewest victories", "-1 point per trick.", rule::per_trick, -1)}},
    {{side("Good things come in threes", "+5 points if you take exactly 3 tricks.",
           rule::exact_tricks, 5, 3),
      side("There can be only one", "+5 points if you take exactly 1 trick.", rule::exact_tricks, 5,
           1)}},
    {{side("Four by four", "+5 points if you take exactly 4 tricks.", rule::exact_tricks, 5, 4),
      side("Two by two", "+5 points if you take exactly 2 tricks.", rule::exact_tricks, 5, 2)}},
    {{side("Evens", "+5 points if you take an even, non-zero number of tricks.", rule::even_tricks,
           5),
      side("Odds", "+5 points if you take an odd number of tricks.", rule::odd_tricks, 5)}},
    {{side("All for one", "+5 points if no other player took as many tricks as you.",
           rule::unique_count, 5),
      side("One for all", "+5 points if another player took exactly as many tricks as you.",
           rule::shared_count, 5)}},
    {{suits(side("Knights over Dwarves", "+1 point per Knight, -1 point per Dwarf.",
                 rule::card_points, 1),
            1, -1, 0),
      suits(side("Dwarves over Knights", "+1 point per Dwarf, -1 point per Knight.",
                 rule::card_points, 1),
            -1, 1, 0)}},
    {{rank_weight(rank_weight(side("Capture the kings", "+3 points per King, -3 points per Queen.",
                                   rule::card_points, 1),
                              rank_king, 3),
                  rank_queen, -3),
      rank_weight(rank_weight(side("Capture the queens", "+3 points per Queen, -3 points per King.",
                                   rule::card_points, 1),
                              rank_queen, 3),
                  rank_king, -3)}},
    {{side("Eeny meeny",
           "The first player to take a third trick scores +3 points, the next +4, and so on.",
           rule::third_trick_race, 3),
      side("Miney mo",
           "The first player to take a third trick scores -3 points, the next -4, and so on.",
           rule::third_trick_race, -3)}},
    {{triplet_weights(side("Triplets",
                           "+2 points per three of a kind of Jacks, Queens, Kings or Champions, +1 "
                           "point per three of a kind of any other value.",
                           rule::triplets, 1)),
      triplet_weights(side("One, two and...",
                           "-2 points per three of a kind of Jacks, Queens, Kings or Champions, -1 "
                           "point per three of a kind of any other value.",
                           rule::triplets, -1))}},
    {{side("Grand slam", "+5 points if you took at least 4 tricks in a row.", rule::won_in_a_row, 5,
           4),
      side("Utter chaos", "+5 points if you lost at least 4 tricks in a row.", rule::lost_in_a_row,
           5, 4)}},
    {{side("Elite army", "1 point per card you took in the suit you took fewest of.",
           rule::fewest_suit, 1),
      side("Massive army", "1 point per card you took in the suit you took most of.",
           rule::most_suit, 1)}},
    {{side("Garden gnomes", "Points equal to the lowest numbered Dwarf you took.",
           rule::lowest_numbered, 1, dwarves),
      side("Nobles", "Points equal to the lowest numbered Knight you took.", rule::lowest_numbered,
           1, knights)}},
    {{suits(faces(side("Nobles and knights",
                       "+1 point per Jack, Queen, King and Champion and +1 point per Knight (a "
                       "Knight face card gives +2).",
                       rule::card_points, 1),
                  1),
            1, 0, 0),
      suits(faces(side("Soldiers without knights",
                       "-1 point per Jack, Queen, King and Champion and -1 point per Knight (a "
                       "Knight face card gives -2).",
                       rule::card_points, -1),
                  1),
            1, 0, 0)}},
    {{side("In line",
           "+3 points if you took fewer tricks than the player before you, +3 points if you "
           "took more than the player after you.",
           rule::neighbour_order, 3, -1),
      side("Sandwich",
           "+3 points if you took more tricks than the player before you, +3 points if you took "
           "more than the player after you.",
           rule::neighbour_order, 3, 1)}},
}};

int suit_count_of(card_set taken, suit s) { return size_of(taken & suit_cards(s)); }

// The longest run of consecutive tricks that `taken_by(trick)` says yes to.
template <class Pred>
int longest_streak(const hand_summary& h, Pred taken_by) {
  int best = 0, run = 0;
  for (int t = 0; t < h.tricks_played; ++t) {
    run = taken_by(h.winners[static_cast<std::size_t>(t)]) ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

int score_for(const quest_side& q, const hand_summary& h, int s) {
  const auto at = [](const auto& a, int i) { return a[static_cast<std::size_t>(i)]; };
  const int n = h.players;
  const card_set taken = at(h.taken, s);
  const int tricks = at(h.tricks, s);
  // Compares, not `%`: a division for every seat of every hand shows in the engine's speed.
  const int before = s == 0 ? n - 1 : s - 1, after = s + 1 == n ? 0 : s + 1;
  switch (q.rule) {
    case rule::card_points: {
      int sum = 0;
      for_each_card(taken, [&](card c) {
        const card_face f = face_of(c);
        if (f.s != suit::none) sum += at(q.per_suit, static_cast<int>(f.s));
        sum += at(q.per_rank, f.rank);
      });
      return q.points * sum;
    }
    case rule::longest_run:
      return q.points * longest_streak(h, [&](int w) { return w == s; });
    case rule::last_tricks: {
      int count = 0;
      for (int t = std::max(0, h.tricks_in_hand - q.param); t < h.tricks_played; ++t)
        count += at(h.winners, t) == s;
      return q.points * count;
    }
    case rule::neighbour_tricks:
      return q.points * at(h.tricks, q.param < 0 ? before : after);
    case rule::highest_numbers: {
      const auto total = [&](int seat) {
        int sum = 0;
        for_each_card(at(h.taken, seat), [&](card c) { sum += numbered_value(c); });
        return sum;
      };
      int best = 0;
      for (int p = 0; p < n; ++p) best = std::max(best, total(p));
      return best > 0 && total(s) == best ? q.points : 0;
    }
    case rule::per_trick:
      return q.points * tricks;
    case rule::exact_tricks:
      return tricks == q.param ? q.points : 0;
    case rule::even_tricks:
      return tricks > 0 && tricks % 2 == 0 ? q.points : 0;
    case rule::odd_tricks:
      return tricks % 2 == 1 ? q.points : 0;
    case rule::unique_count:
    case rule::shared_count: {
      bool shared = false;
      for (int p = 0; p < n; ++p) shared = shared || (p != s && at(h.tricks, p) == tricks);
      return shared == (q.rule == rule::shared_count) ? q.points : 0;
    }
    case rule::third_trick_race: {
      std::array<int, max_players> count{};
      int reached = 0;
      for (int t = 0; t < h.tricks_played; ++t) {
        const int w = at(h.winners, t);
        if (++count[static_cast<std::size_t>(w)] != 3) continue;
        if (w == s) return q.points + (q.points < 0 ? -reached : reached);
        ++reached;
      }
      return 0;
    }
    case rule::triplets: {
      std::array<int, rank_slots> of_rank{};
      for_each_card(taken, [&](card c) { ++of_rank[face_of(c).rank]; });
      int sum = 0;
      for (int r = 1; r < rank_slots; ++r)
        if (at(of_rank, r) >= 3) sum += at(q.per_rank, r);
      return q.points * sum;
    }
    case rule::won_in_a_row:
      return longest_streak(h, [&](int w) { return w == s; }) >= q.param ? q.points : 0;
    case rule::lost_in_a_row:
      return longest_streak(h, [&](int w) { return w != s; }) >= q.param ? q.points : 0;
    case rule::fewest_suit:
    case rule::most_suit: {
      int fewest = 99, most = 0;
      for (int i = 0; i < suit_count; ++i) {
        const int count = suit_count_of(taken, static_cast<suit>(i));
        fewest = std::min(fewest, count);
        most = std::max(most, count);
      }
      return q.points * (q.rule == rule::fewest_suit ? fewest : most);
    }
    case rule::lowest_numbered: {
      int lowest_value = 0;
      for_each_card(taken & suit_cards(static_cast<suit>(q.param)), [&](card c) {
        const int v = numbered_value(c);
        if (v > 0 && (lowest_value == 0 || v < lowest_value)) lowest_value = v;
      });
      return q.points * lowest_value;
    }
    case rule::neighbour_order: {
      const int b = at(h.tricks, before), a = at(h.tricks, after);
      const bool first = q.param < 0 ? tricks < b : tricks > b;
      return (first ? q.points : 0) + (tricks > a ? q.points : 0);
    }
  }
  return 0;
}

}  // namespace

const std::array<quest_tile, quest_count>& quest_tiles() { return tiles; }

void score_quest(const quest_side& q, const hand_summary& h, std::array<int, max_players>& points) {
  for (int s = 0; s < h.players; ++s) points[static_cast<std::size_t>(s)] = score_for(q, h, s);
}

}  // namespace crownhall::dwarf_king
