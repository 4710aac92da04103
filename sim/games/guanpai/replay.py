"""One 关牌 hand move by move (``paiju replay``): both hands as dealt, the first lead, every play
trick by trick, the outcome and the money. Re-simulated from the run's seed and checked against
the stored row."""

from __future__ import annotations

import numpy as np

from sim.errors import UserError

RANK_CHARS = "3456789TJQKA2"


def ranks_text(counts) -> str:
    return "".join(RANK_CHARS[r] * int(c) for r, c in enumerate(counts[:13])) or "—"


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.climb.loop import LOG_MOVE, LOG_SEAT, LOG_TRICK
    from kernels.guanpai.layout import LAYOUT
    from kernels.guanpai.moves import KIND_NAMES_ZH, PASS, unpack_counts
    from sim.games.guanpai.play import play_logged
    from sim.games.guanpai.rules import DECKS, lead_order

    stored = rows[0]
    row, log, deck = play_logged(spec, game_index, stored)
    got = LAYOUT.unpack(row[None, :], 2)
    if int(got["winner"][0]) != stored["winner"] or int(got["s0_cards_left"][0]) != stored["s0_cards_left"]:
        raise UserError(f"hand {game_index} does not replay as stored (was the run written by another paiju version?)")
    lines = []
    n_hands, size = DECKS[spec.rules.deck]["hands"], DECKS[spec.rules.deck]["hand_size"]
    dealt = np.zeros((n_hands, 13), np.int64)
    for p in range(n_hands * size):
        dealt[p % n_hands, (int(deck[p]) % 54) // 4] += 1
    rotation = game_index % 2 if spec.options.get("duplicate") else 0
    for k in range(2):
        lines.append(f"  seat {k} ({stored[f's{k}_policy']}): {ranks_text(dealt[(k + rotation) % 2])}")
    first = stored["first_leader"]
    if stored["lead_card"] >= 0:
        card = int(lead_order(spec.rules.first_lead_order)[stored["lead_card"]])
        lines.append(f"seat {first} holds {'♠♥♣♦'[card % 4]}{RANK_CHARS[card // 4]} and leads")
    else:
        lines.append(f"seat {first} leads (the session's previous deal, next_lead = {spec.rules.next_lead})")
    trick = -1
    for m in log:
        if m[LOG_TRICK] != trick:
            trick = int(m[LOG_TRICK])
            lines.append(f"— trick {trick + 1}")
        kind = int(m[LOG_MOVE])
        if kind == PASS:
            lines.append(f"  seat {int(m[LOG_SEAT])}: 不出")
        else:
            lines.append(f"  seat {int(m[LOG_SEAT])}: {KIND_NAMES_ZH[kind]} "
                         f"{ranks_text(unpack_counts(int(m[LOG_MOVE + 6]), 13))}")
    loser = 1 - stored["winner"]
    lines.append(f"seat {stored['winner']} goes out; seat {loser} holds {stored[f's{loser}_cards_left']} cards"
                 + (" and never played (全关)" if stored["quanguan"] else "") + f": pays {stored['payment']:g}")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(2)))
    return "\n".join(lines)
