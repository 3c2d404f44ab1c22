#!/usr/bin/env python3
"""Exact-match rates of our Sudoku Explainer walk against serate, per ER band.

Usage: SUDOKU=path/to/sudoku python3 scripts/se_compare.py REF.tsv [limit]
REF rows: puzzle, ER, EP, ED (or puzzle, level, ER, EP, ED; a header is skipped).
Mismatches go to /tmp/se_bad.txt.
"""
import os, sys, subprocess, collections
ref = []
for line in open(sys.argv[1]):
    f = line.rstrip('\n').split('\t')
    if len(f) < 4 or not (f[0][:1].isdigit() or f[0][:1] == '.'):
        continue
    try:
        if len(f) >= 5 and f[1] in ('Easy','Medium','Hard','Unfair','Extreme'):
            er, ep, ed = float(f[2]), float(f[3]), float(f[4])
        else:
            er, ep, ed = float(f[1]), float(f[2]), float(f[3])
    except ValueError:
        continue
    ref.append((f[0], er, ep, ed))
lim = int(sys.argv[2]) if len(sys.argv) > 2 else len(ref)
ref = ref[:lim]
inp = '\n'.join(p for p, *_ in ref) + '\n'
out = subprocess.run([os.environ.get('SUDOKU', 'target/release/sudoku'), 'rate', '--jobs', '2', '--format', 'tsv'],
                     input=inp, capture_output=True, text=True).stdout.splitlines()
hdr = out[0].split('\t'); rows = [dict(zip(hdr, l.split('\t'))) for l in out[1:]]
bands = collections.defaultdict(lambda: [0, 0, 0, 0])
bad = []
for (p, er, ep, ed), r in zip(ref, rows):
    b = '<=6.5' if er <= 6.5 else ('6.6-8.9' if er < 9.0 else '>=9.0')
    try:
        me = (float(r['se']), float(r['se_ep']), float(r['se_ed']))
    except (ValueError, KeyError):
        me = (None, None, None)
    s = bands[b]; s[0] += 1
    s[1] += me[0] == er; s[2] += me[1] == ep; s[3] += me[2] == ed
    if me != (er, ep, ed):
        bad.append((p, (er, ep, ed), me))
tot = [0, 0, 0, 0]
for b in ['<=6.5', '6.6-8.9', '>=9.0']:
    s = bands[b]
    if s[0]:
        print(f"{b:8} n={s[0]:4} ER {100*s[1]/s[0]:5.1f}% EP {100*s[2]/s[0]:5.1f}% ED {100*s[3]/s[0]:5.1f}%")
    tot = [a + c for a, c in zip(tot, s)]
print(f"all      n={tot[0]:4} ER {100*tot[1]/tot[0]:5.1f}% EP {100*tot[2]/tot[0]:5.1f}% ED {100*tot[3]/tot[0]:5.1f}%")
with open('/tmp/se_bad.txt', 'w') as fh:
    for p, a, m in bad:
        fh.write(f"{p}\t{a}\t{m}\n")
