"""The ``paiju`` command line: thin typer commands that call plain functions.

Heavy modules (numba, pyarrow, pandas, the games) are imported inside commands so that
``paiju --help`` is instant. A mistake a user can make is one line on stderr and exit code 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    help="paiju (牌局): Monte Carlo simulation of Chinese card games.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def user_errors(fn):
    """Turn UserError / RunError into one line and exit 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from sim.errors import UserError

        try:
            return fn(*args, **kwargs)
        except UserError as exc:
            fail(str(exc))
        except Exception as exc:  # analysis errors share the contract
            if type(exc).__name__ == "RunError":
                fail(str(exc))
            raise

    return wrapper


N_OPT = Annotated[int, typer.Option("-n", "--n", help="number of games (deals) to simulate")]
SEED_OPT = Annotated[int, typer.Option("--seed", help="root seed; game i uses the stream (seed, i)")]
OUT_OPT = Annotated[Path, typer.Option("--out", "-o", help="output run directory (Parquet parts + _run.json)")]
VARIANT_OPT = Annotated[str, typer.Option("--variant", help="named rules preset (see `paiju games`)")]
RULES_OPT = Annotated[Optional[Path], typer.Option("--rules", help="TOML file overriding ruleset options")]
SET_OPT = Annotated[Optional[list[str]], typer.Option("--set", help="override one option, e.g. --set base=2 (options: `paiju options GAME`)")]
THREADS_OPT = Annotated[Optional[int], typer.Option(
    "--threads", help="numba threads (default: all cores); with --scheduler/--workers, per Dask worker")]
RESUME_OPT = Annotated[bool, typer.Option("--resume", help="finish an interrupted run in --out")]
OVERWRITE_OPT = Annotated[bool, typer.Option("--overwrite", help="replace an existing run in --out")]
QUIET_OPT = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]
SCHEDULER_OPT = Annotated[Optional[str], typer.Option(
    "--scheduler", help="run the shards on this Dask cluster, e.g. tcp://host:8786 (--out must be shared)")]
WORKERS_OPT = Annotated[Optional[int], typer.Option(
    "--workers", help="run the shards on a local Dask cluster of this many worker processes")]


@app.command()
@user_errors
def games() -> None:
    """List games and their variants, one line each, with what each game offers."""
    from sim.registry import GAMES, load_game

    for name in GAMES:
        game = load_game(name)
        typer.echo(f"{name:<10} {game.title}")
        typer.echo(f"{'':<10} offers: {', '.join(game.offers())}")
        for variant, v in game.variants.items():
            typer.echo(f"{'':<10} --variant {variant:<14} {v.doc}")


@app.command()
@user_errors
def options(
    game: Annotated[str, typer.Argument(help="game name (see `paiju games`)")],
    variant: VARIANT_OPT = "default",
) -> None:
    """Every ruleset option of a game: key, value under the variant, and what it does."""
    from sim.registry import load_game, resolve_rules
    from sim.ruleset import field_docs, flatten

    module = load_game(game)
    values = flatten(resolve_rules(module, variant, None))
    docs = field_docs(module.rules)
    width = max(len(k) for k in values)
    typer.echo(f"{game} --variant {variant}: option = value  (scoring: money only, can be rescored)")
    for key, value in values.items():
        is_scoring, doc = docs[key]
        typer.echo(f"  {key:<{width}} = {value!r:<18} {'scoring' if is_scoring else 'play   '}  {doc}")


def _seed_check(seed: int) -> None:
    from sim.errors import UserError

    if not 0 <= seed < 2**63:
        raise UserError(f"--seed must be between 0 and 2**63-1; got {seed}")


def _n_check(n: int) -> None:
    from sim.errors import UserError

    if n <= 0:
        raise UserError(f"-n must be a positive number of games; got {n}")


@app.command()
@user_errors
def census(
    game: Annotated[str, typer.Argument(help="game name (see `paiju games`)")],
    n: N_OPT = 1_000_000,
    seed: SEED_OPT = 0,
    out: OUT_OPT = Path("runs/census"),
    variant: VARIANT_OPT = "default",
    rules: RULES_OPT = None,
    set_: SET_OPT = None,
    threads: THREADS_OPT = None,
    shard_size: Annotated[int, typer.Option("--shard-size", help="games per part file")] = 1_000_000,
    resume: RESUME_OPT = False,
    overwrite: OVERWRITE_OPT = False,
    quiet: QUIET_OPT = False,
    scheduler: SCHEDULER_OPT = None,
    workers: WORKERS_OPT = None,
) -> None:
    """Deal N hands and record every seat's hand features (the game's census: bombs, wilds, points...)."""
    from sim.errors import UserError
    from sim.registry import load_game, resolve_rules
    from sim.runner import RunSpec

    _n_check(n)
    _seed_check(seed)
    if shard_size <= 0:
        raise UserError(f"--shard-size must be positive; got {shard_size}")
    module = load_game(game)
    module.job("census")
    ruleset = resolve_rules(module, variant, str(rules) if rules else None, set_)
    spec = RunSpec(game, "census", variant, ruleset, seed, n, min(shard_size, n))
    _run(spec, out, resume, overwrite, threads, quiet, "census " + game, "deals", scheduler, workers)


def _run(spec, out: Path, resume: bool, overwrite: bool, threads, quiet: bool, label: str, unit: str,
         scheduler: Optional[str] = None, workers: Optional[int] = None) -> None:
    from sim.errors import UserError
    from sim.progress import Progress
    from sim.runner import run_local

    if scheduler is not None and workers is not None:
        raise UserError("--scheduler and --workers cannot be used together")
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1; got {workers}")
    progress = None if quiet else Progress(label, unit)
    log = lambda s: typer.echo(s, err=True)  # noqa: E731
    if scheduler is not None or workers is not None:
        from sim.dask_backend import run_dask  # imports dask only now

        manifest = run_dask(spec, out, resume=resume, overwrite=overwrite, scheduler=scheduler, workers=workers,
                            threads_per_worker=threads, progress=progress, log=log)
        how = f"{manifest['dask_workers']} Dask workers × {manifest['threads'] or 'auto'} threads"
    else:
        try:
            manifest = run_local(spec, out, resume=resume, overwrite=overwrite, threads=threads, progress=progress,
                                 log=log)
        except KeyboardInterrupt:
            if progress:
                progress.stop()
            fail(f"interrupted; the shards written so far are kept: add --resume to the same command to finish {out}")
        how = f"{manifest['threads']} threads"
    rate = manifest.get("rate_per_s")
    typer.echo(
        f"wrote {spec.n:,} {unit} to {out} in {manifest['wall_time_s']:.1f} s"
        + (f" ({rate:,.0f} {unit}/s, {how})" if rate else "")
    )


@app.command()
@user_errors
def play(
    game: Annotated[str, typer.Argument(help="game name (see `paiju games`)")],
    n: N_OPT = 100_000,
    seed: SEED_OPT = 0,
    out: OUT_OPT = Path("runs/play"),
    policy: Annotated[Optional[str], typer.Option("--policy", help="a policy for every seat, or one per seat: smart,smart,greedy,greedy (default: the game's; see `paiju games`)")] = None,
    policy_param: Annotated[Optional[list[str]], typer.Option("--policy-param", help="NAME=VALUE or SEAT:NAME=VALUE, e.g. 2:near_out=5 (names: `paiju games`)")] = None,
    hands_per_session: Annotated[int, typer.Option("--hands-per-session", help="hands per session, for games whose hands carry state to the next (the dealer, 荒番...)")] = 1,
    rotate: Annotated[bool, typer.Option("--rotate", help="rotate the policies round the seats from hand to hand")] = False,
    duplicate: Annotated[bool, typer.Option("--duplicate", help="play every deal once from every seat, hands rotated round the table (paired comparisons); -n counts hands")] = False,
    variant: VARIANT_OPT = "default",
    rules: RULES_OPT = None,
    set_: SET_OPT = None,
    threads: THREADS_OPT = None,
    shard_size: Annotated[int, typer.Option("--shard-size", help="hands per part file (rounded to whole sessions)")] = 200_000,
    scheduler: SCHEDULER_OPT = None,
    workers: WORKERS_OPT = None,
    resume: RESUME_OPT = False,
    overwrite: OVERWRITE_OPT = False,
    quiet: QUIET_OPT = False,
) -> None:
    """Play N whole hands with heuristic players and record every outcome (raw facts, scores, money)."""
    from sim.errors import UserError
    from sim.players import parse_policies, parse_policy_params
    from sim.registry import load_game, resolve_rules
    from sim.runner import RunSpec

    _n_check(n)
    _seed_check(seed)
    module = load_game(game)
    module.job("play")
    if hands_per_session < 1:
        raise UserError(f"--hands-per-session must be at least 1; got {hands_per_session}")
    if hands_per_session > 1 and not module.sessions:
        module.refuse("--hands-per-session (its hands carry nothing from one to the next)")
    if duplicate and not module.duplicate:
        module.refuse("--duplicate")
    if duplicate and hands_per_session != 1:
        raise UserError("--duplicate plays single hands; it cannot be combined with --hands-per-session")
    if shard_size <= 0:
        raise UserError(f"--shard-size must be positive; got {shard_size}")
    ruleset = resolve_rules(module, variant, str(rules) if rules else None, set_)
    seats = module.seats(ruleset)
    if n % hands_per_session:
        raise UserError(f"-n ({n}) must be a whole number of sessions of {hands_per_session} hands")
    if duplicate and n % seats:
        raise UserError(f"with --duplicate, -n counts hands and must be a multiple of {seats} (one deal from each "
                        f"seat); got {n}")
    policies = parse_policies(policy or module.players.default, module.players.names, seats)
    params = parse_policy_params(policy_param, module.players.params, seats)
    unit = seats if duplicate else hands_per_session  # shards hold whole sessions / whole duplicated deals
    shard = max(unit, (min(shard_size, n) // unit) * unit)
    options = {"policies": policies, "policy_params": params, "hands_per_session": hands_per_session, "rotate": rotate,
               "duplicate": duplicate}
    spec = RunSpec(game, "play", variant, ruleset, seed, n, shard, options)
    _run(spec, out, resume, overwrite, threads, quiet, "play " + game, "hands", scheduler, workers)


@app.command()
@user_errors
def replay(
    run: Annotated[Path, typer.Argument(help="run directory written by `paiju play`")],
    game_index: Annotated[int, typer.Option("--game", help="game_index of the hand to show")],
) -> None:
    """Show one stored hand move by move (re-simulated from its seed; Chinese card names)."""
    from sim.replay import replay_text

    typer.echo(replay_text(run, game_index))


@app.command()
@user_errors
def report(
    run: Annotated[Path, typer.Argument(help="run directory written by `paiju census` or `paiju play`")],
    format: Annotated[str, typer.Option("--format", "-f", help="table | md | html (md/html with --out add plots)")] = "table",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the report to this file (md: PNGs in NAME_files/ beside it)")] = None,
    seats: Annotated[bool, typer.Option("--seats", help="also show the per-seat rows of statistics pooled over seats")] = False,
) -> None:
    """The game's headline figures, then estimates with 95% CIs, exact values where they exist, and z."""
    from sim.errors import UserError

    if format not in ("table", "md", "html"):
        raise UserError(f"--format must be 'table', 'md' or 'html'; got {format!r}")
    if format == "html" and out is None:
        raise UserError("--format html needs --out FILE (one self-contained HTML file)")
    from analysis.render import RenderError, check_out, write_report

    try:
        if out is not None and format in ("md", "html"):
            check_out(out, format)  # before the (long) pass over the run
        from analysis.report import build_report
        from analysis.runs import open_run

        opened = open_run(run)
        rep = build_report(opened, seats=seats)
        if out is not None and format in ("md", "html"):
            from analysis.plots import figures

            figs = figures(opened, rep)
            written = write_report(rep, figs, out, format)
            where = f"in {written[1].parent}" if len(written) > 1 else "embedded"
            typer.echo(f"wrote {out} ({len(figs)} plot(s) {where})")
            return
    except RenderError as exc:
        raise UserError(str(exc)) from None
    if format == "md":
        typer.echo(rep.to_markdown())
        return
    from rich.console import Console

    if out:
        with open(out, "w", encoding="utf-8") as fh:
            Console(file=fh, width=120).print(rep.to_rich())
        typer.echo(f"wrote {out}")
    else:
        Console().print(rep.to_rich())


@app.command()
@user_errors
def rescore(
    run: Annotated[Path, typer.Argument(help="play run directory (written by `paiju play`) to rescore")],
    out: Annotated[Path, typer.Option("--out", "-o", help="new run directory for the rescored hands")],
    rules: Annotated[Optional[Path], typer.Option("--rules", help="TOML file of scoring options")] = None,
    set_: Annotated[Optional[list[str]], typer.Option("--set", help="scoring option, e.g. --set base=2")] = None,
    overwrite: OVERWRITE_OPT = False,
) -> None:
    """Recompute every money column of a play run under other scoring options, without replaying."""
    from analysis.rescore import diff_text, rescore_run
    from sim.ruleset import load_toml, parse_set_option

    layers = [(f"rules file {str(rules)!r}", load_toml(rules))] if rules else []
    for text in set_ or []:
        key, value = parse_set_option(text)
        layers.append((f"--set {text}", {key: value}))
    manifest = rescore_run(run, out, layers, overwrite=overwrite)
    diff = diff_text(manifest["rescored_from"]["ruleset_diff"])
    typer.echo(f"rescored {manifest['rescored_rows']:,} hands of {run} into {out} in "
               f"{manifest['wall_time_s']:.1f} s ({diff})")


@app.command()
@user_errors
def balance(
    run: Annotated[Path, typer.Argument(help="play run directory (written by `paiju play`)")],
    scenario: Annotated[Optional[list[Path]], typer.Option(
        "--scenario", "-s", help="TOML of scoring overrides (name = file stem); repeat; the first is the reference")] = None,
    role: Annotated[Optional[str], typer.Option("--role", help="role compared with the first scenario (default: the game's, e.g. banker or landlord)")] = None,
    format: Annotated[str, typer.Option("--format", "-f", help="table | md")] = "table",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the report to this file")] = None,
) -> None:
    """Money by role and seat, share of money per scoring component, and scenario differences."""
    from analysis.balance import balance as build, check_output_file, load_scenario, render, write_text

    check_output_file(out, format)
    rep = build(run, [load_scenario(p) for p in scenario or []], role=role)
    if out is not None:
        write_text(out, render(rep, format))
        typer.echo(f"wrote {out}")
    elif format == "md":
        typer.echo(rep.to_markdown())
    else:
        from rich.console import Console

        Console().print(rep.to_rich())


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())
