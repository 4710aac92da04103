"""One 牛牛 deal, card by card (``paiju replay``): the deal, each hand's best arrangement (N-2),
each 闲家 against 庄家 (§4) and the money (§5). The deal is re-dealt by the kernel from
``(seed, game_index)`` and checked against the stored row; the comparison and the money are the
stored (scored) columns, so a rescored run shows its own multipliers."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from sim.errors import UserError


def arrangement(cards: list[int]) -> str:
    """The best arrangement as text: a triple summing to a multiple of 10 and the other two."""
    from kernels.cards import card_name
    from sim.games.niuniu.rules import card_value

    values = [card_value(c) for c in cards]
    best = None
    for triple in combinations(range(5), 3):
        if sum(values[i] for i in triple) % 10 == 0:
            rest = [i for i in range(5) if i not in triple]
            score = sum(values[i] for i in rest) % 10 or 10
            if best is None or score > best[0]:
                best = (score, triple, rest)
    if best is None:
        return "no three cards make a multiple of 10"
    _, triple, rest = best

    def part(idx):
        return "+".join(card_name(cards[i]) for i in idx) + f" = {sum(values[i] for i in idx)}"

    return f"{part(triple)} | {part(rest)}"


def redeal(spec, game_index: int) -> dict[str, np.ndarray]:
    from sim.dealing import spec_tables
    from sim.games.niuniu.kernel_rows import kernel_values, play_rows

    return kernel_values(play_rows(spec.rules, spec.seed, game_index, 1, fix=spec_tables(spec)), spec.rules.players)


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.cards import card_name
    from kernels.niuniu.layout import CATEGORY_NAMES
    from kernels.showdown.deal import unpack_cards

    stored = rows[0]
    n = spec.rules.players
    row = redeal(spec, game_index)
    for k in range(n):
        for f in ("cards", "top"):
            if int(row[f"s{k}_{f}"][0]) != stored[f"s{k}_{f}"]:
                raise UserError(f"deal {game_index} does not replay as stored (was the run written by another paiju "
                                "version?)")
    banker = int(stored["banker"])
    hands = [unpack_cards(row[f"s{k}_cards"], 5)[0].tolist() for k in range(n)]
    lines = [f"deal: {5 * n} cards from the top of the shuffled deck, one at a time from seat 0; 庄家 is seat {banker}"]
    for k in range(n):
        role = "庄家" if k == banker else "闲家"
        cat = CATEGORY_NAMES[int(row[f"s{k}_category"][0])]
        lines.append(f"seat {k} ({role}): {' '.join(card_name(c) for c in hands[k])} → {arrangement(hands[k])}: "
                     f"{cat}, highest {card_name(stored[f's{k}_top'])}")
    cat_b = CATEGORY_NAMES[int(row[f"s{banker}_category"][0])]
    for k in range(n):
        if k == banker:
            continue
        cat = CATEGORY_NAMES[int(row[f"s{k}_category"][0])]
        if stored[f"s{k}_advantage"]:
            how = "a tie; both highest cards ≤ Q, so 庄家 wins by banker advantage (N-3)"
        elif stored[f"s{k}_tie"]:
            how = "a tie, settled by the highest card"
            if spec.rules.banker_advantage and _both_low(stored, k, banker):
                how += " (both ≤ Q: 庄家's by banker advantage too)"
        else:
            how = "settled by value"
        who = "闲家 wins" if stored[f"s{k}_wins"] else "庄家 wins"
        paid = CATEGORY_NAMES[int(stored[f"s{k}_paid"])]
        lines.append(f"seat {k} against 庄家: {cat} vs {cat_b}, {how}: {who}; {abs(stored[f's{k}_money']):g} chips "
                     f"(bet × {stored[f's{k}_multiplier']}, the {paid} multiplier)")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(n)))
    return "\n".join(lines)


def _both_low(stored: dict, k: int, banker: int) -> bool:
    from sim.games.niuniu.rules import ADVANTAGE_LIMIT, card_strength

    return card_strength(stored[f"s{k}_top"]) < ADVANTAGE_LIMIT and \
        card_strength(stored[f"s{banker}_top"]) < ADVANTAGE_LIMIT
