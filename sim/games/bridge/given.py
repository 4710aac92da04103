"""Given hands for bridge, as dealer programs set them: ``--fix SEAT=CARDS`` (``sim.dealing``),
``--hcp SEAT=LO..HI`` and ``--shape SEAT=S-H-D-C`` (each length a number, ``n+``, ``lo..hi`` or
``x``), dealt by rejection (``kernels.bridge.deal``: a kept deal is uniform among those that meet
them). Seats are 0 N, 1 E, 2 S, 3 W.

``constraints`` reads the texts into a normalised ``{"hcp": {seat: [lo, hi]}, "shape": {seat:
[[lo, hi] ♠, ♥, ♦, ♣]}}`` (kept in the run's options) and refuses, in one line, a constraint no
deal can meet or that fewer than ``MIN_RATE`` of the deals meet (measured on ``PROBE`` deals).
``deal_spec`` gives the kernels' tables of a run spec.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

from sim.errors import UserError

PROBE = 200_000  # deals dealt to measure how often the constraints hold
MIN_RATE = 1e-4  # rejection sampling needs at least this share of deals to meet them
SUITS = "SHDC"  # --shape order: ♠-♥-♦-♣
KERNEL_SUIT = {"S": 3, "H": 2, "D": 1, "C": 0}  # kernels.bridge.cards suit of each --shape suit


def _seat(text: str, option: str) -> str:
    seat = text.strip()
    if seat not in ("0", "1", "2", "3"):
        raise UserError(f"{option}: seat must be 0 N, 1 E, 2 S or 3 W; got {text!r}")
    return seat


def _range(text: str, top: int, what: str, option: str) -> list[int]:
    t = text.strip().lower()
    try:
        if t in ("x", "*", ""):
            lo, hi = 0, top
        elif t.endswith("+"):
            lo, hi = int(t[:-1]), top
        elif ".." in t:
            a, b = t.split("..", 1)
            lo, hi = int(a), int(b)
        else:
            lo = hi = int(t)
    except ValueError:
        raise UserError(f"{option}: {what} must be N, N+, LO..HI or x; got {text!r}") from None
    if not 0 <= lo <= hi <= top:
        raise UserError(f"{option}: {what} {text!r} is not a range within 0..{top}")
    return [lo, hi]


def constraints(rules, fixed: Mapping[str, Sequence[str]], hcp: Sequence[str], shape: Sequence[str]) -> dict[str, Any]:
    """The normalised ``--hcp`` / ``--shape`` (``{}`` without them), checked to be possible and
    not too rare for rejection sampling (one-line ``UserError`` otherwise)."""
    out: dict[str, Any] = {}
    for text in hcp or []:
        seat, sep, value = text.partition("=")
        if not sep:
            raise UserError(f"--hcp takes SEAT=LO..HI, e.g. --hcp 0=15..17; got {text!r}")
        seat = _seat(seat, "--hcp")
        if seat in out.setdefault("hcp", {}):
            raise UserError(f"--hcp: seat {seat} is given twice")
        out["hcp"][seat] = _range(value, 37, "HCP", "--hcp")
    for text in shape or []:
        seat, sep, value = text.partition("=")
        parts = value.split("-")
        if not sep or len(parts) != 4:
            raise UserError(f"--shape takes SEAT=S-H-D-C (♠-♥-♦-♣ lengths: N, N+, LO..HI or x), e.g. --shape "
                            f"0=5+-x-x-x; got {text!r}")
        seat = _seat(seat, "--shape")
        if seat in out.setdefault("shape", {}):
            raise UserError(f"--shape: seat {seat} is given twice")
        lengths = [_range(p, 13, f"{SUITS[i]} length", "--shape") for i, p in enumerate(parts)]
        if sum(lo for lo, _ in lengths) > 13 or sum(hi for _, hi in lengths) < 13:
            raise UserError(f"--shape {text}: no 13-card hand has these suit lengths")
        out["shape"][seat] = lengths
    out = {k: v for k, v in out.items() if v}
    if out:
        _check_rate(rules, fixed, out)
    return out


def table(given: Mapping[str, Any]) -> np.ndarray:
    """The kernels' constraints table (``kernels.bridge.deal``: seat, HCP lo, hi, then ♣ ♦ ♥ ♠
    length ranges), one row per constrained seat."""
    from kernels.bridge.deal import C_HCP_HI, C_HCP_LO, C_LEN, C_SEAT, N_CONSTRAINT

    seats = sorted(set(given.get("hcp", {})) | set(given.get("shape", {})))
    out = np.zeros((len(seats), N_CONSTRAINT), np.int64)
    for i, seat in enumerate(seats):
        out[i, C_SEAT] = int(seat)
        out[i, C_HCP_LO], out[i, C_HCP_HI] = given.get("hcp", {}).get(seat, (0, 37))
        for j, suit in enumerate(SUITS):
            lo, hi = given.get("shape", {}).get(seat, [[0, 13]] * 4)[j]
            k = KERNEL_SUIT[suit]
            out[i, C_LEN + 2 * k], out[i, C_LEN + 2 * k + 1] = lo, hi
    return out


def deal_spec(spec) -> tuple:
    """``(fix_card, fix_slots, constraints)`` of a run spec for the bridge kernels."""
    from kernels.bridge.deal import no_deal_spec
    from sim.dealing import spec_tables

    options = spec.options or {}
    if not (options.get("fix") or options.get("hcp") or options.get("shape")):
        return no_deal_spec()
    fix_card, fix_slots = spec_tables(spec)
    return fix_card, fix_slots, table(options)


def _check_rate(rules, fixed, given) -> None:
    """Refuse constraints that fewer than ``MIN_RATE`` of ``PROBE`` deals (with the fixed cards) meet."""
    import numba

    from kernels.bridge.deal import deal_range, no_deal_spec
    from kernels.bridge.hand import holding_table
    from sim.dealing import fix_tables
    from sim.registry import load_game

    fix_card, fix_slots = fix_tables(load_game("bridge").dealing, rules, fixed)
    spec = (fix_card, fix_slots, no_deal_spec()[2])
    masks = np.empty((PROBE, 4), np.uint64)
    holding = holding_table()
    deal_range(np.uint64(987654321), 0, PROBE, holding, spec, masks, 4 * numba.get_num_threads())
    ok = np.ones(PROBE, bool)
    t = table(given)
    for row in t:
        m = masks[:, row[0]]
        hcp = np.zeros(PROBE, np.int64)
        for k in range(4):
            entry = holding[((m >> np.uint64(13 * k)) & np.uint64(0x1FFF)).astype(np.int64)].astype(np.int64)
            length, points = entry & 0xFF, (entry >> 8) & 0xFF
            hcp += points
            ok &= (length >= row[3 + 2 * k]) & (length <= row[4 + 2 * k])
        ok &= (hcp >= row[1]) & (hcp <= row[2])
    hits = int(ok.sum())
    if hits < MIN_RATE * PROBE:
        def text(key, value):
            ranges = [value] if key == "hcp" else value
            return "-".join(f"{lo}" if lo == hi else f"{lo}..{hi}" for lo, hi in ranges)

        what = " and ".join(f"--{k} {', '.join(f'{s}={text(k, v)}' for s, v in d.items())}" for k, d in given.items())
        raise UserError(f"{what}: {hits} of {PROBE:,} random deals meet it (need 1 in {int(1 / MIN_RATE):,}); "
                        "impossible or too rare to deal by rejection")
