"""One 双扣 hand move by move (``paiju replay``): the deal, the partner draw and its swap, every
play trick by trick (wild jokers with the values they take), the finish and the money;
re-simulated from the run's seed and checked against the stored row."""

from __future__ import annotations

import numpy as np

from kernels.cards import RANK_NAMES, card_name, card_rank
from sim.errors import UserError

N = 4
PLACE_NAMES = {1: "一游", 2: "二游", 3: "三游"}
OUTCOME_ZH = {"shuangkou": "双扣", "dankou": "单扣", "pingkou": "平扣"}


def ranks_text(cards) -> str:
    """Cards by rank (suits never matter in 双扣), e.g. 3 3 5 K 小王."""
    return " ".join(RANK_NAMES[card_rank(int(c))] for c in sorted(cards, key=lambda c: (card_rank(int(c)), c))) or "—"


def wild_text(move) -> str:
    """What the wild jokers of a move stand for, e.g. ' (wild: 5 8)'."""
    packed, n = int(move[6]), int(move[3])
    if n == 0:
        return ""
    return " (wild: " + " ".join(RANK_NAMES[r] for r in range(13) for _ in range((packed >> (4 * r)) & 15)) + ")"


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.climb.loop import LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT, LOG_TRICK
    from kernels.shuangkou.layout import HAND_LAYOUT
    from kernels.shuangkou.moves import KIND_NAMES_ZH, PASS
    from kernels.shuangkou.play import dealt_owner, play_logged
    from sim.games.shuangkou.play import kernel_inputs

    stored = rows[0]
    t = kernel_inputs(spec)
    policies, pp = t["policies"], t["pp"]
    if spec.options.get("rotate"):
        order = [(k + game_index) % N for k in range(N)]
        policies, pp = policies[order].copy(), pp[order].copy()
    duplicate = bool(spec.options.get("duplicate"))
    fix = t["fix_card"], t["fix_slots"]
    row, log = play_logged(spec.seed, game_index, t["rules"], policies, pp, duplicate=duplicate, fix=fix)
    v = HAND_LAYOUT.unpack(row[None, :], N)
    if any(int(v[f"s{k}_finish"][0]) != stored[f"s{k}_finish"] for k in range(N)):
        raise UserError(f"hand {game_index} does not replay as stored (was the run written by another paiju version?)")
    deal, rotation = (game_index // N, game_index % N) if duplicate else (game_index, 0)
    owner, player_at = dealt_owner(np.uint64(spec.seed), deal, rotation, t["rules"], *fix)
    lines = []
    if stored["draw_card"] >= 0:
        leader, mate = stored["leader"], stored["mate"]
        if mate == leader:
            opposite = player_at[(leader + N // 2) % N]
            partner = f"he holds both copies, so his partner is the player opposite him (player {opposite})"
        else:
            partner = f"player {mate}, holding the other copy, is his partner" + (
                " and swaps seats with the player opposite the leader" if stored["swapped"] else "")
        lines.append(f"announced card {card_name(int(stored['draw_card']))} (id {stored['draw_card']}): player "
                     f"{leader} holds it and leads; {partner}")
    for s in range(N):
        k = int(player_at[s])
        lines.append(f"  seat {s}: player {k} ({stored[f's{k}_role']}, {stored[f's{k}_policy']}): "
                     f"{ranks_text(np.flatnonzero(owner == s))}")
    trick = -1
    for a in log:
        seat, kind = int(a[LOG_SEAT]), int(a[LOG_MOVE])
        if a[LOG_TRICK] != trick:
            trick = int(a[LOG_TRICK])
            lines.append(f"— trick {trick + 1}")
        if kind == PASS:
            lines.append(f"  seat {seat}: 不出")
            continue
        move = a[LOG_MOVE:LOG_MOVE + 7]
        label = KIND_NAMES_ZH[kind] + (f" {int(move[2])}相" if kind == 4 else "")
        lines.append(f"  seat {seat}: {label} {ranks_text(a[LOG_CARDS:LOG_CARDS + a[LOG_NCARDS]])}{wild_text(move)}")
    places = ", ".join(f"player {k} {PLACE_NAMES[stored[f's{k}_finish']]}" for k in range(N)
                       if stored[f"s{k}_finish"] > 0)
    lines.append(f"finish: {places} → {OUTCOME_ZH[stored['outcome']]}, 翻倍 F = {stored['multiplier']} "
                 f"(winning side's level {stored['side_level']}相)")
    lines.append("money: " + ", ".join(f"player {k} {stored[f's{k}_money']:+g}" for k in range(N)))
    return "\n".join(lines)
