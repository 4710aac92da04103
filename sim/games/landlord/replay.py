"""One landlord-family hand move by move (``paiju replay``): the deal, the auction and
declarations, every play trick by trick (as ranks: suits never matter in these games), the
outcome and the money. Re-simulated from the run's seed and checked against the stored row."""

from __future__ import annotations

import numpy as np

from sim.errors import UserError

TOKEN_TEXT = {10: "抢地主", 11: "不抢", 20: "明牌", 21: "摊打", 22: "报到 打 (play it out)",
              23: "报到 不打 (claim the win)"}


def _ranks(counts) -> str:
    from sim.games.landlord.columns import RANK_CHARS

    return "".join(RANK_CHARS[r] * int(c) for r, c in enumerate(counts)) or "—"


def replay_hand(spec, family, game_index: int, stored: dict):
    """(row, log) of one hand re-simulated with its full action log."""
    from sim.games.landlord.play import kernel_inputs, play_logged

    n_seats = spec.rules.n_players
    hps = int(spec.options.get("hands_per_session", 1))
    duplicate = bool(spec.options.get("duplicate"))
    deal, rotation = (game_index // n_seats, game_index % n_seats) if duplicate else (game_index, 0)
    t = kernel_inputs(spec, family)
    policies, pp = t["policies"], t["pp"]
    if spec.options.get("rotate"):
        order = [(k + game_index) % n_seats for k in range(n_seats)]
        policies, pp = policies[order].copy(), pp[order].copy()
    carry = int(stored.get("huangfan", 0)) - int(stored.get("redeals", 0))
    last = game_index % hps == hps - 1
    row, log, _ = play_logged(spec, t, deal, rotation, max(carry, 0), last, policies, pp)
    return row, log


def _auction_lines(row, n_seats: int) -> list[str]:
    from kernels.landlord import rows as W

    tokens = [int(x) for x in row[W.ROW_TOKENS:W.ROW_TOKENS + row[W.ROW_N_TOKENS]]]
    first = int(row[W.ROW_FIRST_BIDDER])
    bids = [t for t in tokens if t < 10]
    lines = ["auction from seat %d: " % first + ", ".join(
        f"seat {(first + i) % n_seats} {'pass' if b == 0 else f'bids {b}'}" for i, b in enumerate(bids))]
    rest = [TOKEN_TEXT.get(t, str(t)) for t in tokens if t >= 10]
    if rest:
        lines.append("then: " + ", ".join(rest))
    return lines


def replay(spec, family, rows: list, game_index: int) -> str:
    from kernels.landlord import rows as W
    from kernels.landlord.movegen import ll_move_counts
    from kernels.landlord.moves import LANDLORD_KIND_NAMES_ZH, PASS
    from kernels.climb.loop import LOG_MOVE, LOG_SEAT, LOG_TRICK

    stored = rows[0]
    n_seats = spec.rules.n_players
    row, log = replay_hand(spec, family, game_index, stored)
    if int(row[W.ROW_LANDLORD]) != stored["landlord"] or int(row[W.ROW_WINNER]) != stored["winner"]:
        raise UserError(f"hand {game_index} does not replay as stored (was the run written by another paiju version?)")
    lines = []
    for k in range(n_seats):
        dealt = row[W.ROW_DEALT + 15 * k:W.ROW_DEALT + 15 * (k + 1)]
        lines.append(f"  seat {k} ({stored[f's{k}_role']}, {stored[f's{k}_policy']}): {_ranks(dealt)}")
    lines.append(f"底牌: {stored['kitty'] or '—'}")
    lines += _auction_lines(row, n_seats)
    if stored["landlord"] < 0:
        lines.append("everybody passed: no landlord, no score")
        return "\n".join(lines)
    lines.append(f"landlord: seat {stored['landlord']} at bid {stored['bid']}"
                 + (f", {stored['qiang']} 抢" if stored["qiang"] else ""))
    counts = np.zeros(15, np.int64)
    trick = -1
    for a in log:
        seat = int(a[LOG_SEAT])
        move = a[LOG_MOVE:LOG_MOVE + 7].astype(np.int64)
        if a[LOG_TRICK] != trick:
            trick = int(a[LOG_TRICK])
            lines.append(f"— trick {trick + 1}")
        if move[0] == PASS:
            lines.append(f"  seat {seat}: 不出")
            continue
        ll_move_counts(move, counts)
        lines.append(f"  seat {seat}: {LANDLORD_KIND_NAMES_ZH[int(move[0])]} {_ranks(counts)}")
    who = "landlord" if stored["landlord_won"] else "farmers"
    extras = [name for name in ("spring", "fanchun") if stored.get(name)]
    lines.append(f"seat {stored['winner']} goes out first: the {who} win" + (f" ({', '.join(extras)})" if extras else "")
                 + f"; multiplier {stored['multiplier']:g}")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(n_seats)))
    return "\n".join(lines)
