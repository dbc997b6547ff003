// How many games a property test plays: the full count normally, a fraction under
// sanitizers, where test.sh sets CROWNHALL_TEST_SCALE=0.1 (the Release run covers the rest).
#pragma once

#include <cstdlib>

namespace crownhall::test {

inline int scaled_games(int games) {
  const char* s = std::getenv("CROWNHALL_TEST_SCALE");
  const double f = s ? std::atof(s) : 1.0;
  const int n = static_cast<int>(games * (f > 0 ? f : 1.0));
  return n > 0 ? n : 1;
}

}  // namespace crownhall::test
