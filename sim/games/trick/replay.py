"""One hand of the trick family as text, trick by trick, from the kernel's action log
(``kernels.trick.state``: rows ``(type, seat, trick, n, aux, cards...)``).

The game re-simulates the hand with ``play_logged`` (the batch kernel with a log) and checks the
row against the stored one; this module only reads the log: the hands as dealt (every card a seat
played, 庄家's buried cards in and the kitty he picked up out), the declarations, the kitty, each
trick with who led, what everyone played, the throws tried (standing or failed), who won it and
its points. Cards are sorted and named under the hand's card order (the table ``ot`` of
``kernels.trick.order``).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from kernels.cards import card_name
from sim.games.trick import SUIT_SYMBOLS

DECLARE, FLIP, REDEAL, PICKUP, BURY, THROW, PLAY = range(1, 8)  # kernels.trick.state LT_*
N_KINDS = 54


def actions(log: np.ndarray) -> list[tuple[int, int, int, int, list[int]]]:
    """(type, seat, trick, aux, cards) per log row."""
    return [(int(r[0]), int(r[1]), int(r[2]), int(r[4]), [int(c) for c in r[5:5 + int(r[3])]]) for r in log]


class Cards:
    """Names and sorts cards (physical ids) under a hand's card order table ``ot``."""

    def __init__(self, ot: np.ndarray):
        from kernels.trick.order import CLS_TRUMP, OT_KCLS, OT_KPTS, OT_KSTR

        self.cls = ot[OT_KCLS, :N_KINDS].copy()
        self.strength = ot[OT_KSTR, :N_KINDS].copy()
        self.points = ot[OT_KPTS, :N_KINDS].copy()
        self.trump = int(CLS_TRUMP)

    def key(self, card: int) -> tuple[int, int, int]:
        k = card % N_KINDS
        c = int(self.cls[k])
        return (0 if c == self.trump else 1 + c, -int(self.strength[k]), k)

    def text(self, cards) -> str:
        """Cards high to low, trumps first, then ♠ ♥ ♣ ♦; '—' for none."""
        return " ".join(card_name(c) for c in sorted(cards, key=self.key)) or "—"

    def by_class(self, cards) -> str:
        """A holding as 'trumps: … | ♠: … | …'."""
        groups: dict[int, list[int]] = {}
        for c in cards:
            groups.setdefault(self.key(c)[0], []).append(c)
        names = ["trumps"] + list(SUIT_SYMBOLS)
        return " | ".join(f"{names[g]} {self.text(groups[g])}" for g in sorted(groups))

    def pts(self, cards) -> int:
        return int(sum(self.points[c % N_KINDS] for c in cards))


def dealt_hands(acts, banker: int) -> tuple[list[list[int]], list[int], list[int]]:
    """(hands as dealt, the kitty as dealt, the buried cards) from a hand's log."""
    hands: list[list[int]] = [[] for _ in range(4)]
    kitty: list[int] = []
    buried: list[int] = []
    for typ, seat, _, _, cards in acts:
        if typ == PLAY:
            hands[seat] += cards
        elif typ == PICKUP:
            kitty = list(cards)
        elif typ == BURY:
            buried = list(cards)
    held = Counter(hands[banker]) + Counter(buried)
    held.subtract(Counter(kitty))
    hands[banker] = list(held.elements())
    return hands, kitty, buried


def declaration_lines(acts, cards: Cards, act_names: dict[int, str]) -> list[str]:
    """The declarations during the deal, kitty flips and redeals (the game names its acts)."""
    out = []
    for typ, seat, pos, aux, shown in acts:
        if typ == DECLARE:
            out.append(f"  card {pos + 1}: seat {seat} {act_names.get(aux, 'shows')} {cards.text(shown)}")
        elif typ == REDEAL:
            out.append(f"  nobody declared: redeal {pos}")
        elif typ == FLIP:
            out.append(f"  kitty card {pos + 1} turned: {cards.text(shown)}" + (" — sets the trump suit" if aux else ""))
    return out


def throw_line(seat: int, text: str, higher: int) -> str:
    """A throw (甩牌) tried: it stands when no other seat holds a higher part, else it fails with a
    penalty of 10 points per higher card found."""
    if higher == 0:
        return f"  seat {seat} throws {text} — stands: no higher card held"
    return f"  seat {seat} throws {text} — fails: {higher} higher card(s) held, penalty {10 * higher}"


def trick_lines(acts, cards: Cards, banker_side: set[int], last_winner: int) -> list[str]:
    """Every trick: the lead (and a failed throw before it), the follows, the winner and points."""
    tricks: dict[int, list] = {}
    for a in acts:
        if a[0] in (THROW, PLAY):
            tricks.setdefault(a[2], []).append(a)
    out = []
    order = sorted(tricks)
    for i, t in enumerate(order):
        played = [a for a in tricks[t] if a[0] == PLAY]
        winner = [a for a in tricks[order[i + 1]] if a[0] in (THROW, PLAY)][0][1] if i + 1 < len(order) else last_winner
        pts = sum(cards.pts(a[4]) for a in played)
        side = "庄" if winner in banker_side else "闲"
        out.append(f"— trick {t + 1}: seat {winner} wins ({side})" + (f", {pts} points" if pts else ""))
        for typ, seat, _, aux, cs in tricks[t]:
            if typ == THROW:  # every throw tried is logged; aux = higher cards found, 0 when it stands
                out.append(throw_line(seat, cards.text(cs), aux))
            elif aux == 1:
                out.append(f"  seat {seat} leads {cards.text(cs)}")
            else:
                out.append(f"  seat {seat} plays {cards.text(cs)}")
    return out
