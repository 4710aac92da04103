"""Reports: titled sections of ``Stat`` rows, rendered with rich or as Markdown.

Each estimate is shown with its 95% interval, the exact value where one exists, and z against it
(principle 9). A report opens with the game's headline figures; statistics pooled over
exchangeable seats are shown once, their per-seat rows on request (``per_seat``). A run's report
is put together in ``analysis.run_report``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from analysis.estimators import Stat

SIGMAS = 5.0
FLAG = "⚠"
COLUMNS = ("statistic", "seat", "estimate", "95% CI", "exact", "z")
HEADLINE = "Headline"


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
    headline: list[Stat] = field(default_factory=list)  # the game's headline figures, shown first
    headline_notes: list[str] = field(default_factory=list)  # the finding the headline figures add up to
    per_seat: bool = False  # show per-seat rows of statistics that are also given pooled over seats

    @property
    def columns(self) -> tuple[str, ...]:
        cols = COLUMNS if self.per_seat else tuple(c for c in COLUMNS if c != "seat")
        return cols + ("n",) if self.show_n else cols

    def stats(self) -> list[Stat]:
        return [s for sec in self.sections for s in sec.stats]

    def shown(self, section: Section) -> list[Stat]:
        """The rows of ``section`` on display: per-seat rows only on request (``per_seat``)."""
        return [s for s in section.stats if self.per_seat or s.seat is None]

    def display_sections(self) -> list[Section]:
        """The headline first (when the game names one), then the sections with rows to show, and
        those that are only a note (a section a game has no figures for says why)."""
        head = [Section(HEADLINE, list(self.headline), list(self.headline_notes))] if self.headline else []
        return head + [Section(s.title, self.shown(s), s.notes) for s in self.sections
                       if self.shown(s) or (s.notes and not s.stats)]

    def hidden_seat_rows(self) -> int:
        return 0 if self.per_seat else sum(1 for s in self.stats() if s.seat is not None)

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
        return [_row(s, self.sigmas, self.per_seat) + ((f"{s.n:,}",) if self.show_n else ())
                for s in section.stats]

    def notes_line(self) -> str | None:
        hidden = self.hidden_seat_rows()
        return (f"{hidden} per-seat rows are pooled over the seats above; `paiju report --seats` shows them"
                if hidden else None)

    def to_markdown(self) -> str:
        out = [f"# {self.title}", ""]
        out += [f"- {_md(line)}" for line in self.summary + ([self.notes_line()] if self.notes_line() else [])]
        out += [f"- **{_md(self.check_line())}**", ""]
        for sec in self.display_sections():
            out += [f"## {sec.title}", ""]
            for note in sec.notes:
                out += [f"_{_md(note)}_", ""]
            if not sec.stats:
                continue
            out += ["| " + " | ".join(self.columns) + " |", "|" + "---|" * len(self.columns)]
            out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in self.rows(sec)]
            out.append("")
        return "\n".join(out)

    def to_text(self, width: int = 100) -> str:
        """The rich tables as plain text (no colour), ``width`` columns wide."""
        import io

        from rich.console import Console

        buf = io.StringIO()
        Console(file=buf, width=width, color_system=None, force_terminal=False).print(self.to_rich())
        return buf.getvalue()

    def __str__(self) -> str:
        return self.to_text()

    def _repr_markdown_(self) -> str:  # Jupyter shows a report as Markdown tables
        return self.to_markdown()

    def to_rich(self):
        """A rich renderable (``Console().print(report.to_rich())``)."""
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        parts = [Text(self.title, style="bold")]
        parts += [Text(line) for line in self.summary + ([self.notes_line()] if self.notes_line() else [])]
        parts.append(Text(self.check_line(), style="bold red" if self.flagged() else "green"))
        for sec in self.display_sections():
            if not sec.stats:  # a note-only section: its title and why it has no figures
                parts += [Text(sec.title, style="italic"), *[Text(note) for note in sec.notes]]
                continue
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
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.5g}"


def _z(z: float) -> str:
    return f"{z:+.2f}" if math.isfinite(z) else ("+inf" if z > 0 else "-inf")


def _row(s: Stat, sigmas: float, seat: bool = True) -> tuple[str, ...]:
    z = "—" if s.z is None else _z(s.z) + (f" {FLAG}" if abs(s.z) > sigmas else "")
    ci = "—" if math.isnan(s.ci_low) else f"[{s.ci_low:.4g}, {s.ci_high:.4g}]"
    return (s.name,) + ((_seat(s),) if seat else ()) + (_num(s.estimate), ci, _num(s.exact), z)


def _md(text: str) -> str:
    return text.replace("|", "\\|")
