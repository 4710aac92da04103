"""The landlord family's play-quality section, from the rows (``analysis.quality``).

Decisions, each with its frequency and the decider's mean money: every bid level said and the
pass (the seat that said it first in the auction, ``s{k}_said``, whoever won the auction), taking
the hand at each bid level (the landlord), 抢 (the last seat to 抢 is the
landlord, so the landlord is the decider), 明牌 (a game may call it otherwise: 上海 摊打); a game
adds its own through its report extension (上海: 头撂, 报到 打 / 不打).

Missed chances, per role. The rows hold what each seat was dealt and how many bomb-class plays
it made, not what it still held at the end, so these are proxies, and the section says so:

* lost holding a bomb: the seat lost and made fewer bomb-class plays than the bombs (ranks 4+),
  rocket and 天王炸 it was dealt, as the ruleset has them (before the kitty; a landlord's
  kitty-made bomb counts one more); a bomb broken up into smaller plays counts as unplayed;
* 春天 conceded while a farmer was dealt a bomb or the rocket (whether it beat the last play is not
  in the rows);
* 7-8 card bombs split or kept: a seat was dealt a rank 7+ times and the hand had fewer 7-8 card
  bombs played than such ranks dealt;
* passed out: a deal nobody bid on (all-pass redeals inside a row, and rows without a landlord).
"""

from __future__ import annotations

import numpy as np

from analysis.columns import codes
from analysis.quality import PlayQuality

SEAT_COLUMNS = ("said", "bombs", "bombs_held", "rocket_held", "big_bombs_held", "jokers_held", "won", "role", "money")
COLUMNS = ("landlord", "bid", "qiang", "mingpai", "redeals", "spring", "kitty_made_bomb", "big_bombs_played")
ROLES = ("landlord", "farmer")
ROLE_LABEL = {"landlord": "地主", "farmer": "农民"}
BIDS = (1, 2, 3)

PROXY_NOTE = ("missed chances are proxies from the dealt hands and the bomb-class plays per seat: what a seat "
              "still held at the end is not in the rows")


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
    lost_holding = ~won & (held > played)
    q.note(PROXY_NOTE)
    for i, r in enumerate(ROLES):
        seat = role == i
        lab = ROLE_LABEL[r]
        q.event(f"{lab} lost holding an unplayed bomb/rocket (proxy), per {lab} seat-hand", lost_holding, seat)
        q.event(f"{lab} never bombed | lost, dealt a bomb/rocket (proxy)", played == 0, seat & ~won & (held > 0))

    farmer = role == 1
    farmer_bomb = (farmer & (held > 0)).any(axis=1)
    spring = np.asarray(d["spring"]).astype(bool)
    q.event("春天 conceded while a farmer was dealt a bomb/rocket, per hand", (spring & farmer_bomb)[has])
    q.event("a farmer was dealt a bomb/rocket | 春天", farmer_bomb[spring & has])

    big = _seats(d, "big_bombs_held", n_seats).astype(np.int64)
    short = big.sum(axis=1) > np.asarray(d["big_bombs_played"]).astype(np.int64)
    q.event("7-8 card bomb split or kept | dealt a rank 7+ times (proxy: the hand played fewer 7-8 card bombs "
            "than such ranks dealt)", np.broadcast_to(short[:, None], big.shape), (big > 0) & has[:, None])
