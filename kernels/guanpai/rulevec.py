"""Layout of the 关牌 ``rules`` int64 vector that every 关牌 kernel reads; constants only.

``sim.games.guanpai.rules.compile_rules`` fills it from a ruleset. The vector starts with the
climbing engine's header (``kernels.climb.loop`` ``CL_*``: a pass does not lock, the hand size);
the 关牌 options follow from ``GP = CL_HEADER``. Values are 0/1 switches unless said otherwise.
"""

from __future__ import annotations

from kernels.climb.loop import CL_HEADER

GP = CL_HEADER  # the climbing engine's header (kernels.climb.loop CL_*) comes first
GP_N_SEATS = GP + 0  # players (always 2)
GP_N_HANDS = GP + 1  # hands dealt: 2 (s001_49) or 3 (s001_51, as_48: one hand unused)
GP_HAND_SIZE = GP + 2  # 17 or 16
GP_A_LOW_STRAIGHTS = GP + 3  # GP-5 as_straights: straights on A-low..A-high (A2345 .. 10JQKA)
GP_TCB_RANK = GP + 4  # rank index of the 3-card bomb (9 = Q, 11 = A), -1 = none
GP_TCB_HIGH = GP + 5  # 1: the 3-card bomb is the largest bomb (three As, as_48); 0: the smallest (3Q)
GP_BOMB_SINGLE = GP + 6  # a bomb may carry one single (4+1)
GP_TCB_SINGLE = GP + 7  # GP-6: the 3-card bomb may carry one single
GP_FOUR_THREE = GP + 8  # 四带三 (4 + pair + single, not a bomb) exists
GP_FOUR_THREE_TRIO = GP + 9  # 四带三's pair and single may be one rank (8888 + 999)
GP_LEAD_MUST_PLAY = GP + 10  # the first lead must contain the first-lead card's rank
GP_MAX_MOVES = GP + 11  # move buffer rows a hand can need
GP_NEXT_LEAD = GP + 12  # NEXT_LEAD_*: who leads a later deal of a session (GP-2)
GP_LEN = GP + 13

NEXT_LEAD_CARD, NEXT_LEAD_WINNER, NEXT_LEAD_LOSER = 0, 1, 2
