"""斗地主 Dou Dizhu, 3 players, one deck (rules/doudizhu.md Part A) on the climbing engine.

Variants: ``default`` (rule set R3), ``r3-qiang`` (R3 带抢地主 room with 明牌), ``r1`` (S001
Hubei platform) and ``openspiel`` (OpenSpiel's dou_dizhu rules, checked move for move against it
in tests/games/test_landlord_openspiel.py). The ruleset, compilation and play live in
``sim.games.landlord`` / ``sim.games.landlord_play``, shared by the whole family.
"""

from __future__ import annotations

from sim.games.landlord import DOUDIZHU_VARIANTS, LandlordRules, validate  # noqa: F401
from sim.games.landlord_play import compute_play, warm_up_play  # noqa: F401

NAME = "doudizhu"
TITLE = "斗地主 Dou Dizhu (3 players, 54 cards, 17 each + 3 底牌)"
N_SEATS = 3
Rules = LandlordRules
VARIANTS = DOUDIZHU_VARIANTS


def parse_policies(text: str) -> list[str]:
    from sim.games.landlord_play import parse_policies as _parse

    return _parse(text, N_SEATS)


def parse_policy_params(items, policies) -> list[dict]:
    from sim.games.landlord_play import parse_policy_params as _parse

    return _parse(items, len(policies))


def check_play_options(hands_per_session: int, duplicate: bool) -> None:
    from sim.errors import UserError

    if hands_per_session != 1 or duplicate:
        raise UserError(f"{NAME}: --hands-per-session and --duplicate are not supported yet")
