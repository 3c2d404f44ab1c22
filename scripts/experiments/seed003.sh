#!/usr/bin/env bash
# Seed 003's generator experiments, repeated with the `sudoku` command.
#
# The 2018 student project "Das Lösen und Generieren von Sudokus" tried five
# naive ways of making a puzzle with N clues (Tests 1-5) and, for each N, counted
# how many of 500 puzzles had no, one or several solutions; then it timed its
# final generator (Table 5). This script does the same: `sudoku gen --raw
# METHOD` makes the unchecked puzzles, `sudoku count --limit 2` tells 0, 1 or 2+
# solutions (`invalid` for clashing clues, which the project counted as "no
# solution"), and plain `sudoku gen --clues N` is timed. It prints a Markdown
# table per test with the seed's figures beside ours.
#
# Usage: scripts/experiments/seed003.sh [BIN] [OUTDIR]
#   BIN     a release `sudoku` binary (default target/release/sudoku; built with
#           `cargo build --release -p sudoku-cli` when missing)
#   OUTDIR  where the tables go (default target/seed003): seed003.md (what is
#           printed) and counts.tsv (test, clues, clashing, none, one, several,
#           seconds to generate)
# Environment:
#   SEED003_QUICK=1      4 puzzles at a few clue counts (a smoke test, seconds)
#   SEED003_SAMPLES=K    puzzles per clue count (default 500, as the seed)
#   SEED003_JOBS=J       worker threads of gen and count (default 2)
#
# Deterministic: puzzle i of test T at N clues comes from seed T*1000+N, so the
# tables are the same on every machine (the timings are not).
set -euo pipefail
cd "$(dirname "$0")/../.."

BIN=${1:-target/release/sudoku}
OUT=${2:-target/seed003}
JOBS=${SEED003_JOBS:-2}
if [[ ! -x $BIN ]]; then
  if [[ $BIN == target/release/sudoku ]]; then
    cargo build --release -p sudoku-cli >&2
  else
    echo "seed003.sh: $BIN is not an executable sudoku binary" >&2
    exit 2
  fi
fi
mkdir -p "$OUT"

if [[ ${SEED003_QUICK:-0} == 1 ]]; then
  SAMPLES=${SEED003_SAMPLES:-4}
  ALL=(17 30 45 81)
  UP_TO_64=(17 30 45 60)
  TIMED=(80 30 22)
  TIMED_COUNT=2
else
  SAMPLES=${SEED003_SAMPLES:-500}
  ALL=($(seq 17 81))
  UP_TO_64=($(seq 17 64))
  TIMED=($(seq 80 -1 18))
  TIMED_COUNT=10
fi

# The seed's figures (Tables 1 to 6 of the project; "-" where a table has no
# such column; Test 1's "none" is its text's "never"): test clues none one
# several, time clues s, and pred clues s (its extrapolation below 23 clues).
SEED=$(
  cat <<'EOF'
t1 17 0 0 500
t1 18 0 0 500
t1 19 0 0 500
t1 20 0 0 500
t1 21 0 0 500
t1 22 0 0 500
t1 23 0 0 500
t1 24 0 0 500
t1 25 0 0 500
t1 26 0 0 500
t1 27 0 1 499
t1 28 0 2 498
t1 29 0 1 499
t1 30 0 6 494
t1 31 0 12 488
t1 32 0 19 481
t1 33 0 32 468
t1 34 0 42 458
t1 35 0 56 444
t1 36 0 72 428
t1 37 0 110 390
t1 38 0 133 367
t1 39 0 139 361
t1 40 0 155 345
t1 41 0 192 308
t1 42 0 194 306
t1 43 0 261 239
t1 44 0 258 242
t1 45 0 281 219
t1 46 0 304 196
t1 47 0 337 163
t1 48 0 350 150
t1 49 0 390 110
t1 50 0 383 117
t1 51 0 409 91
t1 52 0 415 85
t1 53 0 430 70
t1 54 0 432 68
t1 55 0 437 63
t1 56 0 455 45
t1 57 0 455 45
t1 58 0 476 24
t1 59 0 472 28
t1 60 0 481 19
t1 61 0 484 16
t1 62 0 487 13
t1 63 0 485 15
t1 64 0 493 7
t1 65 0 494 6
t1 66 0 496 4
t1 67 0 497 3
t1 68 0 498 2
t1 69 0 498 2
t1 70 0 497 3
t1 71 0 499 1
t1 72 0 499 1
t1 73 0 500 0
t1 74 0 500 0
t1 75 0 500 0
t1 76 0 500 0
t1 77 0 500 0
t1 78 0 500 0
t1 79 0 500 0
t1 80 0 500 0
t1 81 0 500 0
t3 17 482 - 18
t3 18 490 - 10
t3 19 494 - 6
t3 20 497 - 3
t3 21 498 - 2
t3 22 500 - 0
t3 23 500 - 0
t3 24 499 - 1
t4 17 43 0 457
t4 18 49 0 451
t4 19 66 0 434
t4 20 118 0 328
t4 21 177 0 323
t4 22 222 0 278
t4 23 276 0 224
t4 24 309 1 190
t4 25 349 1 150
t4 26 402 3 95
t4 27 444 2 54
t4 28 476 1 32
t4 29 484 1 15
t4 30 486 0 14
t4 31 495 1 4
t4 32 498 0 2
t4 33 498 2 0
t4 34 499 0 1
t4 40 499 0 1
t5 26 0 1 499
t5 27 0 1 499
t5 30 0 7 493
t5 31 0 14 486
t5 32 0 15 485
t5 33 0 28 472
t5 34 0 36 464
t5 35 0 51 449
t5 36 0 76 424
t5 37 0 101 399
t5 38 0 122 378
t5 39 0 127 373
t5 40 0 176 324
t5 41 0 200 300
t5 42 0 232 268
t5 43 0 257 243
t5 44 0 279 221
t5 45 0 299 201
t5 46 0 308 192
t5 47 0 360 140
t5 48 0 352 148
t5 49 0 366 134
t5 50 0 386 114
t5 51 0 382 118
t5 52 0 413 87
t5 53 0 424 76
t5 54 0 437 63
t5 55 0 442 58
t5 56 0 455 45
t5 57 0 454 46
t5 58 0 470 30
t5 59 0 469 31
t5 60 0 481 19
t5 61 0 485 15
t5 62 0 490 10
t5 63 0 491 9
t5 64 0 490 10
t5 65 0 495 5
t5 66 0 495 5
t5 67 0 497 3
t5 68 0 498 2
t5 69 0 498 2
t5 70 0 498 2
t5 71 0 498 2
t5 72 0 500 0
t5 73 0 499 1
time 80 1.03403
time 79 1.10402
time 78 1.53644
time 77 0.989198
time 76 0.612966
time 75 1.29637
time 74 0.901748
time 73 1.34847
time 72 0.690683
time 71 1.6792
time 70 1.56272
time 69 0.938932
time 68 0.944088
time 67 1.30951
time 66 0.96713
time 65 0.944723
time 64 1.39247
time 63 1.45519
time 62 1.03778
time 61 0.82795
time 60 0.94286
time 59 1.34372
time 58 1.07094
time 57 1.47251
time 56 1.45377
time 55 0.693218
time 54 1.79904
time 53 1.42496
time 52 1.11893
time 51 1.1274
time 50 1.30292
time 49 1.67659
time 48 1.43225
time 47 0.972792
time 46 1.13527
time 45 1.2558
time 44 1.59889
time 43 1.35533
time 42 1.53328
time 41 1.72123
time 40 1.85863
time 39 1.6066
time 38 1.57956
time 37 1.63667
time 36 2.48357
time 35 1.68177
time 34 2.34702
time 33 2.39511
time 32 2.39473
time 31 2.75102
time 30 2.77993
time 29 3.47958
time 28 4.57682
time 27 6.70901
time 26 4.91641
time 25 11.8449
time 24 53.1209
time 23 239.642
pred 22 992
pred 21 4539
pred 20 20781
pred 19 95147
pred 18 435655
EOF
)

# The seed's figure for test $1 at $2 clues, column $3 (3 none, 4 one, 5
# several). The rows left out above repeat the seed's run of 500s (Tests 3
# and 4: all without a solution; Test 5: all several below 30 clues, all one
# above); Test 2 has no table.
seed_fig() {
  local fig
  fig=$(awk -v t="$1" -v n="$2" -v c="$3" '$1 == t && $2 == n { print $c }' <<<"$SEED")
  if [[ -n $fig ]]; then
    echo "$fig"
    return
  fi
  case "$1:$3" in
    t2:*) echo "-" ;;
    t1:4) echo 500 ;;
    t1:5) echo 0 ;;
    t3:3 | t4:3) echo 500 ;;
    t3:4) echo "-" ;;
    t3:5 | t4:4 | t4:5) echo 0 ;;
    t5:3) echo 0 ;;
    t5:4) if (($2 < 30)); then echo 0; else echo 500; fi ;;
    t5:5) if (($2 < 30)); then echo 500; else echo 0; fi ;;
  esac
}

now() { date +%s.%N; }

# Runs test $1 (method $2) at $3 clues: one TSV row in counts.tsv and the
# counts "clashing none one several seconds" on stdout.
measure() {
  local t=$1 method=$2 n=$3 seed=$((${1#t} * 1000 + $3)) start end file
  file=$(mktemp)
  start=$(now)
  "$BIN" gen --raw "$method" --clues "$n" --count "$SAMPLES" --seed "$seed" \
    --jobs "$JOBS" --timeout 600 >"$file"
  end=$(now)
  # `count` exits 1 when a line is invalid or has no solution: expected here.
  { "$BIN" count --limit 2 --jobs "$JOBS" "$file" 2>&1 || true; } |
    awk -v s="$start" -v e="$end" '
      /^invalid/ { clash++; next }
      $1 == "0" { none++ } $1 == "1" { one++ } $1 == "2" { several++ }
      END { printf "%d %d %d %d %.2f\n", clash, none, one, several, e - s }'
  rm -f "$file"
}

rows=$OUT/counts.tsv
printf 'test\tclues\tclashing\tnone\tone\tseveral\tgen_seconds\n' >"$rows"

# A table of test $1 (method $2) over the clue counts after $3 (the heading).
table() {
  local t=$1 method=$2 heading=$3
  shift 3
  local n clash none one several secs sum_one=0 sum_sev=0 sum_none=0
  printf '\n### %s\n\n' "$heading"
  echo "\`sudoku gen --raw $method --clues N --count $SAMPLES --seed ${t#t}0NN | sudoku count --limit 2\`"
  echo
  echo "| clues | seed: none | seed: one | seed: 2+ | ours: none (clashing) | ours: one | ours: 2+ | ours: gen s |"
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
  for n in "$@"; do
    read -r clash none one several secs < <(measure "$t" "$method" "$n")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$n" "$clash" "$none" "$one" "$several" "$secs" >>"$rows"
    printf '| %s | %s | %s | %s | %s (%s) | %s | %s | %s |\n' "$n" \
      "$(seed_fig "$t" "$n" 3)" "$(seed_fig "$t" "$n" 4)" "$(seed_fig "$t" "$n" 5)" \
      "$((clash + none))" "$clash" "$one" "$several" "$secs"
    sum_none=$((sum_none + clash + none))
    sum_one=$((sum_one + one))
    sum_sev=$((sum_sev + several))
  done
  echo
  echo "Ours in total: $sum_none without a solution, $sum_one with one, $sum_sev with two or more ($SAMPLES puzzles per clue count)."
}

# The final generator's time per unique puzzle with N clues (the seed's Table 5:
# ten puzzles per N, one after the other).
timings() {
  local n start end
  printf '\n### Table 5: time to generate one unique puzzle with N clues\n\n'
  echo "\`sudoku gen --clues N --count $TIMED_COUNT --jobs 1 --seed N\` (wall time / $TIMED_COUNT, process start included)"
  echo
  echo "| clues | seed: s per puzzle | ours: ms per puzzle |"
  echo "|---:|---:|---:|"
  for n in "${TIMED[@]}"; do
    start=$(now)
    if "$BIN" gen --clues "$n" --count "$TIMED_COUNT" --jobs 1 --seed "$n" --timeout 600 \
      >/dev/null 2>&1; then
      end=$(now)
      ours=$(awk -v s="$start" -v e="$end" -v k="$TIMED_COUNT" 'BEGIN { printf "%.1f", (e - s) * 1000 / k }')
    else
      ours="not all within 600 s"
    fi
    printf '| %s | %s | %s |\n' "$n" \
      "$(awk -v n="$n" '$1 == "time" && $2 == n { print $3 }
        $1 == "pred" && $2 == n { print $3 " (extrapolated)" }' <<<"$SEED")" "$ours"
  done
}

{
  echo "## Seed 003's generator experiments ($SAMPLES puzzles per clue count)"
  table t1 remove "Test 1: clues removed at random from a solution grid" "${ALL[@]}"
  table t2 add "Test 2: random digits added at random, no rule (the seed gives only a total: 16 with 2+)" "${ALL[@]}"
  table t3 add-distinct "Test 3: added, the first eight digits different (seed: 40 with 2+ in total)" "${ALL[@]}"
  table t4 add-consistent "Test 4: added, no clue clashing (the seed stopped at 64)" "${UP_TO_64[@]}"
  table t5 remove-unavoidable "Test 5: removed, never the last clue of an unavoidable rectangle" "${ALL[@]}"
  timings
} | tee "$OUT/seed003.md"
