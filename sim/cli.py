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
SET_OPT = Annotated[Optional[list[str]], typer.Option("--set", help="override one option, e.g. --set grade.da_qing=6")]
THREADS_OPT = Annotated[Optional[int], typer.Option("--threads", help="worker threads (default: all cores)")]
RESUME_OPT = Annotated[bool, typer.Option("--resume", help="finish an interrupted run in --out")]
OVERWRITE_OPT = Annotated[bool, typer.Option("--overwrite", help="replace an existing run in --out")]
QUIET_OPT = Annotated[bool, typer.Option("--quiet", "-q", help="no progress bar")]


@app.command()
@user_errors
def games() -> None:
    """List games and their variants, one line each."""
    from sim.registry import GAMES, load_game

    for entry in GAMES.values():
        game = load_game(entry.name)
        for variant, (doc, _) in game.VARIANTS.items():
            typer.echo(f"{entry.name:<10} {variant:<14} {'/'.join(entry.kinds):<12} {entry.title if variant == 'default' else doc}")


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
    game: Annotated[str, typer.Argument(help="game name, e.g. xiantao")],
    n: N_OPT = 1_000_000,
    seed: SEED_OPT = 0,
    out: OUT_OPT = Path("runs/census"),
    variant: VARIANT_OPT = "default",
    rules: RULES_OPT = None,
    set_: Annotated[Optional[list[str]], typer.Option("--set", help="override one option, e.g. --set xi.eight=8")] = None,
    threads: THREADS_OPT = None,
    shard_size: Annotated[int, typer.Option("--shard-size", help="games per part file")] = 1_000_000,
    resume: RESUME_OPT = False,
    overwrite: OVERWRITE_OPT = False,
    quiet: QUIET_OPT = False,
) -> None:
    """Deal N hands and record every seat's hand features (7张, 8张, wilds, 王炸, bombs, 五十K...)."""
    from sim.errors import UserError
    from sim.registry import game_entry, load_game, resolve_rules

    _n_check(n)
    _seed_check(seed)
    if shard_size <= 0:
        raise UserError(f"--shard-size must be positive; got {shard_size}")
    entry = game_entry(game)
    if "census" not in entry.kinds:
        raise UserError(f"game {game!r} has no census")
    module = load_game(game)
    ruleset = resolve_rules(module, variant, str(rules) if rules else None, set_)
    from sim.runner import RunSpec, run_local

    spec = RunSpec(game, "census", variant, ruleset, seed, n, min(shard_size, n))
    _run(spec, out, resume, overwrite, threads, quiet, "census " + game, "deals")


def _run(spec, out: Path, resume: bool, overwrite: bool, threads, quiet: bool, label: str, unit: str) -> None:
    from sim.progress import Progress
    from sim.runner import run_local

    progress = None if quiet else Progress(label, unit)
    manifest = run_local(spec, out, resume=resume, overwrite=overwrite, threads=threads, progress=progress,
                         log=lambda s: typer.echo(s, err=True))
    rate = manifest.get("rate_per_s")
    typer.echo(
        f"wrote {spec.n:,} {unit} to {out} in {manifest['wall_time_s']:.1f} s"
        + (f" ({rate:,.0f} {unit}/s, {manifest['threads']} threads)" if rate else "")
    )


@app.command()
@user_errors
def report(
    run: Annotated[Path, typer.Argument(help="run directory written by `paiju census` or `paiju play`")],
    format: Annotated[str, typer.Option("--format", "-f", help="table | md")] = "table",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="write the report to this file")] = None,
) -> None:
    """Estimates with 95% CIs, exact values where they exist, and |z| for each statistic."""
    from sim.errors import UserError

    if format not in ("table", "md"):
        raise UserError(f"--format must be 'table' or 'md'; got {format!r}")
    from analysis.report import build_report
    from analysis.runs import open_run

    rep = build_report(open_run(run))
    if format == "md":
        text = rep.to_markdown()
        if out:
            _write_text_atomic(out, text)
            typer.echo(f"wrote {out}")
        else:
            typer.echo(text)
        return
    from rich.console import Console

    if out:
        with open(out, "w", encoding="utf-8") as fh:
            Console(file=fh, width=120).print(rep.to_rich())
        typer.echo(f"wrote {out}")
    else:
        Console().print(rep.to_rich())


def _write_text_atomic(path: Path, text: str) -> None:
    import os

    from sim.errors import UserError

    if not path.parent.exists():
        raise UserError(f"cannot write {str(path)!r}: directory {str(path.parent)!r} does not exist")
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())
