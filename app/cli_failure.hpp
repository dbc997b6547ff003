// A failed subcommand of the command line: print why and leave with `code` (CLI11 turns the
// exception into the process's exit code).
#pragma once

#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

namespace crownhall {

[[noreturn]] inline void fail(const std::string& why, int code = 1) {
  std::cerr << "crownhall: " << why << '\n';
  throw CLI::RuntimeError(code);
}

}  // namespace crownhall
