#!/usr/bin/env bash
# Creates and starts a throwaway PostgreSQL cluster for the api tests:
#   port 55432, superuser "postgres", trust auth on loopback, database portal_test.
# Needs the Debian "postgresql" package. Prints nothing but errors.
# Then: export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/portal_test
set -euo pipefail

PORT="${PGPORT_TEST:-55432}"
DB="${PGDATABASE_TEST:-portal_test}"
DATA="${PGDATA_TEST:-/tmp/ci-postgres-$PORT}"

BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "ci-postgres: PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi

# initdb refuses to run as root; run the cluster as the postgres system user then.
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ -f "$DATA/postmaster.pid" ] && as_pg "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
  as_pg "$BIN/pg_ctl" -D "$DATA" stop -m fast >/dev/null
fi
rm -rf "$DATA"
mkdir -p "$DATA"
[ "$(id -u)" = "0" ] && chown postgres: "$DATA"

as_pg "$BIN/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C >/dev/null
# Sockets in the data dir: /var/run/postgresql may not exist or be writable on a CI runner.
as_pg "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w -o "-p $PORT -k $DATA -h 127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null \
  || { cat "$DATA/server.log" >&2; exit 1; }
as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
