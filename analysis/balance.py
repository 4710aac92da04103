"""Scoring balance of a play run under several scoring scenarios (``paiju balance``).

A scenario is a set of scoring overrides (a TOML file; its name is the file stem) applied to the
run's own ruleset. Every stored hand is rescored under every scenario by the game's
``Scoring.score`` (as ``paiju rescore`` does, without writing anything), in one streamed pass, so
memory is one batch whatever the run size. Roles, their names and the scoring components come
from the game's ``Scoring``. For each scenario:

* money per hand by role and by seat: mean with its 95% interval, and the SD over seat-hands
  (role means pool the seat-hands of a role; the interval treats the hand as the unit, as
  ``analysis.estimators.ClusterMean`` does);
* the share of money moved by each scoring component (the game's ``Scoring.components``, which
  add up to the money exactly). The money a component moves is
  Σ_hands Σ_seats |component money| / 2 (each unit paid is also received); its share is that over
  the sum for all components, so the shares add up to 1. The interval is the ratio (delta-method)
  interval with the hand as the unit;
* house-free zero-sum check: max over hands of |Σ_seats money| (must be 0), and that the
  components add up to the money;

and against the first scenario: the difference in one role's mean money (the game's default role), paired
per hand (both scenarios score the same hands), with its interval, and the hands a designer needs
to tell the two scenarios apart at 95%: n = (1.96·sd_diff / |mean_diff|)², ∞ when they agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from analysis.columns import whole_games
from analysis.estimators import Z95, ZERO_SUM_TOL, ClusterMean, Moments, Stat, empty, invariant
from analysis.report import FLAG, Report, Section
from analysis.rescore import Source, diff_text, ruleset_diff
from analysis.runs import BATCH_ROWS, RunError
from analysis.errors import UserError

RUN_SCENARIO = "run"  # name of the single scenario when none is given: the run's own ruleset

ROLE_MONEY = "Money per hand by role, in units of the base stake B"
SEAT_MONEY = "Money per hand by seat, in units of the base stake B"
SHARES = "Share of money moved by scoring component"
CHECKS = "Zero-sum check (house-free)"
COMPARE = "Against the first scenario"


@dataclass(frozen=True)
class Scenario:
    """Scoring overrides applied to the run's ruleset; ``origin`` names them in error messages."""

    name: str
    overrides: Mapping[str, Any] = field(default_factory=dict)
    origin: str = "the run's own ruleset"


def hands_needed(mean_diff: float, sd_diff: float, z: float = Z95) -> float:
    """Hands for a 95% interval of the paired difference to exclude 0: (z·sd / |mean|)²; ∞ if 0."""
    if mean_diff == 0 or math.isnan(mean_diff):
        return math.inf
    return (z * sd_diff / abs(mean_diff)) ** 2


# --- rows --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BalanceStat(Stat):
    """A ``Stat`` with the scenario it belongs to, an SD, and an optional text for the estimate."""

    scenario: str = ""
    sd: float = math.nan
    text: str | None = None


def _with(stat: Stat, scenario: str, sd: float = math.nan, text: str | None = None, name: str | None = None):
    return BalanceStat(name or stat.name, stat.estimate, stat.ci_low, stat.ci_high, stat.exact, stat.z, stat.n,
                       stat.se, stat.seat, scenario, sd, text)


def _fmt(x: float) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{x:.6g}"


@dataclass
class BalanceReport(Report):
    """``analysis.report.Report`` with a scenario and an SD column (same rich / Markdown output)."""

    @property
    def columns(self) -> tuple[str, ...]:
        return ("scenario", "statistic", "seat", "estimate", "95% CI", "SD", "n")

    def rows(self, section: Section) -> list[tuple[str, ...]]:
        out = []
        for s in section.stats:
            est = s.text if getattr(s, "text", None) else _fmt(s.estimate)
            if s.z is not None and s.consistent(self.sigmas) is False:
                est += f" {FLAG}"
            ci = "—" if math.isnan(s.ci_low) else f"[{s.ci_low:.5g}, {s.ci_high:.5g}]"
            out.append((getattr(s, "scenario", ""), s.name, "" if s.seat is None else str(s.seat), est, ci,
                        _fmt(getattr(s, "sd", math.nan)), f"{s.n:,}"))
        return out

    def check_line(self) -> str:
        checked = [s for s in self.stats() if s.z is not None]
        bad = self.flagged()
        if not bad:
            return (f"checks: {len(checked)} of {len(checked)} hold (every hand sums to 0 over the seats, "
                    "components add up to the money)")
        worst = ", ".join(f"{s.scenario}: {s.name} = {s.estimate:.6g}" for s in bad[:6])
        return f"{FLAG} checks: {len(bad)} of {len(checked)} fail: {worst}"


# --- accumulation ------------------------------------------------------------------------------


@dataclass
class _Ratio:
    """Σx / Σt over hands with its delta-method standard error (the hand is the unit)."""

    g: int = 0
    sx: float = 0.0
    st: float = 0.0
    sxx: float = 0.0
    sxt: float = 0.0
    stt: float = 0.0

    def add(self, x: np.ndarray, t: np.ndarray) -> None:
        self.g += int(x.size)
        self.sx += float(x.sum())
        self.st += float(t.sum())
        self.sxx += float((x * x).sum())
        self.sxt += float((x * t).sum())
        self.stt += float((t * t).sum())

    def stat(self, name: str) -> Stat:
        if self.st <= 0:
            return empty(name)
        r = self.sx / self.st
        if self.g < 2:
            se = math.inf
        else:
            ss = max(0.0, self.sxx - 2 * r * self.sxt + r * r * self.stt)
            se = math.sqrt(ss * self.g / (self.g - 1)) / self.st
        return Stat(name, r, r - Z95 * se, r + Z95 * se, None, None, self.g, se)


def role_hand_mean(money: np.ndarray, role: np.ndarray, code: int) -> tuple[np.ndarray, np.ndarray]:
    """(per-hand mean money of the role's seats, mask of hands where the role sits)."""
    sel = role == code
    cnt = sel.sum(axis=1)
    has = cnt > 0
    return np.where(sel, money, 0.0).sum(axis=1)[has] / cnt[has], has


class _Acc:
    def __init__(self, roles: tuple[str, ...], components: tuple[str, ...], n_seats: int):
        self.roles = {r: ClusterMean() for r in roles}
        self.role_sd = {r: Moments() for r in roles}
        self.seats = [Moments() for _ in range(n_seats)]
        self.shares = {c: _Ratio() for c in components}
        self.gross = Moments()
        self.net = Moments()
        self.max_sum = 0.0
        self.max_decomp = 0.0
        self.diff = Moments()
        self.n = 0

    def add(self, money: np.ndarray, role: np.ndarray, comp: dict[str, np.ndarray]) -> None:
        self.n += money.shape[0]
        for i, r in enumerate(self.roles):
            sel = role == i
            self.roles[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
            self.role_sd[r].add(money[sel])
        for k, m in enumerate(self.seats):
            m.add(money[:, k])
        moved = {c: np.abs(v).sum(axis=1) / 2 for c, v in comp.items()}
        total = sum(moved.values())
        for c in self.shares:
            self.shares[c].add(moved[c], total)
        self.gross.add(total)
        self.net.add(np.abs(money).sum(axis=1) / 2)
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        self.max_decomp = max(self.max_decomp, float(np.abs(sum(comp.values()) - money).max(initial=0.0)))


def _sd(m: Moments) -> float:
    return math.sqrt(m.var) if m.n >= 2 else math.nan


# --- the report --------------------------------------------------------------------------------


def _money(scored: dict[str, np.ndarray], n_seats: int) -> np.ndarray:
    return np.stack([np.asarray(scored[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)


def role_key(scoring, text: str, game: str) -> str:
    """The role a user names by its key (``banker``), by its label as the report prints it
    (``庄家 (banker)``, ``庄家``) or by the label's first word; a one-line error otherwise."""
    from analysis.errors import did_you_mean

    labels = {r: scoring.role_labels.get(r, r) for r in scoring.roles}
    for names in (lambda r: (r, labels[r], f"{labels[r]} ({r})"),  # exact names first, then first words
                  lambda r: (labels[r].split(" (")[0], labels[r].split()[0])):
        found = [r for r in scoring.roles if text.strip() in names(r)]
        if found:
            return found[0]
    choices = [*scoring.roles, *labels.values()]
    raise UserError(f"--role must be one of {', '.join(f'{r} ({labels[r]})' for r in scoring.roles)} for {game}; "
                    f"got {text!r}{did_you_mean(text, choices)}")


def balance(source: Source, scenarios: Sequence[Scenario], rulesets: Sequence[Any], *, role: str | None = None,
            batch_size: int = BATCH_ROWS) -> BalanceReport:
    """The balance report of the play run ``source`` under ``scenarios``, whose rulesets (the run's
    with each scenario's overrides, validated) are ``rulesets``: ``sim.rescore.balance_run`` opens
    the run and makes them."""
    run = source.run
    sc = source.scoring
    role = role_key(sc, role, source.game.name) if role else sc.default_role
    facts_needed = sorted(set().union(*(source.fact_columns(r) for r in rulesets)))
    missing = [c for c in facts_needed if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks the raw-fact column(s) {', '.join(missing[:5])}: cannot rescore it")

    n = source.n_seats
    accs = [_Acc(sc.roles, tuple(sc.component_labels), n) for _ in scenarios]
    code = sc.roles.index(role)
    for batch in whole_games(run.iter_batches(facts_needed, batch_size)):  # a match's hands scored together
        f = source.facts(batch, source.rules)
        rl = sc.seat_roles(f, n)
        first_y = None
        for i, rules in enumerate(rulesets):
            f = source.facts(batch, rules)
            s = sc.score(f, rules, n)
            money = _money(s, n)
            accs[i].add(money, rl, sc.components(f, s, rules, n))
            y, _ = role_hand_mean(money, rl, code)
            if i == 0:
                first_y = y
            else:
                accs[i].diff.add(y - first_y)
    return _report(source, scenarios, rulesets, accs, role)


def _report(source: Source, scenarios, rulesets, accs: list[_Acc], role: str) -> BalanceReport:
    run, sc = source.run, source.scoring
    base = source.rules
    n = accs[0].n
    label = sc.role_labels.get(role, role)
    summary = [f"run {run.path}: {n:,} hands, game {run.game}, {'complete' if run.complete else 'INCOMPLETE'}",
               "every hand is rescored under each scenario by the scorer of `paiju play` (nothing is replayed)"]
    for scen, rules in zip(scenarios, rulesets):
        summary.append(f"scenario {scen.name} ({scen.origin}): vs the run's ruleset {diff_text(ruleset_diff(base, rules))}")

    by_role = Section(ROLE_MONEY, notes=[
        "mean over the seat-hands of a role (n), 95% CI with the hand as the unit; SD over seat-hands. "
        "Roles: " + "; ".join(f"{sc.role_labels.get(r, r)} ({r})" for r in sc.roles)])
    by_seat = Section(SEAT_MONEY, notes=["mean over hands (n), normal 95% CI; SD over hands"])
    shares = Section(SHARES, notes=[
        "money moved by a component = Σ over hands of Σ over seats |component money| / 2 (each unit paid is "
        "also received); share = that / the sum over all components, so the shares add up to 1. "
        "Components: " + "; ".join(f"{c} = {t}" for c, t in sc.component_labels.items()) + ". "
        "95% CI: ratio (delta-method) interval, hand as the unit. Moved per hand: gross = Σ components, "
        "net = Σ_seats |money| / 2 (components of opposite sign cancel in net)"])
    checks = Section(CHECKS, notes=[
        ("max over hands of |Σ_seats money| (no house: must be 0) and " if sc.zero_sum else
         "this game's scoring is not zero-sum (the table shows max |Σ_seats money| for information); ")
        + f"max over hands of |Σ components − money| (must be 0); tolerance {ZERO_SUM_TOL:g} for float rounding"])
    compare = Section(COMPARE, notes=[
        f"Δ = mean money of {label} ({role}) in the scenario − in the first scenario ({scenarios[0].name}), "
        "paired per hand over the hands where the role sits (n); SD = SD of the per-hand difference. "
        "Hands needed = (1.96·SD / |Δ|)²: hands (with the role) for the 95% CI of Δ to exclude 0; ∞ when Δ = 0"])

    for scen, acc in zip(scenarios, accs):
        name = scen.name
        for r in sc.roles:
            by_role.stats.append(_with(acc.roles[r].stat(f"{sc.role_labels.get(r, r)} ({r})"), name,
                                       _sd(acc.role_sd[r])))
        for k, m in enumerate(acc.seats):
            st = Stat.from_moments("seat money", m, seat=k) if m.n else empty("seat money", k)
            by_seat.stats.append(_with(st, name, _sd(m)))
        for c, text in sc.component_labels.items():
            shares.stats.append(_with(acc.shares[c].stat(text), name))
        for nm, m in (("moved per hand, gross (Σ components)", acc.gross), ("moved per hand, net", acc.net)):
            st = Stat.from_moments(nm, m) if m.n else empty(nm)
            shares.stats.append(_with(st, name, _sd(m)))
        if sc.zero_sum:
            checks.stats.append(_with(invariant("max |Σ_seats money|", acc.max_sum, acc.n), name))
        else:
            checks.stats.append(BalanceStat("max |Σ_seats money| (not zero-sum)", acc.max_sum, math.nan, math.nan,
                                            None, None, acc.n, math.nan, None, name))
        checks.stats.append(_with(invariant("max |Σ components − money|", acc.max_decomp, acc.n), name))

    for scen, acc in zip(scenarios[1:], accs[1:]):
        m = acc.diff
        if m.n == 0:
            compare.stats.append(_with(empty(f"Δ mean money {label}"), scen.name))
            continue
        d = Stat.from_moments(f"Δ mean money {label} vs {scenarios[0].name}", m)
        sd = _sd(m)
        compare.stats.append(_with(d, scen.name, sd))
        need = hands_needed(d.estimate, sd) if not math.isnan(sd) else math.nan
        text = "∞" if math.isinf(need) else (None if math.isnan(need) else f"{max(1, math.ceil(need)):,}")
        compare.stats.append(BalanceStat("hands needed to tell apart at 95%", need, math.nan, math.nan, None, None,
                                         m.n, math.nan, None, scen.name, math.nan, text))
    sections = [by_role, by_seat, shares, checks] + ([compare] if len(scenarios) > 1 else [])
    return BalanceReport(f"Scoring balance of {run.path.name} under {len(scenarios)} scenario(s)", summary, sections,
                         per_seat=True)


# --- output ------------------------------------------------------------------------------------

FORMATS = ("table", "md", "csv", "json")


def check_output_file(out: Path | None, fmt: str) -> None:
    """Refuse a bad ``--format`` / ``--out`` before the pass over the run."""
    if fmt not in FORMATS:
        raise UserError(f"--format must be 'table', 'md', 'csv' or 'json'; got {fmt!r}")
    if out is None:
        return
    if out.is_dir():
        raise UserError(f"--out {str(out)!r} is a directory; give a file name")
    if not out.parent.exists():
        raise UserError(f"cannot write {str(out)!r}: directory {str(out.parent)!r} does not exist")


def render(rep: Report, fmt: str, width: int = 120) -> str:
    """The report as Markdown (``md``), data (``csv``, ``json``) or plain-text rich tables (``table``)."""
    if fmt in ("csv", "json"):
        from analysis.render_data import render_data

        return render_data(rep, fmt)
    return rep.to_markdown() if fmt == "md" else rep.to_text(width)
