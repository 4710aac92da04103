"""Bridge scores from stored facts, vectorised (numpy): ``paiju rescore`` needs no replay.

``score(facts, rules, n_seats)`` reads the board columns ``level``, ``strain``, ``doubled``,
``declarer``, ``vul``, ``tricks`` and ``result_is_par`` (and, with ``dd = true``, ``par_score``) and
returns the scored columns:

* ``ns_score`` — duplicate score of spec §4 from N-S's side (0 passed out; the par score when
  every seat bid ``pass-out``);
* with ``dd``: ``imps_vs_par`` (IMPs of N-S's score against the par score, WBF scale) and
  ``mp_vs_par`` (matchpoints against par: ``rules.matchpoint_top`` for better, half of it for
  equal, 0 worse);
* ``s{k}_money`` — the money convention (``rules.money``): each seat gets its side's result, so N
  and S get the same and E and W its negative (zero-sum): the side's duplicate score in points
  (default), its IMPs against par, or its matchpoints against par above the average (top / 2).

Roles: ``declarer``, ``dummy`` (declarer's partner) and ``defender``; a passed-out board has none.
Components (``components``) split the money into the parts of spec §4's table: trick score,
part-score/game bonus, slam bonus, insult, overtricks, undertricks, plus the par score of boards
without an auction, and the IMPs or matchpoints when those are the money.

The arithmetic is written again here (not a call of the kernel) so that the suite can check the
kernel, this and the pure-Python reference against each other and against endplay.
"""

from __future__ import annotations

import numpy as np

from kernels.bridge.cards import STRAIN_CHARS
from sim.games.bridge.rules import INSULT_DOUBLED, BridgeRules


def declarer_scores(level, strain, doubled, vulnerable, tricks, insult_redoubled: int = 100) -> np.ndarray:
    """Declaring side's scores (arrays broadcast together); passed-out boards (level <= 0) give 0."""
    level, strain, doubled, tricks = (np.asarray(a, np.int64) for a in (level, strain, doubled, tricks))
    vul = np.asarray(vulnerable).astype(bool)
    need = 6 + level
    factor = np.left_shift(1, np.clip(doubled, 0, 2))
    per_trick = np.where(strain < 2, 20, 30)
    contract = (level * per_trick + np.where(strain == 4, 10, 0)) * factor
    made = contract + np.where(contract >= 100, np.where(vul, 500, 300), 50)
    made += np.where(level == 6, np.where(vul, 750, 500), 0) + np.where(level == 7, np.where(vul, 1500, 1000), 0)
    made += np.where(doubled == 1, INSULT_DOUBLED, 0) + np.where(doubled == 2, insult_redoubled, 0)
    over = np.maximum(tricks - need, 0)
    made += np.where(doubled == 0, over * per_trick, over * np.where(vul, 200, 100) * (factor // 2))
    down = np.maximum(need - tricks, 0)
    undoubled = down * np.where(vul, 100, 50)
    doubled_nv = 100 * np.minimum(down, 1) + 200 * np.clip(down - 1, 0, 2) + 300 * np.maximum(down - 3, 0)
    doubled_v = 200 * np.minimum(down, 1) + 300 * np.maximum(down - 1, 0)
    penalty = np.where(doubled == 0, undoubled, np.where(vul, doubled_v, doubled_nv) * (factor // 2))
    out = np.where(tricks >= need, made, -penalty)
    return np.where(level > 0, out, 0)


def declarer_parts(level, strain, doubled, vulnerable, tricks, insult_redoubled: int = 100) -> dict[str, np.ndarray]:
    """The declaring side's score split as spec §4's table (parts add up to ``declarer_scores``)."""
    level, strain, doubled, tricks = (np.asarray(a, np.int64) for a in (level, strain, doubled, tricks))
    vul = np.asarray(vulnerable).astype(bool)
    need = 6 + level
    made = (tricks >= need) & (level > 0)
    factor = np.left_shift(1, np.clip(doubled, 0, 2))
    per_trick = np.where(strain < 2, 20, 30)
    contract = (level * per_trick + np.where(strain == 4, 10, 0)) * factor
    over = np.maximum(tricks - need, 0)
    zero = np.zeros(np.broadcast(level, strain, doubled, tricks, vul).shape, np.int64)
    parts = {
        "trick_score": np.where(made, contract, 0),
        "bonus": np.where(made, np.where(contract >= 100, np.where(vul, 500, 300), 50), 0),
        "slam": np.where(made & (level == 6), np.where(vul, 750, 500), 0)
        + np.where(made & (level == 7), np.where(vul, 1500, 1000), 0),
        "insult": np.where(made, np.where(doubled == 1, INSULT_DOUBLED, 0) + np.where(doubled == 2, insult_redoubled, 0),
                           0),
        "overtricks": np.where(made, np.where(doubled == 0, over * per_trick,
                                              over * np.where(vul, 200, 100) * (factor // 2)), 0),
    }
    full = declarer_scores(level, strain, doubled, vul, tricks, insult_redoubled)
    parts["undertricks"] = np.where(made | (level <= 0), 0, full)
    return {k: v + zero for k, v in parts.items()}


def imps(difference) -> np.ndarray:
    """IMPs of point differences on the WBF scale (signed)."""
    from kernels.bridge.score import IMP_STEPS

    d = np.asarray(difference, np.int64)
    n = np.searchsorted(np.asarray(IMP_STEPS), np.abs(d), side="right")
    return np.where(d >= 0, n, -n).astype(np.int64)


ROLES = ("declarer", "dummy", "defender")
ROLE_LABELS = {"declarer": "庄家", "dummy": "明手", "defender": "防守方"}  # shown as "庄家 (declarer)"
PARTS = ("trick_score", "bonus", "slam", "insult", "overtricks", "undertricks")
COMPONENT_LABELS = {
    "trick_score": "trick score of the contracted tricks", "bonus": "part-score or game bonus",
    "slam": "slam bonus", "insult": "insult (made doubled or redoubled)", "overtricks": "overtricks",
    "undertricks": "undertricks (the defenders' score)", "par": "par score of boards without an auction (pass-out)",
    "vs_par": "IMPs or matchpoints against par (money = imps | matchpoints)",
}
BOARD_FACTS = ("level", "strain", "doubled", "declarer", "vul", "tricks", "result_is_par")


def fact_columns(rules: BridgeRules, n_seats: int = 4) -> list[str]:
    """The stored columns ``score`` reads."""
    return list(BOARD_FACTS) + (["par_score"] if rules.dd else [])


def _side_money(side_value: np.ndarray, n_seats: int = 4) -> dict[str, np.ndarray]:
    """N-S's value to N and S, its negative to E and W (zero-sum)."""
    v = np.asarray(side_value, np.float64)
    return {f"s{k}_money": (v if k % 2 == 0 else -v) + 0.0 for k in range(n_seats)}


def score(facts: dict, rules: BridgeRules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Scored columns of stored boards under ``rules`` (module docstring)."""
    level = np.asarray(facts["level"], np.int64)
    declarer = np.asarray(facts["declarer"], np.int64)
    vul = np.asarray(facts["vul"], np.int64)
    tricks = np.asarray(facts["tricks"], np.int64)
    side = np.clip(declarer, 0, 3) & 1
    vulnerable = (vul >> side) & 1
    s = declarer_scores(level, facts["strain"], facts["doubled"], vulnerable, tricks, rules.insult_redoubled)
    ns = np.where(side == 0, s, -s)
    ns = np.where((level > 0) & (tricks >= 0), ns, 0)
    out: dict[str, np.ndarray] = {}
    if "par_score" in facts:
        par = np.asarray(facts["par_score"], np.int64)
        ns = np.where(np.asarray(facts["result_is_par"]).astype(bool), par, ns)
        out["imps_vs_par"] = imps(ns - par)
        top = rules.matchpoint_top
        out["mp_vs_par"] = np.where(ns > par, top, np.where(ns == par, top / 2, 0.0)).astype(np.float64)
    out["ns_score"] = ns.astype(np.int64)
    side_value = {"points": out["ns_score"], "imps": out.get("imps_vs_par"),
                  "matchpoints": None if "mp_vs_par" not in out else out["mp_vs_par"] - rules.matchpoint_top / 2}
    if side_value[rules.money] is None:
        raise ValueError(f"money = {rules.money!r} needs the par score (dd = true)")
    out.update(_side_money(side_value[rules.money], n_seats))
    return out


def seat_roles(facts: dict, n_seats: int = 4) -> np.ndarray:
    """(n, 4) role codes (``ROLES``): 0 declarer, 1 dummy, 2 defender; -1 on a passed-out board."""
    declarer = np.asarray(facts["declarer"], np.int64)[:, None]
    level = np.asarray(facts["level"], np.int64)[:, None]
    k = np.arange(n_seats)[None, :]
    role = np.where(k == declarer, 0, np.where(k == (declarer ^ 2), 1, 2))
    return np.where((level > 0) & (declarer >= 0), role, -1)


def components(facts: dict, scored: dict, rules: BridgeRules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Money (n, seats) split into ``COMPONENT_LABELS``; the parts add up to ``s{k}_money``."""
    money = np.stack([np.asarray(scored[f"s{k}_money"], np.float64) for k in range(n_seats)], axis=1)
    zero = np.zeros_like(money)
    out = {name: zero for name in COMPONENT_LABELS}
    if rules.money != "points":
        out["vs_par"] = money
        return out
    level = np.asarray(facts["level"], np.int64)
    declarer = np.asarray(facts["declarer"], np.int64)
    side = np.clip(declarer, 0, 3) & 1
    vulnerable = (np.asarray(facts["vul"], np.int64) >> side) & 1
    tricks = np.asarray(facts["tricks"], np.int64)
    par_board = np.asarray(facts["result_is_par"]).astype(bool) if "par_score" in facts else np.zeros(len(level), bool)
    played = (level > 0) & (tricks >= 0) & ~par_board
    parts = declarer_parts(level, facts["strain"], facts["doubled"], vulnerable, tricks, rules.insult_redoubled)
    seat_sign = np.where(np.arange(n_seats) % 2 == 0, 1.0, -1.0)[None, :]
    ns_sign = np.where(side == 0, 1.0, -1.0)[:, None]
    for name in PARTS:
        out[name] = np.where(played[:, None], parts[name][:, None] * ns_sign * seat_sign, 0.0)
    out["par"] = np.where(par_board[:, None], money, 0.0)
    return out


def dd_contract_tricks(facts: dict, n_seats: int = 4) -> np.ndarray:
    """Double-dummy tricks of each board's contract for its declarer (-1 when passed out)."""
    level = np.asarray(facts["level"], np.int64)
    strain = np.clip(np.asarray(facts["strain"], np.int64), 0, 4)
    declarer = np.clip(np.asarray(facts["declarer"], np.int64), 0, 3)
    table = np.stack([np.stack([np.asarray(facts[f"s{k}_dd_{s.lower()}"], np.int64) for k in range(n_seats)], axis=1)
                      for s in STRAIN_CHARS], axis=1)  # (n, strain, seat)
    picked = table[np.arange(level.shape[0]), strain, declarer]
    return np.where(level > 0, picked, -1)


def equals_par(facts: dict) -> np.ndarray:
    """Is the board's contract (level, strain, declarer, doubled or not) one of its par contracts?"""
    from sim.games.bridge.dd import MAX_PAR

    level = np.asarray(facts["level"], np.int64)
    strain = np.asarray(facts["strain"], np.int64)
    declarer = np.asarray(facts["declarer"], np.int64)
    doubled = np.asarray(facts["doubled"], np.int64) > 0
    packed = np.asarray(facts["par_contracts"], np.int64)
    count = np.asarray(facts["par_count"], np.int64)
    hit = np.zeros(level.shape, bool)
    for k in range(MAX_PAR):
        code = (packed >> (10 * k)) & 0x3FF
        hit |= (k < count) & ((code & 7) == level) & (((code >> 3) & 7) == strain) & (((code >> 6) & 3) == declarer) & (
            ((code >> 8) & 1).astype(bool) == doubled)
    return hit & (level > 0)
