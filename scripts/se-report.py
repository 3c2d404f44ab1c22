#!/usr/bin/env python3
"""Per-band exactness of our Sudoku Explainer rating against serate's.

Reads a TSV of puzzles rated by Sudoku Explainer's `serate` (columns puzzle,
ER, EP, ED; a header line starting with "puzzle" and rows whose ER is not a
number, e.g. TIMEOUT, are skipped), rates the puzzles with `sudoku rate`, and
prints for each ER band (<= 6.5, 6.6-8.9, 9.0-10.9, >= 11.0) how many ER, EP and ED values
are exactly equal, plus the mean absolute ER error. With --list it also prints
every puzzle whose ER differs.

    scripts/se-report.py data/se-golden.tsv
    scripts/se-report.py --bin target/release/sudoku --jobs 1 --list FILE.tsv

It is a measuring tool for BENCHMARKS.md, not a test: the golden test in
crates/sudoku-rate compares the same values exactly.
"""

import argparse
import subprocess
import sys

BANDS = [
    ("<= 6.5", 0.0, 6.5),
    ("6.6-8.9", 6.6, 8.9),
    ("9.0-10.9", 9.0, 10.9),
    (">= 11.0", 11.0, 99.0),
]


def read_rated(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if not fields[0] or fields[0].startswith("#") or fields[0] == "puzzle":
                continue
            if len(fields) < 4:
                sys.exit(f"{path}:{n}: expected puzzle, ER, EP, ED")
            try:
                er, ep, ed = (float(x) for x in fields[1:4])
            except ValueError:
                continue
            rows.append((fields[0], er, ep, ed))
    return rows


def rate(binary, jobs, puzzles):
    # The defaults a user runs: the SE walk takes the grid as given, as
    # serate rates exactly the grid it is handed (its path, and sometimes its
    # ER, depends on the orientation).
    cmd = [binary, "rate", "--jobs", str(jobs), "-"]
    out = subprocess.run(
        cmd, input="\n".join(puzzles) + "\n", capture_output=True, text=True
    )
    lines = out.stdout.splitlines()
    if not lines:
        sys.exit(f"{' '.join(cmd)} printed nothing: {out.stderr.strip()}")
    header = lines[0].split("\t")
    try:
        cols = [header.index(c) for c in ("se", "se_ep", "se_ed")]
    except ValueError:
        sys.exit(f"no se/se_ep/se_ed columns in: {lines[0]}")
    got = []
    for line in lines[1:]:
        f = line.split("\t")
        try:
            got.append(tuple(float(f[c]) for c in cols))
        except (ValueError, IndexError):
            got.append(None)
    if len(got) != len(puzzles):
        sys.exit(f"{len(puzzles)} puzzles but {len(got)} rated lines")
    return got


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("--bin", default="target/release/sudoku")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="print every ER mismatch")
    args = ap.parse_args()

    rows = read_rated(args.file)
    got = rate(args.bin, args.jobs, [r[0] for r in rows])
    print(f"{'band':<9} {'n':>5} {'ER exact':>9} {'EP exact':>9} {'ED exact':>9} {'ER MAE':>7}")
    total = [0, 0, 0, 0]
    for name, lo, hi in BANDS:
        n = er_ok = ep_ok = ed_ok = 0
        err = 0.0
        for (p, er, ep, ed), g in zip(rows, got):
            if not lo - 1e-9 <= er <= hi + 1e-9:
                continue
            n += 1
            if g is None:
                err += er
                continue
            er_ok += abs(g[0] - er) < 0.05
            ep_ok += abs(g[1] - ep) < 0.05
            ed_ok += abs(g[2] - ed) < 0.05
            err += abs(g[0] - er)
        if n == 0:
            continue
        for i, v in enumerate((n, er_ok, ep_ok, ed_ok)):
            total[i] += v
        print(
            f"{name:<9} {n:>5} {100 * er_ok / n:>8.1f}% {100 * ep_ok / n:>8.1f}% "
            f"{100 * ed_ok / n:>8.1f}% {err / n:>7.3f}"
        )
    n = total[0]
    if n:
        print(
            f"{'all':<9} {n:>5} {100 * total[1] / n:>8.1f}% {100 * total[2] / n:>8.1f}% "
            f"{100 * total[3] / n:>8.1f}%"
        )
    eleven = [g for (p, er, _, _), g in zip(rows, got) if er >= 11.0]
    if eleven:
        ok = sum(1 for g in eleven if g is not None and g[0] >= 11.0 - 1e-9)
        print(f"serate ER >= 11.0: {ok} of {len(eleven)} rated >= 11.0 by us")
    if args.list:
        for (p, er, ep, ed), g in zip(rows, got):
            if g is None or abs(g[0] - er) >= 0.05:
                print(f"{p}\tserate {er}/{ep}/{ed}\tours {g}")


if __name__ == "__main__":
    main()
