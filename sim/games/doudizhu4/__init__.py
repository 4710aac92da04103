"""斗地主 4 players, two decks (rules/doudizhu.md Part B, interpretation D-8): 25 cards each + 8
底牌, bombs of 4..8 cards, joker pairs, 天王炸 (four jokers) on top, landlord against three
farmers. The landlord family's engine with 斗地主 bidding and scoring; no sessions."""

from __future__ import annotations

from sim.games.landlord import landlord_game
from sim.games.landlord.play import Family
from sim.games.landlord.rules import DOUDIZHU4_VARIANTS, Doudizhu4Rules, validate
from sim.games.landlord.scoring import DOUDIZHU_FACTS, doudizhu_factors, doudizhu_money, scorer

# default policy parameters (kernels.landlord.policies.PARAM_ORDER) under the user's --policy-param.
# 25-card hands score far higher than 斗地主's 17: with 斗地主's thresholds (5 / 7 / 8.5) smart bid 3
# on 98.5% of deals and the landlord averaged -2.9 per hand. With these, on duplicate deals (8,000
# hands), one smart seat gains +0.90 ± 0.13 per hand over the old thresholds among old-threshold
# players, and +2.60 ± 0.21 among players using these; the landlord still loses at bid 1 (three
# farmers of 25 cards against 33 are favoured), so bidding stays rare above it.
POLICY_DEFAULTS: dict[str, dict[str, float]] = {"smart": {"bid1": 19.0, "bid2": 23.0, "bid3": 27.0}}
POLICY_DEFAULTS["search"] = dict(POLICY_DEFAULTS["smart"])  # search's unsearched bids and its rollouts

FAMILY = Family(flow="auction", score=scorer(doudizhu_factors), money=doudizhu_money, policy_defaults=POLICY_DEFAULTS)
GAME = landlord_game(
    name="doudizhu4", title="斗地主 4 players, two decks (108 cards, 25 each + 8 底牌)", rules=Doudizhu4Rules,
    variants=DOUDIZHU4_VARIANTS, validate=validate, family=FAMILY, facts=DOUDIZHU_FACTS, sessions=False,
)
