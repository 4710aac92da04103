"""Bridge players: bidding policies (``natural``, ``pass-out``) and card-play policies (``random``,
``greedy``, ``dd``), per seat, as the int64 arrays ``kernels.bridge.board.play_range`` reads.

``pass-out`` always passes; when all four seats use it the board has no auction and its result is
the deal's par score (``result_is_par``; needs the DD columns). ``dd`` card play gives the
double-dummy result of the contract (the DD table's entry, filled in after DDS), so it is a table
choice: all four seats or none. The ``natural`` system and its parameters are documented in
``kernels.bridge.natural``.
"""

from __future__ import annotations

import numpy as np

from kernels.bridge.cardplay import PLAY_DD, PLAY_GREEDY, PLAY_RANDOM
from kernels.bridge.natural import BID_NATURAL, BID_PASS_OUT, N_BID_PARAMS, NATURAL_DEFAULTS
from sim.errors import UserError

BIDDING = {"natural": BID_NATURAL, "pass-out": BID_PASS_OUT}
PLAY = {"random": PLAY_RANDOM, "greedy": PLAY_GREEDY, "dd": PLAY_DD}
NATURAL_PARAMS = ("nt_min", "nt_max", "game", "minor_game", "slam", "grand", "weak_twos", "doubles")
assert len(NATURAL_PARAMS) == N_BID_PARAMS


def policy_arrays(bidding: str | list[str] = "natural", play: str | list[str] = "greedy",
                  params: dict[str, int] | list[dict[str, int]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(policies int64[2, 4], bid_params int64[4, N_BID_PARAMS]) from names, one or one per seat."""
    bids = [bidding] * 4 if isinstance(bidding, str) else list(bidding)
    plays = [play] * 4 if isinstance(play, str) else list(play)
    per_seat = [params or {}] * 4 if params is None or isinstance(params, dict) else list(params)
    if len(bids) != 4 or len(plays) != 4 or len(per_seat) != 4:
        raise UserError("bridge has 4 seats: give one policy or four")
    for name in bids:
        if name not in BIDDING:
            raise UserError(f"unknown bidding policy {name!r} (known: {', '.join(BIDDING)})")
    for name in plays:
        if name not in PLAY:
            raise UserError(f"unknown card-play policy {name!r} (known: {', '.join(PLAY)})")
    if "dd" in plays and plays.count("dd") != 4:
        raise UserError("card play 'dd' is double dummy for the whole table: give it to all four seats")
    policies = np.array([[BIDDING[b] for b in bids], [PLAY[p] for p in plays]], np.int64)
    bid_params = np.array([NATURAL_DEFAULTS] * 4, np.int64)
    for seat, values in enumerate(per_seat):
        for key, value in values.items():
            if key not in NATURAL_PARAMS:
                raise UserError(f"unknown natural bidding parameter {key!r} (known: {', '.join(NATURAL_PARAMS)})")
            bid_params[seat, NATURAL_PARAMS.index(key)] = int(value)
    return policies, bid_params
