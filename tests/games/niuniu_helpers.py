"""Card strings for the 牛牛 tests: ``cards("10♠ 3♥ 7♣ Q♦ 5♠")`` → shared card ids."""

from __future__ import annotations

import numpy as np

from kernels.cards import RANK_NAMES, SUIT_SYMBOLS, card_id


def card(text: str) -> int:
    if text in ("大王", "BJ"):
        return 53
    if text in ("小王", "SJ"):
        return 52
    return card_id(RANK_NAMES.index(text[1:]), SUIT_SYMBOLS.index(text[0]))


def cards(text: str) -> list[int]:
    """Space-separated cards written suit first, e.g. ``♠10 ♥3``."""
    return [card(t) for t in text.split()]


def kernel_eval(hands: list[list[int]], compiled: dict) -> tuple[np.ndarray, np.ndarray]:
    """(categories, top cards) of ``hands`` by the kernel evaluator."""
    from kernels.niuniu.evaluate import evaluate_hands

    arr = np.array(hands, np.int16)
    cats = np.empty(len(hands), np.int64)
    tops = np.empty(len(hands), np.int64)
    evaluate_hands(arr, compiled["card_info"], compiled["card_of_strength"], cats, tops)
    return cats, tops
