"""八十分's declared state: the trick family's slots (``kernels.trick.state.TRICK_CORE``), then what
only 八十分 carries — the declaration of the deal and the match state from hand to hand."""

from __future__ import annotations

from kernels.state import Slot
from kernels.trick.state import TRICK_CORE
from kernels.tractor.codes import MS_LEN
from kernels.tractor.deal import DL_LEN

TRACTOR = TRICK_CORE.extend("TractorState", __name__, [
    Slot("dl", "int64", (DL_LEN,), "the deal's declaration (kernels.tractor.deal DL_*: trump, declarer, redeals…)"),
    Slot("ms", "int64", (MS_LEN,), "the match state carried from hand to hand (kernels.tractor.codes MS_*: levels, "
         "庄 team, previous 庄家)"),
], "A 八十分 hand in play: the trick family's arrays, its declaration and its match state.")
TractorState = TRACTOR.cls
