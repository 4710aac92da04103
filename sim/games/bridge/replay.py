"""One board of a play run, as a bridge player reads it (``paiju replay``): board, dealer and
vulnerability, the four hands, the auction in the usual four columns, the contract, every trick
(leader first, winner marked), the result and score, and with ``dd`` the DD table and par.

The board is re-simulated from the run's seed with its rules and players (turned as the run turned
them) and checked against the stored row, so a mismatch is never shown silently.
"""

from __future__ import annotations

import numpy as np

from kernels.bridge.cards import SEAT_CHARS, STRAIN_CHARS, SUIT_SYMBOLS, card_name
from kernels.bridge.layout import VULNERABILITY
from sim.errors import UserError

CHECKED = ("board", "level", "strain", "doubled", "declarer", "tricks", "n_calls")


def replay_board(spec, game_index: int) -> tuple[np.ndarray, np.ndarray]:
    """(kernel row, the 52 cards in play order or -1) of hand ``game_index`` of a run."""
    from kernels.bridge.board import play_logged
    from kernels.bridge.state import new_state
    from sim.games.bridge.players import player_arrays
    from sim.games.bridge.rules import compile_rules

    from sim.games.bridge.given import deal_spec

    policies, bid_params = player_arrays(list(spec.options["policies"]), spec.options.get("policy_params"))
    st = new_state(compile_rules(spec.rules), policies, bid_params, deal_spec(spec), spec.seed,
                   bool(spec.options.get("rotate")), bool(spec.options.get("duplicate")))
    return play_logged(st, game_index, np.empty(0, np.uint64))


def hand_line(mask: int) -> str:
    from sim.games.bridge.text import holding_text

    return "  ".join(f"{SUIT_SYMBOLS[s]} {holding_text(mask, s) or '—'}" for s in (3, 2, 1, 0))


def auction_lines(calls: list[str], dealer: int, step: int) -> list[str]:
    """The auction in four columns headed by the seats in calling order from N; the dealer's first
    call sits under the dealer."""
    order = [(0 + k * step) % 4 for k in range(4)]  # column seats in calling order from N
    col = order.index(dealer)
    cells = [""] * col + calls
    lines = ["  " + "".join(f"{SEAT_CHARS[s]:<6}" for s in order)]
    for i in range(0, len(cells), 4):
        lines.append("  " + "".join(f"{c:<6}" for c in cells[i:i + 4]).rstrip())
    return lines


def trick_winner(cards: list[int], trump: int) -> int:
    """Position in the trick of the winning card (highest trump, else highest of the suit led)."""
    best = 0
    for i, c in enumerate(cards[1:], 1):
        b = cards[best]
        if (c // 13 == b // 13 and c > b) or (c // 13 == trump and b // 13 != trump):
            best = i
    return best


def play_lines(sequence: np.ndarray, declarer: int, trump: int, step: int) -> list[str]:
    lines, leader = [], (declarer + step) % 4
    for t in range(13):
        cards = [int(c) for c in sequence[4 * t:4 * t + 4]]
        w = trick_winner(cards, trump)
        seats = [(leader + k * step) % 4 for k in range(4)]
        shown = "  ".join(f"{SEAT_CHARS[s]} {card_name(c)}{'*' if k == w else ' '}"
                          for k, (s, c) in enumerate(zip(seats, cards)))
        lines.append(f"  trick {t + 1:>2}: {shown}")
        leader = seats[w]
    return lines


def dd_lines(stored: dict) -> list[str]:
    lines = ["double dummy (tricks by declarer):  " + "  ".join(f"{s:>3}" for s in STRAIN_CHARS)]
    for k in range(4):
        lines.append(f"  {SEAT_CHARS[k]}{' ' * 33}" + "  ".join(f"{stored[f's{k}_dd_{s.lower()}']:>3}"
                                                             for s in STRAIN_CHARS))
    lines.append(f"par {stored['par_score']:+d} (N-S): {stored['par']}"
                 + (" — the contract is par" if stored.get("equals_par") else ""))
    return lines


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.bridge.layout import BOARD_LAYOUT
    from sim.games.bridge.rules import compile_rules
    from sim.games.bridge.text import auction_calls, call_name

    stored = rows[0]
    row, sequence = replay_board(spec, game_index)
    facts = BOARD_LAYOUT.unpack(row[None, :], 4)
    for name in CHECKED:
        if name == "tricks" and stored.get("play_dd"):
            continue
        if int(facts[name][0]) != int(stored[name]):
            raise UserError(f"hand {game_index} does not replay as stored ({name}: {int(facts[name][0])} vs "
                            f"{stored[name]}): was the run written by another version of paiju?")
    step = int(compile_rules(spec.rules)["rules"][0])
    dealer, vul = int(facts["dealer"][0]), int(facts["vul"][0])
    players = [stored[f"s{k}_policy"] for k in range(4)]
    out = [f"board {int(facts['board'][0])} · dealer {SEAT_CHARS[dealer]} · vulnerable: {VULNERABILITY[vul]}"
           + (f" · deal {stored['deal_index']} turned {stored['rotation']}" if spec.options.get("duplicate") else "")]
    out.append(f"deal {stored['deal']}")
    for k in range(4):
        out.append(f"  {SEAT_CHARS[k]} ({players[k]}, {stored[f's{k}_hcp']} HCP): {hand_line(int(facts[f's{k}_hand'][0]))}")
    words = [int(facts[f"auction{k}"][0]) for k in range(5)]
    out.append("auction:")
    out += auction_lines([call_name(c) for c in auction_calls(words)], dealer, step)
    level = int(facts["level"][0])
    if level <= 0:
        out.append("passed out" + (f": the board scores its par, N-S {stored['ns_score']:+d}"
                                   if stored.get("result_is_par") else ": N-S 0"))
    else:
        declarer, strain, doubled = int(facts["declarer"][0]), int(facts["strain"][0]), int(facts["doubled"][0])
        contract = f"{level}{STRAIN_CHARS[strain]}{['', 'X', 'XX'][doubled]} by {SEAT_CHARS[declarer]}"
        tricks = int(stored["tricks"])
        out.append(f"contract {contract}: {tricks} tricks ({'made' if tricks >= 6 + level else 'down'} "
                   f"{abs(tricks - 6 - level) if tricks != 6 + level else ''})".replace(" )", ")"))
        if stored.get("play_dd"):
            out.append("card play: double dummy (the DD table's tricks)")
        else:
            out.append("play (* wins the trick):")
            out += play_lines(sequence, declarer, strain, step)
    out.append(f"score: N-S {stored['ns_score']:+d}, E-W {-stored['ns_score']:+d}"
               + "".join(f" · {k} {stored[k]:+g}" for k in ("imps_vs_par", "mp_vs_par") if k in stored))
    if "par_score" in stored:
        out += dd_lines(stored)
    return "\n".join(out)
