"""``python -m tests.golden [--update] [--game G] [--variant V]``: check the golden playthroughs,
or regenerate them on purpose (commit the files with a message that says why the output changed).
"""

from __future__ import annotations

import argparse
import sys

from tests.golden import cases, compare, load, record, save


def main(argv: list[str] | None = None) -> int:
    from sim.registry import GAMES

    parser = argparse.ArgumentParser(prog="python -m tests.golden", description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the golden records of the selected cases")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every registered game")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    args = parser.parse_args(argv)
    games = args.game or list(GAMES)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; known: {', '.join(GAMES)}")
    failures = 0
    for game in games:
        data, broken = load(game), False
        selected = [c for c in cases(game) if not args.variant or c.variant in args.variant]
        if args.variant and not selected:
            parser.error(f"{game} has no variant {args.variant}")
        if args.update and not args.variant:  # a full update also drops cases the game no longer has
            data["cases"] = {}
        for case in selected:
            try:
                now = record(case)
            except Exception as exc:  # a game that cannot run at all: say so, go on with the others
                failures, broken = failures + 1, True
                print(f"{case.game}, variant {case.variant}, {case.label}: failed: {type(exc).__name__}: {exc}")
                if args.update:
                    break
                continue
            if args.update:
                data["cases"][case.key] = now
                continue
            problem = compare(case, data["cases"].get(case.key), now)
            if problem:
                failures += 1
                print(problem)
        if args.update and not broken:
            save(game, data)
            print(f"{game}: {len(selected)} golden case(s) written")
    if not args.update:
        print("golden playthroughs match" if not failures else f"{failures} golden case(s) differ")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
