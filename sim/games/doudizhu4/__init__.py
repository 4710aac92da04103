"""斗地主 4 players, two decks (rules/doudizhu.md Part B, interpretation D-8): 25 cards each + 8
底牌, bombs of 4..8 cards, joker pairs, 天王炸 (four jokers) on top, landlord against three
farmers. The landlord family's engine with 斗地主 bidding and scoring; no sessions."""

from __future__ import annotations

from sim.games.landlord import landlord_game
from sim.games.landlord.play import Family
from sim.games.landlord.rules import DOUDIZHU4_VARIANTS, Doudizhu4Rules, validate
from sim.games.landlord.scoring import DOUDIZHU_FACTS, doudizhu_factors, doudizhu_money, scorer

FAMILY = Family(flow="auction", score=scorer(doudizhu_factors), money=doudizhu_money)
GAME = landlord_game(
    name="doudizhu4", title="斗地主 4 players, two decks (108 cards, 25 each + 8 底牌)", rules=Doudizhu4Rules,
    variants=DOUDIZHU4_VARIANTS, validate=validate, family=FAMILY, facts=DOUDIZHU_FACTS, sessions=False,
)
