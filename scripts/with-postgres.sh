#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: TEST_DATABASE_URL points at it.
# Usage: scripts/with-postgres.sh <command...>
set -euo pipefail
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL server binaries not found (install the postgresql package)" >&2
  exit 1
fi
# Below 32768, where Linux takes the ports of clients' connections (one could take it first).
PORT=${PGPORT_TEST:-$((20000 + RANDOM % 12000))}
DIR=$(mktemp -d /tmp/daymark-pg.XXXXXX)
RUN_AS=()
if [ "$(id -u)" = "0" ]; then
  chown postgres:postgres "$DIR"
  RUN_AS=(runuser -u postgres --)
fi
cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
"${RUN_AS[@]}" "$PGBIN/initdb" -D "$DIR/data" -A trust -U postgres --no-sync -E UTF8 --locale=C.UTF-8 >/dev/null
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# For tests that restart the server under load (npm run chaos).
export TEST_PGDATA="$DIR/data" TEST_PGBIN="$PGBIN" TEST_PG_RUN_AS="${RUN_AS[*]}"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $PORT"
"$@"
