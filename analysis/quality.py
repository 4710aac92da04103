"""Play quality from the rows of a play run, for any game: how often each kind of decision is
taken and what it earns the seat that takes it, and how often a seat loses while still holding
something that could have changed the hand (an unplayed bomb, say).

A game folds a batch into ``PlayQuality`` with its own decision masks and money: ``decision(name,
taken, money)`` where ``taken`` is an (n, n_seats) boolean array (the seat took this decision in
this hand) and ``money`` the seats' money. The section lists, per decision, its frequency per hand
and the decider's mean money with a 95% CI (hand as the unit); a decision whose mean is
significantly negative is flagged in the notes, since a good player does not keep taking it.
"""

from __future__ import annotations

import math

import numpy as np

from analysis.estimators import ClusterMean, Moments, Stat, empty
from analysis.report import Section

QUALITY = "Play quality: decisions and what they earn the decider, missed chances"


class PlayQuality:
    """Decision frequencies, deciders' money and missed chances, folded batch by batch."""

    def __init__(self) -> None:
        self.freq: dict[str, Moments] = {}
        self.money: dict[str, ClusterMean] = {}
        self.events: dict[str, Moments] = {}
        self.order: list[str] = []

    def decision(self, name: str, taken: np.ndarray, money: np.ndarray) -> None:
        """Seats that took decision ``name`` in each hand, and the hand's money per seat."""
        if name not in self.freq:
            self.order.append(name)
            self.freq[name], self.money[name] = Moments(), ClusterMean()
        taken = np.asarray(taken, bool)
        self.freq[name].add(taken.any(axis=1))
        self.money[name].add(np.where(taken, money, 0.0).sum(axis=1), taken.sum(axis=1))

    def event(self, name: str, happened: np.ndarray) -> None:
        """A per-hand (or per seat-hand, flattened) event rate, e.g. lost holding a bomb."""
        self.events.setdefault(name, Moments()).add(np.asarray(happened, bool).ravel())

    def section(self) -> Section:
        sec = Section(QUALITY, notes=[
            "P(decision) per hand; E[money | decision] = the decider's mean money in the hands where the "
            "decision was taken (n = decisions), 95% CI with the hand as the unit"])
        bad = []
        for name in self.order:
            f, m = self.freq[name], self.money[name]
            sec.stats.append(Stat.from_moments(f"P({name})", f, proportion=True) if f.n else empty(f"P({name})"))
            st = m.stat(f"E[money | {name}]")
            sec.stats.append(st)
            if st.n and not math.isnan(st.ci_high) and st.ci_high < 0:
                bad.append(name)
        for name, m in self.events.items():
            sec.stats.append(Stat.from_moments(f"P({name})", m, proportion=True) if m.n else empty(f"P({name})"))
        if bad:
            sec.notes.append("significantly negative for the decider (a blunder a good player avoids): "
                             + ", ".join(bad))
        return sec
