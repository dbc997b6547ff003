// Static files never leave the web root; MIME types; the Origin check.
#include "server/http/http_rules.hpp"

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <gtest/gtest.h>

namespace crownhall::server {
namespace {

namespace fs = std::filesystem;

class StaticFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    base = fs::temp_directory_path() / ("crownhall-static-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::create_directories(base / "root" / "js");
    fs::create_directories(base / "root" / "src" / "games");
    fs::create_directories(base / "root" / "test" / "e2e");
    fs::create_directories(base / "root" / "node_modules" / "x");
    fs::create_directories(base / "root" / "src" / "node_modules");
    std::ofstream(base / "root" / "index.html") << "<!doctype html>";
    std::ofstream(base / "root" / "js" / "app.js") << "x";
    std::ofstream(base / "root" / "src" / "games" / "app.js") << "x";
    std::ofstream(base / "root" / "src" / "README.md") << "notes";
    std::ofstream(base / "root" / "src" / ".secret.js") << "x";
    std::ofstream(base / "root" / "src" / "node_modules" / "m.js") << "x";
    std::ofstream(base / "root" / "package.json") << "{}";
    std::ofstream(base / "root" / ".gitignore") << "x";
    std::ofstream(base / "root" / "test" / "e2e" / "a.test.js") << "x";
    std::ofstream(base / "root" / "node_modules" / "x" / "index.js") << "x";
    std::ofstream(base / "secret.txt") << "secret";
    fs::create_symlink(base / "secret.txt", base / "root" / "link.txt");
  }
  void TearDown() override { fs::remove_all(base); }
  fs::path base;
};

TEST_F(StaticFiles, ServesOnlyWhatIsUnderTheRoot) {
  const fs::path root = base / "root";
  EXPECT_EQ(resolve_static(root, "/")->filename(), "index.html");
  EXPECT_EQ(resolve_static(root, "/index.html?v=2")->filename(), "index.html");
  EXPECT_EQ(resolve_static(root, "/src/games/app.js")->filename(), "app.js");
  EXPECT_FALSE(resolve_static(root, "/src"));  // a directory without index.html
  EXPECT_FALSE(resolve_static(root, "/../secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/js/../../secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/%2e%2e/secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/..%2fsecret.txt"));
  EXPECT_FALSE(resolve_static(root, "/link.txt"));  // a symlink out of the root
  EXPECT_FALSE(resolve_static(root, "/js\\..\\..\\secret.txt"));
  EXPECT_FALSE(resolve_static(root, "/index.html%00.js"));
  EXPECT_FALSE(resolve_static(root, "/%zz"));
  EXPECT_FALSE(resolve_static(root, "relative"));
  EXPECT_FALSE(resolve_static(root, "/missing.css"));
  EXPECT_FALSE(resolve_static(base / "no-such-root", "/"));
}

// The web root is the client's source tree; only the client is served.
TEST_F(StaticFiles, ServesOnlyTheClientsOwnFiles) {
  const fs::path root = base / "root";
  EXPECT_TRUE(resolve_static(root, "/index.html"));
  EXPECT_TRUE(resolve_static(root, "/src/games/app.js"));
  for (const char* target :
       {"/.gitignore", "/package.json", "/test/e2e/a.test.js", "/node_modules/x/index.js",
        "/src/node_modules/m.js", "/src/.secret.js", "/src/README.md", "/js/app.js",
        "/%2egitignore", "/src/%2esecret.js"})
    EXPECT_FALSE(resolve_static(root, target)) << target;
}

TEST(Mime, KnowsTheWebClientsTypes) {
  EXPECT_EQ(mime_type("a/index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mime_type("app.JS"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mime_type("x.mjs"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mime_type("s.css"), "text/css; charset=utf-8");
  EXPECT_EQ(mime_type("i.svg"), "image/svg+xml");
  EXPECT_EQ(mime_type("i.png"), "image/png");
  EXPECT_EQ(mime_type("f.woff2"), "font/woff2");
  EXPECT_EQ(mime_type("d.json"), "application/json");
  EXPECT_EQ(mime_type("blob"), "application/octet-stream");
}

TEST(Origin, OnlyOurOwnPagesUnlessAllowed) {
  const auto own = own_origins("127.0.0.1", 8080);
  EXPECT_TRUE(origin_allowed("", own, {}));
  EXPECT_TRUE(origin_allowed("http://127.0.0.1:8080", own, {}));
  EXPECT_TRUE(origin_allowed("http://LocalHost:8080", own, {}));
  EXPECT_TRUE(origin_allowed("http://[::1]:8080", own, {}));
  EXPECT_FALSE(origin_allowed("http://evil.example", own, {}));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:9999", own, {}));
  EXPECT_FALSE(origin_allowed("null", own, {}));
  EXPECT_FALSE(origin_allowed("https://play.example.org", own, {}));
  EXPECT_TRUE(origin_allowed("https://Play.Example.org", own, {"https://play.example.org"}));
  EXPECT_TRUE(origin_allowed("https://friends.example", own, {"https://friends.example"}));
  EXPECT_TRUE(origin_allowed("http://anything", own, {"*"}));
}

// The check once compared Origin with Host, which the client chooses — a page
// on a rebound name (Host: evil.example, Origin: http://evil.example) passed.
TEST(Origin, AHostHeaderNeverMakesAnOriginOurs) {
  const auto own = own_origins("0.0.0.0", 8080);
  EXPECT_TRUE(origin_allowed("http://127.0.0.1:8080", own, {}));
  EXPECT_FALSE(origin_allowed("http://evil.example:8080", own, {}));
  EXPECT_FALSE(origin_allowed("http://evil.example", own, {}));
  // A specific address is ours too.
  EXPECT_TRUE(origin_allowed("http://192.0.2.7:80", own_origins("192.0.2.7", 80), {}));
  EXPECT_TRUE(origin_allowed("http://192.0.2.7", own_origins("192.0.2.7", 80), {}));
}

// A secret is compared with what the client sent, not with what a parser keeps of it.
TEST(FieldAsSent, KeepsTrailingWhitespaceAndFolds) {
  const std::string_view header =
      "GET / HTTP/1.1\r\nHost: x\r\nAuthorization:  Bearer abc \r\nX-Authorization: no\r\n"
      "X-Folded: one\r\n two\r\n\r\n";
  EXPECT_EQ(field_as_sent(header, "authorization"), "Bearer abc ");
  EXPECT_EQ(field_as_sent(header, "AUTHORIZATION"), "Bearer abc ");
  EXPECT_EQ(field_as_sent(header, "host"), "x");
  EXPECT_EQ(field_as_sent(header, "x-folded"), "one\r\n two");
  EXPECT_EQ(field_as_sent(header, "origin"), std::nullopt);
  EXPECT_EQ(field_as_sent("GET / HTTP/1.1\r\nA:\r\n\r\n", "a"), "");
  // The first of two is the one a parser reads too.
  EXPECT_EQ(field_as_sent("GET / HTTP/1.1\r\nA: 1\r\nA: 2\r\n\r\n", "a"), "1");
}

}  // namespace
}  // namespace crownhall::server
