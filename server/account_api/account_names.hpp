// account_names: when two account names are the same name. Names are shown as their owners
// typed them ("Ann B"); "ann b" and "ANN  B" would read as the same person at a table, so the
// unique key is the normalized name (protocol/text_rules.hpp: one space between words) with
// letters A to Z lower-cased. Other scripts' letters are compared as written.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace crownhall::server {

struct account_name {
  std::string shown;  // as kept: normalized like every display name
  std::string key;    // unique among accounts
};

// nullopt when the name is refused as a display name would be.
std::optional<account_name> account_name_of(std::string_view raw);

}  // namespace crownhall::server
