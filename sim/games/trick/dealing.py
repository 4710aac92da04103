"""``--fix`` for the trick family (八十分, 仙居红五): the ``sim.dealing.Dealing`` of a game of
``n_decks`` 54-card decks dealt to 4 seats with a kitty after the hands.

Notation as replay prints it (``♠10``, ``小王``; ASCII ``S10``/``ST``, ``XW``/``DW``): a name
stands for its copies (physical ids ``k``, ``k + 54``, …, kind ``id % 54``). Groups: seats
``"0"`` … ``"3"`` and ``"kitty"`` under the ``kernels.deal`` convention (``--fix`` refuses
``--duplicate``, so the table is never turned)."""

from __future__ import annotations

from sim.dealing import Dealing

N_SEATS = 4


def trick_dealing(n_decks: int, hand_size: int, kitty_size: int) -> Dealing:
    """The ``Dealing`` of a trick game with these sizes (the same for every rule set)."""

    def cards(rules) -> dict[str, list[int]]:
        from sim.dealing import suited_cards

        return suited_cards(range(54 * n_decks))

    def groups(rules) -> dict[str, list[int]]:
        from sim.dealing import seat_groups

        return seat_groups(N_SEATS, hand_size, kitty_size)

    return Dealing(cards=cards, groups=groups)
