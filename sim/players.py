"""Parsing ``--policy`` and ``--policy-param`` for any game: which player sits in each seat."""

from __future__ import annotations

import numpy as np

from sim.errors import UserError, did_you_mean


def parse_policies(text: str, known: tuple[str, ...], n_seats: int) -> list[str]:
    """One policy name for every seat, or ``n_seats`` of them separated by commas."""
    names = [p.strip() for p in text.split(",")]
    if len(names) == 1:
        names = names * n_seats
    if len(names) != n_seats or any(p not in known for p in names):
        unknown = next((p for p in names if p not in known), None)
        if unknown is not None:
            raise UserError(f"--policy: no player {unknown!r}{did_you_mean(unknown, known)}; players: {', '.join(known)} "
                            f"(one for every seat, or {n_seats} separated by commas)")
        raise UserError(f"--policy must be one of {', '.join(known)} or {n_seats} of them separated by commas; "
                        f"got {text!r}")
    return names


def parse_policy_params(items: list[str] | None, known: tuple[str, ...], n_seats: int) -> list[dict[str, float]]:
    """``NAME=VALUE`` (every seat) or ``SEAT:NAME=VALUE`` → one dict of overrides per seat."""
    out: list[dict[str, float]] = [{} for _ in range(n_seats)]
    for item in items or []:
        seats = range(n_seats)
        text = item
        if ":" in item.split("=", 1)[0]:
            seat_text, text = item.split(":", 1)
            if not seat_text.isdigit() or not 0 <= int(seat_text) < n_seats:
                raise UserError(f"--policy-param seat must be 0..{n_seats - 1} in {item!r}")
            seats = [int(seat_text)]
        if "=" not in text:
            raise UserError(f"--policy-param expects NAME=VALUE or SEAT:NAME=VALUE; got {item!r}")
        name, value = text.split("=", 1)
        if name not in known:
            raise UserError(f"unknown policy parameter {name!r}{did_you_mean(name, known)}; known: {', '.join(known)}")
        try:
            number = float(value)
        except ValueError:
            raise UserError(f"policy parameter {name!r} must be a number; got {value!r}") from None
        for s in seats:
            out[s][name] = number
    return out


def seat_policies(policies: list[str], names: tuple[str, ...], game_index: np.ndarray, rotate: bool) -> np.ndarray:
    """(n, n_seats) code (index in ``names``) of the policy in each seat of each hand.

    With ``rotate`` the policies turn round the table from hand to hand: seat ``k`` of hand ``g``
    is played by ``policies[(k + g) % n_seats]`` (the kernels rotate the same way).
    """
    base = np.array([names.index(p) for p in policies])
    n_seats = len(policies)
    k = np.arange(n_seats)[None, :]
    shift = np.asarray(game_index)[:, None] if rotate else np.zeros((len(game_index), 1), np.int64)
    return base[(k + shift) % n_seats]


def seat_player_values(spec, names: tuple[str, ...], game_index: np.ndarray, n_seats: int, roles=None) -> dict:
    """The per-seat player columns of play rows: ``s{k}_policy`` (``seat_policies`` of the run's
    players) and, given the game's ``roles`` array (hand, seat), ``s{k}_role``."""
    pol = seat_policies(spec.options["policies"], names, game_index, bool(spec.options.get("rotate", False)))
    values = {f"s{k}_policy": pol[:, k] for k in range(n_seats)}
    if roles is not None:
        values.update({f"s{k}_role": roles[:, k] for k in range(n_seats)})
    return values
