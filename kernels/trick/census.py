"""Deal statistics of one seat's holding under the hand's card order (census features).

``hand_features`` writes ``out[F_*]``: trumps held, kinds held twice or more (pairs; identical
cards), kinds held three times (triples, 三副牌), 拖拉机 (maximal runs of >= 2 adjacent pairs,
per class, under the hand's adjacency), points, copies of the ``hot`` kind (a game's special card,
e.g. the ♥5) and jokers.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.groups import count_runs, group_mask
from kernels.trick.order import I2, BJ_KIND, CLS_TRUMP, N_CLS, OT_KCLS, OT_KPTS, OT_KSLOT, OT_NSLOT, OT_SKIND, SJ_KIND

F_TRUMPS, F_PAIRS, F_TRIPLES, F_RUNS, F_POINTS, F_HOT, F_JOKERS = range(7)
N_FEATURES = 7
FEATURE_NAMES = ("trumps", "pairs", "triples", "runs", "points", "hot", "jokers")


@njit(cache=True, nogil=True)
def hand_features(hands, ncls, seat, ot, hot, out):
    out[F_TRUMPS] = ncls[seat, CLS_TRUMP]
    pairs = 0
    triples = 0
    runs = 0
    points = 0
    for c in range(N_CLS):
        for s in range(ot[OT_NSLOT, c]):
            n = hands[seat, c, s]
            if n >= 2:
                pairs += 1
            if n >= 3:
                triples += 1
            points += n * ot[OT_KPTS, ot[OT_SKIND + c, s]]
        if ncls[seat, c] >= 4:
            runs += count_runs(group_mask(hands[seat, c], ot, c, I2), I2)
    out[F_PAIRS] = pairs
    out[F_TRIPLES] = triples
    out[F_RUNS] = runs
    out[F_POINTS] = points
    out[F_HOT] = hands[seat, ot[OT_KCLS, hot], ot[OT_KSLOT, hot]] if hot >= 0 else 0
    out[F_JOKERS] = (hands[seat, ot[OT_KCLS, SJ_KIND], ot[OT_KSLOT, SJ_KIND]]
                     + hands[seat, ot[OT_KCLS, BJ_KIND], ot[OT_KSLOT, BJ_KIND]])
