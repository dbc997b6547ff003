#!/usr/bin/env bash
# The two test-only builds: AddressSanitizer + UBSan (build-asan/) and the libFuzzer
# targets (build-fuzz/, clang), which scripts/test.sh builds after the Release tests.
set -euo pipefail
cd "$(dirname "$0")/.."
CROWNHALL_BUILD_DIR=build-asan CROWNHALL_BUILD_TYPE=RelWithDebInfo \
  CROWNHALL_CMAKE_ARGS="-DCROWNHALL_SANITIZE=ON -DCROWNHALL_BUILD_BENCH=OFF" ./scripts/build.sh
# docs/fuzzing.md: the long campaigns are run by hand; CI keeps every target building and
# running from its seed corpus.
CC=clang CXX=clang++ CROWNHALL_BUILD_DIR=build-fuzz CROWNHALL_BUILD_TYPE=RelWithDebInfo \
  CROWNHALL_CMAKE_ARGS="-DCROWNHALL_FUZZ=ON -DCROWNHALL_BUILD_TESTS=OFF -DCROWNHALL_BUILD_BENCH=OFF" \
  ./scripts/build.sh --target fuzz_targets
