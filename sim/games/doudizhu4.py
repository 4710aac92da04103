"""斗地主 4 players, two decks (rules/doudizhu.md Part B, interpretation D-8): 25 cards each + 8
底牌, bombs of 4..8 cards, joker pairs, 天王炸 (four jokers) on top, landlord against three
farmers. Shares the family's ruleset and engine (``sim.games.landlord``)."""

from __future__ import annotations

from sim.games.landlord import Doudizhu4Rules, validate  # noqa: F401
from sim.games.landlord_play import compute_play, warm_up_play  # noqa: F401

NAME = "doudizhu4"
TITLE = "斗地主 4 players, two decks (108 cards, 25 each + 8 底牌)"
N_SEATS = 4
Rules = Doudizhu4Rules
VARIANTS: dict[str, tuple[str, dict]] = {
    "default": ("Part B defaults (D-8): bombs 4-8, 天王炸, no two-deck rocket", {}),
    "rocket": ("two_deck_rocket: one 大王 + one 小王 is a rocket above every bomb, below 天王炸", {"rocket": True}),
    "qiang": ("with 抢地主 and 明牌 (R3 带抢 room)", {"qiang": "after_bidding", "mingpai_allowed": True}),
}


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
