"""The game registry: one explicit table, no registration by import side effect.

Game modules are imported only when a command needs them, so ``paiju --help`` stays instant.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from sim.errors import UserError


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    module: str
    kinds: tuple[str, ...]  # what can be simulated: "census" (deal only), "play" (full hands)


GAMES: dict[str, GameEntry] = {
    "xiantao": GameEntry("xiantao", "仙桃千分 Xiantao Qianfen (4 players, 108 cards, 6 wilds)", "sim.games.xiantao", ("census", "play")),
    "doudizhu": GameEntry("doudizhu", "斗地主 Dou Dizhu (3 players, 54 cards, 17 each + 3 底牌)", "sim.games.doudizhu", ("play",)),
    "doudizhu4": GameEntry("doudizhu4", "斗地主 4 players, two decks (25 each + 8 底牌)", "sim.games.doudizhu4", ("play",)),
    "shanghai": GameEntry("shanghai", "上海三打一 Shanghai three-against-one (4 players, 108 cards, 25 each + 8 底牌)",
                          "sim.games.shanghai", ("play",)),
}


def game_entry(name: str) -> GameEntry:
    try:
        return GAMES[name]
    except KeyError:
        raise UserError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def load_game(name: str) -> ModuleType:
    return importlib.import_module(game_entry(name).module)


def resolve_rules(game: ModuleType, variant: str, rules_file: str | None, sets: list[str] | None = None):
    """The ruleset of ``variant`` with a TOML file and ``key=value`` overrides applied, validated."""
    from sim.ruleset import apply_overrides, load_toml, parse_set_option

    if variant not in game.VARIANTS:
        raise UserError(f"unknown variant {variant!r} of {game.NAME}; known: {', '.join(game.VARIANTS)}")
    rules = apply_overrides(game.Rules(), game.VARIANTS[variant][1])
    if rules_file:
        rules = apply_overrides(rules, load_toml(rules_file))
    for text in sets or []:
        key, value = parse_set_option(text)
        rules = apply_overrides(rules, {key: value})
    game.validate(rules)
    return rules
