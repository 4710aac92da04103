"""上海三打一 Shanghai "three against one" (rules/shanghai-sandayi.md, SH-1..SH-8) on the climbing
engine: 108 cards, 25 each + 8 底牌; 叫档 1-3 from the holder of the marker card (明王 when it is a
joker); 头撂, per-farmer bomb limits by bid, 天王炸, bombs of 4-8, A-low/A-high chains up to the
14-card A2…KA, airplanes with consecutive pair wings; 摊打, 报到 / 双报到 with 打 / 不打; 荒番 for
the next deal of a session (``--hands-per-session``). The ruleset, compilation, play and late
scoring are the family's (``sim.games.landlord`` / ``sim.games.landlord_play``).
"""

from __future__ import annotations

from sim.games.landlord import SHANGHAI_VARIANTS, ShanghaiRules, validate  # noqa: F401
from sim.games.landlord_play import compute_play, warm_up_play  # noqa: F401

NAME = "shanghai"
TITLE = "上海三打一 Shanghai three-against-one (4 players, 108 cards, 25 each + 8 底牌)"
N_SEATS = 4
Rules = ShanghaiRules
VARIANTS = SHANGHAI_VARIANTS


def parse_policies(text: str) -> list[str]:
    from sim.games.landlord_play import parse_policies as _parse

    return _parse(text, N_SEATS)


def parse_policy_params(items, policies) -> list[dict]:
    from sim.games.landlord_play import parse_policy_params as _parse

    return _parse(items, len(policies))


def check_play_options(hands_per_session: int, duplicate: bool) -> None:
    """Sessions carry 荒番 from an all-pass deal to the next one; --duplicate is not supported."""
    from sim.errors import UserError

    if duplicate:
        raise UserError(f"{NAME}: --duplicate is not supported yet (sessions with --hands-per-session are)")
