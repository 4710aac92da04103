"""``paiju play xiantao``: full hands by heuristic players, one Parquet row per hand.

The kernel (``kernels.xiantao_play``) writes raw facts; this module scores them
(``xiantao_scoring``) and lays them out as the columns below, defined once with their Arrow
types and meaning (the README's schema table is generated from ``play_columns``).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.schema import CENSUS_FEATURE_TYPES, Column, per_seat, table_from_values

N_SEATS = 4
POLICIES = ("random", "greedy", "smart")
ROLES = ("banker", "partner", "opponent", "hard", "hard_opponent")
CHUNK = 8192
_DICT = pa.dictionary(pa.int8(), pa.string())


def play_columns() -> list[Column]:
    c = [
        Column("game_index", pa.int64(), "index of the hand in the run; its stream is (seed, game_index)"),
        Column("session", pa.int64(), "session number (game_index // hands_per_session)"),
        Column("deal_index", pa.int64(), "deal played: game_index, or game_index // 4 with --duplicate"),
        Column("rotation", pa.int8(), "with --duplicate: seat k holds the hand dealt to seat k + rotation; else 0"),
        Column("mode", _DICT, "'call' (叫牌, hidden partner) or 'hard' (硬牌, one against three)"),
        Column("banker", pa.int8(), "庄家 seat"),
        Column("hard_seat", pa.int8(), "硬牌家 seat, -1 in call mode"),
        Column("hard_asked", pa.int8(), "players asked about 硬牌 (from 庄家) before one accepted or all declined"),
        Column("call_card", pa.int16(), "physical id of 庄家's call card (kernels.cards encoding), -1 in 硬牌"),
        Column("call_rank", pa.int8(), "rank index of the call card (0:3 .. 7:10), -1 in 硬牌"),
        Column("call_suit", pa.int8(), "suit of the call card (0♠ 1♥ 2♣ 3♦), -1 in 硬牌"),
        Column("recalls", pa.int8(), "re-calls before an eligible call card was found"),
        Column("partner", pa.int8(), "暗对家 seat, -1 in 硬牌"),
        Column("partner_public", pa.bool_(), "partnership known from the start (daguong_opposite, both copies)"),
        Column("mingji_trick", pa.int16(), "0-based trick in which the partner played the call card (明鸡), -1 never"),
        Column("redeals", pa.int8(), "redeals because no call card could be found (census features are of the first deal)"),
    ]
    c += per_seat("finish", pa.int8(), "finishing place 1..4; 0 = still holding cards when the hand ended", N_SEATS)
    c += per_seat("captured", pa.int16(), "points captured in tricks", N_SEATS)
    c += per_seat("unplayed", pa.int16(), "points left in hand at the end", N_SEATS)
    c += per_seat("role", _DICT, "banker | partner | opponent | hard | hard_opponent", N_SEATS)
    c += per_seat("policy", _DICT, "player policy of the seat in this hand", N_SEATS)
    c += per_seat("plays", pa.int16(), "moves played (passes excluded)", N_SEATS)
    c += [
        Column("case", _DICT, "finishing case A (一游+二游) | B (一游+三游) | C (一游+末游) | '' in 硬牌"),
        Column("team_w_total", pa.int16(), "一游's team total after contributions and unplayed points (0 in 硬牌)"),
        Column("team_l_total", pa.int16(), "the other team's total (0 in 硬牌)"),
        Column("grade", _DICT, "da_qing | xiao_qing | normal | hard"),
        Column("multiplier", pa.float64(), "grade multiplier applied (hard_multiplier in 硬牌)"),
        Column("tie_100", pa.bool_(), "totals equal: 一游's team wins"),
    ]
    c += per_seat("won", pa.bool_(), "seat is on the winning side", N_SEATS)
    c += per_seat("xi_wangzha", pa.int8(), "王炸 喜 counted (dealt, or dealt and played with bonus_requires_play)", N_SEATS)
    c += per_seat("xi_seven", pa.int8(), "7张 喜 counted", N_SEATS)
    c += per_seat("xi_eight", pa.int8(), "8张 喜 counted", N_SEATS)
    c += per_seat("xi", pa.float64(), "net 喜 money (received minus paid)", N_SEATS)
    c += per_seat("money", pa.float64(), "net money of the hand: grade money + 喜", N_SEATS)
    c += [
        Column("n_tricks", pa.int16(), "tricks, including one cut short by the end of the hand"),
        Column("n_jiefeng", pa.int16(), "leads passed on because the trick winner was out (接风)"),
        Column("n_turns", pa.int16(), "turns taken (plays and passes)"),
        Column("ended_by", pa.int8(), "seat whose play ended the hand (takes the table's points)"),
    ]
    c += [Column(f"bombs_L{level:02d}", pa.int16(), f"bomb-class plays of ladder level L{level} (spec §7.2)")
          for level in range(1, 20)]
    for feature, type_, doc in CENSUS_FEATURE_TYPES:
        c += per_seat(feature, type_, doc + " (at the deal)", N_SEATS)
    return c


def parse_policies(text: str) -> list[str]:
    from sim.players import parse_policies as parse

    return parse(text, POLICIES, N_SEATS)


def parse_policy_params(items: list[str] | None, policies: list[str]) -> list[dict[str, float]]:
    """``NAME=VALUE`` (every seat) or ``SEAT:NAME=VALUE``; names from kernels.policies.PARAM_ORDER."""
    from kernels.policies import PARAM_ORDER
    from sim.players import parse_policy_params as parse

    return parse(items, PARAM_ORDER, N_SEATS)


def _kernel_inputs(spec) -> dict[str, Any]:
    from kernels.policies import params_matrix
    from sim.games.xiantao import play_tables

    tables = play_tables(spec.rules)
    policies = spec.options["policies"]
    tables["policies"] = np.array([POLICIES.index(p) for p in policies], np.int64)
    tables["pp"] = params_matrix(policies, spec.options.get("policy_params") or [{}] * N_SEATS)
    return tables


def run_kernel(spec, start: int, stop: int) -> np.ndarray:
    """Raw fact rows (kernels.xiantao_play ROW_*) of hands start..stop-1."""
    import numba

    from kernels.xiantao_play import ROW_LEN, play_range

    t = _kernel_inputs(spec)
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    play_range(np.uint64(spec.seed), start, stop - start, spec.options["hands_per_session"],
               int(spec.options.get("rotate", False)), int(spec.options.get("duplicate", False)), t["deck"], t["card"], t["nat_ids"], t["wild_ids"],
               t["call_excluded"], t["inc_rank"], t["inc_fk"], t["census_params"], t["rules"], t["policies"], t["pp"],
               t["rank_points"], rows, 4 * numba.get_num_threads())
    return rows


def facts_from_rows(rows: np.ndarray):
    from kernels import xiantao_play as K
    from sim.games.xiantao_scoring import Facts

    seat = lambda base: rows[:, base:base + N_SEATS]  # noqa: E731
    return Facts(mode_hard=rows[:, K.ROW_MODE] == 1, banker=rows[:, K.ROW_BANKER], partner=rows[:, K.ROW_PARTNER],
                 hard_seat=rows[:, K.ROW_HARD_SEAT], finish=seat(K.ROW_FINISH), captured=seat(K.ROW_CAPTURED),
                 unplayed=seat(K.ROW_UNPLAYED), xi_wangzha=seat(K.ROW_XI_WANGZHA), xi_seven=seat(K.ROW_XI_SEVEN),
                 xi_eight=seat(K.ROW_XI_EIGHT))


def seat_policies(spec, game_index: np.ndarray) -> np.ndarray:
    """(n, 4) policy code of each seat in each hand (seat-rotated with --rotate)."""
    base = np.array([POLICIES.index(p) for p in spec.options["policies"]])
    k = np.arange(N_SEATS)[None, :]
    shift = game_index[:, None] if spec.options.get("rotate") else np.zeros((len(game_index), 1), np.int64)
    return base[(k + shift) % N_SEATS]


def roles(f) -> np.ndarray:
    """(n, 4) role codes (ROLES)."""
    k = np.arange(N_SEATS)[None, :]
    call = np.where(k == f.banker[:, None], 0, np.where(k == f.partner[:, None], 1, 2))
    hard = np.where(k == f.hard_seat[:, None], 3, 4)
    return np.where(f.mode_hard[:, None], hard, call)


def _dict_array(codes: np.ndarray, names: tuple[str, ...]) -> pa.Array:
    return pa.DictionaryArray.from_arrays(pa.array(codes.astype(np.int8)), pa.array(list(names)))


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels import xiantao_play as K
    from sim.games.xiantao_scoring import CASES, GRADES, score

    n = rows.shape[0]
    f = facts_from_rows(rows)
    s = score(f, spec.rules)
    game_index = np.arange(start, start + n, dtype=np.int64)
    call = rows[:, K.ROW_CALL_CARD]
    has_call = call >= 0
    values: dict[str, Any] = {
        "game_index": game_index,
        "session": game_index // spec.options["hands_per_session"],
        "deal_index": game_index // N_SEATS if spec.options.get("duplicate") else game_index,
        "rotation": game_index % N_SEATS if spec.options.get("duplicate") else np.zeros(n, np.int64),
        "mode": _dict_array(rows[:, K.ROW_MODE], ("call", "hard")),
        "banker": rows[:, K.ROW_BANKER], "hard_seat": rows[:, K.ROW_HARD_SEAT],
        "hard_asked": rows[:, K.ROW_HARD_ASKED], "call_card": call,
        "call_rank": np.where(has_call, (call % 54) // 4, -1), "call_suit": np.where(has_call, (call % 54) % 4, -1),
        "recalls": rows[:, K.ROW_RECALLS], "partner": rows[:, K.ROW_PARTNER],
        "partner_public": rows[:, K.ROW_PUBLIC] == 1, "mingji_trick": rows[:, K.ROW_MINGJI],
        "redeals": rows[:, K.ROW_REDEALS],
        "case": _dict_array(s.case, CASES), "team_w_total": s.team_w_total, "team_l_total": s.team_l_total,
        "grade": _dict_array(s.grade, GRADES), "multiplier": s.multiplier, "tie_100": s.tie_100,
        "n_tricks": rows[:, K.ROW_N_TRICKS], "n_jiefeng": rows[:, K.ROW_N_JIEFENG], "n_turns": rows[:, K.ROW_N_TURNS],
        "ended_by": rows[:, K.ROW_ENDED_BY],
    }
    pol = seat_policies(spec, game_index)
    rl = roles(f)
    for k in range(N_SEATS):
        values[f"s{k}_finish"] = f.finish[:, k]
        values[f"s{k}_captured"] = f.captured[:, k]
        values[f"s{k}_unplayed"] = f.unplayed[:, k]
        values[f"s{k}_role"] = _dict_array(rl[:, k], ROLES)
        values[f"s{k}_policy"] = _dict_array(pol[:, k], POLICIES)
        values[f"s{k}_plays"] = rows[:, K.ROW_PLAYS + k]
        values[f"s{k}_won"] = s.won[:, k]
        values[f"s{k}_xi_wangzha"] = f.xi_wangzha[:, k]
        values[f"s{k}_xi_seven"] = f.xi_seven[:, k]
        values[f"s{k}_xi_eight"] = f.xi_eight[:, k]
        values[f"s{k}_xi"] = s.xi_money[:, k]
        values[f"s{k}_money"] = s.money[:, k]
    for level in range(1, 20):
        values[f"bombs_L{level:02d}"] = rows[:, K.ROW_BOMBS + level - 1]
    for fi, (feature, _, _) in enumerate(CENSUS_FEATURE_TYPES):
        for k in range(N_SEATS):
            values[f"s{k}_{feature}"] = rows[:, K.ROW_FEATURES + fi * N_SEATS + k]
    return table_from_values(play_columns(), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    hps = spec.options["hands_per_session"]
    step = max(hps, (CHUNK // hps) * hps)
    tables = []
    for lo in range(start, stop, step):
        hi = min(stop, lo + step)
        tables.append(rows_to_table(spec, lo, run_kernel(spec, lo, hi)))
        if on_progress:
            on_progress(hi - lo)
    return pa.concat_tables(tables)


def warm_up_play(spec) -> None:
    from dataclasses import replace

    hps = spec.options["hands_per_session"]
    compute_play(replace(spec, n=hps), 0, hps)
