"""One 干瞪眼 hand move by move (``paiju replay``): the banker and every hand as dealt, the stock,
every play, pass and draw trick by trick, who went out, and the money. Re-simulated from the
run's seed and checked against the stored row."""

from __future__ import annotations

from sim.errors import UserError
from sim.games.gandengyan.dealing import RANK_CHARS


def card_text(card: int) -> str:
    k = card % 54
    return "Joker" if k >= 52 else RANK_CHARS[k // 4]


def counts_text(nat, jokers: int) -> str:
    return "".join(RANK_CHARS[r] * int(c) for r, c in enumerate(nat)) + "X" * int(jokers) or "—"


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.climb.loop import LOG_CARDS, LOG_MOVE, LOG_SEAT, LOG_TRICK
    from kernels.gandengyan.layout import LAYOUT
    from kernels.gandengyan.moves import DRAW, JOKER_BOMB, KIND_NAMES_ZH, LEAD_PASS, PASS, unpack_counts
    from sim.games.gandengyan.play import play_logged

    stored = rows[0]
    n_seats = spec.rules.players
    row, log, deck = play_logged(spec, game_index, stored)
    got = LAYOUT.unpack(row[None, :], n_seats)
    if int(got["winner"][0]) != stored["winner"] or int(got["banker"][0]) != stored["banker"]:
        raise UserError(f"hand {game_index} does not replay as stored (was the run written by another paiju version?)")
    banker = int(stored["banker"])
    share = [spec.rules.banker_cards if s == banker else spec.rules.other_cards for s in range(n_seats)]
    hands = [[] for _ in range(n_seats)]
    p = 0
    for k in range(max(share)):
        for i in range(n_seats):
            s = (banker + i) % n_seats
            if k < share[s]:
                hands[s].append(int(deck[p]))
                p += 1
    lines = [f"banker: seat {banker}; seat {stored['first_leader']} leads"]
    for s in range(n_seats):
        cards = sorted(hands[s], key=lambda c: (c % 54 >= 52, (c % 54) // 4))
        lines.append(f"  seat {s} ({stored[f's{s}_policy']}): {' '.join(card_text(c) for c in cards)}")
    lines.append(f"stock: {len(deck) - p} cards")
    trick = -1
    for a in log:
        seat, kind = int(a[LOG_SEAT]), int(a[LOG_MOVE])
        if kind == DRAW:
            lines.append(f"    seat {seat} draws {card_text(int(a[LOG_CARDS]))}")
            continue
        if a[LOG_TRICK] != trick:
            trick = int(a[LOG_TRICK])
            lines.append(f"— trick {trick + 1}")
        if kind == LEAD_PASS:
            lines.append(f"  seat {seat}: holds only jokers that cannot be played alone; the lead passes on")
        elif kind == PASS:
            lines.append(f"  seat {seat}: 不出")
        else:
            nat = unpack_counts(int(a[LOG_MOVE + 6]), 13)
            shown = "BJ SJ" if kind == JOKER_BOMB else counts_text(nat, int(a[LOG_MOVE + 3]))
            lines.append(f"  seat {seat}: {KIND_NAMES_ZH[kind]} {shown}"
                         + (f" (as {RANK_CHARS[int(a[LOG_MOVE + 1])]})" if a[LOG_MOVE + 3] and kind != JOKER_BOMB
                            else ""))
    order = sorted((int(stored[f"s{s}_finish"]), s) for s in range(n_seats) if stored[f"s{s}_finish"] > 0)
    lines += stalemate_lines(stored, n_seats, spec.rules.end, trick + 1)
    lines.append("out: " + (", ".join(f"seat {s}" for _, s in order) or "nobody")
                 + "; cards left: " + ", ".join(f"seat {s} {stored[f's{s}_cards_left']}" for s in range(n_seats)))
    if spec.rules.end != "play_on" and stored["winner"] >= 0:
        lines.append(f"public multiplier {stored['public_multiplier']:g}; personal: "
                     + ", ".join(f"seat {s} ×{stored[f's{s}_personal_multiplier']:g}" for s in range(n_seats)
                                 if stored[f"s{s}_pays"]))
    lines.append("money: " + ", ".join(f"seat {s} {money_text(stored[f's{s}_money'])}" for s in range(n_seats)))
    return "\n".join(lines)


def stalemate_lines(stored, n_seats: int, end: str, last_trick: int) -> list[str]:
    """The end of a hand nobody could finish: the seats still holding cards hold only jokers that
    cannot be led and the stock is empty — with nobody out (``winner`` -1), or under ``play_on``
    with two or more seats still holding cards. The kernel has opened the next trick by then
    (``n_tricks`` counts it), so it is named too."""
    holders = sum(1 for s in range(n_seats) if stored[f"s{s}_cards_left"] > 0)
    if not (stored["winner"] < 0 or (end == "play_on" and holders >= 2)):
        return []
    out = [f"— trick {int(stored['n_tricks'])}"] if int(stored["n_tricks"]) > last_trick else []
    return out + ["stalemate: nobody holding cards can lead (only jokers, the stock is empty)"]


def money_text(value: float) -> str:
    """Money with its sign; nothing paid is 0 (never "-0")."""
    return "0" if value == 0 else f"{value:+g}"


