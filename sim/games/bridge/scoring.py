"""Bridge scores from stored facts, vectorised (numpy): rescoring needs no replay.

``score(facts, rules, n_seats)`` reads the board columns (``level``, ``strain``, ``doubled``,
``declarer``, ``vul``, ``tricks``, ``result_is_par``, ``play_dd``) and, where present, the
double-dummy columns (``s{k}_dd_{strain}``, ``par_score``), and returns:

* ``ns_score`` — duplicate score of spec §4 from N-S's side (0 passed out; the par score when
  every seat bid ``pass-out``; for double-dummy play the DD tricks of the contract);
* ``dd_tricks`` — the DD tricks of the contract (-1 passed out), when DD columns are present;
* ``imps_vs_par`` and ``mp_vs_par`` — IMPs (WBF scale) of N-S's score against the par score, and
  matchpoints against par (``rules.matchpoint_top`` for better, half of it for equal, 0 worse).

The arithmetic is written again here (not a call of the kernel) so that the suite can check the
kernel, this and the pure-Python reference against each other and against endplay.
"""

from __future__ import annotations

import numpy as np

from kernels.bridge.cards import STRAIN_CHARS
from kernels.bridge.score import IMP_STEPS
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


def imps(difference) -> np.ndarray:
    """IMPs of point differences on the WBF scale (signed)."""
    d = np.asarray(difference, np.int64)
    n = np.searchsorted(np.asarray(IMP_STEPS), np.abs(d), side="right")
    return np.where(d >= 0, n, -n).astype(np.int64)


def dd_contract_tricks(facts: dict, n_seats: int = 4) -> np.ndarray:
    """Double-dummy tricks of each board's contract for its declarer (-1 when passed out)."""
    level = np.asarray(facts["level"], np.int64)
    strain = np.clip(np.asarray(facts["strain"], np.int64), 0, 4)
    declarer = np.clip(np.asarray(facts["declarer"], np.int64), 0, 3)
    table = np.stack([np.stack([np.asarray(facts[f"s{k}_dd_{s.lower()}"], np.int64) for k in range(n_seats)], axis=1)
                      for s in STRAIN_CHARS], axis=1)  # (n, strain, seat)
    picked = table[np.arange(level.shape[0]), strain, declarer]
    return np.where(level > 0, picked, -1)


def score(facts: dict, rules: BridgeRules, n_seats: int = 4) -> dict[str, np.ndarray]:
    """Score columns of stored boards under ``rules`` (module docstring)."""
    level = np.asarray(facts["level"], np.int64)
    declarer = np.asarray(facts["declarer"], np.int64)
    vul = np.asarray(facts["vul"], np.int64)
    tricks = np.asarray(facts["tricks"], np.int64)
    has_dd = "s0_dd_c" in facts
    out: dict[str, np.ndarray] = {}
    if has_dd:
        out["dd_tricks"] = dd_contract_tricks(facts, n_seats)
        tricks = np.where(np.asarray(facts.get("play_dd", np.zeros_like(level))).astype(bool), out["dd_tricks"], tricks)
    side = np.clip(declarer, 0, 3) & 1
    vulnerable = (vul >> side) & 1
    s = declarer_scores(level, facts["strain"], facts["doubled"], vulnerable, tricks, rules.insult_redoubled)
    ns = np.where(side == 0, s, -s)
    ns = np.where((level > 0) & (tricks >= 0), ns, 0)
    if "par_score" in facts:
        par = np.asarray(facts["par_score"], np.int64)
        ns = np.where(np.asarray(facts.get("result_is_par", np.zeros_like(level))).astype(bool), par, ns)
        out["imps_vs_par"] = imps(ns - par)
        top = rules.matchpoint_top
        out["mp_vs_par"] = np.where(ns > par, top, np.where(ns == par, top / 2, 0.0)).astype(np.float64)
    out["ns_score"] = ns.astype(np.int64)
    return out


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
