"""牛牛's play-quality section: the game has no player decision in the simulator, so the section
is one line saying why (every hand takes its best arrangement, N-2; 庄家 is fixed or rotates by
rule, an offer always accepted; bets are fixed)."""

from __future__ import annotations

from analysis.quality import no_quality
from analysis.report import Section

REASON = ("牛牛 has no player decision here: every hand is scored at its best arrangement (N-2), 庄家 is fixed or "
          "rotates by rule (every offer accepted) and the bets are fixed")


def section() -> Section:
    return no_quality(REASON)
