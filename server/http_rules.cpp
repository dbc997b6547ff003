#include "server/http_rules.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace crownhall::server {

namespace {

std::optional<std::string> percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size() || !std::isxdigit(static_cast<unsigned char>(s[i + 1])) ||
        !std::isxdigit(static_cast<unsigned char>(s[i + 2])))
      return std::nullopt;
    out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
    i += 2;
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view target) {
  namespace fs = std::filesystem;
  target = target.substr(0, target.find_first_of("?#"));
  if (target.empty() || target.front() != '/') return std::nullopt;
  auto decoded = percent_decode(target);
  if (!decoded || decoded->find('\0') != std::string::npos) return std::nullopt;
  // Refuse any `..` segment and backslashes outright, before touching the file system.
  std::string_view rest = *decoded;
  if (rest.find('\\') != std::string_view::npos) return std::nullopt;
  std::size_t pos = 0;
  while (pos <= rest.size()) {
    const std::size_t next = rest.find('/', pos);
    const std::string_view part =
        rest.substr(pos, next == std::string_view::npos ? next : next - pos);
    if (part == "..") return std::nullopt;
    if (next == std::string_view::npos) break;
    pos = next + 1;
  }
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  fs::path file = base / fs::path(std::string(rest.substr(1)));
  if (fs::is_directory(file, ec)) file /= "index.html";
  const fs::path real = fs::canonical(file, ec);
  if (ec || !fs::is_regular_file(real, ec)) return std::nullopt;
  // Symbolic links must not lead out of the root either.
  auto [b, r] = std::mismatch(base.begin(), base.end(), real.begin(), real.end());
  if (b != base.end()) return std::nullopt;
  return real;
}

std::string_view mime_type(const std::filesystem::path& file) {
  const std::string ext = lower(file.extension().string());
  if (ext == ".html" || ext == ".htm") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".gif") return "image/gif";
  if (ext == ".webp") return "image/webp";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".woff") return "font/woff";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;  // not a browser: Origin protects browsers' users
  for (const auto& a : allowed)
    if (a == "*" || lower(a) == lower(origin)) return true;
  // "http://host:port" must name the Host the request was sent to.
  const auto scheme_end = origin.find("://");
  if (scheme_end == std::string_view::npos) return false;
  std::string_view authority = origin.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find('/'));
  return !host.empty() && lower(authority) == lower(host);
}

}  // namespace crownhall::server
