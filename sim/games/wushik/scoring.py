"""五十K hand and match scores from raw facts (spec §9, §10), vectorised over hands.

``score(facts, rules, n_seats)`` reads the columns of ``kernels.wushik.layout.HAND_LAYOUT`` (by
name, e.g. ``s0_finish``, ``s0_captured``, ``terminal_points``, ``s1_bonus6``) and returns named
columns; nothing here replays a hand, so stored hands are rescored under other bonus tables
(``bomb_bonus.*``, ``bomb_bonus_zero_sum``, ``terminal_trick_points``) by the code that scored them.

Teams: 0 = seats {0, 2}, 1 = seats {1, 3}. Patterns (codes of ``pattern``): 0 双抓 (1st and 2nd
one team, +100 / -100), 1 单抓 (1st and 3rd, +50 / -50), 2 保 (1st and 4th, 0), 3 a hand decided
by an 8 of a kind dealt (W-7: ``win_hand_as_double_catch`` +300 / -100; ``win_match`` 0 / 0, the
match ends).

Match totals depend on the hands a match contains, which the play engine decides under the
run's scoring (a match ends when a total reaches ``target_score``); ``running_totals`` and
``match_winner`` recompute them from hand scores for checking and for reports.
"""

from __future__ import annotations

import numpy as np

PATTERNS = ("shuangzhua", "danzhua", "bao", "eight")
PATTERNS_ZH = ("双抓", "单抓", "保", "八炸")
PATTERN_BONUS = (100, 50, 0)
EIGHT_WIN, EIGHT_LOSS = 300, -100  # W-7 default: a 双抓 with all 200 points
BONUS_SIZES = (5, 6, 7, 8)


def _seat_matrix(facts, name, n_seats):
    return np.stack([np.asarray(facts[f"s{k}_{name}"], np.int64) for k in range(n_seats)], axis=1)


def _seat_of_place(finish, place):
    hit = finish == place
    return np.where(hit.any(axis=1), hit.argmax(axis=1), -1)


def bonus_table(rules) -> dict[int, int]:
    b = rules.bomb_bonus
    return {5: b.five, 6: b.six, 7: b.seven, 8: b.eight}


def score(facts: dict, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Pattern, captured and void points, bomb bonuses and hand scores per team and seat."""
    finish = _seat_matrix(facts, "finish", n_seats)
    captured = _seat_matrix(facts, "captured", n_seats)
    void = _seat_matrix(facts, "void", n_seats)
    n = finish.shape[0]
    team = np.arange(n_seats) % 2
    terminal_seat = np.asarray(facts["terminal_seat"], np.int64)
    terminal_points = np.asarray(facts["terminal_points"], np.int64)
    eight = np.asarray(facts["eight_applied"], bool)
    eight_team = np.asarray(facts["eight_seat"], np.int64) % 2

    cap_team = np.zeros((n, 2), np.int64)
    for t in range(2):
        cap_team[:, t] = captured[:, team == t].sum(axis=1)
    void_points = void.sum(axis=1)
    if rules.terminal_trick_points == "to_terminating_player":
        has = terminal_seat >= 0
        cap_team[has, terminal_seat[has] % 2] += terminal_points[has]
    else:
        void_points = void_points + terminal_points

    first = _seat_of_place(finish, 1)
    second = _seat_of_place(finish, 2)
    third = _seat_of_place(finish, 3)
    first_team = np.where(eight, eight_team, first % 2)
    double = (second >= 0) & (second % 2 == first_team)
    single = ~double & (third >= 0) & (third % 2 == first_team)
    pattern = np.where(eight, 3, np.where(double, 0, np.where(single, 1, 2)))
    margin = np.choose(np.minimum(pattern, 2), PATTERN_BONUS)

    table = bonus_table(rules)
    bonus_seat = np.zeros((n, n_seats), np.int64)
    for k in BONUS_SIZES:
        bonus_seat += _seat_matrix(facts, f"bonus{k}", n_seats) * table[k]
    bonus_team = np.stack([bonus_seat[:, team == t].sum(axis=1) for t in range(2)], axis=1)
    if rules.bomb_bonus_zero_sum:
        bonus_team = bonus_team - bonus_team[:, ::-1]

    scores = np.zeros((n, 2), np.int64)
    for t in range(2):
        won = first_team == t
        scores[:, t] = cap_team[:, t] + np.where(won, margin, -margin) + bonus_team[:, t]
    if eight.any():
        if rules.eight_bomb_rule == "win_match":
            eight_scores = np.zeros((n, 2), np.int64)
        else:
            eight_scores = np.where(np.arange(2)[None, :] == eight_team[:, None], EIGHT_WIN, EIGHT_LOSS)
        scores = np.where(eight[:, None], eight_scores, scores)
        cap_team = np.where(eight[:, None], 0, cap_team)
        bonus_team = np.where(eight[:, None], 0, bonus_team)
        void_points = np.where(eight, 0, void_points)

    out = {
        "pattern": pattern.astype(np.int8),
        "first_team": first_team.astype(np.int8),
        "void_points": void_points.astype(np.int16),
    }
    for t in range(2):
        out[f"team{t}_captured"] = cap_team[:, t].astype(np.int16)
        out[f"team{t}_bonus"] = bonus_team[:, t].astype(np.int32)
        out[f"team{t}_score"] = scores[:, t].astype(np.int32)
    for k in range(n_seats):
        out[f"s{k}_score"] = scores[:, k % 2].astype(np.int32)
    return out


def running_totals(match: np.ndarray, team_scores: np.ndarray) -> np.ndarray:
    """(n, 2) team totals after each hand, summed within each match (hands in play order)."""
    match = np.asarray(match)
    team_scores = np.asarray(team_scores, np.int64)
    totals = np.cumsum(team_scores, axis=0)
    start = np.r_[True, match[1:] != match[:-1]]
    first_idx = np.maximum.accumulate(np.where(start, np.arange(match.shape[0]), 0))
    before = np.where(first_idx[:, None] > 0, totals[np.maximum(first_idx - 1, 0)], 0)
    return totals - before


def match_over(totals: np.ndarray, target: int) -> np.ndarray:
    """A match ends after the hand in which a team total reaches ``target`` (§10.3)."""
    return (np.asarray(totals) >= target).any(axis=1)


def match_winner(team0_total: np.ndarray, team1_total: np.ndarray) -> np.ndarray:
    """0 or 1 for the team with the higher final total (W-8), 2 for a draw."""
    t0, t1 = np.asarray(team0_total), np.asarray(team1_total)
    return np.where(t0 > t1, 0, np.where(t1 > t0, 1, 2)).astype(np.int8)
