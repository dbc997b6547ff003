#!/usr/bin/env bash
# packaging/crownhall.service as systemd reads it: `systemd-analyze verify` with not a word
# of complaint (an unknown or misspelt key is only a warning there, and would leave a
# hardening option silently off), every CROWNHALL_* variable it sets one `crownhall serve`
# reads, and the server started with exactly the unit's environment answering /readyz.
# usage: systemd_unit_test.sh CROWNHALL WORK_DIR
set -euo pipefail
exe=$(realpath "$1")
work=$2
unit=$(dirname "$0")/../../packaging/crownhall.service
command -v systemd-analyze >/dev/null || { echo "FAIL: no systemd-analyze (Debian package systemd)"; exit 1; }
rm -rf "$work" && mkdir -p "$work"

# The unit names the installed binary; here the one just built stands in for it.
sed "s|^ExecStart=/usr/local/bin/crownhall |ExecStart=$exe |" "$unit" >"$work/crownhall.service"
grep -q "^ExecStart=$exe serve" "$work/crownhall.service" || { echo "FAIL: ExecStart is not /usr/local/bin/crownhall serve"; exit 1; }
said=$(systemd-analyze verify "$work/crownhall.service" 2>&1) || { echo "FAIL: systemd-analyze verify: $said"; exit 1; }
[ -z "$said" ] || { echo "FAIL: systemd-analyze verify complained: $said"; exit 1; }
echo "systemd-analyze verify: no complaint"

# The unit's Environment= assignments, one per line.
env_lines=$(sed -n 's/^Environment=//p' "$unit" | tr ' ' '\n')
help=$("$exe" serve --help)
for assignment in $env_lines; do
  name=${assignment%%=*}
  grep -q "Env:$name)" <<<"$help" || { echo "FAIL: crownhall serve reads no $name"; exit 1; }
done

# Started with that environment (its data and web root moved here, a free port), as
# systemd would start it.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
declare -a vars=()
for assignment in $env_lines; do vars+=("$assignment"); done
vars+=("CROWNHALL_PORT=$port" "CROWNHALL_DATA=$work/data" "CROWNHALL_WEB_ROOT=$(realpath "$(dirname "$0")/../../web-client")")
env -i PATH="$PATH" "${vars[@]}" "$exe" serve >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
ready() {
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' \
    "http://127.0.0.1:$port/readyz" 2>/dev/null
}
for _ in $(seq 200); do ready && break; sleep 0.05; done
ready || { echo "FAIL: not ready"; cat "$work/serve.log"; exit 1; }
grep -q "listening on http://127.0.0.1:$port" "$work/serve.log" || { echo "FAIL: not on the unit's address"; cat "$work/serve.log"; exit 1; }
ls "$work/data" | grep -q . || { echo "FAIL: nothing in the unit's data directory"; exit 1; }
kill -TERM $pid
wait $pid || { echo "FAIL: SIGTERM did not end it cleanly"; cat "$work/serve.log"; exit 1; }
trap - EXIT
echo "served with the unit's environment, stopped cleanly by SIGTERM: PASS"
