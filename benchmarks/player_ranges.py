"""Measure a game's headline figures in self-play by each of its players and ship them with the
game (``analysis.player_range``): every play report then states the range of its rates across
``greedy``, ``smart`` and ``search``.

    python benchmarks/player_ranges.py xiantao                    # print
    python benchmarks/player_ranges.py xiantao --write            # sim/games/xiantao/player_ranges.json
    python benchmarks/player_ranges.py doudizhu -n 20000 --search-n 2000 --worlds 4 --write

The same deals (``--seed``) for every player; ``search`` plays fewer hands (``--search-n``) at
``--worlds`` sampled worlds per decision, being about a thousand times slower.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RANGE_FILE = "player_ranges.json"  # in the game's package: sim.game.Game.player_ranges reads it


def measure(game: str, n: dict[str, int], seed: int, params: dict[str, dict], threads: int | None = None,
            log=None, variant: str = "default") -> dict:
    """Play ``n[player]`` self-play hands per player on the same deals; the shipped file's content."""
    from sim import __version__, api

    figures: dict[str, dict[str, list]] = {}
    for player, hands in n.items():
        result = api.sweep_players(game, hands, [player], seed=seed, threads=threads, progress=False, log=log,
                                   policy_params=params.get(player) or None, variant=variant)
        for st in result.report.sections[0].stats:
            figures.setdefault(st.name, {})[player] = [st.estimate, st.ci_low, st.ci_high, st.n]
    return {"game": game, "variant": variant, "seed": seed, "n": dict(n), "params": params,
            "paiju": __version__, "figures": figures}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("-n", type=int, default=20_000, help="hands for greedy and smart")
    ap.add_argument("--search-n", type=int, default=2_000, help="hands for search")
    ap.add_argument("--worlds", type=float, default=4, help="search: sampled worlds per decision")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--variant", default="default", help="rules preset (a game whose default cannot be swept, "
                                                          "such as 八十分's whole matches, uses another)")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--players", default=None, help="players to compare (default: greedy, smart and search where "
                                                     "the game has them, else every player but random ones)")
    ap.add_argument("--write", action="store_true", help="write sim/games/<game>/player_ranges.json")
    args = ap.parse_args()

    sys.path.insert(0, str(ROOT))
    from sim.registry import game_module, load_game

    g = load_game(args.game)
    if args.players:
        players = args.players.split(",")
    else:
        players = [p for p in ("greedy", "smart", "search") if p in g.players.names] or \
            [p for p in g.players.names if "random" not in p]
    if len(players) < 2:
        raise SystemExit(f"{args.game}: fewer than two players to compare ({', '.join(players) or 'none'})")
    n = {p: (args.search_n if p == "search" else args.n) for p in players}
    # search hands/s differ by orders of magnitude between games: search-n should be a multiple of seats
    params = {"search": {"worlds": args.worlds}} if "search" in players else {}
    t0 = time.perf_counter()
    data = measure(args.game, n, args.seed, params, threads=args.threads, variant=args.variant)
    print(f"measured in {time.perf_counter() - t0:.0f} s")
    text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=True)
    text = re.sub(r"\[\s+([^\[\]]*?)\s+\]", lambda m: "[" + re.sub(r"\s+", " ", m.group(1)) + "]", text)
    if args.write:
        path = ROOT / Path(*game_module(args.game).split(".")) / RANGE_FILE
        path.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    else:
        print(text)


if __name__ == "__main__":
    main()
