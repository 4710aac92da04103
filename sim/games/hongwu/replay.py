"""``paiju replay`` of a 仙居红五 hand, trick by trick: re-simulated with the batch kernel and its log
(``kernels.hongwu.play.play_logged``) from the run's seed and players, checked against the stored
row; the text comes from the log (``sim.games.trick.replay``)."""

from __future__ import annotations

import numpy as np

from sim.errors import UserError

CHECK = ("banker", "played_points", "h5_banker", "h5_opp")


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.hongwu.layout import LAYOUT
    from kernels.hongwu.order import build_order
    from kernels.hongwu.play import play_logged
    from kernels.trick.order import new_table
    from sim.games.hongwu.play import kernel_inputs
    from sim.games.trick import POLICIES, SUIT_SYMBOLS
    from sim.games.trick.players import rotated
    from sim.games.trick.replay import Cards, actions, dealt_hands, declaration_lines, trick_lines

    stored = rows[0]
    t = kernel_inputs(spec)
    policies, pp = rotated(spec, t["policies"], t["pp"], game_index)
    pol = [POLICIES[p] for p in policies]
    duplicate = bool(spec.options.get("duplicate"))
    deal, rotation = (game_index // 4, game_index % 4) if duplicate else (game_index, 0)
    row, log = play_logged(np.uint64(spec.seed), deal, rotation, t["rules"], policies, pp, fix=t["fix"])
    f = {k: int(v[0]) for k, v in LAYOUT.unpack(row[None, :], 4).items()}
    if any(f[c] != int(stored[c]) for c in CHECK):
        raise UserError(f"hand {game_index} does not replay as stored (was the run written by another paiju version?)")
    ot = new_table()
    build_order(ot, np.int64(f["trump_suit"]), np.int64(1 if spec.rules.tractor_adjacency == "natural_only" else 0))
    cards = Cards(ot)
    acts = actions(log)
    banker, partner = f["banker"], f["partner"]
    side = {banker} | ({partner} if partner >= 0 else set())
    hands, kitty, buried = dealt_hands(acts, banker)
    lines = [f"players {', '.join(pol)} · teams {spec.rules.teams}", "the deal:"]
    lines += declaration_lines(acts, cards, {1: "shows"}) or ["  nobody showed a 10"]
    lines.append(f"trump {SUIT_SYMBOLS[f['trump_suit']]} · 庄家 seat {banker}"
                 + (f", partner seat {partner}" if partner >= 0 else " alone against three"))
    for k in range(4):
        who = "庄家" if k == banker else ("庄" if k in side else "闲")
        lines.append(f"  seat {k} ({who}, {pol[k]}): {cards.by_class(hands[k])}")
    lines.append(f"kitty: {cards.text(kitty)} ({cards.pts(kitty)} points) · 庄家 buries {cards.text(buried)} "
                 f"({cards.pts(buried)} points)")
    lines += trick_lines(acts, cards, side, f["last_winner"])
    pen = f["penalty_banker"] - f["penalty_opp"]
    lines.append(f"P = {stored['captured']} captured" + (f" + kitty {stored['kitty_bonus']} (扣底)" if stored["kou_di"]
                                                           else "")
                 + (f" {pen:+d} penalties" if pen else "") + f" = {stored['points']} → band {stored['band']} "
                 f"(each 闲 player {stored['opp_amount']:+d} B) · ♥5 captured: 庄 {stored['h5_banker']}, "
                 f"闲 {stored['h5_opp']}")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(4)))
    return "\n".join(lines)
