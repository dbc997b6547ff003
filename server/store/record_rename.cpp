#include "server/store/record_rename.hpp"

#include <nlohmann/json.hpp>

namespace crownhall::store::detail {

namespace {

// Ordered: the keys are dumped in the order the text had them, so that the only bytes that
// change are the names'.
using json = nlohmann::ordered_json;

// Sets `name` at each seat of `doc`'s `seats` array that exists; whether any changed.
bool rename_in(json& doc, std::span<const int> seats, const std::string& name) {
  if (!doc.is_object()) return false;
  const auto it = doc.find("seats");
  if (it == doc.end() || !it->is_array()) return false;
  bool changed = false;
  for (int seat : seats) {
    if (seat < 0 || static_cast<std::size_t>(seat) >= it->size()) continue;
    json& at = (*it)[static_cast<std::size_t>(seat)];
    if (at == name) continue;
    at = name;
    changed = true;
  }
  return changed;
}

}  // namespace

result<std::optional<renamed_game>> rename_at_seats(std::string_view record_json,
                                                    std::string_view summary_json,
                                                    std::span<const int> seats,
                                                    const std::string& name) {
  json record = json::parse(record_json, nullptr, false);
  json summary = json::parse(summary_json, nullptr, false);
  if (record.is_discarded()) return status::failure("the record is not JSON");
  if (summary.is_discarded()) return status::failure("the summary is not JSON");
  const bool in_record = rename_in(record, seats, name);
  const bool in_summary = rename_in(summary, seats, name);
  if (!in_record && !in_summary) return std::optional<renamed_game>();
  try {
    // A text that did not change is written back as it was, not dumped again.
    return std::optional<renamed_game>(
        renamed_game{in_record ? record.dump() : std::string(record_json),
                     in_summary ? summary.dump() : std::string(summary_json)});
  } catch (const json::exception&) {
    // The texts parsed, so their strings are UTF-8: the new name is what is not.
    return status::failure("the new name is not UTF-8");
  }
}

}  // namespace crownhall::store::detail
