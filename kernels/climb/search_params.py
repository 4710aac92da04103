"""The search player's parameters, shared by every climbing family (plain Python: the CLI reads
them without importing numba). Each family appends them, in this order, to its ``pp`` rows."""

SEARCH_PARAMS = ("worlds", "candidates", "rollout_policy", "search_bids")
SEARCH_DEFAULTS = {"worlds": 12.0, "candidates": 6.0, "rollout_policy": 2.0, "search_bids": 1.0}
SEARCH_DOCS = {
    "worlds": "search: sampled deals of the hidden cards per decision (each candidate is rolled out in every one)",
    "candidates": "search: most moves considered per decision (the rollout policy's choice, pass and the "
                  "cheapest others by the family's order)",
    "rollout_policy": "search: player that finishes each rollout (0 random, 1 greedy, 2 smart)",
    "search_bids": "search: 1 = bidding decisions (叫分, 抢, 明牌, 硬牌, 摊打 …) are searched too, 0 = heuristic",
}


def search_params_matrix(values: list[dict], n_seats: int):
    """(n_seats, len(SEARCH_PARAMS)) float64: each seat's search parameters over the defaults."""
    import numpy as np

    out = np.zeros((n_seats, len(SEARCH_PARAMS)), np.float64)
    for seat in range(n_seats):
        merged = dict(SEARCH_DEFAULTS)
        merged.update({k: v for k, v in (values[seat] if seat < len(values) else {}).items() if k in SEARCH_DEFAULTS})
        out[seat] = [float(merged[k]) for k in SEARCH_PARAMS]
    return out
