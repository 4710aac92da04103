"""Scoring balance of a play run under several scoring scenarios (``paiju balance``).

A scenario is a set of scoring overrides (a TOML file; its name is the file stem) applied to the
run's own ruleset. Every stored hand is rescored under every scenario by
``sim.games.xiantao_scoring.score`` (as ``paiju rescore`` does, without writing anything), in one
streamed pass, so memory is one batch whatever the run size. For each scenario:

* money per hand by role and by seat: mean with its 95% interval, and the SD over seat-hands
  (role means pool the seat-hands of a role; the interval treats the hand as the unit, as
  ``analysis.play_report`` does);
* the share of money moved by each scoring component. A hand's money splits exactly into base
  win (what the hand pays at the normal grade), the extra of 小清 and of 大清 over normal, 硬牌
  stakes, and one part per 喜 (王炸, 7张, 8张). The money a component moves is
  Σ_hands Σ_seats |component money| / 2 (each unit paid is also received); its share is that over
  the sum for all components, so the shares add up to 1. The interval is the ratio (delta-method)
  interval with the hand as the unit;
* house-free zero-sum check: max over hands of |Σ_seats money| (must be 0), and that the
  components add up to the money;

and against the first scenario: the difference in one role's mean money (庄家 by default), paired
per hand (both scenarios score the same hands), with its interval, and the hands a designer needs
to tell the two scenarios apart at 95%: n = (1.96·sd_diff / |mean_diff|)², ∞ when they agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from analysis.estimators import Z95, Moments, Stat
from analysis.play_report import ROLE_LABEL, ROLES, ZERO_SUM_TOL, ClusterMean, empty, invariant
from analysis.report import FLAG, Report, Section
from analysis.rescore import FACT_COLUMNS, apply_scoring, diff_text, facts_from_batch, ruleset_diff, source_rules
from analysis.runs import BATCH_ROWS, Run, RunError, open_run
from sim.errors import UserError

N_SEATS = 4
SEATS = range(N_SEATS)
COMPONENTS = ("base", "xiao_qing", "da_qing", "hard", "xi_wangzha", "xi_seven", "xi_eight")
COMPONENT_LABEL = {"base": "base win (normal-grade money)", "xiao_qing": "小清 extra over normal",
                   "da_qing": "大清 extra over normal", "hard": "硬牌 stakes", "xi_wangzha": "喜 王炸",
                   "xi_seven": "喜 7张", "xi_eight": "喜 8张"}
ROLE_SEATS = {"banker": "叫牌 hands, 1 seat", "partner": "叫牌 hands, 1 seat", "opponent": "叫牌 hands, 2 seats",
              "hard": "硬牌 hands, 1 seat", "hard_opponent": "硬牌 hands, 3 seats"}
RUN_SCENARIO = "run"  # name of the single scenario when none is given: the run's own ruleset

ROLE_MONEY = "Money per hand by role, in units of 底金 B"
SEAT_MONEY = "Money per hand by seat, in units of 底金 B"
SHARES = "Share of money moved by scoring component"
CHECKS = "Zero-sum check (house-free)"
COMPARE = "Against the first scenario"


@dataclass(frozen=True)
class Scenario:
    """Scoring overrides applied to the run's ruleset; ``origin`` names them in error messages."""

    name: str
    overrides: Mapping[str, Any] = field(default_factory=dict)
    origin: str = "the run's own ruleset"


def load_scenario(path: str | Path) -> Scenario:
    """A scenario TOML file; its name is the file stem."""
    from sim.ruleset import load_toml

    p = Path(path)
    return Scenario(p.stem, load_toml(p), f"scenario file {str(p)!r}")


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


def components(f, s, rules) -> dict[str, np.ndarray]:
    """(n, 4) money of each scoring component; they add up to ``s.money``."""
    call = ~f.mode_hard
    unit = float(rules.base) * (1.0 if rules.settlement == "per_player" else 0.5)
    sign = np.where(s.won, 1.0, -1.0) * unit
    g = rules.grade
    out = {
        "base": np.where(call[:, None], sign * g.normal, 0.0),
        "xiao_qing": np.where((call & (s.grade == 1))[:, None], sign * (g.xiao_qing - g.normal), 0.0),
        "da_qing": np.where((call & (s.grade == 2))[:, None], sign * (g.da_qing - g.normal), 0.0),
        "hard": np.where(f.mode_hard[:, None], s.grade_money, 0.0),
    }
    for name, count, value in (("xi_wangzha", f.xi_wangzha, rules.xi.wangzha),
                               ("xi_seven", f.xi_seven, rules.xi.seven), ("xi_eight", f.xi_eight, rules.xi.eight)):
        u = (count * value).astype(np.float64)
        out[name] = float(rules.base) * (u - (u.sum(axis=1, keepdims=True) - u) / 3.0)
    return out


def role_hand_mean(money: np.ndarray, role: np.ndarray, code: int) -> tuple[np.ndarray, np.ndarray]:
    """(per-hand mean money of the role's seats, mask of hands where the role sits)."""
    sel = role == code
    cnt = sel.sum(axis=1)
    has = cnt > 0
    return np.where(sel, money, 0.0).sum(axis=1)[has] / cnt[has], has


class _Acc:
    def __init__(self):
        self.roles = {r: ClusterMean() for r in ROLES}
        self.role_sd = {r: Moments() for r in ROLES}
        self.seats = [Moments() for _ in SEATS]
        self.shares = {c: _Ratio() for c in COMPONENTS}
        self.gross = Moments()
        self.net = Moments()
        self.max_sum = 0.0
        self.max_decomp = 0.0
        self.diff = Moments()
        self.n = 0

    def add(self, money: np.ndarray, role: np.ndarray, comp: dict[str, np.ndarray]) -> None:
        self.n += money.shape[0]
        for i, r in enumerate(ROLES):
            sel = role == i
            self.roles[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
            self.role_sd[r].add(money[sel])
        for k in SEATS:
            self.seats[k].add(money[:, k])
        moved = {c: np.abs(v).sum(axis=1) / 2 for c, v in comp.items()}
        total = sum(moved.values())
        for c in COMPONENTS:
            self.shares[c].add(moved[c], total)
        self.gross.add(total)
        self.net.add(np.abs(money).sum(axis=1) / 2)
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        self.max_decomp = max(self.max_decomp, float(np.abs(sum(comp.values()) - money).max(initial=0.0)))


def _sd(m: Moments) -> float:
    return math.sqrt(m.var) if m.n >= 2 else math.nan


# --- the report --------------------------------------------------------------------------------


def _rulesets(run: Run, scenarios: Sequence[Scenario]):
    game, base = source_rules(run, "balance")
    names = [s.name for s in scenarios]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise UserError(f"two scenarios are named {dup[0]!r} (a scenario's name is its file stem); rename one")
    out = []
    for sc in scenarios:
        rules = apply_scoring(base, sc.overrides, sc.origin)
        try:
            game.validate(rules)
        except UserError as exc:
            raise UserError(f"{sc.origin}: {exc}") from None
        out.append(rules)
    return base, out


def balance(run: Run | str | Path, scenarios: Sequence[Scenario] | None = None, *, role: str = "banker",
            batch_size: int = BATCH_ROWS) -> BalanceReport:
    """The balance report of a play run under ``scenarios`` (default: the run's own ruleset)."""
    from sim.games.xiantao_play import roles as seat_roles
    from sim.games.xiantao_scoring import score

    if role not in ROLES:
        raise UserError(f"--role must be one of {', '.join(ROLES)}; got {role!r}")
    if not isinstance(run, Run):
        run = open_run(run)
    scenarios = list(scenarios) if scenarios else [Scenario(RUN_SCENARIO)]
    base, rulesets = _rulesets(run, scenarios)
    missing = [c for c in FACT_COLUMNS if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks the raw-fact column(s) {', '.join(missing[:5])}: cannot rescore it")

    accs = [_Acc() for _ in scenarios]
    code = ROLES.index(role)
    for batch in run.iter_batches(list(FACT_COLUMNS), batch_size):
        f = facts_from_batch(batch)
        rl = seat_roles(f)
        first_y = None
        for i, rules in enumerate(rulesets):
            s = score(f, rules)
            accs[i].add(s.money, rl, components(f, s, rules))
            y, _ = role_hand_mean(s.money, rl, code)
            if i == 0:
                first_y = y
            else:
                accs[i].diff.add(y - first_y)
    return _report(run, scenarios, base, rulesets, accs, role)


def _report(run: Run, scenarios, base, rulesets, accs: list[_Acc], role: str) -> BalanceReport:
    n = accs[0].n
    label = ROLE_LABEL[role]
    summary = [f"run {run.path}: {n:,} hands, game {run.game}, {'complete' if run.complete else 'INCOMPLETE'}",
               "every hand is rescored under each scenario by the scorer of `paiju play` (nothing is replayed)"]
    for sc, rules in zip(scenarios, rulesets):
        summary.append(f"scenario {sc.name} ({sc.origin}): vs the run's ruleset {diff_text(ruleset_diff(base, rules))}")

    by_role = Section(ROLE_MONEY, notes=[
        "mean over the seat-hands of a role (n), 95% CI with the hand as the unit; SD over seat-hands. "
        "Roles: " + "; ".join(f"{ROLE_LABEL[r]} ({ROLE_SEATS[r]})" for r in ROLES)])
    by_seat = Section(SEAT_MONEY, notes=["mean over hands (n), normal 95% CI; SD over hands"])
    shares = Section(SHARES, notes=[
        "money moved by a component = Σ over hands of Σ over seats |component money| / 2 (each unit paid is "
        "also received); share = that / the sum over all components, so the shares add up to 1. "
        "Components: base win = what the hand pays at the normal grade; 小清/大清 extra = the grade's "
        "multiplier minus normal's; 硬牌 stakes; each 喜 net of what the others pay. "
        "95% CI: ratio (delta-method) interval, hand as the unit. Moved per hand: gross = Σ components, "
        "net = Σ_seats |money| / 2 (components of opposite sign cancel in net)"])
    checks = Section(CHECKS, notes=[
        "max over hands of |Σ_seats money| (no house: must be 0) and of |Σ components − money| "
        f"(must be 0); tolerance {ZERO_SUM_TOL:g} for float rounding"])
    compare = Section(COMPARE, notes=[
        f"Δ = mean money of {label} ({role}) in the scenario − in the first scenario ({scenarios[0].name}), "
        "paired per hand over the hands where the role sits (n); SD = SD of the per-hand difference. "
        "Hands needed = (1.96·SD / |Δ|)²: hands (with the role) for the 95% CI of Δ to exclude 0; ∞ when Δ = 0"])

    for sc, acc in zip(scenarios, accs):
        name = sc.name
        for r in ROLES:
            by_role.stats.append(_with(acc.roles[r].stat(f"{ROLE_LABEL[r]} ({r})"), name, _sd(acc.role_sd[r])))
        for k in SEATS:
            st = Stat.from_moments("seat money", acc.seats[k], seat=k) if acc.seats[k].n else empty("seat money", k)
            by_seat.stats.append(_with(st, name, _sd(acc.seats[k])))
        for c in COMPONENTS:
            shares.stats.append(_with(acc.shares[c].stat(COMPONENT_LABEL[c]), name))
        for nm, m in (("moved per hand, gross (Σ components)", acc.gross), ("moved per hand, net", acc.net)):
            st = Stat.from_moments(nm, m) if m.n else empty(nm)
            shares.stats.append(_with(st, name, _sd(m)))
        checks.stats.append(_with(invariant("max |Σ_seats money|", acc.max_sum, acc.n), name))
        checks.stats.append(_with(invariant("max |Σ components − money|", acc.max_decomp, acc.n), name))

    for sc, acc in zip(scenarios[1:], accs[1:]):
        m = acc.diff
        if m.n == 0:
            compare.stats.append(_with(empty(f"Δ mean money {label}"), sc.name))
            continue
        d = Stat.from_moments(f"Δ mean money {label} vs {scenarios[0].name}", m)
        sd = _sd(m)
        compare.stats.append(_with(d, sc.name, sd))
        need = hands_needed(d.estimate, sd) if not math.isnan(sd) else math.nan
        text = "∞" if math.isinf(need) else (None if math.isnan(need) else f"{max(1, math.ceil(need)):,}")
        compare.stats.append(BalanceStat("hands needed to tell apart at 95%", need, math.nan, math.nan, None, None,
                                         m.n, math.nan, None, sc.name, math.nan, text))
    sections = [by_role, by_seat, shares, checks] + ([compare] if len(scenarios) > 1 else [])
    return BalanceReport(f"Scoring balance of {run.path.name} under {len(scenarios)} scenario(s)", summary, sections)


# --- output ------------------------------------------------------------------------------------

FORMATS = ("table", "md")


def check_output_file(out: Path | None, fmt: str) -> None:
    """Refuse a bad ``--format`` / ``--out`` before the pass over the run."""
    if fmt not in FORMATS:
        raise UserError(f"--format must be 'table' or 'md'; got {fmt!r}")
    if out is None:
        return
    if out.is_dir():
        raise UserError(f"--out {str(out)!r} is a directory; give a file name")
    if not out.parent.exists():
        raise UserError(f"cannot write {str(out)!r}: directory {str(out.parent)!r} does not exist")


def render(rep: Report, fmt: str, width: int = 120) -> str:
    """The report as Markdown (``md``) or as plain-text rich tables (``table``)."""
    if fmt == "md":
        return rep.to_markdown()
    import io

    from rich.console import Console

    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False).print(rep.to_rich())
    return buf.getvalue()


def write_text(out: Path, text: str) -> None:
    """Write ``text`` to ``out`` atomically (temporary file, then rename)."""
    import os

    tmp = out.with_name(f".{out.name}.tmp{os.getpid()}")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
