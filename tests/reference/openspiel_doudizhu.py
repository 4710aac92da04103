"""OpenSpiel's ``dou_dizhu`` next to our 斗地主 reference: action ids ↔ move keys, and the rule
options (``OPENSPIEL_VARIANT``) under which ``tests.reference.landlord_rules`` /
``landlord_game`` reproduce OpenSpiel move for move.

Pure Python; pyspiel is imported only by the helpers at the bottom that drive a live game.

Action layout (OpenSpiel >= 2.0; older builds put the chance outcomes in the same id space and
shift every player action by +105 — pass ``offset`` or use ``detect_offset``). Ranks 0..12 are
3..2, 13 = 小王 "(BWJ)", 14 = 大王 "(CJ)", as ours::

    0            Pass (bidding and play)
    1..3         Bid 1..3
    4..18        single, rank 0..14
    19..54       单顺, lengths 5..12, by length then lowest rank
    55..67       pair, rank 0..12
    68..119      双顺, lengths 3..10
    120..132     trio, rank 0..12
    133..314     三带一: trio rank t × 14 kicker ranks (0..14 without t)
    315..470     三带二: trio rank t × 12 kicker pair ranks (0..12 without t)
    471..515     三顺 (飞机 without wings), lengths 2..6
    516..23103   飞机带单, lengths 2..5 (88/330/816/1372 wing sets per chain), wings enumerated
                 by OpenSpiel's DFS: ranks in non-increasing order, <= 3 per rank, no chain rank,
                 at most one joker
    23104..26042 飞机带对, lengths 2..4 (55/120/126 wing sets), distinct non-joker pair ranks
    26043..26055 bomb, rank 0..12
    26056        rocket

Rule differences between OpenSpiel and the spec (R3 default / R1), each an option here:

* no 四带二 / 四带二对 at all (spec A3 has both)            → four_two_singles/pairs = False
* 飞机带单 wings: at most 3 of a rank (spec D-5 "any": 7777 may be four wings)
                                                             → wing_single_max_per_rank = 3
* 飞机带对 / wings: pair ranks distinct (333444+5555 not a play; our default allows it)
                                                             → pair_kickers_distinct = True
* a 单顺/双顺/三顺 never starts at a rank the player holds all four of (search quirk in
  ``SearchChainOnlyActions``; the spec has no such rule)   → chain_head_not_bomb = True
* after a rocket every bomb is offered (``SearchForLegalActions`` adds all bombs before it
  looks at the previous action; spec A4: nothing beats the rocket) → bombs_beat_rocket = True
* auction: round and round, a player who passed may bid later; ends on 3, on two passes in a
  row after a bid, or three passes (spec: one turn each)   → auction = "openspiel"
* no 抢地主, no 明牌; scoring = R3 with B = 1: landlord ±2·bid·2^(bombs+rockets+spring),
  farmers ∓bid·2^(...); 春天/反春 ×2 (R1 has rocket ×4, spring ×4: not OpenSpiel)
* all pass: terminal with returns 0 (spec: redeal, no score — the same money)
* first bidder: the player dealt the face-up card (spec S003 the same; we take it as given).
Unchanged: D-4 (kickers never share a trio rank), wings/四带二 never hold the rocket, the rocket
and bombs as in A4; chains within 3..A; trio + single may carry a joker.
"""

from __future__ import annotations

import random
from typing import Callable

from kernels.landlord.moves import (
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BOMB,
    PAIR,
    PAIR_CHAIN,
    SINGLE,
    STRAIGHT,
    TRIO_CHAIN,
    TRIO_PAIR,
    TRIO_SINGLE,
    TRIPLE,
    pack_counts,
)
from tests.reference.landlord_rules import DOUDIZHU_RULES, PASS_KEY, ROCKET_KEY, N_RANKS

OPENSPIEL_VARIANT: dict = {
    **DOUDIZHU_RULES,
    "four_two_singles": False,
    "four_two_pairs": False,
    "wing_single_max_per_rank": 3,
    "pair_kickers_distinct": True,
    "chain_head_not_bomb": True,
    "bombs_beat_rocket": True,
    "auction": "openspiel",
    "qiang": "none",
    "mingpai_allowed": False,
}

PASS_ACTION = 0
BID_ACTIONS = (1, 2, 3)
# (name, count) in id order from PLAY_BASE
_BLOCKS = (
    ("single", 15), ("solo_chain", 36), ("pair", 13), ("pair_chain", 52), ("trio", 13),
    ("trio_solo", 182), ("trio_pair", 156), ("airplane", 45), ("airplane_solo", 22588),
    ("airplane_pair", 2939), ("bomb", 13), ("rocket", 1),
)
PLAY_BASE = 4
BASE = {}
_next = PLAY_BASE
for _name, _count in _BLOCKS:
    BASE[_name] = _next
    _next += _count
N_ACTIONS = _next  # 26057
LEGACY_OFFSET = 105  # player-action shift of builds that shared ids with chance outcomes


def _key(kind, rank, size, chain=1, kickers=0):
    return (kind, rank, size, 0, -1, chain, kickers)


def _airplane_wings(head: int, length: int, pairs: bool):
    """OpenSpiel's ``dfs_airplane_kicker`` order: wing ranks non-increasing, each step from the
    lowest rank up; solo wings <= 3 of a rank and one joker at most; pair wings distinct and no
    jokers; chain ranks excluded."""
    used = [0] * N_RANKS
    for r in range(head, head + length):
        used[r] = 3
    out = []

    def dfs(depth: int, max_rank: int):
        if depth == length:
            out.append(tuple(0 if head <= r < head + length else used[r] for r in range(N_RANKS)))
            return
        for r in range(max_rank + 1):
            if used[r] == 3 or (pairs and used[r] == 2):
                continue
            if r >= 13:
                if pairs or used[r] or used[27 - r]:
                    continue
            used[r] += 2 if pairs else 1
            dfs(depth + 1, r)
            used[r] -= 2 if pairs else 1

    dfs(0, N_RANKS - 1)
    return out


def _build_table() -> list:
    """Move key of every play action id, in id order (index = id - PLAY_BASE)."""
    keys = [_key(SINGLE, r, 1) for r in range(15)]
    for length in range(5, 13):
        keys += [_key(STRAIGHT, h + length - 1, length, length) for h in range(13 - length)]
    keys += [_key(PAIR, r, 2) for r in range(13)]
    for length in range(3, 11):
        keys += [_key(PAIR_CHAIN, h + length - 1, 2 * length, length) for h in range(13 - length)]
    keys += [_key(TRIPLE, r, 3) for r in range(13)]
    for t in range(13):
        keys += [_key(TRIO_SINGLE, t, 4, 1, 1 << (4 * k)) for k in range(15) if k != t]
    for t in range(13):
        keys += [_key(TRIO_PAIR, t, 5, 1, 2 << (4 * k)) for k in range(13) if k != t]
    for length in range(2, 7):
        keys += [_key(TRIO_CHAIN, h + length - 1, 3 * length, length) for h in range(13 - length)]
    for kind, pairs, lengths in ((AIRPLANE_SINGLES, False, range(2, 6)),
                                 (AIRPLANE_PAIRS, True, range(2, 5))):
        for length in lengths:
            for h in range(13 - length):
                size = (5 if pairs else 4) * length
                keys += [_key(kind, h + length - 1, size, length, pack_counts(w))
                         for w in _airplane_wings(h, length, pairs)]
    keys += [_key(BOMB, r, 4) for r in range(13)]
    keys.append(ROCKET_KEY)
    assert len(keys) == N_ACTIONS - PLAY_BASE, len(keys)
    return keys


_TABLE: list = []
_INDEX: dict = {}


def _table() -> list:
    if not _TABLE:
        _TABLE.extend(_build_table())
        _INDEX.update({k: i for i, k in enumerate(_TABLE)})
    return _TABLE


def action_to_key(action: int, offset: int = 0) -> tuple:
    """Move key of an OpenSpiel play-phase action id (Pass → PASS_KEY)."""
    a = action - offset
    if a == PASS_ACTION:
        return PASS_KEY
    if not PLAY_BASE <= a < N_ACTIONS:
        raise ValueError(f"{action} is not a play action")
    return _table()[a - PLAY_BASE]


def key_to_action(key: tuple, offset: int = 0) -> int:
    """OpenSpiel action id of a move key; KeyError for plays OpenSpiel does not have."""
    key = tuple(int(x) for x in key)
    if key == PASS_KEY:
        return PASS_ACTION + offset
    _table()
    return _INDEX[key] + PLAY_BASE + offset


def bid_to_action(bid: int, offset: int = 0) -> int:
    return bid + offset  # 0 = pass


def action_to_bid(action: int, offset: int = 0) -> int:
    a = action - offset
    if not 0 <= a <= 3:
        raise ValueError(f"{action} is not a bidding action")
    return a


# -------------------------------------------------------------------------------------------
# Driving a live pyspiel game (imports pyspiel lazily)
# -------------------------------------------------------------------------------------------

_RANK_CHARS = "3456789TJQKA2"


def parse_cards(text: str) -> tuple:
    """Rank counts of an OpenSpiel card string such as '3345TT2(BWJ)(CJ)' ('-' ignored)."""
    counts = [0] * N_RANKS
    text = text.replace("(BWJ)", "s").replace("(CJ)", "b").replace("-", "")
    for ch in text:
        counts[{"s": 13, "b": 14}.get(ch, _RANK_CHARS.index(ch) if ch in _RANK_CHARS else -99)] += 1
    return tuple(counts)


def hand_of(state, player: int) -> tuple:
    """Rank counts the player holds, read from ``observation_string`` ('My hand ...')."""
    first = state.observation_string(player).split("\n", 1)[0]
    assert first.startswith("My hand"), first
    return parse_cards(first[len("My hand"):].strip())


def detect_offset(game) -> int:
    """0 for OpenSpiel >= 2.0 ('Pass' is action 0), 105 for builds with shared chance ids."""
    state = game.new_initial_state()
    for offset in (0, LEGACY_OFFSET):
        try:
            if state.action_to_string(0, offset) == "Pass":
                return offset
        except Exception:  # pyspiel.SpielError on a build where that id is not a player action
            continue
    raise RuntimeError("unknown dou_dizhu action layout")


def play_game(rng: random.Random, on_decision: Callable | None = None,
              bid_bias: float = 0.6) -> dict:
    """Play one OpenSpiel game with a seeded random policy and record it for ``replay``.

    Chance outcomes uniform; bids: with probability ``bid_bias`` a random bid, else pass; plays:
    half the time a uniform action, half the time a uniform kind then a uniform action of it.
    ``on_decision(state, player, hand, top_key, legal_keys)`` is called before each play.
    Returns deal (per-seat counts at the auction), kitty, first bidder, tokens, returns.
    """
    import pyspiel

    from tests.reference.landlord_rules import DOUDIZHU_RULES as _R

    game = pyspiel.load_game("dou_dizhu")
    offset = detect_offset(game)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = [a for a, _p in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    first = state.current_player()
    deal = [hand_of(state, p) for p in range(3)]
    full = tuple([4] * 13 + [1, 1])
    kitty = tuple(f - sum(h[r] for h in deal) for r, f in enumerate(full))
    assert sum(kitty) == _R["kitty_size"]
    tokens, top, passes, auction = [], None, 0, True
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if auction and any(1 <= a - offset <= 3 for a in legal):  # a bid is always open
            bids = [a for a in legal if a - offset > 0]
            a = rng.choice(bids) if bids and rng.random() < bid_bias else PASS_ACTION + offset
            tokens.append(action_to_bid(a, offset))
            state.apply_action(a)
            continue
        auction = False
        keys = {a: action_to_key(a, offset) for a in legal}
        if on_decision is not None:
            on_decision(state, player, hand_of(state, player), top, set(keys.values()))
        if rng.random() < 0.5:
            a = rng.choice(legal)
        else:
            kinds = sorted({k[0] for k in keys.values()})
            kind = rng.choice(kinds)
            a = rng.choice([x for x in legal if keys[x][0] == kind])
        key = keys[a]
        tokens.append(key)
        state.apply_action(a)
        if key == PASS_KEY:
            passes += 1
            if passes == 2:
                top, passes = None, 0
        else:
            top, passes = key, 0
    return {"deal": deal, "kitty": kitty, "first_bidder": first, "tokens": tokens,
            "returns": list(state.returns()), "history": state.history()}
