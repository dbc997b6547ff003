#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and start the server with its
# embedded defaults (http://127.0.0.1:8080, data in ./crownhall-data). Arguments are
# passed to `crownhall serve` (see `build/app/crownhall serve --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
CROWNHALL_BUILD_TESTS=OFF ./scripts/build.sh --target crownhall
exec "${CROWNHALL_BUILD_DIR:-build}/app/crownhall" serve "$@"
