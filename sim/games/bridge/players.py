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

from sim.errors import UserError

BIDDING = ("pass-out", "natural")  # code = kernels.bridge.natural BID_PASS_OUT, BID_NATURAL
PLAY = ("random", "greedy", "dd")  # code = kernels.bridge.cardplay PLAY_RANDOM, PLAY_GREEDY, PLAY_DD
NATURAL_PARAMS = ("nt_min", "nt_max", "game", "minor_game", "slam", "grand", "weak_twos", "doubles", "redoubles")


def policy_arrays(bidding: str | list[str] = "natural", play: str | list[str] = "greedy",
                  params: dict[str, int] | list[dict[str, int]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(policies int64[2, 4], bid_params int64[4, N_BID_PARAMS]) from names, one or one per seat."""
    from kernels.bridge.cardplay import PLAY_DD, PLAY_GREEDY, PLAY_RANDOM
    from kernels.bridge.natural import BID_NATURAL, BID_PASS_OUT, N_BID_PARAMS, NATURAL_DEFAULTS

    assert (BID_PASS_OUT, BID_NATURAL) == (0, 1) and (PLAY_RANDOM, PLAY_GREEDY, PLAY_DD) == (0, 1, 2)
    assert len(NATURAL_PARAMS) == N_BID_PARAMS
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
    policies = np.array([[BIDDING.index(b) for b in bids], [PLAY.index(p) for p in plays]], np.int64)
    bid_params = np.array([NATURAL_DEFAULTS] * 4, np.int64)
    for seat, values in enumerate(per_seat):
        for key, value in values.items():
            if key not in NATURAL_PARAMS:
                raise UserError(f"unknown natural bidding parameter {key!r} (known: {', '.join(NATURAL_PARAMS)})")
            bid_params[seat, NATURAL_PARAMS.index(key)] = int(value)
    return policies, bid_params


# --- players: the names ``--policy`` takes, one per seat (or one for all) ------------------------

PLAYERS = {  # name -> (bidding, card play); pass-out's card play is the table's (below)
    "natural-greedy": ("natural", "greedy"),
    "natural-random": ("natural", "random"),
    "natural-dd": ("natural", "dd"),
    "pass-out": ("pass-out", None),
}
PLAYER_NAMES = tuple(PLAYERS)
DEFAULT_PLAYER = "natural-greedy"
PLAYER_DOCS = {
    "natural-greedy": "natural bidding (kernels.bridge.natural), greedy card play (kernels.bridge.cardplay)",
    "natural-random": "natural bidding, a uniform legal card at every turn",
    "natural-dd": "natural bidding, double-dummy card play: the contract takes its DD tricks (needs dd = true; "
                  "all seats that play cards must be natural-dd)",
    "pass-out": "always passes; when all four seats pass out, the board has no auction and scores its par "
                "(needs dd = true). Declaring or defending, it plays cards as the table does (dd or greedy)",
}


def player_arrays(names: list[str], params: list[dict] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(policies int64[2, 4], bid_params int64[4, N_BID_PARAMS]) of four player names (one per
    seat slot) and their ``--policy-param`` overrides (natural bidding parameters, integers)."""
    unknown = [n for n in names if n not in PLAYERS]
    if unknown:
        raise UserError(f"unknown bridge player {unknown[0]!r} (known: {', '.join(PLAYER_NAMES)})")
    plays = [PLAYERS[n][1] for n in names]
    if "dd" in plays and any(p not in ("dd", None) for p in plays):
        raise UserError("natural-dd plays the cards double dummy for the whole table: every seat that plays "
                        "cards must be natural-dd (or pass-out)")
    table_play = "dd" if "dd" in plays else "greedy"
    per_seat = []
    for seat_params in params or [{}] * len(names):
        out = {}
        for key, value in seat_params.items():
            if float(value) != int(value):
                raise UserError(f"bridge player parameter {key!r} takes whole numbers; got {value}")
            out[key] = int(value)
        per_seat.append(out)
    return policy_arrays([PLAYERS[n][0] for n in names], [p or table_play for p in plays], per_seat)


def needs_dd(names: list[str]) -> str | None:
    """Why these players need the ruleset's ``dd = true`` (None: they do not)."""
    if "natural-dd" in names:
        return "natural-dd plays double dummy"
    if all(n == "pass-out" for n in names):
        return "four pass-out players score the deal's par"
    return None
