// http_rules: the decisions of the HTTP side that need no socket — which file a URL names
// (never outside the web root), its MIME type, whether a WebSocket Origin is allowed.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crownhall::server {

// The file under `root` that `target` (the request target, with any query) names, with
// index.html for a directory; nullopt for anything that escapes the root, is not a regular
// file, or is malformed.
std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view target);

std::string_view mime_type(const std::filesystem::path& file);

// An upgrade may come from a page we served (Origin names the Host), from a client that
// sends no Origin, or from an Origin in `allowed` ("*" allows all).
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed);

}  // namespace crownhall::server
