"""Layout of the 干瞪眼 ``rules`` int64 vector that every 干瞪眼 kernel reads; constants only.

``sim.games.gandengyan.rules.compile_rules`` fills it from a ruleset. The vector starts with the
climbing engine's header (``kernels.climb.loop`` ``CL_*``: a pass does not lock, the banker's
hand size); the 干瞪眼 options follow from ``GD = CL_HEADER``. Values are 0/1 switches unless
said otherwise; a chain maximum of 0 means "as long as 3..A allows".
"""

from __future__ import annotations

from kernels.climb.loop import CL_HEADER

GD = CL_HEADER  # the climbing engine's header (kernels.climb.loop CL_*) comes first, then from rules[GD]:
# GD_N_SEATS         players, 2..10
# GD_N_DECKS         1 (54 cards, 2 jokers) or 2 (108 cards, 4 jokers)
# GD_BANKER_CARDS    cards dealt to the banker / 东家 (5, 6 or 7)
# GD_OTHER_CARDS     cards dealt to every other player (5 or 6)
# GD_FIRST_LEAD      FIRST_LEAD_*: who leads the first trick
# GD_BANKER_RULE     BANKER_*: the next hand's banker in a session
# GD_LONE_JOKER      a lone joker may be played as a single of any rank (no variant allows it)
# GD_TRIO            三张 is a pattern
# GD_TRIO_FOLLOW     TRIO_FOLLOW_*
# GD_STRAIGHT_*      顺子 lengths (3..), MIN then MAX
# GD_PAIR_CHAIN_*    连对 pairs; MIN 0 = no such pattern
# GD_TRIO_CHAIN_*    三连对 trios; MIN 0 = no such pattern
# GD_BOMB_MIN / MAX  cards of one rank (jokers included) that make a bomb; MAX 0 = no cap
# GD_JOKER_BOMB      JOKER_BOMB_*
# GD_BOMB_COMPARE    BOMB_COMPARE_*
# GD_DRAW            DRAW_*: who draws at the end of a trick
# GD_END             END_*
# GD_MAX_MOVES       move buffer rows a hand can need
(GD_N_SEATS, GD_N_DECKS, GD_BANKER_CARDS, GD_OTHER_CARDS, GD_FIRST_LEAD, GD_BANKER_RULE, GD_LONE_JOKER, GD_TRIO,
 GD_TRIO_FOLLOW, GD_STRAIGHT_MIN, GD_STRAIGHT_MAX, GD_PAIR_CHAIN_MIN, GD_PAIR_CHAIN_MAX, GD_TRIO_CHAIN_MIN,
 GD_TRIO_CHAIN_MAX, GD_BOMB_MIN, GD_BOMB_MAX, GD_JOKER_BOMB, GD_BOMB_COMPARE, GD_DRAW, GD_END,
 GD_MAX_MOVES) = range(GD, GD + 22)
GD_LEN = GD + 22

FIRST_LEAD_BANKER, FIRST_LEAD_LOWEST_CARD = 0, 1
BANKER_PREVIOUS_WINNER, BANKER_RANDOM = 0, 1
TRIO_FOLLOW_HIGHER, TRIO_FOLLOW_PLUS_ONE = 0, 1
JOKER_BOMB_NONE, JOKER_BOMB_HIGHEST, JOKER_BOMB_TOP_OF_THREE = 0, 1, 2
BOMB_COMPARE_COUNT_THEN_RANK, BOMB_COMPARE_RANK_ONLY = 0, 1
DRAW_EVERYONE, DRAW_LAST_PLAYER = 0, 1  # 火拼 / qq / one-deck / two-deck, and 四川 经典
END_FIRST_OUT, END_PLAY_ON = 0, 1
