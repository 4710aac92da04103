"""五十K hand scores inside numba: the match totals' running score and the search player's yardstick.

The formula of ``sim.games.wushik.scoring.score`` (spec §10.1, §10.2, W-5..W-7) read from one
hand's fact row (``kernels.wushik.layout.HAND_LAYOUT``) instead of columns of stored rows;
``tests/games/test_wushik_search.py`` checks that ``seat_money`` equals the scorer's ``s{k}_money``
on every hand of played runs.
"""

from __future__ import annotations

from numba import njit

from kernels.wushik.layout import HAND_LAYOUT, MAX_SEATS
from kernels.wushik.movegen import EIGHT_WIN_MATCH, W_BONUS, W_EIGHT_RULE, W_TERMINAL_POINTS, W_ZERO_SUM

ROW_EIGHT_SEAT, ROW_EIGHT, ROW_FINISH, ROW_CAPTURED, ROW_BONUS, ROW_TERMINAL_SEAT, ROW_TERMINAL_POINTS = map(
    HAND_LAYOUT.at, ("eight_seat", "eight_applied", "finish", "captured", "bonus5", "terminal_seat", "terminal_points"))

PATTERN_MARGIN = (100, 50, 0)  # 双抓, 单抓, 保 (§10.1)
EIGHT_WIN, EIGHT_LOSS = 300, -100  # W-7 default: a 双抓 with all 200 points


@njit(cache=True, nogil=True)
def hand_scores(row, rules):
    """(team 0, team 1) hand scores of a finished hand's row (spec §10.1, §10.2, W-5..W-7): the
    formula of ``sim.games.wushik.scoring.score``."""
    if row[ROW_EIGHT] != 0:
        if rules[W_EIGHT_RULE] == EIGHT_WIN_MATCH:
            return 0, 0
        if row[ROW_EIGHT_SEAT] % 2 == 0:
            return EIGHT_WIN, EIGHT_LOSS
        return EIGHT_LOSS, EIGHT_WIN
    cap0 = row[ROW_CAPTURED + 0] + row[ROW_CAPTURED + 2]
    cap1 = row[ROW_CAPTURED + 1] + row[ROW_CAPTURED + 3]
    ts = row[ROW_TERMINAL_SEAT]
    if rules[W_TERMINAL_POINTS] == 0 and ts >= 0:
        if ts % 2 == 0:
            cap0 += row[ROW_TERMINAL_POINTS]
        else:
            cap1 += row[ROW_TERMINAL_POINTS]
    first_team, second_team, third_team = -1, -1, -1
    for s in range(MAX_SEATS):
        place = row[ROW_FINISH + s]
        if place == 1:
            first_team = s % 2
        elif place == 2:
            second_team = s % 2
        elif place == 3:
            third_team = s % 2
    margin = PATTERN_MARGIN[0 if second_team == first_team else 1 if third_team == first_team else 2]
    if first_team != 0:
        margin = -margin  # team 0's side of it
    b0, b1 = 0, 0
    for z in range(4):
        for s in range(0, MAX_SEATS, 2):  # seats s (team 0) and s + 1 (team 1)
            b0 += row[ROW_BONUS + z * MAX_SEATS + s] * rules[W_BONUS + z]
            b1 += row[ROW_BONUS + z * MAX_SEATS + s + 1] * rules[W_BONUS + z]
    if rules[W_ZERO_SUM] != 0:
        b0, b1 = b0 - b1, b1 - b0
    return cap0 + margin + b0, cap1 - margin + b1


@njit(cache=True, nogil=True)
def seat_money(seat, row, rules):
    """The seat's money for the hand: its team's hand score minus the other team's (the scorer's
    ``s{seat}_money``)."""
    t0, t1 = hand_scores(row, rules)
    return float(t0 - t1) if seat % 2 == 0 else float(t1 - t0)
