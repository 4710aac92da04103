"""港式五张 players: policy names and parameters per seat → the kernel's arrays.

``random`` (``p_fold``, ``p_raise``, ``size``), ``calling-station`` (no parameter), ``equity``
(``raise_at``, ``call_at``, ``pot_odds``, ``samples``, ``exact_max``, ``size``); meanings and
defaults in ``kernels.hkstud.policies``. Overrides come as one dict per seat (the shape of
``sim.players.parse_policy_params``).
"""

from __future__ import annotations

import numpy as np

from kernels.hkstud.policies import N_PP, PARAM_DEFAULTS, PARAM_NAMES, POLICY_NAMES
from sim.errors import UserError

POLICIES = POLICY_NAMES
PARAMS = PARAM_NAMES
DEFAULTS = dict(zip(PARAM_NAMES, PARAM_DEFAULTS))


def policy_arrays(names: list[str], overrides: list[dict[str, float]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(``policy`` int64[n], ``pp`` float64[n, N_PP]) for one policy name per seat."""
    n = len(names)
    overrides = overrides or [{} for _ in range(n)]
    policy = np.empty(n, np.int64)
    pp = np.tile(np.array(PARAM_DEFAULTS, np.float64), (n, 1))
    for s, name in enumerate(names):
        if name not in POLICY_NAMES:
            raise UserError(f"unknown 港式五张 policy {name!r}; known: {', '.join(POLICY_NAMES)}")
        policy[s] = POLICY_NAMES.index(name)
        for key, value in overrides[s].items():
            if key not in PARAM_NAMES:
                raise UserError(f"unknown policy parameter {key!r}; known: {', '.join(PARAM_NAMES)}")
            pp[s, PARAM_NAMES.index(key)] = float(value)
    bad = (pp[:, 0] < 0) | (pp[:, 1] < 0) | (pp[:, 0] + pp[:, 1] > 1)
    if bad.any():
        raise UserError("policy parameters p_fold and p_raise must be >= 0 with p_fold + p_raise <= 1")
    if (pp[:, PARAM_NAMES.index("samples")] < 1).any():
        raise UserError("policy parameter samples must be >= 1")
    assert pp.shape[1] == N_PP
    return policy, pp
