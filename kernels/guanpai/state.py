"""关牌's declared state: the climbing core (``kernels.climb.state``) and what a 关牌 hand adds.

One ``GuanpaiState`` is a hand in play (``kernels.guanpai.play``), a census deal
(``kernels.guanpai.census``) and a search world (``kernels.guanpai.search``). The Python side
builds a template with ``new_state`` (the run's rules, deck and players as shared slots) and each
parallel block takes ``clone(template)``. Scalars of the hand are ``gs`` slots from
``GS_FAMILY`` on; the run's numbers travel as ``kernels.climb.run``'s ``RUN_*`` vector.
"""

from __future__ import annotations

import numpy as np

from kernels.climb.loop import GS_FAMILY
from kernels.climb.state import CLIMB_CORE, search_at
from kernels.deal import FIX_SLOTS, fix_values
from kernels.state import Slot

GS_LEAD_RANK = GS_FAMILY + 0  # rank of the first-lead card (the first play must hold one), -1 none

LAYOUT = CLIMB_CORE.extend("GuanpaiState", __name__, [
    Slot("deck", "int16", ("deck",), "the hand's shuffled deck (kernels.deal convention: position p to hand p % hands)"),
    Slot("dealt", "int64", ("seats", "ranks"), "both players' rank counts as dealt (what search knows it held)"),
    Slot("deck_template", "int16", ("deck",), "the ruleset's deck in id order (shuffled into deck)", shared=True),
    *FIX_SLOTS,  # --fix's tables (kernels.deal.place_fixed)
    Slot("lead_order", "int64", ("lead",), "card ids in first-lead order (♠3, ♠4, …)", shared=True),
    Slot("pack", "int64", ("ranks",), "rank counts of the whole deck (search: what a world may deal)", shared=True),
    Slot("holder", "int64", (54,), "the seat holding each card id at the deal (first_lead's work space)",
         scratch=True),
])
GuanpaiState = LAYOUT.cls


def new_state(comp, fix_card=None, fix_slots=None, policies=None, pp=None, mv=None, log_rows: int = 1):
    """A template state of a run: ``comp`` is ``sim.games.guanpai.rules.compile_rules``'s output,
    ``fix_card`` / ``fix_slots`` ``--fix``'s tables (none: (0, 0) tables); ``policies`` / ``pp`` the
    seats' players (zeros for a census), ``mv`` the money vector."""
    from kernels.guanpai.layout import LAYOUT as ROWS
    from kernels.guanpai.money import MV_LEN
    from kernels.guanpai.policies import N_PP, PP_CANDIDATES, PP_CONFIDENCE, PP_ROLLOUT, PP_WORLDS, SCRATCH_LEN
    from kernels.guanpai.rulevec import GP_MAX_MOVES

    seats = 2
    pack = np.bincount((comp.deck.astype(np.int64) % 54) >> 2, minlength=16).astype(np.int64)
    values = {
        "rules": comp.rules, "deck_template": comp.deck, "lead_order": comp.lead_order, "pack": pack,
        **fix_values(fix_card, fix_slots),
        "policies": np.zeros(seats, np.int64) if policies is None else np.asarray(policies, np.int64),
        "pp": np.zeros((seats, N_PP)) if pp is None else np.asarray(pp, np.float64),
        "mv": np.zeros(MV_LEN) if mv is None else np.asarray(mv, np.float64),
        "search_at": search_at(ROWS, PP_WORLDS, PP_CONFIDENCE, PP_ROLLOUT, PP_CANDIDATES),
    }
    return LAYOUT.allocate(values, seats=seats, ranks=16, row=ROWS.length, max_moves=int(comp.rules[GP_MAX_MOVES]),
                           scratch=SCRATCH_LEN, log_rows=log_rows, deck=comp.deck.shape[0])

