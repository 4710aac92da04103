"""五十K's headline figures as per-hand values (``sim.game.Metric``), for ``paiju sweep``.

Hand figures apply to the hands played (NaN on a hand W-7's 8 of a kind decides); match figures
apply to the row that ends each match (NaN on the others), so their mean is one per match.
"""

from __future__ import annotations

import numpy as np

from sim.game import Metric

NAN = np.nan
BONUS = tuple(f"s{k}_bonus{b}" for b in (5, 6, 7, 8) for k in range(4))


def metrics(n_seats: int) -> list[Metric]:
    money = tuple(f"s{k}_money" for k in range(n_seats))

    def played(c, x):
        return np.where(np.asarray(c["pattern"]) != "eight", np.asarray(x, np.float64), NAN)

    def pattern(name):
        return lambda c: played(c, np.asarray(c["pattern"]) == name)

    def leader_money(c):
        m = np.stack([np.asarray(c[k], np.float64) for k in money], axis=1)
        leader = np.asarray(c["leader"]).astype(np.int64)
        return m[np.arange(len(leader)), leader]

    def at_match_end(c, x):
        return np.where(np.asarray(c["match_over"]).astype(bool), np.asarray(x, np.float64), NAN)

    def first_leader_wins(c):
        team = np.where(np.asarray(c["match_winner"]) == "team0", 0,
                        np.where(np.asarray(c["match_winner"]) == "team1", 1, -1))
        return at_match_end(c, team == np.asarray(c["first_leader"]).astype(np.int64) % 2)

    return [
        Metric("P(双抓)", ("pattern",), pattern("shuangzhua")),
        Metric("P(单抓)", ("pattern",), pattern("danzhua")),
        Metric("P(保)", ("pattern",), pattern("bao")),
        Metric("E[void points]", ("pattern", "void_points"), lambda c: played(c, c["void_points"])),
        Metric("E[bonus-earning bombs]", ("pattern",) + BONUS,
               lambda c: played(c, sum(np.asarray(c[b], np.float64) for b in BONUS))),
        Metric("P(一游 from the leader's team)", ("pattern", "leader", "first_team"),
               lambda c: played(c, np.asarray(c["first_team"]) == np.asarray(c["leader"]) % 2)),
        Metric("E[money | leader]", ("leader",) + money, leader_money),
        Metric("E[hands per match]", ("match_over", "match_hands"), lambda c: at_match_end(c, c["match_hands"])),
        Metric("P(the first leader's team wins the match)", ("match_over", "match_winner", "first_leader"),
               first_leader_wins),
    ]
