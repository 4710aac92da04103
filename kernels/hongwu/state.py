"""仙居红五's declared state: the trick family's slots (``kernels.trick.state.TRICK_CORE``), then what
only 红五 carries — how 庄家 and trump were found (the first 10 shown)."""

from __future__ import annotations

from kernels.hongwu.deal import DL_LEN
from kernels.state import Slot
from kernels.trick.state import TRICK_CORE

HONGWU = TRICK_CORE.extend("HongwuState", __name__, [
    Slot("dl", "int64", (DL_LEN,), "how 庄家 and trump were found (kernels.hongwu.deal DL_*: trump, 庄家, "
         "position…)"),
], "A 仙居红五 hand in play: the trick family's arrays and its 庄家 by the first 10 shown.")
HongwuState = HONGWU.cls
