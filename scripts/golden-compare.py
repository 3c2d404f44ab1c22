#!/usr/bin/env python3
"""Compares two directories written by scripts/golden, file by file.

    scripts/golden-compare.py OLD NEW [--show N]

For a TSV file it counts, per column, the rows whose field differs; for a
JSON-lines file, per key (nested keys joined with '.', lists compared whole),
the lines whose value differs. Identical files are reported as such. The exit
status is 0 when every file is byte-identical, 1 otherwise, 2 on a usage
error or when a file is missing on one side.
"""

import json
import os
import sys


def tsv_diff(old_lines, new_lines):
    header_old = old_lines[0].rstrip("\n").split("\t") if old_lines else []
    header_new = new_lines[0].rstrip("\n").split("\t") if new_lines else []
    counts = {}
    examples = {}
    if header_old != header_new:
        counts["(header)"] = 1
        examples["(header)"] = [(1, "\t".join(header_old), "\t".join(header_new))]
    for n, (a, b) in enumerate(zip(old_lines[1:], new_lines[1:]), start=2):
        if a == b:
            continue
        fa = a.rstrip("\n").split("\t")
        fb = b.rstrip("\n").split("\t")
        for i in range(max(len(fa), len(fb))):
            x = fa[i] if i < len(fa) else None
            y = fb[i] if i < len(fb) else None
            if x != y:
                name = header_new[i] if i < len(header_new) else f"#{i}"
                counts[name] = counts.get(name, 0) + 1
                examples.setdefault(name, []).append((n, x, y))
    if len(old_lines) != len(new_lines):
        counts["(line count)"] = abs(len(old_lines) - len(new_lines))
    return counts, examples


def flatten(value, prefix=""):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            out.update(flatten(v, f"{prefix}{k}."))
        return out
    return {prefix.rstrip("."): value}


def jsonl_diff(old_lines, new_lines):
    counts = {}
    examples = {}
    for n, (a, b) in enumerate(zip(old_lines, new_lines), start=1):
        if a == b:
            continue
        try:
            fa = flatten(json.loads(a))
            fb = flatten(json.loads(b))
        except json.JSONDecodeError:
            counts["(not JSON)"] = counts.get("(not JSON)", 0) + 1
            continue
        keys = list(dict.fromkeys(list(fa) + list(fb)))
        for k in keys:
            if fa.get(k, "<absent>") != fb.get(k, "<absent>"):
                counts[k] = counts.get(k, 0) + 1
                examples.setdefault(k, []).append((n, fa.get(k, "<absent>"), fb.get(k, "<absent>")))
    if len(old_lines) != len(new_lines):
        counts["(line count)"] = abs(len(old_lines) - len(new_lines))
    return counts, examples


def short(v, width=60):
    s = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v
    return s if len(s) <= width else s[: width - 1] + "…"


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    show = 2
    if "--show" in argv:
        i = argv.index("--show")
        try:
            show = int(argv[i + 1])
            args.remove(argv[i + 1])
        except (IndexError, ValueError):
            print("golden-compare: --show takes a number", file=sys.stderr)
            return 2
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new = args
    names = sorted(
        f for f in set(os.listdir(old)) | set(os.listdir(new)) if f != "SHA256SUMS"
    )
    status = 0
    for name in names:
        a, b = os.path.join(old, name), os.path.join(new, name)
        if not (os.path.exists(a) and os.path.exists(b)):
            print(f"{name}: only in {'new' if os.path.exists(b) else 'old'}")
            status = 2
            continue
        with open(a, encoding="utf-8") as fa, open(b, encoding="utf-8") as fb:
            old_lines, new_lines = fa.readlines(), fb.readlines()
        if old_lines == new_lines:
            print(f"{name}: identical ({len(old_lines)} lines)")
            continue
        status = max(status, 1)
        differ = tsv_diff if name.endswith(".tsv") else jsonl_diff
        counts, examples = differ(old_lines, new_lines)
        summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
        print(f"{name}: {summary}")
        for k in counts:
            for n, x, y in examples.get(k, [])[:show]:
                print(f"    {k} line {n}: {short(x)} -> {short(y)}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
