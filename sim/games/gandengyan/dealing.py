"""干瞪眼 ``--fix SEAT=CARDS``: the deck positions a seat is dealt depend on the banker (the deal
goes round from the banker, who gets the larger share), so the kernels place the fixed cards once
the banker is drawn, from the rows of ``fix_slots`` for that banker (``kernels.gandengyan.play``).

Card names: by rank as replay prints them, or suited where suits matter (``fix_cards``). A seat
may be fixed as many cards as it is dealt when it is not the banker (the smaller share), so every
deal can hold them whoever is the banker."""

from __future__ import annotations

from typing import Mapping, Sequence

RANK_CHARS = "3456789TJQKA2"  # rank r (0 = 3 … 12 = 2) as replay prints it and ``--fix`` reads it


def seat_positions(n_seats: int, banker: int, big: int, small: int) -> list[list[int]]:
    """Deck positions of each seat's hand, as ``kernels.gandengyan.deal.deal_hands`` deals them:
    one card at a time counter-clockwise (seat + 1) from the banker, each seat to its share."""
    out: list[list[int]] = [[] for _ in range(n_seats)]
    p = 0
    for k in range(max(big, small)):
        for i in range(n_seats):
            s = (banker + i) % n_seats
            if k < (big if s == banker else small):
                out[s].append(p)
                p += 1
    return out


def fix_cards(rules) -> dict[str, list[int]]:
    """``--fix`` notation. Suits matter only for who leads first under ``first_leader =
    lowest_card`` (♠3 before ♥3), so cards are named as replay prints them, by rank (``3`` … ``9``,
    ``T``, ``J`` … ``A``, ``2``, ``Joker``; a name's copies are every suit and pack), and under
    ``lowest_card`` with their suits (``♠3``, ``♥10``, ``小王``; ASCII ``S3``, ``HT``, ``XW``)."""
    from sim.dealing import suited_cards
    from sim.games.gandengyan.rules import deck_ids

    ids = deck_ids(rules)
    if rules.first_leader == "lowest_card":
        return suited_cards(ids)
    out: dict[str, list[int]] = {}
    for c in ids:
        k = int(c) % 54
        name = "Joker" if k >= 52 else RANK_CHARS[k >> 2]
        out.setdefault(name, []).append(int(c))
    return out


def fix_groups(rules) -> dict[str, list[int]]:
    """Each seat's positions when it is not the banker (for the checks: its smaller share)."""
    n = rules.players
    return {str(s): seat_positions(n, (s + 1) % n, rules.banker_cards, rules.other_cards)[s] for s in range(n)}


def fix_tables(rules, fixed: Mapping[str, Sequence[str]] | None):
    """``(fix_card, fix_slots)``: ``sim.dealing.fix_tables``'s card table, and ``n_seats`` blocks of
    slot rows, block ``b`` the fixed seats' positions when seat ``b`` is the banker; (0, 0) tables
    without ``--fix`` (the run is then bit-identical to one before fixing existed)."""
    import numpy as np

    from sim.dealing import fix_tables as cards_table
    from sim.games.gandengyan import GAME

    fix_card, _ = cards_table(GAME.dealing, rules, fixed)
    if not fixed:
        return fix_card, np.zeros((0, 0), np.int64)
    n = rules.players
    width = max(rules.banker_cards, rules.other_cards)
    fix_slots = np.full((n * len(fixed), width), -1, np.int64)
    for b in range(n):
        positions = seat_positions(n, b, rules.banker_cards, rules.other_cards)
        for i, seat in enumerate(fixed):
            row = positions[int(seat)]
            fix_slots[b * len(fixed) + i, :len(row)] = row
    return fix_card, fix_slots


def spec_tables(spec):
    """``fix_tables`` of a run spec (the ``fix`` in its options)."""
    return fix_tables(spec.rules, spec.options.get("fix"))
