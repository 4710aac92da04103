"""干瞪眼 as data: every option of docs/rules/gandengyan.md §6 plus what tells the four variants apart
(deck, deal, patterns, follow rules, draws, end rule, scoring), the variants, checks, and the
arrays the kernels read (``compile_rules``).

The base class holds the default variant ``qq`` (QQ游戏, [S004c]); the others are overrides.
Spec names map onto fields: ``straight_len`` exact / at_least (G-6) is ``straight_max`` 3 / 0,
``pair_chain_pairs`` is ``pair_chain_max`` 2 / 0, ``sichuan_mode`` 经典 / 火拼 is ``draw``
last_player / everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from sim.game import Variant
from sim.ruleset import rule, scoring

NAME = "gandengyan"
TITLE = "干瞪眼 Gan Deng Yan (2–10 players, 54 or 108 cards, draw from the stock after every trick)"
DEFAULT_VARIANT = "default"  # the qq rules (alias variant "qq")
MAX_SEATS = 10


@dataclass(frozen=True)
class GandengyanRules:
    """Variant ``qq`` (the default), field by field; see ``VARIANTS`` for the others."""

    # table and deal
    players: int = rule(4, "players at the table (min_players..max_players)")
    min_players: int = rule(2, "fewest players the variant is played by")
    max_players: int = rule(5, "most players the variant is played by")
    decks: int = rule(1, "54-card packs: 1 (two jokers) or 2 (four jokers)")
    banker_cards: int = rule(6, "cards dealt to the banker (庄家 / 东家)")
    other_cards: int = rule(5, "cards dealt to every other player; the rest is the stock")
    banker: Literal["previous_winner", "random"] = rule(
        "previous_winner", "who is banker: random for a session's first hand, then the previous (first) winner; or random "
        "every hand (docs/rules/gandengyan.md#g-1)"
    )
    first_leader: Literal["banker", "lowest_card"] = rule(
        "banker", "who leads: the banker, or the holder of the lowest card (♠3 first; ties: first from the banker) "
        "(docs/rules/gandengyan.md#s3)"
    )
    # patterns
    lone_joker: bool = rule(False, "a lone joker may be played as a single of any rank (no variant allows it)")
    trio: bool = rule(True, "三张 is a pattern")
    trio_follow: Literal["higher", "plus_one"] = rule(
        "higher", "三张 is answered by any higher trio (qq), or exactly +1 or 222"
    )
    straight_min: int = rule(3, "shortest 顺子")
    straight_max: int = rule(3, "longest 顺子; 0 = any length up to 3..A (docs/rules/gandengyan.md#g-6)")
    pair_chain_min: int = rule(2, "fewest pairs of a 连对, 0 = no 连对")
    pair_chain_max: int = rule(2, "most pairs in a 连对; 0 = no limit (docs/rules/gandengyan.md#g-6)")
    trio_chain_min: int = rule(0, "fewest trios of a 三连对, 0 = no 三连对 (two-deck: 2)")
    trio_chain_max: int = rule(0, "most trios of a 三连对, 0 = no limit (two-deck: 3)")
    bomb_min: int = rule(4, "cards of one rank (jokers included) that make a bomb")
    bomb_max: int = rule(4, "largest bomb, 0 = every card of the rank plus every joker")
    joker_bomb: Literal["highest", "top_of_three", "none"] = rule(
        "highest", "双王 (大王 + 小王): the highest bomb (qq), the top 3-card bomb (sichuan), or not a bomb"
    )
    bomb_compare: Literal["count_then_rank", "rank_only"] = rule(
        "count_then_rank", "bomb against bomb: more cards first, then rank; or rank only (docs/rules/gandengyan.md#g-2)"
    )
    # drawing and the end
    draw: Literal["everyone", "last_player"] = rule(
        "everyone", "after a trick everyone draws one card, or only the trick winner (sichuan 经典); nothing once the "
        "stock is empty (docs/rules/gandengyan.md#g-3)"
    )
    draw_order: Literal["winner_first_ccw"] = rule(
        "winner_first_ccw", "order of the draws: the trick winner first, then counter-clockwise "
        "(docs/rules/gandengyan.md#g-3)"
    )
    end: Literal["first_out", "play_on"] = rule(
        "first_out", "the first player out wins and the hand ends; or the others play on and each later finisher "
        "collects too (one-deck)"
    )
    # scoring (money only)
    base: int = scoring(1, "base stake per card")
    loser: Literal["all", "most_cards"] = scoring(
        "all", "who pays: every other player, or only the one(s) holding the most cards (two-deck introduction)"
    )
    public_bomb3: int = scoring(1, "public multiplier factor per 3-card bomb played")
    public_bomb4: int = scoring(2, "public multiplier factor per 4-card bomb played")
    public_bomb5: int = scoring(1, "public multiplier factor per 5-card bomb played")
    public_bomb6: int = scoring(1, "public multiplier factor per bomb of 6 or more cards played")
    public_joker_bomb: int = scoring(2, "public multiplier factor per 双王 played")
    held_bomb3: int = scoring(1, "personal factor per natural 3 of a kind in a loser's hand (jokers set aside)")
    held_bomb4: int = scoring(
        2, "personal factor per natural 4 of a kind in a loser's hand (docs/rules/gandengyan.md#g-7)"
    )
    held_bomb5: int = scoring(1, "personal factor per natural 5+ of a kind in a loser's hand")
    held_joker: int = scoring(2, "personal factor per joker in a loser's hand")
    quanguan: Literal["none", "no_play", "all_no_play", "no_play_banker_one"] = scoring(
        "none", "全关 (× quanguan_factor on a loser's payment): none; no_play = each loser who never played; "
        "all_no_play = every loser, only when no loser played (two-deck); no_play_banker_one = a "
        "non-banker who never played, a banker who played once (sichuan) (docs/rules/gandengyan.md#s3)"
    )
    quanguan_factor: int = scoring(2, "personal factor of a 全关 loser")
    round_double_at: int = scoring(0, "×2 when the hand reaches this trick (sichuan 20), 0 = never")
    round_double_again_at: int = scoring(0, "×2 more at this trick (sichuan 30), 0 = never")
    multiplier_cap: int = scoring(0, "cap on public × personal (sichuan 64), 0 = none")


_SICHUAN = {
    "min_players": 2, "max_players": 5, "trio": False, "straight_max": 0, "pair_chain_max": 0, "bomb_min": 3,
    "bomb_max": 0, "joker_bomb": "top_of_three", "draw": "last_player", "public_bomb3": 2, "public_bomb4": 4,
    "public_bomb5": 8, "public_bomb6": 16, "public_joker_bomb": 2, "held_bomb3": 2, "held_bomb4": 4, "held_bomb5": 8,
    "held_joker": 2, "quanguan": "no_play_banker_one", "round_double_at": 20, "round_double_again_at": 30,
    "multiplier_cap": 64,
}
_NO_MULTIPLIERS = {"public_bomb3": 1, "public_bomb4": 1, "public_bomb5": 1, "public_bomb6": 1, "public_joker_bomb": 1,
                   "held_bomb3": 1, "held_bomb4": 1, "held_bomb5": 1, "held_joker": 1}

_QQ_DOC = ("QQ游戏 rules: 54 cards, 2–5 players, banker 6 / others 5, 顺子 of 3, 连对 of 2, 三张 any higher, "
           "4-card bombs and 双王, public ×2 per bomb, personal ×2 per bomb and joker left")
VARIANTS: dict[str, Variant] = {
    "default": Variant(_QQ_DOC),
    "qq": Variant("the default (" + _QQ_DOC.split(":")[0] + "), by its name"),
    "one-deck": Variant(("起五张 (one deck): 54 cards, 2–6 players, 5 each, bombs of 3+, 连牌 of 3+, the others play on "
                         "and every finisher collects the cards still held"),
                        {"min_players": 2, "max_players": 6, "banker_cards": 5, "trio": False, "straight_max": 0,
                         "pair_chain_min": 0, "pair_chain_max": 0, "bomb_min": 3, "bomb_max": 0, "joker_bomb": "none",
                         "end": "play_on", **_NO_MULTIPLIERS}),
    "two-deck": Variant(("two decks: 108 cards with 4 jokers, 3–10 players, 东家 7 / others 6, 三张 +1 or 222, 连对 "
                         "and 三连对 of 2–3, bombs of 4+ (×4 each), 全关 ×2 to every loser when no loser played"),
                        {"players": 4, "min_players": 3, "max_players": 10, "decks": 2, "banker_cards": 7,
                         "other_cards": 6, "trio_follow": "plus_one", "straight_max": 0, "pair_chain_max": 3,
                         "trio_chain_min": 2, "trio_chain_max": 3, "bomb_max": 0, "joker_bomb": "none",
                         **_NO_MULTIPLIERS, "public_bomb4": 4, "public_bomb5": 4, "public_bomb6": 4,
                         "quanguan": "all_no_play"}),
    "sichuan": Variant(("四川 经典 (Sichuan online rules): 54 cards, 2–5 players, bombs of 3+ (双王 the top 3-card bomb), only the "
                        "trick winner draws, public ×2/×4/×8/×16 per bomb and ×2 at tricks 20 and 30, cap 64"),
                       _SICHUAN),
    "sichuan-huopin": Variant("四川 火拼: as sichuan, but everyone draws after a trick", {**_SICHUAN, "draw": "everyone"}),
}


def validate(rules: GandengyanRules) -> None:
    """Cross-field checks a type cannot express; one-line ``UserError``."""
    from sim.errors import UserError

    r = rules
    if not 2 <= r.min_players <= r.max_players <= MAX_SEATS:
        raise UserError(f"players range {r.min_players}–{r.max_players} must lie within 2–{MAX_SEATS}")
    if not r.min_players <= r.players <= r.max_players:
        raise UserError(f"this 干瞪眼 variant is played by {r.min_players}–{r.max_players} players; got players = "
                        f"{r.players}")
    if r.decks not in (1, 2):
        raise UserError(f"option 'decks' must be 1 or 2; got {r.decks}")
    if not 1 <= r.other_cards <= r.banker_cards:
        raise UserError(f"need 1 <= other_cards <= banker_cards; got {r.other_cards} and {r.banker_cards}")
    if r.banker_cards + (r.players - 1) * r.other_cards > 54 * r.decks:
        raise UserError(f"{r.players} players cannot be dealt {r.banker_cards} + {r.other_cards} each from "
                        f"{54 * r.decks} cards")
    if r.straight_min < 3 or (r.straight_max and r.straight_max < r.straight_min):
        raise UserError("顺子 lengths: straight_min >= 3 and straight_max >= straight_min (or 0)")
    for name in ("pair_chain", "trio_chain"):
        lo, hi = getattr(r, f"{name}_min"), getattr(r, f"{name}_max")
        if (lo != 0 and lo < 2) or (hi and hi < lo):
            raise UserError(f"{name} lengths: {name}_min 0 (none) or >= 2, {name}_max >= {name}_min (or 0)")
    if r.bomb_min < 3 or (r.bomb_max and r.bomb_max < r.bomb_min):
        raise UserError("bombs: bomb_min >= 3 and bomb_max >= bomb_min (or 0)")
    if r.base <= 0:
        raise UserError(f"option 'base' must be positive; got {r.base}")
    for key in ("public_bomb3", "public_bomb4", "public_bomb5", "public_bomb6", "public_joker_bomb", "held_bomb3",
                "held_bomb4", "held_bomb5", "held_joker", "quanguan_factor"):
        if getattr(r, key) < 1:
            raise UserError(f"option {key!r} must be >= 1; got {getattr(r, key)}")
    if r.multiplier_cap < 0 or r.round_double_at < 0 or r.round_double_again_at < 0:
        raise UserError("multiplier_cap and round_double_* must be >= 0 (0 = off)")


def deck_ids(rules: GandengyanRules) -> np.ndarray:
    """Physical ids (``kernels.cards``) of the pack: ``decks`` × 54, in id order (int16)."""
    return np.arange(54 * rules.decks, dtype=np.int16)


def max_moves(rules: GandengyanRules) -> int:
    """Move buffer rows: leading with many jokers lists every completion of every chain. Even the
    whole pack in one hand fits (the tests check every option set)."""
    return 8192 if rules.decks == 1 else 16384


@dataclass(frozen=True)
class Compiled:
    """What the kernels read: ``rules`` (``kernels.gandengyan.rulevec`` layout) and the unshuffled
    ``deck`` (int16 ids)."""

    rules: np.ndarray
    deck: np.ndarray


def compile_rules(rules: GandengyanRules) -> Compiled:
    from kernels.gandengyan import rulevec as V

    from kernels.climb.loop import CL_HAND_SIZE, CL_PASS_LOCKS

    v = np.zeros(V.GD_LEN, np.int64)
    v[CL_PASS_LOCKS] = 0  # a pass does not lock: the trick ends when everyone else passed since the last play
    v[CL_HAND_SIZE] = rules.other_cards  # the banker's share is GD_BANKER_CARDS
    v[V.GD_N_SEATS] = rules.players
    v[V.GD_N_DECKS] = rules.decks
    v[V.GD_BANKER_CARDS] = rules.banker_cards
    v[V.GD_OTHER_CARDS] = rules.other_cards
    v[V.GD_FIRST_LEAD] = ("banker", "lowest_card").index(rules.first_leader)
    v[V.GD_BANKER_RULE] = ("previous_winner", "random").index(rules.banker)
    v[V.GD_LONE_JOKER] = rules.lone_joker
    v[V.GD_TRIO] = rules.trio
    v[V.GD_TRIO_FOLLOW] = ("higher", "plus_one").index(rules.trio_follow)
    v[V.GD_STRAIGHT_MIN] = rules.straight_min
    v[V.GD_STRAIGHT_MAX] = rules.straight_max
    v[V.GD_PAIR_CHAIN_MIN] = rules.pair_chain_min
    v[V.GD_PAIR_CHAIN_MAX] = rules.pair_chain_max
    v[V.GD_TRIO_CHAIN_MIN] = rules.trio_chain_min
    v[V.GD_TRIO_CHAIN_MAX] = rules.trio_chain_max
    v[V.GD_BOMB_MIN] = rules.bomb_min
    v[V.GD_BOMB_MAX] = rules.bomb_max
    v[V.GD_JOKER_BOMB] = {"none": V.JOKER_BOMB_NONE, "highest": V.JOKER_BOMB_HIGHEST,
                          "top_of_three": V.JOKER_BOMB_TOP_OF_THREE}[rules.joker_bomb]
    v[V.GD_BOMB_COMPARE] = ("count_then_rank", "rank_only").index(rules.bomb_compare)
    v[V.GD_DRAW] = ("everyone", "last_player").index(rules.draw)
    v[V.GD_END] = ("first_out", "play_on").index(rules.end)
    v[V.GD_MAX_MOVES] = max_moves(rules)
    return Compiled(v, deck_ids(rules))


Rules = GandengyanRules
