#!/bin/sh
# The container's entry (/usr/local/bin/video-catalog): runs the CLI, `serve` by default,
# as the user the files it writes should belong to.
#
#   PUID, PGID  user and group ids the service runs as (default 1000:1000), so that the
#               catalog, the sidecars and the organized files belong to the host's user
#   UMASK       the umask of what it writes (default 022)
#
# Started as root (the default), it checks that the catalog's folder is writable by
# PUID:PGID, then drops to them before anything of the service runs; a folder that holds
# no catalog yet (a new volume, a new bind mount) is given to them first, the folder only. Started with `--user`, it runs as that user and
# PUID/PGID do not apply. `docker exec CONTAINER video-catalog COMMAND` runs any CLI
# command the same way.
set -eu

say() { printf 'video-catalog: %s\n' "$*" >&2; }

uid="${PUID:-1000}"
gid="${PGID:-1000}"
mask="${UMASK:-022}"
case "$uid" in '' | *[!0-9]*) say "PUID must be a number (a user id), not '$uid'"; exit 64 ;; esac
case "$gid" in '' | *[!0-9]*) say "PGID must be a number (a group id), not '$gid'"; exit 64 ;; esac
case "$mask" in [0-7][0-7][0-7] | [0-7][0-7][0-7][0-7]) ;; *) say "UMASK must be three or four octal digits (022, 002), not '$mask'"; exit 64 ;; esac
umask "$mask"

if [ "$(id -u)" = 0 ]; then
  as() { setpriv --reuid="$uid" --regid="$gid" --clear-groups -- "$@"; }
else
  if [ -n "${PUID:-}${PGID:-}" ] && [ "${PUID:-$(id -u)}:${PGID:-$(id -g)}" != "$(id -u):$(id -g)" ]; then
    say "PUID/PGID ($uid:$gid) ignored: the container was started as user $(id -u):$(id -g) (--user); that user writes the files"
  fi
  uid="$(id -u)"
  gid="$(id -g)"
  as() { "$@"; }
fi

# The catalog's folder and the files in it must be writable by the user the service runs
# as: said here in one line, before SQLite would say it as an error of its own.
data="$(dirname "${DATABASE_PATH:-/data/catalog.db}")"
if [ "${DATABASE_PATH:-}" != ":memory:" ] && [ -d "$data" ] && ! as test -w "$data" -a -x "$data"; then
  if [ "$(id -u)" = 0 ] && [ ! -e "${DATABASE_PATH:-/data/catalog.db}" ]; then
    chown "$uid:$gid" "$data"
  else
    say "$data is not writable by user $uid group $gid (it belongs to $(stat -c %u:%g "$data")): give it to them on the host (chown -R $uid:$gid on the folder mounted there), or set PUID and PGID to its owner"
    exit 77
  fi
fi
for file in "${DATABASE_PATH:-/data/catalog.db}" "${DATABASE_PATH:-/data/catalog.db}-wal" "${DATABASE_PATH:-/data/catalog.db}-shm"; do
  if [ -e "$file" ] && ! as test -w "$file"; then
    say "$file is not writable by user $uid group $gid (it belongs to $(stat -c %u:%g "$file")): give the folder to them on the host (chown -R $uid:$gid), or set PUID and PGID to its owner"
    exit 77
  fi
done

if [ "$(id -u)" = 0 ]; then
  exec setpriv --reuid="$uid" --regid="$gid" --clear-groups -- node /app/dist/main.js "$@"
fi
exec node /app/dist/main.js "$@"
