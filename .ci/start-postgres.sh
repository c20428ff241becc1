#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's packages) on 127.0.0.1 in a temporary folder and prints
# its URL (a free port unless PGPORT_TEST is set). Installs the server when it is missing. Its folder
# is written to $PG_TEST_STATE (default /tmp/pg-test-dir); stop it with .ci/stop-postgres.sh <folder>.
set -euo pipefail
PORT="${PGPORT_TEST:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"
STATE="${PG_TEST_STATE:-/tmp/pg-test-dir}"
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then echo "postgresql is not installed and this is not root" >&2; exit 1; fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >&2
fi
BIN=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
DIR=$(mktemp -d /tmp/pg-test-XXXXXX)
RUN=(); if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; RUN=(runuser -u postgres --); fi
"${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres -A trust --no-sync >/dev/null
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
echo "$DIR" > "$STATE"
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
