// http_rules: the decisions of the HTTP side that need no socket — which file a URL names
// (never outside the web root), its MIME type, whether a WebSocket Origin is allowed, a
// header field exactly as it was sent.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crownhall::server {

// The file under `root` that `target` (the request target, with any query) names, with
// index.html for a directory; nullopt for anything that escapes the root, is not a regular
// file, is malformed, or is not one of the browser client's own files (its pages and
// src/, styles/, assets/ — never package.json, test/, node_modules/ or a dotfile).
std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view target);

std::string_view mime_type(const std::filesystem::path& file);

// The Origins of the pages this server serves itself when reached directly on `port`:
// http://NAME:PORT for localhost, this machine's host name and `bind` — or, when `bind` is
// a wildcard (0.0.0.0, ::), for each address of this machine's interfaces. Lower case.
// Never derived from a request: a Host header is whatever the client says (DNS rebinding).
std::vector<std::string> own_origins(std::string_view bind, std::uint16_t port);

// An upgrade may come from one of our `own` pages, from a client that sends no Origin
// (not a browser), or from an Origin in `allowed` (--allow-origin; "*" allows all).
bool origin_allowed(std::string_view origin, const std::vector<std::string>& own,
                    const std::vector<std::string>& allowed);

// The value of the first field called `name` (any case) in `header`, a request's raw
// header up to its empty line, exactly as sent: from the first character after the colon's
// whitespace to the end of its line, trailing whitespace kept, and a folded continuation
// kept with its line break. A parser trims the end (RFC 9110: it is no part of the value),
// so `Bearer TOKEN ` would read as the token; a secret is compared with what was sent.
std::optional<std::string_view> field_as_sent(std::string_view header, std::string_view name);

}  // namespace crownhall::server
