"""Rule presets of the landlord family as flat dicts (rules are data): 斗地主 3p R3 (default)
and R1, 斗地主 4p two decks, 上海三打一. Every default is taken from ``rules/doudizhu.md`` and
``rules/shanghai-sandayi.md``; interpretations carry their ID (D-x, SH-x), decisions the spec
leaves open say "decision". Pattern options are read by ``landlord_rules``, bidding and scoring
options by ``landlord_game``.
"""

from __future__ import annotations

from typing import Mapping

GAMES = ("doudizhu", "doudizhu4", "shanghai")

# -------------------------------------------------------------------------------------------
# Presets (every default below is quoted from the specs; interpretations carry their ID)
# -------------------------------------------------------------------------------------------

DOUDIZHU_RULES: dict = {
    "game": "doudizhu",
    "ruleset": "R3",  # R3 = S003 tournament (default); R1 = S001 Hubei platform
    "n_players": 3,
    "n_decks": 1,
    "hand_size": 17,
    "kitty_size": 3,
    # --- patterns (A3) ---
    "max_bomb_size": 4,
    "joker_pairs": False,  # BJ+SJ is not a pair; one deck has no joker pair
    "rocket": True,  # 火箭 BJ+SJ beats everything
    "tianwang": False,
    "a_low_sequences": False,  # chains stay within 3..A
    "trio_chain_a_low": False,
    "trio_single": True,  # 三带一
    "trio_pair": True,  # 三带二
    "airplane_singles": True,
    "airplane_pairs": True,
    "airplane_pairs_consecutive": False,
    "four_two_singles": True,  # 四带二 (not a bomb)
    "four_two_pairs": True,  # 四带二对
    "kicker_rank_distinct": True,  # D-4: kickers never share a trio/four rank of the play
    "wing_singles_rule": "any",  # D-5: any | distinct_ranks | s001_literal
    "four_two_singles_may_pair": True,  # D-6: 5555+33 is a 四带二
    "pair_kickers_distinct": False,  # decision: 333444+5555 (one rank as two pairs) allowed
    "kickers_no_joker_bomb": True,  # S001: wings / 四带二 singles may not be the rocket;
    # decision for 4p: kickers may not hold 天王炸 (and SJ+BJ only where the rocket exists)
    "wing_single_max_per_rank": None,  # None = no cap (OpenSpiel: 3)
    "joker_pair_in_sandaier": True,  # only matters where joker pairs exist
    "chain_head_not_bomb": False,  # OpenSpiel quirk, see openspiel_doudizhu.py
    "bombs_beat_rocket": False,  # OpenSpiel quirk: any bomb may follow the rocket
    # --- bidding (A2 / A2') ---
    "auction": "one_round",  # one turn each (spec) | "openspiel" (re-bid after passing)
    "max_bid": 3,
    "qiang": "none",  # none | after_bidding (R3 带抢地主 room) | after_three (R1)
    "mingpai_allowed": False,  # R3: only in 带抢地主 rooms; R1: always
    # --- scoring (A6) ---
    "base": 1,
    "qiang_factor": 2,
    "mingpai_factor": 2,
    "bomb_factor": 2,
    "rocket_factor": 2,  # R1: 4
    "tianwang_factor": 2,  # decision: Part B's 天王炸 counts as a bomb (×2)
    "spring_factor": 2,  # R1: 4
    "fanchun_factor": 2,
    # --- 上海 §2.1 bomb limits: off outside 上海; 天王炸 counts as a limited bomb where they apply (SH-2)
    "bomb_limits": False,
    "tianwang_counts_for_limit": True,
}

DOUDIZHU_R1_RULES: dict = {
    **DOUDIZHU_RULES,
    "ruleset": "R1",
    "qiang": "after_three",
    "mingpai_allowed": True,
    "rocket_factor": 4,
    "spring_factor": 4,
}

DOUDIZHU4_RULES: dict = {
    **DOUDIZHU_RULES,
    "game": "doudizhu4",
    "n_players": 4,
    "n_decks": 2,
    "hand_size": 25,
    "kitty_size": 8,
    "max_bomb_size": 8,  # D-8: bombs of 4..8 cards
    "joker_pairs": True,  # BJBJ, SJSJ
    "rocket": False,  # option two_deck_rocket; decision: if on, above all bombs, below 天王炸
    "tianwang": True,  # 4 jokers, highest play
}

SHANGHAI_RULES: dict = {
    **DOUDIZHU4_RULES,
    "game": "shanghai",
    "a_low_sequences": True,  # A2345 .. 10JQKA, A2..KA; not JQKA2
    "trio_chain_a_low": True,  # SH-5
    "trio_single": False,  # no 三带一
    "airplane_singles": False,
    "airplane_pairs_consecutive": True,  # 333444+5566, not +5577; decision: on the 双顺
    # sequence (A-low allowed: 444555+AA22), n >= 2 pairs, no pair of a trio rank
    "four_two_singles": False,
    "four_two_pairs": False,
    "joker_pair_in_sandaier": True,  # SH-4
    # --- bidding / scoring (§2, §7) ---
    "qiang": "none",
    "mingpai_allowed": False,
    "touliao_rule": "as_4_dang",  # SH-8 | extra_x4
    "huangfan_stacks": False,  # SH-1
    "tianwang_counts_for_limit": True,  # SH-2
    "bomb_limits": True,  # §2.1 (off: compare with limits off)
    "baodao_count_multiplies": False,  # SH-7
    "pz_baodao_settlement": False,  # SH-7 alt ([X-pz])
    "bombs_multiply": False,  # [X-pz] option; decision: ×2 per bomb / 天王炸 played
}

PRESETS = {"doudizhu": DOUDIZHU_RULES, "doudizhu4": DOUDIZHU4_RULES, "shanghai": SHANGHAI_RULES}


def rules_for(game: str, rules: Mapping | None = None) -> dict:
    """The game's preset overlaid with ``rules`` (a flat dict of overrides)."""
    if game not in PRESETS:
        raise ValueError(f"unknown landlord game {game!r}; expected one of {GAMES}")
    if rules and rules.get("game", game) != game:
        raise ValueError(f"rules are for {rules['game']!r}, not {game!r}")
    merged = dict(PRESETS[game])
    if rules:
        merged.update(rules)
    merged["game"] = game
    return merged
