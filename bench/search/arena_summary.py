#!/usr/bin/env python3
"""Pools the per-game lines `crownhall arena` writes on standard error
("game SEED p0 .. pN-1 win w0 .. wN-1", entry order) from one or more runs, complete or
stopped early, and prints what arena prints at its end: per entry the mean points and win
share with 95% confidence intervals (normal approximation), and entry 0's paired difference.
Entry 0 against entry 1 alone, game by game, is printed too: the comparison that counts when
they are two budgets of one bot at the same table (`--seats search@100,search@25,...`).

A game is counted once per seed. A game is its seed (the budget is in playouts), so a seed
played twice, by a run resumed where another stopped, must give the same line; if it does
not, this stops with an error instead of pooling two different games.

    python3 bench/search/arena_summary.py run1.err [run2.err ...]
"""
import math
import sys


def estimate(xs):
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def read_games(paths):
    """Each seed's game as (points, win shares) in entry order, from the runs' lines."""
    by_seed = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) < 4 or parts[0] != "game" or "win" not in parts:
                    continue
                seen = by_seed.setdefault(parts[1], parts)
                if seen != parts:
                    sys.exit(f"seed {parts[1]} gave two different games: "
                             f"{' '.join(seen)} / {line.strip()}")
    games = {}
    for seed, parts in by_seed.items():
        k = parts.index("win")
        games[seed] = ([float(x) for x in parts[2:k]], [float(x) for x in parts[k + 1:]])
    return games


def main(paths):
    games = list(read_games(paths).values())
    if not games:
        sys.exit("no game lines")
    n = len(games[0][0])
    print(f"{len(games)} games")
    print("entry  points (95% CI)        win share (95% CI)")
    for e in range(n):
        pm, ph = estimate([g[0][e] for g in games])
        wm, wh = estimate([g[1][e] for g in games])
        print(f"{e:<6} {pm:8.2f} ± {ph:<8.2f}    {wm:.3f} ± {wh:.3f}")
    dm, dh = estimate([g[0][0] - sum(g[0][1:]) / (n - 1) for g in games])
    print(f"entry 0 points minus the others' mean: {dm:.2f} ± {dh:.2f}")
    if n > 2:
        pm, ph = estimate([g[0][0] - g[0][1] for g in games])
        wm, wh = estimate([g[1][0] - g[1][1] for g in games])
        am, ah = estimate([1.0 if g[0][0] > g[0][1] else 0.5 if g[0][0] == g[0][1] else 0.0
                             for g in games])
        print(f"entry 0 minus entry 1: points {pm:.2f} ± {ph:.2f}, win share {wm:.3f} ± {wh:.3f}; "
              f"entry 0 ahead of entry 1 in {am:.3f} ± {ah:.3f} of the games (a tie counts half)")


if __name__ == "__main__":
    main(sys.argv[1:])
