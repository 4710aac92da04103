"""Layout of the 干瞪眼 ``rules`` int64 vector that every 干瞪眼 kernel reads; constants only.

``sim.games.gandengyan.rules.compile_rules`` fills it from a ruleset. The vector starts with the
climbing engine's header (``kernels.climb.loop`` ``CL_*``: a pass does not lock, the banker's
hand size); the 干瞪眼 options follow from ``GD = CL_HEADER``. Values are 0/1 switches unless
said otherwise; a chain maximum of 0 means "as long as 3..A allows".
"""

from __future__ import annotations

from kernels.climb.loop import CL_HEADER

GD = CL_HEADER  # the climbing engine's header (kernels.climb.loop CL_*) comes first
GD_N_SEATS = GD + 0  # players, 2..10
GD_N_DECKS = GD + 1  # 1 (54 cards, 2 jokers) or 2 (108 cards, 4 jokers)
GD_BANKER_CARDS = GD + 2  # cards dealt to the banker / 东家 (5, 6 or 7)
GD_OTHER_CARDS = GD + 3  # cards dealt to every other player (5 or 6)
GD_FIRST_LEAD = GD + 4  # FIRST_LEAD_*: who leads the first trick
GD_BANKER_RULE = GD + 5  # BANKER_*: the next hand's banker in a session
GD_LONE_JOKER = GD + 6  # a lone joker may be played as a single of any rank (no variant allows it)
GD_TRIO = GD + 7  # 三张 is a pattern
GD_TRIO_FOLLOW = GD + 8  # TRIO_FOLLOW_*
GD_STRAIGHT_MIN = GD + 9  # 顺子 lengths (3..)
GD_STRAIGHT_MAX = GD + 10
GD_PAIR_CHAIN_MIN = GD + 11  # 连对 pairs; 0 = no such pattern
GD_PAIR_CHAIN_MAX = GD + 12
GD_TRIO_CHAIN_MIN = GD + 13  # 三连对 trios; 0 = no such pattern
GD_TRIO_CHAIN_MAX = GD + 14
GD_BOMB_MIN = GD + 15  # cards of one rank (jokers included) that make a bomb
GD_BOMB_MAX = GD + 16  # 0 = no cap
GD_JOKER_BOMB = GD + 17  # JOKER_BOMB_*
GD_BOMB_COMPARE = GD + 18  # BOMB_COMPARE_*
GD_DRAW = GD + 19  # DRAW_*: who draws at the end of a trick
GD_END = GD + 20  # END_*
GD_MAX_MOVES = GD + 21  # move buffer rows a hand can need
GD_LEN = GD + 22

FIRST_LEAD_BANKER, FIRST_LEAD_LOWEST_CARD = 0, 1
BANKER_PREVIOUS_WINNER, BANKER_RANDOM = 0, 1
TRIO_FOLLOW_HIGHER, TRIO_FOLLOW_PLUS_ONE = 0, 1
JOKER_BOMB_NONE, JOKER_BOMB_HIGHEST, JOKER_BOMB_TOP_OF_THREE = 0, 1, 2
BOMB_COMPARE_COUNT_THEN_RANK, BOMB_COMPARE_RANK_ONLY = 0, 1
DRAW_EVERYONE, DRAW_LAST_PLAYER = 0, 1  # 火拼 / qq / one-deck / two-deck, and 四川 经典
END_FIRST_OUT, END_PLAY_ON = 0, 1
