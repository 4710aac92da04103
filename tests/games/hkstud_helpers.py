"""Card strings for the 港式五张 tests: ``hand("A♠ 8♦ 9♣ 10♥ J♠")`` → local ids."""

from __future__ import annotations

import numpy as np

from kernels.hkstud.cards import RANK_NAMES, SUIT_SYMBOLS, local_id


def hand(text: str) -> list[int]:
    """Space-separated cards written rank first, e.g. ``10♥``."""
    return [local_id(RANK_NAMES.index(t[:-1]), SUIT_SYMBOLS.index(t[-1])) for t in text.split()]


def kernel_keys(hands: list[list[int]], compiled: dict) -> tuple[np.ndarray, np.ndarray]:
    """(keys, categories) of five-card hands by the kernel's five-card evaluator."""
    from kernels.hkstud.evaluate import evaluate_hands

    arr = np.array(hands, np.int64)
    keys = np.empty(len(hands), np.int64)
    cats = np.empty(len(hands), np.int64)
    evaluate_hands(arr, compiled["plain"], compiled["flush"], keys, cats)
    return keys, cats
