#!/usr/bin/env bash
# The burst: 8 expensive requests at once from one client (a hard
# colour-diagonal puzzle from the generator each) while a second client calls
# evaluate every 10 ms; prints how long each expensive call took and the
# second client's evaluate p50/p99. Run with the defaults (on two cores one
# per client: seven get 429 at once) and with `SERVE_ARGS="--per-client 8
# --budget 10"` (all eight queue for the two workers; each must be answered
# within its budget plus one second, waiting included). Loopback only.
set -euo pipefail
expensive="${BURST_REQUESTS:-8}"
# shellcheck source=server.sh
source "$(dirname "$0")/server.sh"
echo "burst: $expensive expensive requests, serve ${SERVE_ARGS:-(defaults)}"
"$load" burst "$url" "$expensive" >"$tmp/report.json"
python3 - "$tmp/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for a in r["expensive"]:
    print(f"  generate: {a['status']} after {a['seconds']:.2f} s")
e = r["second_client_evaluate"]
print(f"second client evaluate: {e['count']} calls, p50 {e['p50_ms']:.2f} ms, p99 {e['p99_ms']:.2f} ms, "
      f"max {e['max_ms']:.2f} ms, statuses {e['statuses']}")
PY
