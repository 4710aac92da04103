"""Slow reference game flow of the landlord family: bidding, kitty, turn loop and scoring.

``replay`` validates one deal of 斗地主 (3p R3/R1, 4p two decks) or 上海三打一 move by move and
returns a ``DealResult`` with per-seat money; any illegal step raises ``RuleViolation``. Patterns
and legality come from ``tests.reference.landlord_rules``. Specs: ``rules/doudizhu.md`` A2, A2',
A5, A6, Part B; ``rules/shanghai-sandayi.md`` §2, §5, §6, §7.

Action tokens, in the order they happen (seats counter-clockwise = seat + 1):

* bids: ``0`` (不叫/pass) or ``1``..``3`` (叫分 / R1 x1..x3 / 上海 档);
* 抢地主: ``"qiang"`` / ``"buqiang"``, one per player asked (see ``_qiang_round``);
* before the landlord's first play, optional declarations: ``"mingpai"`` (明牌, where allowed),
  ``"tanda"`` (上海 摊打, 头撂 deals only), ``"baodao_da"`` / ``"baodao_buda"`` (上海 报到);
* plays: move keys (7-tuples of ``kernels.landlord.moves``) or ``PASS_KEY``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from kernels.cards import RBJ, RSJ
from kernels.landlord.moves import BOMB, ROCKET, TIANWANG
from tests.reference.landlord_rules import (
    PASS_KEY,
    as_counts,
    is_legal,
    key_counts,
    rules_for,
    sub,
)


class RuleViolation(Exception):
    """An action sequence that the rules forbid."""


@dataclass
class DealResult:
    """Outcome of one deal; ``money`` is per seat and sums to zero."""

    game: str
    money: list
    redeal: bool = False  # everybody passed: no score (上海: next deal is 荒番)
    landlord: int | None = None
    bid: int = 0  # winning bid / 档数
    qiang: int = 0  # number of 抢地主
    mingpai: bool = False  # 明牌 (斗地主) or 摊打 (上海)
    touliao: bool = False
    baodao_sets: int = 0
    baodao: str | None = None  # None, "da", "buda"
    winner: int | None = None  # first player out (the landlord on 报到不打)
    landlord_won: bool | None = None
    spring: bool = False  # 春天 / 满贯
    fanchun: bool = False  # 反春
    bombs: list = field(default_factory=list)  # bomb-class plays per seat
    limited_bombs: list = field(default_factory=list)  # 上海: plays counted against §2.1 limits
    played_kinds: dict = field(default_factory=dict)  # "bomb"/"rocket"/"tianwang" -> count
    plays: list = field(default_factory=list)  # non-pass plays per seat
    multiplier: int = 1  # M
    factors: dict = field(default_factory=dict)  # name -> factor in M (上海 also "dang" = D)
    said: dict = field(default_factory=dict)  # seat -> first-round bid (0 = pass)


# -------------------------------------------------------------------------------------------
# Dealing checks
# -------------------------------------------------------------------------------------------


def full_deck_counts(R: Mapping) -> tuple:
    d = R["n_decks"]
    return tuple([4 * d] * 13 + [d, d])


def check_deal(hands: Sequence[tuple], kitty: tuple, R: Mapping) -> None:
    """Sizes per the ruleset and all cards together = the full pack."""
    if len(hands) != R["n_players"]:
        raise RuleViolation(f"{len(hands)} hands for {R['n_players']} players")
    for seat, h in enumerate(hands):
        if sum(h) != R["hand_size"]:
            raise RuleViolation(f"seat {seat} holds {sum(h)} cards, expected {R['hand_size']}")
    if sum(kitty) != R["kitty_size"]:
        raise RuleViolation(f"kitty of {sum(kitty)} cards, expected {R['kitty_size']}")
    total = list(kitty)
    for h in hands:
        total = [a + b for a, b in zip(total, h)]
    if tuple(total) != full_deck_counts(R):
        raise RuleViolation("hands and kitty are not the full pack")


def first_bidder_from_marker(deal: Sequence[list], marker_card: int) -> tuple:
    """上海 标记牌: (first bidder, 明王). Decision: the marker is drawn among the dealt cards
    (P(明王) stays 4/108); a marker in the kitty is refused."""
    for seat, hand in enumerate(deal):
        if marker_card in hand:
            return seat, marker_card % 54 >= 52
    raise ValueError("marker card is not in any hand (it must be drawn among the dealt cards)")


def baodao_sets(hand: tuple) -> int:
    """上海 报到 sets in a hand: four jokers, and each rank held >= 7 times."""
    sets = 1 if hand[RSJ] >= 2 and hand[RBJ] >= 2 else 0
    return sets + sum(1 for r in range(13) if hand[r] >= 7)


def huangfan_factor(count: int, R: Mapping) -> int:
    """上海 荒番: ×2 after an all-pass deal; ×2 per consecutive all-pass deal only with
    ``huangfan_stacks`` (SH-1)."""
    if count <= 0:
        return 1
    return 2**count if R["huangfan_stacks"] else 2


def session_huangfan(redeals: Sequence[bool]) -> list:
    """For a session of deals (True = all passed), the number of consecutive all-pass deals
    right before each one — the ``huangfan`` argument of ``replay``."""
    out, run = [], 0
    for redeal in redeals:
        out.append(run)
        run = run + 1 if redeal else 0
    return out


# -------------------------------------------------------------------------------------------
# Bidding
# -------------------------------------------------------------------------------------------


class _Tokens:
    def __init__(self, actions):
        self.items = list(actions)
        self.i = 0

    def peek(self):
        return self.items[self.i] if self.i < len(self.items) else None

    def take(self, what: str):
        if self.i >= len(self.items):
            raise RuleViolation(f"actions end while waiting for {what}")
        self.i += 1
        return self.items[self.i - 1]


def _bid_token(tok, highest: int, R: Mapping, seat: int) -> int:
    if isinstance(tok, bool) or not isinstance(tok, int):
        raise RuleViolation(f"seat {seat}: expected a bid, got {tok!r}")
    if tok != 0 and not highest < tok <= R["max_bid"]:
        raise RuleViolation(f"seat {seat}: bid {tok} must beat {highest} and be <= {R['max_bid']}")
    return tok


def _auction(tokens: _Tokens, first: int, R: Mapping) -> tuple:
    """叫分 / 叫档: returns (bidder or None, highest bid, said: seat -> first bid).

    ``one_round`` (spec A2, R1 D-3, 上海 §2): from the first bidder, each player once; the top
    bid ends it at once. ``openspiel``: round and round until the others pass in a row after a
    bid (players may bid again after passing); three passes with no bid end it.
    """
    n = R["n_players"]
    highest, bidder, said = 0, None, {}
    if R["auction"] == "one_round":
        for i in range(n):
            seat = (first + i) % n
            tok = _bid_token(tokens.take("a bid"), highest, R, seat)
            said[seat] = tok
            if tok:
                highest, bidder = tok, seat
                if tok == R["max_bid"]:
                    break
        return bidder, highest, said
    if R["auction"] == "openspiel":
        seat, passes = first, 0
        while True:
            tok = _bid_token(tokens.take("a bid"), highest, R, seat)
            said.setdefault(seat, tok)
            if tok == 0:
                passes += 1
                if passes == n or (passes == n - 1 and bidder is not None):
                    return bidder, highest, said
            else:
                highest, bidder, passes = tok, seat, 0
                if tok == R["max_bid"]:
                    return bidder, highest, said
            seat = (seat + 1) % n
    raise ValueError(f"unknown auction {R['auction']!r}")


def _qiang_round(tokens: _Tokens, bidder: int, highest: int, said: dict, R: Mapping) -> tuple:
    """抢地主: (landlord, number of 抢).

    R3 ``after_bidding`` (A2.2) and R1 ``after_three`` (A2', only after x3): from the bidder's
    下家 round to the bidder, every player who did not say 不叫 (players never asked to bid
    included) may 抢 once; the bidder decides last and only if someone else 抢ed (D-1). The
    last to 抢 becomes landlord.
    """
    mode = R["qiang"]
    if mode == "none" or (mode == "after_three" and highest != 3):
        return bidder, 0
    if mode not in ("after_bidding", "after_three"):
        raise ValueError(f"unknown qiang mode {mode!r}")
    n = R["n_players"]
    landlord, count = bidder, 0
    for i in range(1, n + 1):
        seat = (bidder + i) % n
        if said.get(seat) == 0 or (seat == bidder and count == 0):
            continue
        tok = tokens.take(f"抢地主 of seat {seat}")
        if tok == "qiang":
            landlord, count = seat, count + 1
        elif tok != "buqiang":
            raise RuleViolation(f"seat {seat}: expected qiang/buqiang, got {tok!r}")
    return landlord, count


# -------------------------------------------------------------------------------------------
# Replay
# -------------------------------------------------------------------------------------------


def bomb_limit(seat: int, landlord: int, said: dict, R: Mapping) -> int | None:
    """上海 §2.1: max bombs a player may play (None = unlimited)."""
    if R["game"] != "shanghai" or not R["bomb_limits"] or seat == landlord or seat not in said:
        return None
    return 2 if said[seat] == 2 else 1


def _counts_as_limited_bomb(key, R: Mapping) -> bool:
    return key[0] == BOMB or (key[0] == TIANWANG and R["tianwang_counts_for_limit"])


def replay(deal, kitty, actions, rules: Mapping | None = None, *, first_bidder: int = 0,
           huangfan: int = 0, mingwang: bool = False) -> DealResult:
    """Validate one deal and score it.

    ``deal``: per-seat hands (card-id lists or 15-tuples of rank counts); ``kitty`` likewise;
    ``rules``: flat dict whose ``"game"`` picks the preset (default 斗地主 3p R3);
    ``first_bidder``: the seat that bids first; 上海 only: ``huangfan`` = consecutive all-pass
    deals just before this one, ``mingwang`` = the marker card is a joker.
    """
    game = (rules or {}).get("game", "doudizhu")
    R = rules_for(game, rules)
    n = R["n_players"]
    hands = [as_counts(h) for h in deal]
    kitty_c = as_counts(kitty)
    check_deal(hands, kitty_c, R)
    tokens = _Tokens(actions)
    res = DealResult(game=game, money=[0] * n, bombs=[0] * n, plays=[0] * n,
                     limited_bombs=[0] * n)

    bidder, highest, said = _auction(tokens, first_bidder, R)
    res.said = said
    if bidder is None:
        if tokens.peek() is not None:
            raise RuleViolation("actions after an all-pass auction")
        res.redeal = True
        return res
    landlord, res.qiang = _qiang_round(tokens, bidder, highest, said, R)
    res.landlord, res.bid = landlord, highest
    res.touliao = game == "shanghai" and said.get(first_bidder) == 3
    hands[landlord] = tuple(a + b for a, b in zip(hands[landlord], kitty_c))
    _declarations(tokens, hands[landlord], res, R)

    if res.baodao == "buda":
        if tokens.peek() is not None:
            raise RuleViolation("plays after 报到 不打")
        res.winner, res.landlord_won = landlord, True
    else:
        _play(tokens, hands, landlord, said, res, R)
    _score(res, R, huangfan, mingwang)
    return res


def _declarations(tokens: _Tokens, landlord_hand: tuple, res: DealResult, R: Mapping) -> None:
    """明牌 / 摊打 / 报到: optional tokens before the landlord's first play, each at most once."""
    seen = set()
    while isinstance(tokens.peek(), str):
        tok = tokens.take("a declaration")
        if tok in seen or (tok.startswith("baodao") and res.baodao is not None):
            raise RuleViolation(f"declaration {tok!r} twice")
        seen.add(tok)
        if tok == "mingpai" and R["mingpai_allowed"] and R["game"] != "shanghai":
            res.mingpai = True
        elif tok == "tanda" and R["game"] == "shanghai" and res.touliao:
            res.mingpai = True
        elif tok in ("baodao_da", "baodao_buda") and R["game"] == "shanghai":
            res.baodao_sets = baodao_sets(landlord_hand)
            if res.baodao_sets == 0:
                raise RuleViolation("报到 without four jokers or a bomb of >= 7 cards")
            res.baodao = tok[len("baodao_"):]
        else:
            raise RuleViolation(f"declaration {tok!r} not allowed here")


def _play(tokens: _Tokens, hands: list, landlord: int, said: dict, res: DealResult,
          R: Mapping) -> None:
    """A5 / 上海 §5: landlord leads; beat or pass; n-1 passes in a row end the trick and its
    winner leads; the first empty hand ends the deal."""
    n, game = R["n_players"], R["game"]
    turn, top, top_seat, passes = landlord, None, None, 0
    while True:
        tok = tokens.take(f"a play of seat {turn}")
        if isinstance(tok, (str, int)):
            raise RuleViolation(f"seat {turn}: expected a move key, got {tok!r}")
        key = tuple(int(x) for x in tok)
        if not is_legal(key, hands[turn], top, game, R):
            raise RuleViolation(f"seat {turn}: {key} is not legal on {top}")
        if key == PASS_KEY:
            passes += 1
            if passes == n - 1:
                turn, top, passes = top_seat, None, 0
            else:
                turn = (turn + 1) % n
            continue
        if _counts_as_limited_bomb(key, R):
            limit = bomb_limit(turn, landlord, said, R)
            if limit is not None and res.limited_bombs[turn] >= limit:
                raise RuleViolation(f"seat {turn} already played {limit} bomb(s)")
            res.limited_bombs[turn] += 1
        hands[turn] = sub(hands[turn], key_counts(key, game, R))
        res.plays[turn] += 1
        if key[0] in (BOMB, ROCKET, TIANWANG):
            res.bombs[turn] += 1
            name = {BOMB: "bomb", ROCKET: "rocket", TIANWANG: "tianwang"}[key[0]]
            res.played_kinds[name] = res.played_kinds.get(name, 0) + 1
        top, top_seat, passes = key, turn, 0
        if not any(hands[turn]):
            res.winner = turn
            res.landlord_won = turn == landlord
            break
        turn = (turn + 1) % n
    if tokens.peek() is not None:
        raise RuleViolation("actions after a player went out")
    farmers = [s for s in range(n) if s != landlord]
    res.spring = res.landlord_won and all(res.plays[s] == 0 for s in farmers)
    res.fanchun = (not res.landlord_won) and res.plays[landlord] == 1


# -------------------------------------------------------------------------------------------
# Scoring
# -------------------------------------------------------------------------------------------


def _score(res: DealResult, R: Mapping, huangfan: int, mingwang: bool) -> None:
    if R["game"] == "shanghai":
        _score_shanghai(res, R, huangfan, mingwang)
    else:
        _score_doudizhu(res, R)


def _settle(res: DealResult, per_farmer: int, landlord_wins: bool) -> None:
    n = len(res.money)
    sign = -1 if landlord_wins else 1
    for s in range(n):
        if s != res.landlord:
            res.money[s] = sign * per_farmer
    res.money[res.landlord] = -sum(res.money)


def _score_doudizhu(res: DealResult, R: Mapping) -> None:
    """A6 (R3 and R1) and Part B: each farmer pays/gets B·bid·M, the landlord the opposite of
    the farmers' sum (2× in 3p, 3× in 4p). M multiplies ×2 per 抢, 明牌, each bomb played,
    rocket (R1 ×4), 天王炸, 春天 (R1 ×4), 反春."""
    f = {
        "qiang": R["qiang_factor"] ** res.qiang,
        "mingpai": R["mingpai_factor"] if res.mingpai else 1,
        "bomb": R["bomb_factor"] ** res.played_kinds.get("bomb", 0),
        "rocket": R["rocket_factor"] ** res.played_kinds.get("rocket", 0),
        "tianwang": R["tianwang_factor"] ** res.played_kinds.get("tianwang", 0),
        "spring": R["spring_factor"] if res.spring else 1,
        "fanchun": R["fanchun_factor"] if res.fanchun else 1,
    }
    m = 1
    for v in f.values():
        m *= v
    res.factors.update(f)
    res.multiplier = m
    _settle(res, R["base"] * res.bid * m, res.landlord_won)


def _score_shanghai(res: DealResult, R: Mapping, huangfan: int, mingwang: bool) -> None:
    """§7: M = ×2 for 荒番, 摊打, 明王 (and per bomb with ``bombs_multiply``); D = 档数, with
    头撂 D = 4 on a landlord win and 3 on a loss (SH-8), or ×4 on a landlord win with ``extra_x4``
    (the seed's loss line "地主输：…(荒番×2、摊打×2、明王×2)×底注×当局档数×3" has no 头撂 factor); farmers ∓M·B·D,
    landlord ±3·M·B·D; 报到 不打 = landlord win, 报到 打 win ×2, 打 loss 0."""
    f = {
        "huangfan": huangfan_factor(huangfan, R),
        "tanda": 2 if res.mingpai else 1,
        "mingwang": 2 if mingwang else 1,
        "bombs": 2 ** sum(res.bombs) if R["bombs_multiply"] else 1,
    }
    d = res.bid
    pz = R["pz_baodao_settlement"]
    if res.touliao and not (pz and res.baodao == "buda"):
        if R["touliao_rule"] == "as_4_dang":
            d = 4 if res.landlord_won else 3
        elif R["touliao_rule"] == "extra_x4":
            f["touliao"] = 4 if res.landlord_won else 1
        else:
            raise ValueError(f"unknown touliao_rule {R['touliao_rule']!r}")
    if res.baodao is not None and (R["baodao_count_multiplies"] or pz):
        f["baodao_sets"] = res.baodao_sets
    if res.baodao == "da":
        f["baodao_da"] = 2 if res.landlord_won else 0
    m = 1
    for v in f.values():
        m *= v
    res.factors.update(f)
    res.multiplier = m
    res.factors["dang"] = d
    _settle(res, R["base"] * m * d, res.landlord_won)
