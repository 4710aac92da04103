"""斗地主 Dou Dizhu, 3 players, one deck (rules/doudizhu.md Part A) on the landlord family.

Variants: ``default`` (rule set R3), ``r3-qiang`` (R3 带抢地主 room with 明牌), ``r1`` (S001 Hubei
platform) and ``openspiel`` (OpenSpiel's dou_dizhu rules, checked move for move against it in
the test suite). Hands carry nothing from one to the next, so there are no sessions.
"""

from __future__ import annotations

from sim.games.landlord import landlord_game
from sim.games.landlord.play import Family
from sim.games.landlord.rules import DOUDIZHU_VARIANTS, DoudizhuRules, validate
from sim.games.landlord.scoring import DOUDIZHU_FACTORS, DOUDIZHU_FACTS, doudizhu_factors, doudizhu_money, scorer

FAMILY = Family(flow="auction", score=scorer(doudizhu_factors), money=doudizhu_money)
GAME = landlord_game(
    names=('斗地主',),
    name="doudizhu", title="斗地主 Dou Dizhu (3 players, 54 cards, 17 each + 3 底牌)", rules=DoudizhuRules,
    variants=DOUDIZHU_VARIANTS, validate=validate, family=FAMILY, facts=DOUDIZHU_FACTS, sessions=False,
    factors=DOUDIZHU_FACTORS,
)
