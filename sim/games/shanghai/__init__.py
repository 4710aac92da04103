"""上海三打一 Shanghai "three against one" (rules/shanghai-sandayi.md, SH-1..SH-8) on the landlord
family: 108 cards, 25 each + 8 底牌; 叫档 1-3 from the holder of the marker card (明王 when it is a
joker); 头撂, per-farmer bomb limits by bid, 天王炸, bombs of 4-8, A-low/A-high chains up to the
14-card A2…KA, airplanes with consecutive pair wings; 摊打, 报到 / 双报到 with 打 / 不打; 荒番 for
the next deal of a session (``--hands-per-session``).

Modules: ``rules`` (options and variants), ``scoring`` (§7 factors), ``report`` (its section).
"""

from __future__ import annotations

from sim.games.landlord import landlord_game
from sim.games.landlord.play import Family
from sim.games.shanghai.report_play import EXTENSION
from sim.games.shanghai.rules import POLICY_DEFAULTS, VARIANTS, ShanghaiRules, validate
from sim.games.landlord.scoring import scorer
from sim.games.shanghai.scoring import FACTS, SHANGHAI_FACTORS, factors, money

FAMILY = Family(flow="marker_dang", score=scorer(factors), money=money, policy_defaults=POLICY_DEFAULTS)
GAME = landlord_game(
    names=('上海三打一', '三打一'),
    name="shanghai", title="上海三打一 Shanghai three-against-one (4 players, 108 cards, 25 each + 8 底牌)",
    rules=ShanghaiRules, variants=VARIANTS, validate=validate, family=FAMILY,
    facts=FACTS, sessions=True, report_extension=EXTENSION, factors=SHANGHAI_FACTORS,
)
