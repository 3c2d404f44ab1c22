#!/usr/bin/env bash
# What Spark costs on one machine: `sudoku rate --jobs 2` on 20,000 puzzles
# locally, then the same file through scripts/spark/sudoku_pipe.py on
# --master local[2] (each range with --jobs 1, two tasks at a time), in the same
# run; checks that the outputs are identical and prints both times and Spark's
# overhead. A third run on a one-line input shows Spark's fixed cost (JVM,
# Python workers, job set-up).
#
# The puzzles: the whole of top1465 (hard: about 18 ms each on one thread)
# spread evenly through the first 18,535 of 17-clue.txt (easy: about 0.4 ms),
# from ../shared/data (or $SUDOKU_DATA). Ranges are contiguous, so the hard
# puzzles are spread to keep them balanced, as they would be in a real file.
#
# HARD=N replaces N of them, evenly spread, by the first N of the forum's
# hardest list (forum-hardest-11plus.txt, about 1.2 CPU-s each): the kind of
# work Spark is for, where its fixed cost is small beside the rating.
#
# Needs Java and pyspark (scripts/spark/test.sh installs them) and the binary
# ($SUDOKU_BIN, default target/release/sudoku). PARTITIONS (default 2) sets the
# number of ranges.
#
#   timeout 900 scripts/spark/bench.sh
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
say() { printf 'spark bench: %s\n' "$*" >&2; }
die() { say "FAILED: $*"; exit 1; }

data=${SUDOKU_DATA:-$root/../shared/data}
bin=${SUDOKU_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/sudoku}
partitions=${PARTITIONS:-2}
python=${PYTHON:-python3}
[ -x "$bin" ] || die "no sudoku binary at $bin (cargo build --release -p sudoku-cli, or set SUDOKU_BIN)"
for f in top1465.txt 17-clue.txt; do
    [ -f "$data/$f" ] || die "no $data/$f (set SUDOKU_DATA)"
done
command -v java >/dev/null 2>&1 || die "no java: run scripts/spark/test.sh first, it installs it"
spark_home=$("$python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))' 2>/dev/null) ||
    die "no pyspark for $python: run scripts/spark/test.sh first, it installs it"
submit=$spark_home/bin/spark-submit
export PYSPARK_PYTHON=$python PYSPARK_DRIVER_PYTHON=$python SPARK_LOCAL_IP=127.0.0.1

work=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-spark-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
input=$work/puzzles.txt
# One top1465 puzzle after every 12 or 13 of 17-clue (whenever NR * 1465 / 18535
# passes an integer, exactly 1,465 times): 1,465 + 18,535 = 20,000.
awk -v hard="$data/top1465.txt" 'NR <= 18535 {
        print
        if (NR * 1465 % 18535 < 1465 && (getline h < hard) > 0) print h
    }' "$data/17-clue.txt" >"$input"
hard=${HARD:-0}
if [ "$hard" -gt 0 ]; then
    [ -f "$data/forum-hardest-11plus.txt" ] || die "no $data/forum-hardest-11plus.txt (set SUDOKU_DATA)"
    awk -v fh="$data/forum-hardest-11plus.txt" -v step=$((20000 / hard)) -v n="$hard" '
        NR % step == 0 && k < n && (getline h < fh) > 0 { print h; k++; next } { print }' \
        "$input" >"$input.mixed"
    mv "$input.mixed" "$input"
fi
lines=$(wc -l <"$input")
[ "$lines" = 20000 ] || die "built $lines lines, expected 20000"

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

submit_rate() {
    "$submit" --master 'local[2]' --conf spark.ui.enabled=false \
        scripts/spark/sudoku_pipe.py --bin "$bin" --input "$1" --output "$2" \
        --partitions "$partitions" -- rate --jobs 1 >"$2.log" 2>&1
}

say "20,000 puzzles ($hard of the forum's hardest), rate, $(nproc) cores, $partitions ranges"
t0=$(now)
"$bin" rate --jobs 2 <"$input" >"$work/local.tsv"
t1=$(now)
submit_rate "$input" "$work/spark" || { tail -20 "$work/spark.log" >&2; die "the Spark job failed"; }
t2=$(now)
head -1 "$input" >"$work/one.txt"
submit_rate "$work/one.txt" "$work/fixed" || { tail -20 "$work/fixed.log" >&2; die "the one-line Spark job failed"; }
t3=$(now)

cat "$work/spark"/part-* >"$work/spark.tsv"
cmp -s "$work/local.tsv" "$work/spark.tsv" || die "Spark's output differs from the local run's"

local_s=$(seconds "$t0" "$t1")
spark_s=$(seconds "$t1" "$t2")
fixed_s=$(seconds "$t2" "$t3")
overhead=$(awk -v l="$local_s" -v s="$spark_s" 'BEGIN { printf "%+.0f", (s - l) / l * 100 }')
echo "local:  sudoku rate --jobs 2                                   ${local_s} s"
echo "spark:  spark-submit --master local[2], $partitions ranges, rate --jobs 1   ${spark_s} s (${overhead} %)"
echo "spark fixed cost (one-line input, same command)                ${fixed_s} s"
echo "outputs identical: $(wc -l <"$work/local.tsv") lines"
