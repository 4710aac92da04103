"""Double-dummy sections of bridge reports (runs with ``dd = true``), for census and play rows.

Each deal has two sides (N-S, E-W); a side's tricks in a strain are the better of its two
declarers' DD tricks. Statistics pool the two sides of a deal (the deal is the sampling unit):

* tricks in notrump by the side's combined HCP, and how often 3NT makes (9+ tricks);
* tricks with the side's longest combined suit as trumps (ties: the higher suit) by its length;
* the law of total tricks: both sides' tricks in their own longest suits, by the total trumps;
* the par score: its size and how often par is passed out.
"""

from __future__ import annotations

import numpy as np

from analysis.estimators import Moments, Stat, empty
from analysis.report import Section
from sim.games.bridge.tally import GroupMean

HCP_LOW, HCP_HIGH = 17, 33  # side HCP buckets: <= 17, 18 .. 32, >= 33
FIT_LOW, FIT_HIGH = 7, 12  # fit buckets 7 .. 11, >= 12
TOTAL_LOW, TOTAL_HIGH = 14, 22  # total trumps buckets <= 14 .. >= 22
STRAIN_KEYS = ("c", "d", "h", "s", "nt")
NT = "Double dummy: tricks in notrump by a side's combined HCP"
FIT = "Double dummy: tricks in a side's longest suit by its length"
LOTT = "Double dummy: the law of total tricks"
PAR = "Double dummy: par"
SIDE_NOTE = ("a side's tricks in a strain: the better of its two declarers' DD tricks; each row pools the two sides "
             "of a deal (95% CI with the deal as the unit)")


def dd_columns() -> list[str]:
    return [f"s{k}_dd_{s}" for s in STRAIN_KEYS for k in range(4)] + ["par_score"]


def dd_table(batch) -> np.ndarray:
    """(n, 5 strains ♣ ♦ ♥ ♠ NT, 4 seats) DD tricks of a record batch."""
    from analysis.columns import num

    return np.stack([np.stack([num(batch, f"s{k}_dd_{s}") for k in range(4)], axis=1) for s in STRAIN_KEYS],
                    axis=1).astype(np.int64)


def _bucket(x: np.ndarray, low: int, high: int) -> np.ndarray:
    return np.clip(x, low, high) - low


def _label(b: int, low: int, high: int) -> str:
    v = b + low
    return f"≤ {v}" if v == low else f"≥ {v}" if v == high else str(v)


class DDTally:
    """The double-dummy statistics of a run, folded batch by batch."""

    def __init__(self) -> None:
        self.nt = GroupMean(HCP_HIGH - HCP_LOW + 1)
        self.nt_game = GroupMean(HCP_HIGH - HCP_LOW + 1)
        self.fit = GroupMean(FIT_HIGH - FIT_LOW + 1)
        self.total = GroupMean(TOTAL_HIGH - TOTAL_LOW + 1)
        self.abs_par = Moments()
        self.par_passed = Moments()
        self.par_game = Moments()

    def add(self, hcp: np.ndarray, lens: np.ndarray, dd: np.ndarray, par: np.ndarray) -> None:
        """``hcp`` (n, 4 seats), ``lens`` (n, 4 seats, 4 suits), ``dd`` (n, 5, 4), ``par`` (n,) N-S view."""
        n = hcp.shape[0]
        rows = np.arange(n)
        side_hcp = np.stack([hcp[:, 0] + hcp[:, 2], hcp[:, 1] + hcp[:, 3]], axis=1)
        nt = np.stack([np.maximum(dd[:, 4, 0], dd[:, 4, 2]), np.maximum(dd[:, 4, 1], dd[:, 4, 3])], axis=1)
        fit_len, fit_tricks = np.empty((n, 2), np.int64), np.empty((n, 2), np.int64)
        for side in (0, 1):
            key = (lens[:, side] + lens[:, side + 2]) * 4 + np.arange(4)[None, :]
            best = key.max(axis=1)
            fit_len[:, side], suit = best >> 2, best & 3
            fit_tricks[:, side] = np.maximum(dd[rows, suit, side], dd[rows, suit, side + 2])
        hb = _bucket(side_hcp, HCP_LOW, HCP_HIGH)
        self.nt.add(hb, nt)
        self.nt_game.add(hb, nt >= 9)
        self.fit.add(_bucket(fit_len, FIT_LOW, FIT_HIGH), fit_tricks)
        total = fit_tricks.sum(axis=1)[:, None]
        self.total.add(_bucket(fit_len.sum(axis=1), TOTAL_LOW, TOTAL_HIGH)[:, None], total)
        par = np.asarray(par, np.int64)
        self.abs_par.add(np.abs(par))
        self.par_passed.add(par == 0)
        self.par_game.add(np.abs(par) >= 300)

    def sections(self) -> list[Section]:
        nt = Section(NT, notes=[SIDE_NOTE])
        for b in range(HCP_HIGH - HCP_LOW + 1):
            lb = _label(b, HCP_LOW, HCP_HIGH)
            nt.stats.append(self.nt.stat(f"E[NT tricks | side HCP {lb}]", b))
        for b in range(HCP_HIGH - HCP_LOW + 1):
            lb = _label(b, HCP_LOW, HCP_HIGH)
            nt.stats.append(self.nt_game.stat(f"P(3NT makes | side HCP {lb})", b))
        fit = Section(FIT, notes=[SIDE_NOTE + "; the longest suit: ties go to the higher suit"])
        fit.stats = [self.fit.stat(f"E[tricks in the fit | {_label(b, FIT_LOW, FIT_HIGH)} cards]", b)
                     for b in range(FIT_HIGH - FIT_LOW + 1)]
        lott = Section(LOTT, notes=["total tricks = N-S's tricks in its longest suit + E-W's in theirs; total trumps "
                                    "= the two suits' combined lengths; the 'law' says total tricks ≈ total trumps"])
        lott.stats = [self.total.stat(f"E[total tricks | {_label(b, TOTAL_LOW, TOTAL_HIGH)} total trumps]", b)
                      for b in range(TOTAL_HIGH - TOTAL_LOW + 1)]
        par = Section(PAR, notes=["par: the score when both sides bid perfectly against double-dummy play (DDS), "
                                  "N-S view, for the board's dealer and vulnerability"])
        par.stats = [self._m("E[|par score|]", self.abs_par, False), self._m("P(par is passed out)", self.par_passed),
                     self._m("P(|par score| ≥ 300: a game, slam or costly sacrifice)", self.par_game)]
        return [nt, fit, lott, par]

    @staticmethod
    def _m(name: str, m: Moments, proportion: bool = True) -> Stat:
        return Stat.from_moments(name, m, proportion=proportion) if m.n else empty(name)
