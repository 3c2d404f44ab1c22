#!/usr/bin/env bash
# The soak: every endpoint mixed at 50 connections (each its own loopback
# source address, a player pacing about 10 requests a second) for 30 minutes
# against `sudoku serve` on loopback; RSS every minute, errors, p50/p99 per
# endpoint. Stops by itself. Loopback only.
#
#   crates/sudoku-web/bench/soak.sh                  # 1800 s, 50 connections
#   SOAK_SECONDS=120 crates/sudoku-web/bench/soak.sh  # a short check
#
# Judged: errors (statuses other than 2xx and the intended 429, and failed
# connections) must be 0, RSS growth from the first minute to the end < 10 %,
# evaluate p99 < 10 ms. Exit status 1 when one of them is missed.
set -euo pipefail
seconds="${SOAK_SECONDS:-1800}"
connections="${SOAK_CONNECTIONS:-50}"
# shellcheck source=server.sh
source "$(dirname "$0")/server.sh"
echo "soak: $seconds s, $connections connections, $url (server pid $pid)"
"$load" mix "$url" "$seconds" "$connections" >"$tmp/report.json" &
driver=$!
rss=()
start=$(date +%s)
while kill -0 "$driver" 2>/dev/null; do
  sleep 5
  elapsed=$(( $(date +%s) - start ))
  if [ $(( elapsed / 60 )) -gt ${#rss[@]} ]; then
    rss+=("$(rss_kb)")
    echo "minute ${#rss[@]}: RSS $(( rss[-1] / 1024 )) MiB"
  fi
done
wait "$driver"
rss+=("$(rss_kb)")
echo "end: RSS $(( rss[-1] / 1024 )) MiB"
python3 - "$tmp/report.json" "${rss[@]}" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
rss = [int(x) for x in sys.argv[2:]]
errors = 0
print(f"{'endpoint':<14}{'count':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}  statuses")
for name, e in sorted(report["endpoints"].items()):
    bad = sum(n for s, n in e["statuses"].items() if not (200 <= int(s) < 300 or int(s) == 429))
    errors += bad + e["connection_failures"]
    print(f"{name:<14}{e['count']:>9}{e['p50_ms']:>9.2f}{e['p99_ms']:>9.2f}{e['max_ms']:>9.1f}  "
          f"{e['statuses']} failures {e['connection_failures']}")
growth = (rss[-1] - rss[0]) / rss[0] * 100 if rss and rss[0] else 0.0
p99 = report["endpoints"].get("evaluate", {}).get("p99_ms", float("inf"))
print(f"requests {report['requests']} in {report['seconds']} s ({report['requests'] / report['seconds']:.0f}/s), "
      f"{report['connections']} connections")
print(f"errors (other than 429): {errors}")
print(f"RSS: first minute {rss[0] / 1024:.1f} MiB, end {rss[-1] / 1024:.1f} MiB, growth {growth:+.1f} %, "
      f"max {max(rss) / 1024:.1f} MiB")
ten = min(10, len(rss))
first, last = sum(rss[:ten]) / ten, sum(rss[-ten:]) / ten
print(f"RSS means of the first and last {ten} samples: {first / 1024:.1f} and {last / 1024:.1f} MiB "
      f"({(last - first) / first * 100:+.1f} %), min {min(rss) / 1024:.1f} MiB")
print(f"evaluate p99: {p99:.2f} ms")
ok = errors == 0 and growth < 10 and p99 < 10
print("soak: " + ("passed" if ok else "MISSED a target"))
sys.exit(0 if ok else 1)
PY
