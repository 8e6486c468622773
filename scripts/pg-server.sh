#!/usr/bin/env bash
# A throwaway PostgreSQL server on loopback for tests (Debian's postgresql package).
#   scripts/pg-server.sh start <dir> [port]   → prints the DATABASE_URL (superuser, trust auth on 127.0.0.1)
#   scripts/pg-server.sh stop <dir>
#   scripts/pg-server.sh pause <dir> / resume <dir> [port]   (stop and start keeping the data)
set -euo pipefail
cmd=${1:?start|stop|pause|resume}
dir=${2:?data directory}
port=${3:-55432}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
as_postgres() { if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
start_server() {
  as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
}
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    start_server
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  resume) start_server ;;
  pause) as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *) echo "unknown command $cmd" >&2; exit 2 ;;
esac
