#!/usr/bin/env bash
# The database under load: 50 connections (each its own user on an accounts
# server, its own loopback address) save and list without pause for 30 s,
# spread over two `sudoku serve --accounts` processes sharing one database;
# at the end every acknowledged save is looked for through the other server.
# Run side by side on PostgreSQL (a real server from scripts/pg in a temporary
# directory) and, as the reference, on one SQLite file. Loopback only; stops
# by itself and stops everything it started.
#
#   crates/sudoku-web/bench/store.sh              # 30 s, 50 connections
#   STORE_SECONDS=5 crates/sudoku-web/bench/store.sh
#
# Judged: errors (statuses other than 2xx, failed connections) 0 and lost
# acknowledged saves 0 on both backends; p99 of a save reported. Exit status
# 1 when one of them is missed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
bin="${SUDOKU_BIN:-$target/release/sudoku}"
seconds="${STORE_SECONDS:-30}"
connections="${STORE_CONNECTIONS:-50}"
(cd "$root" && cargo build --release --quiet -p sudoku-cli && cargo build --release --quiet -p sudoku-web --example load)
load="$target/release/examples/load"
tmp="$(mktemp -d)"
chmod 755 "$tmp"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  "$root/scripts/pg" stop "$tmp/pg" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# run NAME DB: two servers on DB, the load, the report in $tmp/NAME.json.
run() {
  local name=$1 db=$2 urls=() started=()
  for _ in 1 2; do
    local port
    port=$(free_port)
    "$bin" serve --addr "127.0.0.1:$port" --db "$db" --accounts 2>>"$tmp/$name.log" &
    pids+=($!)
    started+=($!)
    urls+=("http://127.0.0.1:$port")
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
  done
  echo "$name: $seconds s, $connections connections, servers ${urls[*]}"
  "$load" store "$(IFS=,; echo "${urls[*]}")" "$seconds" "$connections" >"$tmp/$name.json"
  for p in "${started[@]}"; do kill "$p"; wait "$p" 2>/dev/null || true; done
}

pg_url=$("$root/scripts/pg" start "$tmp/pg")
run postgresql "$pg_url"
run sqlite "$tmp/puzzles.sqlite"

python3 - "$tmp/postgresql.json" "$tmp/sqlite.json" <<'PY'
import json, sys
failed = False
for path in sys.argv[1:]:
    r = json.load(open(path))
    name = "PostgreSQL" if "postgresql" in path else "SQLite (reference)"
    errors = 0
    print(f"\n{name}: {r['servers']} servers, {r['connections']} connections, {r['seconds']} s, "
          f"{r['requests']} requests ({r['requests'] / r['seconds']:.0f}/s)")
    print(f"  {'endpoint':<10}{'count':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}  statuses")
    for ep, e in sorted(r["endpoints"].items()):
        errors += sum(n for s, n in e["statuses"].items() if not 200 <= int(s) < 300) + e["connection_failures"]
        print(f"  {ep:<10}{e['count']:>8}{e['p50_ms']:>9.2f}{e['p99_ms']:>9.2f}{e['max_ms']:>9.1f}  "
              f"{e['statuses']} failures {e['connection_failures']}")
    lost = r["lost_in_flight"] + r["lost_at_end"] + r["unchecked"]
    print(f"  acknowledged saves {r['acknowledged_saves']}, lost {lost} "
          f"(in flight {r['lost_in_flight']}, at the end {r['lost_at_end']}, unchecked {r['unchecked']}), errors {errors}")
    failed |= errors > 0 or lost > 0 or r["acknowledged_saves"] == 0
print("\nverdict:", "FAILED" if failed else "ok (0 errors, 0 lost acknowledged saves)")
sys.exit(1 if failed else 0)
PY
