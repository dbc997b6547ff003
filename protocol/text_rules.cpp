#include "protocol/text_rules.hpp"

#include <cstdint>
#include <vector>

#include "protocol/client_messages.hpp"

namespace crownhall::protocol {

namespace {

// Decodes UTF-8 strictly (no overlongs, no surrogates, nothing above U+10FFFF); false on
// any malformed sequence.
bool decode_utf8(std::string_view s, std::vector<char32_t>& out) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    int n = 0;
    char32_t cp = 0;
    if (c < 0x80) {
      cp = c;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 1;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + static_cast<std::size_t>(n) >= s.size()) return false;  // cut short
    for (int k = 1; k <= n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    out.push_back(cp);
    i += static_cast<std::size_t>(n) + 1;
  }
  return true;
}

void encode_utf8(char32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool in(char32_t c, char32_t lo, char32_t hi) { return c >= lo && c <= hi; }

bool is_control(char32_t c) { return c < 0x20 || in(c, 0x7F, 0x9F); }

// Characters that change the direction of the text around them (the "RTLO" trick that
// makes "Ann\u202Eeb" read "Annbe").
bool is_bidi_control(char32_t c) {
  return c == 0x061C || c == 0x200E || c == 0x200F || in(c, 0x202A, 0x202E) ||
         in(c, 0x2066, 0x2069);
}

// Characters that show nothing: zero-width spaces and joiners, word joiners and invisible
// operators, the byte-order mark, soft hyphen, Mongolian vowel separator, the Hangul
// fillers and the Braille blank (used for blank-looking names), tag characters.
bool is_invisible(char32_t c) {
  return c == 0x00AD || c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 ||
         c == 0x180E || in(c, 0x200B, 0x200D) || in(c, 0x2060, 0x2064) || c == 0x206A ||
         in(c, 0x206B, 0x206F) || c == 0x2800 || c == 0x3164 || c == 0xFEFF || c == 0xFFA0 ||
         in(c, 0xFFF0, 0xFFF8) || in(c, 0xE0000, 0xE007F) || in(c, 0x1D173, 0x1D17A);
}

// Spaces other than U+0020 all become one plain space.
bool is_space(char32_t c) {
  return c == 0x20 || c == 0xA0 || c == 0x1680 || in(c, 0x2000, 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool is_private_or_nonchar(char32_t c) {
  return in(c, 0xE000, 0xF8FF) || c >= 0xF0000 || in(c, 0xFDD0, 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

bool is_combining(char32_t c) {
  return in(c, 0x0300, 0x036F) || in(c, 0x0483, 0x0489) || in(c, 0x1AB0, 0x1AFF) ||
         in(c, 0x1DC0, 0x1DFF) || in(c, 0x20D0, 0x20FF) || in(c, 0xFE20, 0xFE2F);
}

bool is_markup(char32_t c) { return c == '<' || c == '>' || c == '&' || c == '"' || c == '`'; }

// Spaces collapsed to one, none at either end.
std::string join_words(const std::vector<char32_t>& cps) {
  std::string out;
  bool pending_space = false;
  for (char32_t c : cps) {
    if (c == ' ') {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    encode_utf8(c, out);
  }
  return out;
}

}  // namespace

std::optional<std::string> normalize_name(std::string_view raw) {
  std::vector<char32_t> cps;
  if (!decode_utf8(raw, cps)) return std::nullopt;
  int marks = 0;
  bool start = true;
  for (char32_t& c : cps) {
    if (c == '\t') c = ' ';
    if (is_space(c)) {
      c = ' ';
      marks = 0;
      continue;
    }
    if (is_control(c) || is_bidi_control(c) || is_invisible(c) || is_private_or_nonchar(c) ||
        is_markup(c))
      return std::nullopt;
    if (is_combining(c)) {
      if (start || ++marks > 2) return std::nullopt;
    } else {
      marks = 0;
    }
    start = false;
  }
  std::string name = join_words(cps);
  const std::size_t length = utf8_length(name);
  if (length < 1 || length > static_cast<std::size_t>(max_name_chars)) return std::nullopt;
  // A combining mark right after a space (or first) would sit on nothing.
  std::vector<char32_t> kept;
  (void)decode_utf8(name, kept);
  for (std::size_t i = 0; i < kept.size(); ++i)
    if (is_combining(kept[i]) && (i == 0 || kept[i - 1] == ' ')) return std::nullopt;
  return name;
}

std::optional<std::string> normalize_chat(std::string_view raw) {
  std::vector<char32_t> cps;
  if (!decode_utf8(raw, cps)) return std::nullopt;
  std::vector<char32_t> kept;
  kept.reserve(cps.size());
  int marks = 0;
  for (char32_t c : cps) {
    // Emoji sequences join with U+200D; everywhere else it is one more invisible.
    if (c == 0x200D && !kept.empty() && kept.back() != ' ') {
      kept.push_back(c);
      continue;
    }
    if (is_bidi_control(c) || is_invisible(c) || is_private_or_nonchar(c)) continue;
    if (is_control(c) || is_space(c)) c = ' ';
    if (is_combining(c)) {
      if (++marks > 2) continue;  // "Zalgo" stacks are cut to two marks
    } else {
      marks = 0;
    }
    kept.push_back(c);
  }
  std::string text = join_words(kept);
  if (text.empty()) return std::nullopt;
  return text;
}

}  // namespace crownhall::protocol
