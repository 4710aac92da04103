"""Reports: titled sections of ``Stat`` rows, rendered with rich or as Markdown.

``build_report(run)`` picks the report for the run's manifest ``kind``; each estimate is shown
with its 95% interval, the exact value where one exists, and z against it (principle 9).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from analysis.estimators import Stat
from analysis.runs import BATCH_ROWS, Run, RunError

SIGMAS = 5.0
FLAG = "⚠"
COLUMNS = ("statistic", "seat", "estimate", "95% CI", "exact", "z")


@dataclass
class Section:
    title: str
    stats: list[Stat] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # shown under the title (how to read it)


@dataclass
class Report:
    """A run summary plus sections of statistics; ``sigmas`` is the consistency threshold."""

    title: str
    summary: list[str] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    sigmas: float = SIGMAS
    show_n: bool = False  # add an "n" column (observations behind each statistic)

    @property
    def columns(self) -> tuple[str, ...]:
        return COLUMNS + ("n",) if self.show_n else COLUMNS

    def stats(self) -> list[Stat]:
        return [s for sec in self.sections for s in sec.stats]

    def flagged(self) -> list[Stat]:
        """Statistics whose estimate is more than ``sigmas`` standard errors from exact."""
        return [s for s in self.stats() if s.consistent(self.sigmas) is False]

    def check_line(self) -> str:
        checked = [s for s in self.stats() if s.z is not None]
        bad = sorted(self.flagged(), key=lambda s: -abs(s.z))
        if not bad:
            return f"exact checks: {len(checked)} statistics, all within {self.sigmas:g}σ"
        worst = ", ".join(f"{s.name} seat {_seat(s)} (z={_z(s.z)})" for s in bad[:8])
        more = f" and {len(bad) - 8} more" if len(bad) > 8 else ""
        return (f"{FLAG} exact checks: {len(bad)} of {len(checked)} statistics more than "
                f"{self.sigmas:g}σ from exact: {worst}{more}")

    def rows(self, section: Section) -> list[tuple[str, ...]]:
        return [_row(s, self.sigmas) + ((f"{s.n:,}",) if self.show_n else ())
                for s in section.stats]

    def to_markdown(self) -> str:
        out = [f"# {self.title}", ""]
        out += [f"- {_md(line)}" for line in self.summary]
        out += [f"- **{_md(self.check_line())}**", ""]
        for sec in self.sections:
            out += [f"## {sec.title}", ""]
            for note in sec.notes:
                out += [f"_{_md(note)}_", ""]
            out += ["| " + " | ".join(self.columns) + " |", "|" + "---|" * len(self.columns)]
            out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in self.rows(sec)]
            out.append("")
        return "\n".join(out)

    def to_rich(self):
        """A rich renderable (``Console().print(report.to_rich())``)."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        parts = [Text(self.title, style="bold")]
        parts += [Text(line) for line in self.summary]
        parts.append(Text(self.check_line(), style="bold red" if self.flagged() else "green"))
        for sec in self.sections:
            table = Table(title=Text(sec.title), title_justify="left",
                          caption=Text("\n".join(sec.notes)) if sec.notes else None,
                          caption_justify="left")
            for i, col in enumerate(self.columns):
                table.add_column(col, justify="left" if i == 0 else "right")
            for stat, row in zip(sec.stats, self.rows(sec)):
                bad = stat.consistent(self.sigmas) is False
                table.add_row(*map(Text, row), style="bold red" if bad else None)  # no markup
            parts.append(table)
        return Group(*parts)


def _seat(s: Stat) -> str:
    return "all" if s.seat is None else str(s.seat)


def _num(x: float | None) -> str:
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.6g}"


def _z(z: float) -> str:
    return f"{z:+.2f}" if math.isfinite(z) else ("+inf" if z > 0 else "-inf")


def _row(s: Stat, sigmas: float) -> tuple[str, ...]:
    z = "—" if s.z is None else _z(s.z) + (f" {FLAG}" if abs(s.z) > sigmas else "")
    ci = "—" if math.isnan(s.ci_low) else f"[{s.ci_low:.5g}, {s.ci_high:.5g}]"
    return (s.name, _seat(s), _num(s.estimate), ci, _num(s.exact), z)


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def census_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    """Deal census of a 仙桃千分 run, streamed batch by batch (see ``analysis.census``)."""
    from analysis.census import census_report as build

    return build(run, batch_size=batch_size)


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    """Outcomes, money, 喜, bombs and players of a 仙桃千分 play run (see ``analysis.play_report``);
    landlord-family runs get ``analysis.landlord_report``."""
    if run.game in ("doudizhu", "doudizhu4", "shanghai"):
        from analysis.landlord_report import landlord_report

        return landlord_report(run, batch_size=batch_size)
    from analysis.play_report import play_report as build

    return build(run, batch_size=batch_size)


REPORTS = {"census": census_report, "play": play_report}


def build_report(run: Run, **kwargs) -> Report:
    """The report for the run's manifest ``kind``."""
    build = REPORTS.get(run.kind)
    if build is None:
        known = ", ".join(sorted(REPORTS))
        raise RunError(f"no report for run kind {run.kind!r} in {run.path} (known kinds: {known})")
    return build(run, **kwargs)
