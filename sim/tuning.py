"""``paiju tune``: the glue between a play run, its game and the tuner (``analysis.tune``); ``sim.tune``
(``sim.api.tune``) and ``Run.tune`` call ``tune`` here.

``model(run)`` loads the run's raw facts once and hands the tuner the game's scoring (its
``Scoring``) and headline figures (``Job.metrics``) as plain callables, so every candidate is a
rescoring of the same hands (nothing is replayed). ``tune(...)`` parses the options, refuses
with one line what cannot be tuned (a play option without ``replay``, an unknown key or figure),
and, with ``confirm_seed``, plays a fresh run of the same players and rules with that seed to
check the answer on. With ``replay`` the options may change play: each candidate plays the same
deals (the run's seed: common random numbers), and successive halving drops the worse half of
the candidates each round while doubling the hands, so the budget goes to the close ones.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any, Mapping, Sequence

import numpy as np

from analysis import tune as lib
from analysis import tune_report
from sim.errors import PaijuError


def _one_line(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except lib.TuneError as exc:
        raise PaijuError(str(exc)) from None


# --- the run's hands as a tuner model ------------------------------------------------------------


def source_rules(run, what: str = "tune"):
    """The play run's game, ruleset and columns (``sim.rescore.source_rules``, with ``what`` in its refusals)."""
    from sim.rescore import source_rules as source

    return source(run, what)


def _rules_for(source, base_rules, settings: Mapping[str, Any], scoring_only: bool = True):
    from sim.ruleset import apply_overrides

    rules = apply_overrides(base_rules, dict(settings), scoring_only=scoring_only)
    source.game.validate(rules)
    return rules


MAX_ROWS = 20_000_000  # rows a tune holds in memory (a few columns each); --hands N tunes on fewer


def model(run, source=None, extra_rules: Sequence[Any] = (), hands: int | None = None) -> lib.Model:
    """A tuner model of the play run ``run`` (``analysis.runs.Run``): its raw facts (those the
    scoring reads under the run's ruleset and under each of ``extra_rules``), its game indices,
    and its game's scoring and headline figures; with ``hands``, only game indices below it."""
    source = source or source_rules(run, "tune")
    game, sc, n = source.game, source.scoring, source.n_seats
    facts = sorted(set().union(*(source.fact_columns(r) for r in [source.rules, *extra_rules])))
    missing = [c for c in facts if c not in run.columns]
    if missing:
        raise PaijuError(f"run {run.path} lacks the raw-fact column(s) {', '.join(missing[:5])}: cannot tune on it")
    metrics = game.job("play").metrics
    metrics = metrics(n) if metrics is not None else []
    metric_cols = sorted({c for m in metrics for c in m.columns if c in run.columns})
    cols = sorted(set(facts) | set(metric_cols) | {"game_index"})
    if hands is not None:
        import pyarrow.dataset as ds

        if hands < 4:
            raise PaijuError(f"--hands must be at least 4; got {hands}")
        table = run.to_table(cols, filter=ds.field("game_index") < hands)
    else:
        if run.n_rows > MAX_ROWS:
            raise PaijuError(f"run {run.path} has {run.n_rows:,} rows, more than a tune holds in memory "
                             f"({MAX_ROWS:,}); tune on its first hands with --hands N")
        table = run.to_table(cols)
    table = table.sort_by("game_index")
    batch = table.combine_chunks().to_batches()[0] if table.num_rows else None
    if batch is None:
        raise PaijuError(f"run {run.path} holds no hands to tune on")
    columns = source.facts(batch, source.rules) if not extra_rules else \
        {k: v for r in [source.rules, *extra_rules] for k, v in source.facts(batch, r).items()}
    raw = {c: table.column(c).to_numpy(zero_copy_only=False) for c in metric_cols}
    cache: dict[tuple, Any] = {}

    def rules_of(settings):
        key = tuple(sorted(settings.items()))
        if key not in cache:
            cache[key] = _rules_for(source, source.rules, settings)
        return cache[key]

    def score(cols, settings):
        rules = rules_of(settings)
        scored = sc.score(cols, rules, n)
        money = np.stack([np.asarray(scored[f"s{k}_money"], np.float64) for k in range(n)], axis=1)
        return money, lambda: sc.components(cols, scored, rules, n), scored  # components only for share.X

    names = lib.Names(tuple(sc.roles), n, tuple(sc.component_labels), tuple(m.name for m in metrics))
    duplicate = bool((run.manifest.get("options") or {}).get("duplicate"))
    return lib.Model(columns, np.asarray(table.column("game_index").to_numpy(), np.int64), names,
                     lambda cols: np.asarray(sc.seat_roles(cols, n)), score,
                     {m.name: m.value for m in metrics}, raw, n if duplicate else 1)


# --- options -------------------------------------------------------------------------------------


def _kinds(rules_cls) -> tuple[dict[str, str], dict[str, bool]]:
    """Every option's kind for ``--vary`` (int / float / other) and whether it is a scoring option."""
    from sim.ruleset import field_info

    kinds, scoring = {}, {}
    for key, (t, is_scoring, _) in field_info(rules_cls).items():
        kinds[key] = "int" if t is int else "float" if t is float else "other"
        scoring[key] = is_scoring
    return kinds, scoring


def parse_varies(texts: Sequence[str], rules, replay: bool) -> list[lib.Vary]:
    """The ``--vary`` options, each checked against the game's options; a play option is refused
    unless ``replay`` (rescoring cannot change how the hands were played)."""
    from sim.ruleset import apply_overrides, flatten

    kinds, scoring = _kinds(type(rules))

    def check(key, value):
        return flatten(apply_overrides(rules, {key: value}))[key]

    out = []
    for text in texts:
        key = text.split("=", 1)[0].strip()
        if "=" in text and key not in kinds:
            listed = sorted(k for k in kinds if scoring[k] or replay)
            raise PaijuError(f"--vary: {key!r} is not an option of this game{lib._suggest(key, list(kinds))} "
                             f"({'options' if replay else 'scoring options'}: {', '.join(listed)})")
        v = _one_line(lib.parse_vary, text, kinds, _checked(check, text))
        if not replay and not scoring[v.key]:
            raise PaijuError(f"--vary {v.key}: {v.key} changes how the game is played, not only its scoring, so "
                             "stored hands cannot be rescored under it; tune it with --replay -n N (plays the same "
                             "deals under each setting)")
        out.append(v)
    return out


def _checked(check, text):
    def run(key, value):
        try:
            return check(key, value)
        except PaijuError as exc:
            raise lib.TuneError(f"--vary {text}: {exc}") from None

    return run


def parse_goals(names: lib.Names, target=(), constraint=(), minimise=None, maximise=None) -> list[lib.Goal]:
    goals = [_one_line(lib.parse_goal, t, "target", names) for t in target or ()]
    goals += [_one_line(lib.parse_goal, t, "constraint", names) for t in constraint or ()]
    if minimise:
        goals.append(_one_line(lib.parse_goal, minimise, "minimise", names))
    if maximise:
        goals.append(_one_line(lib.parse_goal, maximise, "maximise", names))
    return goals


# --- the answer ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Tuned:
    """What ``sim.tune`` returns: the tuner's ``result`` (``analysis.tune.Result``) and its report."""

    result: Any
    report: Any
    rounds: list = dataclasses.field(default_factory=list)  # --replay: (round, hands, candidate, objective)

    @property
    def best(self) -> dict | None:
        """The chosen settings (None when nothing satisfies the constraints)."""
        return None if self.result.best is None else dict(self.result.best.settings)

    @property
    def feasible(self) -> bool:
        return self.result.feasible

    def figures(self) -> list:
        """The plots (``analysis.plots.Figure``): each goal against each varied option, the front."""
        return tune_report.figures(self.result)

    def write(self, out, format: str = "md") -> list:
        """Write the report to ``out``: ``table`` as text, ``md`` with its plots as PNGs beside it,
        ``html`` as one self-contained file; the paths written."""
        from pathlib import Path

        from analysis.render import check_report_out, write_report, write_text

        check_report_out(format, out)
        if format == "table":
            write_text(out, self.report.to_text())
            return [Path(out)]
        return write_report(self.report, self.figures(), Path(out), format)

    def to_pandas(self):
        """One row per candidate and goal: settings, goal, estimate, CI, feasible, objective."""
        import pandas as pd

        rows = []
        for c in self.result.search.candidates:
            for g, lhs in zip(self.result.goals, c.lhs):
                lo, hi = lhs.ci
                rows.append({**c.settings, "goal": g.text, "figure": str(g.lhs), "estimate": lhs.value,
                             "ci_low": lo, "ci_high": hi, "feasible": c.feasible,
                             "objective": None if c.objective is None else c.objective.value,
                             "chosen": c is self.result.best})
        return pd.DataFrame(rows)

    def __str__(self) -> str:
        return self.report.to_text()

    def _repr_markdown_(self) -> str:
        return self.report.to_markdown()


def fresh_run(run, seed: int, n: int | None = None, rules=None, threads: int | None = None):
    """The run's players and rules played again in memory with ``seed`` (``n`` hands: the run's own
    count by default), as an ``analysis.runs.Run``."""
    from sim.stored import run_in_memory, spec_from_manifest

    game, spec = spec_from_manifest(run.manifest)
    n = spec.n if n is None else n
    unit = game.seats(spec.rules) if spec.options.get("duplicate") else int(spec.options.get("hands_per_session", 1))
    n = max(unit, (n // unit) * unit)
    spec = dataclasses.replace(spec, seed=seed, n=n, shard_size=min(spec.shard_size, n),
                               rules=spec.rules if rules is None else rules)
    return run_in_memory(spec, threads=threads)


def tune(run, vary: Sequence[str], target: Sequence[str] = (), constraint: Sequence[str] = (),
         minimise: str | None = None, maximise: str | None = None, *, budget: int = lib.GRID_MAX, seed: int = 0,
         holdout: bool = True, confirm_seed: int | None = None, replay: bool = False, n: int | None = None,
         threads: int | None = None, hands: int | None = None) -> Tuned:
    """Search the scoring options ``vary`` (``["bomb_factor=1..4", "spring_factor=1,2,4"]``) of the
    play run ``run`` (``analysis.runs.Run``) for the settings that meet the goals, by rescoring its
    hands; see ``analysis.tune``. ``replay``: search options that change play by playing ``n`` hands
    per candidate (successive halving). ``hands``: tune on the run's first game indices only."""
    from analysis.runs import RunError

    source = source_rules(run, "tune")
    if not run.complete:
        raise RunError(f"run {run.path} is not complete; finish it with `paiju play --resume` first")
    varies = parse_varies(list(vary or []), source.rules, replay)
    if not varies:
        raise PaijuError("give at least one --vary KEY=LO..HI[:STEP] or KEY=v1,v2,…")
    from sim.ruleset import flatten

    own = flatten(source.rules)
    base = {v.key: own[v.key] for v in varies}
    if replay:
        if hands is not None:
            raise PaijuError("--hands picks stored hands to rescore; with --replay, -n sets the hands played")
        if confirm_seed is not None and confirm_seed == run.manifest.get("seed"):
            raise PaijuError(f"--confirm-seed {confirm_seed} is the run's own seed; fresh deals need another seed")
        return _tune_replay(run, source, varies, target, constraint, minimise, maximise, base, budget, n, threads,
                            confirm_seed)
    if n is not None:
        raise PaijuError("-n is the hands per candidate of --replay; a rescoring tune uses the run's own hands")
    edges = [{v.key: x} for v in varies for x in ([v.lo, v.hi] if v.continuous else v.values[:1] + v.values[-1:])]
    extra = [_rules_for(source, source.rules, e) for e in edges]
    m = model(run, source, extra, hands)
    goals = parse_goals(m.names, target, constraint, minimise, maximise)
    confirm = []
    if confirm_seed is not None:
        if confirm_seed == run.manifest.get("seed"):
            raise PaijuError(f"--confirm-seed {confirm_seed} is the run's own seed; a fresh run needs another seed")
        from sim.runner import MEMORY_LIMIT

        fresh = fresh_run(run, confirm_seed, min(hands or m.n_rows, int(run.manifest["n"]), MEMORY_LIMIT["play"]),
                          threads=threads)
        confirm.append((f"fresh run, seed {confirm_seed}", model(fresh, source_rules(fresh, "tune"), extra)))
    result = _one_line(lib.tune, m, varies, goals, base=base, budget=budget, seed=seed, holdout=holdout,
                       confirm=confirm)
    summary = [f"run {run.path}: {m.n_rows:,} hands of {run.game}, seed {run.manifest.get('seed')}; every "
               "candidate rescores the same stored hands (nothing is replayed)"]
    return Tuned(result, tune_report.report(result, f"Tune of {run.path.name}", summary))


# --- play options: successive halving over replays -----------------------------------------------


def _tune_replay(run, source, varies, target, constraint, minimise, maximise, base, budget, n, threads,
                 confirm_seed=None):
    """Successive halving: every live candidate plays the same first ``n0`` deals; the better half
    (by the objective on those deals) goes on to twice the deals, until one is left or the next
    round would pass ``n`` hands; the last round's candidates are the answer's. With
    ``confirm_seed`` the chosen setting plays ``n`` fresh deals of that seed as the check."""
    if n is None or n < 8:
        raise PaijuError("--replay needs -n N, the most hands one candidate plays (at least 8)")
    if any(v.continuous for v in varies):
        raise PaijuError("--replay plays a list of settings: give each --vary a STEP or a list of values")
    import itertools

    settings = [dict(zip((v.key for v in varies), combo)) for combo in itertools.product(*(v.values for v in varies))]
    if len(settings) > budget:
        raise PaijuError(f"--replay: {len(settings)} settings is more than --budget {budget}; narrow the --vary")
    for s in settings:
        _rules_for(source, source.rules, s, scoring_only=False)  # refuse a bad combination before playing
    rounds_n = max(1, int(math.floor(math.log2(len(settings))))) if len(settings) > 1 else 1
    n0 = max(8, n >> (rounds_n - 1)) if len(settings) > 1 else n
    alive, hands, rounds, goals, round_no = settings, n0, [], None, 0
    while True:
        hands, round_no = min(hands, n), round_no + 1
        scored = []
        for s in alive:
            fresh = fresh_run(run, int(run.manifest.get("seed", 0)), hands,
                              _rules_for(source, source.rules, s, scoring_only=False), threads)
            m = model(fresh, source_rules(fresh, "tune"))
            if goals is None:
                goals = parse_goals(m.names, target, constraint, minimise, maximise)
            c = lib.score_candidate(m.sample(), {}, goals)  # {}: the fresh run's own rules, the candidate's
            c.settings = dict(s)
            scored.append(c)
            rounds.append((round_no, hands, c.label(), math.nan if c.objective is None else c.objective.value,
                           c.feasible))
        ranked = sorted(scored, key=lambda c: (not c.feasible, c.objective.value if c.objective else 0.0))
        if len(alive) == 1 or hands >= n:
            break
        alive = [c.settings for c in ranked[:max(1, math.ceil(len(alive) / 2))]]
        hands *= 2
    search = lib.Search(f"successive halving over {len(settings)} setting(s), replaying the same deals "
                        f"(seed {run.manifest.get('seed')}), {n0:,} hands doubling to {hands:,}", scored)
    ranked = search.ranked()
    best = ranked[0] if ranked else None
    problems = []
    if best is None:
        problems.append("no setting of the last round satisfies the constraints")
    else:
        for g, d in zip(goals, best.gaps):
            if g.kind == "target" and not lib.met(g, d):
                problems.append(f"target {g.text} is not met within its 95% interval (best {best.label()}: "
                                f"lhs − rhs = {d.value:.4g} [{d.ci[0]:.4g}, {d.ci[1]:.4g}])")
    checks = []
    if best is not None and confirm_seed is not None:
        fresh = fresh_run(run, confirm_seed, hands, _rules_for(source, source.rules, best.settings, scoring_only=False),
                          threads)
        c = lib.score_candidate(model(fresh, source_rules(fresh, "tune")).sample(), {}, goals)
        checks.append(lib.Check(f"fresh deals, seed {confirm_seed}", c.lhs[0].lin.size, c.lhs, c.gaps))
    result = lib.Result(list(varies), goals, search, "the same deals, replayed per setting", hands, best,
                        ranked[1] if len(ranked) > 1 else None, checks, problems, base)
    total = sum(r[1] for r in rounds)
    summary = [f"run {run.path}: its game, players and rules, with each candidate's play options; {total:,} hands "
               f"played in all ({len(settings)} settings)",
               "rounds: " + "; ".join(f"round {r}: {h:,} hands × {sum(1 for x in rounds if x[0] == r)}"
                                      for r, h in dict((x[0], x[1]) for x in rounds).items())]
    return Tuned(result, tune_report.report(result, f"Tune of {run.path.name} by replay", summary), rounds)
