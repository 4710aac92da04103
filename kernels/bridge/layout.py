"""The raw facts of bridge, declared once (``kernels.layout``): a census row per deal, a board row
per played board, and a double-dummy row per deal (filled in Python by ``sim.games.bridge.dd``).

Seats are 0 N, 1 E, 2 S, 3 W (per-seat columns ``s0_*`` .. ``s3_*``); strains 0 ♣ 1 ♦ 2 ♥ 3 ♠ 4 NT;
cards and hand bitmasks as in ``kernels.bridge.cards``. Values that do not exist (the contract of
a passed-out board) are -1 in plain integer columns. Scores are from N-S's side.
"""

from __future__ import annotations

from kernels.bridge.cards import SEAT_CHARS, STRAIN_CHARS, SUIT_CHARS
from kernels.bridge.hand import PATTERN_NAMES
from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "hcp": (0, 37), "len_c": (0, 13), "len_d": (0, 13), "len_h": (0, 13), "len_s": (0, 13),
    "controls": (0, 12), "losers": (0, 12), "ns_hcp": (0, 40), "ew_hcp": (0, 40), "ns_fit": (0, 26),
    "ew_fit": (0, 26), "board": (1, None), "n_calls": (0, None), "level": (-1, 7), "strain": (-1, 4),
    "doubled": (-1, 2), "declarer": (-1, "seat"), "opening_lead": (-1, 51), "tricks": (-1, 13),
    "dd_c": (0, 13), "dd_d": (0, 13), "dd_h": (0, 13), "dd_s": (0, 13), "dd_nt": (0, 13), "par_count": (0, 20),
}

SEATS = tuple(SEAT_CHARS)
SUITS = tuple(SUIT_CHARS)
STRAINS = STRAIN_CHARS
VULNERABILITY = ("none", "N-S", "E-W", "both")  # code = 1 * (N-S vulnerable) + 2 * (E-W vulnerable)
DOUBLING = ("", "X", "XX")


def _contract_names() -> tuple[str, ...]:
    names = ["pass"]
    for level in range(1, 8):
        for strain in STRAINS:
            names += [f"{level}{strain}{x}" for x in DOUBLING]
    return tuple(names)


# contract code: 0 passed out, else 1 + ((level - 1) * 5 + strain) * 3 + doubled
CONTRACT_NAMES = _contract_names()

CENSUS_LAYOUT = RowLayout(
    [
        Field("hcp", "int8", "high-card points (A 4, K 3, Q 2, J 1)", per_seat=True),
        Field("len_c", "int8", "clubs held", per_seat=True),
        Field("len_d", "int8", "diamonds held", per_seat=True),
        Field("len_h", "int8", "hearts held", per_seat=True),
        Field("len_s", "int8", "spades held", per_seat=True),
        Field("pattern", "int8", "hand pattern, longest suit first", per_seat=True, categories=PATTERN_NAMES),
        Field("controls", "int8", "controls (A 2, K 1)", per_seat=True),
        Field("losers", "int8", "losing-trick count (0..12)", per_seat=True),
        Field("ns_hcp", "int8", "N-S combined high-card points"),
        Field("ew_hcp", "int8", "E-W combined high-card points"),
        Field("ns_fit", "int8", "N-S longest combined suit (cards)"),
        Field("ns_fit_suit", "int8", "suit of N-S's longest combined suit (ties: the higher suit)", categories=SUITS),
        Field("ew_fit", "int8", "E-W longest combined suit (cards)"),
        Field("ew_fit_suit", "int8", "suit of E-W's longest combined suit (ties: the higher suit)", categories=SUITS),
    ],
    max_seats=4,
    ranges=RANGES,
)

MAX_CALLS = 50  # calls stored per auction: 5 words of 10 six-bit calls (kernels.bridge.auction)
AUCTION_WORDS = 5

BOARD_LAYOUT = RowLayout(
    [
        Field("board", "int32", "board number (game index + 1): dealer and vulnerability follow from it"),
        Field("dealer", "int8", "dealer seat", categories=SEATS),
        Field("vul", "int8", "vulnerability", categories=VULNERABILITY),
        Field("hand", "int64", "the seat's 13 cards as a bitmask (bit = suit * 13 + rank, rank 0 = 2)", per_seat=True),
        Field("hcp", "int8", "high-card points", per_seat=True),
        Field("pattern", "int8", "hand pattern, longest suit first", per_seat=True, categories=PATTERN_NAMES),
        Field("n_calls", "int16", "calls in the auction (4 when passed out)"),
    ]
    + [Field(f"auction{k}", "int64", f"calls {10 * k + 1}..{10 * k + 10}, six bits each from the low end (0 = none, "
             "1 pass, 2 double, 3 redouble, 4 + 5 * (level - 1) + strain a bid)") for k in range(AUCTION_WORDS)]
    + [
        Field("contract", "int8", "final contract with its doubling, or pass (passed out)", categories=CONTRACT_NAMES),
        Field("level", "int8", "contract level 1..7, -1 passed out"),
        Field("strain", "int8", "contract strain 0 C .. 4 NT, -1 passed out"),
        Field("doubled", "int8", "0 undoubled, 1 doubled, 2 redoubled (-1 passed out)"),
        Field("declarer", "int8", "declarer seat 0 N .. 3 W, -1 passed out"),
        Field("opening_lead", "int8", "card id of the opening lead, -1 passed out or not played"),
        Field("tricks", "int8", "tricks taken by declarer, -1 passed out or not played (double-dummy play)"),
        Field("ns_score", "int32", "N-S duplicate score of the board under the run's rules (0 passed out)"),
        Field("play_dd", "bool", "the card play is double dummy: tricks come from the DD table"),
        Field("result_is_par", "bool", "every seat bid pass-out: the board's result is the par score"),
    ],
    max_seats=4,
    ranges=RANGES,
)

DD_LAYOUT = RowLayout(
    [Field(f"dd_{s.lower()}", "int8", f"double-dummy tricks for this seat as declarer in {s}", per_seat=True)
     for s in STRAINS]
    + [
        Field("par_score", "int32", "par score (N-S view) with the board's dealer and vulnerability"),
        Field("par_count", "int8", "par contracts (each strain and declarer counted once)"),
        Field("par_contracts", "int64", "up to 6 par contracts, 10 bits each from the low end: "
              "level (3 bits) | strain << 3 | declarer << 6 | doubled << 8"),
    ],
    max_seats=4,
    ranges=RANGES,
)
