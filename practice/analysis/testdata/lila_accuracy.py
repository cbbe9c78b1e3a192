#!/usr/bin/env python3
"""Golden values for TestGameAccuracyGolden (formulas_test.go).

lila's game accuracy (modules/analyse AccuracyPercent.gameAccuracy, with
lila.common.Maths), written again here from its definition, in plain
float64 Python and independent of the Go code: win % from centipawns
capped at +-1000, a start of +15 cp, windows of clamp(plies/10, 2, 8) win
percentages (the first repeated size-2 times), each weighted by its
POPULATION standard deviation clamped to 0.5..12, the mean of the
weighted mean and the harmonic mean (each accuracy at least 1 in the
harmonic sum) per side. Run: python3 lila_accuracy.py
"""
import math


def win(cp):
    cp = max(-1000, min(1000, cp))
    return 50 + 50 * (2 / (1 + math.exp(-0.00368208 * cp)) - 1)


def move_acc(before, after):
    if after >= before:
        return 100.0
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (before - after)) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def pstdev(xs):
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs))


def game_accuracy(cps):
    wins = [win(15)] + [win(c) for c in cps]
    size = max(2, min(8, len(cps) // 10))
    windows = [wins[:size]] * (min(size, len(wins)) - 2)
    windows += [wins[i:i + size] for i in range(len(wins) - size + 1)]
    weights = [max(0.5, min(12.0, pstdev(w))) for w in windows]
    sides = {"white": [], "black": []}
    for i in range(len(cps)):
        prev, nxt = wins[i], wins[i + 1]
        if i % 2 == 0:
            sides["white"].append((move_acc(prev, nxt), weights[i]))
        else:
            sides["black"].append((move_acc(100 - prev, 100 - nxt), weights[i]))
    out = {}
    for side, xs in sides.items():
        weighted = sum(a * w for a, w in xs) / sum(w for _, w in xs)
        harmonic = len(xs) / sum(1 / max(1, a) for a, _ in xs)
        out[side] = (weighted + harmonic) / 2
    return out["white"], out["black"]


GAMES = {
    "short, windows of 2": [-40, 10, -90, 60, -30, 20],
    "20 plies, windows of 2": [20, 10, 35, 5, -40, 30, -90, 60, -150, -140,
                               -160, -300, -280, -290, -600, -580, -590, -585, -1200, -1100],
    "34 plies, windows of 3": [15, 20, 18, 25, 22, 30, 10, 35, -120, -110,
                               -100, -95, -90, 40, 45, 50, 48, 55, 300, 310,
                               290, 305, 320, 330, 315, 340, 900, 880, 870, 860,
                               2000, 1500, 1800, 1700],
}

if __name__ == "__main__":
    for name, cps in GAMES.items():
        w, b = game_accuracy(cps)
        print(f"{name}: white {w!r} black {b!r}")
