"""Pure-Python rules of the trick family (八十分, 仙居红五): the slow, obviously-correct twin of
kernels/trick. Cards are kernels.cards ids; a *kind* is ``card % 54`` (identical copies share it).

An ``Order`` is written from the specs' card-order lists: per suit class a list of *levels* from
low to high, each level a list of kinds of equal strength; tractor chains are explicit lists of
consecutive levels. Everything else (decomposition, structure matching, throws, following, trick
winner) is computed by plain enumeration over those lists.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

TRUMP = 4
SJ, BJ = 52, 53
# rank indices of kernels.cards, high to low: A K Q J 10 9 8 7 6 5 4 3 2
RANKS_HIGH_TO_LOW = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 12]
POINTS = {2: 5, 7: 10, 10: 10}  # rank index -> points (5, 10, K)


def kind_points(kind: int) -> int:
    return 0 if kind >= 52 else POINTS.get(kind // 4, 0)


def kind(card: int) -> int:
    return card % 54


class Order:
    """Classes of levels (low to high) and tractor chains (lists of consecutive level indices)."""

    def __init__(self, levels: dict[int, list[list[int]]], chains: dict[int, list[list[int]]]):
        self.levels = levels
        self.cls: dict[int, int] = {}
        self.strength: dict[int, int] = {}
        self.level_of: dict[int, int] = {}
        for c, lv in levels.items():
            for i, kinds in enumerate(lv):
                for k in kinds:
                    self.cls[k] = c
                    self.strength[k] = i
                    self.level_of[k] = i
        self.chains = chains

    def runs(self, c: int, k: int):
        """Every run of ``k`` consecutive levels of class ``c`` (lists of level indices, low first)."""
        for chain in self.chains[c]:
            for i in range(len(chain) - k + 1):
                yield chain[i:i + k]


def _skip_chains(levels):
    return {c: [list(range(len(lv)))] for c, lv in levels.items()}


def tractor_order(level: int, trump: int, natural: bool = False) -> Order:
    """八十分 §3: level = natural value of the level rank (0 = "2" .. 12 = "A"), trump suit 0..3."""
    lr = 12 if level == 0 else level - 1  # rank index of the level rank
    plain = [r for r in reversed(RANKS_HIGH_TO_LOW) if r != lr]  # low to high
    levels = {s: [[r * 4 + s] for r in plain] for s in range(4) if s != trump}
    levels[trump] = []
    levels[TRUMP] = [[r * 4 + trump] for r in plain] + [[lr * 4 + s for s in range(4) if s != trump]] + \
        [[lr * 4 + trump]] + [[SJ], [BJ]]
    if not natural:
        return Order(levels, _skip_chains(levels))
    return Order(levels, _natural_chains(levels, lambda k: k < 52 and k // 4 != lr))


def hongwu_order(trump: int, natural: bool = False) -> Order:
    """仙居红五 §4: ♥5 > BJ > SJ > 正参谋 > 副参谋 > 正10 > 副10 > trump suit > side suits."""
    fu = {0: 2, 2: 0, 1: 3, 3: 1}[trump]
    special = {9, SJ, BJ, 0 * 4 + trump, 0 * 4 + fu} | {7 * 4 + s for s in range(4)}
    levels = {s: [[r * 4 + s] for r in reversed(RANKS_HIGH_TO_LOW) if r * 4 + s not in special]
              for s in range(4) if s != trump}
    levels[trump] = []
    levels[TRUMP] = [[r * 4 + trump] for r in reversed(RANKS_HIGH_TO_LOW) if r * 4 + trump not in special] + \
        [[7 * 4 + s for s in range(4) if s != trump], [7 * 4 + trump], [0 * 4 + fu], [0 * 4 + trump], [SJ], [BJ], [9]]
    if not natural:
        return Order(levels, _skip_chains(levels))
    return Order(levels, _natural_chains(levels, lambda k: k < 52 and k not in special))


def _natural_chains(levels, plain):
    """natural_only: chains of one suit's plain cards at consecutive natural ranks, plus SJ-BJ."""
    nat = {r: (r + 1) % 13 for r in range(13)}  # rank index -> natural value (2 lowest)
    chains = {}
    for c, lv in levels.items():
        cs = []
        run: list[int] = []
        prev = None
        for i, kinds in enumerate(lv):
            k = kinds[0]
            if len(kinds) == 1 and plain(k):
                if run and prev is not None and k % 4 == prev % 4 and nat[k // 4] == nat[prev // 4] + 1:
                    run.append(i)
                else:
                    if run:
                        cs.append(run)
                    run = [i]
                prev = k
            else:
                if run:
                    cs.append(run)
                run, prev = [], None
                cs.append([i])
        if run:
            cs.append(run)
        if c == TRUMP:
            sj, bj = [i for i, kinds in enumerate(lv) if kinds == [SJ]][0], [i for i, kinds in enumerate(lv) if kinds == [BJ]][0]
            cs = [x for x in cs if x != [sj] and x != [bj]] + [[sj, bj]]
        chains[c] = cs
    return chains


# ---------------------------------------------------------------- structure of a play

def decompose(order: Order, counts: Counter) -> list[tuple]:
    """Canonical components (w, k, top strength, kinds low..high) of a one-class play, largest first
    (more cards, then wider, then stronger; among equal-strength kinds the higher kind id first)."""
    rem = Counter({k: n for k, n in counts.items() if n})
    if not rem:
        return []
    c = order.cls[next(iter(rem))]
    lv = order.levels[c]
    comps = []

    def pick(level, w):
        cands = [k for k in lv[level] if rem[k] >= w]
        return min(cands, key=lambda k: (rem[k], k)) if cands else None

    for w in (3, 2):
        while True:
            best = None
            for k in range(2, 40):
                found = [run for run in order.runs(c, k) if all(pick(i, w) is not None for i in run)]
                if not found:
                    break
                best = max(found, key=lambda run: run[-1])
            if best is None:
                break
            kinds = []
            for i in best:
                kk = pick(i, w)
                rem[kk] -= w
                kinds.append(kk)
            comps.append((w, len(best), best[-1], tuple(kinds)))
        for kk in sorted(rem, key=lambda k: -order.strength[k]):
            while rem[kk] >= w:
                rem[kk] -= w
                comps.append((w, 1, order.strength[kk], (kk,)))
    for kk in sorted(rem, key=lambda k: -order.strength[k]):
        for _ in range(rem[kk]):
            comps.append((1, 1, order.strength[kk], (kk,)))
    comps.sort(key=lambda t: (-t[0] * t[1], -t[0], -t[2], -t[3][-1]))  # equal cards: higher kind id first
    return comps


def placements(order: Order, c: int, rem: Counter, w: int, k: int):
    """Every way to take a run of k w-groups (k = 1: one group) from ``rem``: (top, kinds)."""
    for run in order.runs(c, k):
        choices = [[kk for kk in order.levels[c][i] if rem[kk] >= w] for i in run]
        for kinds in product(*choices):
            yield run[-1], kinds


def best_match(order: Order, c: int, play: Counter, comps: list[tuple]) -> int | None:
    """Highest top of the largest component over every way to find the lead's components
    (``comps``) inside ``play`` (same class, same size); None if impossible. Exhaustive."""
    groups = [t for t in comps if t[0] > 1]
    if not groups:  # only singles: any cards do; the key is the highest card
        return max(order.strength[k] for k, n in play.items() if n)
    best = None

    def search(j, rem, key):
        nonlocal best
        if j == len(groups):
            if best is None or key > best:
                best = key
            return
        w, k = groups[j][0], groups[j][1]
        for top, kinds in placements(order, c, rem, w, k):
            if j == 0 and best is not None and top <= best:
                continue
            for kk in kinds:
                rem[kk] -= w
            search(j + 1, rem, top if j == 0 else key)
            for kk in kinds:
                rem[kk] += w

    search(0, Counter(play), None)
    return best


def holding_has(order: Order, c: int, holding: Counter, w: int, k: int, above: int) -> bool:
    return any(top > above for top, _ in placements(order, c, holding, w, k))


def throw_result(order: Order, c: int, comps: list[tuple], others: list[Counter]):
    """(higher cards, smallest failing component or None) of a throw against the other hands."""
    failing = [t for t in comps if any(holding_has(order, c, h, t[0], t[1], t[2]) for h in others)]
    if not failing:
        return 0, None
    smallest = min(failing, key=lambda t: (t[0] * t[1], t[2]))
    n = 0
    for h in others:
        beating = set()
        for w, k, top, _ in failing:
            for t, kinds in placements(order, c, h, w, k):
                if t > top:
                    beating.update(kinds if k > 1 else [kk for kk in kinds if order.strength[kk] > top])
        n += sum(h[kk] for kk in beating)
    return n, smallest


# ---------------------------------------------------------------- following and winning

def demands(comps):
    pairs = sum(k for w, k, _, _ in comps if w >= 2)
    triples = sum(k for w, k, _, _ in comps if w == 3)
    runs = [(w, k) for w, k, _, _ in comps if k >= 2]
    return pairs, triples, (runs[0] if runs else None)


def has_run(order, c, counts, w, k):
    return any(True for _ in placements(order, c, counts, w, k))


def legal_follow(order: Order, must_structure: bool, lead_cls: int, comps, hand: Counter, play: list[int]) -> bool:
    """Is ``play`` (kinds) a legal follow for ``hand`` (kind counts) to a lead of ``comps``?"""
    n = sum(w * k for w, k, _, _ in comps)
    pc = Counter(play)
    if len(play) != n or any(pc[k] > hand[k] for k in pc):
        return False
    in_cls = Counter({k: m for k, m in hand.items() if m and order.cls[k] == lead_cls})
    h = sum(in_cls.values())
    played_in = sum(m for k, m in pc.items() if order.cls[k] == lead_cls)
    if h < n:
        return played_in == h
    if played_in != n:
        return False
    if not must_structure:
        return True
    pairs, triples, run = demands(comps)
    if run and has_run(order, lead_cls, in_cls, *run) and not has_run(order, lead_cls, pc, *run):
        return False
    t = min(triples, sum(1 for m in in_cls.values() if m >= 3))
    p = min(pairs, sum(1 for m in in_cls.values() if m >= 2))
    return sum(1 for m in pc.values() if m >= 3) >= t and sum(1 for m in pc.values() if m >= 2) >= p


def play_rank(order: Order, lead_cls: int, comps, play: list[int], is_lead: bool = False):
    """(tier, key): tier 2 trumps, 1 the led side suit, 0 cannot win."""
    classes = {order.cls[k] for k in play}
    if len(classes) != 1:
        return 0, -1
    c = classes.pop()
    throw = len(comps) > 1
    if is_lead:
        return (2 if c == TRUMP else 1), comps[0][2]
    if c == lead_cls:
        if throw and c != TRUMP:
            return 0, -1
        tier = 2 if c == TRUMP else 1
    elif c == TRUMP:
        tier = 2
    else:
        return 0, -1
    key = best_match(order, c, Counter(play), comps)
    return (0, -1) if key is None else (tier, key)


def trick_winner(order: Order, lead_cls: int, comps, plays: list[list[int]]) -> int:
    """Index (in play order) of the winning play; the first of equals wins."""
    best, best_rank = 0, play_rank(order, lead_cls, comps, plays[0], is_lead=True)
    for i, p in enumerate(plays[1:], 1):
        r = play_rank(order, lead_cls, comps, p)
        if r[0] > 0 and r > best_rank:
            best, best_rank = i, r
    return best
