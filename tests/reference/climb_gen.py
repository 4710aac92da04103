"""Pure-Python twins of the climbing family's shared move generators and player pieces
(``kernels.climb.gen``, ``kernels.climb.plan``), written from their definitions (lists of rank
tuples, not packed counters); ``tests/kernels/test_climb_gen.py`` holds each kernel equal to its
twin on random hands. Records are 7-tuples (kind, rank, size, wilds, suit, chain, cards)."""

from __future__ import annotations

from kernels.climb.moves import PAIR, PASS, SINGLE, TRIPLE


def pos_rank(p: int) -> int:
    """Chain position to rank index: 0 = low A, 1 = low 2, else p - 2."""
    return {0: 11, 1: 12}.get(p, p - 2)


def packed(ranks: list[int], per: int) -> int:
    out = 0
    for r in ranks:
        out += per << (4 * r)
    return out


def gen_sets(c, tk: int, lowest: int, pack: bool) -> list[tuple]:
    """Singles, pairs, triples of ranks lowest..12 (only ``tk``'s kind unless leading)."""
    out = []
    for kind, per in ((SINGLE, 1), (PAIR, 2), (TRIPLE, 3)):
        if tk not in (PASS, kind):
            continue
        out += [(kind, r, per, 0, -1, 1, packed([r], per) if pack else 0) for r in range(lowest, 13) if c[r] >= per]
    return out


def gen_chains(c, kind, per, min_len, lo, lowest_hi, want_len, pack) -> list[tuple]:
    """Every run of ``per`` cards a rank over consecutive chain positions lo..13 that the hand
    holds (an A met at both ends needs cards for both), by top position then length."""
    out = []
    for hi in range(max(lowest_hi, lo + min_len - 1), 14):
        for length in range(min_len, hi - lo + 2):
            if want_len > 0 and length != want_len:
                continue
            ranks = [pos_rank(p) for p in range(hi - length + 1, hi + 1)]
            if any(c[r] < per * ranks.count(r) for r in ranks):
                continue
            out.append((kind, pos_rank(hi), per * length, 0, -1, length, packed(ranks, per) if pack else 0))
    return out


def suit_mask(suit_counts, rank: int) -> int:
    return sum(1 << s for s in range(4) if suit_counts[rank][s] > 0)


def fu_possible(m5: int, m10: int, mk: int) -> bool:
    """A 5, a 10 and a K can be picked not all of one suit."""
    return any(len({a, b, k}) > 1 for a in range(4) if m5 >> a & 1 for b in range(4) if m10 >> b & 1
               for k in range(4) if mk >> k & 1)


def going_out(moves, n: int, left: int) -> int:
    return next((i for i in range(n) if moves[i][2] == left), -1)


def enemy_min(seat: int, hand_left, lone=None) -> int:
    """Partners opposite; with ``lone`` (a landlord), opponents are he or, for him, everyone else."""
    if lone is None:
        left = [h for s, h in enumerate(hand_left) if (s - seat) % 2 == 1 and h > 0]
    else:
        left = [h for s, h in enumerate(hand_left) if s != seat and lone in (s, seat) and h > 0]
    return min(left) if left else 1 << 30


def take_straights(m1: int, m2: int, m3: int, times: int) -> tuple:
    """Rank by rank: up to ``times`` times, among runs of >= 5 consecutive held ranks in 3..A
    (each run taken whole, from its first rank), the first that holds the most singles (>= 2)
    becomes a straight and each of its ranks loses one card."""
    count = [(m1 >> r & 1) + 2 * (m2 >> r & 1) + 3 * (m3 >> r & 1) for r in range(13)]
    plays = 0
    for _ in range(times):
        best, best_gain, r = None, 1, 0
        while r < 12:
            if count[r] == 0:
                r += 1
                continue
            end = r
            while end < 12 and count[end] > 0:
                end += 1
            gain = sum(1 for x in range(r, end) if count[x] == 1)
            if end - r >= 5 and gain > best_gain:
                best, best_gain = (r, end), gain
            r = end
        if best is None:
            break
        plays += 1
        for x in range(*best):
            count[x] -= 1
    masks = [sum(1 << r for r in range(13) if count[r] == k) for k in (1, 2, 3)]
    return (plays, *masks)
