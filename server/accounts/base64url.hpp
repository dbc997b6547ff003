// base64url: the unpadded URL-safe base64 of RFC 4648 section 5, in which browsers hand
// WebAuthn's binary fields to a page (and so to the server) and write the challenge into
// clientDataJSON. Bytes are held in std::string.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace crownhall::accounts {

std::string base64url_encode(std::string_view bytes);
// Accepts the unpadded form and, for tolerance, trailing '=' padding; nullopt for any other
// character, an impossible length, or non-zero bits left over in the last character (so
// each byte string has exactly one text).
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace crownhall::accounts
