"""The odds given a hand: what a play run with ``--fix`` says of the seats whose cards were fixed.

Every game's play rows carry ``s{k}_money`` (and most ``s{k}_won``), so this section is
game-agnostic: per fixed seat, its mean money a hand and how often it wins, with 95% intervals,
all conditional on the fixed cards (the rest of each deal is uniform, ``sim.dealing``). It goes
first in the headline, since it is the question the run was made for.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from analysis.estimators import Moments, Stat
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run


def fixed_of(run: Run) -> dict[str, list[str]]:
    """The run's ``--fix`` (``{group: card names}``), ``{}`` without one."""
    return (run.manifest.get("options") or {}).get("fix") or {}


def given_of(run: Run) -> dict:
    """The run's ``--hcp`` / ``--shape`` (a game whose dealing takes constraints), ``{}`` without them."""
    options = run.manifest.get("options") or {}
    return {k: options[k] for k in ("hcp", "shape") if options.get(k)}


def fixed_section(run: Run, describe, batch_size: int = BATCH_ROWS) -> Section | None:
    """Per fixed seat: E[money], P(money > 0), P(won) where the game writes ``s{k}_won``."""
    given = given_of(run)
    seats = sorted({int(g) for g in fixed_of(run) if g.isdigit()} | {int(s) for d in given.values() for s in d})
    wanted = [c for k in seats for c in (f"s{k}_money", f"s{k}_won") if c in run.columns]
    if not wanted:
        return None
    moments = {c: Moments() for c in wanted}
    plus = {k: Moments() for k in seats if f"s{k}_money" in run.columns}
    for b in run.iter_batches(wanted, batch_size):
        for c in wanted:
            v = b.column(c).to_numpy(zero_copy_only=False)
            moments[c].add(v.astype(np.float64) if c.endswith("_money") else v.astype(np.int64))
            if c.endswith("_money"):
                plus[int(c[1:c.index("_")])].add((v > 0).astype(np.int64))
    sec = Section("Given the fixed cards (--fix)", notes=["every figure is conditional on the fixed cards; the rest of "
                                                          "each deal is uniform over what remains"])
    fixed = fixed_of(run)
    for k in seats:
        hand = describe({str(k): fixed[str(k)]} if str(k) in fixed else {},
                        {key: {str(k): d[str(k)]} for key, d in given.items() if str(k) in d})
        if f"s{k}_money" in moments:
            sec.stats.append(Stat.from_moments(f"{hand}: money a hand", moments[f"s{k}_money"]))
            sec.stats.append(Stat.from_moments(f"{hand}: P(wins money)", plus[k], proportion=True))
        if f"s{k}_won" in moments:
            sec.stats.append(Stat.from_moments(f"{hand}: P(won)", moments[f"s{k}_won"], proportion=True))
    return sec


def add_fixed(run: Run, rep: Report, describe) -> None:
    """Say a ``--fix`` run's fixed cards at the top of its report (``describe(fixed)``: their
    text, ``sim.dealing.describe``) and, for play, lead with the fixed seats' figures."""
    fixed, given = fixed_of(run), given_of(run)
    if not fixed and not given:
        return
    line = f"given: {describe(fixed, given)}; the rest dealt at random (figures are conditional on it)"
    if not any(s.startswith(("--fix", "given:")) for s in rep.summary):  # the game's report did not take it into account
        rep.summary.insert(0, line)
        if any(s.exact is not None for s in rep.stats() + list(rep.headline)):
            rep.summary.insert(1, "exact values are those of a deal with nothing fixed, so they are left out here")
            rep.sections = [replace(sec, stats=[_no_exact(s) for s in sec.stats]) for sec in rep.sections]
            rep.headline = [_no_exact(s) for s in rep.headline]
    if run.kind == "play":
        sec = fixed_section(run, describe)
        if sec is not None:
            rep.sections.insert(0, sec)
            rep.headline = sec.stats + list(rep.headline)


def _no_exact(stat: Stat) -> Stat:
    if stat.exact is None:
        return stat
    return replace(stat, exact=None, z=None)
