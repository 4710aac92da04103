"""``paiju play doudizhu|doudizhu4|shanghai``: full hands by landlord-family players, one Parquet
row per hand.

The kernel (``kernels.landlord_play``) writes raw facts (``kernels.landlord_rows``); ``score``
turns them into the multiplier, its factors and money per seat, vectorised over a batch (stored
runs can be rescored under other multipliers, DESIGN principle 6). The columns are defined once
in ``play_columns``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import pyarrow as pa

from sim.errors import UserError
from sim.schema import Column, per_seat, table_from_values

POLICIES = ("random", "greedy", "smart")
ROLES = ("landlord", "farmer", "none")
BAODAO = ("none", "da", "buda")  # kernels.landlord_rows BAODAO_*
CHUNK = 8192
_DICT = pa.dictionary(pa.int8(), pa.string())
RANK_CHARS = "3456789TJQKA2SB"


def play_columns(n_seats: int) -> list[Column]:
    c = [
        Column("game_index", pa.int64(), "index of the hand in the run; its stream is (seed, game_index)"),
        Column("session", pa.int64(), "session number (game_index // hands_per_session)"),
        Column("first_bidder", pa.int8(), "seat that bid first (上海: holder of the marker card)"),
        Column("redeals", pa.int8(), "all-pass auctions redealt inside this row before its deal (rule all_pass = "
                                     "redeal; at most 100, then the row has no landlord)"),
        Column("landlord", pa.int8(), "地主 seat; -1 when everybody passed and the deal had no score (OpenSpiel; "
                                      "上海: an all-pass deal of a session, the next deal is 荒番)"),
        Column("bid", pa.int8(), "winning bid 叫分 / x1..x3 / 档数 (0: nobody bid)"),
        Column("dang", pa.float64(), "上海 D of §7: the 档数, or 4 / 3 for a 头撂 deal won / lost (SH-8); the bid elsewhere"),
        Column("huangfan", pa.int8(), "上海 荒番: consecutive all-pass deals right before this deal (> 0: ×2, SH-1)"),
        Column("qiang", pa.int8(), "number of 抢地主"),
        Column("mingpai", pa.bool_(), "landlord played with his hand exposed (明牌; 上海 摊打)"),
        Column("touliao", pa.bool_(), "上海 头撂: the first bidder bid 3档"),
        Column("mingwang", pa.bool_(), "上海 明王: the marker card is a joker"),
        Column("baodao_sets", pa.int8(), "上海 报到 sets the landlord holds with the kitty (four jokers; each rank 7+)"),
        Column("baodao", _DICT, "上海 报到: none | da (打, played out) | buda (不打, claimed: a landlord win)"),
        Column("kitty", pa.string(), "底牌 ranks, e.g. '39B' (T = 10, S = 小王, B = 大王)"),
        Column("kitty_jokers", pa.int8(), "jokers in the kitty"),
        Column("kitty_twos", pa.int8(), "2s in the kitty"),
        Column("kitty_made_bomb", pa.bool_(), "the kitty completed a bomb (or the rocket) for the landlord"),
        Column("winner", pa.int8(), "first player out (-1: no game)"),
        Column("landlord_won", pa.bool_(), "the landlord went out first"),
        Column("spring", pa.bool_(), "春天: the landlord went out and no farmer played a card"),
        Column("fanchun", pa.bool_(), "反春: a farmer went out and the landlord played only his opening lead"),
        Column("bombs_played", pa.int16(), "bombs played (4+ of a rank)"),
        Column("rockets_played", pa.int8(), "火箭 played"),
        Column("tianwang_played", pa.int8(), "天王炸 played"),
        Column("big_bombs_played", pa.int8(), "bombs of 7 or 8 cards played"),
        Column("low_chains_played", pa.int16(), "上海 chains played through A-low or 2 (A2345…, 23456…, A2…KA)"),
        Column("bomb_limit_blocks", pa.int16(), "上海 §2.1: turns on which the bomb limit took a farmer's bombs away"),
        Column("f_qiang", pa.float64(), "factor of 抢地主 in the multiplier"),
        Column("f_mingpai", pa.float64(), "factor of 明牌 / 摊打"),
        Column("f_bombs", pa.float64(), "factor of bombs, rockets and 天王炸 played"),
        Column("f_spring", pa.float64(), "factor of 春天 / 反春"),
        Column("f_huangfan", pa.float64(), "factor of 荒番 (上海)"),
        Column("f_mingwang", pa.float64(), "factor of 明王 (上海)"),
        Column("f_touliao", pa.float64(), "factor of 头撂 with touliao_rule = extra_x4 (上海)"),
        Column("f_baodao", pa.float64(), "factor of 报到: 打 ×2 on a win, ×0 on a loss; × sets with "
                                         "baodao_count_multiplies / pz_baodao_settlement (上海)"),
        Column("multiplier", pa.float64(), "M, product of the factors"),
        Column("landlord_plays", pa.int16(), "plays (not passes) by the landlord"),
        Column("n_tricks", pa.int16(), "tricks, including the last one"),
        Column("n_turns", pa.int16(), "turns (plays and passes)"),
    ]
    c += per_seat("role", _DICT, "landlord | farmer | none (no game)", n_seats)
    c += per_seat("policy", _DICT, "player policy of the seat in this hand", n_seats)
    c += per_seat("said", pa.int8(), "first bid said in the auction (0 pass, -1 never asked)", n_seats)
    c += per_seat("plays", pa.int16(), "plays (passes excluded)", n_seats)
    c += per_seat("bombs", pa.int8(), "bomb-class plays (bombs, rocket, 天王炸)", n_seats)
    c += per_seat("bomb_limit", pa.int8(), "上海 §2.1 bombs the seat may play (-1 unlimited)", n_seats)
    c += per_seat("limited_bombs", pa.int8(), "上海 bombs counted against the seat's limit (SH-2)", n_seats)
    c += per_seat("bombs_held", pa.int8(), "ranks held 4+ times at the deal (before the kitty)", n_seats)
    c += per_seat("rocket_held", pa.bool_(), "holds 小王 and 大王 at the deal", n_seats)
    c += per_seat("big_bombs_held", pa.int8(), "ranks held 7+ times at the deal (上海 报到 sets, with four jokers)",
                  n_seats)
    c += per_seat("twos_held", pa.int8(), "2s held at the deal", n_seats)
    c += per_seat("jokers_held", pa.int8(), "jokers held at the deal", n_seats)
    c += per_seat("aces_held", pa.int8(), "aces held at the deal", n_seats)
    c += per_seat("won", pa.bool_(), "seat is on the winning side", n_seats)
    c += per_seat("money", pa.float64(), "net money of the hand (units of 底注 B)", n_seats)
    return c


# --- policies -----------------------------------------------------------------------------------


def parse_policies(text: str, n_seats: int) -> list[str]:
    from sim.players import parse_policies as parse

    return parse(text, POLICIES, n_seats)


def parse_policy_params(items: list[str] | None, n_seats: int) -> list[dict[str, float]]:
    """``NAME=VALUE`` (every seat) or ``SEAT:NAME=VALUE``; names from kernels.landlord_policies."""
    from kernels.landlord_policies import PARAM_ORDER
    from sim.players import parse_policy_params as parse

    return parse(items, PARAM_ORDER, n_seats)


def card_ranks(n_decks: int) -> np.ndarray:
    from kernels.cards import card_rank

    return np.array([card_rank(c) for c in range(54 * n_decks)], np.int64)


def seat_params(game: str, policies: list[str], overrides: list[dict] | None) -> list[dict]:
    """Per-seat policy parameters: the game's defaults (``GAME_POLICY_PARAMS``) under the user's."""
    from sim.games.landlord import GAME_POLICY_PARAMS

    base = GAME_POLICY_PARAMS.get(game, {})
    overrides = overrides or [{}] * len(policies)
    return [{**base.get(p, {}), **o} for p, o in zip(policies, overrides)]


def kernel_inputs(spec) -> dict[str, Any]:
    from kernels.landlord_policies import params_matrix
    from sim.games.landlord import engine_rules

    r = spec.rules
    policies = spec.options["policies"]
    return {
        "deck": np.arange(54 * r.n_decks, dtype=np.int16),
        "card_rank": card_ranks(r.n_decks),
        "rules": engine_rules(r, spec.game),
        "policies": np.array([POLICIES.index(p) for p in policies], np.int64),
        "pp": params_matrix(policies, seat_params(spec.game, policies, spec.options.get("policy_params"))),
    }


def run_kernel(spec, start: int, stop: int, inputs=None) -> np.ndarray:
    import numba

    from kernels.landlord_play import play_range
    from kernels.landlord_rows import ROW_LEN

    t = inputs or kernel_inputs(spec)
    hps = int(spec.options.get("hands_per_session", 1))
    if start % hps or (stop - start) % hps:
        raise ValueError(f"hands {start}..{stop} are not whole sessions of {hps}")
    rows = np.zeros((stop - start, ROW_LEN), np.int64)
    play_range(np.uint64(spec.seed), start, stop - start, hps, int(spec.options.get("rotate", False)), t["deck"],
               t["card_rank"], t["rules"], t["policies"], t["pp"], rows, 4 * numba.get_num_threads())
    return rows


# --- late scoring -------------------------------------------------------------------------------


@dataclass
class Score:
    f_qiang: np.ndarray
    f_mingpai: np.ndarray
    f_bombs: np.ndarray
    f_spring: np.ndarray
    f_huangfan: np.ndarray
    f_mingwang: np.ndarray
    f_touliao: np.ndarray
    f_baodao: np.ndarray
    multiplier: np.ndarray
    dang: np.ndarray  # 上海 D (the bid, or 4/3 for 头撂); the bid elsewhere
    money: np.ndarray  # (n, n_seats)


def score(rows: np.ndarray, rules, game: str) -> Score:
    """Multiplier and money of each hand from its raw facts (doudizhu.md A6, Part B; 上海 §7).

    上海: M = 荒番 × 摊打 × 明王 (× bombs with ``bombs_multiply``) × 报到 factors; D = 档数, 头撂
    D = 4 won / 3 lost (SH-8) or ×4 (``extra_x4``); 报到 不打 is a landlord win, 打 doubles a win
    and zeroes a loss; ``pz_baodao_settlement`` multiplies by the 报到 sets and drops the 头撂
    bonus on 不打 ([X-pz]).
    """
    from kernels import landlord_rows as W

    n = rows.shape[0]
    n_seats = rules.n_players
    landlord = rows[:, W.ROW_LANDLORD]
    has = landlord >= 0
    won = rows[:, W.ROW_LANDLORD_WON] == 1
    bid = rows[:, W.ROW_BID].astype(np.float64)
    pw = lambda base, k: np.power(float(base), k.astype(np.float64))  # noqa: E731
    one = np.ones(n)
    f_spring = np.where(rows[:, W.ROW_SPRING] == 1, rules.spring_factor, 1.0) * np.where(
        rows[:, W.ROW_FANCHUN] == 1, rules.fanchun_factor, 1.0)
    f_huang, f_mingwang, f_touliao, f_baodao = one.copy(), one.copy(), one.copy(), one.copy()
    if game == "shanghai":
        hf = rows[:, W.ROW_HUANGFAN]
        f_huang = np.where(hf > 0, pw(2, hf) if rules.huangfan_stacks else 2.0, 1.0)
        f_mingwang = np.where(rows[:, W.ROW_MINGWANG] == 1, 2.0, 1.0)
        f_mingpai = np.where(rows[:, W.ROW_MINGPAI] == 1, 2.0, 1.0)
        total_bombs = rows[:, W.ROW_BOMBS] + rows[:, W.ROW_ROCKETS] + rows[:, W.ROW_TIANWANG]
        f_bombs = pw(2, total_bombs) if rules.bombs_multiply else one.copy()
        baodao = rows[:, W.ROW_BAODAO]
        pz = rules.pz_baodao_settlement
        touliao = (rows[:, W.ROW_TOULIAO] == 1) & ~(pz & (baodao == W.BAODAO_BUDA))
        dang = bid.copy()
        if rules.touliao_rule == "as_4_dang":
            dang = np.where(touliao, np.where(won, 4.0, 3.0), dang)
        else:
            f_touliao = np.where(touliao, 4.0, 1.0)
        if rules.baodao_count_multiplies or pz:
            f_baodao = np.where(baodao != W.BAODAO_NONE, rows[:, W.ROW_BAODAO_SETS].astype(np.float64), 1.0)
        f_baodao = f_baodao * np.where(baodao == W.BAODAO_DA, np.where(won, 2.0, 0.0), 1.0)
        f_qiang = one.copy()
        f_spring = one.copy()  # 上海 has no 春天
    else:
        f_qiang = pw(rules.qiang_factor, rows[:, W.ROW_QIANG])
        f_mingpai = np.where(rows[:, W.ROW_MINGPAI] == 1, float(rules.mingpai_factor), 1.0)
        f_bombs = (pw(rules.bomb_factor, rows[:, W.ROW_BOMBS]) * pw(rules.rocket_factor, rows[:, W.ROW_ROCKETS])
                   * pw(rules.tianwang_factor, rows[:, W.ROW_TIANWANG]))
        dang = bid
    m = f_qiang * f_mingpai * f_bombs * f_spring * f_huang * f_mingwang * f_touliao * f_baodao
    per_farmer = np.where(has, rules.base * dang * m, 0.0)
    sign = np.where(won, -1.0, 1.0)  # a farmer's sign
    money = np.zeros((n, n_seats))
    k = np.arange(n_seats)[None, :]
    is_ll = k == landlord[:, None]
    money = np.where(is_ll, -(n_seats - 1) * sign[:, None] * per_farmer[:, None], sign[:, None] * per_farmer[:, None])
    money = np.where(has[:, None], money, 0.0)
    money = money + 0.0  # no -0.0 (报到 打 lost)
    return Score(f_qiang, f_mingpai, f_bombs, f_spring, f_huang, f_mingwang, f_touliao, f_baodao, m, dang, money)


# --- rows → Arrow -------------------------------------------------------------------------------


def _dict_array(codes: np.ndarray, names: tuple[str, ...]) -> pa.Array:
    return pa.DictionaryArray.from_arrays(pa.array(codes.astype(np.int8)), pa.array(list(names)))


def seat_policies(spec, game_index: np.ndarray) -> np.ndarray:
    n_seats = spec.rules.n_players
    base = np.array([POLICIES.index(p) for p in spec.options["policies"]])
    k = np.arange(n_seats)[None, :]
    shift = game_index[:, None] if spec.options.get("rotate") else np.zeros((len(game_index), 1), np.int64)
    return base[(k + shift) % n_seats]


def kitty_text(kitty_counts: np.ndarray) -> list[str]:
    return ["".join(RANK_CHARS[r] * int(c) for r, c in enumerate(row)) for row in kitty_counts]


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels import landlord_rows as W

    r = spec.rules
    n_seats = r.n_players
    n = rows.shape[0]
    s = score(rows, r, spec.game)
    game_index = np.arange(start, start + n, dtype=np.int64)
    landlord = rows[:, W.ROW_LANDLORD]
    has = landlord >= 0
    kitty = rows[:, W.ROW_KITTY:W.ROW_KITTY + 15]
    dealt = rows[:, W.ROW_DEALT:W.ROW_DEALT + W.MAX_SEATS * 15].reshape(n, W.MAX_SEATS, 15)[:, :n_seats]
    ll_dealt = dealt[np.arange(n), np.maximum(landlord, 0)]
    made = ((ll_dealt[:, :13] < 4) & (ll_dealt[:, :13] + kitty[:, :13] >= 4)).any(axis=1)
    if r.rocket:
        rocket_before = (ll_dealt[:, 13] >= 1) & (ll_dealt[:, 14] >= 1)
        rocket_after = (ll_dealt[:, 13] + kitty[:, 13] >= 1) & (ll_dealt[:, 14] + kitty[:, 14] >= 1)
        made |= rocket_after & ~rocket_before
    won = rows[:, W.ROW_LANDLORD_WON] == 1
    values: dict[str, Any] = {
        "game_index": game_index, "session": game_index // spec.options.get("hands_per_session", 1),
        "first_bidder": rows[:, W.ROW_FIRST_BIDDER], "redeals": rows[:, W.ROW_REDEALS],
        "landlord": landlord, "bid": rows[:, W.ROW_BID], "dang": np.where(has, s.dang, 0.0),
        "huangfan": rows[:, W.ROW_HUANGFAN], "qiang": rows[:, W.ROW_QIANG],
        "baodao_sets": rows[:, W.ROW_BAODAO_SETS], "baodao": _dict_array(rows[:, W.ROW_BAODAO], BAODAO),
        "mingpai": rows[:, W.ROW_MINGPAI] == 1, "touliao": rows[:, W.ROW_TOULIAO] == 1,
        "mingwang": rows[:, W.ROW_MINGWANG] == 1, "kitty": pa.array(kitty_text(kitty), pa.string()),
        "kitty_jokers": kitty[:, 13] + kitty[:, 14], "kitty_twos": kitty[:, 12], "kitty_made_bomb": made & has,
        "winner": rows[:, W.ROW_WINNER], "landlord_won": won & has, "spring": rows[:, W.ROW_SPRING] == 1,
        "fanchun": rows[:, W.ROW_FANCHUN] == 1, "bombs_played": rows[:, W.ROW_BOMBS],
        "rockets_played": rows[:, W.ROW_ROCKETS], "tianwang_played": rows[:, W.ROW_TIANWANG],
        "big_bombs_played": rows[:, W.ROW_BIG_BOMBS], "low_chains_played": rows[:, W.ROW_LOW_CHAINS], "bomb_limit_blocks": rows[:, W.ROW_BLOCKED],
        "f_qiang": s.f_qiang, "f_mingpai": s.f_mingpai, "f_bombs": s.f_bombs, "f_spring": s.f_spring,
        "f_huangfan": s.f_huangfan, "f_mingwang": s.f_mingwang, "f_touliao": s.f_touliao, "f_baodao": s.f_baodao,
        "multiplier": np.where(has, s.multiplier, 0.0),
        "landlord_plays": np.where(has, rows[:, W.ROW_PLAYS:W.ROW_PLAYS + n_seats][np.arange(n), np.maximum(landlord, 0)], 0),
        "n_tricks": rows[:, W.ROW_N_TRICKS], "n_turns": rows[:, W.ROW_N_TURNS],
    }
    pol = seat_policies(spec, game_index)
    for k in range(n_seats):
        role = np.where(~has, 2, np.where(landlord == k, 0, 1))
        values[f"s{k}_role"] = _dict_array(role, ROLES)
        values[f"s{k}_policy"] = _dict_array(pol[:, k], POLICIES)
        values[f"s{k}_said"] = rows[:, W.ROW_SAID + k]
        values[f"s{k}_plays"] = rows[:, W.ROW_PLAYS + k]
        values[f"s{k}_bombs"] = rows[:, W.ROW_SEAT_BOMBS + k]
        values[f"s{k}_bomb_limit"] = np.where(has, rows[:, W.ROW_BOMB_LIMIT + k], -1)
        values[f"s{k}_limited_bombs"] = rows[:, W.ROW_LIMITED + k]
        d = dealt[:, k]
        values[f"s{k}_bombs_held"] = (d[:, :13] >= 4).sum(axis=1)
        values[f"s{k}_rocket_held"] = (d[:, 13] >= 1) & (d[:, 14] >= 1)
        values[f"s{k}_big_bombs_held"] = (d[:, :13] >= 7).sum(axis=1)
        values[f"s{k}_twos_held"] = d[:, 12]
        values[f"s{k}_jokers_held"] = d[:, 13] + d[:, 14]
        values[f"s{k}_aces_held"] = d[:, 11]
        values[f"s{k}_won"] = has & ((landlord == k) == won)
        values[f"s{k}_money"] = s.money[:, k]
    return table_from_values(play_columns(n_seats), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    hps = spec.options.get("hands_per_session", 1)
    if spec.options.get("duplicate") or (hps != 1 and spec.game != "shanghai"):
        raise UserError(f"{spec.game}: --duplicate (and --hands-per-session outside shanghai) not supported for "
                        "landlord games yet")
    inputs = kernel_inputs(spec)
    tables = []
    chunk = max(hps, CHUNK // hps * hps)
    for lo in range(start, stop, chunk):
        hi = min(stop, lo + chunk)
        tables.append(rows_to_table(spec, lo, run_kernel(spec, lo, hi, inputs)))
        if on_progress:
            on_progress(hi - lo)
    return pa.concat_tables(tables)


def warm_up_play(spec) -> None:
    from dataclasses import replace

    hps = spec.options.get("hands_per_session", 1)
    compute_play(replace(spec, n=hps), 0, hps)
