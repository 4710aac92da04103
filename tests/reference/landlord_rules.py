"""Slow, obviously-correct reference patterns of the landlord family (斗地主 and 上海三打一).

The oracle the numba climbing engine is checked against for three games:

* ``"doudizhu"``  — 斗地主, 3 players, one deck (``rules/doudizhu.md`` Part A, rule sets R3/R1);
* ``"doudizhu4"`` — 斗地主, 4 players, two decks (Part B, interpretation D-8);
* ``"shanghai"``  — 上海三打一 (``rules/shanghai-sandayi.md``).

Suits never matter in these games, so everything works on **rank counts**: a tuple of 15 ints,
rank index 0:3 .. 11:A 12:2 13:SJ 14:BJ (``kernels.cards``). A move key is the full 7-field
record ``(kind, rank, size, wilds, suit, chain, kickers)`` of ``kernels.landlord.moves``.

``rules`` is a flat dict; missing keys fall back to the game's preset (``DOUDIZHU_RULES``,
``DOUDIZHU4_RULES``, ``SHANGHAI_RULES``). The bidding/play/scoring options are read by
``tests.reference.landlord_game``; the pattern options are read here.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from kernels.cards import RBJ, RSJ, card_rank
from kernels.landlord.moves import (
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BOMB,
    CHAIN_KINDS,
    FOUR_TWO_PAIRS,
    FOUR_TWO_SINGLES,
    PAIR,
    PAIR_CHAIN,
    PASS,
    ROCKET,
    SINGLE,
    STRAIGHT,
    TIANWANG,
    TRIO_CHAIN,
    TRIO_PAIR,
    TRIO_SINGLE,
    TRIPLE,
    pack_counts,
    seq_pos,
    unpack_counts,
)
from tests.reference.landlord_presets import (  # noqa: F401  (presets re-exported)
    DOUDIZHU4_RULES,
    DOUDIZHU_R1_RULES,
    DOUDIZHU_RULES,
    GAMES,
    PRESETS,
    SHANGHAI_RULES,
    rules_for,
)

MoveKey = tuple  # (kind, rank, size, wilds, suit, chain, kickers)
Counts = tuple  # 15 rank counts

N_RANKS = 15
R_TWO = 12
PASS_KEY: MoveKey = (PASS, -1, 0, 0, -1, 0, 0)
ROCKET_KEY: MoveKey = (ROCKET, -1, 2, 0, -1, 1, 0)
TIANWANG_KEY: MoveKey = (TIANWANG, -1, 4, 0, -1, 1, 0)

# -------------------------------------------------------------------------------------------
# Rank counts
# -------------------------------------------------------------------------------------------


def as_counts(cards_or_counts) -> Counts:
    """Rank counts of a ``list`` of physical card ids, a 15-``tuple`` of counts, or a
    ``{rank: count}`` mapping (the three accepted forms; anything else is a TypeError)."""
    if isinstance(cards_or_counts, tuple):
        if len(cards_or_counts) != N_RANKS or any(c < 0 for c in cards_or_counts):
            raise ValueError(f"rank counts must be 15 non-negative ints: {cards_or_counts}")
        return tuple(int(c) for c in cards_or_counts)
    if isinstance(cards_or_counts, Mapping):
        counts = [0] * N_RANKS
        for r, c in cards_or_counts.items():
            counts[int(r)] += int(c)
        return tuple(counts)
    if isinstance(cards_or_counts, list):
        counts = [0] * N_RANKS
        for card in cards_or_counts:
            counts[card_rank(int(card))] += 1
        return tuple(counts)
    raise TypeError("pass card ids as a list, rank counts as a 15-tuple or a mapping")


def counts_of(ranks) -> Counts:
    """Rank counts from an iterable of rank indices (test helper: ``counts_of([0, 0, 1])``)."""
    counts = [0] * N_RANKS
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


_TEXT_RANKS = {ch: r for r, ch in enumerate("3456789TJQKA2")} | {"S": RSJ, "B": RBJ}


def from_text(text: str) -> Counts:
    """Rank counts from a readable string: '3'..'9', 'T' or '10', 'J', 'Q', 'K', 'A', '2',
    'S' = 小王, 'B' = 大王; spaces and '+' ignored. ``from_text("333444 + 5566")``."""
    counts = [0] * N_RANKS
    for ch in text.replace("10", "T").replace("+", "").replace(" ", ""):
        counts[_TEXT_RANKS[ch]] += 1
    return tuple(counts)


def to_text(counts) -> str:
    """Inverse of ``from_text`` (ranks in order, 10 as 'T')."""
    names = "3456789TJQKA2SB"
    return "".join(names[r] * c for r, c in enumerate(as_counts(counts)))


def add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def sub(a: Counts, b: Counts) -> Counts:
    """a - b; raises ValueError if b is not contained in a."""
    out = tuple(x - y for x, y in zip(a, b))
    if any(v < 0 for v in out):
        raise ValueError("not a sub-multiset")
    return out


def contains(a: Counts, b: Counts) -> bool:
    return all(x >= y for x, y in zip(a, b))


# -------------------------------------------------------------------------------------------
# Sequences (单顺/双顺/三顺 and the 上海 A-low sequence)
# -------------------------------------------------------------------------------------------


def pos_rank(pos: int) -> int:
    """Rank index at a sequence position: 0 → A (low), 1 → 2, p >= 2 → p - 2 (13 → A high)."""
    return 11 if pos == 0 else R_TWO if pos == 1 else pos - 2


def sequence_positions(kind: int, R: Mapping) -> range:
    """Positions a chain of this kind may use: 3..A (2..13) in 斗地主; A-low..A-high (0..13)
    in 上海 (trio chains and airplanes only with ``trio_chain_a_low``)."""
    a_low = R["a_low_sequences"]
    if kind in (TRIO_CHAIN, AIRPLANE_SINGLES, AIRPLANE_PAIRS):
        a_low = a_low and R["trio_chain_a_low"]
    return range(0 if a_low else 2, 14)


def run_counts(top_pos: int, length: int, per_rank: int) -> Counts:
    """Rank counts of ``per_rank`` cards at each of the ``length`` positions ending at top_pos
    (A counts twice in the 14-position A..A run)."""
    counts = [0] * N_RANKS
    for p in range(top_pos - length + 1, top_pos + 1):
        counts[pos_rank(p)] += per_rank
    return tuple(counts)


_RUNS_CACHE: dict = {}


def runs(kind: int, R: Mapping, min_length: int) -> list:
    """Every (top_rank, length, counts-with-1-per-position) run of at least min_length."""
    positions = sequence_positions(kind, R)
    cache_key = (positions.start, min_length)
    if cache_key not in _RUNS_CACHE:
        _RUNS_CACHE[cache_key] = [
            (pos_rank(hi), hi - lo + 1, run_counts(hi, hi - lo + 1, 1))
            for lo in positions
            for hi in range(lo + min_length - 1, positions.stop)
        ]
    return _RUNS_CACHE[cache_key]


CHAIN_MIN = {STRAIGHT: 5, PAIR_CHAIN: 3, TRIO_CHAIN: 2}
CHAIN_PER_RANK = {STRAIGHT: 1, PAIR_CHAIN: 2, TRIO_CHAIN: 3}


def chain_ranks(key: MoveKey, R: Mapping) -> Counts:
    """Main-part rank counts of a chain key (one card per position, before multiplying)."""
    return run_counts(seq_pos(key[1]), key[5], 1)


# -------------------------------------------------------------------------------------------
# Kicker rules (D-4, D-5, D-6 and the variant options)
# -------------------------------------------------------------------------------------------


def has_joker_bomb(counts: Counts, R: Mapping) -> bool:
    """True if these (kicker) cards contain a complete joker bomb of the game: the rocket
    (SJ+BJ) where it exists, 天王炸 (SJ SJ BJ BJ) where it exists."""
    sj, bj = counts[RSJ], counts[RBJ]
    return (R["rocket"] and sj >= 1 and bj >= 1) or (R["tianwang"] and sj >= 2 and bj >= 2)


def _kickers_ok(wings: Counts, main_ranks: set, R: Mapping) -> bool:
    """Rules shared by all kickers: D-4 and no joker bomb inside."""
    if R["kicker_rank_distinct"] and any(wings[r] for r in main_ranks):
        return False
    return not (R["kickers_no_joker_bomb"] and has_joker_bomb(wings, R))


def _pair_kickers_ok(wings: Counts, n_pairs: int, R: Mapping) -> bool:
    """n pairs: even counts, joker pairs only where they are pairs and allowed as kickers,
    distinct ranks if ``pair_kickers_distinct``."""
    if sum(wings) != 2 * n_pairs or any(c % 2 for c in wings):
        return False
    if (wings[RSJ] or wings[RBJ]) and not (R["joker_pairs"] and R["joker_pair_in_sandaier"]):
        return False
    return not (R["pair_kickers_distinct"] and any(c > 2 for c in wings))


def _single_wings_ok(wings: Counts, n: int, R: Mapping) -> bool:
    """n single wings under D-5 (``wing_singles_rule``) and the per-rank cap."""
    if sum(wings) != n:
        return False
    cap = R["wing_single_max_per_rank"]
    if cap is not None and any(c > cap for c in wings):
        return False
    rule = R["wing_singles_rule"]
    if rule == "any":
        return True
    if rule == "distinct_ranks":
        return all(c <= 1 for c in wings)
    if rule == "s001_literal":  # all equal or all distinct; 889 rejected, 888 and 678 fine
        nonzero = [c for c in wings if c]
        return len(nonzero) == 1 or all(c == 1 for c in nonzero)
    raise ValueError(f"unknown wing_singles_rule {rule!r}")


def _pair_wings_consecutive(wings: Counts, n: int, R: Mapping) -> bool:
    """上海 airplane: the n pairs form a run on the pair-chain sequence (333444 + 5566)."""
    for top, length, one in runs(PAIR_CHAIN, R, n):
        if length == n and wings == tuple(2 * c for c in one):
            return True
    return False


# -------------------------------------------------------------------------------------------
# Classification (A3, Part B, 上海 §3)
# -------------------------------------------------------------------------------------------


def _key(kind, rank, size, chain=1, kickers=0) -> MoveKey:
    return (kind, rank, size, 0, -1, chain, kickers)


def classify(cards_or_counts, game: str, rules: Mapping | None = None) -> set:
    """Every legal interpretation (move key) of exactly these cards; empty set if none.

    Rules encoded, one by one:
    * single: any one card. pair: two of a rank 3..2 (and BJBJ/SJSJ with ``joker_pairs``;
      BJ+SJ never). trio: three of a rank 3..2 (never jokers).
    * bomb: 4..``max_bomb_size`` of a rank 3..2. 火箭: exactly SJ+BJ (``rocket``). 天王炸:
      exactly SJ SJ BJ BJ (``tianwang``).
    * chains: 1/2/3 cards on each of >= 5/3/2 consecutive sequence positions (3..A; 上海 A-low
      ..A-high, JQKA2 impossible since 2 sits below 3).
    * 三带一 / 三带二: trio + one card / one pair (kicker rules below).
    * 飞机带翅膀: a trio chain of n + n single wings or n pair wings (上海: the pairs consecutive).
    * 四带二 / 四带二对: exactly four of a rank + 2 singles / 2 pairs (not bombs).
    * kickers: D-4 no trio/four rank; no joker bomb inside; singles per D-5; 四带二 singles of
      one rank only with D-6 ``four_two_singles_may_pair``.
    A multiset may have several readings (333444555666: trio chain of 4, or 333444555 + 666,
    or 444555666 + 333); all are returned.
    """
    R = rules_for(game, rules)
    c = as_counts(cards_or_counts)
    n = sum(c)
    keys: set = set()
    if n == 0:
        return keys
    support = [r for r in range(N_RANKS) if c[r]]

    # --- one rank only ---
    if len(support) == 1:
        r, k = support[0], c[support[0]]
        if k == 1:
            keys.add(_key(SINGLE, r, 1))
        elif k == 2 and (r <= R_TWO or R["joker_pairs"]):
            keys.add(_key(PAIR, r, 2))
        elif k == 3 and r <= R_TWO:
            keys.add(_key(TRIPLE, r, 3))
        elif 4 <= k <= R["max_bomb_size"] and r <= R_TWO:
            keys.add(_key(BOMB, r, k))

    # --- joker bombs ---
    jokers_only = all(c[r] == 0 for r in range(RSJ))
    if jokers_only and R["rocket"] and c[RSJ] == 1 and c[RBJ] == 1:
        keys.add(ROCKET_KEY)
    if jokers_only and R["tianwang"] and c[RSJ] == 2 and c[RBJ] == 2:
        keys.add(TIANWANG_KEY)

    # --- pure chains ---
    for kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN):
        m = CHAIN_PER_RANK[kind]
        if n % m or len(support) > n // m:
            continue
        for top, length, one in runs(kind, R, CHAIN_MIN[kind]):
            if length * m == n and c == tuple(m * x for x in one):
                keys.add(_key(kind, top, n, length))

    # --- trio + kicker ---
    for t in range(R_TWO + 1):
        if n not in (4, 5) or c[t] < 3:
            continue
        wings = sub(c, _at(t, 3))
        if not _kickers_ok(wings, {t}, R):
            continue
        if R["trio_single"] and n == 4:
            keys.add(_key(TRIO_SINGLE, t, 4, 1, pack_counts(wings)))
        if R["trio_pair"] and n == 5 and _pair_kickers_ok(wings, 1, R):
            keys.add(_key(TRIO_PAIR, t, 5, 1, pack_counts(wings)))

    # --- airplanes ---
    for top, length, one in runs(TRIO_CHAIN, R, 2):
        if n not in (4 * length, 5 * length):
            continue
        main = tuple(3 * x for x in one)
        if not contains(c, main):
            continue
        wings = sub(c, main)
        main_ranks = {r for r in range(N_RANKS) if one[r]}
        if not _kickers_ok(wings, main_ranks, R):
            continue
        if R["airplane_singles"] and n == 4 * length and _single_wings_ok(wings, length, R):
            keys.add(_key(AIRPLANE_SINGLES, top, n, length, pack_counts(wings)))
        if (
            R["airplane_pairs"]
            and n == 5 * length
            and _pair_kickers_ok(wings, length, R)
            and (not R["airplane_pairs_consecutive"] or _pair_wings_consecutive(wings, length, R))
        ):
            keys.add(_key(AIRPLANE_PAIRS, top, n, length, pack_counts(wings)))

    # --- four + two ---
    for f in range(R_TWO + 1):
        if n not in (6, 8) or c[f] < 4:
            continue
        wings = sub(c, _at(f, 4))
        if not _kickers_ok(wings, {f}, R):
            continue
        if R["four_two_singles"] and n == 6:
            if R["four_two_singles_may_pair"] or all(x <= 1 for x in wings):
                keys.add(_key(FOUR_TWO_SINGLES, f, 6, 1, pack_counts(wings)))
        if R["four_two_pairs"] and n == 8 and _pair_kickers_ok(wings, 2, R):
            keys.add(_key(FOUR_TWO_PAIRS, f, 8, 1, pack_counts(wings)))
    return keys


def _at(rank: int, k: int) -> Counts:
    counts = [0] * N_RANKS
    counts[rank] = k
    return tuple(counts)


def key_counts(key: MoveKey, game: str, rules: Mapping | None = None) -> Counts:
    """Rank counts of the cards a move key plays (suits do not matter, so a key fixes them)."""
    R = rules_for(game, rules)
    kind, rank, size, _w, _s, chain, kickers = key
    if kind == PASS:
        return (0,) * N_RANKS
    if kind == ROCKET:
        return add(_at(RSJ, 1), _at(RBJ, 1))
    if kind == TIANWANG:
        return add(_at(RSJ, 2), _at(RBJ, 2))
    if kind in (SINGLE, PAIR, TRIPLE, BOMB):
        return _at(rank, size)
    wings = unpack_counts(kickers)
    if kind in (TRIO_SINGLE, TRIO_PAIR):
        return add(_at(rank, 3), wings)
    if kind in (FOUR_TWO_SINGLES, FOUR_TWO_PAIRS):
        return add(_at(rank, 4), wings)
    per = {STRAIGHT: 1, PAIR_CHAIN: 2}.get(kind, 3)
    main = tuple(per * x for x in chain_ranks(key, R))
    return add(main, wings)


# -------------------------------------------------------------------------------------------
# Comparison (A4, Part B, 上海 §4)
# -------------------------------------------------------------------------------------------


def is_bomb_class(key: MoveKey) -> bool:
    """Bombs, 火箭 and 天王炸: the plays that beat other patterns."""
    return key[0] in (BOMB, ROCKET, TIANWANG)


def bomb_order(key: MoveKey) -> tuple:
    """Strength of a bomb-class play: 天王炸 > 火箭 > bombs by size, then rank. (In 3p only
    4-card bombs and the rocket exist; in 4p the rocket exists only with option ``rocket``.)"""
    if key[0] == TIANWANG:
        return (2, 0, 0)
    if key[0] == ROCKET:
        return (1, 0, 0)
    return (0, key[2], key[1])


def main_order(key: MoveKey) -> int:
    """Comparison value of a non-bomb play: chain tops by sequence position (A2345 < 23456),
    everything else by rank (2 > A; BJBJ > SJSJ > 22)."""
    return seq_pos(key[1]) if key[0] in CHAIN_KINDS else key[1]


def beats(play: MoveKey, top: MoveKey | None, game: str, rules: Mapping | None = None) -> bool:
    """True if ``play`` may be played on ``top`` (None = leading: any non-pass play).

    Joker bombs and bombs beat every other play and each other by ``bomb_order``; other plays
    beat only the same kind with the same number of cards and a higher ``main_order``.
    """
    R = rules_for(game, rules)
    if play[0] == PASS:
        return False
    if top is None or top[0] == PASS:
        return True
    if is_bomb_class(play):
        if R["bombs_beat_rocket"] and play[0] == BOMB and top[0] == ROCKET:
            return True
        return not is_bomb_class(top) or bomb_order(play) > bomb_order(top)
    if is_bomb_class(top):
        return False
    return play[0] == top[0] and play[2] == top[2] and main_order(play) > main_order(top)


# -------------------------------------------------------------------------------------------
# Legal moves: classify over generated candidates
# -------------------------------------------------------------------------------------------


def sub_multisets(counts: Counts, size: int, step: int = 1) -> Iterator[Counts]:
    """Every sub-multiset of ``counts`` with ``size`` cards (``step`` = 2: even counts only)."""
    out = [0] * N_RANKS

    def rec(r: int, left: int):
        if left == 0:
            yield tuple(out)
            return
        if r == N_RANKS:
            return
        for k in range(0, min(counts[r], left) + 1, step):
            out[r] = k
            yield from rec(r + 1, left - k)
        out[r] = 0

    yield from rec(0, size)


def candidate_sets(hand: Counts, R: Mapping, max_size: int | None = None) -> set:
    """A superset of the card multisets of all legal plays from ``hand``.

    Every pattern is a *main part* — k cards of one rank, a set of jokers, or k cards on each
    position of a run — plus kickers of 0, 1, 2 (one/two pairs: 2, 4) or n / 2n cards taken
    from the rest; all such combinations are generated and ``classify`` decides. ``max_size``
    drops candidates with more cards (used to list every play of a whole pack).
    """
    limit = sum(hand) if max_size is None else max_size
    cands: set = set()
    mains: list = []  # (main counts, kicker sizes with step)
    for r in range(N_RANKS):
        for k in range(1, hand[r] + 1):
            kick = []
            if k == 3:
                kick = [(1, 1), (2, 2)]
            elif k == 4:
                kick = [(2, 1), (4, 2)]
            mains.append((_at(r, k), kick))
    for sj in range(hand[RSJ] + 1):
        for bj in range(hand[RBJ] + 1):
            if sj + bj:
                mains.append((add(_at(RSJ, sj), _at(RBJ, bj)), []))
    for kind in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN):
        m = CHAIN_PER_RANK[kind]
        for _top, length, one in runs(kind, R, 2):
            main = tuple(m * x for x in one)
            if contains(hand, main):
                kick = [(length, 1), (2 * length, 2)] if m == 3 else []
                mains.append((main, kick))
    for main, kick in mains:
        if sum(main) > limit:
            continue
        cands.add(main)
        rest = sub(hand, main)
        for size, step in kick:
            if sum(main) + size > limit:
                continue
            for wings in sub_multisets(rest, size, step):
                cands.add(add(main, wings))
    return cands


def all_plays(hand_counts, game: str, rules: Mapping | None = None,
              max_size: int | None = None) -> set:
    """Every pattern (key) that can be formed from the hand, ignoring the trick."""
    R = rules_for(game, rules)
    hand = as_counts(hand_counts)
    keys: set = set()
    for cand in candidate_sets(hand, R, max_size):
        keys |= classify(cand, game, R)
    if R["chain_head_not_bomb"]:
        keys = {k for k in keys if not _chain_head_is_bomb(k, hand, R)}
    return keys


def _chain_head_is_bomb(key: MoveKey, hand: Counts, R: Mapping) -> bool:
    """OpenSpiel quirk: no 单顺/双顺/三顺 starting at a rank of which the hand holds 4."""
    if key[0] not in (STRAIGHT, PAIR_CHAIN, TRIO_CHAIN):
        return False
    lowest = pos_rank(seq_pos(key[1]) - key[5] + 1)
    return hand[lowest] == 4


def legal_moves(hand_rank_counts, top: MoveKey | None, game: str,
                rules: Mapping | None = None) -> set:
    """Legal keys from this hand: every play that ``beats`` top, plus PASS_KEY when following
    (the leader of a trick may not pass)."""
    keys = {k for k in all_plays(hand_rank_counts, game, rules) if beats(k, top, game, rules)}
    if top is not None and top[0] != PASS:
        keys.add(PASS_KEY)
    return keys


def is_legal(key: MoveKey, hand_rank_counts, top: MoveKey | None, game: str,
             rules: Mapping | None = None) -> bool:
    """Fast membership test equal to ``key in legal_moves(...)``: the key's cards are in the
    hand, the key is a reading of those cards, and it beats top (the replay validator uses it;
    the tests check the equivalence)."""
    R = rules_for(game, rules)
    hand = as_counts(hand_rank_counts)
    key = tuple(int(x) for x in key)
    if key[0] == PASS:
        return key == PASS_KEY and top is not None and top[0] != PASS
    try:
        cards = key_counts(key, game, R)
    except (IndexError, ValueError):
        return False
    if not contains(hand, cards) or key not in classify(cards, game, R):
        return False
    if R["chain_head_not_bomb"] and _chain_head_is_bomb(key, hand, R):
        return False
    return beats(key, top, game, R)
