#!/usr/bin/env python3
"""Runs two builds of an engine benchmark alternately on one core (A, B, A, B, ...) and prints
each benchmark's ns per action for both: the minimum, the median and every run. Alternating
spreads a noisy host's slow spells over both builds; on such a host the minimum is the
reading (docs/performance.md).

    python3 bench/ab_bench.py OLD_BENCH NEW_BENCH [FILTER] [RUNS] [CORE]

FILTER is a --benchmark_filter regex (default: the base game and all specials, 4 players),
RUNS the runs of each build (default 5), CORE the core both are pinned to (default 1).
"""
import re
import statistics
import subprocess
import sys

if not 3 <= len(sys.argv) <= 6:
    sys.exit(__doc__)
builds = sys.argv[1:3]
pattern = sys.argv[3] if len(sys.argv) > 3 else "BM_RandomGame/4$|AllSpecials/4$"
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
core = sys.argv[5] if len(sys.argv) > 5 else "1"

readings = {b: {} for b in builds}
for _ in range(runs):
    for b in builds:
        out = subprocess.run(
            ["taskset", "-c", core, b, "--benchmark_filter=" + pattern,
             "--benchmark_min_time=0.3"], capture_output=True, text=True, check=True).stdout
        for name, ns in re.findall(r"^(BM_\S+)\s.*?ns_per_action=([0-9.]+)", out, re.M):
            readings[b].setdefault(name, []).append(float(ns))

if not any(readings[b] for b in builds):
    sys.exit(f"no benchmark matched {pattern!r} with an ns_per_action counter")
for label, b in zip("AB", builds):
    print(f"{label}: {b}")
for name in readings[builds[0]]:
    for label, b in zip("AB", builds):
        v = readings[b].get(name, [])
        if v:
            print(f"{label} {name:30s} min {min(v):7.1f}  median {statistics.median(v):7.1f}"
                  f"  runs {' '.join(f'{x:.1f}' for x in v)}")
