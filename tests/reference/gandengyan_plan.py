"""Pure-Python twin of 干瞪眼 smart's hand planner (``kernels.gandengyan.policies.plan_packed``): the
rank-by-rank greedy decomposition the kernel used before it worked on packed counts."""

from kernels.gandengyan.rulevec import (
    GD_BOMB_MIN, GD_PAIR_CHAIN_MAX, GD_PAIR_CHAIN_MIN, GD_STRAIGHT_MAX, GD_STRAIGHT_MIN, GD_TRIO,
)


def plan_after(c, cards, rules):
    """Fewest plays to shed the natural cards of counts ``c`` (13 ranks at least) less the packed
    counts ``cards``: trios and bombs one play each, runs of singles then of pairs (longest first,
    greedy from the lowest rank), then pairs and singles."""
    w = [c[r] - ((cards >> (4 * r)) & 15) for r in range(13)]
    plays = 0
    for r in range(13):
        if w[r] >= 3 and (w[r] >= rules[GD_BOMB_MIN] or rules[GD_TRIO] != 0):
            plays += 1
            w[r] = 0
    for per, lo, mx in ((1, rules[GD_STRAIGHT_MIN], rules[GD_STRAIGHT_MAX]),
                        (2, rules[GD_PAIR_CHAIN_MIN], rules[GD_PAIR_CHAIN_MAX])):
        if lo == 0:
            continue
        if mx == 0:
            mx = 12
        r = 0
        while r < 12:
            e = r
            while e < 12 and e - r < mx and w[e] >= per:
                e += 1
            if e - r >= lo:
                for x in range(r, e):
                    w[x] -= per
                plays += 1
            else:
                r += 1
    return plays + sum((x + 1) // 2 for x in w)
