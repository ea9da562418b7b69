#!/usr/bin/env bash
# Takes a base backup of the PostgreSQL primary: the starting point of a point-in-time restore,
# which then replays the WAL archive (archive_command in deploy/config/patroni.yml) up to the
# chosen moment. Documented in docs/operations.md § Backups and point-in-time restore.
#
# Usage: deploy/base-backup.sh HOST PORT DEST_DIR
#   HOST:PORT  the primary (HAProxy's PostgreSQL address) or the synchronous standby (a backup
#              taken there spares the primary the copy; PostgreSQL supports both)
#   DEST_DIR   created; a plain copy of the data directory with the WAL needed to make it
#              consistent (-X stream), ready for deploy/pitr-restore.sh
# As root it runs as the postgres user (PGUSER_OS to change), who must own the restored files.
set -euo pipefail
if [ "$#" -ne 3 ]; then
  echo "usage: $0 HOST PORT DEST_DIR" >&2
  exit 2
fi
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ "$(id -u)" = 0 ]; then
  os_user="${PGUSER_OS:-postgres}"
  exec setpriv --reuid="$os_user" --regid="$(id -g "$os_user")" --init-groups "$0" "$@"
fi
host="$1" port="$2" dest="$3"
# -c fast: checkpoint now instead of waiting for a spread one; -X stream: the WAL written during
# the copy comes along, so the backup is consistent on its own; --manifest for pg_verifybackup.
"$PG_BIN/pg_basebackup" -h "$host" -p "$port" -U "${PGUSER:-replicator}" -D "$dest" \
  -Fp -X stream -c fast --manifest-checksums=SHA256 --label "creneau $(date -u +%FT%TZ)"
"$PG_BIN/pg_verifybackup" -q "$dest"
echo "base backup in $dest ($(du -sh "$dest" | cut -f1))"
