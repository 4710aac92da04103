"""paiju from Python: run, open, report, rescore, balance and replay runs of any game.

The command line is a thin layer over these functions (one code path: a run made here and the
same run made with ``paiju`` are bit for bit the same). Everything is re-exported lazily from
``sim`` (``import sim; sim.play(...)``), so importing paiju compiles and loads nothing heavy.

Mistakes raise ``sim.PaijuError`` whose message is the one line the CLI prints; nothing is
left half-written (a run directory interrupted while computing keeps its whole part files and
can be finished with ``resume=True``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from sim.errors import PaijuError
from sim.runner import MEMORY_LIMIT
from sim.specs import (CENSUS_SHARD, PLAY_SHARD, Rules, census_spec, check_int, check_list, check_path, play_spec,
                       resolve_rules, rule_layers)

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

# --- games ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameInfo:
    """What ``sim.games()`` says of one game."""

    name: str
    title: str
    offers: tuple[str, ...]
    variants: dict[str, str]  # name → what it changes
    policies: tuple[str, ...]
    policy_params: tuple[str, ...]
    options: dict[str, Any]  # option key → default value (default variant)


def games() -> list[GameInfo]:
    """Every registered game, with its variants, players and options, as data."""
    from sim.registry import GAMES, load_game
    from sim.ruleset import flatten

    out = []
    for name in GAMES:
        g = load_game(name)
        out.append(GameInfo(name, g.title, tuple(g.offers()), {k: v.doc for k, v in g.variants.items()},
                            g.players.names if g.players else (), g.players.params if g.players else (),
                            flatten(g.rules())))
    return out


# --- running -------------------------------------------------------------------------------------


def census(game: str, n: int, *, seed: int = 0, variant: str = "default", rules: Rules = None,
           out: str | Path | None = None, threads: int | None = None, shard_size: int = CENSUS_SHARD,
           scheduler: str | None = None, workers: int | None = None, resume: bool = False,
           overwrite: bool = False, progress: bool | None = None,
           log: Callable[[str], None] | None = None, fix: Sequence[str] | None = None,
           hcp: Sequence[str] | None = None, shape: Sequence[str] | None = None) -> "Run":
    """Deal ``n`` hands of ``game`` and record every seat's hand features.

    ``fix``: ``["0=AA2B", …]`` (``--fix SEAT=CARDS``): those cards go to that seat, the rest is
    dealt uniformly from what remains (``sim.dealing``); the report's exact values are then
    conditional on them where the game has the formula. ``hcp`` / ``shape`` (games whose dealing takes constraints):
    ``["0=15..17"]`` / ``["0=5+-x-x-x"]``, dealer-program constraints met by rejection.

    With ``out`` the rows go to a run directory (Parquet parts + ``_run.json``); without it they
    stay in memory (up to ``MEMORY_LIMIT["census"]`` rows). ``progress``: a bar in a terminal or
    in Jupyter (None: when one is attached; False: never).
    """
    spec = census_spec(game, n, seed=seed, variant=variant, rules=rules, shard_size=shard_size, fix=fix, hcp=hcp,
                       shape=shape)
    return _execute(spec, out, "deals", threads, scheduler, workers, resume, overwrite, progress, log)


def play(game: str, n: int, *, seed: int = 0, variant: str = "default", rules: Rules = None,
         policy: str | Sequence[str] | None = None, policy_params: Any = None, rotate: bool = False,
         duplicate: bool = False, hands_per_session: int = 1, out: str | Path | None = None,
         threads: int | None = None, shard_size: int = PLAY_SHARD, scheduler: str | None = None,
         workers: int | None = None, resume: bool = False, overwrite: bool = False,
         progress: bool | None = None, log: Callable[[str], None] | None = None,
         fix: Sequence[str] | None = None, hcp: Sequence[str] | None = None,
         shape: Sequence[str] | None = None) -> "Run":
    """Play ``n`` whole hands of ``game`` with heuristic players and record every outcome.

    ``policy``: one policy for every seat, or one per seat (``"smart,greedy,smart,greedy"`` or a
    list). ``policy_params``: ``{"name": value}`` for every seat, a list of such dicts (one per
    seat), or CLI-style strings ``["near_out=5", "2:bomb_points=30"]``. ``rotate`` turns the
    players round the table from hand to hand; ``duplicate`` plays every deal from every seat
    (``n`` counts hands); ``hands_per_session`` for games whose hands carry state to the next.
    ``out``, ``progress`` as for ``census`` (in memory up to ``MEMORY_LIMIT["play"]`` hands).
    ``fix``, ``hcp``, ``shape``: given hands, as for ``census`` (the odds given a hand).
    """
    spec = play_spec(game, n, seed=seed, variant=variant, rules=rules, policy=policy, policy_params=policy_params,
                     rotate=rotate, duplicate=duplicate, hands_per_session=hands_per_session,
                     shard_size=shard_size, fix=fix, hcp=hcp, shape=shape)
    return _execute(spec, out, "hands", threads, scheduler, workers, resume, overwrite, progress, log)


def resume(path: str | Path, *, threads: int | None = None, progress: bool | None = None,
           log: Callable[[str], None] | None = None) -> "Run":
    """Finish an interrupted run directory with the arguments it was started with (its
    ``_run.json``: game, kind, variant, ruleset, seed, n, shards, players); a complete run is
    returned as it is. ``threads`` may differ: the rows do not depend on it."""
    from sim.registry import load_game, rules_from_manifest
    from sim.runner import RunSpec
    from sim.writer import read_manifest

    out = Path(path)
    manifest = read_manifest(out)
    if is_complete(out, manifest):
        return open_run(out)
    if manifest.get("rescored_from"):
        raise PaijuError(f"{str(out)!r} is a rescored run: rescore it again instead of resuming it")
    g = load_game(manifest["game"])
    if manifest["variant"] not in g.variants:
        raise PaijuError(f"cannot resume {str(out)!r}: {g.name} has no variant {manifest['variant']!r} any more")
    ruleset = rules_from_manifest(g, manifest["ruleset"])
    spec = RunSpec(g.name, manifest["kind"], manifest["variant"], ruleset, int(manifest["seed"]), int(manifest["n"]),
                   int(manifest["shard_size"]), dict(manifest.get("options") or {}))
    unit = "deals" if spec.kind == "census" else "hands"
    return _execute(spec, out, unit, threads, None, None, True, False, progress, log)


def is_complete(out: Path, manifest: Mapping[str, Any]) -> bool:
    """Whether a run directory holds its whole run: marked complete, and every part file there."""
    from sim.writer import completed_shards

    n_shards = int(manifest.get("n_shards", 0))
    return manifest.get("status") == "complete" and completed_shards(out) >= set(range(n_shards))


def _progress(enabled: bool | None, label: str, unit: str):
    """A progress bar when asked (True), never (False), or when a terminal or Jupyter shows it."""
    from sim.progress import Progress

    if enabled is None:
        enabled = sys.stderr.isatty() or _in_jupyter()
    return Progress(label, unit) if enabled else None


def _in_jupyter() -> bool:
    shell = sys.modules.get("IPython")
    try:
        return shell is not None and type(shell.get_ipython()).__name__ == "ZMQInteractiveShell"
    except AttributeError:
        return False


def _execute(spec, out, unit: str, threads, scheduler, workers, resume: bool, overwrite: bool, progress,
             log) -> "Run":
    """Run ``spec`` locally, on Dask or in memory; the opened run."""
    from sim.runner import run_local
    from sim.stored import run_in_memory

    log = log or (lambda s: print(s, file=sys.stderr))
    out = check_path(out, "out")
    if threads is not None:
        check_int(threads, "--threads")
    if workers is not None:
        check_int(workers, "--workers")
    if scheduler is not None and workers is not None:
        raise PaijuError("--scheduler and --workers cannot be used together")
    if workers is not None and workers < 1:
        raise PaijuError(f"--workers must be at least 1; got {workers}")
    bar = _progress(progress, f"{spec.kind} {spec.game}", unit)
    if out is None:
        if scheduler is not None or workers is not None or resume:
            raise PaijuError("a run on Dask or resumed needs a run directory: give out=")
        if spec.n > MEMORY_LIMIT[spec.kind]:
            raise PaijuError(f"{spec.n:,} {unit} is more than a run keeps in memory ({MEMORY_LIMIT[spec.kind]:,}); "
                             "give out= a run directory")
        return Run(run_in_memory(spec, threads=threads, progress=bar, log=log))
    out = Path(out)
    if scheduler is not None or workers is not None:
        from sim.dask_backend import run_dask  # imports dask only now

        run_dask(spec, out, resume=resume, overwrite=overwrite, scheduler=scheduler, workers=workers,
                 threads_per_worker=threads, progress=bar, log=log)
    else:
        try:
            run_local(spec, out, resume=resume, overwrite=overwrite, threads=threads, progress=bar, log=log)
        except KeyboardInterrupt:
            if bar:
                bar.stop()
            if not (out / "_run.json").is_file():  # stopped while compiling: no run was started
                raise PaijuError(f"interrupted before any hand was written; nothing was kept in {out}") from None
            raise PaijuError(f"interrupted; the shards written so far are kept: `paiju resume {out}` "
                             f"(sim.resume in Python) finishes it") from None
    return open_run(out)


def sweep(game: str, n: int, param: str, values: Sequence[Any], *, seed: int = 0, out: str | Path | None = None,
          overwrite: bool = False, **play_args) -> "Sweep":
    """Play the same ``n`` deals once per value of the policy parameter ``param`` (for every seat;
    ``"2:near_out"`` for one seat) and compare the game's headline figures hand by hand.

    ``play_args`` are those of ``play`` (variant, rules, policy, rotate...); every run has the same
    ``seed``, so hand ``g`` is the same deal under every setting. With ``out`` each run is kept
    as a run directory ``out/<param>=<value>``.
    """
    from sim.registry import load_game

    g = load_game(game)
    job = g.job("play")
    if g.players is None or not g.players.params:
        g.refuse("`paiju sweep` (its players have no parameters to sweep)")
    if job.metrics is None:
        g.refuse("`paiju sweep` (no headline figures declared yet)")
    values = check_list(values, "values")
    if len(values) < 2:
        raise PaijuError(f"a sweep needs at least two values of {param}; got {len(values)}")
    if "policy_params" in play_args:
        raise PaijuError("a sweep sets the policy parameter itself: leave policy_params out")
    name = param.split(":", 1)[-1]
    out = check_path(out, "out")
    plan = [(f"{name}={value}", None if out is None else out / f"{name}={value}".replace(":", "_"),
             dict(play_args, policy_params=[f"{param}={value}"])) for value in values]
    settings, runs = _sweep_runs(game, n, seed, plan, overwrite)
    from analysis.sweep import sweep_report

    seats = g.seats(resolve_rules(g, play_args.get("variant", "default"), play_args.get("rules")))
    return Sweep(sweep_report(game, param, settings, runs, job.metrics(seats)), runs)


def sweep_players(game: str, n: int, players: Sequence[str], *, seed: int = 0, out: str | Path | None = None,
                  overwrite: bool = False, **play_args) -> "Sweep":
    """Play the same ``n`` deals once per player in ``players``, every seat that player (self-play),
    and compare the game's headline figures hand by hand: how much the rates owe to the players.

    ``play_args`` are those of ``play`` (variant, rules, policy_params...) except ``policy``;
    with ``out`` each run is kept as ``out/players=<player>``.
    """
    from sim.registry import load_game

    g = load_game(game)
    job = g.job("play")
    if g.players is None:
        g.refuse("`paiju sweep --players` (it has no players to choose)")
    if job.metrics is None:
        g.refuse("`paiju sweep` (no headline figures declared yet)")
    if "policy" in play_args or "rotate" in play_args:
        raise PaijuError("a players sweep seats one player everywhere: leave policy and rotate out")
    players = check_list(players, "players")
    if not players:
        raise PaijuError("--players needs at least one player")
    seats = g.seats(resolve_rules(g, play_args.get("variant", "default"), play_args.get("rules")))
    unknown = [p for p in players if p not in g.players.names]
    if unknown:
        from sim.errors import did_you_mean

        raise PaijuError(f"--players: {game} has no player {unknown[0]!r}{did_you_mean(unknown[0], g.players.names)}; "
                         f"its players: {', '.join(g.players.names)}")
    out = check_path(out, "out")
    plan = [(f"players={player}", None if out is None else out / f"players={player}", dict(play_args, policy=player))
            for player in players]
    settings, runs = _sweep_runs(game, n, seed, plan, overwrite)
    from analysis.sweep import sweep_report

    return Sweep(sweep_report(game, "players", settings, runs, job.metrics(seats)), runs)


_SPEC_ARGS = ("variant", "rules", "policy", "policy_params", "rotate", "duplicate", "hands_per_session", "shard_size",
              "fix", "hcp", "shape")


def _sweep_runs(game: str, n: int, seed: int, plan: list, overwrite: bool) -> tuple[list, list]:
    """Play each ``(label, out, play args)`` of a sweep's ``plan``: (labels, runs). Every setting
    is checked first — its options, the game's refusal of a sweep under its rules, its output
    directory — so a sweep that cannot finish stops before the first hand is played."""
    from sim.registry import load_game
    from sim.writer import check_output

    job = load_game(game).job("play")
    for _, where, args in plan:
        spec = play_spec(game, n, seed=seed, **{k: v for k, v in args.items() if k in _SPEC_ARGS})
        job.sweep_check(spec.rules)
        if args.get("threads") is not None:
            check_int(args["threads"], "--threads")
        if where is not None:
            check_output(where, resume=False, overwrite=overwrite)
    runs = [play(game, n, seed=seed, out=where, overwrite=overwrite, **args) for _, where, args in plan]
    return [label for label, _, _ in plan], runs


@dataclass(frozen=True)
class Sweep:
    """The headline figures of a game under each setting of a policy parameter (``sim.sweep``)."""

    report: Any  # analysis.sweep.SweepReport
    runs: list

    def to_pandas(self) -> "pd.DataFrame":
        import pandas as pd

        return pd.DataFrame([{"section": sec.title, "setting": s.setting, "statistic": s.name, "estimate": s.estimate,
                              "ci_low": s.ci_low, "ci_high": s.ci_high, "n": s.n}
                             for sec in self.report.sections for s in sec.stats])

    def __str__(self) -> str:
        return self.report.to_text()

    def _repr_markdown_(self) -> str:
        return self.report.to_markdown()


def sweep_rules(game: str, n: int, *, variants: Sequence[str] | None = None, set: Mapping[str, Sequence[Any]] | None = None,
                seed: int = 0, out: str | Path | None = None, overwrite: bool = False, **play_args) -> "Sweep":
    """Play the same ``n`` deals under each rule setting — every variant of ``variants`` times every
    value of each ``set`` option (``{"bomb_factor": [2, 4]}``) — and compare the game's headline
    figures hand by hand (``paiju sweep GAME --variant a,b --set KEY=x,y``).

    ``play_args`` are those of ``play`` (rules applied under every setting, policy, rotate...);
    every run has the same ``seed``, so hand ``g`` is dealt from the same random stream under every
    setting. With ``out`` each run is kept as ``out/<setting>``.
    """
    import itertools
    import math

    from sim.registry import load_game

    g = load_game(game)
    job = g.job("play")
    if job.metrics is None:
        g.refuse("`paiju sweep` (no headline figures declared yet)")
    if "variant" in play_args:
        raise PaijuError("a rules sweep sets the variant itself: give variants=[...]")
    variants = list(variants or [])
    options = {k: list(v) for k, v in (set or {}).items()}
    axes = ([("variant", variants)] if variants else []) + list(options.items())
    if not axes or math.prod(len(v) for _, v in axes) < 2:
        raise PaijuError("a rules sweep needs at least two settings: --variant a,b or --set KEY=x,y")
    base = rule_layers(play_args.pop("rules", None))
    plan = []
    for combo in itertools.product(*(v for _, v in axes)):
        chosen = dict(zip((k for k, _ in axes), combo))
        variant = chosen.pop("variant", "default")
        label = ", ".join(([f"variant={variant}"] if variants else []) + [f"{k}={v}" for k, v in chosen.items()])
        plan.append((label, variant, base + ([chosen] if chosen else [])))
    seats = {g.seats(resolve_rules(g, v, layers)) for _, v, layers in plan}  # every setting checked before play
    if len(seats) > 1:
        raise PaijuError(f"the settings seat different numbers of players ({', '.join(map(str, sorted(seats)))}); "
                         "a sweep compares the same deals, so sweep settings with one table size")
    out = check_path(out, "out")
    plan = [(label, None if out is None else out / label.replace(", ", ",").replace(":", "_"),
             dict(play_args, variant=variant, rules=layers)) for label, variant, layers in plan]
    settings, runs = _sweep_runs(game, n, seed, plan, overwrite)
    from analysis.sweep import sweep_report

    name = " × ".join(k for k, _ in axes)
    return Sweep(sweep_report(game, name, settings, runs, job.metrics(seats.pop())), runs)


# --- runs ----------------------------------------------------------------------------------------


def open_run(path: str | Path) -> "Run":
    """A run directory written by ``census`` / ``play`` (or the CLI); one line if its manifest
    is not one this paiju can read. Every read of it verifies page checksums and the columns'
    declared ranges (``sim.stored``)."""
    from sim.stored import open_stored

    if not isinstance(path, (str, Path)):
        raise PaijuError(f"open_run needs the path of a run directory; got {type(path).__name__}")
    return Run(open_stored(path))


@dataclass(frozen=True)
class Run:
    """A run on disk or in memory: its rows, manifest, report, rescoring, balance and replay."""

    _run: Any = field(repr=False)  # analysis.runs.Run

    def __repr__(self) -> str:
        where = "in memory" if self.path is None else str(self.path)
        return f"Run({self.game!r}, {self.kind!r}, {self.n_rows:,} rows, {where})"

    @property
    def path(self) -> Path | None:
        from analysis.runs import IN_MEMORY

        return None if self._run.path == IN_MEMORY else self._run.path

    @property
    def manifest(self) -> dict:
        return dict(self._run.manifest)

    @property
    def game(self) -> str:
        return self._run.game

    @property
    def kind(self) -> str:
        return self._run.kind

    @property
    def n_rows(self) -> int:
        return self._run.n_rows

    def to_arrow(self, columns: Sequence[str] | None = None) -> "pa.Table":
        """The rows (or some columns) as a pyarrow table, ordered by ``game_index``."""
        if columns is not None:
            columns = check_list(columns, "columns")
        return self._run.to_table(columns).sort_by("game_index") \
            if columns is None or "game_index" in columns else self._ordered(columns)

    def _ordered(self, columns):
        table = self._run.to_table(list(columns) + ["game_index"])
        return table.sort_by("game_index").drop_columns(["game_index"])

    def to_pandas(self, columns: Sequence[str] | None = None) -> "pd.DataFrame":
        return self.to_arrow(columns).to_pandas()

    def report(self, format: str = "table", out: str | Path | None = None, seats: bool = False):
        """The game's report of this run (an ``analysis.report.Report``; print it, or display it in
        Jupyter). With ``out`` it is also written: ``table`` as text, ``md`` with its plots as
        PNGs beside it, ``html`` as one self-contained file."""
        return self.write_report(format, out, seats)[0]

    def write_report(self, format: str = "table", out: str | Path | None = None, seats: bool = False):
        """(report, plots drawn, paths written): ``report`` and what it wrote."""
        from analysis.render import check_out, write_report
        from sim.reports import build_report

        if format not in ("table", "md", "html", "csv", "json"):
            raise PaijuError(f"--format must be 'table', 'md', 'html', 'csv' or 'json'; got {format!r}")
        if format == "html" and out is None:
            raise PaijuError("--format html needs --out FILE (one self-contained HTML file)")
        out = check_path(out, "out")
        if out is not None and format in ("md", "html"):
            check_out(out, format)  # before the (long) pass over the run
        rep = build_report(self._run, seats=seats)
        if out is None:
            return rep, 0, []
        if format in ("table", "csv", "json"):
            from analysis.render import write_text
            from analysis.render_data import render_data

            write_text(out, rep.to_text() if format == "table" else render_data(rep, format))
            return rep, 0, [Path(out)]
        from sim.reports import figures

        figs = figures(self._run, rep)
        return rep, len(figs), write_report(rep, figs, Path(out), format)

    def design(self) -> "pd.DataFrame":
        """The design figures of a play run (the report's Design section) as a table: seat and role
        edge, skill, luck, match shape and tail, each with its 95% interval and n."""
        import pandas as pd

        from analysis.design import design_section
        from sim.reports import game_of, skill_match
        from sim.rescore import source_rules

        sec = design_section(source_rules(self._run, "design"), skill=skill_match(self._run, game_of(self._run)))
        return pd.DataFrame([{"statistic": s.name, "estimate": s.estimate, "ci_low": s.ci_low,
                              "ci_high": s.ci_high, "n": s.n} for s in sec.stats])

    def figures(self, report=None) -> list:
        """The game's plots of this run (``analysis.plots.Figure``: title, caption, PNG bytes)."""
        from sim.reports import figures

        return figures(self._run, report if report is not None else self.report())

    def rescore(self, rules: Rules, out: str | Path | None = None, overwrite: bool = False) -> "Run":
        """Every scored column recomputed under other scoring options (``rules`` as for ``play``:
        a mapping, a TOML path, or a list of them; play options are refused), without replaying."""
        from sim.rescore import rescore_memory, rescore_run
        from sim.stored import open_memory

        layers = [layer if isinstance(layer, tuple) else  # (origin, mapping): the CLI names each layer
                  (f"rules file {str(layer)!r}" if isinstance(layer, (str, Path)) else "the rules", _mapping(layer))
                  for layer in rule_layers(rules)]
        out = check_path(out, "out")
        if out is None:
            table, manifest = rescore_memory(self._run, layers)
            return Run(open_memory(table, manifest))
        if self.path is None:
            raise PaijuError("rescoring an in-memory run writes it in memory: leave out=None, or run it with out=")
        rescore_run(self._run, Path(out), layers, overwrite=overwrite)
        return open_run(out)

    def balance(self, scenarios: Any = None, role: str | None = None) -> "Balance":
        """Money by role and seat, the share each scoring component moves, and the differences of
        scenarios (each a TOML path, a ``{name: options}`` mapping, or ``analysis.balance.Scenario``;
        the first is the reference)."""
        from sim.rescore import balance_run as balance

        return Balance(balance(self._run, _scenarios(scenarios), role=role))

    def tune(self, vary: Sequence[str], target: Sequence[str] = (), constraint: Sequence[str] = (),
             minimise: str | None = None, maximise: str | None = None, **options) -> Any:
        """The scoring settings that meet the goals, found by rescoring this run's hands (``sim.tune``);
        ``vary``: ``["bomb_factor=1..4", "spring_factor=1,2,4"]``; goals over the run's figures, e.g.
        ``target=["money.seat0=0"]``, ``constraint=["share.f_bombs<=0.3"]``, ``minimise="sd"``.
        ``options``: ``budget``, ``seed``, ``holdout``, ``confirm_seed``, ``replay`` with ``n``, ``threads``."""
        from sim.tuning import tune

        return tune(self._run, list(vary), list(target), list(constraint), minimise, maximise, **options)

    def replay(self, game_index: int) -> str:
        """One stored hand, move by move (re-simulated from the run's seed, checked against its row)."""
        from sim.replay import replay_run

        return replay_run(self._run, check_int(game_index, "game_index"))


def _mapping(layer) -> Mapping:
    from sim.ruleset import load_toml

    if isinstance(layer, (str, Path)):
        return load_toml(layer)
    if not isinstance(layer, Mapping):
        raise PaijuError(f"scoring options must be a mapping or a TOML path; got {type(layer).__name__}")
    return layer


def _scenarios(value: Any) -> list:
    from analysis.balance import Scenario
    from sim.rescore import load_scenario

    if value is None:
        return []
    if isinstance(value, Mapping):
        return [Scenario(str(name), _mapping(v), f"scenario {name!r}") for name, v in value.items()]
    out = []
    for k, v in enumerate(check_list(value, "scenarios"), 1):
        if isinstance(v, Scenario):
            out.append(v)
        elif isinstance(v, Mapping):  # a list of option mappings: scenarios 1, 2, … in order
            out.append(Scenario(f"scenario{k}", v, f"scenario {k}"))
        elif isinstance(v, (str, Path)):
            out.append(load_scenario(v))
        else:
            raise PaijuError(f"scenario {k} must be a TOML path, a mapping of options or a Scenario; "
                             f"got {type(v).__name__}")
    return out


@dataclass(frozen=True)
class Balance:
    """The balance of a play run under scoring scenarios (``Run.balance``)."""

    report: Any  # analysis.balance.BalanceReport

    def to_pandas(self) -> "pd.DataFrame":
        """One row per statistic: section, scenario, statistic, seat, estimate, CI, SD, n."""
        import pandas as pd

        rows = [{"section": sec.title, "scenario": getattr(s, "scenario", ""), "statistic": s.name, "seat": s.seat,
                 "estimate": s.estimate, "ci_low": s.ci_low, "ci_high": s.ci_high, "sd": getattr(s, "sd", None),
                 "n": s.n} for sec in self.report.sections for s in sec.stats]
        return pd.DataFrame(rows)

    def to_markdown(self) -> str:
        return self.report.to_markdown()

    def __str__(self) -> str:
        return self.report.to_text()

    def _repr_markdown_(self) -> str:
        return self.to_markdown()


def tune(run: "str | Path | Run", vary: Sequence[str], target: Sequence[str] = (), constraint: Sequence[str] = (),
         minimise: str | None = None, maximise: str | None = None, **options) -> Any:
    """``Run.tune`` of the run at ``run`` (a path or an opened ``Run``): a ``sim.tuning.Tuned`` with
    ``best``, ``feasible``, ``report``, ``figures()`` and ``to_pandas()``."""
    run = run if isinstance(run, Run) else open_run(run)
    return run.tune(vary, target, constraint, minimise, maximise, **options)


__all__ = ["Balance", "GameInfo", "PaijuError", "Run", "Sweep", "census", "games", "open_run", "play", "resume", "sweep",
           "sweep_rules", "tune"]

