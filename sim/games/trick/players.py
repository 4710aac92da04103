"""The players' arrays the trick kernels read: policy codes and per-seat parameters, the game's
defaults under the user's ``--policy-param``, rotated for one game index the way the kernels
rotate them (``--rotate``: seat ``k`` of game index ``g`` is played by slot ``(k + g) % 4``)."""

from __future__ import annotations

import numpy as np

from sim.games.trick import POLICIES


def kernel_players(spec, defaults: dict[str, dict[str, float]]) -> tuple[np.ndarray, np.ndarray]:
    """(policies int64[4], pp float64[4, N_PP]) of a play spec."""
    from kernels.trick.players import params_matrix

    names = spec.options["policies"]
    policies = np.array([POLICIES.index(p) for p in names], np.int64)
    return policies, params_matrix(names, spec.options.get("policy_params") or None, defaults)


def rotated(spec, policies: np.ndarray, pp: np.ndarray, game_index: int) -> tuple[np.ndarray, np.ndarray]:
    """The arrays seat by seat for ``game_index`` (as the kernel turns them with ``rotate``)."""
    if not spec.options.get("rotate"):
        return policies, pp
    order = [(k + game_index) % len(policies) for k in range(len(policies))]
    return policies[order].copy(), pp[order].copy()


def declaring_params(defaults: dict[str, dict[str, float]]) -> np.ndarray:
    """pp of four ``smart`` seats: the declaring bots a census deals with (its trump choice)."""
    from kernels.trick.players import params_matrix

    return params_matrix(["smart"] * 4, None, defaults)
