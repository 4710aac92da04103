"""Slow, obviously-correct reference rules of 百变双扣 (spec ``rules/shuangkou.md`` §1–§4, §6, §7).

The oracle the 双扣 kernels are checked against; the hand loop (§1 draw, §5, §6) is in
``tests.reference.shuangkou_game``. Wild jokers are handled by trying every value for every
joker: no cleverness, no shortcuts.

Conventions (shared with the kernels): physical ids ``deck*54 + k`` (k 52 = 小王, 53 = 大王), rank
index 0:3 .. 11:A 12:2 13:小王 14:大王 (``kernels.cards``). A hand or a play is ``(nat, sj, bj)``:
13 natural counts, 小王 and 大王 held. A move key is the 7-tuple of ``kernels.shuangkou.moves``:
``(kind, rank, size, wilds, big, chain, wildas)``. ``rules`` is a flat dict; missing keys fall back
to ``DEFAULT_RULES`` (the option names of ``sim.games.shuangkou.rules``).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, product
from typing import Iterable, Mapping

from kernels.cards import card_rank
from kernels.shuangkou.moves import (
    BOMB, LIANZHA, PAIR, PAIR_CHAIN, PASS, SANWANG, SINGLE, STRAIGHT, TIANWANG, TRIO_CHAIN, TRIPLE, pack,
)

PASS_KEY = (PASS, -1, 0, 0, 0, 1, 0)
DECK = list(range(108))
ACE = 11
BOMB_KINDS = (BOMB, LIANZHA, SANWANG, TIANWANG)

DEFAULT_RULES: dict = {
    "wild_jokers": "both",
    "tianwang_rank": "top",
    "allow_lianzha": False,
    "contribution_table": "s001_extrapolated",
    "xiang_level_scope": "per_player_max",
    "bomb_count_rule": "s001",
    "tianwang_xiang": 7,
    "base": 1,
    "jiefeng": "partner",
    "direction": "counter_clockwise",
    "partner_draw": True,
}


def rule(rules: Mapping | None, key: str):
    if rules is not None and key in rules:
        return rules[key]
    return DEFAULT_RULES[key]


def wild_kinds(rules=None) -> tuple[bool, bool]:
    """(小王 wild, 大王 wild) under ``wild_jokers`` (§2)."""
    mode = rule(rules, "wild_jokers")
    return mode == "both", mode in ("both", "big_only")


def split(cards: Iterable[int]) -> tuple[tuple, int, int]:
    """(natural counts per rank 0..12, 小王, 大王) of physical cards."""
    nat = [0] * 13
    sj = bj = 0
    for c in cards:
        r = card_rank(c)
        if r == 13:
            sj += 1
        elif r == 14:
            bj += 1
        else:
            nat[r] += 1
    return tuple(nat), sj, bj


# ------------------------------------------------------------------------------------------
# Patterns (§2, §3)
# ------------------------------------------------------------------------------------------


def shapes(full: tuple, rules=None) -> set:
    """(kind, top rank, size, chain) of every §3 pattern made by exactly these rank counts 3..2
    (no jokers): one rank — 1 single, 2 pair, 3 triple, >= 4 bomb; consecutive ranks within 3..A,
    each held ``per`` times — straight (1, >= 5 ranks), 连对 (2, >= 3), 连三同张 (3, >= 3), 连炸
    (>= 4, >= 3 ranks, with ``allow_lianzha``)."""
    ranks = [r for r in range(13) if full[r] > 0]
    if not ranks:
        return set()
    size = sum(full)
    if len(ranks) == 1:
        r = ranks[0]
        kind = {1: SINGLE, 2: PAIR, 3: TRIPLE}.get(size, BOMB)
        return {(kind, r, size, 1)}
    pers = {full[r] for r in ranks}
    if len(pers) != 1 or ranks[-1] > ACE or ranks != list(range(ranks[0], ranks[-1] + 1)):
        return set()
    per, length = pers.pop(), len(ranks)
    if per == 1 and length >= 5:
        return {(STRAIGHT, ranks[-1], size, length)}
    if per == 2 and length >= 3:
        return {(PAIR_CHAIN, ranks[-1], size, length)}
    if per == 3 and length >= 3:
        return {(TRIO_CHAIN, ranks[-1], size, length)}
    if per >= 4 and length >= 3 and rule(rules, "allow_lianzha"):
        return {(LIANZHA, ranks[-1], size, length)}
    return set()


def classify(nat: tuple, sj: int, bj: int, rules=None) -> set:
    """Every move key of exactly these cards (empty: not a legal play), §2:

    * jokers only: one is itself (single 小王 = rank 13, 大王 = 14); two identical ones are a pair
      of that joker (SK-3), two different ones nothing; three are 三王; four are 天王炸弹;
    * with natural cards: every joker must be wild (else nothing) and takes some rank 3..2; each
      way of giving the jokers ranks that makes ``shapes`` a pattern is one key.
    """
    n_nat = sum(nat)
    jokers = sj + bj
    if n_nat == 0:
        if jokers == 1:
            return {(SINGLE, 13 if sj else 14, 1, 0, bj, 1, 0)}
        if jokers == 2 and (sj == 2 or bj == 2):
            return {(PAIR, 13 if sj else 14, 2, 0, bj, 1, 0)}
        if jokers == 3:
            return {(SANWANG, -1, 3, 0, bj, 1, 0)}
        if jokers == 4:
            return {(TIANWANG, -1, 4, 0, bj, 1, 0)}
        return set()
    sj_wild, bj_wild = wild_kinds(rules)
    if (sj and not sj_wild) or (bj and not bj_wild):
        return set()
    out = set()
    for values in combinations_with_replacement(range(13), jokers):
        full = list(nat)
        for v in values:
            full[v] += 1
        wildas = [0] * 13
        for v in values:
            wildas[v] += 1
        for kind, rank, size, chain in shapes(tuple(full), rules):
            out.add((kind, rank, size, jokers, bj, chain, pack(wildas)))
    return out


def classify_cards(cards: Iterable[int], rules=None) -> set:
    return classify(*split(cards), rules)


def ladder(k, rules=None) -> tuple:
    """Place of a bomb-class key on the §4 ladder, compared as a tuple: (相, place inside the 相,
    rank). Inside a 相: 三王 (6相) and 天王 of ``smallest_7xiang`` lowest, then 连炸 with more bombs
    higher, then the plain bomb of that many cards; 天王 of ``top`` above everything."""
    kind = k[0]
    if kind == BOMB:
        return (k[2], 100, k[1])
    if kind == LIANZHA:
        per = k[2] // k[5]
        return (per + k[5], k[5], k[1])
    if kind == SANWANG:
        return (6, 0, 0)
    if kind == TIANWANG:
        return (1000, 0, 0) if rule(rules, "tianwang_rank") == "top" else (7, 0, 0)
    raise ValueError(f"not a bomb: {k}")


def beats(k, top, rules=None) -> bool:
    """§4: anything beats PASS; a bomb-class play beats any other play and a lower bomb; a plain
    play beats the same kind with as many cards and a lower top rank."""
    if top[0] == PASS:
        return True
    if top[0] in BOMB_KINDS:
        return k[0] in BOMB_KINDS and ladder(k, rules) > ladder(top, rules)
    if k[0] in BOMB_KINDS:
        return True
    return k[0] == top[0] and k[2] == top[2] and k[1] > top[1]


def key_cards(k) -> tuple[tuple, int, int]:
    """(natural counts, 小王, 大王) a key plays."""
    kind, rank, size, wilds, big, chain, wildas = k
    nat = [0] * 13
    if kind in (SANWANG, TIANWANG) or rank >= 13:
        return tuple(nat), size - big, big
    per = size // chain
    for r in range(rank - chain + 1, rank + 1):
        nat[r] = per - ((wildas >> (4 * r)) & 15)
    return tuple(nat), wilds - big, big


# ------------------------------------------------------------------------------------------
# Legal moves
# ------------------------------------------------------------------------------------------


def naturals_first(k, hand_nat: tuple) -> bool:
    """A joker stands only for a rank the hand has no natural of left outside the play."""
    nat, _, _ = key_cards(k)
    wildas = k[6]
    return all(nat[r] == hand_nat[r] for r in range(13) if (wildas >> (4 * r)) & 15)


def legal_moves_bruteforce(hand: tuple, top=PASS_KEY, rules=None) -> set:
    """Every sub-multiset of the hand ``(nat, sj, bj)``, classified; naturals-first keys that beat
    ``top``. Exponential: small hands only."""
    nat, sj, bj = hand
    out = set()
    for take in product(*[range(c + 1) for c in nat]):
        for s in range(sj + 1):
            for b in range(bj + 1):
                if sum(take) + s + b == 0:
                    continue
                for k in classify(tuple(take), s, b, rules):
                    if naturals_first(k, nat) and beats(k, top, rules):
                        out.add(k)
    return out


def _with_jokers(kind, rank, size, chain, need: dict, hand, rules):
    """Keys of a pattern needing ``need[r]`` cards of each rank: naturals first, wild jokers for
    the rest, one key per 小王/大王 split; none without a natural or without enough wilds."""
    nat, sj, bj = hand
    sj_wild, bj_wild = wild_kinds(rules)
    used = {r: min(need[r], nat[r]) for r in need}
    if sum(used.values()) == 0:
        return set()
    missing = {r: need[r] - used[r] for r in need}
    w = sum(missing.values())
    wildas = pack([missing.get(r, 0) for r in range(13)])
    out = set()
    for big in range(w + 1):
        small = w - big
        if (big == 0 or (bj_wild and big <= bj)) and (small == 0 or (sj_wild and small <= sj)):
            out.add((kind, rank, size, w, big if w else 0, chain, wildas if w else 0))
    return out


def all_plays(hand: tuple, rules=None) -> set:
    """Every play of the hand, pattern by pattern (§3), naturals first."""
    nat, sj, bj = hand
    out = set()
    for r in range(13):
        for size in range(1, min(12, nat[r] + sj + bj) + 1):
            kind = {1: SINGLE, 2: PAIR, 3: TRIPLE}.get(size, BOMB)
            out |= _with_jokers(kind, r, size, 1, {r: size}, hand, rules)
    runs = [(STRAIGHT, 1, 5), (PAIR_CHAIN, 2, 3), (TRIO_CHAIN, 3, 3)]
    if rule(rules, "allow_lianzha"):
        runs += [(LIANZHA, per, 3) for per in range(4, 13)]
    for kind, per, min_len in runs:
        for lo in range(ACE + 1):
            for hi in range(lo + min_len - 1, ACE + 1):
                need = {r: per for r in range(lo, hi + 1)}
                out |= _with_jokers(kind, hi, per * (hi - lo + 1), hi - lo + 1, need, hand, rules)
    for s in range(sj + 1):
        for b in range(bj + 1):
            if 0 < s + b:
                out |= classify((0,) * 13, s, b, rules)
    return out


def legal_moves(hand: tuple, top=PASS_KEY, rules=None, brute: bool = False) -> set:
    plays = legal_moves_bruteforce(hand, PASS_KEY, rules) if brute else all_plays(hand, rules)
    return {k for k in plays if beats(k, top, rules)}


# ------------------------------------------------------------------------------------------
# Scoring (§6, §7)
# ------------------------------------------------------------------------------------------


def count_level(n_bombs: int, n_ge5: int, rules=None) -> int:
    """相 a number of bombs played counts as (SK-7): ``s001`` 3 → 5相, 4 → 6相, … (n + 2);
    ``qianbian`` 4 → 6相, 5 → 7相, 6 → 8相 and two bombs of >= 5相 → 6相; ``none`` 0."""
    r = rule(rules, "bomb_count_rule")
    if r == "s001":
        return n_bombs + 2 if n_bombs >= 3 else 0
    if r == "qianbian":
        return max(n_bombs + 2 if n_bombs >= 4 else 0, 6 if n_ge5 >= 2 else 0)
    return 0


def player_level(f: Mapping, s: int, rules=None) -> int:
    """SK-7: max(largest bomb played, 天王 as ``tianwang_xiang``, count equivalence)."""
    big = f[f"s{s}_max_xiang"]
    if f[f"s{s}_tianwang"]:
        big = max(big, rule(rules, "tianwang_xiang"))
    return max(big, count_level(f[f"s{s}_bombs"], f[f"s{s}_bombs_ge5"], rules))


def hand_money(f: Mapping, rules=None) -> dict:
    """Outcome, 翻倍 and money of one hand, plainly (§6, §7; SK-6..SK-9). ``s{k}_*`` facts are by
    player; player k's team is the parity of the seat he played from (``s{k}_seat``, k if absent)."""
    B = rule(rules, "base")
    team = [f.get(f"s{s}_seat", s) % 2 for s in range(4)]
    place = {f[f"s{s}_finish"]: s for s in range(4) if f[f"s{s}_finish"] > 0}
    win = team[place[1]]
    if 2 in place and team[place[2]] == win:
        outcome, units = "双扣", 3
    elif 3 in place and team[place[3]] == win:
        outcome, units = "单扣", 2
    else:
        outcome, units = "平扣", 1
    V = units * B
    levels = [player_level(f, s, rules) for s in range(4)]
    side = [s for s in range(4) if team[s] == win]
    if rule(rules, "xiang_level_scope") == "per_player_max":
        L = max(levels[s] for s in side)
    else:
        biggest = max(max(f[f"s{s}_max_xiang"], rule(rules, "tianwang_xiang") if f[f"s{s}_tianwang"] else 0)
                      for s in side)
        L = max(biggest, count_level(sum(f[f"s{s}_bombs"] for s in side), sum(f[f"s{s}_bombs_ge5"] for s in side),
                                     rules))
    F = 2 ** (L - 4) if L >= 5 else 1
    money = [V * F if team[s] == win else -V * F for s in range(4)]
    tribute = [0] * 4
    for s in range(4):
        if levels[s] >= 6:
            if rule(rules, "contribution_table") == "s001_extrapolated":
                t = (2 * levels[s] - 11) * B
            else:
                t = 2 ** (levels[s] - 5) * V
            for o in range(4):
                if o != s:
                    tribute[s] += t
                    tribute[o] -= t
    return {"outcome": outcome, "win_team": win, "units": units, "level": L, "F": F, "hand_money": money,
            "tribute": tribute, "money": [money[s] + tribute[s] for s in range(4)], "levels": levels}
