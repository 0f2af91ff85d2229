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

# What runs a command as the user the files belong to: setpriv when started as root, nothing else otherwise.
drop=""
if [ "$(id -u)" = 0 ]; then
  drop="setpriv --reuid=$uid --regid=$gid --clear-groups --"
else
  if [ -n "${PUID:-}${PGID:-}" ] && [ "${PUID:-$(id -u)}:${PGID:-$(id -g)}" != "$(id -u):$(id -g)" ]; then
    say "PUID/PGID ($uid:$gid) ignored: the container was started as user $(id -u):$(id -g) (--user); that user writes the files"
  fi
  uid="$(id -u)"
  gid="$(id -g)"
fi
as() { $drop "$@"; }

# One line, exit 77: a path of the catalog's that the service's user cannot write.
refuse() {
  say "$1 is not writable by user $uid group $gid (it belongs to $(stat -c %u:%g "$1")): $2, or set PUID and PGID to its owner"
  exit 77
}

# The catalog's folder and the files in it must be writable by the user the service runs
# as: said here in one line, before SQLite would say it as an error of its own.
catalog="${DATABASE_PATH:-/data/catalog.db}"
data="$(dirname "$catalog")"
if [ "$catalog" != ":memory:" ]; then
  if [ -d "$data" ] && ! as test -w "$data" -a -x "$data"; then
    # A folder with no catalog yet (a new volume or bind mount) is given to them: the folder only.
    if [ "$(id -u)" = 0 ] && [ ! -e "$catalog" ]; then
      chown "$uid:$gid" "$data"
    else
      refuse "$data" "give it to them on the host (chown -R $uid:$gid on the folder mounted there)"
    fi
  fi
  for file in "$catalog" "$catalog-wal" "$catalog-shm"; do
    if [ -e "$file" ] && ! as test -w "$file"; then refuse "$file" "give the folder to them on the host (chown -R $uid:$gid)"; fi
  done
fi

exec $drop node /app/dist/main.js "$@"
