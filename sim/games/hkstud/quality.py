"""港式五张's play-quality section, from the rows (``analysis.quality``).

The decisions are the betting actions (spec §4): betting or raising at least once, going all-in
(全押), folding in each round (放弃), staying to the showdown (开牌), each with the decider's
mean money. Folding's negative mean is no blunder by itself (the chips already in are lost either
way), so it is never flagged. The missed chance: folding the five cards that would have won the
showdown (``s{k}_key``: every seat's five cards, the hole card included). With ``betting = none`` nobody decides anything: the section says
so in one line.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.quality import PlayQuality, no_quality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run

ROUNDS = (2, 3, 4, 5)
SEAT_COLUMNS = ("money", "raises", "allin", "folded", "key")


def columns(n_seats: int) -> list[str]:
    return ["showdown", "fold_win"] + [f"s{k}_{c}" for k in range(n_seats) for c in SEAT_COLUMNS]


def fold(q: PlayQuality, b, n_seats: int) -> None:
    """Fold one batch of a 港式五张 play run into ``q``."""
    money = seat_matrix(b, "money", n_seats).astype(np.float64)
    raises = seat_matrix(b, "raises", n_seats).astype(np.int64)
    folded = seat_matrix(b, "folded", n_seats).astype(np.int64)
    q.decision("bet or raised at least once", raises > 0, money)
    q.decision("went all-in (全押)", seat_matrix(b, "allin", n_seats).astype(bool), money)
    for r in ROUNDS:
        q.decision(f"folded in round {r} (放弃)", folded == r, money, flag=False)
    showdown = num(b, "showdown").astype(bool)
    q.decision("stayed to the showdown (开牌)", (folded == 0) & showdown[:, None], money)
    q.event("pot won by a fold (everyone else folded), per deal", num(b, "fold_win").astype(bool))
    key = seat_matrix(b, "key", n_seats).astype(np.int64)
    best = (key == key.max(axis=1, keepdims=True)) & ((key == key.max(axis=1, keepdims=True)).sum(axis=1) == 1)[:, None]
    q.event("folded the best five cards (they beat every other seat's), per deal", ((folded > 0) & best).any(axis=1))
    q.event("held the best five cards | folded, per fold", best, folded > 0)
    q.note("no bombs and no bidding in 港式五张: the decisions are the betting actions")


def section(run: Run, rules, batch_size: int = BATCH_ROWS) -> Section:
    if rules.betting == "none":
        return no_quality("betting = none: every seat goes to the showdown, nobody takes a decision")
    return run_section(run, columns(rules.players), lambda q, b: fold(q, b, rules.players), batch_size)
