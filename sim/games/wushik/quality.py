"""五十K's play-quality section, from the rows (``analysis.quality``).

No bidding: the decisions are the bomb-class plays (a bomb of 4-8 cards, 正510K, 副510K), per
role, with the decider's mean money (its team's margin). The missed chance, per role: the seat's
team lost the hand while the seat still held a bomb at the 终止牌 (``left_max_bomb``, a raw fact
of the rows: a rank held 4+ times at the end). A hand the 8-of-a-kind rule (W-7) decides is not
played: it counts in its own rate and in none of the others.

Search seats: the fraction of their searched decisions where search chose what ``smart`` would have.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import num, seat_codes, seat_matrix
from analysis.quality import PlayQuality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.wushik.columns import N_SEATS
from sim.games.wushik.scoring import ROLES

LABELS = ("leader", "leader's partner", "opponent")
BOMB_SIZES = (4, 5, 6, 7, 8)
SEAT_COLUMNS = ("role", "money", "left_max_bomb", "dealt_max_bomb", "zheng_played", "fu_played",
                *[f"bombs{k}" for k in BOMB_SIZES])
NOTE = ("no bidding in 五十K: the decisions are the bomb-class plays; 'lost' = the seat's team lost the hand "
        "(negative margin); an unplayed bomb = a rank still held 4+ times at the 终止牌")
SEARCH_COLUMNS = ("search_decisions", "search_agree")


def columns() -> list[str]:
    return ["eight_applied"] + [f"s{k}_{c}" for k in range(N_SEATS) for c in SEAT_COLUMNS + SEARCH_COLUMNS]


def fold(q: PlayQuality, b) -> None:
    """Fold one batch of a 五十K play run into ``q``."""
    eight = num(b, "eight_applied").astype(bool)
    q.event("hand decided by an 8 of a kind dealt, not played (W-7), per hand", eight)
    played = ~eight
    money = seat_matrix(b, "money", N_SEATS).astype(np.float64)[played]
    role = seat_codes(b, "role", ROLES, N_SEATS)[played]
    s = {c: seat_matrix(b, c, N_SEATS).astype(np.int64)[played] for c in SEAT_COLUMNS if c != "role"}
    bombs = sum(s[f"bombs{k}"] for k in BOMB_SIZES)
    for i, label in enumerate(LABELS):
        mine = role == i
        q.decision(f"{label}: played a bomb", mine & (bombs > 0), money, yardstick=mine)
        q.decision(f"{label}: played a 正510K", mine & (s["zheng_played"] > 0), money, yardstick=mine)
        q.decision(f"{label}: played a 副510K", mine & (s["fu_played"] > 0), money, yardstick=mine)
    q.note(NOTE)
    lost = money < 0
    q.per_role("lost holding an unplayed bomb, per seat-hand", lost & (s["left_max_bomb"] > 0),
               np.ones_like(lost), role, LABELS)
    q.per_role("lost holding an unplayed bomb of 6+ cards, per seat-hand", lost & (s["left_max_bomb"] >= 6),
               np.ones_like(lost), role, LABELS)
    q.per_role("never bombed | lost, dealt a bomb", bombs == 0, lost & (s["dealt_max_bomb"] > 0), role, LABELS)
    decisions = seat_matrix(b, "search_decisions", N_SEATS).astype(np.int64).ravel()
    agree = seat_matrix(b, "search_agree", N_SEATS).astype(np.int64).ravel()
    if decisions.sum():  # search seats: how often search kept smart's move
        q.event("search chose what smart would have | a searched decision",
                np.concatenate([np.ones(agree.sum(), bool), np.zeros(decisions.sum() - agree.sum(), bool)]))


def section(run: Run, batch_size: int = BATCH_ROWS) -> Section:
    return run_section(run, columns(), fold, batch_size)
