#!/usr/bin/env bash
# Point-in-time restore: a base backup (deploy/base-backup.sh) replayed from the WAL archive up to
# a chosen moment, into a NEW data directory, started as a stand-alone PostgreSQL on its own port.
# Nothing of the running cluster is touched: check the restored data there, then copy what was
# lost back, or promote this copy to be the new cluster (docs/operations.md § Backups and
# point-in-time restore).
#
# Usage: deploy/pitr-restore.sh BASE_BACKUP WAL_ARCHIVE 'TARGET_TIME' NEW_DATA_DIR PORT
#   TARGET_TIME  a timestamp with time zone, e.g. '2026-11-25 01:23:45.678+00': transactions
#                committed up to it are kept, later ones are not
# Leaves PostgreSQL running on 127.0.0.1:PORT; stop it with pg_ctl -D NEW_DATA_DIR stop.
# As root it runs as the postgres user (PGUSER_OS to change).
set -euo pipefail
if [ "$#" -ne 5 ]; then
  echo "usage: $0 BASE_BACKUP WAL_ARCHIVE 'TARGET_TIME' NEW_DATA_DIR PORT" >&2
  exit 2
fi
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ "$(id -u)" = 0 ]; then
  os_user="${PGUSER_OS:-postgres}"
  exec setpriv --reuid="$os_user" --regid="$(id -g "$os_user")" --init-groups "$0" "$@"
fi
base="$(realpath "$1")" archive="$(realpath "$2")" target="$3" data="$(realpath -m "$4")" port="$5"
if [ -e "$data" ]; then
  echo "$data exists: a restore goes into a new directory" >&2
  exit 1
fi

cp -a "$base" "$data"
chmod 700 "$data"
# The backup is of a cluster member: its configuration names the member's ports, its standby,
# its archive. The restored copy is alone: its own port, no synchronous standby to wait for, and
# no archiving (its WAL must not mix with the cluster's in the archive).
rm -f "$data/standby.signal" "$data/backup_manifest"
cat >>"$data/postgresql.auto.conf" <<CONF
# --- point-in-time restore (deploy/pitr-restore.sh) ---
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$data'
hba_file = '$data/pg_hba.conf'
ident_file = '$data/pg_ident.conf'
synchronous_standby_names = ''
primary_conninfo = ''
primary_slot_name = ''
archive_mode = 'off'
restore_command = 'cp $archive/%f %p'
recovery_target_time = '$target'
recovery_target_timeline = 'latest'
recovery_target_action = 'promote'
CONF
touch "$data/recovery.signal"

"$PG_BIN/pg_ctl" -D "$data" -l "$data/restore.log" -w -t 300 start >/dev/null
# Recovery runs before the server takes writes; "promote" ends it once the target is reached.
for _ in $(seq 1 600); do
  state="$("$PG_BIN/psql" -X -h 127.0.0.1 -p "$port" -U postgres -tAc 'select pg_is_in_recovery()' 2>/dev/null || true)"
  [ "$state" = f ] && break
  sleep 0.5
done
if [ "$state" != f ]; then
  echo "the restore did not finish; see $data/restore.log" >&2
  exit 1
fi
grep -E 'recovery stopping|last completed transaction' "$data/restore.log" | sed 's/^/  /' || true
echo "restored to $target: PostgreSQL on 127.0.0.1:$port, data in $data"
