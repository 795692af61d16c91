#!/usr/bin/env bash
# Several Daymark instances on one PostgreSQL behind HAProxy, on this machine (loopback only), to
# try a load-balanced set-up and its rolling restarts. Needs `npm run build` first.
#
#   scripts/cluster.sh start                 PostgreSQL (throwaway, or DATABASE_URL), the instances, HAProxy
#   scripts/cluster.sh status                what runs, and whether HAProxy sends traffic to each instance
#   scripts/cluster.sh restart-instance N    SIGTERM instance N, wait for its exit, start it, wait until HAProxy uses it
#   scripts/cluster.sh stop                  stops everything and removes the run directory
#   scripts/cluster.sh test                  the cluster tests (cluster/cluster.test.ts; they start their own)
#
# Settings (read by start, then kept in the run directory for the other commands):
#   CLUSTER_DIR (/tmp/daymark-cluster), CLUSTER_PORT (4400: HAProxy; the instances take the
#   next ports, HAProxy's statistics page CLUSTER_PORT+9, PostgreSQL CLUSTER_PORT+10),
#   CLUSTER_INSTANCES (3, at most 8), CLUSTER_CHECK_INTERVAL_MS (1000: HAProxy's health checks),
#   SHUTDOWN_DRAIN_DELAY_MS (3000), SHUTDOWN_GRACE_MS (30000), DATABASE_URL (unset: a throwaway
#   cluster in the run directory), CLUSTER_ADMIN_PASSWORD (the `admin` account's password).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DIR=${CLUSTER_DIR:-/tmp/daymark-cluster}
STATE=$DIR/cluster.env
HAPROXY=${HAPROXY:-/usr/sbin/haproxy}

die() {
  echo "cluster: $*" >&2
  exit 1
}
say() { echo "cluster: $*"; }

load_state() {
  [ -f "$STATE" ] || die "not running (no $STATE); start it with: scripts/cluster.sh start"
  # shellcheck disable=SC1090
  . "$STATE"
}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
pid_of() { cat "$DIR/$1.pid" 2>/dev/null || true; }
instance_port() { echo $((PORT + $1)); }

# Free when no socket of this machine has it as its own port: a listener, and also a client's
# connection (open or in TIME_WAIT), which a connect test misses and which makes a later bind
# fail. (The tests pick ports below the kernel's range for clients' ports, so none is taken
# between this check and the bind.)
# listening_only: only a listener counts (an instance's restart: its old connections' TIME_WAIT,
# on the server's side, does not stop the new server's bind).
port_free() {
  local hex
  hex=$(printf '%04X' "$1")
  ! awk -v p="$hex" -v listening="${2:-}" '
    FNR > 1 { split($2, a, ":"); if (a[2] == p && (listening == "" || $4 == "0A")) found = 1 }
    END { exit !found }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# The end of a log, for a message that says something did not start.
log_tail() {
  [ -f "$1" ] || return 0
  echo "--- the end of $1:"
  tail -n "${2:-20}" "$1"
}

healthy() { curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$1/api/health" 2>/dev/null; }

# The status HAProxy gives server appN (UP, DOWN, MAINT…), from its statistics page's CSV.
proxy_status() {
  curl -fsS --max-time 2 "http://127.0.0.1:$STATS_PORT/;csv" 2>/dev/null |
    awk -F, -v s="app$1" '$1 == "instances" && $2 == s { print $18 }'
}

# wait_until SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds; fails after SECONDS.
proxy_up() { [ "$(proxy_status "$1")" = UP ]; }
gone() { ! kill -0 "$1" 2>/dev/null; }
proxy_up_or_gone() { proxy_up "$1" || gone "$2"; }

wait_until() {
  local end=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.1
  done
}

start_instance() {
  local n=$1 port
  port=$(instance_port "$n")
  port_free "$port" listening_only || die "port $port (instance $n) is in use"
  mkdir -p "$DIR/instance-$n"
  rm -f "$DIR/instance-$n.exit"
  # The wrapper records the server's exit status, so a restart can check it stopped cleanly.
  (
    cd "$ROOT"
    env PORT="$port" HOST=127.0.0.1 DATA_DIR="$DIR/instance-$n" DATABASE_URL="$DATABASE_URL" \
      DAYMARK_SECRET_KEY="$SECRET_KEY" TRUST_PROXY=true ADMIN_USERNAME=admin ADMIN_PASSWORD="$ADMIN_PASSWORD" \
      SHUTDOWN_DRAIN_DELAY_MS="$DRAIN_MS" SHUTDOWN_GRACE_MS="$GRACE_MS" LOG_LEVEL="${LOG_LEVEL:-info}" \
      node dist/server/main.js >>"$DIR/instance-$n.log" 2>&1 </dev/null &
    echo $! >"$DIR/instance-$n.pid"
    status=0
    wait $! || status=$?
    echo "$status" >"$DIR/instance-$n.exit"
  ) >/dev/null 2>&1 &
  for _ in $(seq 1 50); do
    [ -s "$DIR/instance-$n.pid" ] && break
    sleep 0.02
  done
}

wait_healthy() {
  local n=$1
  wait_until 60 healthy "$(instance_port "$n")" ||
    die "instance $n did not answer on port $(instance_port "$n"); see $DIR/instance-$n.log
$(log_tail "$DIR/instance-$n.log")"
}

stop_instance() {
  local n=$1 pid
  pid=$(pid_of "instance-$n")
  alive "$pid" || return 0
  kill -TERM "$pid"
  local limit=$(((DRAIN_MS + GRACE_MS) / 1000 + 15))
  if ! wait_until "$limit" test -s "$DIR/instance-$n.exit"; then
    kill -KILL "$pid" 2>/dev/null || true
    die "instance $n did not stop within ${limit}s: killed"
  fi
}

write_errorfile() {
  local code=$1 reason=$2 body
  body='{"error":"The server is restarting. Try again in a moment."}'
  printf 'HTTP/1.1 %s %s\r\nContent-Type: application/json\r\nContent-Length: %s\r\nCache-Control: no-store\r\nRetry-After: 1\r\nConnection: close\r\n\r\n%s' \
    "$code" "$reason" "${#body}" "$body" >"$DIR/errors/$code.http"
}

write_haproxy_config() {
  mkdir -p "$DIR/errors"
  write_errorfile 502 'Bad Gateway'
  write_errorfile 503 'Service Unavailable'
  write_errorfile 504 'Gateway Timeout'
  local servers="" n
  for n in $(seq 1 "$INSTANCES"); do
    servers+="    server app$n 127.0.0.1:$(instance_port "$n")"$'\n'
  done
  awk -v port="$PORT" -v stats="$STATS_PORT" -v inter="$INTER_MS" -v errors="$DIR/errors" -v servers="$servers" '
    { gsub("@PORT@", port); gsub("@STATS_PORT@", stats); gsub("@INTER@", inter); gsub("@ERRORS_DIR@", errors) }
    $0 == "@SERVERS@" { printf "%s", servers; next }
    { print }
  ' "$ROOT/scripts/cluster/haproxy.cfg.template" >"$DIR/haproxy.cfg"
  "$HAPROXY" -c -q -f "$DIR/haproxy.cfg" || die "HAProxy refused $DIR/haproxy.cfg"
}

start_postgres() {
  local pgbin
  pgbin=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
  [ -n "$pgbin" ] && [ -x "$pgbin/initdb" ] || die "PostgreSQL server binaries not found (install the postgresql package)"
  local run_as=()
  mkdir -p "$DIR/pg"
  if [ "$(id -u)" = "0" ]; then
    chown postgres:postgres "$DIR/pg"
    run_as=(runuser -u postgres --)
  fi
  port_free "$PG_PORT" || die "port $PG_PORT (PostgreSQL) is in use"
  "${run_as[@]}" "$pgbin/initdb" -D "$DIR/pg/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
  "${run_as[@]}" "$pgbin/pg_ctl" -D "$DIR/pg/data" -l "$DIR/pg/log" -w \
    -o "-p $PG_PORT -k $DIR/pg -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  echo "PGBIN='$pgbin'" >>"$STATE"
  echo "PG_RUN_AS='${run_as[*]}'" >>"$STATE"
}

cmd_start() {
  [ ! -f "$STATE" ] || die "already running in $DIR (scripts/cluster.sh stop first)"
  [ -f "$ROOT/dist/server/main.js" ] || die "no build: run npm run build first"
  [ -x "$HAPROXY" ] || die "HAProxy not found at $HAPROXY (install the haproxy package)"
  PORT=${CLUSTER_PORT:-4400}
  INSTANCES=${CLUSTER_INSTANCES:-3}
  [ "$INSTANCES" -ge 1 ] && [ "$INSTANCES" -le 8 ] || die "CLUSTER_INSTANCES must be 1 to 8"
  STATS_PORT=$((PORT + 9))
  PG_PORT=$((PORT + 10))
  INTER_MS=${CLUSTER_CHECK_INTERVAL_MS:-1000}
  DRAIN_MS=${SHUTDOWN_DRAIN_DELAY_MS:-3000}
  GRACE_MS=${SHUTDOWN_GRACE_MS:-30000}
  ADMIN_PASSWORD=${CLUSTER_ADMIN_PASSWORD:-cluster-admin-password}
  SECRET_KEY=$(node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('hex'))")
  local p
  for p in "$PORT" "$STATS_PORT" $(seq $((PORT + 1)) $((PORT + INSTANCES))); do
    port_free "$p" || die "port $p is in use"
  done
  mkdir -p "$DIR"
  local own_pg=0
  if [ -z "${DATABASE_URL:-}" ]; then
    own_pg=1
    DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  fi
  cat >"$STATE" <<STATE
PORT=$PORT
INSTANCES=$INSTANCES
STATS_PORT=$STATS_PORT
PG_PORT=$PG_PORT
OWN_PG=$own_pg
INTER_MS=$INTER_MS
DRAIN_MS=$DRAIN_MS
GRACE_MS=$GRACE_MS
ADMIN_PASSWORD='$ADMIN_PASSWORD'
SECRET_KEY=$SECRET_KEY
DATABASE_URL='$DATABASE_URL'
STATE
  if [ "$own_pg" = 1 ]; then
    start_postgres
    say "PostgreSQL on 127.0.0.1:$PG_PORT"
  fi
  # The first instance migrates the database and creates the administrator; then the others.
  start_instance 1
  wait_healthy 1
  local n
  for n in $(seq 2 "$INSTANCES"); do start_instance "$n"; done
  for n in $(seq 2 "$INSTANCES"); do wait_healthy "$n"; done
  write_haproxy_config
  "$HAPROXY" -f "$DIR/haproxy.cfg" -db >>"$DIR/haproxy.log" 2>&1 </dev/null &
  echo $! >"$DIR/haproxy.pid"
  for n in $(seq 1 "$INSTANCES"); do
    wait_until 30 proxy_up_or_gone "$n" "$(pid_of haproxy)" || true
    if ! alive "$(pid_of haproxy)"; then
      # "Address already in use" here lets the tests try another block of ports.
      grep -q 'Address already in use' "$DIR/haproxy.log" 2>/dev/null && echo "cluster: a port of HAProxy's is in use" >&2
      die "HAProxy stopped; see $DIR/haproxy.log
$(log_tail "$DIR/haproxy.log")"
    fi
    proxy_up "$n" || die "HAProxy does not see instance $n up; see $DIR/haproxy.log
$(log_tail "$DIR/haproxy.log")
$(log_tail "$DIR/instance-$n.log" 10)"
  done
  say "$INSTANCES instances on ports $((PORT + 1))-$((PORT + INSTANCES)), HAProxy on http://127.0.0.1:$PORT (statistics on :$STATS_PORT)"
  say "sign in as admin with password $ADMIN_PASSWORD; state and logs in $DIR"
}

cmd_stop() {
  [ -f "$STATE" ] || {
    say "not running"
    return 0
  }
  load_state
  local n pid
  for n in $(seq 1 "$INSTANCES"); do
    pid=$(pid_of "instance-$n")
    alive "$pid" && kill -TERM "$pid"
  done
  for n in $(seq 1 "$INSTANCES"); do
    pid=$(pid_of "instance-$n")
    wait_until $(((DRAIN_MS + GRACE_MS) / 1000 + 15)) gone "$pid" ||
      kill -KILL "$pid" 2>/dev/null || true
  done
  pid=$(pid_of haproxy)
  if alive "$pid"; then
    kill -TERM "$pid"
    wait_until 10 gone "$pid" || kill -KILL "$pid" 2>/dev/null || true
  fi
  if [ "$OWN_PG" = 1 ] && [ -d "$DIR/pg/data" ]; then
    # shellcheck disable=SC2086
    $PG_RUN_AS "$PGBIN/pg_ctl" -D "$DIR/pg/data" -m fast stop >/dev/null 2>&1 || true
  fi
  rm -rf "$DIR"
  say "stopped"
}

cmd_status() {
  load_state
  local n pid state
  for n in $(seq 1 "$INSTANCES"); do
    pid=$(pid_of "instance-$n")
    if alive "$pid"; then state="running (pid $pid)"; else state="stopped"; fi
    if healthy "$(instance_port "$n")"; then state+=", healthy"; fi
    echo "instance $n  127.0.0.1:$(instance_port "$n")  $state  HAProxy: $(proxy_status "$n")"
  done
  pid=$(pid_of haproxy)
  if alive "$pid"; then echo "haproxy     127.0.0.1:$PORT  running (pid $pid)"; else echo "haproxy     stopped"; fi
  if [ "$OWN_PG" = 1 ]; then echo "postgresql  127.0.0.1:$PG_PORT"; else echo "postgresql  DATABASE_URL"; fi
}

cmd_restart_instance() {
  load_state
  local n=${1:-}
  [[ "$n" =~ ^[0-9]+$ ]] && [ "$n" -ge 1 ] && [ "$n" -le "$INSTANCES" ] || die "restart-instance takes 1 to $INSTANCES"
  local started=$SECONDS was_running=0 status
  alive "$(pid_of "instance-$n")" && was_running=1
  stop_instance "$n"
  status=$(cat "$DIR/instance-$n.exit" 2>/dev/null || echo '?')
  if [ "$was_running" = 1 ]; then
    say "instance $n stopped (exit status $status) after $((SECONDS - started)) s"
  else
    say "instance $n was not running (it had exited with status $status)"
    status=0
  fi
  start_instance "$n"
  wait_healthy "$n"
  # Back in rotation once HAProxy's checks (rise 2) have seen it up.
  wait_until 30 proxy_up "$n" || die "HAProxy does not see instance $n up again"
  say "instance $n is back in rotation after $((SECONDS - started)) s"
  [ "$status" = 0 ] || die "instance $n had exited with status $status"
}

case "${1:-}" in
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
restart-instance) cmd_restart_instance "${2:-}" ;;
test)
  [ -f "$ROOT/dist/server/main.js" ] || die "no build: run npm run build first"
  exec npx vitest run --config vitest.cluster.config.ts
  ;;
*)
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
