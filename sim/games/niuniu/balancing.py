"""Which multiplier makes 庄家's edge zero? Estimated from stored rows, beside the exact value.

庄家's net chips in a deal are linear in every multiplier: ``banker_net = Σ_c m_c · W_c`` with
``W_c = Σ over 闲家 k of bet_k · (+1 if 庄家 won against k, −1 if k won) · [the paid category of k
is c]`` (the outcome and the paid category do not depend on the multipliers). With the other
multipliers held, ``E[banker_net]`` is zero at

    m*_c = m_c − E[banker_net] / E[W_c] = −E[A_c] / E[W_c],   A_c = banker_net − m_c · W_c,

estimated by −ΣA_c / ΣW_c over the stored deals, with Fieller's 95% interval (the deal as the
unit, ``RootOfMean``); the exact value is ``sim.games.niuniu.exact.balancing_multiplier``.

Reading it: under the spec's payout (the winning hand's multiplier, N-4) the game is symmetric
except for the banker-advantage rule (N-3), so ``E[W_c]`` is small and positive — it comes only
from the ties the Q rule hands to 庄家 — and every ``m*_c`` is negative: no multiplier table
removes the edge; the tie rule does (``banker_advantage = false`` makes the edge exactly 0, and
then no multiplier moves it: m* is undefined). Under ``payout_hand = "player"`` the multipliers
do move the edge and some ``m*_c`` are positive.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.estimators import Z95, Stat

SECTION = "Balancing multipliers: the value of one multiplier that makes 庄家's edge zero"
NOTE = ("m*_c = the multipliers.<c> value at which 庄家's expected net is 0, the others held (the edge is "
        "linear in each multiplier); estimate −ΣA/ΣW over the stored deals (A = 庄家's net without the "
        "category-c payments, W = those payments per unit multiplier); Fieller 95% CI with the deal as the unit "
        "(unbounded, [-inf, inf], until the deals can tell that the multiplier moves the edge at all); z: 庄家's "
        "mean net at the exact m* over its standard error; exact: sim.games.niuniu.exact.balancing_multiplier. "
        "A negative m* means no non-negative "
        "multiplier of that category removes the edge: under the winner's-hand payout the edge comes from the "
        "banker-advantage (Q) rule alone")


@dataclass
class RootOfMean:
    """The root m of E[A] + m·E[W] = 0 from per-deal (A, W), with Fieller's 95% interval.

    A ratio of means whose denominator is small next to its noise (here E[W_c] comes from the rare
    ties the Q rule decides) has no usable delta-method interval. Fieller's interval is the set of
    m at which the deals' mean of ``A + m·W`` is within 1.96 standard errors of 0 (unbounded when
    the data cannot yet exclude E[W] = 0), and z against an exact root m0 is that mean at m0 over
    its standard error — both valid however small E[W] is.
    """

    g: int = 0
    sa: float = 0.0
    sw: float = 0.0
    saa: float = 0.0
    saw: float = 0.0
    sww: float = 0.0

    def add(self, a: np.ndarray, w: np.ndarray) -> None:
        a, w = np.asarray(a, np.float64), np.asarray(w, np.float64)
        self.g += int(a.size)
        self.sa += float(a.sum())
        self.sw += float(w.sum())
        self.saa += float((a * a).sum())
        self.saw += float((a * w).sum())
        self.sww += float((w * w).sum())

    def stat(self, name: str, exact: float | None = None) -> Stat:
        if self.g < 2 or self.sw == 0:  # no deal yet paid at this category with a net effect
            return Stat(name, math.nan, math.nan, math.nan, exact, None, self.g, math.nan)
        g = self.g
        ma, mw = self.sa / g, self.sw / g
        vaa = max(0.0, self.saa - g * ma * ma) / (g - 1) / g  # variances of the means
        vww = max(0.0, self.sww - g * mw * mw) / (g - 1) / g
        vaw = (self.saw - g * ma * mw) / (g - 1) / g
        root = -ma / mw
        z2 = Z95 * Z95
        qa, qb, qc = mw * mw - z2 * vww, 2 * (ma * mw - z2 * vaw), ma * ma - z2 * vaa
        disc = qb * qb - 4 * qa * qc
        if qa > 0 and disc >= 0:
            lo, hi = sorted(((-qb - math.sqrt(disc)) / (2 * qa), (-qb + math.sqrt(disc)) / (2 * qa)))
        else:
            lo, hi = -math.inf, math.inf
        se = math.sqrt(max(0.0, vaa + 2 * root * vaw + root * root * vww)) / abs(mw)  # delta method, shown only
        z = None
        if exact is not None and math.isfinite(exact):
            sd = math.sqrt(max(0.0, vaa + 2 * exact * vaw + exact * exact * vww))
            mean = ma + exact * mw
            z = (-mean * math.copysign(1.0, mw) / sd) if sd > 0 else (0.0 if mean == 0 else math.inf)
        return Stat(name, root, lo, hi, exact, z, g, se)


def signed_payments(paid: np.ndarray, wins: np.ndarray, is_banker: np.ndarray, bets: np.ndarray) -> np.ndarray:
    """(n, 11) ``W_c`` per deal from (n, seats) paid categories, 闲家 wins, 庄家 flags and bets."""
    sign = np.where(wins, -1.0, 1.0) * bets[None, :] * ~is_banker
    return np.stack([np.where(paid == c, sign, 0.0).sum(axis=1) for c in range(11)], axis=1)


class Balancing:
    """Folds deals (their scored columns) into the eleven ``m*_c`` estimates."""

    def __init__(self, rules):
        from sim.games.niuniu.rules import bet_table, multiplier_table

        self.rules = rules
        self.mult = multiplier_table(rules).astype(np.float64)
        self.bets = bet_table(rules)[: rules.players].astype(np.float64)
        self.roots = [RootOfMean() for _ in range(11)]

    def add(self, banker: np.ndarray, paid: np.ndarray, wins: np.ndarray, banker_net: np.ndarray) -> None:
        n_seats = paid.shape[1]
        is_banker = np.arange(n_seats)[None, :] == np.asarray(banker, np.int64)[:, None]
        w = signed_payments(paid, wins, is_banker, self.bets)
        for c in range(11):
            self.roots[c].add(banker_net - self.mult[c] * w[:, c], w[:, c])

    def stats(self, exact: bool = True) -> list[Stat]:
        from kernels.niuniu.layout import CATEGORY_NAMES
        from sim.games.niuniu.exact import balancing_multiplier
        from sim.games.niuniu.rules import CATEGORY_FIELDS

        out = []
        for c in range(10, -1, -1):
            value = balancing_multiplier(self.rules, CATEGORY_FIELDS[c]) if exact else None
            name = f"m* {CATEGORY_NAMES[c]} (multipliers.{CATEGORY_FIELDS[c]})"
            out.append(self.roots[c].stat(name, value if value is not None and not math.isnan(value) else None))
        return out
