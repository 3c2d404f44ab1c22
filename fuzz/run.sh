#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each (default 600, the
# ten minutes before a release), with the committed seeds, on nightly with
# cargo-fuzz (installed if missing). Stops at the first crash: the input is in
# fuzz/artifacts/TARGET/; fix it and add a regression test built from it.
#
#   fuzz/run.sh                 # api, candidate_fields, parse: 10 min each
#   SECONDS_PER_TARGET=60 fuzz/run.sh api
set -euo pipefail
cd "$(dirname "$0")"
per_target="${SECONDS_PER_TARGET:-600}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(api candidate_fields parse)
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  seeds=()
  if [ -d "seeds/$t" ]; then
    seeds=("seeds/$t")
  fi
  echo "== fuzz $t for ${per_target} s"
  cargo +nightly fuzz run -O "$t" "corpus/$t" "${seeds[@]}" -- \
    -max_total_time="$per_target" -rss_limit_mb=4096 -print_final_stats=1 2>&1 |
    grep -E "^(==|Done|stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added)|ERROR|panicked|SUMMARY" || true
  if [ -n "$(ls -A "artifacts/$t" 2>/dev/null)" ]; then
    echo "fuzz/run.sh: $t found a crash: fuzz/artifacts/$t/" >&2
    exit 1
  fi
done
