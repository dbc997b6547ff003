#!/usr/bin/env python3
"""Compares two `crownhall arena` runs over the same seeds (an A/B of a bot change): for each
seed both runs played, entry 0's lead (its points minus the others' mean) and its win share,
B minus A, with 95% confidence intervals (normal approximation). Pairing by seed removes
most of the deals' luck, so a smaller difference shows than between the two runs' totals.

    python3 bench/search/arena_compare.py before.err after.err
"""
import sys

from arena_summary import estimate, read_games


def lead(parts):
    pts, _ = parts
    return pts[0] - sum(pts[1:]) / (len(pts) - 1)


if len(sys.argv) != 3:
    sys.exit(__doc__)
a, b = read_games([sys.argv[1]]), read_games([sys.argv[2]])
seeds = sorted(set(a) & set(b), key=int)
if not seeds:
    sys.exit("no seed played by both runs")
print(f"{len(seeds)} seeds played by both")
for name, value in (("lead", lead), ("win share", lambda g: g[1][0])):
    am, ah = estimate([value(a[s]) for s in seeds])
    bm, bh = estimate([value(b[s]) for s in seeds])
    dm, dh = estimate([value(b[s]) - value(a[s]) for s in seeds])
    print(f"entry 0 {name}: A {am:.3f} ± {ah:.3f}, B {bm:.3f} ± {bh:.3f}, B - A {dm:+.3f} ± {dh:.3f}")
