#!/usr/bin/env bash
# Checks scripts/spark/sudoku_pipe.py end to end on a local Spark (local[2]):
# for solve (line and grid formats), count, rate and explain --format json the
# part files, concatenated, must be byte-identical to the local run on
# data/spark-input.txt (bad lines, comments, blank lines, CR LF, no final
# newline; 3 to 5 ranges), with the same exit status; gen with one seed must give the same output on two runs with
# different range counts, equal to the local gen; the usage errors and a failing
# binary must give a clear message and status 2.
#
# Installs what is missing: Java (Debian's openjdk-17-jre-headless) and pyspark
# (pip; a venv in target/spark-venv when the system Python refuses). The binary
# is $SUDOKU_BIN, default target/release/sudoku (built if absent).
#
# Run from anywhere: scripts/spark/test.sh
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
say() { printf 'spark test: %s\n' "$*" >&2; }
die() { say "FAILED: $*"; exit 1; }
start=$SECONDS

# --- what the test needs
if ! command -v java >/dev/null 2>&1; then
    say "installing Java (openjdk-17-jre-headless)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
python=${PYTHON:-python3}
if ! "$python" -c 'import pyspark' 2>/dev/null; then
    say "installing pyspark"
    if ! "$python" -m pip install --quiet pyspark 2>/dev/null; then
        venv=$root/target/spark-venv
        [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
        python=$venv/bin/python
        "$python" -c 'import pyspark' 2>/dev/null || "$python" -m pip install --quiet pyspark
    fi
fi
spark_home=$("$python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')
submit=$spark_home/bin/spark-submit
[ -x "$submit" ] || die "no spark-submit in $spark_home/bin"
export PYSPARK_PYTHON=$python PYSPARK_DRIVER_PYTHON=$python
# Quiet and quick: no UI, loopback only (no network is needed for local[2]).
export SPARK_LOCAL_IP=127.0.0.1

bin=${SUDOKU_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/sudoku}
if [ ! -x "$bin" ]; then
    say "building $bin"
    cargo build --release -p sudoku-cli
fi
[ -x "$bin" ] || die "no sudoku binary at $bin (set SUDOKU_BIN)"

input=$root/data/spark-input.txt
work=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-spark-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

# pipe NAME PARTITIONS [INPUT|-] -- SUBCOMMAND ARGS...: runs the Spark job into
# $work/NAME, its status in $work/NAME.rc, its log in $work/NAME.log.
pipe() {
    local name=$1 parts=$2 in=$3
    shift 3
    local input_opt=()
    [ "$in" = - ] || input_opt=(--input "$in")
    local rc=0
    "$submit" --master 'local[2]' --conf spark.ui.enabled=false \
        scripts/spark/sudoku_pipe.py --bin "$bin" "${input_opt[@]}" \
        --output "$work/$name" --partitions "$parts" "$@" >"$work/$name.log" 2>&1 || rc=$?
    echo "$rc" >"$work/$name.rc"
}

# same NAME PARTS -- SUBCOMMAND ARGS...: Spark's output and status equal the
# local run's on $input.
same() {
    local name=$1 parts=$2
    shift 3
    local rc=0
    "$bin" "$@" <"$input" >"$work/$name.local" 2>"$work/$name.local.err" || rc=$?
    pipe "$name" "$parts" "$input" -- "$@"
    local got
    got=$(cat "$work/$name.rc")
    [ -f "$work/$name/_SUCCESS" ] || { cat "$work/$name.log" >&2; die "$*: the Spark job wrote no output (status $got)"; }
    local n
    n=$(ls "$work/$name"/part-* | wc -l)
    [ "$n" -ge 3 ] || die "$*: expected 3 or more part files, got $n"
    cat "$work/$name"/part-* >"$work/$name.spark"
    if ! cmp -s "$work/$name.local" "$work/$name.spark"; then
        diff "$work/$name.local" "$work/$name.spark" | head -20 >&2 || true
        die "$*: Spark's output differs from the local run's (< local, > Spark)"
    fi
    [ "$got" = "$rc" ] || die "$*: Spark's exit status $got, the local run's $rc"
    say "ok: $* ($n ranges, $(wc -l <"$work/$name.local") lines, status $rc)"
}

# --- line filters: identical to the local run
same solve 3 -- solve
same count 4 -- count --limit 2
same rate 3 -- rate
same explain 4 -- explain --format json
# Grids are separated by blank lines: each range after the first starts with one.
same grid 5 -- solve --format grid

# --- gen: reproducible, and equal to the local run of the same seed
gen_args=(gen --count 14 --seed 7 --level hard --format tsv)
"$bin" "${gen_args[@]}" >"$work/gen.local"
pipe gen3 3 - -- "${gen_args[@]}"
pipe gen4 4 - -- "${gen_args[@]}"
for run in gen3 gen4; do
    [ "$(cat "$work/$run.rc")" = 0 ] || { cat "$work/$run.log" >&2; die "gen ($run) exited with $(cat "$work/$run.rc")"; }
    cat "$work/$run"/part-* >"$work/$run.spark"
done
cmp -s "$work/gen3.spark" "$work/gen4.spark" || die "gen with one seed differs between 3 and 4 ranges"
cmp -s "$work/gen.local" "$work/gen3.spark" || {
    diff "$work/gen.local" "$work/gen3.spark" | head >&2 || true
    die "gen on Spark differs from the local gen with the same seed"
}
say "ok: ${gen_args[*]} (3 and 4 ranges, identical to the local run)"

# --- clear errors
# expect_error STATUS MESSAGE ARGS...: sudoku_pipe.py fails with STATUS and MESSAGE.
expect_error() {
    local want=$1 message=$2
    shift 2
    local rc=0
    "$submit" --master 'local[2]' --conf spark.ui.enabled=false \
        scripts/spark/sudoku_pipe.py "$@" >"$work/err.log" 2>&1 || rc=$?
    [ "$rc" = "$want" ] || { cat "$work/err.log" >&2; die "$*: status $rc, expected $want"; }
    grep -qF -- "$message" "$work/err.log" || { cat "$work/err.log" >&2; die "$*: no message '$message'"; }
    say "ok: error '$message'"
}
expect_error 2 "--bin $work/nothing: no such file" \
    --bin "$work/nothing" --input "$input" --output "$work/e1" -- rate
expect_error 2 "--input $work/nothing.txt: no such file" \
    --bin "$bin" --input "$work/nothing.txt" --output "$work/e2" -- rate
expect_error 2 "--output $work/rate: already exists" \
    --bin "$bin" --input "$input" --output "$work/rate" -- rate
expect_error 2 "gen needs --seed" --bin "$bin" --output "$work/e3" -- gen --count 3
# The binary itself refuses its arguments: every range fails, so does the job.
expect_error 2 "exited with status 2" \
    --bin "$bin" --input "$input" --output "$work/e4" -- rate --mode fast
[ ! -e "$work/e4" ] || die "a failed job left its incomplete output in $work/e4"

say "all passed in $((SECONDS - start)) s"
