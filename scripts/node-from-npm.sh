#!/usr/bin/env bash
# Brings a Node.js release line from the npm registry (the node-<os>-<arch> packages
# carry the official binary) into .node/<major>/ (git-ignored) and prints its bin
# folder, for a machine whose own node is older than the project needs:
#
#   export PATH="$(bash scripts/node-from-npm.sh 24):$PATH"
#
# It needs only a working npm. A second call with the binary already there downloads
# nothing.
set -euo pipefail
major="${1:?usage: scripts/node-from-npm.sh MAJOR   (e.g. 24)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dest="$root/.node/$major"

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "node-from-npm: no Node.js package on npm for $(uname -s); install Node $major from nodejs.org" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "node-from-npm: no Node.js package on npm for $(uname -m); install Node $major from nodejs.org" >&2; exit 1 ;;
esac

if [ -x "$dest/bin/node" ] && [ "$("$dest/bin/node" -p 'process.versions.node.split(".")[0]')" = "$major" ]; then
  echo "$dest/bin"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# npm pack prints the tarball's name on stdout and its notices on stderr.
tarball="$(cd "$tmp" && npm pack --silent "node-$os-$arch@$major" 2>/dev/null | tail -n 1)"
if [ -z "$tarball" ] || [ ! -f "$tmp/$tarball" ]; then
  echo "node-from-npm: could not fetch node-$os-$arch@$major from the npm registry" >&2
  exit 1
fi
tar -xzf "$tmp/$tarball" -C "$tmp"
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
mv "$tmp/package" "$dest"
"$dest/bin/node" --version >&2
echo "$dest/bin"
