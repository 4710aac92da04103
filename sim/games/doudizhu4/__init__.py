"""斗地主 4 players, two decks (rules/doudizhu.md Part B, interpretation D-8): 25 cards each + 8
底牌, bombs of 4..8 cards, joker pairs, 天王炸 (four jokers) on top, landlord against three
farmers. The landlord family's engine with 斗地主 bidding and scoring; no sessions."""

from __future__ import annotations

from sim.games.landlord import landlord_game
from sim.games.landlord.play import Family
from sim.games.landlord.rules import DOUDIZHU4_VARIANTS, Doudizhu4Rules, validate
from sim.games.landlord.scoring import DOUDIZHU_FACTORS, DOUDIZHU_FACTS, doudizhu_factors, doudizhu_money, scorer

# default policy parameters (kernels.landlord.policies.PARAM_ORDER) under the user's --policy-param.
# smart's landlord (never breaking a bomb, bombing for the lead while it holds two) wins about 70% of
# deals at any hand strength and every bomb doubles the stake, so smart bids 3 from strength 5 (a bid
# of 1 or 2 is outbid by the next hand): one smart seat bidding from 斗地主's 5 / 7 / 8.5 gains
# +29 ± 1.1 per hand over seats bidding from 19 / 23 / 27, then +5.2 ± 0.5 bidding 3 from 5 (36,000
# duplicate hands each). Farmers do not bomb back for the lead (farmer_bombs): with the stake doubled
# per bomb, one farmer doing so loses 0.1-1.3 per hand.
POLICY_DEFAULTS: dict[str, dict[str, float]] = {"smart": {"bid1": 5.0, "bid2": 5.0, "bid3": 5.0}}
# search: money here is heavy-tailed (each bomb doubles the stake), so search leaves smart's move only
# 3 standard errors ahead: at confidence 1 one search seat lost -10.6 ± 3.8 per hand to the new smart
# (4 worlds, 4,000 duplicate hands); at 3, -1.0 ± 3.9 (4 worlds) and +4.1 ± 3.6 (12 worlds), 2,000 hands
POLICY_DEFAULTS["search"] = {**POLICY_DEFAULTS["smart"], "confidence": 3.0}

FAMILY = Family(flow="auction", score=scorer(doudizhu_factors), money=doudizhu_money, policy_defaults=POLICY_DEFAULTS)
GAME = landlord_game(
    names=('四人斗地主',),
    name="doudizhu4", title="斗地主 4 players, two decks (108 cards, 25 each + 8 底牌)", rules=Doudizhu4Rules,
    variants=DOUDIZHU4_VARIANTS, validate=validate, family=FAMILY, facts=DOUDIZHU_FACTS, sessions=False,
    factors=DOUDIZHU_FACTORS,
)
