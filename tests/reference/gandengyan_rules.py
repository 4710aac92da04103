"""Slow, obviously-correct reference of 干瞪眼 patterns and the follow rule (rules/gandengyan.md).

A holding is ``(naturals, jokers)``: a 13-tuple of natural counts per rank (0:3 .. 11:A 12:2) and
the number of jokers. A move key is the 7-field record of ``kernels.gandengyan.moves``:
``(kind, rank, size, jokers, -1, chain, packed naturals)``; PASS is ``PASS_KEY``. Legal moves
are found by classifying **every** sub-multiset of the hand, so nothing can be missed; ``rules``
is a ``sim.games.gandengyan.rules.GandengyanRules`` read by option name.
"""

from __future__ import annotations

import itertools

from kernels.gandengyan.moves import (
    BOMB, JOKER_BOMB, PAIR, PAIR_CHAIN, PASS, SINGLE, STRAIGHT, TRIO_CHAIN, TRIPLE, pack_counts, unpack_counts,
)

PASS_KEY = (PASS, -1, 0, 0, -1, 0, 0)
N = 13  # natural ranks
R_TWO, R_ACE = 12, 11
_TEXT = {ch: r for r, ch in enumerate("3456789TJQKA2")}


def from_text(text: str) -> tuple:
    """(naturals, jokers) of '5 5 5 joker', '4 5 J' (J = jack!), with 'X' for a joker:
    '555X', 'TJQ', 'BS' / 'X' jokers ('B' and 'S' also read as jokers)."""
    nat = [0] * N
    jokers = 0
    for ch in text.replace("10", "T").replace("+", "").replace(" ", "").replace("joker", "X"):
        if ch in "XBS":
            jokers += 1
        else:
            nat[_TEXT[ch]] += 1
    return tuple(nat), jokers


def _key(kind, rank, nat, jokers, chain=1):
    return (kind, rank, sum(nat) + jokers, jokers, -1, chain, pack_counts(nat))


def chain_spec(kind, rules):
    """(cards per rank, fewest, most ranks) of a chain kind, or None if the pattern is absent."""
    if kind == STRAIGHT:
        return 1, rules.straight_min, rules.straight_max or 12
    if kind == PAIR_CHAIN:
        return (2, rules.pair_chain_min, rules.pair_chain_max or 12) if rules.pair_chain_min else None
    return (3, rules.trio_chain_min, rules.trio_chain_max or 12) if rules.trio_chain_min else None


def classify(nat: tuple, jokers: int, rules) -> set:
    """Every reading of exactly these cards (naturals + jokers); empty if none.

    * 双王: exactly two jokers (where ``joker_bomb`` is not none); a lone joker: a single of any
      rank only with ``lone_joker``; otherwise at least one natural card;
    * one natural rank r plus jokers, n cards: single (1), pair (2), trio (3, ``trio``), bomb
      (``bomb_min`` <= n <= ``bomb_max``) — jokers standing for r;
    * chains: per = 1 / 2 / 3 cards on each of L consecutive ranks within 3..A (no 2), L within the
      pattern's lengths; the naturals fit and the jokers fill exactly the gaps.
    """
    n_nat = sum(nat)
    n = n_nat + jokers
    keys = set()
    if n_nat == 0:
        if jokers == 2 and rules.joker_bomb != "none":
            keys.add((JOKER_BOMB, -1, 2, 2, -1, 1, 0))
        if jokers == 1 and rules.lone_joker:
            keys |= {_key(SINGLE, r, nat, 1) for r in range(N)}
        return keys
    support = [r for r in range(N) if nat[r]]
    if len(support) == 1:
        r = support[0]
        if n == 1:
            keys.add(_key(SINGLE, r, nat, jokers))
        if n == 2:
            keys.add(_key(PAIR, r, nat, jokers))
        if n == 3 and rules.trio:
            keys.add(_key(TRIPLE, r, nat, jokers))
        if n >= rules.bomb_min and (rules.bomb_max == 0 or n <= rules.bomb_max):
            keys.add(_key(BOMB, r, nat, jokers))
    for kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN):
        spec = chain_spec(kind, rules)
        if spec is None:
            continue
        per, lo, hi_len = spec
        for length in range(lo, hi_len + 1):
            if per * length != n:
                continue
            for top in range(length - 1, R_ACE + 1):
                run = range(top - length + 1, top + 1)
                if all(nat[r] == 0 or r in run for r in range(N)) and all(nat[r] <= per for r in run):
                    keys.add(_key(kind, top, nat, jokers, length))  # the jokers fill the rest exactly
    return keys


def is_bomb(key) -> bool:
    return key[0] in (BOMB, JOKER_BOMB)


def bomb_strength(key, rules) -> tuple:
    if rules.bomb_compare == "rank_only":
        return (13,) if key[0] == JOKER_BOMB else (key[1],)
    if key[0] == JOKER_BOMB:
        return (3, 13) if rules.joker_bomb == "top_of_three" else (99, 0)
    return (key[2], key[1])


def beats(play, top, rules) -> bool:
    """May ``play`` follow ``top`` (None / PASS_KEY: leading)? The "exactly +1" rule: same
    pattern, same size and length, rank one higher; a 2 / 22 (and 222 with ``plus_one`` trios)
    over any lower single / pair / trio; trios by any higher rank in qq; bombs over all else."""
    if play[0] == PASS:
        return False
    if top is None or top[0] == PASS:
        return True
    if is_bomb(play):
        return not is_bomb(top) or bomb_strength(play, rules) > bomb_strength(top, rules)
    if is_bomb(top):
        return False
    if play[0] != top[0] or play[2] != top[2] or play[5] != top[5]:
        return False
    if play[0] == TRIPLE and rules.trio_follow == "higher":
        return play[1] > top[1]
    if play[0] in (SINGLE, PAIR, TRIPLE) and play[1] == R_TWO and top[1] < R_TWO:
        return True
    return play[1] == top[1] + 1


def legal_moves(nat: tuple, jokers: int, top, rules) -> set:
    """Every play that beats ``top`` from every sub-multiset of the hand, + PASS when following."""
    keys = set()
    for sub in itertools.product(*[range(c + 1) for c in nat]):
        for j in range(jokers + 1):
            if sum(sub) + j:
                keys |= {k for k in classify(sub, j, rules) if beats(k, top, rules)}
    if top is not None and top[0] != PASS:
        keys.add(PASS_KEY)
    return keys


def key_cards(key) -> tuple:
    """(naturals, jokers) a key plays."""
    if key[0] == PASS:
        return (0,) * N, 0
    return unpack_counts(key[6], 13), key[3]


def is_legal(key, nat: tuple, jokers: int, top, rules) -> bool:
    """``key in legal_moves(...)`` without listing them: the cards are held, the key is a reading
    of them, and it beats ``top``."""
    key = tuple(int(x) for x in key)
    if key[0] == PASS:
        return key == PASS_KEY and top is not None and top[0] != PASS
    cards, j = key_cards(key)
    if j > jokers or any(c > h for c, h in zip(cards, nat)):
        return False
    return key in classify(cards, j, rules) and beats(key, top, rules)


def sub_holdings(nat: tuple, jokers: int, size: int):
    """Every (naturals, jokers) sub-multiset of the hand with exactly ``size`` cards."""
    out = [0] * N

    def rec(r, left):
        if r == N:
            if left <= jokers:
                yield tuple(out), left
            return
        for k in range(min(nat[r], left) + 1):
            out[r] = k
            yield from rec(r + 1, left - k)
        out[r] = 0

    yield from rec(0, size)


def can_lead(nat: tuple, jokers: int, rules) -> bool:
    """Is there any legal lead? Any natural card is a single; else only joker readings remain."""
    return sum(nat) > 0 or any(classify((0,) * N, k, rules) for k in range(1, jokers + 1))


def could_answer_higher(nat: tuple, jokers: int, top, rules) -> bool:
    """瞪眼 (§8): some sub-multiset of the top's size reads as the top's pattern at a higher rank,
    yet none of those is a legal answer. Bombs are not counted."""
    if top is None or top[0] == PASS or is_bomb(top):
        return False
    higher = legal = False
    for sub, j in sub_holdings(nat, jokers, top[2]):
        for k in classify(sub, j, rules):
            if k[0] == top[0] and k[5] == top[5] and k[1] > top[1]:
                if beats(k, top, rules):
                    legal = True
                else:
                    higher = True
    return higher and not legal
