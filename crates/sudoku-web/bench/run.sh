#!/usr/bin/env bash
# Measures the trainer API on localhost with wrk (Debian package `wrk`):
# p99 latency of evaluate (Strict), one search step and a hint with one client,
# then a bounded load test of 50 concurrent clients for 10 s over all three.
# Usage: crates/sudoku-web/bench/run.sh [path/to/sudoku]  (default: release build)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
bin="${1:-${CARGO_TARGET_DIR:-$root/target}/release/sudoku}"
tmp="$(mktemp -d)"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
"$bin" serve --addr "127.0.0.1:$port" --db "$tmp/db.sqlite" 2>"$tmp/serve.log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
url="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -sf "$url/" >/dev/null && break; sleep 0.1; done

T='14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..'
printf '{"givens":"%s","mode":"strict-plus"}' "$T" >"$tmp/evaluate.json"
printf '{"givens":"%s"}' "$T" >"$tmp/hint.json"
# A search state 100 steps into the Lazy search of the seed's very hard puzzle.
curl -sf -H 'Content-Type: application/json' -d "{\"givens\":\"$T\",\"seed\":1}" "$url/api/search/start" |
  python3 -c 'import json,sys; print(json.dumps({"search": json.load(sys.stdin)["search"], "steps": 100}))' |
  curl -sf -H 'Content-Type: application/json' -d @- "$url/api/search/step" |
  python3 -c 'import json,sys; print(json.dumps({"search": json.load(sys.stdin)["search"], "steps": 1}))' >"$tmp/step.json"

for name in evaluate step hint; do
  path=/api/$name; [ "$name" = step ] && path=/api/search/step
  echo "== $name (1 client, 10 s)"
  BODIES="$tmp/$name.json=$path" wrk -t1 -c1 -d10s --latency -s "$here/post.lua" "$url" |
    grep -E 'Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors|requests in'
done
echo "== reference: GET /favicon.svg, the HTTP floor (1 client, 10 s)"
wrk -t1 -c1 -d10s --latency "$url/favicon.svg" |
  grep -E 'Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors|requests in'
echo "== load: 50 clients, 10 s, evaluate/step/hint in turn"
BODIES="$tmp/evaluate.json=/api/evaluate:$tmp/step.json=/api/search/step:$tmp/hint.json=/api/hint" \
  wrk -t2 -c50 -d10s --latency -s "$here/post.lua" "$url" |
  grep -E 'Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors|requests in'
echo "== page transfer (bytes): $(for p in / /app.js /style.css /favicon.svg; do curl -s "$url$p"; done | wc -c)"
