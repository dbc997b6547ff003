// Static files never leave the web root; MIME types; the Origin check.
#include "server/http_rules.hpp"

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
    std::ofstream(base / "root" / "index.html") << "<!doctype html>";
    std::ofstream(base / "root" / "js" / "app.js") << "x";
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
  EXPECT_EQ(resolve_static(root, "/js/app.js")->filename(), "app.js");
  EXPECT_FALSE(resolve_static(root, "/js"));  // a directory without index.html
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
  EXPECT_TRUE(origin_allowed("", "127.0.0.1:8080", {}));
  EXPECT_TRUE(origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", {}));
  EXPECT_TRUE(origin_allowed("https://Play.Example.org", "play.example.org", {}));
  EXPECT_FALSE(origin_allowed("http://evil.example", "127.0.0.1:8080", {}));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8080", {}));
  EXPECT_FALSE(origin_allowed("null", "127.0.0.1:8080", {}));
  EXPECT_TRUE(
      origin_allowed("https://friends.example", "127.0.0.1:8080", {"https://friends.example"}));
  EXPECT_TRUE(origin_allowed("http://anything", "127.0.0.1:8080", {"*"}));
}

}  // namespace
}  // namespace crownhall::server
