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


def _print_version(value: bool) -> None:
    if value:
        from sim import __version__

        typer.echo(f"paiju {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", metavar="", callback=_print_version, is_eager=True,
                                          help="print paiju's version and exit")] = False,
) -> None:
    """paiju (牌局): Monte Carlo simulation of Chinese card games."""


def fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def user_errors(fn):
    """Turn a ``sim.PaijuError`` (bad input of any kind) into one line and exit 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from sim.errors import UserError

        try:
            return fn(*args, **kwargs)
        except UserError as exc:  # sim.errors.PaijuError and its subclasses (RunError, RenderError)
            fail(str(exc))

    return wrapper


N_OPT = Annotated[int, typer.Option("-n", "--n", help="number of games (deals) to simulate")]
SEED_OPT = Annotated[int, typer.Option("--seed", help="root seed; game i uses the stream (seed, i)")]
OUT_OPT = Annotated[Optional[Path], typer.Option(
    "--out", "-o", help="output run directory (Parquet parts + _run.json); default: a new runs/KIND-GAME-TIME")]
VARIANT_OPT = Annotated[str, typer.Option("--variant", help="named rules preset (see `paiju games`)")]
RULES_OPT = Annotated[Optional[Path], typer.Option("--rules", help="TOML file overriding ruleset options")]
SET_OPT = Annotated[Optional[list[str]], typer.Option("--set", help="override one option, e.g. --set base=2 (options: `paiju options GAME`)")]
THREADS_OPT = Annotated[Optional[int], typer.Option(
    "--threads", help="numba threads (default: all cores); with --scheduler/--workers, per Dask worker")]
FLAG = ""  # metavar of an on/off option: shown as a flag, not as `--rotate <bool>`
RESUME_OPT = Annotated[bool, typer.Option("--resume", metavar=FLAG, help="finish an interrupted run in --out (or: `paiju resume RUN`)")]
OVERWRITE_OPT = Annotated[bool, typer.Option("--overwrite", metavar=FLAG, help="replace an existing run in --out")]
QUIET_OPT = Annotated[bool, typer.Option("--quiet", "-q", metavar=FLAG, help="no progress bar")]
HCP_OPT = Annotated[Optional[list[str]], typer.Option("--hcp", help="SEAT=LO..HI, the seat's high-card points in every deal (dealt by rejection; games whose deal takes constraints), e.g. --hcp 0=15..17")]
SHAPE_OPT = Annotated[Optional[list[str]], typer.Option("--shape", help="SEAT=S-H-D-C suit lengths (each N, N+, LO..HI or x; games whose deal takes constraints), e.g. --shape 0=5+-x-x-x")]
FIX_OPT = Annotated[Optional[list[str]], typer.Option("--fix", help="SEAT=CARDS: deal these cards to that seat in every hand, the rest at random (odds given a hand), e.g. --fix 0=AA22B; cards as the game's replay prints them")]
SCHEDULER_OPT = Annotated[Optional[str], typer.Option(
    "--scheduler", help="run the shards on this Dask cluster, e.g. tcp://host:8786 (--out must be shared)")]
WORKERS_OPT = Annotated[Optional[int], typer.Option(
    "--workers", help="run the shards on a local Dask cluster of this many worker processes")]


@app.command()
@user_errors
def games(
    long: Annotated[bool, typer.Option("--long", "-l", metavar=FLAG, help="also what each game offers, its other names and its variants")] = False,
) -> None:
    """List the games, one line each (--long: what each offers, its variants and other names)."""
    from sim.registry import GAMES, load_game

    for name in GAMES:
        game = load_game(name)
        typer.echo(f"{name:<10} {game.title}")
        if not long:
            continue
        typer.echo(f"{'':<10} offers: {', '.join(game.offers())}")
        if game.names:
            typer.echo(f"{'':<10} also: {', '.join(game.names)}")
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
    value_width = max(len(repr(v)) for v in values.values())  # one column, however long a value
    typer.echo(f"{game} --variant {variant}: option = value, play or scoring (money only, can be rescored), "
               "what it does (docs/rules/ has each game's rules)")
    for key, value in values.items():
        is_scoring, doc = docs[key]
        typer.echo(f"  {key:<{width}} = {value!r:<{value_width}}  {'scoring' if is_scoring else 'play   '}  {doc}")


@app.command()
@user_errors
def census(
    game: Annotated[str, typer.Argument(help="game name (see `paiju games`)")],
    n: N_OPT = 1_000_000,
    seed: SEED_OPT = 0,
    out: OUT_OPT = None,
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
    fix: FIX_OPT = None,
    hcp: HCP_OPT = None,
    shape: SHAPE_OPT = None,
) -> None:
    """Deal N hands and record every seat's hand features (the game's census: bombs, wilds, points...)."""
    from sim import api

    out = _out(out, "census", game, resume, n)
    if out is None:
        return
    layers = _rule_layers(rules, set_)
    run = api.census(game, n, seed=seed, variant=variant, rules=layers, out=out, threads=threads, shard_size=shard_size,
                     scheduler=scheduler, workers=workers, resume=resume, overwrite=overwrite, progress=not quiet,
                     log=_log, fix=fix, hcp=hcp, shape=shape)
    _wrote(run, n, out, "deals")


def _log(text: str) -> None:
    typer.echo(text, err=True)


def _out(out: Optional[Path], kind: str, game: str, resume: bool, n: int) -> Optional[Path]:
    """The run directory: ``--out``, or a new ``runs/KIND-GAME-TIME`` (numbered if it exists) so
    that a second run never fails on the first one's directory. ``None`` (after saying so) when
    ``--resume`` names a run that is already complete."""
    from datetime import datetime

    from sim.errors import UserError
    from sim.registry import canonical

    if out is not None:
        if resume and (out / "_run.json").is_file():
            from sim.api import is_complete
            from sim.writer import read_manifest

            manifest = read_manifest(out)
            if manifest.get("n") == n and is_complete(out, manifest):
                typer.echo(f"{out} is complete ({n:,} game indices): nothing to resume")
                return None
        return out
    if resume:
        raise UserError("--resume needs --out RUN, the run to finish (or `paiju resume RUN`)")
    base = Path("runs") / f"{kind}-{canonical(game)}-{datetime.now():%Y%m%d-%H%M%S}"
    out, k = base, 2
    while out.exists():
        out, k = base.with_name(f"{base.name}-{k}"), k + 1
    return out


def _rule_layers(rules: Optional[Path], sets: Optional[list[str]]) -> list:
    """``--rules FILE`` then each ``--set key=value``, in order (``sim.api`` rules layers)."""
    from sim.ruleset import parse_set_option

    layers: list = [str(rules)] if rules else []
    for text in sets or []:
        key, value = parse_set_option(text)
        layers.append({key: value})
    return layers


def _wrote(run, n: int, out: Path, unit: str) -> None:
    from sim.progress import significant

    m = run.manifest
    if m.get("backend") == "dask":
        how = f"{m['dask_workers']} Dask workers × {m['threads'] or 'auto'} threads"
    else:
        how = f"{m['threads']} threads"
    rate = m.get("rate_per_s")
    rows = run.n_rows
    if rows != n:  # several rows per game index (the hands of a match): the rate is of rows
        typer.echo(f"wrote {n:,} game indices ({rows:,} rows) to {out} in {m['wall_time_s']:.1f} s"
                   + (f" ({significant(rate)} rows/s, {how})" if rate else ""))
        return
    typer.echo(f"wrote {n:,} {unit} to {out} in {m['wall_time_s']:.1f} s" + (f" ({significant(rate)} {unit}/s, {how})" if rate else ""))


@app.command()
@user_errors
def play(
    game: Annotated[str, typer.Argument(help="game name (see `paiju games`)")],
    n: N_OPT = 100_000,
    seed: SEED_OPT = 0,
    out: OUT_OPT = None,
    policy: Annotated[Optional[str], typer.Option("--policy", help="a policy for every seat, or one per seat: smart,smart,greedy,greedy (default: the game's; see `paiju games`)")] = None,
    policy_param: Annotated[Optional[list[str]], typer.Option("--policy-param", help="NAME=VALUE or SEAT:NAME=VALUE, e.g. 2:near_out=5 (names: `paiju games`)")] = None,
    hands_per_session: Annotated[int, typer.Option("--hands-per-session", help="hands per session, for games whose hands carry state to the next (the dealer, 荒番...)")] = 1,
    rotate: Annotated[bool, typer.Option("--rotate", metavar=FLAG, help="rotate the policies round the seats from hand to hand")] = False,
    duplicate: Annotated[bool, typer.Option("--duplicate", metavar=FLAG, help="play every deal once from every seat, hands rotated round the table (paired comparisons); -n counts hands")] = False,
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
    fix: FIX_OPT = None,
    hcp: HCP_OPT = None,
    shape: SHAPE_OPT = None,
) -> None:
    """Play N whole hands with heuristic players and record every outcome (raw facts, scores, money)."""
    from sim import api

    out = _out(out, "play", game, resume, n)
    if out is None:
        return
    run = api.play(game, n, seed=seed, variant=variant, rules=_rule_layers(rules, set_), policy=policy,
                   policy_params=policy_param, rotate=rotate, duplicate=duplicate, hands_per_session=hands_per_session,
                   out=out, threads=threads, shard_size=shard_size, scheduler=scheduler, workers=workers, resume=resume,
                   overwrite=overwrite, progress=not quiet, log=_log, fix=fix, hcp=hcp,
                   shape=shape)
    _wrote(run, n, out, "hands")


@app.command()
@user_errors
def resume(
    run: Annotated[Path, typer.Argument(help="run directory of an interrupted `paiju census` or `paiju play`")],
    threads: THREADS_OPT = None,
    quiet: QUIET_OPT = False,
) -> None:
    """Finish an interrupted run with the arguments it was started with (read from its _run.json)."""
    from sim import api
    from sim.writer import read_manifest

    manifest = read_manifest(run)
    n = int(manifest["n"])
    if api.is_complete(run, manifest):
        typer.echo(f"{run} is complete ({n:,} game indices): nothing to resume")
        return
    done = api.resume(run, threads=threads, progress=not quiet, log=_log)
    _wrote(done, n, run, "deals" if done.kind == "census" else "hands")


@app.command()
@user_errors
def replay(
    run: Annotated[Path, typer.Argument(help="run directory written by `paiju play`")],
    game_index: Annotated[int, typer.Option("--game", help="game_index of the hand to show")],
) -> None:
    """Show one stored hand move by move (re-simulated from its seed and checked against the run)."""
    from sim import api
    from sim.compiling import compile_notice

    opened = api.open_run(run)
    with compile_notice(f"the {opened.game} play kernels", _log):  # a cold cache: say so, not a silent wait
        text = opened.replay(game_index)
    typer.echo(text)


@app.command()
@user_errors
def report(
    run: Annotated[Path, typer.Argument(help="run directory written by `paiju census` or `paiju play`")],
    format: Annotated[str, typer.Option("--format", "-f", help="table | md | html | csv | json (md/html with --out add plots; csv/json: the numbers as data)")] = "table",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the report to this file (md: PNGs in NAME_files/ beside it)")] = None,
    seats: Annotated[bool, typer.Option("--seats", metavar=FLAG, help="also show the per-seat rows of statistics pooled over seats")] = False,
) -> None:
    """The game's headline figures, then estimates with 95% CIs, exact values where they exist, and z."""
    from sim import api

    rep, n_figures, written = api.open_run(run).write_report(format, out, seats=seats)
    if out is not None:
        where = f" ({n_figures} plot(s) {f'in {written[1].parent}' if len(written) > 1 else 'embedded'})" \
            if format in ("md", "html") else ""
        typer.echo(f"wrote {out}{where}")
    else:
        _print_report(rep, format)


def _print_report(rep, format: str) -> None:
    """Print a report to stdout as rich tables, Markdown, CSV or JSON."""
    if format == "md":
        typer.echo(rep.to_markdown())
    elif format in ("csv", "json"):
        from analysis.render_data import render_data

        typer.echo(render_data(rep, format), nl=False)
    else:
        _console().print(rep.to_rich())


def _console():
    """A rich console for stdout: the terminal's width, or when piped no width limit at all, so
    that a file or a program gets whole lines (no wrapping at 80 columns, no cut intervals)."""
    from rich.console import Console

    if sys.stdout.isatty():
        return Console()
    return Console(width=PIPED_WIDTH, color_system=None)


PIPED_WIDTH = 10_000


@app.command()
@user_errors
def rescore(
    run: Annotated[Path, typer.Argument(help="play run directory (written by `paiju play`) to rescore")],
    out: Annotated[Path, typer.Option("--out", "-o", help="new run directory for the rescored hands")],
    rules: Annotated[Optional[Path], typer.Option("--rules", help="TOML file of scoring options")] = None,
    set_: Annotated[Optional[list[str]], typer.Option("--set", help="scoring option, e.g. --set base=2")] = None,
    overwrite: OVERWRITE_OPT = False,
) -> None:
    """Recompute every scored column of a play run under other scoring options, without replaying."""
    from analysis.rescore import diff_text
    from sim import api
    from sim.ruleset import load_toml, parse_set_option

    layers = [(f"rules file {str(rules)!r}", load_toml(rules))] if rules else []
    for text in set_ or []:
        key, value = parse_set_option(text)
        layers.append((f"--set {text}", {key: value}))
    manifest = api.open_run(run).rescore(layers, out=out, overwrite=overwrite).manifest
    diff = diff_text(manifest["rescored_from"]["ruleset_diff"])
    typer.echo(f"rescored {manifest['rescored_rows']:,} hands of {run} into {out} in "
               f"{manifest['wall_time_s']:.1f} s ({diff})")


@app.command()
@user_errors
def balance(
    run: Annotated[Path, typer.Argument(help="play run directory (written by `paiju play`)")],
    scenario: Annotated[Optional[list[str]], typer.Option(
        "--scenario", "-s", help="scoring overrides: a TOML file (name = file stem) or inline, e.g. bomb_factor=4 or a=1,b=2; repeat; the first is the reference")] = None,
    role: Annotated[Optional[str], typer.Option("--role", help="role compared with the first scenario, by key or as the report prints it (庄家, 地主…; default: the game's own; `paiju balance RUN` lists them)")] = None,
    format: Annotated[str, typer.Option("--format", "-f", help="table | md | csv | json")] = "table",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the report to this file")] = None,
) -> None:
    """Money by role and seat, share of money per scoring component, and scenario differences."""
    from analysis.balance import check_output_file, render
    from analysis.render import write_text
    from sim import api

    check_output_file(out, format)
    rep = api.open_run(run).balance(scenario or [], role=role).report
    if out is not None:
        write_text(out, render(rep, format))
        typer.echo(f"wrote {out}")
    else:
        _print_report(rep, format)


@app.command()
@user_errors
def sweep(
    game: Annotated[str, typer.Argument(help="game name (see `paiju games`)")],
    policy_param: Annotated[Optional[str], typer.Option("--policy-param", help="NAME=v1,v2,… (every seat) or SEAT:NAME=v1,v2,…")] = None,
    players: Annotated[Optional[str], typer.Option("--players", help="instead of a parameter: players to compare in self-play, e.g. greedy,smart,search")] = None,
    n: N_OPT = 20_000,
    seed: SEED_OPT = 0,
    policy: Annotated[Optional[str], typer.Option("--policy", help="the players (as for `paiju play`)")] = None,
    rotate: Annotated[bool, typer.Option("--rotate", metavar=FLAG, help="rotate the players round the seats")] = False,
    variant: VARIANT_OPT = "default",
    rules: RULES_OPT = None,
    set_: SET_OPT = None,
    threads: THREADS_OPT = None,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="keep each run as OUT/NAME=VALUE")] = None,
    format: Annotated[str, typer.Option("--format", "-f", help="table | md | csv | json")] = "table",
    out_file: Annotated[Optional[Path], typer.Option("--out-file", help="write the sweep's report to this file instead of stdout")] = None,
    quiet: QUIET_OPT = False,
) -> None:
    """Play the same deals under each value of a policy parameter, with each player in self-play
    (--players), or under each rule setting (--variant a,b, --set KEY=x,y); headline figures per
    setting, paired differences."""
    from sim import api
    from sim.errors import UserError

    rule_sweep = _rule_sweep(variant, set_)
    if rule_sweep is not None and (policy_param is not None or players is not None):
        raise UserError("a sweep varies one thing: rule settings (--variant a,b / --set KEY=x,y), --policy-param "
                        "or --players")
    if (policy_param is None) == (players is None) and rule_sweep is None:
        raise UserError("give exactly one of --policy-param NAME=v1,v2,…, --players p1,p2,… and rule settings "
                        "(--variant a,b / --set KEY=x,y)")
    if format not in ("table", "md", "csv", "json"):
        raise UserError(f"--format must be 'table', 'md', 'csv' or 'json'; got {format!r}")
    if out_file is not None:
        from analysis.balance import check_output_file

        check_output_file(out_file, format)  # before playing anything
    common = dict(seed=seed, out=out, variant=variant, rules=_rule_layers(rules, set_), threads=threads,
                  progress=not quiet, log=_log)
    if rule_sweep is not None:
        variants, swept, fixed = rule_sweep
        common.update(rules=_rule_layers(rules, fixed))
        del common["variant"]
        result = api.sweep_rules(game, n, variants=variants, set=swept, policy=policy, rotate=rotate, **common)
    elif players is not None:
        if policy is not None or rotate:
            raise UserError("--players seats each player everywhere: it cannot be combined with --policy or --rotate")
        result = api.sweep_players(game, n, [p.strip() for p in players.split(",") if p.strip()], **common)
    else:
        if "=" not in policy_param:
            raise UserError(f"--policy-param expects NAME=v1,v2,…; got {policy_param!r}")
        name, values = policy_param.split("=", 1)
        result = api.sweep(game, n, name, [v.strip() for v in values.split(",") if v.strip()], policy=policy,
                           rotate=rotate, **common)
    if out_file is not None:
        from analysis.balance import render
        from analysis.render import write_text

        write_text(out_file, render(result.report, format))
        typer.echo(f"wrote {out_file}")
    else:
        _print_report(result.report, format)


def _rule_sweep(variant: str, sets: Optional[list[str]]):
    """``(variants, {key: values}, fixed --set texts)`` when ``--variant a,b`` or a ``--set KEY=x,y``
    asks for a sweep over rule settings; None otherwise."""
    from sim.ruleset import parse_set_option

    swept, fixed = {}, []
    for text in sets or []:
        key, _, values = text.partition("=")
        if "," in values:
            swept[key.strip()] = [parse_set_option(f"{key}={v.strip()}")[1] for v in values.split(",") if v.strip()]
        else:
            fixed.append(text)
    variants = [v.strip() for v in variant.split(",") if v.strip()] if "," in variant else None
    return None if variants is None and not swept else (variants, swept, fixed)


@app.command()
@user_errors
def tune(
    run: Annotated[Path, typer.Argument(help="play run directory (written by `paiju play`)")],
    vary: Annotated[Optional[list[str]], typer.Option("--vary", help="KEY=LO..HI[:STEP] or KEY=v1,v2,… of a scoring option (repeat for several)")] = None,
    target: Annotated[Optional[list[str]], typer.Option("--target", help="A=B over figures, e.g. 'money.seat0=0' (repeat)")] = None,
    constraint: Annotated[Optional[list[str]], typer.Option("--constraint", help="A<=B or A>=B, e.g. 'share.f_bombs<=0.3' (repeat)")] = None,
    minimise: Annotated[Optional[str], typer.Option("--minimise", help="an expression to minimise, e.g. sd")] = None,
    maximise: Annotated[Optional[str], typer.Option("--maximise", help="an expression to maximise")] = None,
    budget: Annotated[int, typer.Option("--budget", help="most settings scored (a larger space is searched quasi-randomly)")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="seed of the quasi-random search")] = 0,
    no_holdout: Annotated[bool, typer.Option("--no-holdout", metavar=FLAG, help="search on every hand (no held-out half to check the answer on)")] = False,
    confirm_seed: Annotated[Optional[int], typer.Option("--confirm-seed", help="also check the answer on a fresh run of the same players and rules with this seed")] = None,
    replay: Annotated[bool, typer.Option("--replay", metavar=FLAG, help="vary options that change play: replay the same deals per setting (successive halving)")] = False,
    n: Annotated[Optional[int], typer.Option("-n", "--n", help="with --replay: the most hands one setting plays")] = None,
    hands: Annotated[Optional[int], typer.Option("--hands", help="tune on the run's first N hands (game indices) only")] = None,
    threads: THREADS_OPT = None,
    format: Annotated[str, typer.Option("--format", "-f", help="table | md | html (md/html with --out add plots)")] = "table",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the report to this file (md: PNGs beside it)")] = None,
) -> None:
    """Find the scoring settings that meet targets over a run's balance figures, by rescoring its hands.

    Figures: money.ROLE, money.seatK, share.COMPONENT, sd, moved, tail(X), "HEADLINE FIGURE"."""
    from analysis.render import check_report_out
    from sim import api

    check_report_out(format, out)
    result = api.open_run(run).tune(vary or [], target=target or [], constraint=constraint or [], minimise=minimise,
                                    maximise=maximise, budget=budget, seed=seed, holdout=not no_holdout,
                                    confirm_seed=confirm_seed, replay=replay, n=n, threads=threads, hands=hands)
    _write_or_show(result, format, out)


def _write_or_show(result, format: str, out: Optional[Path]) -> None:
    """Write a tune's report to ``out`` (``md``/``html`` with its plots), or print it."""
    if out is None:
        _print_report(result.report, format)
        return
    written = result.write(out, format)
    typer.echo(f"wrote {out}" + (f" ({len(written) - 1} plot(s))" if format == "md" else ""))


@app.command("warm-up")
@user_errors
def warm_up(
    games: Annotated[Optional[list[str]], typer.Argument(help="games to compile (default: every game)")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", help="processes at once (default: all cores)")] = None,
) -> None:
    """Compile the games' kernels now (cached on disk), so that first runs start at once."""
    from sim.warmup import warm_up as run

    try:
        seconds = run(games, jobs, log=typer.echo)
    except KeyboardInterrupt:
        typer.echo("warm-up interrupted; the engines that finished stay cached (run it again for the rest)", err=True)
        raise typer.Exit(130) from None
    typer.echo(f"done in {seconds:.0f} s; later runs load the cached code")


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())
