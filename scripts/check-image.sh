#!/usr/bin/env bash
# Builds docker/Dockerfile and runs the image it makes, on a machine where containers cannot
# run (docs/hosting.md, "The container image, checked"): the Debian base images are made
# here with debootstrap, the image is built with podman, and its exported file system is
# run with chroot as the image's own user with the image's environment. Checks: /livez and
# /readyz answer, the client is served, a short `crownhall loadtest` plays over the wire,
# and a finished game is still in its player's History after a restart on the same /data.
# Prints the image's size and how long each step took. Needs root; not part of the README's
# test command (a full build in the image: `podman build` took 752 s on 2 cores beside other
# builds, docs/hosting.md).
#   ./scripts/check-image.sh [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/crownhall-image-check}
tag=localhost/crownhall:check
started=$(date +%s)
step() { printf '\n== %s (%ss) ==\n' "$*" "$(($(date +%s) - started))"; }

for tool in podman debootstrap; do
  command -v "$tool" >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends podman debootstrap uidmap >/dev/null; break; }
done
mkdir -p "$work"

# The base images the Dockerfile names: no registry is reachable, so Debian's own
# bootstrap, imported under each name (minbase is what debian:12-slim holds, near enough).
if ! podman image exists docker.io/library/debian:12; then
  step "base image: debootstrap bookworm"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log"
  # As Debian's published images: no downloaded packages or package lists kept.
  rm -rf "$work/rootfs"/var/cache/apt/archives/*.deb "$work/rootfs"/var/lib/apt/lists/*
  tar -C "$work/rootfs" -c . | podman import - docker.io/library/debian:12 >/dev/null
  rm -rf "$work/rootfs"
fi
for name in $(sed -n 's/^FROM \([^ ]*\).*/\1/p' docker/Dockerfile | sort -u); do
  podman image exists "docker.io/library/$name" || podman tag docker.io/library/debian:12 "docker.io/library/$name"
done

step "podman build docker/Dockerfile"
podman build --isolation=chroot -f docker/Dockerfile -t "$tag" . >"$work/build.log" 2>&1 ||
  { tail -50 "$work/build.log"; exit 1; }
size=$(podman image inspect "$tag" --format '{{.Size}}')
echo "image $tag: $((size / 1000000)) MB"

step "export the image's file system"
root="$work/root"
umount "$root/proc" "$root/dev" 2>/dev/null || true
rm -rf "$root" && mkdir -p "$root"
container=$(podman create "$tag")
podman export "$container" | tar -C "$root" -x
podman rm "$container" >/dev/null
cleanup() { umount "$root/proc" "$root/dev" 2>/dev/null || true; kill "${pid:-}" 2>/dev/null || true; }
trap cleanup EXIT
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"

# The image's user, environment and entry point, as a container runtime would use them.
user=$(podman image inspect "$tag" --format '{{.Config.User}}')
uid=$(chroot "$root" id -u "$user")
mapfile -t image_env < <(podman image inspect "$tag" --format '{{range .Config.Env}}{{println .}}{{end}}' | grep .)
entry=$(podman image inspect "$tag" --format '{{join .Config.Entrypoint " "}}')
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
serve() {
  chroot --userspec="$uid:$uid" "$root" env -i "${image_env[@]}" CROWNHALL_PORT="$port" \
    CROWNHALL_BOT_DELAY_MS=0 CROWNHALL_MAX_CONNECTIONS_PER_ADDRESS=0 \
    CROWNHALL_NEW_SESSIONS_PER_MINUTE=0 CROWNHALL_NEW_TABLES_PER_MINUTE=0 \
    $entry >>"$work/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 200); do
    curl -fsS "http://127.0.0.1:$port/livez" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the image's server did not come up"; cat "$work/serve.log"; exit 1
}
: >"$work/serve.log"

step "serve as $user ($uid) with the image's environment"
serve
curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null
curl -fsS "http://127.0.0.1:$port/" | grep -q '<script' || { echo "the client is not served"; exit 1; }
curl -fsS "http://127.0.0.1:$port/src/main.js" >/dev/null || { echo "the client's code is not served"; exit 1; }
if chroot "$root" test -e /srv/web-client/test-artifacts; then echo "test screenshots in the image"; exit 1; fi
echo "/livez, /readyz and the client answer"

step "a short loadtest over the wire"
chroot --userspec="$uid:$uid" "$root" /usr/local/bin/crownhall loadtest --port "$port" \
  --tables 4 --rate 20 --duration 5 | tail -4

step "a finished game kept across a restart"
node --experimental-websocket --no-warnings scripts/image-check/play.mjs "$port" finish "$work/player.json"
kill -TERM "$pid" && wait "$pid" || true
serve
node --experimental-websocket --no-warnings scripts/image-check/play.mjs "$port" history "$work/player.json"
kill -TERM "$pid" && wait "$pid" || true
step "image check passed: $((size / 1000000)) MB"
