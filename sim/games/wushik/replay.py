"""One 五十K game index move by move (``paiju replay``): every hand of its match — the deal, the
first lead, every play trick by trick, the 终止牌, the hand's score and the running totals —
re-simulated from the run's seed and checked against the stored rows."""

from __future__ import annotations

import numpy as np

from kernels.cards import RANK_NAMES, SUIT_SYMBOLS, card_rank, card_suit
from sim.errors import UserError

N_SEATS = 4
PLACE_NAMES = {1: "一游", 2: "二游", 3: "三游"}
PATTERN_ZH = {"shuangzhua": "双抓", "danzhua": "单抓", "bao": "保", "eight": "8 of a kind (W-7)"}


def cards_text(cards) -> str:
    """Cards by rank then suit, e.g. ♠5 ♥5 ♦10 ♣K."""
    cards = sorted((int(c) for c in cards), key=lambda c: (card_rank(c), card_suit(c), c))
    return " ".join(SUIT_SYMBOLS[card_suit(c)] + RANK_NAMES[card_rank(c)] for c in cards) or "—"


def replay_match(spec, game_index: int, n_hands: int):
    """(rows, logs, n_logs, owners) of one game index, re-simulated with its action logs."""
    from kernels.wushik.play import dealt_owners, play_logged
    from sim.games.wushik.play import kernel_inputs

    t = kernel_inputs(spec)
    policies, pp = t["policies"], t["pp"]
    if spec.options.get("rotate"):
        order = [(k + game_index) % N_SEATS for k in range(N_SEATS)]
        policies, pp = policies[order].copy(), pp[order].copy()
    duplicate = bool(spec.options.get("duplicate"))
    fix = t["fix_card"], t["fix_slots"]
    rows, logs, n_logs, h = play_logged(spec.seed, game_index, t["rules"], policies, pp, n_hands, duplicate=duplicate,
                                        fix=fix)
    if h != n_hands:
        raise UserError(f"game {game_index} does not replay as stored (was the run written by another paiju version?)")
    deal, rotation = (game_index // N_SEATS, game_index % N_SEATS) if duplicate else (game_index, 0)
    return rows, logs, n_logs, dealt_owners(np.uint64(spec.seed), deal, rotation, n_hands, *fix)


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.climb.loop import LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT, LOG_TRICK
    from kernels.wushik.layout import HAND_LAYOUT
    from kernels.wushik.moves import KIND_NAMES_ZH, PASS, SUIT_FU

    kernel_rows, logs, n_logs, owners = replay_match(spec, game_index, len(rows))
    values = HAND_LAYOUT.unpack(kernel_rows, N_SEATS)
    for h, stored in enumerate(rows):
        if any(int(values[f"s{k}_finish"][h]) != stored[f"s{k}_finish"] for k in range(N_SEATS)) \
                or int(values["team0_total"][h]) != stored["team0_total"]:
            raise UserError(f"game {game_index} does not replay as stored (hand {h})")
    last = rows[-1]
    players = ", ".join(f"{k} {last['s%d_policy' % k]}" for k in range(N_SEATS))
    lines = [f"{len(rows)} hand(s); seats {players}; teams {{0,2}} and {{1,3}}"]
    for h, stored in enumerate(rows):
        lines.append(f"== hand {h + 1}: seat {stored['leader']} leads"
                     + (f" (turned-up card {cards_text([stored['turned_card']])})" if stored["turned_card"] >= 0 else
                        " (last 一游)"))
        for k in range(N_SEATS):
            lines.append(f"  seat {k}: {cards_text(np.flatnonzero(owners[h] == k))}")
        if stored["eight_applied"]:
            lines.append(f"  seat {stored['eight_seat']} was dealt 8 of a kind: the hand is not played (W-7)")
        trick = -1
        for a in logs[h, :n_logs[h]]:
            seat, kind = int(a[LOG_SEAT]), int(a[LOG_MOVE])
            if a[LOG_TRICK] != trick:
                trick = int(a[LOG_TRICK])
                lines.append(f"  — trick {trick + 1}")
            if kind == PASS:
                lines.append(f"    seat {seat}: 不出")
                continue
            label = KIND_NAMES_ZH[kind]
            if kind == 6:
                label = ("副" if a[LOG_MOVE + 4] == SUIT_FU else "正") + label
            lines.append(f"    seat {seat}: {label} {cards_text(a[LOG_CARDS:LOG_CARDS + a[LOG_NCARDS]])}")
        if not stored["eight_applied"]:
            places = ", ".join(f"seat {k} {PLACE_NAMES[stored[f's{k}_finish']]}" for k in range(N_SEATS)
                               if stored[f"s{k}_finish"] > 0)
            lines.append(f"  终止牌 by seat {stored['terminal_seat']} ({stored['terminal_points']} points on the table); "
                         f"{places}; void {stored['void_points']}")
        lines.append(f"  {PATTERN_ZH[stored['pattern']]}: team {{0,2}} {stored['team0_score']:+d}, team {{1,3}} "
                     f"{stored['team1_score']:+d} → totals {stored['team0_total']} : {stored['team1_total']}")
    lines.append(f"match winner: {last['match_winner']}" if last["match_over"] else "match not finished")
    return "\n".join(lines)
