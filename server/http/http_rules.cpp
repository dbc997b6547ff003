#include "server/http/http_rules.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

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

// The browser client's own files (web-client/README.md): its two pages and what they
// load. Everything else in the web root — package.json, test/, node_modules/, dotfiles,
// notes — is the client's source tree, not the client, and is never served.
constexpr std::string_view served_top[] = {"index.html", "admin.html", "src", "styles", "assets"};
constexpr std::string_view served_ext[] = {".html", ".js",   ".mjs",   ".css",        ".svg",
                                           ".png",  ".jpg",  ".jpeg",  ".gif",        ".webp",
                                           ".ico",  ".woff", ".woff2", ".webmanifest"};

// `rest` is the decoded path after its leading '/', with no ".." segment; true when it may
// name one of the client's files (the file is checked after `index.html` is added).
bool client_path(std::string_view rest) {
  if (rest.empty()) return true;  // the root: index.html
  const std::string_view top = rest.substr(0, rest.find('/'));
  if (std::find(std::begin(served_top), std::end(served_top), top) == std::end(served_top))
    return false;
  std::size_t pos = 0;
  while (pos < rest.size()) {
    const std::size_t next = std::min(rest.find('/', pos), rest.size());
    const std::string_view part = rest.substr(pos, next - pos);
    if (!part.empty() && (part.front() == '.' || part == "node_modules")) return false;
    pos = next + 1;
  }
  return true;
}

bool served_file(const std::filesystem::path& file) {
  const std::string ext = lower(file.extension().string());
  return std::find(std::begin(served_ext), std::end(served_ext), ext) != std::end(served_ext);
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
  if (!client_path(rest.substr(1))) return std::nullopt;
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return std::nullopt;
  fs::path file = base / fs::path(std::string(rest.substr(1)));
  if (fs::is_directory(file, ec)) file /= "index.html";
  const fs::path real = fs::canonical(file, ec);
  if (ec || !fs::is_regular_file(real, ec) || !served_file(real)) return std::nullopt;
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

std::vector<std::string> own_origins(std::string_view bind, std::uint16_t port) {
  std::vector<std::string> hosts = {"localhost", "127.0.0.1", "[::1]"};
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) == 0 && name[0] != '\0') hosts.push_back(lower(name));
  auto add_address = [&hosts](std::string a) {
    if (const auto zone = a.find('%'); zone != std::string::npos) a.resize(zone);
    hosts.push_back(a.find(':') != std::string::npos ? "[" + a + "]" : a);
  };
  if (bind == "0.0.0.0" || bind == "::" || bind == "[::]") {
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) == 0) {
      for (const ifaddrs* i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr) continue;
        char text[INET6_ADDRSTRLEN] = {};
        const int family = i->ifa_addr->sa_family;
        const void* where =
            family == AF_INET ? static_cast<const void*>(
                                    &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr)
            : family == AF_INET6
                ? static_cast<const void*>(
                      &reinterpret_cast<const sockaddr_in6*>(i->ifa_addr)->sin6_addr)
                : nullptr;
        if (where && inet_ntop(family, where, text, sizeof text)) add_address(text);
      }
      freeifaddrs(list);
    }
  } else if (!bind.empty()) {
    add_address(lower(bind));
  }
  std::vector<std::string> out;
  for (const auto& h : hosts) {
    const std::string o = "http://" + lower(h);
    for (std::string candidate : {o + ":" + std::to_string(port), port == 80 ? o : std::string()})
      if (!candidate.empty() && std::find(out.begin(), out.end(), candidate) == out.end())
        out.push_back(std::move(candidate));
  }
  return out;
}

bool origin_allowed(std::string_view origin, const std::vector<std::string>& own,
                    const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;  // not a browser: Origin protects browsers' users
  const std::string o = lower(origin);
  for (const auto& a : allowed)
    if (a == "*" || lower(a) == o) return true;
  return std::find(own.begin(), own.end(), o) != own.end();
}

std::optional<std::string_view> field_as_sent(std::string_view header, std::string_view name) {
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  std::size_t line = header.find("\r\n");  // past the request line
  while (line != std::string_view::npos && line + 2 < header.size()) {
    const std::size_t start = line + 2;
    std::size_t end = header.find("\r\n", start);
    if (end == std::string_view::npos) end = header.size();
    const std::string_view field = header.substr(start, end - start);
    const std::size_t colon = field.find(':');
    if (colon == name.size() && lower(field.substr(0, colon)) == lower(name)) {
      // A folded value goes on over the next lines while they start with whitespace.
      while (end + 2 < header.size() && blank(header[end + 2])) {
        const std::size_t next = header.find("\r\n", end + 2);
        end = next == std::string_view::npos ? header.size() : next;
      }
      std::size_t from = start + colon + 1;
      while (from < end && blank(header[from])) ++from;
      return header.substr(from, end - from);
    }
    line = end;
  }
  return std::nullopt;
}

}  // namespace crownhall::server
