"""干瞪眼 money from raw facts (rules/gandengyan.md §2–§5), vectorised over hands.

``score(facts, rules, n_seats)`` reads the columns of ``kernels.gandengyan.layout`` and returns
new ones; ``paiju play`` and ``paiju rescore`` share it, so stored hands are rescored under other
multipliers without replay (DESIGN principle 6). One formula covers every variant, its pieces set
by scoring options:

* ``end = play_on`` (one-deck): seat k gets ``base × (collected − paid)`` — each finisher took, at
  the moment he went out, one base per card still held by every other player;
* otherwise each paying loser pays ``cards_left × base × min(public × personal, cap)`` and the
  winner receives the sum. ``public`` = Π factor per bomb played by size (3, 4, 5, 6+) and per 双王
  × 2 at trick ``round_double_at`` × 2 at ``round_double_again_at``; ``personal`` = Π factor per
  natural 3 / 4 / 5+ of a kind and per joker left in hand × ``quanguan_factor`` on 全关 (``quanguan``:
  ``all_no_play``, two-deck's rule, shuts every loser out only when none of them played; ``no_play``
  each loser who never played; ``no_play_banker_one`` sichuan's reading; all from ``plays``). Paying
  losers: everyone but the winner, or (``loser = most_cards``) those holding the most cards.
  A stalemate (``winner`` -1) pays nothing.
"""

from __future__ import annotations

import numpy as np


def _seats(facts, name, n_seats):
    return np.stack([np.asarray(facts[f"s{k}_{name}"]) for k in range(n_seats)], axis=1).astype(np.int64)


def public_multiplier(facts, rules) -> np.ndarray:
    f = lambda name: np.asarray(facts[name]).astype(np.float64)  # noqa: E731
    m = (float(rules.public_bomb3) ** f("bombs3") * float(rules.public_bomb4) ** f("bombs4")
         * float(rules.public_bomb5) ** f("bombs5") * float(rules.public_bomb6) ** (f("bombs6") + f("bombs7p"))
         * float(rules.public_joker_bomb) ** f("joker_bombs"))
    tricks = np.asarray(facts["n_tricks"])
    for at in (rules.round_double_at, rules.round_double_again_at):
        if at:
            m = m * np.where(tricks >= at, 2.0, 1.0)
    return m


def quanguan(facts, rules, n_seats) -> np.ndarray:
    """(n, n_seats) bool: 全关 under ``rules.quanguan`` (whether or not the seat lost)."""
    plays = _seats(facts, "plays", n_seats)
    if rules.quanguan == "none":
        return np.zeros_like(plays, dtype=bool)
    allowed = np.zeros_like(plays)
    if rules.quanguan == "no_play_banker_one":
        allowed = (np.arange(n_seats)[None, :] == np.asarray(facts["banker"])[:, None]).astype(np.int64)
    shut = plays <= allowed
    if rules.quanguan == "all_no_play":  # only when no loser played at all
        others = np.arange(n_seats)[None, :] != np.asarray(facts["winner"])[:, None]
        shut = shut & (shut | ~others).all(axis=1, keepdims=True)
    return shut


def personal_multiplier(facts, rules, n_seats) -> np.ndarray:
    p = (float(rules.held_joker) ** _seats(facts, "jokers_left", n_seats)
         * float(rules.held_bomb3) ** _seats(facts, "held3", n_seats)
         * float(rules.held_bomb4) ** _seats(facts, "held4", n_seats)
         * float(rules.held_bomb5) ** _seats(facts, "held5p", n_seats))
    return p * np.where(quanguan(facts, rules, n_seats), float(rules.quanguan_factor), 1.0)


PER_SEAT_FACTS = ("cards_left", "plays", "jokers_left", "held3", "held4", "held5p", "collected", "paid")
FACTS = ("winner", "banker", "n_tricks", "bombs3", "bombs4", "bombs5", "bombs6", "bombs7p", "joker_bombs")


def facts(rules, n_seats: int) -> list[str]:
    """The stored columns ``score`` reads."""
    return list(FACTS) + [f"s{k}_{name}" for name in PER_SEAT_FACTS for k in range(n_seats)]


def score(facts: dict[str, np.ndarray], rules, n_seats: int) -> dict[str, np.ndarray]:
    """Columns ``public_multiplier``, ``s{k}_personal_multiplier``, ``s{k}_multiplier`` (capped),
    ``s{k}_cap_hit``, ``s{k}_quanguan``, ``s{k}_pays`` (bool) and ``s{k}_money`` (float64, zero-sum)."""
    winner = np.asarray(facts["winner"]).astype(np.int64)
    n = winner.shape[0]
    seats = np.arange(n_seats)[None, :]
    left = _seats(facts, "cards_left", n_seats)
    public = public_multiplier(facts, rules)
    personal = personal_multiplier(facts, rules, n_seats)
    total = public[:, None] * personal
    cap_hit = np.zeros((n, n_seats), bool)
    if rules.multiplier_cap:
        cap_hit = total > rules.multiplier_cap
        total = np.minimum(total, float(rules.multiplier_cap))
    losers = (seats != winner[:, None]) & (winner[:, None] >= 0)
    if rules.loser == "most_cards":
        most = np.where(losers, left, -1).max(axis=1, keepdims=True)
        losers &= left == most
    pay = np.where(losers, left * float(rules.base) * total, 0.0)
    money = -pay
    money[np.arange(n), np.maximum(winner, 0)] += np.where(winner >= 0, pay.sum(axis=1), 0.0)
    if rules.end == "play_on":
        money = float(rules.base) * (_seats(facts, "collected", n_seats) - _seats(facts, "paid", n_seats))
        losers = np.zeros_like(losers)
    out = {"public_multiplier": public}
    qg = quanguan(facts, rules, n_seats)
    for k in range(n_seats):
        out[f"s{k}_personal_multiplier"] = personal[:, k]
        out[f"s{k}_multiplier"] = total[:, k]
        out[f"s{k}_cap_hit"] = cap_hit[:, k] & losers[:, k]
        out[f"s{k}_quanguan"] = qg[:, k] & losers[:, k]
        out[f"s{k}_pays"] = losers[:, k]
        out[f"s{k}_money"] = money[:, k].astype(np.float64)
    return out


COMPONENT_LABELS = {"base": "cards left × base (every finisher's collection under play_on)",
                    "public": "the public multiplier (bombs, 双王, rounds 20 / 30)",
                    "personal": "the personal multiplier (bombs and jokers left, 全关)",
                    "cap": "the multiplier cap (negative: what it saves)"}


def seat_roles(facts, n_seats: int) -> np.ndarray:
    """(n, n_seats) role codes: 0 the banker, 1 the others."""
    banker = np.asarray(facts["banker"]).astype(np.int64)[:, None]
    return np.where(np.arange(n_seats)[None, :] == banker, 0, 1)


def components(facts, scored, rules, n_seats: int) -> dict[str, np.ndarray]:
    """Money split by what each factor adds, in the order base → public → personal → cap: for a
    paying loser, base = cards left × base, public = base × (public − 1), personal = base × public
    × (personal − 1), cap = what the cap takes off; the winner gets minus the losers' sum of each.
    Under ``play_on`` everything is base. The parts add up to the money exactly."""
    money = _seats(scored, "money", n_seats).astype(np.float64)
    zero = np.zeros_like(money)
    if rules.end == "play_on":
        return {"base": money, "public": zero, "personal": zero.copy(), "cap": zero.copy()}
    winner = np.asarray(facts["winner"]).astype(np.int64)
    pays = _seats(scored, "pays", n_seats).astype(bool)
    left = _seats(facts, "cards_left", n_seats).astype(np.float64) * float(rules.base)
    public = np.asarray(scored["public_multiplier"], np.float64)[:, None]
    personal = _seats(scored, "personal_multiplier", n_seats).astype(np.float64)
    parts = {"base": np.where(pays, -left, 0.0), "public": np.where(pays, -left * (public - 1), 0.0),
             "personal": np.where(pays, -left * public * (personal - 1), 0.0)}
    parts["cap"] = np.where(pays, money - parts["base"] - parts["public"] - parts["personal"], 0.0)
    rows = np.arange(len(winner))
    has = winner >= 0
    for name, part in parts.items():
        part[rows[has], winner[has]] -= part[has].sum(axis=1)
    return parts
