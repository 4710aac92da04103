"""The game registry: the one table that names games (one line per game), no registration by
import side effect.

Each line maps a game's name to its package, whose ``GAME`` (a ``sim.game.Game``) says all the
rest. Packages are imported only when a command needs them, so ``paiju --help`` stays instant.
Tests (and plug-ins) may ``register`` a game defined elsewhere.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sim.errors import UserError

if TYPE_CHECKING:
    from sim.game import Game

GAMES: dict[str, str] = {
    "xiantao": "sim.games.xiantao",
    "doudizhu": "sim.games.doudizhu",
    "doudizhu4": "sim.games.doudizhu4",
    "shanghai": "sim.games.shanghai",
    "guanpai": "sim.games.guanpai",
    "gandengyan": "sim.games.gandengyan",
    "niuniu": "sim.games.niuniu",
    "hkstud": "sim.games.hkstud",
    "tractor": "sim.games.tractor",
    "hongwu": "sim.games.hongwu",
    "bridge": "sim.games.bridge",
    "wushik": "sim.games.wushik",
    "shuangkou": "sim.games.shuangkou",
}


def register(name: str, module: str) -> None:
    """Add (or replace) a game: ``module`` is an importable package or module defining ``GAME``."""
    GAMES[name] = module


def game_module(name: str) -> str:
    try:
        return GAMES[name]
    except KeyError:
        raise UserError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def load_game(name: str) -> "Game":
    """The ``Game`` registered as ``name`` (a one-line error for an unknown name)."""
    return load_module_game(game_module(name))


def load_module_game(module: str) -> "Game":
    return importlib.import_module(module).GAME


def resolve_rules(game: "Game", variant: str, rules_file: str | None, sets: list[str] | None = None) -> Any:
    """The ruleset of ``variant`` with a TOML file and ``key=value`` overrides applied, validated.

    An option the game does not have (for example a 斗地主 multiplier given to 上海三打一) is a
    one-line error naming the key: each game's ruleset holds only the options it reads.
    """
    from sim.ruleset import apply_overrides, load_toml, parse_set_option

    if variant not in game.variants:
        raise UserError(f"unknown variant {variant!r} of {game.name}; known: {', '.join(game.variants)}")
    rules = apply_overrides(game.rules(), game.variants[variant].overrides)
    if rules_file:
        rules = apply_overrides(rules, load_toml(rules_file))
    for text in sets or []:
        key, value = parse_set_option(text)
        rules = apply_overrides(rules, {key: value})
    game.validate(rules)
    return rules


def rules_from_manifest(game: "Game", ruleset: dict) -> Any:
    """The ruleset object of a stored run (its manifest's flat ``ruleset``)."""
    from sim.ruleset import apply_overrides

    return apply_overrides(game.rules(), ruleset)
