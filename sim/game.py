"""The game interface: all that the CLI, runner, writer, Dask backend, reports, replay, rescore and
balance know of a game (DESIGN principle 2).

A game is a package ``sim/games/<name>/`` whose ``__init__`` defines ``GAME = Game(...)``, plus
one line in ``sim.registry``. Shared code never names a game: it asks the ``Game`` what it
offers. A capability a game lacks is ``None`` (or ``False``) here, and the command that needs it
stops with one line built from ``Game.refuse`` — decided by the interface, never by a name check.

Everything heavy (numba kernels, pyarrow tables, report code) is reached through the callables,
which import what they need when called, so building a ``Game`` is cheap and ``paiju games``
stays fast.

Shapes the callables share:

* ``spec`` is a ``sim.runner.RunSpec`` (game, kind, variant, ruleset, seed, n, shard size and the
  kind's options such as ``policies``, ``rotate``, ``duplicate``, ``hands_per_session``).
* Columns are ``sim.schema.Column`` lists; ``compute`` returns a ``pyarrow.Table`` with exactly
  those columns for game indices ``start .. stop-1``.
* A game index is usually one row; a game whose unit is longer (a match of many hands) may write
  several rows with the same ``game_index`` (``replay`` gets them all, in order).
* Facts and scored values are dicts of numpy arrays keyed by column name (``s{k}_money`` …):
  the same names in a fresh kernel row batch and in a stored run, which is what lets ``paiju
  rescore`` call the very function ``paiju play`` scored with.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

if TYPE_CHECKING:
    import numpy as np
    import pyarrow as pa

    from analysis.report import Report
    from analysis.runs import Run
    from sim.dealing import Dealing
    from sim.runner import RunSpec
    from sim.schema import Column

Progress = Callable[[int], None] | None


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported when first called: a game's ``__init__`` names its jobs, report
    and replay without importing them (``paiju games`` loads every game), and without writing a
    forwarding function for each."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"``{module}.{name}``, imported when first called."
    return call


@dataclass(frozen=True)
class Variant:
    """A named preset: overrides of the ruleset's defaults."""

    doc: str
    overrides: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Job:
    """One kind of run a game offers (``census``: deal statistics; ``play``: whole hands).

    ``columns(spec)`` is the row layout of the run (declared once per game); ``compute`` fills
    it for a range of game indices; ``warm_up`` compiles (or loads) the kernels on a tiny input;
    ``report`` folds a run into a ``Report``; ``figures`` draws its plots (``None``: none).
    ``validate(rules)`` refuses options this kind of run cannot honour (one-line ``UserError``).
    ``metrics(n_seats)``: the game's headline figures as per-hand values (``Metric``), which
    ``paiju sweep`` compares across settings hand by hand (``None``: the game has none yet).
    ``check(spec)`` refuses a run whose options (sessions, duplicate...) do not fit its rules, and
    ``sweep_check(rules)`` a sweep under these rules: both are called before any work is done.
    """

    columns: Callable[["RunSpec"], list["Column"]]
    compute: Callable[["RunSpec", int, int, Progress], "pa.Table"]
    warm_up: Callable[["RunSpec"], None]
    report: Callable[..., "Report"]
    figures: Callable[["Run", "Report"], list] | None = None
    validate: Callable[[Any], None] = lambda rules: None
    metrics: Callable[[int], list["Metric"]] | None = None
    check: Callable[["RunSpec"], None] = lambda spec: None
    sweep_check: Callable[[Any], None] = lambda rules: None


@dataclass(frozen=True)
class Metric:
    """A headline figure as a per-hand value: ``value(columns) → array`` over the hands of a batch
    (NaN where it does not apply, e.g. a 'given a bid of 3' rate in other hands); its mean over
    the hands where it applies is the figure."""

    name: str
    columns: tuple[str, ...]
    value: Callable[[Mapping[str, "np.ndarray"]], "np.ndarray"]


@dataclass(frozen=True)
class Players:
    """The players (policies) of a game's play job and the parameters ``--policy-param`` accepts."""

    names: tuple[str, ...]
    params: tuple[str, ...]
    default: str = "smart"


@dataclass(frozen=True)
class Scoring:
    """Money from raw facts: ``paiju play`` scores fresh rows and ``paiju rescore`` / ``paiju
    balance`` rescore stored ones with the same ``score``.

    ``facts(rules, n_seats)``: the columns ``score`` reads. ``score(facts, rules, n_seats)``: the
    scored columns (always ``s{k}_money``; any others it derives), each an array over hands.
    ``roles`` names the seat roles; ``seat_roles(facts, n_seats)`` gives an (n, n_seats) array of
    role codes (-1: the seat has no role in that hand). ``components(facts, scored, rules,
    n_seats)`` splits the money into named parts that add up to it (``component_labels`` says
    what each is), for the share of money each scoring rule moves. ``zero_sum``: the seats' money
    adds up to 0 in every hand.
    """

    facts: Callable[[Any, int], Sequence[str]]
    score: Callable[[Mapping[str, "np.ndarray"], Any, int], dict[str, "np.ndarray"]]
    roles: tuple[str, ...]
    role_labels: Mapping[str, str]
    seat_roles: Callable[[Mapping[str, "np.ndarray"], int], "np.ndarray"]
    components: Callable[[Mapping[str, "np.ndarray"], Mapping[str, "np.ndarray"], Any, int], dict[str, "np.ndarray"]]
    component_labels: Mapping[str, str]
    default_role: str
    zero_sum: bool = True


@dataclass(frozen=True)
class Game:
    """Everything shared code may know of one game."""

    name: str
    title: str
    rules: type  # frozen dataclass of options (sim.ruleset)
    variants: Mapping[str, Variant]
    seats: Callable[[Any], int]  # seats at the table under a ruleset
    jobs: Mapping[str, Job]  # "census" and/or "play"
    validate: Callable[[Any], None] = lambda rules: None  # cross-field checks; raises UserError
    players: Players | None = None  # play job's policies
    scoring: Scoring | None = None  # rescore and balance
    replay: Callable[["RunSpec", list, int], str] | None = None  # (spec, stored rows of the game index, game index) → text
    sessions: bool = False  # --hands-per-session (state carried from hand to hand)
    duplicate: bool = False  # --duplicate (every deal played from every seat)
    kernels: str = ""  # the kernel package it compiles ("" = its own); games sharing one warm up together
    package: str = ""  # the package it is registered as (its data files: player_ranges.json); the registry sets it
    dealing: "Dealing | None" = None  # --fix SEAT=CARDS: card notation and deal positions (sim.dealing)
    names: tuple[str, ...] = ()  # other names the command line accepts for it (its Chinese names)

    def player_ranges(self) -> dict | None:
        """The headline figures measured in self-play by each player, shipped as
        ``player_ranges.json`` in the game's package (``benchmarks/player_ranges.py`` writes it;
        ``analysis.player_range`` shows it in play reports); None where the game ships none."""
        import importlib.resources
        import json

        if not self.package:
            return None
        try:
            path = importlib.resources.files(self.package).joinpath("player_ranges.json")
            return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
        except (ModuleNotFoundError, NotADirectoryError, TypeError, OSError, ValueError):
            return None

    @property
    def engine(self) -> str:
        """Name of the compiled code this game uses (``paiju warm-up`` compiles each once)."""
        return self.kernels or self.name

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self.jobs)

    def job(self, kind: str) -> Job:
        """The job of ``kind``, or a one-line ``UserError`` saying this game has none."""
        if kind not in self.jobs:
            self.refuse(f"`paiju {kind}`")
        return self.jobs[kind]

    def refuse(self, what: str) -> None:
        """Stop with the one line that says this game does not offer ``what``."""
        from sim.errors import UserError

        offers = ", ".join(self.offers())
        raise UserError(f"{self.name} does not offer {what} (it offers: {offers})")

    def offers(self) -> list[str]:
        """What this game offers, as the CLI names it (for ``paiju games`` and error lines)."""
        out = list(self.jobs)
        if "play" in self.jobs:
            out += [name for name, has in (("replay", self.replay is not None),
                                           ("rescore", self.scoring is not None),
                                           ("balance", self.scoring is not None),
                                           ("tune", self.scoring is not None),
                                           ("sweep", self.jobs["play"].metrics is not None
                                                     and self.players is not None and bool(self.players.params)),
                                           ("--duplicate", self.duplicate),
                                           ("--fix", self.dealing is not None),
                                           ("--hands-per-session", self.sessions)) if has]
        return out
