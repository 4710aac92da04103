"""``paiju replay`` of a 八十分 game index: a whole match hand by hand (``matches = true``), or one
hand of a session, each trick by trick.

Every hand is re-simulated with the batch kernel and its log (``kernels.tractor.play.play_logged``)
from the run's seed and players, the match state carried from hand to hand as in the run (a hand
of a session is reached by replaying its session from the first hand), and checked against the
stored row; the text comes from the log (``sim.games.trick.replay``).
"""

from __future__ import annotations

import numpy as np

from sim.errors import UserError

LEVEL_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "past A")
DECL_ACTS = {1: "shows", 2: "shows the pair"}
CHECK = ("banker", "trump_suit", "played_points", "team0_level_after", "team1_level_after")


def _hand_text(row: np.ndarray, log: np.ndarray, stored: dict, pol: list[str]) -> list[str]:
    from kernels.trick.order import new_table
    from kernels.tractor.layout import LAYOUT
    from kernels.tractor.order import build_order
    from sim.games.trick import SUIT_SYMBOLS
    from sim.games.trick.replay import Cards, actions, dealt_hands, declaration_lines, trick_lines

    f = {k: int(v[0]) for k, v in LAYOUT.unpack(row[None, :], 4).items()}
    ot = new_table()
    build_order(ot, np.int64(f["level"]), np.int64(f["trump_suit"]), np.int64(0))
    cards = Cards(ot)
    acts = actions(log)
    banker = f["banker"]
    team = f["banker_team"]
    hands, kitty, buried = dealt_hands(acts, banker)
    lines = [f"levels: team 0 (seats 0, 2) {LEVEL_NAMES[f['team0_level_before']]}, team 1 (seats 1, 3) "
             f"{LEVEL_NAMES[f['team1_level_before']]} · 庄 team {team} plays at {LEVEL_NAMES[f['level']]}"]
    lines += ["declarations:"] + (declaration_lines(acts, cards, DECL_ACTS) or ["  none"])
    lines.append(f"trump {SUIT_SYMBOLS[f['trump_suit']]} {LEVEL_NAMES[f['level']]} · 庄家 seat {banker}")
    for k in range(4):
        who = "庄家" if k == banker else ("庄" if k % 2 == team else "闲")
        lines.append(f"  seat {k} ({who}, {pol[k]}): {cards.by_class(hands[k])}")
    lines.append(f"kitty: {cards.text(kitty)} ({cards.pts(kitty)} points) · 庄家 buries {cards.text(buried)} "
                 f"({cards.pts(buried)} points)")
    lines += trick_lines(acts, cards, {k for k in range(4) if k % 2 == team}, f["last_winner"])
    pen = f["penalty_banker"] - f["penalty_opp"]
    lines.append(f"P = {stored['captured']} captured" + (f" + kitty {stored['kitty_bonus']} (扣底)" if
                                                           stored["kou_di"] else "")
                 + (f" {pen:+d} penalties" if pen else "") + f" = {stored['points']} → {stored['result']}, "
                 f"{'庄 team' if stored['keeps'] else 'opponents'} +{stored['level_up']} level(s) · levels after: "
                 f"{LEVEL_NAMES[f['team0_level_after']]} / {LEVEL_NAMES[f['team1_level_after']]}")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(4)))
    return lines


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.tractor import codes as C
    from kernels.tractor.layout import LAYOUT
    from kernels.tractor.play import match_seed, play_logged
    from sim.games.trick import POLICIES
    from sim.games.trick.players import rotated
    from sim.games.tractor.play import kernel_inputs

    t = kernel_inputs(spec)
    policies, pp = rotated(spec, t["policies"], t["pp"], game_index)
    pol = [POLICIES[p] for p in policies]
    duplicate = bool(spec.options.get("duplicate"))
    deal, rotation = (game_index // 4, game_index % 4) if duplicate else (game_index, 0)
    ms = np.zeros(C.MS_LEN, np.int64)
    ms[C.MS_BANKER_TEAM] = -1
    if spec.rules.matches:
        seed = match_seed(np.uint64(spec.seed), np.int64(deal))
        hands = [(h, r) for h, r in enumerate(rows)]
        head = [f"match of {len(rows)} hands · players {', '.join(pol)}"]
    else:
        hps = int(spec.options.get("hands_per_session", 1))
        first = game_index - game_index % hps
        for g in range(first, game_index):  # the session so far: the match state this hand starts from
            if duplicate:
                play_logged(np.uint64(spec.seed), g // 4, g % 4, ms, t["rules"], *rotated(spec, t["policies"],
                                                                                          t["pp"], g), fix=t["fix"])
            else:
                play_logged(np.uint64(spec.seed), g, 0, ms, t["rules"], *rotated(spec, t["policies"], t["pp"], g),
                            fix=t["fix"])
        seed = np.uint64(spec.seed)
        hands = [(deal, rows[0])]
        head = [f"hand {game_index - first + 1} of its session · players {', '.join(pol)}"]
    lines = head
    for h, stored in hands:
        row, log = play_logged(seed, h, rotation, ms, t["rules"], policies, pp, fix=t["fix"])
        got = {k: int(v[0]) for k, v in LAYOUT.unpack(row[None, :], 4).items()}
        if any(got[c] != _code(stored[c], c) for c in CHECK):
            raise UserError(f"game {game_index} does not replay as stored (was the run written by another paiju "
                            "version?)")
        lines.append(f"=== hand {int(stored['match_hand']) + 1} of the match")
        lines += _hand_text(row, log, stored, pol)
    if spec.rules.matches:
        last = rows[-1]
        lines.append(f"=== team {last['match_winner']} passes A and wins the match" if last["match_over"]
                     else "=== the match was cut at the hand limit")
    return "\n".join(lines)


def _code(value, column: str) -> int:
    from sim.games.trick import SUITS

    return SUITS.index(value) if column == "trump_suit" else int(value)
