"""Pure-Python twin of kernels.rng and kernels.deal: the same streams, bit for bit."""

from __future__ import annotations

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
STREAM = 0xD1B54A32D192ED03


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Stream:
    """xoshiro256** seeded from (seed, game_index) by splitmix64, as kernels.rng.seed_stream."""

    def __init__(self, seed: int, game_index: int) -> None:
        x = mix64((seed + GOLDEN) & M64) ^ ((game_index * STREAM) & M64)
        self.s = []
        for _ in range(4):
            x = (x + GOLDEN) & M64
            self.s.append(mix64(x))

    def next_u64(self) -> int:
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M64  # noqa: E731
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def bounded(self, n: int) -> int:
        """Lemire's unbiased draw in [0, n) from the high 32 bits of each output."""
        m = (self.next_u64() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = (2**32 - n) % n
            while low < threshold:
                m = (self.next_u64() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32


def shuffle(stream: Stream, deck: list[int]) -> None:
    for i in range(len(deck) - 1, 0, -1):
        j = stream.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def deal(deck: list[int], n_seats: int, hand_size: int) -> tuple[list[list[int]], list[int]]:
    """Position p → seat p % n_seats, in deal order; the rest is the kitty."""
    hands = [[deck[p] for p in range(seat, n_seats * hand_size, n_seats)] for seat in range(n_seats)]
    return hands, deck[n_seats * hand_size:]
