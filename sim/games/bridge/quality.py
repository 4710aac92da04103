"""Bridge's play-quality section, from the rows (``analysis.quality``).

The decisions are the auction's: opening the bidding (the first bid, by level: 1, 2, 3 or higher),
reaching a part score, a game or a slam (decider: the declarer, for his side), doubling and
redoubling the final contract (decider: the seat that said it) — each with the decider's mean
money (its side's score). The passed-out rate is the game's redeal. Bridge has no bombs.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import codes, num, seat_matrix
from analysis.quality import PlayQuality, run_section
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run
from kernels.bridge.layout import SEATS

N_SEATS = 4
CLASSES = ("a part score", "a game", "a slam")
OPENINGS = ("1", "2", "3+")


def columns() -> list[str]:
    return ["dealer", "auction", "level", "strain", "declarer"] + [f"s{k}_money" for k in range(N_SEATS)]


def auction_deciders(dealer: int, auction: str) -> tuple[int, int, int, int]:
    """(opener, opening level, doubler, redoubler) of one auction from the dealer on: seats, -1 for
    none; the doubler and redoubler are those of the final contract (after its last bid)."""
    opener, opening, doubler, redoubler = -1, 0, -1, -1
    for i, call in enumerate(auction.split()):
        seat = (dealer + i) % N_SEATS
        if call[0].isdigit():
            if opener < 0:
                opener, opening = seat, int(call[0])
            doubler = redoubler = -1
        elif call == "X":
            doubler = seat
        elif call == "XX":
            redoubler = seat
    return opener, opening, doubler, redoubler


def contract_class(level: np.ndarray, strain: np.ndarray) -> np.ndarray:
    """0 part score, 1 game (3NT, 4♥/4♠, 5♣/5♦ and up), 2 slam (6+); -1 passed out."""
    game_level = np.where(strain == 4, 3, np.where(strain >= 2, 4, 5))
    return np.where(level < 0, -1, np.where(level >= 6, 2, np.where(level >= game_level, 1, 0)))


def fold(q: PlayQuality, b) -> None:
    """Fold one batch of a bridge play run into ``q``."""
    money = seat_matrix(b, "money", N_SEATS).astype(np.float64)
    dealer = codes(b.column("dealer"), SEATS)
    auctions = b.column("auction").to_pylist()
    calls = np.array([auction_deciders(int(d), a or "") for d, a in zip(dealer, auctions)], np.int64).reshape(-1, 4)
    seat = np.arange(N_SEATS)[None, :]
    opener, opening = calls[:, 0], calls[:, 1]
    for label in OPENINGS:
        at = opening >= 3 if label == "3+" else opening == int(label)
        q.decision(f"opened the bidding at the {label} level", (seat == opener[:, None]) & at[:, None], money)
    level, strain = num(b, "level").astype(np.int64), num(b, "strain").astype(np.int64)
    cls = contract_class(level, strain)
    declarer = num(b, "declarer").astype(np.int64)
    for i, label in enumerate(CLASSES):
        q.decision(f"declarer in {label}", (seat == declarer[:, None]) & (cls == i)[:, None], money)
    q.decision("doubled the final contract", seat == calls[:, 2:3], money)
    q.decision("redoubled the final contract", seat == calls[:, 3:4], money)
    q.event("board passed out (four passes), per board", level < 0)
    q.note("no bombs in bridge: the decisions are the auction's; a game is 3NT, 4♥/4♠, 5♣/5♦ or higher")


def section(run: Run, batch_size: int = BATCH_ROWS) -> Section:
    return run_section(run, columns(), fold, batch_size)
