"""How many legal moves a 仙桃千分 hand can have: the size of the move buffer, derived (plain Python).

``kernels.xiantao.movegen.generate_moves`` writes one record per legal move and never the same
move twice, so its buffer must hold the largest move list of any hand the rules allow. That
number is computed here, exactly for the groups and as a cap for the rest:

* **groups** (singles, pairs, triples, bombs) are generated rank by rank, and what one rank gives
  depends only on its natural count ``c`` and the hand's wilds ``W`` (``group_moves``, the same
  loops as ``gen_groups``, plus the one wild single when ``W > 0``). So for each ``W`` the best
  hand is a knapsack over ranks: maximise the sum of ``group_moves(r, c_r, W)`` subject to
  ``c_r`` <= the pack's copies of rank ``r`` and ``sum(c_r) + W`` <= the hand size, solved
  exactly by dynamic programming over ranks;
* **王炸** adds at most 2 records (natural, or with one wild for a missing joker);
* **五十K** at most ``5 * (w + 1)`` (four 正 suits and 杂, each with 0..w wilds, ``w`` = the
  wilds one 五十K may use, at most 2: more can never be needed).

A following hand generates a subset of its leading list (the same generators, filtered by the
beat rule), so the maximum over leading hands bounds every call. For the standard pack (two
decks: four natural 3s, eight of each rank 4..2, one natural 小王 and 大王, six wilds) and 27
cards the bound is 165 moves (170 with the options that allow the most); the buffer is
``MAX_MOVES`` = the largest bound over every option the ruleset offers, and ``generate_moves``
raises rather than write past a buffer that is smaller.
"""

from __future__ import annotations

N_WILDS = 6  # red 3s of both decks and the two 配牌 (kernels.xiantao.rules wild_ids): never more
MAX_HAND = 27  # 108 or 110 cards among four seats (sim.games.xiantao.rules validate)


def group_moves(rank: int, naturals: int, wilds: int) -> int:
    """Records ``gen_groups`` writes for one rank (single, pairs, triples, bombs), leading."""
    n = 1 if naturals > 0 else 0
    if rank >= 13:  # jokers: singles only
        return n
    for size in (2, 3):
        for w in range(min(wilds, size) + 1):
            k = size - w
            if k <= naturals and (k >= 1 or rank == 0):  # an all-wild group counts as 3s
                n += 1
    min_naturals = 0 if rank == 0 else 1
    for size in range(4, naturals + wilds + 1):
        n += max(0, min(wilds, size - min_naturals) - max(0, size - naturals) + 1)
    return n


def best_groups(hand_size: int, copies: tuple[int, ...], wilds: int) -> tuple[int, list[int]]:
    """(most group records, natural counts per rank that reach it) of a hand holding ``wilds``
    wilds and at most ``hand_size - wilds`` natural cards: the knapsack of the module doc."""
    room = hand_size - wilds
    best = [0] + [-1] * room  # best[k]: most group records with k natural cards so far
    choice = []  # choice[rank][k]: that rank's count in the best hand of k cards
    for rank, cap in enumerate(copies):
        nxt, pick = [-1] * (room + 1), [0] * (room + 1)
        for used, value in enumerate(best):
            if value < 0:
                continue
            for c in range(min(cap, room - used) + 1):
                v = value + group_moves(rank, c, wilds)
                if v > nxt[used + c]:
                    nxt[used + c], pick[used + c] = v, c
        best = nxt
        choice.append(pick)
    k = max(range(room + 1), key=lambda i: best[i])
    value, counts = best[k], [0] * len(copies)
    for rank in range(len(copies) - 1, -1, -1):
        counts[rank] = choice[rank][k]
        k -= counts[rank]
    return value, counts


def max_moves(hand_size: int = MAX_HAND, copies: tuple[int, ...] = (4,) + (8,) * 12 + (1, 1),
              n_wilds: int = N_WILDS, wilds_per_510k: int = 1) -> int:
    """Largest number of legal moves of a hand of at most ``hand_size`` cards (see module doc).

    ``copies[r]``: natural cards of rank index r in the pack (15 ranks); ``n_wilds``: wilds in the
    pack; ``wilds_per_510k``: the ruleset's ``max_wilds_in_510k`` (0 when wilds may not join).
    """
    # with w wilds: the best groups, the wild single, 王炸 (2) and 五十K (5 per number of wilds it may use)
    return max(best_groups(hand_size, copies, w)[0] + (1 if w > 0 else 0) + 2 + 5 * (min(wilds_per_510k, w, 2) + 1)
               for w in range(min(n_wilds, hand_size) + 1))


def max_moves_any_ruleset() -> int:
    """The bound over every option of the ruleset: 配牌 as wilds or as extra cards (two natural
    jokers of each kind), up to two wilds per 五十K, the largest hand."""
    return max(max_moves(MAX_HAND, (4,) + (8,) * 12 + jokers, N_WILDS, w510)
               for jokers in ((1, 1), (2, 2)) for w510 in (0, 1, 2))


MAX_MOVES = max_moves_any_ruleset()
