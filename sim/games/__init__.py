"""One package per game (``sim/games/<game>/``), each defining ``GAME`` (``sim.game.Game``).

The package is also what ``sim.games()`` calls: calling it lists every registered game as data
(``sim.api.games``), so ``sim.games`` means the same whether or not a game was imported yet.
"""

import sys
import types


class _GamesPackage(types.ModuleType):
    def __call__(self):
        from sim.api import games

        return games()


sys.modules[__name__].__class__ = _GamesPackage
