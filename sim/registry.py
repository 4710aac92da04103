"""The game registry: the one table that names games (one line per game), no registration by
import side effect.

Each line maps a game's name to its package, whose ``GAME`` (a ``sim.game.Game``) says all the
rest. Packages are imported only when a command needs them, so ``paiju --help`` stays instant.
Tests (and plug-ins) may ``register`` a game defined elsewhere.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sim.errors import UserError, did_you_mean

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
    return GAMES[canonical(name)]


def canonical(name: str) -> str:
    """The registered name of a game given by that name or by one of the names it declares
    (``Game.names``: its Chinese name, ``斗地主``); a one-line error with the closest name else."""
    if name in GAMES:
        return name
    aliases = {alias: key for key in GAMES for alias in load_module_game(GAMES[key]).names}
    if name in aliases:
        return aliases[name]
    raise UserError(f"unknown game {name!r}{did_you_mean(name, [*GAMES, *aliases])}; known games: {', '.join(GAMES)}")


def load_game(name: str) -> "Game":
    """The ``Game`` registered as ``name`` (a one-line error for an unknown name)."""
    return load_module_game(game_module(name))


def load_module_game(module: str) -> "Game":
    """``module``'s ``GAME``, told the package it is registered as (where its data files are):
    set once on the module's own object, so every load of a game is the same object."""
    game = importlib.import_module(module).GAME
    if not game.package:
        object.__setattr__(game, "package", module)  # a frozen dataclass: the registry's one write
    return game


def resolve_rules(game: "Game", variant: str, rules_file: str | None, sets: list[str] | None = None) -> Any:
    """The ruleset of ``variant`` with a TOML file and ``key=value`` overrides applied, validated.

    An option the game does not have (for example a 斗地主 multiplier given to 上海三打一) is a
    one-line error naming the key: each game's ruleset holds only the options it reads.
    """
    from sim.ruleset import apply_overrides, load_toml, parse_set_option

    if variant not in game.variants:
        raise UserError(f"unknown variant {variant!r}{did_you_mean(variant, game.variants)} of {game.name}; "
                        f"known: {', '.join(game.variants)}")
    rules = apply_overrides(game.rules(), game.variants[variant].overrides)
    layers = [load_toml(rules_file)] if rules_file else []
    layers += [dict([parse_set_option(text)]) for text in sets or []]
    for layer in layers:
        rules = apply_overrides(rules, layer)
    validate_naming_variants(game, variant, rules, layers)
    return rules


def validate_naming_variants(game: "Game", variant: str, rules: Any, layers: list) -> None:
    """``game.validate(rules)``; a refusal (a seat count, a combination of options) also names the
    other variants that accept the same ``layers`` (option mappings applied over each variant)."""
    from sim.ruleset import apply_overrides

    try:
        game.validate(rules)
    except UserError as exc:
        allowed = []
        for other, v in game.variants.items():
            if other == variant:
                continue
            try:
                candidate = apply_overrides(game.rules(), v.overrides)
                for layer in layers:
                    candidate = apply_overrides(candidate, layer)
                game.validate(candidate)
            except UserError:
                continue
            allowed.append(other)
        if not allowed:
            raise
        which = allowed[0] if len(allowed) == 1 else f"{', '.join(allowed[:-1])} and {allowed[-1]}"
        raise UserError(f"{exc}; --variant {which} allow{'s' if len(allowed) == 1 else ''} it") from None


def rules_from_manifest(game: "Game", ruleset: dict) -> Any:
    """The ruleset object of a stored run (its manifest's flat ``ruleset``)."""
    from sim.ruleset import apply_overrides

    return apply_overrides(game.rules(), ruleset)
