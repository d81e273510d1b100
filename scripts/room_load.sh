#!/usr/bin/env bash
# The load benchmark of docs/serve.md (cli/benches/serve_load.rs) side by side (issue 46 item 6):
# one server on SQLite, one on Postgres, and a room of two and of three servers on one Postgres,
# each layout ROUNDS times in turn (so that the machine's drift falls on every layout alike).
# Postgres is Debian's (`apt-get install postgresql`), started here in a temporary folder with
# its defaults (fsync and synchronous_commit on) and stopped at the end.
#
#   TABLES=1000 SECS=30 ROUNDS=2 scripts/room_load.sh > /tmp/room_load.txt
#
# TABLES, SECS, PACE_MS and DB_SYNC are the benchmark's; LAYOUTS picks some of the four; ROUTE=other sends each client to the
# server after its table's (every request forwarded). The bench is built once (release), then
# run directly.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-2}"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "room_load: Postgres is not installed (apt-get install postgresql)" >&2; exit 1; }
folder="$(mktemp -d /tmp/cards-room-load.XXXXXX)"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$folder"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
as_pg "$bin/initdb" -D "$folder/data" -U cards --auth=trust -E UTF8 > /dev/null
as_pg "$bin/pg_ctl" -D "$folder/data" -l "$folder/log" -w start \
  -o "-p $port -k $folder -c listen_addresses=127.0.0.1 -c max_connections=200" > /dev/null
stop() { as_pg "$bin/pg_ctl" -D "$folder/data" -m fast stop > /dev/null || true; rm -rf "$folder"; }
trap stop EXIT
url="postgres://cards@127.0.0.1:$port/postgres"
psql() { "$bin/psql" -q -X "$url" "$@"; }
# The bench's binary: built once, then run as it is (cargo bench would rebuild nothing, but its
# startup would fall inside the machine's load).
cargo bench -p cli --bench serve_load --no-run 2> "$folder/build.log" || { cat "$folder/build.log" >&2; exit 1; }
bench="$(grep -o '([^()]*/serve_load-[0-9a-f]*)' "$folder/build.log" | tr -d '()' | tail -1)"
[ -x "$bench" ] || bench="$(ls -t target/release/deps/serve_load-* | grep -v '\.d$' | head -1)"
echo "# $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), $(nproc) cores, $("$bin/postgres" --version)"
for round in $(seq "$rounds"); do
  for layout in ${LAYOUTS:-sqlite postgres:1 postgres:2 postgres:3}; do
    echo
    echo "## round $round, $layout"
    if [ "$layout" = sqlite ]; then
      env -u DB_URL SERVERS=1 "$bench"
    else
      # A fresh room each time: the tables of the run before are dropped.
      psql -c "drop schema public cascade; create schema public;"
      # Wait events of the database's active sessions, sampled every second meanwhile.
      (
        sleep $(( ${TABLES:-1000} / 100 + 5 ))
        counters() {
          psql -At -F' ' -c "select d.xact_commit, w.wal_sync, w.wal_records, \
            extract(epoch from clock_timestamp()) from pg_stat_database d, pg_stat_wal w \
            where d.datname = current_database()"
        }
        read -r c0 s0 r0 t0 < <(counters)
        for _ in $(seq "${SECS:-30}"); do
          psql -At -c "select coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '-') \
            from pg_stat_activity where state = 'active' and pid <> pg_backend_pid()"
          sleep 1
        done | sort | uniq -c | sort -rn | head -8 | sed 's/^/   postgres waits (samples): /'
        # Commits (the servers' transactions: group commits, lease renewals, reads) and the
        # WAL's fsyncs and records a second over the same span.
        read -r c1 s1 r1 t1 < <(counters)
        python3 -c "import sys; c0,s0,r0,t0,c1,s1,r1,t1=map(float,sys.argv[1:]); d=t1-t0; \
print(f'   postgres over {d:.0f} s: {(c1-c0)/d:.0f} commits/s, {(s1-s0)/d:.0f} WAL fsyncs/s, {(r1-r0)/d:.0f} WAL records/s')" \
          "$c0" "$s0" "$r0" "$t0" "$c1" "$s1" "$r1" "$t1"
      ) > "$folder/waits" &
      sampler=$!
      DB_URL="$url" SERVERS="${layout#postgres:}" "$bench"
      wait "$sampler" || true
      cat "$folder/waits"
    fi
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  done
done
