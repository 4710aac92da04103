"""五十K hand and match scores from raw facts (spec §9, §10), vectorised over hands.

``score(facts, rules, n_seats)`` reads the columns of ``kernels.wushik.layout.HAND_LAYOUT`` (by
name, e.g. ``s0_finish``, ``s0_captured``, ``terminal_points``, ``s1_bonus6``) and returns named
columns; nothing here replays a hand, so stored hands are rescored under other bonus tables
(``bomb_bonus.*``, ``bomb_bonus_zero_sum``, ``terminal_trick_points``) by the code that scored them.

Teams: 0 = seats {0, 2}, 1 = seats {1, 3}. Patterns (codes of ``pattern``): 0 双抓 (1st and 2nd
one team, +100 / -100), 1 单抓 (1st and 3rd, +50 / -50), 2 保 (1st and 4th, 0), 3 a hand decided
by an 8 of a kind dealt (W-7: ``win_hand_as_double_catch`` +300 / -100; ``win_match`` 0 / 0, the
match ends). A seat's money is his team's hand score minus the other team's: zero-sum, the
margin the hand moves.

Where a match ends depends on the hands' scores (it ends when a total reaches ``target_score``):
that is a replay question, so the hands a match contains (``match_over``, ``match_hands``) are
facts of the run. The running totals and the winner are recomputed from the scored hands over
those hands (``match_columns``), so after ``paiju rescore`` they agree with the new hand scores;
scoring needs the rows of a game index together and in order (rescore reads whole game indices).
"""

from __future__ import annotations

from typing import Mapping

import numpy as np

Facts = Mapping[str, np.ndarray]
PATTERNS = ("shuangzhua", "danzhua", "bao", "eight")
PATTERNS_ZH = ("双抓", "单抓", "保", "八炸")
PATTERN_BONUS = (100, 50, 0)
EIGHT_WIN, EIGHT_LOSS = 300, -100  # W-7 default: a 双抓 with all 200 points
BONUS_SIZES = (5, 6, 7, 8)
SEAT_FACTS = ("finish", "captured", "void", *[f"bonus{k}" for k in BONUS_SIZES])
ROLES = ("leader", "leader_partner", "opponent")
ROLE_LABELS = {"leader": "the hand's first leader (首出)", "leader_partner": "his partner (对家)",
               "opponent": "the other team"}
COMPONENT_LABELS = {"points": "captured points (5/10/K), the 终止牌 trick's table included by W-5",
                    "pattern": "双抓 / 单抓 margin (±100 / ±50 each way)",
                    "bonus": "bomb bonuses of >= 5-card bombs (W-6)",
                    "eight": "8 of a kind dealt (W-7)"}


def fact_columns(rules, n_seats: int = 4) -> list[str]:
    """The columns ``score`` reads (``seat_roles`` reads ``leader``)."""
    return (["game_index", "leader", "terminal_seat", "terminal_points", "eight_applied", "eight_seat",
             "match_eight_win"]
            + [f"s{k}_{c}" for c in SEAT_FACTS for k in range(n_seats)])


def _seat_matrix(facts, name, n_seats):
    return np.stack([np.asarray(facts[f"s{k}_{name}"], np.int64) for k in range(n_seats)], axis=1)


def _seat_of_place(finish, place):
    hit = finish == place
    return np.where(hit.any(axis=1), hit.argmax(axis=1), -1)


def bonus_table(rules) -> dict[int, int]:
    b = rules.bomb_bonus
    return {5: b.five, 6: b.six, 7: b.seven, 8: b.eight}


def _parts(facts: Facts, rules, n_seats: int) -> dict[str, np.ndarray]:
    """Per team (n, 2): captured points, pattern margin, bonuses, the W-7 score; per hand:
    pattern, 一游's team, void points, the 8-of-a-kind flag."""
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
    won = np.arange(2)[None, :] == first_team[:, None]
    margin_team = np.where(won, margin[:, None], -margin[:, None])

    table = bonus_table(rules)
    bonus_seat = np.zeros((n, n_seats), np.int64)
    for k in BONUS_SIZES:
        bonus_seat += _seat_matrix(facts, f"bonus{k}", n_seats) * table[k]
    bonus_team = np.stack([bonus_seat[:, team == t].sum(axis=1) for t in range(2)], axis=1)
    if rules.bomb_bonus_zero_sum:
        bonus_team = bonus_team - bonus_team[:, ::-1]
    if rules.eight_bomb_rule == "win_match":
        eight_team_score = np.zeros((n, 2), np.int64)
    else:
        eight_team_score = np.where(won, EIGHT_WIN, EIGHT_LOSS)
    played = ~eight[:, None]
    return {"captured": np.where(played, cap_team, 0), "margin": np.where(played, margin_team, 0),
            "bonus": np.where(played, bonus_team, 0), "eight": np.where(played, 0, eight_team_score),
            "pattern": pattern, "first_team": first_team, "void_points": np.where(eight, 0, void_points)}


def score(facts: Facts, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Pattern, captured and void points, bomb bonuses, hand scores per team and seat, and each
    seat's money: his team's hand score minus the other team's (zero-sum, in points)."""
    p = _parts(facts, rules, n_seats)
    scores = p["captured"] + p["margin"] + p["bonus"] + p["eight"]
    out = {
        "pattern": p["pattern"].astype(np.int8),
        "first_team": p["first_team"].astype(np.int8),
        "void_points": p["void_points"].astype(np.int16),
    }
    for t in range(2):
        out[f"team{t}_captured"] = p["captured"][:, t].astype(np.int16)
        out[f"team{t}_bonus"] = p["bonus"][:, t].astype(np.int32)
        out[f"team{t}_score"] = scores[:, t].astype(np.int32)
    margin = scores[:, 0] - scores[:, 1]
    for k in range(n_seats):
        out[f"s{k}_score"] = scores[:, k % 2].astype(np.int32)
        out[f"s{k}_money"] = (margin if k % 2 == 0 else -margin).astype(np.float64)
    out.update(match_columns(facts, scores))
    return out


def match_columns(facts: Facts, scores: np.ndarray) -> dict[str, np.ndarray]:
    """Each hand's match totals after it and its match's winner, from the (n, 2) team hand scores
    of whole matches in play order: the higher final total (W-8), or the team dealt the 8 of a
    kind that ended the match (W-7 win_match); 2 a draw."""
    game = np.asarray(facts["game_index"])
    totals = running_totals(game, scores)
    first = np.r_[True, game[1:] != game[:-1]] if len(game) else np.zeros(0, bool)
    match = np.cumsum(first) - 1
    last = np.flatnonzero(np.r_[first[1:], True]) if len(game) else np.zeros(0, np.int64)
    final = totals[last][match]
    eight_team = (np.asarray(facts["eight_seat"], np.int64) % 2)[last][match]
    winner = np.where(np.asarray(facts["match_eight_win"], bool), eight_team, match_winner(final[:, 0], final[:, 1]))
    return {"team0_total": totals[:, 0].astype(np.int32), "team1_total": totals[:, 1].astype(np.int32),
            "match_winner": winner.astype(np.int8)}


def components(facts: Facts, scored: Mapping[str, np.ndarray], rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """(n, seats) money of each part (``COMPONENT_LABELS``): each is the team's part minus the
    other team's; they add up to the money."""
    p = _parts(facts, rules, n_seats)
    team = np.arange(n_seats) % 2
    out = {}
    for name, key in (("points", "captured"), ("pattern", "margin"), ("bonus", "bonus"), ("eight", "eight")):
        d = (p[key][:, 0] - p[key][:, 1]).astype(np.float64)
        out[name] = np.where(team[None, :] == 0, d[:, None], -d[:, None])
    return out


def seat_roles(facts: Facts, n_seats: int = 4) -> np.ndarray:
    """(n, seats) role codes (``ROLES``): 0 the hand's first leader, 1 his partner, 2 the others."""
    leader = np.asarray(facts["leader"], np.int64)[:, None]
    k = np.arange(n_seats)[None, :]
    return np.where(k == leader, 0, np.where((k - leader) % 2 == 0, 1, 2))


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
