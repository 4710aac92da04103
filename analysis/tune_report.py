"""The tuner's answer (``analysis.tune.Result``) as a report and plots (``paiju tune``).

``report`` builds an ``analysis.report.Report`` (rich tables, Markdown, HTML as ``paiju report``
writes them): the chosen setting with each goal's 95% interval on the searched hands, the held-out
hands and any fresh run; the runner-up with the paired difference and the hands that tell them
apart; the candidates, best first. ``figures`` draws each goal against each varied option with
its interval band, and the trade-off front of the first two goals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from analysis.estimators import Z95
from analysis.tune import Est, Goal, Result, met

# --- the report ---------------------------------------------------------------------------------

ANSWER = "The chosen setting: each goal on the searched hands and on hands the search did not see"
AGAINST = "The chosen setting against the runner-up (paired, the same hands)"
CANDIDATES = "Candidates, best first"
TOP = 12  # candidates listed


@dataclass(frozen=True)
class Row:
    """A row of the tune report (cells in ``TuneReport.columns``)."""

    cells: tuple[str, ...]
    seat: None = None

    def consistent(self, sigmas: float) -> None:
        return None


def _num(x: float) -> str:
    if x is None or math.isnan(x):
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{x:.5g}"


def _ci(e: Est) -> str:
    lo, hi = e.ci
    return "—" if math.isnan(lo) or math.isinf(lo) else f"[{lo:.4g}, {hi:.4g}]"


def _hands(e: Est, of: int) -> str:
    """The hands a figure applies to (a role's money: the hands with that role) out of ``of``."""
    return f"{e.n:,}" if e.n is not None and e.n >= 0 else f"{of:,}"


def _verdict(goal: Goal, gap: Est) -> str:
    if goal.kind == "target":
        return "target met (0 in the gap's CI)" if met(goal, gap) else f"target missed by {gap.value:.4g} {_ci(gap)}"
    if goal.kind == "constraint":
        return "holds" if goal.holds(gap.value) else f"BROKEN by {abs(gap.value):.4g}"
    return goal.kind


def report(result: Result, title: str, summary: Sequence[str]):
    """The answer as an ``analysis.report.Report`` (text, Markdown, rich, HTML like ``paiju report``)."""
    from analysis.report import Report, Section

    class TuneReport(Report):
        @property
        def columns(self):
            return ("setting / hands", "figure", "estimate", "95% CI", "hands", "note")

        def rows(self, section):
            return [s.cells for s in section.stats]

        def flagged(self):
            return list(result.problems)

        def check_line(self):
            if result.problems:
                return "⚠ INFEASIBLE: " + "; ".join(result.problems)
            return f"FEASIBLE: {result.best.label()} meets every goal on the searched hands"

    summary = list(summary) + [
        f"varied: {'; '.join(v.describe() for v in result.varies)}",
        f"goals: {'; '.join(g.text if g.rhs is not None else g.text for g in result.goals)}",
        f"search: {result.search.method}, {len(result.search.candidates)} setting(s) scored on the same "
        f"{result.n_search:,} hands ({result.search_label})",
    ]
    if result.base:
        summary.append("the run's own setting: " + ", ".join(f"{k}={v}" for k, v in result.base.items()))
    answer = Section(ANSWER, notes=[
        "estimate and 95% CI of each goal's left side with the hand as the unit (delta method for ratios and "
        "expressions); a target is met when 0 lies in the CI of (left − right side); the held-out rows score the "
        "same setting on hands the search did not see, so a gap between them measures the winner's curse"])
    against = Section(AGAINST, notes=[
        "Δ = best − runner-up of each goal's left side on the searched hands, paired per hand; hands needed = "
        "(1.96·SD of the per-hand difference / |Δ|)²: hands for the 95% CI of Δ to exclude 0"])
    cands = Section(CANDIDATES, notes=[
        "each candidate scored on the same searched hands; objective = Σ (left − right)² over the targets, or the "
        f"expression to minimise (negated to maximise); settings that break a constraint come last; top {TOP} shown"])
    best = result.best
    if best is not None:
        for g, lhs, gap in zip(result.goals, best.lhs, best.gaps):
            answer.stats.append(Row((best.label(), str(g.lhs), _num(lhs.value), _ci(lhs), _hands(lhs, result.n_search),
                                     f"searched hands; {_verdict(g, gap)}")))
        for check in result.checks:
            for g, lhs, gap, s_lhs in zip(result.goals, check.lhs, check.gaps, best.lhs):
                curse = lhs.value - s_lhs.value
                se = math.hypot(lhs.se, s_lhs.se)
                answer.stats.append(Row((check.label, str(g.lhs), _num(lhs.value), _ci(lhs), _hands(lhs, check.n_units),
                                         f"{_verdict(g, gap)}; minus searched {curse:+.4g} ± {Z95 * se:.3g}")))
        if result.runner_up is not None:
            for g, (d, need) in zip(result.goals, result.separation()):
                text = "∞" if math.isinf(need) else f"{max(1, math.ceil(need)):,}"
                against.stats.append(Row((f"vs {result.runner_up.label()}", f"Δ {g.lhs}", _num(d.value), _ci(d),
                                          _hands(d, result.n_search), f"hands needed to tell apart: {text}")))
    ordered = result.search.ranked() + [c for c in result.search.candidates if not c.feasible]
    for c in ordered[:TOP]:
        obj = "—" if c.objective is None else f"{c.objective.value:.4g}"
        for i, (g, lhs) in enumerate(zip(result.goals, c.lhs)):
            note = (f"objective {obj}" + ("" if c.feasible else "; breaks a constraint")) if i == 0 else ""
            cands.stats.append(Row((c.label() if i == 0 else "", str(g.lhs), _num(lhs.value), _ci(lhs),
                                    _hands(lhs, result.n_search), note)))
    sections = [answer] + ([against] if against.stats else []) + [cands]
    return TuneReport(title, list(summary), sections)


# --- plots --------------------------------------------------------------------------------------


def figures(result: Result) -> list:
    """Each goal against each varied numeric option (with its 95% band), and the trade-off front of
    the first two goals: ``analysis.plots.Figure`` list for the md / html report."""
    from analysis.plots import Figure, png, pyplot

    plt = pyplot()
    out = []
    cands = result.search.candidates
    for gi, g in enumerate(result.goals):
        for v in result.varies:
            if not v.numeric:
                continue
            xs = np.array([c.settings[v.key] for c in cands], np.float64)
            ys = np.array([c.lhs[gi].value for c in cands])
            lo = np.array([c.lhs[gi].ci[0] for c in cands])
            hi = np.array([c.lhs[gi].ci[1] for c in cands])
            order = np.argsort(xs, kind="stable")
            fig, ax = plt.subplots(figsize=(7, 4))
            if len(result.varies) == 1:
                ax.fill_between(xs[order], lo[order], hi[order], alpha=0.25, label="95% CI")
                ax.plot(xs[order], ys[order], "o-", ms=3, label=str(g.lhs))
            else:
                ax.errorbar(xs, ys, yerr=np.nan_to_num(np.vstack([ys - lo, hi - ys])), fmt="o", ms=3, alpha=0.6,
                            label=f"{g.lhs} (other options vary)")
            if g.rhs is not None and not g.rhs.refs:
                ax.axhline(g.rhs(lambda r: None), color="k", lw=0.8, ls="--", label=f"{g.op} {g.rhs}")
            if result.best is not None:
                ax.plot([result.best.settings[v.key]], [result.best.lhs[gi].value], "r*", ms=12, label="chosen")
            ax.set_xlabel(v.key)
            ax.set_ylabel(_ascii(str(g.lhs)))
            ax.legend(fontsize=8)
            slug = f"tune_{gi}_{v.key}".replace(".", "_")
            out.append(Figure(slug, f"{g.lhs} against {v.key}",
                              f"{g.text}: each candidate's estimate on the searched hands with its 95% interval; "
                              "the star is the chosen setting", png(fig)))
    if len(result.goals) >= 2:
        a, b = result.goals[0], result.goals[1]
        xa = np.array([c.lhs[0].value for c in cands])
        xb = np.array([c.lhs[1].value for c in cands])
        ba = np.array([_badness(a, c.gaps[0].value) for c in cands])
        bb = np.array([_badness(b, c.gaps[1].value) for c in cands])
        front = np.array([not np.any((ba <= ba[i]) & (bb <= bb[i]) & ((ba < ba[i]) | (bb < bb[i])))
                          for i in range(len(cands))], bool)
        fig, ax = plt.subplots(figsize=(6, 5))
        ax.scatter(xa, xb, s=10, alpha=0.5, label="candidates")
        order = np.argsort(xa[front])
        ax.plot(xa[front][order], xb[front][order], "o-", color="C1", ms=5, label="trade-off front")
        if result.best is not None:
            ax.plot([result.best.lhs[0].value], [result.best.lhs[1].value], "r*", ms=12, label="chosen")
        ax.set_xlabel(_ascii(str(a.lhs)))
        ax.set_ylabel(_ascii(str(b.lhs)))
        ax.legend(fontsize=8)
        out.append(Figure("tune_front", f"Trade-off: {a.lhs} against {b.lhs}",
                          "every candidate on the searched hands; the front holds the settings no other beats on "
                          f"both ({a.text}; {b.text})", png(fig)))
    return out


def _badness(goal: Goal, gap: float) -> float:
    if goal.kind == "target":
        return abs(gap)
    if goal.kind == "constraint":
        return gap if goal.op == "<=" else -gap
    return gap if goal.kind == "minimise" else -gap


def _ascii(text: str) -> str:
    """Plot text is ASCII (no CJK font is assumed); the captions carry the names."""
    return text.encode("ascii", "replace").decode()
