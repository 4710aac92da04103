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

