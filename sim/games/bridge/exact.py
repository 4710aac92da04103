"""Exact deal odds of bridge, computed by counting (no sampling).

Every function returns exact ``Fraction``s keyed by value; ``as_float`` turns them into floats.
Counting rules: a hand is 13 of the 52 cards (C(52, 13) equally likely hands); a partnership
holds 26 (C(52, 26)). Per-suit features come from the holding table of ``kernels.bridge.hand``
(every 13-bit holding with its length, HCP, controls and losers), combined over the four suits
with the lengths summing to 13 — the same definitions the census kernel uses.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

from kernels.bridge.hand import PATTERN_NAMES, PATTERNS, holding_features

HONOURS = (4, 3, 2, 1)  # A K Q J, four of each
SPOTS = 36


def as_float(dist: dict) -> dict:
    return {k: float(v) for k, v in dist.items()}


def hcp_distribution(cards: int = 13) -> dict[int, Fraction]:
    """P(HCP = k) of ``cards`` random cards (13: one hand, 26: a partnership)."""
    counts: dict[int, int] = {}
    for a, k, q, j in product(range(5), repeat=4):
        rest = cards - a - k - q - j
        if rest < 0 or rest > SPOTS:
            continue
        ways = comb(4, a) * comb(4, k) * comb(4, q) * comb(4, j) * comb(SPOTS, rest)
        pts = 4 * a + 3 * k + 2 * q + j
        counts[pts] = counts.get(pts, 0) + ways
    total = comb(52, cards)
    return {p: Fraction(c, total) for p, c in sorted(counts.items())}


@lru_cache(maxsize=None)
def _holding_counts(feature: int) -> dict[tuple[int, int], int]:
    """Number of holdings of one suit by (length, feature value); feature 1 hcp, 2 controls, 3 losers."""
    out: dict[tuple[int, int], int] = {}
    for h in range(1 << 13):
        f = holding_features(h)
        key = (f[0], f[feature])
        out[key] = out.get(key, 0) + 1
    return out


def _hand_distribution(feature: int) -> dict[int, Fraction]:
    """P(sum of a per-suit feature over a 13-card hand = v), by convolving the four suits."""
    per_suit = _holding_counts(feature)
    poly = {(0, 0): 1}
    for _ in range(4):
        nxt: dict[tuple[int, int], int] = {}
        for (n, v), c in poly.items():
            for (ln, lv), d in per_suit.items():
                if n + ln <= 13:
                    key = (n + ln, v + lv)
                    nxt[key] = nxt.get(key, 0) + c * d
        poly = nxt
    total = comb(52, 13)
    return {v: Fraction(c, total) for (n, v), c in sorted(poly.items()) if n == 13}


def controls_distribution() -> dict[int, Fraction]:
    """P(controls = k) of a hand (A 2, K 1)."""
    return _hand_distribution(2)


def losers_distribution() -> dict[int, Fraction]:
    """P(losing-trick count = k) of a hand (``kernels.bridge.hand``'s rule)."""
    return _hand_distribution(3)


def suit_length_distribution() -> dict[int, Fraction]:
    """P(a given suit has l cards in a hand)."""
    return {n: Fraction(comb(13, n) * comb(39, 13 - n), comb(52, 13)) for n in range(14)}


def pattern_frequencies() -> dict[str, Fraction]:
    """P(hand pattern) for the 39 patterns (``PATTERN_NAMES``), e.g. '4-4-3-2' ≈ 0.2155."""
    out = {}
    for pattern, name in zip(PATTERNS, PATTERN_NAMES):
        ways = 0
        for perm in set(permutations_of(pattern)):
            w = 1
            for n in perm:
                w *= comb(13, n)
            ways += w
        out[name] = Fraction(ways, comb(52, 13))
    return out


def permutations_of(lengths) -> list[tuple[int, ...]]:
    from itertools import permutations

    return list(permutations(lengths))


def suit_split(missing: int) -> dict[str, Fraction]:
    """P(split) of ``missing`` cards of a suit between the two unseen hands (26 cards, 13 each),
    e.g. suit_split(5)['3-2'] = 0.678: both orientations of an uneven split together."""
    out: dict[str, Fraction] = {}
    total = comb(26, 13)
    for a in range(missing + 1):
        b = missing - a
        if a > 13 or b > 13:
            continue
        p = Fraction(comb(missing, a) * comb(26 - missing, 13 - a), total)
        key = f"{max(a, b)}-{min(a, b)}"
        out[key] = out.get(key, 0) + p
    return dict(sorted(out.items(), key=lambda kv: -int(kv[0].split("-")[0])))


def fit_distribution() -> dict[int, Fraction]:
    """P(a partnership's longest combined suit has m cards), over its 26 cards."""
    out: dict[int, int] = {}
    for a in range(14):
        for b in range(14):
            for c in range(14):
                d = 26 - a - b - c
                if 0 <= d <= 13:
                    w = comb(13, a) * comb(13, b) * comb(13, c) * comb(13, d)
                    m = max(a, b, c, d)
                    out[m] = out.get(m, 0) + w
    total = comb(52, 26)
    return {m: Fraction(w, total) for m, w in sorted(out.items())}


def p_eight_card_fit() -> Fraction:
    """P(a partnership holds 8 or more cards in some suit)."""
    return sum((p for m, p in fit_distribution().items() if m >= 8), Fraction(0))


def census_exact() -> dict[str, dict[int, Fraction]]:
    """Exact distribution of each census feature (``CENSUS_LAYOUT`` name, per seat where per seat;
    pattern keyed by its index in ``PATTERN_NAMES``)."""
    length = suit_length_distribution()
    patterns = pattern_frequencies()
    return {
        "hcp": hcp_distribution(13),
        "len_c": length, "len_d": length, "len_h": length, "len_s": length,
        "pattern": {i: patterns[name] for i, name in enumerate(PATTERN_NAMES)},
        "controls": controls_distribution(),
        "losers": losers_distribution(),
        "ns_hcp": hcp_distribution(26), "ew_hcp": hcp_distribution(26),
        "ns_fit": fit_distribution(), "ew_fit": fit_distribution(),
    }
