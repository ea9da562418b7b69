#!/usr/bin/env bash
# Brings up, on this one machine with loopback ports, the topology a highly available Créneau
# spreads over several machines (docs/operations.md § Topology):
#
#   etcd ×3  →  Patroni pg1 + pg2 (PostgreSQL 15, a primary and a synchronous standby)
#         →  HAProxy TCP (to the Patroni primary)  →  PgBouncer (session pooling)
#         →  two Créneau server processes  →  HAProxy HTTP (the public address)
#
# Usage:
#   deploy/ha-local.sh up      start everything (data under HA_DIR), print the addresses
#   deploy/ha-local.sh down    stop everything started under HA_DIR
#   deploy/ha-local.sh status  Patroni's view of the cluster
#   deploy/ha-local.sh env     the addresses as shell variables (the HA test reads them)
#   deploy/ha-local.sh start-app app1|app2   start (again) one Créneau process
#   deploy/ha-local.sh start-etcd etcd1|etcd2|etcd3   start (again) one etcd member (it rejoins)
#   deploy/ha-local.sh start-db pg1|pg2      start (again) one node's Patroni (it rejoins as a standby)
#
# Environment: HA_DIR (default /tmp/creneau-ha; `up` refuses a directory that is already running),
# HA_PORT_BASE (default 25400; every port is this plus a fixed offset, see ports() below),
# PG_BIN (default /usr/lib/postgresql/15/bin), and for the Créneau processes LOAD_DEMO (default true),
# API_KEYS, LOG_LEVEL, RATE_LIMIT_SCALE and SHUTDOWN_DELAY_MS (default 3000: HAProxy's checks see
# a draining process within about 1.5 s). They run with TRUST_PROXY=true: the client address is
# the X-Forwarded-For that HAProxy sets.
# PostgreSQL and Patroni refuse to run as root: when run as root, the database side (etcd,
# Patroni, PostgreSQL, PgBouncer, HAProxy) runs as the postgres user; the Créneau processes as the caller.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HA_DIR="$(realpath -m "${HA_DIR:-/tmp/creneau-ha}")"
export HA_DIR
cd "$ROOT"
export PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
HA_PORT_BASE="${HA_PORT_BASE:-25400}"
DATABASE_NAME=creneau

ports() {
  export HAPROXY_HTTP_PORT=$((HA_PORT_BASE + 0))
  export HAPROXY_STATS_PORT=$((HA_PORT_BASE + 1))
  export HAPROXY_PG_PORT=$((HA_PORT_BASE + 2))
  export PGBOUNCER_PORT=$((HA_PORT_BASE + 3))
  export PG1_REST_PORT=$((HA_PORT_BASE + 8))
  export PG2_REST_PORT=$((HA_PORT_BASE + 9))
  export APP1_PORT=$((HA_PORT_BASE + 11))
  export APP2_PORT=$((HA_PORT_BASE + 12))
  export PG1_PORT=$((HA_PORT_BASE + 21))
  export PG2_PORT=$((HA_PORT_BASE + 22))
  # Three etcd members, client and peer port each: a majority (two) survives the loss of one.
  export ETCD1_PORT=$((HA_PORT_BASE + 31)) ETCD1_PEER_PORT=$((HA_PORT_BASE + 32))
  export ETCD2_PORT=$((HA_PORT_BASE + 33)) ETCD2_PEER_PORT=$((HA_PORT_BASE + 34))
  export ETCD3_PORT=$((HA_PORT_BASE + 35)) ETCD3_PEER_PORT=$((HA_PORT_BASE + 36))
  # What Patroni is given: every member, so that it moves to another when the one it uses is lost.
  export ETCD_HOSTS="127.0.0.1:$ETCD1_PORT,127.0.0.1:$ETCD2_PORT,127.0.0.1:$ETCD3_PORT"
  # What HAProxy asks a Créneau process before sending it traffic.
  export APP_CHECK_PATH="${APP_CHECK_PATH:-/health/ready}"
}
ports

# The database side runs as an unprivileged user: postgres when we are root.
is_root() { [ "$(id -u)" = 0 ]; }
if is_root; then DB_USER=postgres; else DB_USER="$(id -un)"; fi
as_db_user() {
  if is_root; then
    setpriv --reuid="$DB_USER" --regid="$(id -g "$DB_USER")" --init-groups "$@"
  else
    "$@"
  fi
}

log() { printf '[ha-local] %s\n' "$*" >&2; }

# Starts a long-running process in its own session, logging to log/NAME.log, its pid in pids/NAME.
start_process() {
  local name="$1"
  shift
  setsid "$@" >>"$HA_DIR/log/$name.log" 2>&1 </dev/null &
  echo $! >"$HA_DIR/pids/$name"
}

# The same for a process of the database side, run as DB_USER.
start_db_process() {
  local name="$1"
  shift
  if is_root; then
    start_process "$name" setpriv --reuid="$DB_USER" --regid="$(id -g "$DB_USER")" --init-groups "$@"
  else
    start_process "$name" "$@"
  fi
}

# wait_for SECONDS DESCRIPTION COMMAND…: retries COMMAND every 0.2 s until it succeeds.
wait_for() {
  local seconds="$1" what="$2"
  shift 2
  local deadline=$((SECONDS + seconds)) status
  while true; do
    status=0
    "$@" >/dev/null || status=$?
    [ "$status" = 0 ] && return 0
    # 42: the awaited thing cannot happen any more (it said why on stderr).
    [ "$status" = 42 ] && return 1
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "timed out after ${seconds}s waiting for $what; logs in $HA_DIR/log"
      return 1
    fi
    sleep 0.2
  done
}

render() { # template → HA_DIR file, with only our ${VARIABLES} replaced
  local vars='${HA_DIR} ${PG_BIN} ${NODE} ${REST_PORT} ${PG_PORT} ${ETCD_HOSTS} ${HAPROXY_PG_PORT}
    ${HAPROXY_HTTP_PORT} ${HAPROXY_STATS_PORT} ${PGBOUNCER_PORT} ${PG1_PORT} ${PG2_PORT}
    ${PG1_REST_PORT} ${PG2_REST_PORT} ${APP1_PORT} ${APP2_PORT} ${APP_CHECK_PATH}'
  envsubst "$vars" <"$ROOT/deploy/config/$1" >"$2"
}

has_sync_standby() {
  curl -sf "http://127.0.0.1:$PG1_REST_PORT/cluster" | jq -e '[.members[] | select(.role == "sync_standby" and (.state == "streaming" or .state == "running"))] | length == 1'
}

psql_primary() {
  as_db_user "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$HAPROXY_PG_PORT" -U postgres "$@"
}

up() {
  if [ -d "$HA_DIR/pids" ] && ls "$HA_DIR/pids" | grep -q .; then
    log "$HA_DIR already has running processes: deploy/ha-local.sh down first"
    exit 1
  fi
  local port
  for port in $HAPROXY_HTTP_PORT $HAPROXY_STATS_PORT $HAPROXY_PG_PORT $PGBOUNCER_PORT $PG1_REST_PORT \
    $PG2_REST_PORT $APP1_PORT $APP2_PORT $PG1_PORT $PG2_PORT $ETCD1_PORT $ETCD1_PEER_PORT \
    $ETCD2_PORT $ETCD2_PEER_PORT $ETCD3_PORT $ETCD3_PEER_PORT; do
    if (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      log "port $port is already in use: choose another HA_PORT_BASE"
      exit 1
    fi
  done
  # Whatever fails on the way up, stop what did start (the logs stay in HA_DIR/log).
  trap 'log "up failed"; down' EXIT
  mkdir -p "$HA_DIR"/{log,pids,sock,wal-archive,backups,pg1,pg2,app} "$HA_DIR"/etcd/{etcd1,etcd2,etcd3}
  chmod 700 "$HA_DIR/pg1" "$HA_DIR/pg2" "$HA_DIR"/etcd/etcd{1,2,3}
  if is_root; then chown -R "$DB_USER:" "$HA_DIR" && chown -R root: "$HA_DIR/app"; fi
  chmod 755 "$HA_DIR"

  log "etcd: three members, clients on 127.0.0.1:$ETCD1_PORT, $ETCD2_PORT, $ETCD3_PORT"
  # All three at once: a member answers /health only once a majority has elected a leader.
  local member
  for member in etcd1 etcd2 etcd3; do start_etcd "$member"; done
  for member in etcd1 etcd2 etcd3; do etcd_ready "$member"; done

  for node in pg1 pg2; do
    local upper="${node^^}"
    NODE="$node" REST_PORT="$(eval echo "\$${upper}_REST_PORT")" PG_PORT="$(eval echo "\$${upper}_PORT")" \
      render patroni.yml "$HA_DIR/$node/patroni.yml"
    if is_root; then chown "$DB_USER:" "$HA_DIR/$node/patroni.yml"; fi
  done
  # pg1 first, so that it initialises the cluster and becomes the primary; pg2 then clones it.
  log "Patroni pg1 (PostgreSQL on 127.0.0.1:$PG1_PORT, REST on $PG1_REST_PORT)"
  start_db_process pg1 patroni "$HA_DIR/pg1/patroni.yml"
  wait_for 60 "pg1 to become primary" curl -sf "http://127.0.0.1:$PG1_REST_PORT/primary"
  log "Patroni pg2 (PostgreSQL on 127.0.0.1:$PG2_PORT, REST on $PG2_REST_PORT)"
  start_db_process pg2 patroni "$HA_DIR/pg2/patroni.yml"

  log "HAProxy: HTTP on 127.0.0.1:$HAPROXY_HTTP_PORT, PostgreSQL primary on $HAPROXY_PG_PORT, stats on $HAPROXY_STATS_PORT"
  render haproxy.cfg "$HA_DIR/haproxy.cfg"
  start_db_process haproxy haproxy -db -f "$HA_DIR/haproxy.cfg"
  wait_for 20 "HAProxy to reach the primary" as_db_user "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$HAPROXY_PG_PORT"

  if ! psql_primary -tAc "select 1 from pg_database where datname = '$DATABASE_NAME'" | grep -q 1; then
    psql_primary -c "create database $DATABASE_NAME"
  fi
  # What the server's pool asks per connection, made per database (PgBouncer drops the request).
  psql_primary -c "alter database $DATABASE_NAME set join_collapse_limit = 1"

  log "PgBouncer on 127.0.0.1:$PGBOUNCER_PORT"
  render pgbouncer.ini "$HA_DIR/pgbouncer.ini"
  printf '"postgres" ""\n' >"$HA_DIR/pgbouncer-users.txt"
  if is_root; then chown "$DB_USER:" "$HA_DIR/pgbouncer.ini" "$HA_DIR/pgbouncer-users.txt"; fi
  start_db_process pgbouncer pgbouncer "$HA_DIR/pgbouncer.ini"
  wait_for 20 PgBouncer as_db_user "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PGBOUNCER_PORT" -d "$DATABASE_NAME"

  wait_for 90 "pg2 to stream as the synchronous standby" has_sync_standby

  # The production build of the server (docs/operations.md § Production build), as deployed.
  log "building the server (apps/server/dist)"
  node "$ROOT/apps/server/build.mjs" >>"$HA_DIR/log/build.log" 2>&1

  # The Créneau processes' settings, kept for `start-app` (a process replaced later gets the same).
  cat >"$HA_DIR/app/app.env" <<EOF
COOKIE_SECRET=$(head -c 32 /dev/urandom | base64 | tr -d '\n')
LOAD_DEMO=${LOAD_DEMO:-true}
API_KEYS=${API_KEYS:-creneau-dev}
LOG_LEVEL=${LOG_LEVEL:-warn}
RATE_LIMIT_SCALE=${RATE_LIMIT_SCALE:-1}
SHUTDOWN_DELAY_MS=${SHUTDOWN_DELAY_MS:-3000}
EOF
  chmod 600 "$HA_DIR/app/app.env"
  # app1 alone first: it applies the migrations (and loads the demo) before app2 starts.
  start_app app1
  start_app app2
  wait_for 20 "HAProxy to see both Créneau processes" curl -sf "http://127.0.0.1:$HAPROXY_HTTP_PORT$APP_CHECK_PATH"

  trap - EXIT
  log "up: Créneau at http://127.0.0.1:$HAPROXY_HTTP_PORT/ (HAProxy stats http://127.0.0.1:$HAPROXY_STATS_PORT/)"
  env_vars
}

# The client and peer port of one etcd member (etcd1, etcd2, etcd3).
etcd_ports() {
  case "$1" in
    etcd1) echo "$ETCD1_PORT $ETCD1_PEER_PORT" ;;
    etcd2) echo "$ETCD2_PORT $ETCD2_PEER_PORT" ;;
    etcd3) echo "$ETCD3_PORT $ETCD3_PEER_PORT" ;;
    *) log "no such etcd member: $1 (etcd1, etcd2 or etcd3)"; return 2 ;;
  esac
}

# Starts (or restarts) one etcd member. The first start of each creates the cluster ("new"); a
# member restarted on its data directory ignores the --initial-* flags and rejoins as it was.
start_etcd() {
  local member="$1" ports client peer
  ports="$(etcd_ports "$member")" || exit 2
  read -r client peer <<<"$ports"
  if (: <"/dev/tcp/127.0.0.1/$client") 2>/dev/null; then
    log "$member is running already: 127.0.0.1:$client answers"
    exit 1
  fi
  start_db_process "$member" etcd --name "$member" --data-dir "$HA_DIR/etcd/$member" \
    --listen-client-urls "http://127.0.0.1:$client" --advertise-client-urls "http://127.0.0.1:$client" \
    --listen-peer-urls "http://127.0.0.1:$peer" --initial-advertise-peer-urls "http://127.0.0.1:$peer" \
    --initial-cluster "etcd1=http://127.0.0.1:$ETCD1_PEER_PORT,etcd2=http://127.0.0.1:$ETCD2_PEER_PORT,etcd3=http://127.0.0.1:$ETCD3_PEER_PORT" \
    --initial-cluster-token creneau-ha --initial-cluster-state new
}

# Waits until one member is healthy: it is part of a cluster that has a leader.
etcd_ready() {
  local ports client
  ports="$(etcd_ports "$1")" || exit 2
  read -r client _ <<<"$ports"
  wait_for 30 "$1 to be healthy" curl -sf "http://127.0.0.1:$client/health"
}

# Starts (again) the Patroni of one node, e.g. after its machine "died": Patroni starts its
# PostgreSQL, which rejoins as a standby of the current primary (pg_rewind if it must).
start_db() {
  local node="$1" rest
  case "$node" in
    pg1) rest="$PG1_REST_PORT" ;;
    pg2) rest="$PG2_REST_PORT" ;;
    *) log "no such database node: $node (pg1 or pg2)"; exit 2 ;;
  esac
  if (: <"/dev/tcp/127.0.0.1/$rest") 2>/dev/null; then
    log "$node's Patroni is running already: 127.0.0.1:$rest answers"
    exit 1
  fi
  log "Patroni $node (REST on $rest)"
  start_db_process "$node" patroni "$HA_DIR/$node/patroni.yml"
  wait_for 30 "$node's Patroni to answer" curl -s -o /dev/null "http://127.0.0.1:$rest/health"
}

# Starts (or replaces) one Créneau process: app1 or app2, behind HAProxy, using PgBouncer.
start_app() {
  local app="$1" port
  case "$app" in
    app1) port="$APP1_PORT" ;;
    app2) port="$APP2_PORT" ;;
    *) log "no such process: $app (app1 or app2)"; exit 2 ;;
  esac
  if (: <"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    log "$app is running already: 127.0.0.1:$port answers"
    exit 1
  fi
  # shellcheck disable=SC1091
  source "$HA_DIR/app/app.env"
  log "Créneau $app on 127.0.0.1:$port"
  start_process "$app" env DATABASE_URL="postgres://postgres@127.0.0.1:$PGBOUNCER_PORT/$DATABASE_NAME" \
    PORT="$port" HOST=127.0.0.1 DATA_DIR="$HA_DIR/app" COOKIE_SECRET="$COOKIE_SECRET" \
    PUBLIC_URL="http://127.0.0.1:$HAPROXY_HTTP_PORT" NODE_ENV=production WORKERS=1 \
    LOAD_DEMO="$LOAD_DEMO" API_KEYS="$API_KEYS" LOG_LEVEL="$LOG_LEVEL" \
    RATE_LIMIT_SCALE="$RATE_LIMIT_SCALE" SHUTDOWN_DELAY_MS="$SHUTDOWN_DELAY_MS" TRUST_PROXY=true \
    node --enable-source-maps "$ROOT/apps/server/dist/main.js"
  wait_for 90 "$app to be ready" app_ready "$app" "$port"
}

# Ready, or fails at once (with the end of its log) if the process has already exited.
app_ready() {
  if ! kill -0 "$(cat "$HA_DIR/pids/$1")" 2>/dev/null; then
    log "$1 exited while starting:"
    tail -n 20 "$HA_DIR/log/$1.log" >&2
    return 42
  fi
  curl -sf "http://127.0.0.1:$2$APP_CHECK_PATH"
}

# Stops in the reverse order of start: Créneau, PgBouncer, HAProxy, Patroni (stops PostgreSQL), etcd.
down() {
  local name pid
  for name in app2 app1 pgbouncer haproxy pg2 pg1 etcd3 etcd2 etcd1; do
    [ -f "$HA_DIR/pids/$name" ] || continue
    pid="$(cat "$HA_DIR/pids/$name")"
    if kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$HA_DIR/pids/$name"
  done
  # A PostgreSQL whose Patroni was killed outright keeps running: stop it from its own pid file.
  for name in pg1 pg2; do
    if [ -f "$HA_DIR/$name/data/postmaster.pid" ]; then
      as_db_user "$PG_BIN/pg_ctl" -D "$HA_DIR/$name/data" -m immediate stop >/dev/null 2>&1 || true
    fi
  done
  log "down: $HA_DIR stopped"
}

env_vars() {
  cat <<EOF
HA_DIR=$HA_DIR
HA_DB_USER=$DB_USER
HAPROXY_HTTP_PORT=$HAPROXY_HTTP_PORT
HAPROXY_STATS_PORT=$HAPROXY_STATS_PORT
HAPROXY_PG_PORT=$HAPROXY_PG_PORT
PGBOUNCER_PORT=$PGBOUNCER_PORT
PG1_PORT=$PG1_PORT
PG2_PORT=$PG2_PORT
PG1_REST_PORT=$PG1_REST_PORT
PG2_REST_PORT=$PG2_REST_PORT
APP1_PORT=$APP1_PORT
APP2_PORT=$APP2_PORT
ETCD1_PORT=$ETCD1_PORT
ETCD2_PORT=$ETCD2_PORT
ETCD3_PORT=$ETCD3_PORT
DATABASE_URL=postgres://postgres@127.0.0.1:$HAPROXY_PG_PORT/$DATABASE_NAME
EOF
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) { curl -sf "http://127.0.0.1:$PG1_REST_PORT/cluster" || curl -sf "http://127.0.0.1:$PG2_REST_PORT/cluster"; } | jq . ;;
  env) env_vars ;;
  start-app) start_app "${2:-}" ;;
  start-etcd) start_etcd "${2:-}" && etcd_ready "${2:-}" ;;
  start-db) start_db "${2:-}" ;;
  *)
    echo "usage: $0 up|down|status|env|start-app app1|app2|start-etcd etcd1|etcd2|etcd3|start-db pg1|pg2" >&2
    exit 2
    ;;
esac
