"""百变双扣 money from raw facts (spec §6, §7), vectorised over hands.

``score(facts, rules, n_seats)`` reads the columns of ``kernels.shuangkou.layout.HAND_LAYOUT`` by
name (``FACTS``: ``s0_seat``, ``s0_finish``, ``s0_bombs``, ``s0_bombs_ge5``, ``s0_max_xiang``,
``s0_tianwang``) and returns named columns; nothing replays a hand, so stored hands are rescored
under another base, 翻倍 scope, bomb-count rule, 天王 相 or tribute table by the code that scored
them.

``s{k}_*`` are by player; player k's team is the parity of the seat he played from (``s{k}_seat``,
after the draw's swap): seats {0, 2} against {1, 3}. Outcome codes: 0 双扣 (1st and 2nd one team,
3 units), 1 单扣 (1st and 3rd, 2 units), 2 平扣 (1st and 4th, 1 unit); the team of the first player
out wins. Hand value V = units x base.

* A player's level (SK-7) = max(largest 相 played — 天王 counting ``tianwang_xiang`` —, the 相
  his number of bombs counts as under ``bomb_count_rule``).
* 翻倍 F = 2^(L - 4) for L >= 5, else 1, with L the winning side's level: its best player's
  (``per_player_max``) or its bombs counted together (``side_total_bombs``).
* Each winner +V·F, each loser -V·F (SK-6).
* Tribute (SK-8, not multiplied by F, SK-9): a player of level >= 6 receives T from each of the
  three others; T = (2L - 11)·base (``s001_extrapolated``: 6 → 1, 7 → 3, 8 → 5, …) or
  2^(L - 5)·V (``qianbian``).
"""

from __future__ import annotations

import numpy as np

FACTS = ("seat", "finish", "bombs", "bombs_ge5", "max_xiang", "tianwang")  # per player: s{k}_{name}
ROLES = ("leader", "partner", "opponent")
ROLE_LABELS = {"leader": "holder of the announced card, leads (首出)", "partner": "his partner (对家)",
               "opponent": "the other team"}
COMPONENT_LABELS = {"base": "hand value V = units x B (双扣 3, 单扣 2, 平扣 1)",
                    "fanbei": "翻倍 extra: V x (F - 1) from the winning side's 相",
                    "tribute": "贡献 from players of >= 6相 (SK-8)"}
OUTCOMES = ("shuangkou", "dankou", "pingkou")
OUTCOMES_ZH = ("双扣", "单扣", "平扣")
UNITS = (3, 2, 1)


def fact_columns(rules, n_seats: int = 4) -> list[str]:
    """The columns ``score`` reads (``seat_roles`` reads ``leader``)."""
    return ["leader"] + [f"s{k}_{c}" for c in FACTS for k in range(n_seats)]


def _seat_matrix(facts, name, n_seats):
    return np.stack([np.asarray(facts[f"s{k}_{name}"], np.int64) for k in range(n_seats)], axis=1)


def _seat_of_place(finish, place):
    hit = finish == place
    return np.where(hit.any(axis=1), hit.argmax(axis=1), -1)


def count_level(n_bombs: np.ndarray, n_ge5: np.ndarray, rule: str) -> np.ndarray:
    """相 a number of bomb plays counts as (SK-7)."""
    n_bombs = np.asarray(n_bombs, np.int64)
    if rule == "s001":
        return np.where(n_bombs >= 3, n_bombs + 2, 0)
    if rule == "qianbian":
        return np.maximum(np.where(n_bombs >= 4, n_bombs + 2, 0), np.where(np.asarray(n_ge5) >= 2, 6, 0))
    return np.zeros_like(n_bombs)


def tribute_each(level: np.ndarray, value: np.ndarray, rules) -> np.ndarray:
    """What a player of ``level`` receives from each other player (0 under 6相)."""
    base = rules.base
    if rules.contribution_table == "s001_extrapolated":
        t = (2 * level - 11) * base
    else:
        t = (2 ** np.clip(level - 5, 0, 62)) * value
    return np.where(level >= 6, t, 0)


def score(facts: dict, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Outcome, levels, 翻倍, tribute and money per seat of every hand under ``rules``."""
    finish = _seat_matrix(facts, "finish", n_seats)
    team = _seat_matrix(facts, "seat", n_seats) % 2
    bombs = _seat_matrix(facts, "bombs", n_seats)
    ge5 = _seat_matrix(facts, "bombs_ge5", n_seats)
    biggest = np.maximum(_seat_matrix(facts, "max_xiang", n_seats),
                         np.where(_seat_matrix(facts, "tianwang", n_seats) > 0, rules.tianwang_xiang, 0))
    rows = np.arange(finish.shape[0])
    first = _seat_of_place(finish, 1)
    second = _seat_of_place(finish, 2)
    third = _seat_of_place(finish, 3)
    win = team[rows, first]
    double = (second >= 0) & (team[rows, np.maximum(second, 0)] == win)
    single = ~double & (third >= 0) & (team[rows, np.maximum(third, 0)] == win)
    outcome = np.where(double, 0, np.where(single, 1, 2))
    value = np.choose(outcome, UNITS) * rules.base

    level = np.maximum(biggest, count_level(bombs, ge5, rules.bomb_count_rule))
    side = team == win[:, None]
    if rules.xiang_level_scope == "per_player_max":
        side_level = np.where(side, level, 0).max(axis=1)
    else:
        side_level = np.maximum(
            np.where(side, biggest, 0).max(axis=1),
            count_level(np.where(side, bombs, 0).sum(axis=1), np.where(side, ge5, 0).sum(axis=1),
                        rules.bomb_count_rule))
    multiplier = np.where(side_level >= 5, 2 ** np.clip(side_level - 4, 0, 62), 1)
    hand_money = np.where(side, 1, -1) * (value * multiplier)[:, None]
    each = tribute_each(level, value[:, None], rules)
    tribute = n_seats * each - each.sum(axis=1, keepdims=True)
    money = hand_money + tribute

    out = {
        "outcome": outcome.astype(np.int8),
        "win_team": win.astype(np.int8),
        "units": np.choose(outcome, UNITS).astype(np.int8),
        "side_level": side_level.astype(np.int8),
        "multiplier": multiplier.astype(np.int64),
    }
    for k in range(n_seats):
        out[f"s{k}_won"] = side[:, k]
        out[f"s{k}_level"] = level[:, k].astype(np.int8)
        out[f"s{k}_hand_money"] = hand_money[:, k].astype(np.int64)
        out[f"s{k}_tribute"] = tribute[:, k].astype(np.int64)
        out[f"s{k}_money"] = money[:, k].astype(np.int64)
    return out


def components(facts, scored, rules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """(n, players) money of each part (``COMPONENT_LABELS``); they add up to the money."""
    won = np.stack([np.asarray(scored[f"s{k}_won"], bool) for k in range(n_seats)], axis=1)
    sign = np.where(won, 1.0, -1.0)
    value = (np.choose(np.asarray(scored["outcome"], np.int64), UNITS) * rules.base).astype(np.float64)[:, None]
    f = np.asarray(scored["multiplier"], np.float64)[:, None]
    tribute = np.stack([np.asarray(scored[f"s{k}_tribute"], np.float64) for k in range(n_seats)], axis=1)
    return {"base": sign * value, "fanbei": sign * value * (f - 1), "tribute": tribute}


def seat_roles(facts, n_seats: int = 4) -> np.ndarray:
    """(n, players) role codes (``ROLES``): 0 the leader, 1 the player opposite him after the
    draw's swap, 2 the others."""
    leader = np.asarray(facts["leader"], np.int64)[:, None]
    seat = _seat_matrix(facts, "seat", n_seats)
    k = np.arange(n_seats)[None, :]
    return np.where(k == leader, 0, np.where(seat % 2 == leader % 2, 1, 2))
