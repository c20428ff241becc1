#!/usr/bin/env bash
# Stops the throwaway PostgreSQL started by start-postgres.sh and removes its folder.
set -u
DIR="${1:-$(cat /tmp/pg-test-dir 2>/dev/null)}"
[ -n "$DIR" ] && [ -d "$DIR" ] || exit 0
BIN=$(dirname "$(ls -d /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")
RUN=(); if [ "$(id -u)" = 0 ]; then RUN=(runuser -u postgres --); fi
"${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
rm -rf "$DIR"
