"""The landlord family's play-quality section, from the rows (``analysis.quality``).

Decisions, each with its frequency and the decider's mean money: every bid level said and the
pass (the seat that said it first in the auction, ``s{k}_said``, whoever won the auction), taking
the hand at each bid level (the landlord), 抢 (the last seat to 抢 is the
landlord, so the landlord is the decider), 明牌 (a game may call it otherwise: 上海 摊打); a game
adds its own through its report extension (上海: 头撂, 报到 打 / 不打).

Missed chances, per role, from what each seat still held at the end (``s{k}_left_*``, raw facts
of the kernel):

* lost holding a bomb: the seat lost with a bomb (a rank 4+ times), 火箭 or 天王炸 still in hand;
* never bombed: of the seats that lost having been dealt a bomb/rocket (the landlord's kitty-made
  bomb included), those that made no bomb-class play;
* 春天 conceded while a farmer held a bomb-class play that beat the landlord's last play (within
  its 上海 bomb limit);
* 7-8 card bomb kept: a seat dealt a rank 7+ times still held 7+ of one rank at the end; whether
  such a bomb was split is a proxy (the hand played fewer 7-8 card bombs than such ranks dealt),
  and the section says so;
* passed out: a deal nobody bid on (all-pass redeals inside a row, and rows without a landlord).
"""

from __future__ import annotations

import numpy as np

from analysis.columns import codes
from analysis.quality import PlayQuality

SEAT_COLUMNS = ("said", "bombs", "bombs_held", "rocket_held", "big_bombs_held", "jokers_held", "won", "role", "money",
                "left_bombs", "left_max_bomb", "left_rocket", "left_beats_last", "search_decisions", "search_agree")
COLUMNS = ("landlord", "bid", "qiang", "mingpai", "redeals", "spring", "kitty_made_bomb", "big_bombs_played")
ROLES = ("landlord", "farmer")
ROLE_LABEL = {"landlord": "地主", "farmer": "农民"}
BIDS = (1, 2, 3)

PROXY_NOTE = ("7-8 card bomb split is a proxy: the rows count 7-8 card bombs played per hand, not which seat "
              "played them or whether they were whole; the other missed chances are exact (what each seat still "
              "held at the end)")


def columns(n_seats: int) -> list[str]:
    return list(COLUMNS) + [f"s{k}_{c}" for k in range(n_seats) for c in SEAT_COLUMNS]


def _seats(d, name: str, n_seats: int) -> np.ndarray:
    return np.stack([np.asarray(d[f"s{k}_{name}"]) for k in range(n_seats)], axis=1)


def fold(q: PlayQuality, d, n_seats: int, rocket: bool = True, tianwang: bool = False,
         mingpai_label: str = "明牌") -> None:
    """Fold one batch (``d``: column name → array) of a landlord-family play run into ``q``;
    ``rocket`` / ``tianwang``: whether the ruleset has the rocket (小王 + 大王) and 天王炸 (four jokers)."""
    landlord = np.asarray(d["landlord"]).astype(np.int64)
    has = landlord >= 0
    money = _seats(d, "money", n_seats).astype(np.float64)
    said = _seats(d, "said", n_seats).astype(np.int64)
    is_ll = (np.arange(n_seats)[None, :] == landlord[:, None]) & has[:, None]
    q.decision("pass (first word in the auction)", said == 0, money, flag=False)
    for b in BIDS:
        q.decision(f"bid {b} (first word)", said == b, money)
    bid = np.asarray(d["bid"]).astype(np.int64)
    for b in BIDS:
        q.decision(f"landlord at bid {b} (decider: the highest bidder)", is_ll & (bid == b)[:, None], money)
    q.decision("抢 (decider: the last to 抢, the landlord)", is_ll & (np.asarray(d["qiang"]) > 0)[:, None], money)
    q.decision(f"{mingpai_label} (decider: the landlord)", is_ll & np.asarray(d["mingpai"]).astype(bool)[:, None],
               money)

    # passed out: each row holds `redeals` all-pass deals, then its own deal (passed out without a landlord)
    redeals = np.asarray(d["redeals"]).astype(np.int64)
    q.event("deal passed out (nobody bid), per deal",
            np.concatenate([np.ones(int(redeals.sum()), bool), ~has]))

    role = np.stack([codes(d[f"s{k}_role"], ROLES) for k in range(n_seats)], axis=1)
    won = _seats(d, "won", n_seats).astype(bool)
    jokers = _seats(d, "jokers_held", n_seats).astype(np.int64)
    held = (_seats(d, "bombs_held", n_seats).astype(np.int64)
            + (rocket & _seats(d, "rocket_held", n_seats).astype(bool)) + (tianwang & (jokers == 4))
            + (is_ll & np.asarray(d["kitty_made_bomb"]).astype(bool)[:, None]))
    played = _seats(d, "bombs", n_seats).astype(np.int64)
    kept = (_seats(d, "left_bombs", n_seats).astype(np.int64) > 0) | _seats(d, "left_rocket", n_seats).astype(bool)
    lost_holding = ~won & kept
    for i, r in enumerate(ROLES):
        seat = role == i
        lab = ROLE_LABEL[r]
        q.event(f"{lab} lost holding an unplayed bomb/rocket, per {lab} seat-hand", lost_holding, seat)
        q.event(f"{lab} never bombed | lost, dealt a bomb/rocket", played == 0, seat & ~won & (held > 0))

    farmer = role == 1
    could_stop = (farmer & _seats(d, "left_beats_last", n_seats).astype(bool)).any(axis=1)
    spring = np.asarray(d["spring"]).astype(bool)
    q.event("春天 conceded while a farmer held a bomb that beat the last play, per hand", (spring & could_stop)[has])
    q.event("a farmer held a bomb that beat the last play | 春天", could_stop[spring & has])

    big = _seats(d, "big_bombs_held", n_seats).astype(np.int64)
    dealt_big = (big > 0) & has[:, None]
    q.event("7-8 card bomb kept to the end | dealt a rank 7+ times", _seats(d, "left_max_bomb", n_seats) >= 7,
            dealt_big)
    q.note(PROXY_NOTE)
    searched = _seats(d, "search_decisions", n_seats).astype(np.int64).sum()
    if searched:
        agreed = _seats(d, "search_agree", n_seats).astype(np.int64).sum()
        q.event("smart would have chosen what search chose, per searched decision",
                np.arange(searched) < agreed)
    short = big.sum(axis=1) > np.asarray(d["big_bombs_played"]).astype(np.int64)
    q.event("7-8 card bomb split or kept | dealt a rank 7+ times (proxy: the hand played fewer 7-8 card bombs "
            "than such ranks dealt)", np.broadcast_to(short[:, None], big.shape), dealt_big)
