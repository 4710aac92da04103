"""``paiju census`` for the landlord family: deal games and record what each seat and the 底牌
hold (``kernels.landlord.census``; the play job's first deal of each hand, with ``--fix``'s cards)."""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks, seat_features

KITTY = ("kitty_jokers", "kitty_twos", "kitty_max_same")  # kitty_out rows, kernel order


def compute_census(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of games ``start .. stop-1`` as an Arrow table with the census columns."""
    import numba

    from kernels.landlord.census import census_range
    from kernels.landlord.layout import CENSUS_SEAT
    from sim.dealing import spec_tables
    from sim.games.landlord.columns import census_columns
    from sim.games.landlord.play import card_ranks
    from sim.schema import table_from_values

    r = spec.rules
    n_seats = r.n_players
    deck = np.arange(54 * r.n_decks, dtype=np.int16)
    ranks = card_ranks(r.n_decks)
    fix_card, fix_slots = spec_tables(spec)
    columns = census_columns(n_seats)

    def table(lo: int, hi: int) -> pa.Table:
        out = np.empty((len(CENSUS_SEAT), n_seats, hi - lo), np.int8)
        kitty = np.empty((len(KITTY), hi - lo), np.int8)
        run = np.array([lo, hi - lo, n_seats, r.hand_size, 4 * numba.get_num_threads()], np.int64)
        census_range(np.uint64(spec.seed), run, deck, ranks, fix_card, fix_slots, out, kitty)
        values = {"game_index": np.arange(lo, hi, dtype=np.int64)}
        values.update(seat_features(out, CENSUS_SEAT, n_seats))
        for k, name in enumerate(KITTY):
            values[name] = kitty[k]
        return table_from_values(columns, values)

    return in_chunks(start, stop, table, on_progress)


def warm_up(spec) -> None:
    """Compile (or load from cache) the census kernel on a tiny input."""
    compute_census(spec, 0, 2)
