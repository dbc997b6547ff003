// text_rules: what a display name and a chat line may hold, and the one form the server
// keeps of each (protocol/README.md, "Names and chat text"). Names are the thing players
// recognise each other by, so they are strict: no invisible, direction-changing or
// markup-like characters, one space between words. Chat is lenient: the same invisible and
// direction-changing characters are removed, line breaks and tabs become spaces.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace crownhall::protocol {

// The name as kept, or nullopt when it is refused: not UTF-8, empty after trimming, longer
// than max_name_chars, or holding a control, bidirectional-control, zero-width or other
// invisible character, a private-use or unassigned-for-text code point, one of < > & " `,
// or more than two combining marks on one character (or one at the start).
std::optional<std::string> normalize_name(std::string_view raw);

// The chat line as kept: invisible and direction-changing characters removed, control
// characters (line breaks, tabs) turned into spaces, trimmed; nullopt when nothing visible
// is left or it is not UTF-8. Its length is checked by the caller (after normalizing).
std::optional<std::string> normalize_chat(std::string_view raw);

}  // namespace crownhall::protocol
