"""Slow, obvious twin of ``analysis.design``: the design figures of a play run from the whole table in
pandas (no streaming, no carried-over matches or deals), to compare the streamed pass with."""

from __future__ import annotations

import numpy as np
import pandas as pd


def seat_money_edge(df: pd.DataFrame, n: int, zero_sum: bool) -> list[float]:
    money = df[[f"s{k}_money" for k in range(n)]].to_numpy(float)
    fair = 0.0 if zero_sum else money.mean(axis=1, keepdims=True)
    return list((money - fair).mean(axis=0))


def seat_win_rate(df: pd.DataFrame, n: int) -> list[float]:
    return [float((df[f"s{k}_money"] > 0).mean()) for k in range(n)]


def role_money(df: pd.DataFrame, roles: np.ndarray, n: int, code: int) -> float:
    money = df[[f"s{k}_money" for k in range(n)]].to_numpy(float)
    return float(money[roles == code].mean())


def policy_margin(df: pd.DataFrame, n: int, best: str, other: str) -> float:
    """Mean over hands holding both players of (mean money of best's seats − of other's seats)."""
    diffs = []
    for _, row in df.iterrows():
        pol = [str(row[f"s{k}_policy"]) for k in range(n)]
        a = [row[f"s{k}_money"] for k in range(n) if pol[k] == best]
        b = [row[f"s{k}_money"] for k in range(n) if pol[k] == other]
        if a and b:
            diffs.append(np.mean(a) - np.mean(b))
    return float(np.mean(diffs))


def matches(df: pd.DataFrame, n: int, key: str) -> dict[str, float]:
    """Hands, lead changes, winner behind and decided-at share per match, averaged over matches of 2+ hands."""
    out = {"length": [], "changes": [], "behind": [], "decided": []}
    for _, g in df.groupby(key, sort=True):
        money = g[[f"s{k}_money" for k in range(n)]].to_numpy(float)
        if len(money) < 2:
            continue
        standing = money.cumsum(axis=0)
        leader, changes, since = None, 0, 0
        for h, row in enumerate(standing):
            if leader is None or row[leader] < row.max():
                if leader is not None:
                    changes += 1
                leader, since = int(np.argmax(row)), h  # argmax: the first seat at the top
        behind = any(standing[h, leader] < standing[h].max() for h in range(len(standing) - 1))
        out["length"].append(len(money))
        out["changes"].append(changes)
        out["behind"].append(float(behind))
        out["decided"].append((since + 1) / len(money))
    return {k: float(np.mean(v)) for k, v in out.items()}


def luck_share(df: pd.DataFrame, n: int) -> float:
    """One-way random effects over (deal, dealt hand) cells of a duplicate run, complete deals only."""
    cells: dict[tuple[int, int], list[float]] = {}
    for _, row in df.iterrows():
        for k in range(n):
            hand = (k + int(row["rotation"])) % n
            cells.setdefault((int(row["deal_index"]), hand), []).append(float(row[f"s{k}_money"]))
    groups = [np.array(v) for v in cells.values() if len(v) == n]
    means = np.array([g.mean() for g in groups])
    s_within = sum(((g - g.mean()) ** 2).sum() for g in groups) / (len(groups) * (n - 1))
    s_between = means.var(ddof=1)
    cards = max(0.0, s_between - s_within / n)
    return cards / (cards + s_within)


def abs_money_percentile(df: pd.DataFrame, n: int, p: float) -> float:
    values = np.abs(df[[f"s{k}_money" for k in range(n)]].to_numpy(float)).ravel()
    return float(np.quantile(values, p, method="inverted_cdf"))
