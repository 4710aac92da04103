"""The family's players and what each may know; their parameters per seat.

* ``random`` — leads uniformly among its simple leads (each single kind, pair, triple, 拖拉机),
  or with probability ``throw_prob`` throws a whole class; follows uniformly among its physical
  cards within the follow rules; buries 8 (6) cards uniformly; declares at the first chance.
* ``greedy`` — leads its largest, highest component of a side suit (trumps when it has no side
  cards); follows with the cheapest play that beats the current winner, else dumps its lowest
  cards; buries its lowest side cards; declares a suit when it is long enough.
* ``smart`` — leads a throw only when it is safe from what it has seen, then its sure winners
  (拖拉机 and pairs first), otherwise low from its shortest side suit; feeds points to a
  partner whose play is sure to win; contests tricks worth ``fight_points`` with sure winners and
  trumps tricks worth ``trump_points``; buries low side cards and voids short suits.

A player sees its own hand, the cards played (``seen``), who is known void where (``void``), the
trick so far, the sides, and — 庄家 only — the buried kitty. ``unseen`` counts the cards it
cannot place: copies - own - played - (buried, for 庄家).

Parameters ``pp[seat, PP_*]`` (float64), defaults per policy in ``DEFAULT_PARAMS``.
"""

from __future__ import annotations

from numba import njit

from kernels.trick.groups import has_higher
from kernels.trick.order import OT_NSLOT, OT_SSTR
from kernels.trick.state import GS_BANKER, GS_N_DECKS

RANDOM, GREEDY, SMART = 0, 1, 2
POLICY_NAMES = ("random", "greedy", "smart")

PP_THROW_PROB, PP_DECLARE_MIN, PP_DECLARE_AFTER, PP_OVERRIDE_MIN, PP_FIGHT_POINTS, PP_TRUMP_POINTS, \
    PP_TRUMP_LEAD, PP_SHORT_BIAS = range(8)
N_PP = 8
PARAM_ORDER = ("throw_prob", "declare_min", "declare_after", "override_min", "fight_points", "trump_points",
               "trump_lead", "short_bias")
PARAM_DOCS = {
    "throw_prob": "random: probability of throwing a whole suit class when leading",
    "declare_min": "declare a suit when (its cards + trumps held) / cards received reaches this",
    "declare_after": "consider declaring only after this many cards were received",
    "override_min": "override (反主) with a pair when the suit's share reaches this",
    "fight_points": "smart: contest a trick (second/third hand) worth at least this many points",
    "trump_points": "smart: trump a side-suit trick worth at least this many points when void",
    "trump_lead": "smart: lead sure trump singles when holding at least this many trumps (庄 side)",
    "short_bias": "dumping prefers short side suits by this much per card held in the suit",
}
DEFAULT_PARAMS = {
    "random": {"throw_prob": 0.05, "declare_min": 0.0, "declare_after": 0.0, "override_min": 0.0,
               "fight_points": 0.0, "trump_points": 0.0, "trump_lead": 99.0, "short_bias": 0.0},
    "greedy": {"throw_prob": 0.0, "declare_min": 0.3, "declare_after": 6.0, "override_min": 0.45,
               "fight_points": 0.0, "trump_points": 0.0, "trump_lead": 99.0, "short_bias": 0.0},
    "smart": {"throw_prob": 0.0, "declare_min": 0.3, "declare_after": 6.0, "override_min": 0.4,
              "fight_points": 10.0, "trump_points": 5.0, "trump_lead": 10.0, "short_bias": 1.0},
}


def params_matrix(policies: list[str], overrides: list[dict] | None = None, base: dict | None = None):
    """pp[seat, PP_*] from policy names, a game's defaults (``base[policy]``) and per-seat overrides."""
    import numpy as np

    pp = np.zeros((len(policies), N_PP), np.float64)
    overrides = overrides or [{}] * len(policies)
    for seat, (name, extra) in enumerate(zip(policies, overrides)):
        values = dict(DEFAULT_PARAMS[name])
        values.update((base or {}).get(name, {}))
        values.update(extra)
        pp[seat] = [float(values[k]) for k in PARAM_ORDER]
    return pp


@njit(cache=True, nogil=True)
def unseen_class(hands, seen, buried, ot, gs, seat, c, out):
    """Cards of class ``c`` that ``seat`` cannot place (per slot), into ``out``."""
    banker = gs[GS_BANKER]
    n_decks = gs[GS_N_DECKS]
    for s in range(ot[OT_NSLOT, c]):
        u = n_decks - hands[seat, c, s] - seen[c, s]
        if seat == banker:
            u -= buried[c, s]
        out[s] = u


@njit(cache=True, nogil=True)
def unseen_tops(unseen, ot, c):
    """Strength of the strongest unseen single, pair and triple of class ``c`` (-1 if none)."""
    u1 = -1
    u2 = -1
    u3 = -1
    for s in range(ot[OT_NSLOT, c] - 1, -1, -1):
        u = unseen[s]
        if u > 0:
            st = ot[OT_SSTR + c, s]
            if u1 < 0:
                u1 = st
            if u >= 2 and u2 < 0:
                u2 = st
            if u >= 3 and u3 < 0:
                u3 = st
            if u3 >= 0:
                break
    return u1, u2, u3


@njit(cache=True, nogil=True)
def is_sure(unseen, ot, c, w, k, top):
    """No unseen run of k w-groups (k = 1: group) of class ``c`` is above ``top``."""
    return not has_higher(unseen, ot, c, w, k, top)
