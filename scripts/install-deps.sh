#!/usr/bin/env bash
# Installs every Debian 12 package the build, the server and the tests need.
# Safe to run twice: apt skips what is already there; npm ci is skipped when up to date.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache pkg-config git ca-certificates
  libboost1.81-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libcli11-dev
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  libsqlite3-dev libssl-dev
  libpq-dev  # the PostgreSQL store (--database postgres://...)
  libhiredis-dev  # the Redis client between server nodes (server/redis/)
  libcbor-dev libsodium-dev  # passkeys' CBOR and argon2id passwords (server/accounts/)
  python3  # the CLI test reads JSON with python3
  clang libclang-rt-14-dev  # the libFuzzer targets in fuzz/ (docs/fuzzing.md)
)
if [ "${CROWNHALL_WITH_TEST_SERVERS:-0}" = 1 ]; then
  # The tests start a private PostgreSQL and a private Redis of their own
  # (scripts/test-postgres.sh, scripts/test-redis.sh); the packages' system services are
  # not used.
  packages+=(postgresql redis-server)
  # docker/compose.cluster.yaml run without containers (tests/hosting/): its file read by a
  # real compose parser, and nginx in front of two nodes with docker/nginx-cluster.conf.
  packages+=(docker-compose nginx)
  # packaging/crownhall.service checked by `systemd-analyze verify` (no systemd runs).
  packages+=(systemd)
fi
if [ "${CROWNHALL_WITH_BROWSER:-0}" = 1 ]; then
  packages+=(chromium)
  # Node.js 18+ is needed for the client's unit tests and playwright-core; use the
  # machine's own if it has one, else Debian's.
  command -v node >/dev/null || packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "${CROWNHALL_WITH_BROWSER:-0}" = 1 ] && [ -f web-client/package-lock.json ]; then
  # playwright-core never downloads a browser; it drives Debian's /usr/bin/chromium.
  if [ ! -d web-client/node_modules ] || [ web-client/package-lock.json -nt web-client/node_modules ]; then
    (cd web-client && npm ci --no-audit --no-fund)
  fi
fi
