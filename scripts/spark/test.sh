#!/usr/bin/env bash
# Checks scripts/spark/sudoku_pipe.py end to end on a local Spark (local[2]):
# the part files, concatenated, must be byte-identical to the local run, with
# the same exit status, for
# - solve (line and grid formats), count, rate and explain --format json over 3
#   to 5 ranges of a file that starts with a UTF-8 byte-order mark and lines of
#   bytes that are not text (0xff and other invalid UTF-8, also in a comment and
#   in a field after the puzzle; NUL; a CR alone and inside a line; a second
#   byte-order mark), then a line of 70,000 characters, data/spark-input.txt
#   (bad lines, comments, blank lines, CR LF) and a last line ending in CR
#   without "\n". Spark reads it in 16 KB splits, so that split boundaries cut
#   lines, the long one several times;
# - rate with more ranges than lines, on an empty file and on a file that is a
#   byte-order mark alone (the header once, every line answered once);
# - gen with fewer puzzles than ranges, for each --format (the TSV header once).
# The usage errors and a failing binary must give a clear message and status 2.
# The Spark jobs run two at a time (one spends much of its time starting up on
# one core).
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
# Quiet and quick: no UI, loopback only (no network is needed for local[2]);
# the JVM's quick compiler only, as each job is over in seconds (about a third
# less CPU time).
export SPARK_LOCAL_IP=127.0.0.1
spark=("$submit" --master 'local[2]' --conf spark.ui.enabled=false
    --driver-java-options -XX:TieredStopAtLevel=1)

bin=${SUDOKU_BIN:-${CARGO_TARGET_DIR:-$root/target}/release/sudoku}
if [ ! -x "$bin" ]; then
    say "building $bin"
    cargo build --release -p sudoku-cli
fi
[ -x "$bin" ] || die "no sudoku binary at $bin (set SUDOKU_BIN)"

work=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-spark-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- the inputs
p=900630000000409700070005030321000000000000007000000050003000610050080043806140000
input=$work/input.txt
{
    printf '\xef\xbb\xbf%s\n' "$p"                                    # a byte-order mark first
    printf '\xff%s\n' "${p:1}"                                        # 0xff as the first cell
    printf '%s\xff\n' "$p"                                            # ... after the 81st
    printf '%s\xc3\x28%s\n' "${p:0:40}" "${p:42}"                     # a broken 2-byte sequence
    printf '# caf\xe9, \xed\xa0\x80, \xc0\xaf, \xfe\xff, NUL \x00\n'  # invalid UTF-8 in a comment
    printf '%s\tcaf\xe9 \xff\n' "$p"                                  # ... in a field after the puzzle
    printf '\x00\n%s\x00\n' "$p"                                      # NUL alone, NUL after a puzzle
    printf '\r\n%s\r%s\n' "$p" "$p"                                   # a CR alone; a CR inside a line
    printf '\xef\xbb\xbf%s\n' "$p"                                    # a byte-order mark inside the file
    printf '%*s\n' 70000 '' | tr ' ' .                                # a line of 70,000 characters
    cat "$root/data/spark-input.txt"; echo                            # its last line has no "\n"
    printf '%s\r' "$p"                                                # CR, and no final "\n"
} >"$input"
tiny=$work/tiny.txt
printf '# three lines, six ranges\n%s\n%s' "$p" "${p:0:80}" >"$tiny"
empty=$work/empty.txt
: >"$empty"
bom=$work/bom.txt
printf '\xef\xbb\xbf' >"$bom"

# pipe NAME PARTITIONS [INPUT|-] -- SUBCOMMAND ARGS...: runs the Spark job into
# $work/NAME, its status in $work/NAME.rc, its log in $work/NAME.log.
pipe() {
    local name=$1 parts=$2 in=$3
    shift 3
    local input_opt=()
    [ "$in" = - ] || input_opt=(--input "$in")
    local rc=0
    # Small input splits, as a big file has many: the lines cut by their
    # boundaries and their numbering across splits are tested too.
    "${spark[@]}" --conf spark.sql.files.maxPartitionBytes=16384 \
        scripts/spark/sudoku_pipe.py --bin "$bin" "${input_opt[@]}" \
        --output "$work/$name" --partitions "$parts" "$@" >"$work/$name.log" 2>&1 || rc=$?
    echo "$rc" >"$work/$name.rc"
}

# same NAME PARTS IN -- SUBCOMMAND ARGS...: Spark's output and status equal the
# local run's on IN (- for gen: no input), over at least $min_ranges part
# files (default 3).
same() {
    local name=$1 parts=$2 in=$3
    shift 4
    local rc=0 from=$in
    [ "$in" != - ] || from=/dev/null
    "$bin" "$@" <"$from" >"$work/$name.local" 2>"$work/$name.local.err" || rc=$?
    pipe "$name" "$parts" "$in" -- "$@"
    local got
    got=$(cat "$work/$name.rc")
    [ -f "$work/$name/_SUCCESS" ] || { cat "$work/$name.log" >&2; die "$*: the Spark job wrote no output (status $got)"; }
    local n
    n=$(find "$work/$name" -name 'part-*' | wc -l)
    [ "$n" -ge "${min_ranges:-3}" ] || die "$*: expected ${min_ranges:-3} or more part files, got $n"
    cat "$work/$name"/part-* >"$work/$name.spark"
    if ! cmp -s "$work/$name.local" "$work/$name.spark"; then
        diff -a "$work/$name.local" "$work/$name.spark" | head -20 >&2 || true
        die "$*: Spark's output differs from the local run's (< local, > Spark)"
    fi
    [ "$got" = "$rc" ] || die "$*: Spark's exit status $got, the local run's $rc"
    local on="on ${in##*/}"
    [ "$in" != - ] || on="without input"
    say "ok: $* $on ($n part files, $(wc -l <"$work/$name.local") lines, status $rc)"
}

# check ARGS...: `same ARGS...` in the background, two at a time; done_checks
# waits for the last ones. A failed check fails the test.
running=0
check() {
    if [ "$running" -ge 2 ]; then
        wait -n || die "a check failed (see above)"
        running=$((running - 1))
    fi
    same "$@" &
    running=$((running + 1))
}
done_checks() {
    while [ "$running" -gt 0 ]; do
        wait -n || die "a check failed (see above)"
        running=$((running - 1))
    done
}

# --- line filters: identical to the local run
check solve 3 "$input" -- solve
check count 4 "$input" -- count --limit 2
check rate 3 "$input" -- rate
check explain 4 "$input" -- explain --format json
# Grids are separated by blank lines: each range after the first starts with one.
check grid 5 "$input" -- solve --format grid
# Ranges are never empty: one per line here, and the header comes once.
check tiny 6 "$tiny" -- rate
# Nothing to read: the first range alone writes the header.
min_ranges=1 check empty 3 "$empty" -- rate
# Hadoop's reader drops the mark and finds no line; the binary reads one.
min_ranges=1 check bom 3 "$bom" -- rate

# --- gen: equal to the local run of the same seed, for each format; the
# ranges without puzzles do not run (a second TSV header), those with puzzles
# after the first leave the header out.
check gen-tsv 8 - -- gen --count 5 --seed 7 --level hard --format tsv
min_ranges=2 check gen-json 4 - -- gen --count 2 --seed 8 --format json
min_ranges=1 check gen-line 3 - -- gen --count 1 --seed 9
done_checks

# --- clear errors
# expect_error STATUS MESSAGE ARGS...: sudoku_pipe.py fails with STATUS and MESSAGE.
expect_error() {
    local want=$1 message=$2
    shift 2
    local rc=0
    "${spark[@]}" scripts/spark/sudoku_pipe.py "$@" >"$work/err.log" 2>&1 || rc=$?
    [ "$rc" = "$want" ] || { cat "$work/err.log" >&2; die "$*: status $rc, expected $want"; }
    grep -qF -- "$message" "$work/err.log" || { cat "$work/err.log" >&2; die "$*: no message '$message'"; }
    say "ok: error '$message'"
}
# expect_usage_error MESSAGE ARGS...: refused with status 2 before Spark starts,
# so plain Python runs the script (spark-submit would add seconds, not checks).
expect_usage_error() {
    local message=$1
    shift
    local rc=0
    "$python" scripts/spark/sudoku_pipe.py "$@" >"$work/err.log" 2>&1 || rc=$?
    [ "$rc" = 2 ] || { cat "$work/err.log" >&2; die "$*: status $rc, expected 2"; }
    grep -qF -- "$message" "$work/err.log" || { cat "$work/err.log" >&2; die "$*: no message '$message'"; }
    say "ok: error '$message'"
}
expect_usage_error "--bin $work/nothing: no such file" \
    --bin "$work/nothing" --input "$input" --output "$work/e1" -- rate
expect_usage_error "--input $work/nothing.txt: no such file" \
    --bin "$bin" --input "$work/nothing.txt" --output "$work/e2" -- rate
expect_usage_error "--output $work/rate: already exists" \
    --bin "$bin" --input "$input" --output "$work/rate" -- rate
expect_usage_error "gen needs --seed" --bin "$bin" --output "$work/e3" -- gen --count 3
cp "$tiny" "$work/_tiny.txt"
expect_usage_error "Spark's file reader skips a file whose name starts with" \
    --bin "$bin" --input "$work/_tiny.txt" --output "$work/e5" -- rate
# The binary itself refuses its arguments: every range fails, so does the job.
expect_error 2 "exited with status 2" \
    --bin "$bin" --input "$input" --output "$work/e4" -- rate --mode fast
[ ! -e "$work/e4" ] || die "a failed job left its incomplete output in $work/e4"

say "all passed in $((SECONDS - start)) s"
