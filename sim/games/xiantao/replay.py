"""One 仙桃千分 hand move by move (``paiju replay``), re-simulated with its full action log."""

from __future__ import annotations

import numpy as np

from kernels.cards import card_name
from kernels.climb.moves import KIND_NAMES_ZH, PASS
from sim.errors import UserError

N_SEATS = 4
PLACE_NAMES = {1: "一游", 2: "二游", 3: "三游", 4: "末游"}


def replay_hand(spec, game_index: int, banker: int = -1):
    """(row, log, hands) of one hand; ``banker`` >= 0 forces 庄家 (a hand inside a session)."""
    from kernels.xiantao.play import play_logged
    from sim.games.xiantao.play import kernel_inputs

    duplicate = bool(spec.options.get("duplicate"))
    deal, rotation = (game_index // N_SEATS, game_index % N_SEATS) if duplicate else (game_index, 0)
    t = kernel_inputs(spec)
    policies, pp = t["policies"], t["pp"]
    if spec.options.get("rotate"):
        order = [(k + game_index) % N_SEATS for k in range(N_SEATS)]
        policies, pp = policies[order].copy(), pp[order].copy()
    from kernels.xiantao.play import MAX_LOG
    from kernels.xiantao.state import new_state

    return play_logged(new_state(t, MAX_LOG, policies, pp), np.uint64(spec.seed), deal, banker, rotation)


def _cards_text(cards, wild: set) -> str:
    """Card names; a wild (癞子) shows as 癞 plus its face, e.g. 癞♥3, 癞大王 (a 配牌)."""
    return " ".join(("癞" if int(c) in wild else "") + (card_name(int(c)) if c < 108 else "配牌") for c in cards)


def replay(spec, rows: list, game_index: int) -> str:
    """The hand's deal, call, every play trick by trick, the finish and the money."""
    from kernels.xiantao import play as K
    from sim.games.xiantao.rules import wild_ids

    stored = rows[0]
    hps = spec.options.get("hands_per_session", 1)
    banker = -1 if game_index % hps == 0 else int(stored["banker"])
    row, log, hands = replay_hand(spec, game_index, banker)
    finish = [int(x) for x in row[K.ROW_FINISH:K.ROW_FINISH + N_SEATS]]
    if finish != [stored[f"s{k}_finish"] for k in range(N_SEATS)]:
        raise UserError(f"hand {game_index} does not replay as stored (was the run written by another paiju version?)")
    wild = set(wild_ids(spec.rules))
    lines = []
    roles = [stored[f"s{k}_role"] for k in range(N_SEATS)]
    for k in range(N_SEATS):
        cards = sorted(hands[k].tolist(), key=lambda c: (99 if c in wild else (c % 54) // 4 if c % 54 < 52 else 13 + c % 54 - 52, c))
        lines.append(f"  seat {k} ({roles[k]}, {stored[f's{k}_policy']}): {_cards_text(cards, wild)}")
    if stored["mode"] == "hard":
        lines.append(f"庄家 seat {stored['banker']}; seat {stored['hard_seat']} declares 硬牌 and plays alone")
    else:
        lines.append(f"庄家 seat {stored['banker']} calls {card_name(stored['call_card'])} "
                     f"(re-calls {stored['recalls']}); partner: seat {stored['partner']}")
    trick = -1
    for a in log:
        seat, kind = int(a[K.LOG_SEAT]), int(a[K.LOG_MOVE])
        if a[K.LOG_TRICK] != trick:
            trick = int(a[K.LOG_TRICK])
            lines.append(f"— trick {trick + 1}")
        if kind == PASS:
            lines.append(f"  seat {seat}: 不出")
            continue
        cards = a[K.LOG_CARDS:K.LOG_CARDS + a[K.LOG_NCARDS]]
        size = int(a[K.LOG_MOVE + 2])
        label = KIND_NAMES_ZH[kind] + (f"({size})" if kind == 4 else "")
        lines.append(f"  seat {seat}: {label} {_cards_text(cards, wild)}")
    lines.append("finish: " + ", ".join(f"seat {k} {PLACE_NAMES.get(finish[k], '—')}" for k in range(N_SEATS)))
    if stored["mode"] == "call":
        lines.append(f"case {stored['case']}: 一游's team {stored['team_w_total']} : {stored['team_l_total']} → {stored['grade']}")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(N_SEATS)))
    return "\n".join(lines)
