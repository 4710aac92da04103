"""paiju (牌局): Monte Carlo simulation of Chinese card games — the Python-facing side.

The Python API (``sim.api``), re-exported here lazily so that ``import sim`` compiles and loads
nothing heavy::

    import sim
    sim.games()                                          # every game, as data
    run = sim.play(GAME, 20_000, seed=7)                 # in memory; out="runs/x" for a directory
    run.report()                                         # headline figures, estimates, CIs
    run.to_pandas(["s0_money"])
    sim.census(GAME, 1_000_000, out="runs/census").report(format="md", out="census.md")
"""

__version__ = "0.1.0"

_API = ("Balance", "GameInfo", "PaijuError", "Run", "Sweep", "census", "games", "open_run", "play", "resume", "sweep",
        "sweep_players", "sweep_rules", "tune")
__all__ = list(_API)


def __getattr__(name: str):
    if name == "games":  # the package of the games, which is callable: sim.games() lists them
        import importlib

        return importlib.import_module("sim.games")
    if name in _API:
        from sim import api

        return getattr(api, name)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")


def __dir__():
    return sorted(list(globals()) + list(_API))
