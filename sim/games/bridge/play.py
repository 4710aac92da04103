"""``paiju play bridge``: whole boards (auction, card play, duplicate score), one Parquet row each.

The kernel (``kernels.bridge.board.play_range``) writes the raw facts of ``BOARD_LAYOUT``; this
module adds what the facts give without any rule (the PBN deal, the auction text, partnership
HCP and fits, seat roles), with ``dd = true`` the deal's double-dummy table and par
(``sim.games.bridge.dd``, solved per shard, so Dask shards and ``--resume`` work), the players of
each seat, and the score (``sim.games.bridge.scoring.score``, which ``paiju rescore`` calls on
stored rows). Boards whose card play is double dummy take their DD tricks as ``tricks``.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pyarrow as pa

from sim.chunks import in_chunks
from sim.errors import UserError

CHUNK = 65_536  # boards per kernel call (bounds memory, paces the progress bar)
DD_CHUNK = 400  # with dd: a multiple of 4 (whole --duplicate deals) and of DDS's batch of 40


def check_players(spec) -> None:
    """Refuse players the ruleset cannot serve (one line)."""
    from sim.games.bridge.players import needs_dd, player_arrays

    names = list(spec.options["policies"])
    why = needs_dd(names)
    if why and not spec.rules.dd:
        raise UserError(f"{why}: it needs the double-dummy columns, --set dd=true (or --variant dd)")
    player_arrays(names, spec.options.get("policy_params"))


def fixed_vul(rules) -> int:
    from sim.games.bridge.rules import fixed_vul_code

    return fixed_vul_code(rules)


def strings(chars: np.ndarray, lengths: np.ndarray | None = None) -> pa.Array:
    """An Arrow string array of byte rows ``chars`` (n, width), each ``lengths[i]`` long (default: full)."""
    n, width = chars.shape
    if lengths is None:
        lengths = np.full(n, width, np.int64)
    offsets = np.zeros(n + 1, np.int32)
    np.cumsum(lengths, out=offsets[1:])
    data = chars[np.arange(width)[None, :] < lengths[:, None]] if n else chars.reshape(-1)
    return pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(np.ascontiguousarray(data)))


def deal_strings(hands: np.ndarray) -> pa.Array:
    """PBN deal strings of (n, 4) hand bitmasks."""
    from kernels.bridge.text import PBN_LEN, RANK_BYTES, pbn_chars

    out = np.empty((hands.shape[0], PBN_LEN), np.uint8)
    pbn_chars(np.ascontiguousarray(hands, np.int64), RANK_BYTES, out)
    return strings(out)


def auction_strings(values: dict) -> pa.Array:
    from kernels.bridge.layout import AUCTION_WORDS
    from kernels.bridge.text import AUCTION_CHARS, STRAIN_BYTES, auction_chars

    words = np.stack([np.asarray(values[f"auction{k}"], np.int64) for k in range(AUCTION_WORDS)], axis=1)
    n = words.shape[0]
    out = np.empty((n, AUCTION_CHARS), np.uint8)
    lengths = np.empty(n, np.int64)
    auction_chars(words, np.asarray(values["n_calls"], np.int64), STRAIN_BYTES, out, lengths)
    return strings(out, lengths)


def suit_lengths(hands: np.ndarray) -> np.ndarray:
    """(n, 4 seats, 4 suits ♣ ♦ ♥ ♠) suit lengths of (n, 4) hand bitmasks."""
    h = np.asarray(hands).astype(np.uint64)
    return np.stack([np.bitwise_count((h >> np.uint64(13 * s)) & np.uint64(0x1FFF)) for s in range(4)],
                    axis=2).astype(np.int64)


def side_values(hands: np.ndarray, hcp: np.ndarray) -> dict[str, np.ndarray]:
    """Partnership HCP and longest combined suit (ties: the higher suit) of each side."""
    lens = suit_lengths(hands)
    out = {}
    for name, a, b in (("ns", 0, 2), ("ew", 1, 3)):
        out[f"{name}_hcp"] = hcp[:, a] + hcp[:, b]
        key = (lens[:, a] + lens[:, b]) * 4 + np.arange(4)[None, :]
        best = key.max(axis=1)
        out[f"{name}_fit"], out[f"{name}_fit_suit"] = best >> 2, best & 3
    return out


def par_text(packed: np.ndarray, count: np.ndarray) -> pa.Array:
    from kernels.bridge.cards import SEAT_CHARS, STRAIN_CHARS
    from sim.games.bridge.dd import par_contracts

    texts = []
    for p, c in zip(np.asarray(packed).tolist(), np.asarray(count).tolist()):
        names = [f"{lv}{STRAIN_CHARS[st]}{'X' if x else ''} {SEAT_CHARS[d]}" for lv, st, d, x in par_contracts(p, c)]
        texts.append(", ".join(names) if names else "pass")
    return pa.array(texts, pa.string())


def add_dd(spec, values: dict) -> None:
    """The DD table and par of every row's deal (turned as the row is), the DD tricks of the
    contract, and the tricks of double-dummy card play."""
    from kernels.bridge.layout import DD_LAYOUT
    from sim.games.bridge.dd import hand_rows
    from sim.games.bridge.scoring import dd_contract_tricks, equals_par

    rows = hand_rows(spec.seed, values["deal_index"], values["rotation"], fixed_vul(spec.rules))
    values.update(DD_LAYOUT.unpack(rows, 4))
    values["dd_tricks"] = dd_contract_tricks(values)
    values["tricks"] = np.where(np.asarray(values["play_dd"]).astype(bool), values["dd_tricks"], values["tricks"])
    values["par"] = par_text(values["par_contracts"], values["par_count"])
    values["equals_par"] = equals_par(values)


def rows_to_table(spec, start: int, rows: np.ndarray) -> pa.Table:
    from kernels.bridge.layout import BOARD_LAYOUT
    from sim.games.bridge.columns import play_columns
    from sim.games.bridge.players import PLAYER_NAMES
    from sim.games.bridge.scoring import score, seat_roles
    from sim.players import seat_player_values
    from sim.schema import play_index_values, table_from_values

    rules = spec.rules
    n = rows.shape[0]
    values = play_index_values(spec, start, n, 4)
    values.update(BOARD_LAYOUT.unpack(rows, 4))
    hands = BOARD_LAYOUT.seat_matrix(values, "hand", 4)
    values["deal"] = deal_strings(hands)
    values["auction"] = auction_strings(values)
    values.update(side_values(hands, BOARD_LAYOUT.seat_matrix(values, "hcp", 4).astype(np.int64)))
    if rules.dd:
        add_dd(spec, values)
    level, tricks = values["level"], values["tricks"]
    values["result"] = np.where((level > 0) & (tricks >= 0), tricks - 6 - level, 0)
    roles = seat_roles(values)
    values.update(seat_player_values(spec, PLAYER_NAMES, values["game_index"], 4, np.where(roles < 0, 3, roles)))
    values.update(score(values, rules))
    return table_from_values(play_columns(rules), values)


def compute_play(spec, start: int, stop: int, on_progress: Callable[[int], None] | None = None) -> pa.Table:
    """Rows of hands ``start .. stop-1`` with the play schema."""
    from sim.games.bridge import dd, kernel_rows
    from sim.games.bridge.given import deal_spec
    from sim.games.bridge.players import player_arrays

    check_players(spec)
    policies, bid_params = player_arrays(list(spec.options["policies"]), spec.options.get("policy_params"))
    rotate, duplicate = bool(spec.options.get("rotate")), bool(spec.options.get("duplicate"))
    given = deal_spec(spec)
    if spec.rules.dd:
        import numba

        dd.set_threads(numba.get_num_threads())
    chunk = DD_CHUNK if spec.rules.dd else CHUNK

    def table(lo: int, hi: int) -> pa.Table:
        rows = kernel_rows.play(spec.seed, lo, hi, spec.rules, policies, bid_params, rotate, duplicate, given)
        return rows_to_table(spec, lo, rows)

    return in_chunks(start, stop, table, on_progress, chunk)


def warm_up(spec) -> None:
    """Check the players, then compile (or load) the kernels on a few boards."""
    from dataclasses import replace

    check_players(spec)
    n = 4 if spec.options.get("duplicate") else 2
    compute_play(replace(spec, n=n), 0, n)
