"""Pure-Python twin of the search player's sampling (kernels.climb.search, kernels.xiantao.search):
the same streams and the same hidden-card deals, bit for bit."""

from __future__ import annotations

from tests.reference.rng import GOLDEN, M64, Stream, mix64, shuffle

SALT = 0x5EA2C4D17E11B00F


def search_stream(state: list[int], turn: int) -> Stream:
    """The search's own stream, derived from the hand's stream state and the turn number."""
    x = mix64(state[0] ^ SALT) ^ mix64((state[1] + turn) & M64) ^ mix64(state[2] ^ state[3])
    out = Stream(0, 0)
    out.s = []
    for _ in range(4):
        x = (x + GOLDEN) & M64
        out.s.append(mix64(x))
    return out


def sample_world(seat: int, owner: list[int], hand_left: list[int], forbid_card: int, forbid_seat: int,
                 stream: Stream) -> list[int]:
    """Card owners with the cards ``seat`` cannot see dealt again to the other seats, ``hand_left``
    each, in seat order; ``forbid_card`` never with ``forbid_seat`` (redrawn until it is not)."""
    unseen = [c for c, o in enumerate(owner) if o >= 0 and o != seat]
    world = list(owner)
    for _ in range(256):
        shuffle(stream, unseen)  # the kernel's Fisher–Yates over the same prefix
        k = 0
        for s, n in enumerate(hand_left):
            if s == seat:
                continue
            for _j in range(n):
                world[unseen[k]] = s
                k += 1
        if forbid_card < 0 or world[forbid_card] != forbid_seat:
            break
    return world


def deal_counts(pool: list[int], sizes: list[int], fixed: list[bool], stream: Stream) -> list[list[int] | None]:
    """Rank counts dealt card by card without replacement to the seats that are not fixed."""
    pool = list(pool)
    total = sum(pool)
    out: list[list[int] | None] = []
    for s, size in enumerate(sizes):
        if fixed[s]:
            out.append(None)
            continue
        counts = [0] * len(pool)
        for _ in range(size):
            if total <= 0:
                break
            k = stream.bounded(total)
            r = 0
            while k >= pool[r]:
                k -= pool[r]
                r += 1
            pool[r] -= 1
            counts[r] += 1
            total -= 1
        out.append(counts)
    return out


def confident_best(gains: list[list[float]], z: float) -> int:
    """``kernels.xiantao.search.confident_best`` from the per-world gains themselves: candidate 0
    unless another's mean gain over it is positive and at least ``z`` sample standard errors; then
    the candidate with the largest such mean (the first on ties)."""
    import statistics

    best, best_mean = 0, 0.0
    for ci, g in enumerate(gains):
        if ci == 0:
            continue
        mean = sum(g) / len(g)
        se = (statistics.stdev(g) / len(g) ** 0.5) if len(g) > 1 else 0.0
        if mean > 1e-9 and mean >= z * se - 1e-9 and mean > best_mean:
            best, best_mean = ci, mean
    return best


def sample_world_known(seat: int, owner: list[int], hand_left: list[int], known: list[int],
                       stream: Stream) -> list[int]:
    """``sample_world`` with public cards: those in ``known`` stay with their holders, the other
    hidden cards are shuffled once and dealt in seat order, each seat its count less the known
    cards it holds (百变双扣's announced card)."""
    fill = list(hand_left)
    unseen = []
    for c, o in enumerate(owner):
        if o >= 0 and o != seat:
            if c in known:
                fill[o] -= 1
            else:
                unseen.append(c)
    shuffle(stream, unseen)
    world = list(owner)
    k = 0
    for s, n in enumerate(fill):
        if s == seat:
            continue
        for _j in range(n):
            world[unseen[k]] = s
            k += 1
    return world
