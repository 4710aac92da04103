"""Play quality from the rows of a play run, for any game: how often each kind of decision is
taken and what it earns the seat that takes it, and how often a seat loses while still holding
something that could have changed the hand (an unplayed bomb, say).

A game folds a batch into ``PlayQuality`` with its own decision masks and money: ``decision(name,
taken, money)`` where ``taken`` is an (n, n_seats) boolean array (the seat took this decision in
this hand) and ``money`` the seats' money. The section lists, per decision, its frequency per hand
and the decider's mean money with a 95% CI (hand as the unit); a decision whose mean is
significantly negative is flagged in the notes, since a good player does not keep taking it. A
decision only one role takes can name that role (``yardstick``): when the role itself earns less
than zero whatever it does (a lone 庄家 against three), the decision is flagged only when it is
significantly below the role's mean — the role's deficit is the variant's balance, not a blunder.
"""

from __future__ import annotations

import math

import numpy as np

from typing import Callable, Sequence

from analysis.estimators import ClusterMean, Moments, Stat, empty
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run

MIN_FLAG_N = 30  # fewer decisions than this: the normal interval is no evidence, never flagged
QUALITY = "Play quality: decisions and what they earn the decider, missed chances"


class PlayQuality:
    """Decision frequencies, deciders' money and missed chances, folded batch by batch."""

    def __init__(self) -> None:
        self.freq: dict[str, Moments] = {}
        self.money: dict[str, ClusterMean] = {}
        self.events: dict[str, Moments] = {}
        self.order: list[str] = []
        self.notes: list[str] = []
        self.unflagged: set[str] = set()
        self.yardsticks: dict[str, ClusterMean] = {}

    def decision(self, name: str, taken: np.ndarray, money: np.ndarray, flag: bool = True,
                 yardstick: np.ndarray | None = None) -> None:
        """Seats that took decision ``name`` in each hand, and the hand's money per seat. ``flag =
        False`` for a decision whose negative mean is no blunder by itself (passing, declining:
        the alternative is not observed on the same hands). ``yardstick``: the seats (same shape
        as ``taken``) of the role that takes this decision, whether or not they took it; the flag's
        bar is then min(0, that role's mean money)."""
        if name not in self.freq:
            self.order.append(name)
            if not flag:
                self.unflagged.add(name)
            self.freq[name], self.money[name] = Moments(), ClusterMean()
        taken = np.asarray(taken, bool)
        self.freq[name].add(taken.any(axis=1))
        self.money[name].add(np.where(taken, money, 0.0).sum(axis=1), taken.sum(axis=1))
        if yardstick is not None:
            role = np.asarray(yardstick, bool)
            self.yardsticks.setdefault(name, ClusterMean()).add(np.where(role, money, 0.0).sum(axis=1), role.sum(axis=1))

    def event(self, name: str, happened: np.ndarray, among: np.ndarray | None = None) -> None:
        """A per-hand (or per seat-hand, flattened) event rate, e.g. lost holding a bomb; with
        ``among`` (a mask of the same shape) the rate is conditional on it."""
        happened = np.asarray(happened, bool)
        if among is not None:
            happened = happened[np.asarray(among, bool)]
        self.events.setdefault(name, Moments()).add(happened.ravel())

    def per_role(self, name: str, happened: np.ndarray, among: np.ndarray, role: np.ndarray,
                 labels: Sequence[str]) -> None:
        """``event`` once per role: ``role`` holds each seat's role code (its position in
        ``labels``), ``name`` is prefixed with the role's label and says what the rate is per."""
        for i, label in enumerate(labels):
            self.event(f"{label}: {name}", happened, np.asarray(among, bool) & (role == i))

    def note(self, text: str) -> None:
        """A line for the section's notes (e.g. what a proxy stands for), added once."""
        if text not in self.notes:
            self.notes.append(text)

    def section(self) -> Section:
        sec = Section(QUALITY, notes=[
            ("P(decision) per hand; E[money | decision] = the decider's mean money in the hands where the "
             "decision was taken (n = decisions), 95% CI with the hand as the unit"), *self.notes])
        bad, lowered = [], []
        for name in self.order:
            f, m = self.freq[name], self.money[name]
            sec.stats.append(Stat.from_moments(f"P({name})", f, proportion=True) if f.n else empty(f"P({name})"))
            st = m.stat(f"E[money | {name}]")
            sec.stats.append(st)
            bar = self.bar(name)
            if bar < 0 and st.n:
                lowered.append(f"{name} (role mean {bar:.3g})")
            if st.n >= MIN_FLAG_N and not math.isnan(st.ci_high) and st.ci_high < bar and name not in self.unflagged:
                bad.append(name)
        for name, m in self.events.items():  # a conditional event with nothing to condition on is left out
            if m.n:
                sec.stats.append(Stat.from_moments(f"P({name})", m, proportion=True))
        if lowered:
            sec.notes.append("judged against their role's mean, which is below zero whatever the role does "
                             "(the variant's balance, not a blunder): " + ", ".join(lowered))
        if bad:
            sec.notes.append("significantly negative for the decider (a blunder a good player avoids; "
                             f"n >= {MIN_FLAG_N}): " + ", ".join(bad))
        return sec

    def bar(self, name: str) -> float:
        """The mean money below which decision ``name`` is flagged: 0, or its role's mean when the
        role earns less than zero (``decision``'s ``yardstick``)."""
        role = self.yardsticks.get(name)
        if role is None:
            return 0.0
        st = role.stat("role")
        return min(0.0, st.estimate) if st.n and not math.isnan(st.estimate) else 0.0


def run_section(run: Run, columns: Sequence[str], fold: Callable, batch_size: int = BATCH_ROWS) -> Section:
    """The section of a whole run, streamed: each batch of ``columns`` goes to ``fold(q, batch)``.
    A run written before a column existed gets the one-line section saying what it lacks."""
    columns = list(dict.fromkeys(columns))
    missing = [c for c in columns if c not in run.columns]
    if missing:
        return no_quality(f"the run has no column {', '.join(missing[:3])}{' …' if len(missing) > 3 else ''} "
                          "(written by an older paiju: play it again)")
    q = PlayQuality()
    for batch in run.iter_batches(columns, batch_size):
        fold(q, batch)
    return q.section()


def no_quality(reason: str) -> Section:
    """The section of a game that has no play-quality line, saying why in one line (rather than
    leaving the section out, so every play report has it)."""
    return Section(QUALITY, notes=[f"no play-quality figures: {reason}"])
