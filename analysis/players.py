"""Comparing players from the rows of a play run, for any game: who sat where (policy and its
parameters), money per player, and paired differences between players within a hand (and, with
``--duplicate``, within a deal over all its rotations).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pyarrow as pa

from analysis.columns import num, seat_matrix, strings
from analysis.estimators import ClusterMean, Moments, Stat, from_moments
from analysis.report import Section
from analysis.runs import BATCH_ROWS, Run, RunError


def params_text(params: dict) -> str:
    """A seat's player parameters as ``k=v,k=v`` (sorted by name), for the table's seat labels."""
    return ",".join(f"{k}={v:g}" if isinstance(v, int | float) else f"{k}={v}"
                    for k, v in sorted(params.items()))


class Players:
    """Who played each seat of each hand: the policy name, with its parameters when a run sets
    different parameters for the same policy (``--policy-param``); labels like ``smart`` or
    ``smart(hard_threshold=30)``. Names come from the rows (``s{k}_policy``); parameters from the
    manifest's slots, rotated with the hand when ``rotate`` is on."""

    def __init__(self, run: Run, n_seats: int):
        self.n_seats = n_seats
        opts = run.manifest.get("options") or {}
        self.slots: list[str] = list(opts.get("policies") or [])
        params = list(opts.get("policy_params") or [])
        self.rotate = bool(opts.get("rotate", False))
        self.suffix: list[str] | None = None
        if len(self.slots) == n_seats and len(params) == n_seats and any(params):
            self.suffix = [f"({params_text(p)})" if p else "" for p in params]
        self.labels: list[str] = []

    def code(self, label: str) -> int:
        if label not in self.labels:
            self.labels.append(label)
        return self.labels.index(label)

    def seat_codes(self, batch: pa.RecordBatch) -> np.ndarray:
        """(n, n_seats) player codes (indices into ``self.labels``)."""
        n_seats = self.n_seats
        out = np.empty((batch.num_rows, n_seats), np.int64)
        slot = None
        if self.suffix is not None:
            g = num(batch, "game_index").astype(np.int64)
            shift = g if self.rotate else np.zeros_like(g)
            slot = (np.arange(n_seats)[None, :] + shift[:, None]) % n_seats
        for k in range(n_seats):
            idx, names = strings(batch.column(f"s{k}_policy"))
            if slot is None:  # register only the names that occur (dictionaries list all)
                lut = np.full(max(len(names), 1), -1, np.int64)
                for i in np.unique(idx):
                    lut[i] = self.code(names[i])
                out[:, k] = lut[idx]
                continue
            name = np.asarray(names, dtype=object)[idx]
            if np.any(name != np.asarray(self.slots, dtype=object)[slot[:, k]]):
                raise RunError("s{k}_policy disagrees with the manifest's policies and rotation"
                               .replace("{k}", str(k)))
            lut = np.full(n_seats, -1, np.int64)
            for j in np.unique(slot[:, k]):
                lut[j] = self.code(self.slots[j] + self.suffix[j])
            out[:, k] = lut[slot[:, k]]
        return out


def pair_diff(money: np.ndarray, players: np.ndarray, a: int, b: int):
    """Per-hand (mean money of A's seats − mean money of B's seats) over hands where both sit."""
    in_a, in_b = players == a, players == b
    na, nb = in_a.sum(axis=1), in_b.sum(axis=1)
    both = (na > 0) & (nb > 0)
    ya = np.where(in_a, money, 0.0).sum(axis=1)
    yb = np.where(in_b, money, 0.0).sum(axis=1)
    return ya[both] / na[both] - yb[both] / nb[both]


class DealPairs:
    """Per-deal paired differences of a ``--duplicate`` run: the rotations of one deal (one per seat).

    For each deal, the mean over its rotations of the per-hand difference (``pair_diff``); deals
    split across batches wait in ``pending`` until all their rows are in. ``reduction`` compares
    the variance of this estimate with that of an unpaired run of as many hands.
    """

    def __init__(self, n_seats: int) -> None:
        self.n_seats = n_seats
        self.deals = Moments()
        self.hands = Moments()
        self.pending: dict[int, list[float]] = {}

    def add(self, deal: np.ndarray, money: np.ndarray, codes: np.ndarray, a: int, b: int) -> None:
        in_a, in_b = codes == a, codes == b
        both = (in_a.sum(axis=1) > 0) & (in_b.sum(axis=1) > 0)
        diff = pair_diff(money, codes, a, b)
        self.hands.add(diff)
        for d, x in zip(deal[both].tolist(), diff.tolist()):
            self.pending.setdefault(d, []).append(x)
        done = [d for d, xs in self.pending.items() if len(xs) == self.n_seats]
        if done:
            self.deals.add(np.array([np.mean(self.pending.pop(d)) for d in done]))

    def reduction(self) -> float:
        """Var(unpaired mean over the same number of hands) / Var(mean over deals)."""
        if self.deals.n < 2 or self.hands.n < 2 or self.deals.var == 0:
            return float("nan")
        return (self.hands.var / self.hands.n) / (self.deals.var / self.deals.n)


def diff_name(a: str, b: str) -> str:
    return f"E[money {a}] − E[money {b}] (paired per hand)"


def policy_comparison(run: Run, a: str, b: str, batch_size: int = BATCH_ROWS) -> Stat:
    """Money of player ``a`` minus player ``b``: the mean over hands where both sit of the per-hand
    difference (mean money of the seats ``a`` plays − mean money of the seats ``b`` plays), with its
    normal 95% interval; ``n`` is the number of such hands. ``a``/``b`` are the labels of
    ``Players`` (the policy name, with parameters where the run varies them)."""
    if run.kind != "play":
        raise RunError(f"policy comparison needs a play run; {run.path} is {run.kind!r}")
    if a == b:
        raise RunError(f"compare two different players, got {a!r} twice")
    from analysis.columns import run_seats

    n_seats = run_seats(run.columns)
    players = Players(run, n_seats)
    cols = ["game_index"] + [f"s{k}_{c}" for c in ("policy", "money") for k in range(n_seats)]
    m = Moments()
    for batch in run.iter_batches(cols, batch_size):
        codes = players.seat_codes(batch)
        if a in players.labels and b in players.labels:
            m.add(pair_diff(seat_matrix(batch, "money", players.n_seats), codes, players.code(a), players.code(b)))
    for name in (a, b):
        if name not in players.labels:
            known = ", ".join(players.labels) or "none"
            raise RunError(f"no player {name!r} in {run.path} (players: {known})")
    return from_moments(diff_name(a, b), m, proportion=False)


PLAYERS = "Players: money by policy"


class PlayerMoney:
    """Money per player and paired player differences, folded batch by batch (any game)."""

    def __init__(self, run: Run, n_seats: int):
        self.n_seats = n_seats
        self.players = Players(run, n_seats)
        self.opts = run.manifest.get("options") or {}
        self.duplicate = bool(self.opts.get("duplicate"))
        self.money: dict[int, ClusterMean] = {}
        self.pair: dict[tuple[int, int], Moments] = {}
        self.deal_pair: dict[tuple[int, int], DealPairs] = {}

    @staticmethod
    def columns(n_seats: int) -> list[str]:
        return ["game_index", "deal_index"] + [f"s{k}_{c}" for c in ("policy", "money") for k in range(n_seats)]

    def add(self, b: pa.RecordBatch, money: np.ndarray | None = None) -> None:
        money = seat_matrix(b, "money", self.n_seats).astype(np.float64) if money is None else money
        codes = self.players.seat_codes(b)
        for p in range(len(self.players.labels)):
            sel = codes == p
            self.money.setdefault(p, ClusterMean()).add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for a, c in combinations(range(len(self.players.labels)), 2):
            self.pair.setdefault((a, c), Moments()).add(pair_diff(money, codes, a, c))
            if self.duplicate:
                self.deal_pair.setdefault((a, c), DealPairs(self.n_seats)).add(
                    num(b, "deal_index").astype(np.int64), money, codes, a, c)

    def section(self) -> Section | None:
        """The players section (None when one player sits everywhere)."""
        labels = self.players.labels
        if len(labels) < 2:
            return None
        notes = ["E[money | player]: pooled over the seat-hands the player sits (n), CI with the hand as the "
                 "unit; differences: per hand, mean money of A's seats − mean money of B's seats, over hands "
                 "where both sit (paired within the hand, n = hands)",
                 "seat effects mix into these unless the players rotate round the seats (--rotate)"
                 + ("" if self.opts.get("rotate") else " — this run does NOT rotate: read them as player+seat "
                    "effects")]
        sec = Section(PLAYERS, notes=notes)
        sec.stats += [self.money[p].stat(f"E[money | {lb}]") for p, lb in enumerate(labels)]
        sec.stats += [from_moments(diff_name(labels[i], labels[j]), m, False) for (i, j), m in self.pair.items()]
        for (i, j), dp in self.deal_pair.items():
            sec.stats.append(from_moments(f"E[money {labels[i]}] − E[money {labels[j]}] (paired per deal)",
                                          dp.deals, False))
            sec.notes.append(f"--duplicate: {labels[i]} vs {labels[j]} paired over the {self.n_seats} rotations of "
                             f"each deal (n = deals); variance {dp.reduction():.1f}× smaller than an unpaired run of "
                             "as many hands")
        return sec
