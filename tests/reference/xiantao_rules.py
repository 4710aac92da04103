"""Slow, obviously-correct reference rules of 仙桃千分 (Xiantao Qianfen).

This is the oracle the numba kernels are checked against. It encodes the spec
``rules/xiantao-qianfen.md`` (§2 deck, §5.2 call card, §6 patterns, §7 comparison, §10 scoring);
the turn loop (§8, §9) is in ``tests.reference.xiantao_replay``. Nothing here is fast and nothing
here is clever: every function says in its docstring which rule it encodes.

Conventions (shared with the kernels)
-------------------------------------
* Physical card ids 0..107, two 54-card decks: ``card = deck*54 + k``; ``k < 52``: rank ``k//4``,
  suit ``k%4``; 52 = 小王 SJ, 53 = 大王 BJ (see ``kernels.cards``).
* Rank index 0:3 1:4 ... 7:10 8:J 9:Q 10:K 11:A 12:2 13:SJ 14:BJ; suits 0♠ 1♥ 2♣ 3♦.
* Wilds (pei_cards = "one_bj_one_sj"): the four red 3s — ♥3 and ♦3 of both decks, i.e. ids
  1, 3, 55, 57 — and the SECOND deck's jokers 106 (SJ) and 107 (BJ), the 配牌. The natural
  jokers are 52 (SJ) and 53 (BJ). The black 3s (♠3 0, 54; ♣3 2, 56) are natural.
* A move key is the tuple ``(kind, rank, size, wilds, suit)`` of ``kernels.climb.moves``.
* ``rules`` is a flat mapping; missing keys fall back to ``DEFAULT_RULES``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Mapping, Sequence

from kernels.cards import (
    CARDS_PER_DECK,
    R2,
    R3,
    R5,
    R10,
    RBJ,
    RK,
    RSJ,
    card_id,
    card_rank,
    card_suit,
)
from kernels.climb.moves import BOMB, FIFTY_K, JOKER_BOMB, PAIR, PASS, SINGLE, SUIT_ZA, TRIPLE

MoveKey = tuple  # (kind, rank, size, wilds, suit)

N_SEATS = 4
N_DECKS = 2
N_CARDS = N_DECKS * CARDS_PER_DECK  # 108
TOTAL_POINTS = 200

PASS_KEY: MoveKey = (PASS, -1, 0, 0, -1)
WANGZHA_KEY: MoveKey = (JOKER_BOMB, -1, 2, 0, -1)  # natural BJ + natural SJ

DEFAULT_RULES: dict = {
    "pei_cards": "one_bj_one_sj",
    "hand_size": 27,
    "wild_single_value": 3,
    "wild_can_be_joker": False,
    "wild_in_510k": True,
    "max_wilds_in_510k": 1,
    "two_jokers_is_bomb": True,
    "zheng510k_beats_4bomb": False,
    "call_card_rule": "literal_recall",
    "pass_locks_trick": False,
    "banker_no_jiefeng": False,
    "contribution.a": 60,
    "contribution.b": 30,
    "settlement": "per_player",
    "hard_multiplier": 1,
    "bonus_requires_play": False,
    "grade.normal": 1,
    "grade.xiao_qing": 2,
    "grade.da_qing": 4,
    "xi.wangzha": 3,
    "xi.seven": 3,
    "xi.eight": 6,
    "base": 1,
}


def record_to_key(record) -> MoveKey:
    """5-field key of a kernel move record ``(kind, rank, size, wilds, suit[, chain, kickers])``.

    ``kernels.climb.moves`` records may carry chain/kickers fields; 仙桃千分 has no chains or kickers,
    so they must be trivial (chain 0 or 1, kickers 0) and are dropped.
    """
    record = tuple(int(x) for x in record)
    if len(record) > 5 and (record[5] not in (0, 1) or any(record[6:])):
        raise ValueError(f"not a 仙桃千分 move record: {record}")
    return record[:5]


def rule(rules: Mapping | None, key: str):
    """Value of option ``key`` in ``rules``, falling back to ``DEFAULT_RULES``."""
    if rules is not None and key in rules:
        return rules[key]
    return DEFAULT_RULES[key]


# --------------------------------------------------------------------------------------------
# Cards (§2)
# --------------------------------------------------------------------------------------------

NATURAL_SJ = card_id(RSJ, deck=0)  # 52
NATURAL_BJ = card_id(RBJ, deck=0)  # 53
PEI_IDS = frozenset({card_id(RSJ, deck=1), card_id(RBJ, deck=1)})  # 106, 107
RED_THREE_IDS = frozenset(card_id(R3, suit, deck) for suit in (1, 3) for deck in range(N_DECKS))


def _check_pei(rules: Mapping | None) -> None:
    if rule(rules, "pei_cards") != "one_bj_one_sj":
        raise NotImplementedError("the reference supports only pei_cards='one_bj_one_sj'")


def is_pei(card: int, rules: Mapping | None = None) -> bool:
    """True for a 配牌 (the second deck's SJ 106 and BJ 107, spec X-Q1)."""
    _check_pei(rules)
    return card in PEI_IDS


def is_wild(card: int, rules: Mapping | None = None) -> bool:
    """True for the six wilds: red 3s (♥3, ♦3 of both decks) and the two 配牌."""
    _check_pei(rules)
    return card in RED_THREE_IDS or card in PEI_IDS


def natural_rank(card: int) -> int:
    """Printed rank index of a card (0..14); for a wild this is NOT what it stands for."""
    return card_rank(card)


def natural_suit(card: int) -> int:
    """Printed suit 0..3, -1 for jokers."""
    return card_suit(card)


def points(card: int) -> int:
    """Card points (X-Q3): 5 → 5, 10 → 10, K → 10, everything else (wilds included) 0.

    No wild has a printed 5/10/K (wilds are red 3s and jokers), so the printed rank decides.
    """
    return {R5: 5, R10: 10, RK: 10}.get(card_rank(card), 0)


def hand_points(cards: Iterable[int]) -> int:
    return sum(points(c) for c in cards)


def other_copy(card: int) -> int:
    """The other physical copy (same rank and suit, other deck) of a two-deck card."""
    return (card + CARDS_PER_DECK) % N_CARDS


def same_card(a: int, b: int) -> bool:
    """True when a and b are the two copies of one (rank, suit), or the same id."""
    return a % CARDS_PER_DECK == b % CARDS_PER_DECK


def wild_single_rank(rules: Mapping | None = None) -> int:
    """Rank index a lone wild takes as a single (``wild_single_value`` 3 → 0, 2 → 12)."""
    value = rule(rules, "wild_single_value")
    if value == 3:
        return R3
    if value == 2:
        return R2
    raise ValueError(f"wild_single_value must be 3 or 2, got {value!r}")


# --------------------------------------------------------------------------------------------
# Patterns (§6)
# --------------------------------------------------------------------------------------------


def classify(cards: Sequence[int], rules: Mapping | None = None) -> set:
    """Every legal interpretation (move key) of exactly these physical cards (§6.2).

    Returns an empty set when the cards form no legal pattern (also for an empty list or a
    repeated id; PASS is not a card pattern). The rules, one by one:

    * P1 single: any one card; a lone wild is a single of ``wild_single_rank``; BJ/SJ may be
      singles.
    * P2/P3/P4 same-rank group of n = 2 / 3 / >= 4 cards: all naturals of one rank 3..2 plus any
      number of wilds; an all-wild group is rank 0 (3s). Natural jokers never join a group, and
      wilds never stand for jokers (so BJ+SJ is not a pair, SJ+W is not a pair).
    * P5 王炸: natural BJ + natural SJ, if ``two_jokers_is_bomb``; with ``wild_can_be_joker`` also
      one natural joker + one wild (key wilds = 1).
    * P6 五十K: three cards, naturals of distinct ranks among 5/10/K, wilds filling the missing
      ones (at most ``max_wilds_in_510k``, none if not ``wild_in_510k``) and at least one natural;
      正 of suit s iff every natural card is of suit s, else 杂 (suit 4).

    A card list may have two interpretations, e.g. [♠5, W, W] with max_wilds_in_510k = 2 is both
    a triple of 5s and 正五十K♠.
    """
    cards = list(cards)
    n = len(cards)
    if n == 0 or len(set(cards)) != n or any(not 0 <= c < N_CARDS for c in cards):
        return set()
    wilds = [c for c in cards if is_wild(c, rules)]
    naturals = [c for c in cards if not is_wild(c, rules)]
    w = len(wilds)
    nat_ranks = [natural_rank(c) for c in naturals]
    has_joker = any(r >= RSJ for r in nat_ranks)
    keys: set = set()

    # P1 single
    if n == 1:
        rank = wild_single_rank(rules) if w == 1 else nat_ranks[0]
        keys.add((SINGLE, rank, 1, w, -1))
        return keys

    # P5 王炸
    if n == 2 and rule(rules, "two_jokers_is_bomb"):
        if sorted(nat_ranks) == [RSJ, RBJ]:
            keys.add(WANGZHA_KEY)
        elif rule(rules, "wild_can_be_joker") and w == 1 and nat_ranks[0] >= RSJ:
            keys.add((JOKER_BOMB, -1, 2, 1, -1))

    # P2 pair, P3 triple, P4 bomb: one natural rank (or none) + wilds
    if not has_joker and len(set(nat_ranks)) <= 1:
        rank = nat_ranks[0] if nat_ranks else R3
        if n == 2:
            keys.add((PAIR, rank, 2, w, -1))
        elif n == 3:
            keys.add((TRIPLE, rank, 3, w, -1))
        else:
            keys.add((BOMB, rank, n, w, -1))

    # P6 五十K
    max_w = rule(rules, "max_wilds_in_510k") if rule(rules, "wild_in_510k") else 0
    if (
        n == 3
        and naturals
        and w <= max_w
        and len(set(nat_ranks)) == len(nat_ranks)
        and set(nat_ranks) <= {R5, R10, RK}
    ):
        suits = {natural_suit(c) for c in naturals}
        suit = suits.pop() if len(suits) == 1 else SUIT_ZA
        keys.add((FIFTY_K, -1, 3, w, suit))
    return keys


def is_bomb_class(key: MoveKey) -> bool:
    """BOMB, 王炸 and 五十K form the bomb class (§7.2); PASS/single/pair/triple do not."""
    return key[0] in (BOMB, JOKER_BOMB, FIFTY_K)


# --------------------------------------------------------------------------------------------
# Comparison (§7)
# --------------------------------------------------------------------------------------------


def ladder_level(key: MoveKey) -> int:
    """Level 1..19 of a bomb-class key in the §7.2 table (1 = strongest); 0 for other keys.

    L1 14 cards, L2 13 cards, L3 hard 8, L4 hard 7, L5..L10 soft 12..7, L11 6 cards, L12 5 cards,
    L13 王炸, L14 4 cards, L15..L18 正五十K ♠♥♣♦, L19 杂五十K. This is the printed table; the
    option ``zheng510k_beats_4bomb`` changes only the order used by ``beats``.
    """
    kind, _rank, size, wilds, suit = key
    if kind == JOKER_BOMB:
        return 13
    if kind == FIFTY_K:
        return 15 + suit  # suit 0..3 → 15..18, 杂 (4) → 19
    if kind != BOMB:
        return 0
    if size == 14:
        return 1
    if size == 13:
        return 2
    if size in (7, 8) and wilds == 0:
        return {8: 3, 7: 4}[size]
    if 7 <= size <= 12:
        return 5 + (12 - size)  # soft 12 → 5 ... soft 7 → 10
    if size in (4, 5, 6):
        return {6: 11, 5: 12, 4: 14}[size]
    raise ValueError(f"not a bomb size: {key}")


_DEFAULT_ORDER = list(range(1, 20))  # strongest first
_ZHENG_OVER_4BOMB_ORDER = list(range(1, 14)) + [15, 16, 17, 18, 14, 19]


def bomb_strength(key: MoveKey, rules: Mapping | None = None) -> int:
    """Strength of a bomb-class key (higher is stronger), from its ladder level and the option
    ``zheng510k_beats_4bomb`` (正五十K levels moved between 王炸 and the 4-card bomb)."""
    order = _ZHENG_OVER_4BOMB_ORDER if rule(rules, "zheng510k_beats_4bomb") else _DEFAULT_ORDER
    return len(order) - order.index(ladder_level(key))


def beats(play: MoveKey, top: MoveKey | None, rules: Mapping | None = None) -> bool:
    """True when ``play`` may be played on ``top`` (§7). ``top`` None means a lead: any non-pass.

    * PASS never beats.
    * A bomb-class play beats any non-bomb; between bomb-class plays the stronger level wins;
      inside one level only BOMBs compare, by strictly higher rank (王炸 is unique; 五十K of one
      level are all equal). Equal never beats.
    * A single/pair/triple beats only the same kind (and size) with a strictly higher rank.
    """
    if play[0] == PASS:
        return False
    if top is None:
        return True
    if top[0] == PASS:
        raise ValueError("the top of a trick is never a PASS")
    if is_bomb_class(play):
        if not is_bomb_class(top):
            return True
        sp, st = bomb_strength(play, rules), bomb_strength(top, rules)
        if sp != st:
            return sp > st
        return play[0] == BOMB and top[0] == BOMB and play[1] > top[1]
    if is_bomb_class(top):
        return False
    return play[0] == top[0] and play[2] == top[2] and play[1] > top[1]


# --------------------------------------------------------------------------------------------
# Move generation
# --------------------------------------------------------------------------------------------


def candidate_plays(hand: Sequence[int], rules: Mapping | None = None) -> list:
    """Card subsets of ``hand`` that together realise every pattern the hand can form.

    * every single card;
    * every same-rank group: for each printed rank 3..2, the first k naturals of that rank
      (k = 0..all) plus the first w wilds (w = 0..all) — the key of such a group depends only on
      (rank, k, w), so which copies are taken does not matter;
    * the natural jokers alone, together, and with up to two wilds;
    * every 3-card choice among the 5/10/K/wild cards, keeping one card per printed (rank, suit)
      and up to three wilds (a 五十K's key depends only on those).
    """
    hand = list(hand)
    wilds = [c for c in hand if is_wild(c, rules)]
    naturals = [c for c in hand if not is_wild(c, rules)]
    out: list = [[c] for c in hand]
    for rank in range(R2 + 1):
        of_rank = [c for c in naturals if natural_rank(c) == rank]
        for k in range(len(of_rank) + 1):
            for w in range(len(wilds) + 1):
                if k + w >= 2:
                    out.append(of_rank[:k] + wilds[:w])
    jokers = [c for c in naturals if natural_rank(c) >= RSJ]
    for nj in range(1, len(jokers) + 1):
        for js in combinations(jokers, nj):
            for w in range(min(2, len(wilds)) + 1):
                out.append(list(js) + wilds[:w])
    pool, seen = [], set()
    for c in naturals:
        if natural_rank(c) in (R5, R10, RK) and c % CARDS_PER_DECK not in seen:
            seen.add(c % CARDS_PER_DECK)
            pool.append(c)
    pool += wilds[:3]
    out.extend(list(trio) for trio in combinations(pool, 3))
    return out


def legal_plays(hand: Sequence[int], top: MoveKey | None, rules: Mapping | None = None) -> dict:
    """Map of every distinct move key the hand may play now → one card tuple realising it.

    ``top`` None = leading: every pattern of the hand, no PASS. Otherwise PASS (cards ``()``)
    plus every key that ``beats`` top. Card tuples are one example each (the first candidate
    found); which physical copy is played is the caller's business.
    """
    out: dict = {}
    if top is not None:
        out[PASS_KEY] = ()
    for cards in candidate_plays(hand, rules):
        for key in classify(cards, rules):
            if key not in out and beats(key, top, rules):
                out[key] = tuple(cards)
    return out


def legal_moves(hand: Sequence[int], top: MoveKey | None, rules: Mapping | None = None) -> set:
    """Set of distinct legal move keys (see ``legal_plays``)."""
    return set(legal_plays(hand, top, rules))


# --------------------------------------------------------------------------------------------
# Call card (§5.2)
# --------------------------------------------------------------------------------------------


def excluded_from_call(card: int, rules: Mapping | None = None) -> bool:
    """配牌, BJ and SJ are never drawn or stepped on by the call-card procedure (red 3s are)."""
    return is_pei(card, rules) or natural_rank(card) in (RSJ, RBJ)


def eligible_call_card(card: int, banker_hand: Sequence[int], rules: Mapping | None = None) -> bool:
    """§5.2: not 配牌/BJ/SJ; rank 4..10 or a black 3; and 庄家 does not hold both copies."""
    if excluded_from_call(card, rules) or is_wild(card, rules):
        return False
    rank = natural_rank(card)
    if not (R3 <= rank <= R10):  # 3..10; red 3s are wild and excluded above
        return False
    return sum(1 for c in banker_hand if same_card(c, card)) < 2


def call_pool(banker_hand: Sequence[int], rules: Mapping | None = None) -> list:
    """The banker's cards in deal order without 配牌/BJ/SJ: what ``pick_index`` indexes."""
    return [c for c in banker_hand if not excluded_from_call(c, rules)]


def n_call_picks(banker_hand: Sequence[int], rules: Mapping | None = None) -> int:
    """Number of values ``pick_index`` can take (the simulator draws it uniformly in 0..n-1):
    the eligible cards under "uniform_eligible", else the whole ``call_pool``."""
    if rule(rules, "call_card_rule") == "uniform_eligible":
        return sum(1 for c in banker_hand if eligible_call_card(c, banker_hand, rules))
    return len(call_pool(banker_hand, rules))


def call_card(banker_hand: Sequence[int], pick_index: int, rules: Mapping | None = None):
    """Call card by ``call_card_rule``; returns ``(card_id, recalls)`` or None (redeal).

    * "literal_recall" (X-Q4): c0 = ``call_pool(hand)[pick_index]``; while c is not eligible,
      step to the first card after p in deal order (wrapping, skipping 配牌/BJ/SJ), where p is the
      position of the LATER copy of c if the banker holds both copies, else of c. ``recalls``
      counts the steps. A card already tried is skipped (the walk goes on to the next untried
      card), so every card is tried before None (the spec's "every card has been tried:
      redeal"). Without the skip the walk can cycle — e.g. a pair whose later copy sits just
      before two ineligible cards at the end of the deal order — in about 1 of 5 deals.
    * "uniform_eligible": ``pick_index`` indexes the eligible cards in deal order; recalls = 0;
      None if there is none.
    * "daguong_opposite": c0 = ``call_pool(hand)[pick_index]``, any card, recalls = 0 (if the
      banker holds both copies, ``partner_of`` gives the opposite seat).
    """
    hand = list(banker_hand)
    how = rule(rules, "call_card_rule")
    if how == "uniform_eligible":
        eligible = [c for c in hand if eligible_call_card(c, hand, rules)]
        return (eligible[pick_index], 0) if eligible else None
    pool = call_pool(hand, rules)
    c = pool[pick_index]
    if how == "daguong_opposite":
        return c, 0
    if how != "literal_recall":
        raise ValueError(f"unknown call_card_rule {how!r}")
    seen: set = set()
    recalls = 0
    while not eligible_call_card(c, hand, rules):
        seen.add(c)
        if len(seen) == len(pool):
            return None  # every card has been tried: redeal
        p = max(i for i, x in enumerate(hand) if same_card(x, c))  # later copy, or c itself
        j = (p + 1) % len(hand)
        while excluded_from_call(hand[j], rules) or hand[j] in seen:
            j = (j + 1) % len(hand)
        c = hand[j]
        recalls += 1
    return c, recalls


def partner_of(call_card_id: int, deal: Sequence[Sequence[int]], banker: int, rules: Mapping | None = None) -> int:
    """Seat of 暗对家: the other holder of the call card's (rank, suit).

    If the banker holds both copies: under "daguong_opposite" the partner is (banker + 2) % 4
    (and the partnership is public from the start, see ``partnership_public_at_start``); under
    the other rules that cannot happen (such a card is not eligible) and ValueError is raised.
    """
    if call_card_id not in deal[banker]:
        raise ValueError("the call card must be in the banker's hand")
    for seat in range(N_SEATS):
        if seat != banker and other_copy(call_card_id) in deal[seat]:
            return seat
    if rule(rules, "call_card_rule") == "daguong_opposite":
        return (banker + 2) % N_SEATS
    raise ValueError("banker holds both copies of the call card")


def partnership_public_at_start(call_card_id: int, deal: Sequence[Sequence[int]], banker: int,
                                rules: Mapping | None = None) -> bool:
    """True only under "daguong_opposite" when the banker holds both copies of the call card."""
    return rule(rules, "call_card_rule") == "daguong_opposite" and other_copy(call_card_id) in deal[banker]


# --------------------------------------------------------------------------------------------
# Scoring (§10)
# --------------------------------------------------------------------------------------------


def xi_bonus(deal_hands: Sequence[Sequence[int]], rules: Mapping | None = None, played=None) -> list:
    """Per-seat net 喜 money (§10.3, X-Q13), win or lose, never multiplied by 清.

    Units per holder: 王炸 ``xi.wangzha`` (dealt natural BJ + SJ); per printed rank 3..2 with 8
    natural cards ``xi.eight``, else with 7 ``xi.seven`` (an 8张 is not also a 7张). The holder
    receives units*B; each of the other three pays units/3*B.

    ``bonus_requires_play``: then ``played`` (iterable of (seat, key, cards)) decides instead:
    王炸 units if the seat played a 王炸 containing both natural jokers; 8张/7张 units of rank r
    if the seat played a BOMB of rank r containing >= 8 / >= 7 naturals of rank r.
    """
    units = [0] * N_SEATS
    if rule(rules, "bonus_requires_play"):
        for seat, key, cards in played or ():
            nat = [c for c in cards if not is_wild(c, rules)]
            if key[0] == JOKER_BOMB and NATURAL_BJ in nat and NATURAL_SJ in nat:
                units[seat] += rule(rules, "xi.wangzha")
            if key[0] == BOMB:
                n_rank = sum(1 for c in nat if natural_rank(c) == key[1])
                if n_rank >= 8:
                    units[seat] += rule(rules, "xi.eight")
                elif n_rank >= 7:
                    units[seat] += rule(rules, "xi.seven")
    else:
        for seat, hand in enumerate(deal_hands):
            nat = [c for c in hand if not is_wild(c, rules)]
            if NATURAL_BJ in nat and NATURAL_SJ in nat:
                units[seat] += rule(rules, "xi.wangzha")
            for rank in range(R2 + 1):
                n_rank = sum(1 for c in nat if natural_rank(c) == rank)
                if n_rank >= 8:
                    units[seat] += rule(rules, "xi.eight")
                elif n_rank == 7:
                    units[seat] += rule(rules, "xi.seven")
    return xi_money(units, rules)


def xi_money(units: Sequence[int], rules: Mapping | None = None) -> list:
    """Per-seat money of 喜 units: each holder +units*B, each of the other three −units/3*B."""
    base = rule(rules, "base")
    money = [0.0] * N_SEATS
    for seat, u in enumerate(units):
        money[seat] += u * base
        for other in range(N_SEATS):
            if other != seat:
                money[other] -= u / 3 * base
    return money


def _settle(winners: set, multiplier, rules: Mapping | None) -> list:
    """Grade money of a 2-vs-2 result (X-Q11): per_player ±B*mult each, per_team ±B*mult/2."""
    stake = rule(rules, "base") * multiplier
    how = rule(rules, "settlement")
    if how == "per_team":
        stake = stake / 2
    elif how != "per_player":
        raise ValueError(f"unknown settlement {how!r}")
    return [float(stake) if s in winners else -float(stake) for s in range(N_SEATS)]


def score_call_mode(finish_order: Sequence[int], team_of: Sequence, captured: Sequence[int],
                    unplayed: Sequence[int], rules: Mapping | None = None, xi=None) -> dict:
    """Settle a 叫牌-mode hand (§10.1).

    ``finish_order``: seats in the order they went out (at least 一游 and 二游; 三游 too unless
    一游/二游 are partners). ``team_of``: team label per seat (two seats each). ``captured`` /
    ``unplayed``: points per seat taken in tricks / left in hand. ``xi``: per-seat 喜 money added
    to the result (default none). Team W = team of 一游, L = the other.

    * case A (一游 & 二游 partners): T_W = C_W + a + U of L's players, T_L = C_L − a;
    * case B (一游 & 三游 partners): T_W = C_W + b + U(末游), T_L = C_L − b;
    * case C (一游 & 末游 partners): T_W = C_W, T_L = C_L + U(末游) (末游's points go to 三游).
      Only players still holding cards have unplayed points (L's two in case A, 末游 in B/C);
      every unplayed point is credited as above, so T_W + T_L = sum(captured) + sum(unplayed).
    * winner: larger total; a tie (tie_100) goes to W.
    * grade: 'da_qing' if case A and T_W == 200 + a (W owns every point: 260 by default);
      else 'xiao_qing' if the winning total is > 200; else 'normal'. Multipliers
      ``grade.*``; money per ``settlement``.
    """
    a, b = rule(rules, "contribution.a"), rule(rules, "contribution.b")
    first = finish_order[0]
    team_w = {s for s in range(N_SEATS) if team_of[s] == team_of[first]}
    team_l = set(range(N_SEATS)) - team_w
    if len(team_w) != 2:
        raise ValueError("call mode needs two teams of two")
    c_w = sum(captured[s] for s in team_w)
    c_l = sum(captured[s] for s in team_l)
    u_w = sum(unplayed[s] for s in team_w)
    u_l = sum(unplayed[s] for s in team_l)
    if finish_order[1] in team_w:
        case = "A"
        t_w, t_l = c_w + a + u_l + u_w, c_l - a
    else:
        if len(finish_order) < 3:
            raise ValueError("case B/C needs 三游")
        if finish_order[2] in team_w:
            case = "B"
            t_w, t_l = c_w + b + u_w + u_l, c_l - b  # 末游 (L) → 三游 (W)
        else:
            case = "C"
            t_w, t_l = c_w, c_l + u_w + u_l  # 末游 (W) → 三游 (L)
    tie = t_w == t_l
    winners = team_w if t_w >= t_l else team_l
    win_total = max(t_w, t_l)
    if case == "A" and t_w == TOTAL_POINTS + a:
        grade = "da_qing"
    elif win_total > TOTAL_POINTS:
        grade = "xiao_qing"
    else:
        grade = "normal"
    multiplier = rule(rules, f"grade.{grade}")
    grade_money = _settle(winners, multiplier, rules)
    xi = list(xi) if xi is not None else [0.0] * N_SEATS
    return {
        "case": case,
        "team_w": team_w,
        "team_l": team_l,
        "team_w_total": t_w,
        "team_l_total": t_l,
        "winner_team": set(winners),
        "grade": grade,
        "multiplier": multiplier,
        "tie_100": tie,
        "grade_money": grade_money,
        "xi": xi,
        "money": [g + x for g, x in zip(grade_money, xi)],
    }


def score_hard_mode(hard_seat: int, finish_order: Sequence[int], rules: Mapping | None = None, xi=None) -> dict:
    """Settle a 硬牌 hand (§10.2, X-Q12): 硬牌家 wins iff he is 一游 (``finish_order[0]``);
    he receives B*h from each of the three others, or pays B*h to each. Card points ignored;
    case and team totals are None, grade 'hard', multiplier h."""
    h = rule(rules, "hard_multiplier")
    stake = float(rule(rules, "base") * h)
    won = finish_order[0] == hard_seat
    grade_money = [0.0] * N_SEATS
    for s in range(N_SEATS):
        if s != hard_seat:
            grade_money[s] = -stake if won else stake
            grade_money[hard_seat] += stake if won else -stake
    xi = list(xi) if xi is not None else [0.0] * N_SEATS
    others = set(range(N_SEATS)) - {hard_seat}
    return {
        "case": None,
        "team_w": {hard_seat} if won else others,
        "team_l": others if won else {hard_seat},
        "team_w_total": None,
        "team_l_total": None,
        "winner_team": {hard_seat} if won else others,
        "grade": "hard",
        "multiplier": h,
        "tie_100": False,
        "grade_money": grade_money,
        "xi": xi,
        "money": [g + x for g, x in zip(grade_money, xi)],
    }
