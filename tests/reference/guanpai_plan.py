"""Pure-Python twin of 关牌 smart's hand planner (``kernels.guanpai.policies.plan_after``): the
greedy decomposition written rank by rank, as the kernel first had it; the kernel now computes it
with rank bitmasks, and ``tests/games/test_guanpai_players.py`` holds the two equal."""

from __future__ import annotations


def plan_after(c, cards) -> int:
    """The kernel's greedy plan (``kernels.guanpai.policies.plan_after``) as it was written over
    rank counts: fewest plays to empty counts ``c`` less the packed counts ``cards``."""
    w = [0] * 16
    plays = 0
    fours = 0
    held = 0  # bit r: rank r (3..A) still held
    for r in range(13):
        x = c[r] - ((cards >> (4 * r)) & 15)
        if x == 4:
            plays += 1
            fours += 1
            x = 0
        w[r] = x
        if x >= 1 and r < 12:
            held |= 1 << r
    if held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4):
        for _ in range(3):  # straights (3..A) that swallow at least two singles
            # the best is a whole maximal run of held ranks starting at 3..10 (a later start
            # in the same run never swallows more singles): the earliest with the most singles
            best_s, best_len, best_gain = -1, 0, 1
            s = 0
            while s < 8:
                if w[s] == 0:
                    s += 1
                    continue
                e = s
                singles = 0
                while e < 12 and w[e] >= 1:
                    if w[e] == 1:
                        singles += 1
                    e += 1
                if e - s >= 5 and singles > best_gain:
                    best_s, best_len, best_gain = s, e - s, singles
                s = e
            if best_s < 0:
                break
            for r in range(best_s, best_s + best_len):
                w[r] -= 1
            plays += 1
    r = 0
    while r < 12:  # 姐妹对 / 三连: runs of >= 2 equal counts 2 or 3, one play each
        k = w[r]
        if k == 2 or k == 3:
            e = r
            while e < 12 and w[e] == k:
                e += 1
            if e - r >= 2:
                plays += 1
                for x in range(r, e):
                    w[x] = 0
            r = e
        else:
            r += 1
    n1 = 0
    n2 = 0
    n3 = 0
    for r in range(13):
        if w[r] == 1:
            n1 += 1
        elif w[r] == 2:
            n2 += 1
        elif w[r] == 3:
            n3 += 1
    a = min(n3, n2)  # 三带二
    n2 -= a
    b = min(fours, n1)  # a bomb takes a single
    n1 -= b
    return plays + n3 + n2 + n1
