"""The design of a game, measured on a play run: the "Design" section of every play report.

The same figures, under the same names, for every game (only the roles and the players differ),
after the measures used in automated game evaluation (CardStock's fairness, order and drama;
Ludii's balance, decisiveness and drama; Jaffe et al.'s restricted play; Duersch, Lambrecht and
Oechssler's skill versus chance):

* **seat**: each seat's money per hand and win rate against its fair share (the mean over the
  seats: 0 money where the scoring is zero-sum). A win is a hand with money > 0 for the seat.
* **role**: each role's money per seat-hand and win rate (the game's ``Scoring.roles``).
* **skill**: where two players meet in the run (``--policy smart,random,...`` with ``--rotate`` or
  ``--duplicate``), each player's money and win rate, the margin of the best over the weakest
  (paired per hand) and the hands it needs to be ahead at 95%. For a self-play run the caller may
  pass a small match of the run's player against the weakest, played on the run's rules.
* **luck**: on a ``--duplicate`` run, the share of the money's variance that the cards explain:
  every deal is played from every seat, so the money of one dealt hand across the rotations
  varies only by who holds it and where it sits. A one-way random-effects split over the cells
  (deal, dealt hand): σ²_cards = S_between − S_within / R, share = σ²_cards / (σ²_cards + S_within),
  with a grouped jackknife interval (deals in ``JACKKNIFE_GROUPS`` groups).
* **match**: where hands are played in matches or sessions (several rows per game index, or
  ``--hands-per-session``), the standing is the running sum of the seats' money: hands per match,
  lead changes per match, how often the eventual winner was behind after some hand (drama) and how
  far into the match the winner took the lead for good (decisiveness: lower is earlier).
* **tail**: |money| per seat-hand at the 99th and 99.9th percentile (distribution-free interval
  from the order statistics) and the largest single payment.

Everything streams batch by batch: matches and deals that straddle two batches are carried over.
``design_section(source)`` takes an ``analysis.rescore.Source`` (the run, its game and ruleset).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from analysis.estimators import Z95, ClusterMean, Moments, Stat, empty
from analysis.report import Section
from analysis.runs import BATCH_ROWS

TITLE = "Design: seat and role edge, skill, luck, matches and tail"
INDEX = ("game_index", "session", "deal_index", "rotation")
JACKKNIFE_GROUPS = 20
TAIL_PERCENTILES = (0.99, 0.999)


# --- small accumulators ------------------------------------------------------------------------


@dataclass
class _Luck:
    """Sufficient statistics of the (deal, dealt hand) cells of a duplicate run, per jackknife group."""

    rotations: int
    cells: np.ndarray = field(default_factory=lambda: np.zeros(JACKKNIFE_GROUPS))
    sum_m: np.ndarray = field(default_factory=lambda: np.zeros(JACKKNIFE_GROUPS))
    sum_mm: np.ndarray = field(default_factory=lambda: np.zeros(JACKKNIFE_GROUPS))
    ssw: np.ndarray = field(default_factory=lambda: np.zeros(JACKKNIFE_GROUPS))

    def add_deals(self, deal: np.ndarray, money: np.ndarray) -> None:
        """``money``: (deals, R, cells-per-deal) money of each dealt hand in each rotation."""
        m = money.mean(axis=1)  # cell means
        ssw = ((money - m[:, None, :]) ** 2).sum(axis=(1, 2))
        g = deal % JACKKNIFE_GROUPS
        np.add.at(self.cells, g, m.shape[1])
        np.add.at(self.sum_m, g, m.sum(axis=1))
        np.add.at(self.sum_mm, g, (m * m).sum(axis=1))
        np.add.at(self.ssw, g, ssw)

    def _share(self, keep: np.ndarray) -> float:
        c, sm, smm, ssw = (float(a[keep].sum()) for a in (self.cells, self.sum_m, self.sum_mm, self.ssw))
        r = self.rotations
        if c < 2 or r < 2:
            return math.nan
        s_between = (smm - sm * sm / c) / (c - 1)
        s_within = ssw / (c * (r - 1))
        cards = max(0.0, s_between - s_within / r)
        total = cards + s_within
        return cards / total if total > 0 else math.nan

    def stat(self, name: str) -> Stat:
        n = int(self.cells.sum())
        if n < 2:
            return empty(name)
        share = self._share(np.ones(JACKKNIFE_GROUPS, bool))
        groups = [g for g in range(JACKKNIFE_GROUPS) if self.cells[g] > 0]
        if len(groups) < 2:
            return Stat(name, share, math.nan, math.nan, None, None, n, math.nan)
        loo = np.array([self._share(np.arange(JACKKNIFE_GROUPS) != g) for g in groups])
        k = len(groups)
        se = math.sqrt((k - 1) / k * float(((loo - loo.mean()) ** 2).sum()))
        return Stat(name, share, max(0.0, share - Z95 * se), min(1.0, share + Z95 * se), None, None, n, se)


@dataclass
class _Matches:
    """Length, lead changes, drama and decisiveness of matches, the standing being the running money."""

    length: Moments = field(default_factory=Moments)
    lead_changes: Moments = field(default_factory=Moments)
    winner_behind: Moments = field(default_factory=Moments)
    decided_at: Moments = field(default_factory=Moments)
    longest: int = 1

    def add(self, money: np.ndarray) -> None:
        """One match: ``money`` (hands, seats)."""
        standing = np.cumsum(money, axis=0)
        hands = standing.shape[0]
        self.longest = max(self.longest, hands)
        leader, changes, led_from = -1, 0, 0
        for h in range(hands):
            top = standing[h].max()
            if leader < 0 or standing[h, leader] < top:  # a tie keeps the leader
                new = int(np.flatnonzero(standing[h] == top)[0])
                if leader >= 0:
                    changes += 1
                leader, led_from = new, h
        winner = leader
        behind = bool((standing[:-1, winner] < standing[:-1].max(axis=1)).any()) if hands > 1 else False
        self.length.add(np.array([hands]))
        self.lead_changes.add(np.array([changes]))
        self.winner_behind.add(np.array([int(behind)]))
        self.decided_at.add(np.array([(led_from + 1) / hands]))


@dataclass
class _Tail:
    """Exact counts of |money| values (few distinct values: memory stays small)."""

    counts: dict = field(default_factory=dict)

    def add(self, values: np.ndarray) -> None:
        v, c = np.unique(np.abs(values), return_counts=True)
        for x, k in zip(v.tolist(), c.tolist()):
            self.counts[x] = self.counts.get(x, 0) + k

    def stats(self) -> list[Stat]:
        if not self.counts:
            return [empty(f"tail: |money| per seat-hand, {100 * p:g}th percentile") for p in TAIL_PERCENTILES]
        values = np.array(sorted(self.counts))
        cum = np.cumsum([self.counts[v] for v in values])
        n = int(cum[-1])

        def at_rank(rank: float) -> float:  # the value of the rank-th smallest (1-based)
            rank = min(max(1, math.ceil(rank)), n)
            return float(values[np.searchsorted(cum, rank)])

        out = []
        for p in TAIL_PERCENTILES:
            half = Z95 * math.sqrt(n * p * (1 - p))
            out.append(Stat(f"tail: |money| per seat-hand, {100 * p:g}th percentile", at_rank(n * p),
                            at_rank(n * p - half), at_rank(n * p + half + 1), None, None, n, math.nan))
        out.append(Stat("tail: largest single payment |money|", float(values[-1]), math.nan, math.nan,
                        None, None, n, math.nan))
        return out


# --- the pass over the run ---------------------------------------------------------------------


class _Design:
    def __init__(self, source, policies: tuple[str, ...] | None):
        sc = source.scoring
        self.source, self.n = source, source.n_seats
        self.fair_money = sc.zero_sum
        self.seat_money = [Moments() for _ in range(self.n)]
        self.seat_edge = [Moments() for _ in range(self.n)]
        self.seat_wins = [Moments() for _ in range(self.n)]
        self.seat_win_edge = [Moments() for _ in range(self.n)]
        self.role_money = {r: ClusterMean() for r in sc.roles}
        self.role_wins = {r: ClusterMean() for r in sc.roles}
        self.policies = policies
        self.policy_money = {p: ClusterMean() for p in policies or ()}
        self.policy_wins = {p: ClusterMean() for p in policies or ()}
        self.pair_diff = {(a, b): Moments() for a in policies or () for b in policies or () if a != b}
        self.tail = _Tail()
        self.hands = 0

    def add(self, money: np.ndarray, roles: np.ndarray, policy: np.ndarray | None) -> None:
        n = self.n
        self.hands += money.shape[0]
        win = (money > 0).astype(np.int64)
        fair = money.mean(axis=1, keepdims=True) if not self.fair_money else 0.0
        win_fair = win.mean(axis=1, keepdims=True)
        for k in range(n):
            self.seat_money[k].add(money[:, k])
            self.seat_edge[k].add(money[:, k] - (fair[:, 0] if not np.isscalar(fair) else fair))
            self.seat_wins[k].add(win[:, k])
            self.seat_win_edge[k].add(win[:, k] - win_fair[:, 0])
        for i, r in enumerate(self.role_money):
            sel = roles == i
            self.role_money[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
            self.role_wins[r].add(np.where(sel, win, 0).sum(axis=1), sel.sum(axis=1))
        if policy is not None:
            means = {}
            for i, p in enumerate(self.policies):
                sel = policy == i
                cnt = sel.sum(axis=1)
                self.policy_money[p].add(np.where(sel, money, 0.0).sum(axis=1), cnt)
                self.policy_wins[p].add(np.where(sel, win, 0).sum(axis=1), cnt)
                with np.errstate(invalid="ignore", divide="ignore"):
                    means[p] = np.where(cnt > 0, np.where(sel, money, 0.0).sum(axis=1) / np.maximum(cnt, 1), np.nan)
            for (a, b), m in self.pair_diff.items():
                d = means[a] - means[b]
                m.add(d[~np.isnan(d)])
        self.tail.add(money.ravel())


def _policy_codes(source, batch) -> tuple[tuple[str, ...], np.ndarray] | None:
    cols = [f"s{k}_policy" for k in range(source.n_seats)]
    if not all(c in source.columns and c in batch.schema.names for c in cols):
        return None
    from analysis.columns import decode_batch

    d = decode_batch(batch, [source.columns[c] for c in cols])
    return tuple(source.columns[cols[0]].categories), np.stack([d[c] for c in cols], axis=1)


def _money(batch, n: int) -> np.ndarray:
    return np.stack([np.asarray(batch.column(f"s{k}_money").to_numpy(zero_copy_only=False), np.float64)
                     for k in range(n)], axis=1)


def _groups(keys: np.ndarray) -> list[tuple[int, int]]:
    """(start, stop) of each run of equal consecutive keys."""
    if keys.size == 0:
        return []
    edges = np.flatnonzero(np.diff(keys)) + 1
    starts = np.concatenate([[0], edges])
    stops = np.concatenate([edges, [keys.size]])
    return list(zip(starts.tolist(), stops.tolist()))


def measure(source, batch_size: int = BATCH_ROWS) -> dict:
    """One pass over the run: the accumulated design figures (see ``design_section``)."""
    run, sc, n = source.run, source.scoring, source.n_seats
    options = run.manifest.get("options") or {}
    duplicate = bool(options.get("duplicate"))
    per_session = int(options.get("hands_per_session") or 1)
    money_cols = [f"s{k}_money" for k in range(n)]
    policy_cols = [f"s{k}_policy" for k in range(n) if f"s{k}_policy" in run.columns]
    columns = sorted(set(INDEX) | set(source.fact_columns()) | set(money_cols) | set(policy_cols))
    acc = None
    matches, luck = _Matches(), _Luck(n)
    multi_row = False
    open_match, open_key = None, None  # the match still open at the end of the last batch
    open_deal: list = []  # rows of the duplicate deal still open at the end of the last batch
    for batch in run.iter_batches(columns, batch_size):
        money = _money(batch, n)
        pol = _policy_codes(source, batch) if policy_cols else None
        if acc is None:
            acc = _Design(source, pol[0] if pol is not None else None)
        acc.add(money, sc.seat_roles(source.facts(batch), n), pol[1] if pol is not None else None)

        gi = batch.column("game_index").to_numpy(zero_copy_only=False)
        multi_row = multi_row or bool((np.diff(gi) == 0).any()) or (open_key is not None and per_session == 1
                                                                   and gi[0] == open_key)
        key = batch.column("session").to_numpy(zero_copy_only=False) if per_session > 1 else gi
        groups = _groups(key)
        last = len(groups) - 1
        for j, (a, b) in enumerate(groups):
            if not (j == 0 or j == last or b - a > 1):
                continue  # a one-hand match: nothing to measure
            rows = money[a:b]
            if j == 0 and open_match is not None:
                if key[a] == open_key:
                    rows = np.concatenate([open_match, rows])
                elif len(open_match) > 1:
                    matches.add(open_match)
                open_match = None
            if j == last:
                open_match, open_key = rows, key[a]
            elif len(rows) > 1:
                matches.add(rows)

        if duplicate and per_session == 1:
            deal = batch.column("deal_index").to_numpy(zero_copy_only=False)
            rot = batch.column("rotation").to_numpy(zero_copy_only=False)
            open_deal = _luck_pass(luck, n, open_deal + [(deal, rot, money)])
    if open_match is not None and len(open_match) > 1:
        matches.add(open_match)
    if open_deal:
        _luck_pass(luck, n, open_deal, final=True)
    return {"acc": acc, "matches": matches, "luck": luck, "duplicate": duplicate, "multi_row": multi_row,
            "per_session": per_session}


def _luck_pass(luck: _Luck, n: int, pending: list, final: bool = False) -> list:
    """Fold the complete deals of ``pending`` into ``luck``; return the rows of the last deal, which the
    next batch may continue (``final``: fold it too)."""
    deal = np.concatenate([p[0] for p in pending])
    rot = np.concatenate([p[1] for p in pending])
    money = np.concatenate([p[2] for p in pending])
    last = deal[-1] if deal.size else None
    done = deal != last if not final else np.ones(deal.size, bool)
    if done.any():
        d, r, m = deal[done], rot[done], money[done]
        uniq, first, count = np.unique(d, return_index=True, return_counts=True)
        full = uniq[count == n]
        if full.size:
            sel = np.isin(d, full)
            d, r, m = d[sel], r[sel], m[sel]
            order = np.lexsort((r, d))
            d, r, m = d[order], r[order], m[order]
            k = np.arange(n)
            hand = (k[None, :] + r[:, None]) % n  # seat k holds the hand dealt to seat k + rotation
            by_hand = np.empty_like(m)
            np.put_along_axis(by_hand, hand, m, axis=1)
            luck.add_deals(d.reshape(-1, n)[:, 0], by_hand.reshape(-1, n, n))
    keep = ~done
    return [(deal[keep], rot[keep], money[keep])] if keep.any() else []


# --- the section -------------------------------------------------------------------------------


def _named(stat: Stat, name: str) -> Stat:
    return Stat(name, stat.estimate, stat.ci_low, stat.ci_high, None, None, stat.n, stat.se)


def _rate(stat: Stat, name: str) -> Stat:
    """A cluster-mean proportion, its interval kept inside [0, 1]."""
    lo = stat.ci_low if math.isnan(stat.ci_low) else max(0.0, stat.ci_low)
    hi = stat.ci_high if math.isnan(stat.ci_high) else min(1.0, stat.ci_high)
    return Stat(name, stat.estimate, lo, hi, None, None, stat.n, stat.se)


def _hands_needed(d: Moments) -> float:
    if d.n < 2 or d.mean == 0:
        return math.inf
    return (Z95 * math.sqrt(d.var) / abs(d.mean)) ** 2


def _skill_rows(acc: _Design, present: list[str]) -> list[Stat]:
    """Each player's money and win rate, and the best one's paired margin over the weakest."""
    rows = []
    for p in present:
        rows.append(_named(acc.policy_money[p].stat(""), f"skill: {p} money per seat-hand"))
        rows.append(_rate(acc.policy_wins[p].stat(""), f"skill: {p} win rate"))
    best = max(present, key=lambda p: acc.policy_money[p].stat("").estimate)
    others = [p for p in present if p != best]
    weak = [p for p in others if "random" in p]
    weakest = weak[0] if weak else min(others, key=lambda p: acc.policy_money[p].stat("").estimate)
    d = acc.pair_diff[(best, weakest)]
    if d.n:
        rows.append(_named(Stat.from_moments("", d), f"skill: {best} − {weakest}, money per hand (paired)"))
        rows.append(Stat(f"skill: hands for {best} to be ahead of {weakest} at 95%", _hands_needed(d), math.nan,
                         math.nan, None, None, d.n, math.nan))
    return rows


def design_section(source, batch_size: int = BATCH_ROWS, skill=None) -> Section:
    """The "Design" section of a play run's report (see the module docstring). ``skill``: for a
    self-play run, ``(source, text)`` of a small match of its player against a weaker one that the
    caller played on the run's rules (``text`` says what was played), for the skill figures."""
    m = measure(source, batch_size)
    acc: _Design | None = m["acc"]
    sec = Section(TITLE)
    if acc is None or acc.hands == 0:
        sec.notes.append("no hands in this run")
        return sec
    sc, n, game = source.scoring, source.n_seats, source.game
    labels = {r: sc.role_labels.get(r, r) for r in sc.roles}
    fair = "0 (zero-sum)" if sc.zero_sum else "the mean over the seats"
    sec.notes.append(
        f"seat: money per hand minus the fair share ({fair}) and win rate (money > 0) minus the mean over the seats, "
        "per hand (normal 95% CI); seat 0 is the game's first seat (see `paiju replay` for who deals and leads). "
        "role: per seat-hand, the hand as the unit.")
    stats = sec.stats
    for k in range(n):
        stats.append(_named(Stat.from_moments("", acc.seat_edge[k]), f"seat {k}: money − fair share"))
        stats.append(_named(Stat.proportion("", acc.seat_wins[k].total, acc.seat_wins[k].n), f"seat {k}: win rate"))
        stats.append(_named(Stat.from_moments("", acc.seat_win_edge[k]), f"seat {k}: win rate − the seats' mean"))
    for r in sc.roles:
        if acc.role_money[r].sm == 0:
            continue
        stats.append(_named(acc.role_money[r].stat(""), f"role {labels[r]}: money per seat-hand"))
        stats.append(_rate(acc.role_wins[r].stat(""), f"role {labels[r]}: win rate"))
    sec.notes.append("role edge: how much of it the bids or choices select (a strong hand bids) is not "
                     "separated here; compare the same deals with the choice forced (`paiju sweep`)")

    present = [p for p in acc.policies or () if acc.policy_money[p].sm > 0]
    if len(present) >= 2:
        stats.extend(_skill_rows(acc, present))
        sec.notes.append("skill (restricted play): players compared in the same hands; fair only with "
                         "--rotate or --duplicate, which give every player every seat")
    elif skill is not None:
        match, how = skill
        ms = measure(match, batch_size)
        acc_s = ms["acc"]
        played = [p for p in acc_s.policies or () if acc_s.policy_money[p].sm > 0] if acc_s else []
        if len(played) >= 2:
            stats.extend(_skill_rows(acc_s, played))
        sec.notes.append(f"skill (restricted play): this run is self-play, so the report played {how} on this "
                         "run's rules (the margin of its player over the weakest, in the same hands)")
    else:
        who = present[0] if present else (game.players.default if game.players else "one player")
        sec.notes.append(f"skill: this run is self-play ({who}) and no second player was played against it here; "
                         f"`paiju play {game.name} --policy A,B,… --duplicate` measures the margin")

    if m["duplicate"] and m["per_session"] == 1 and not m["multi_row"]:
        stats.append(m["luck"].stat("luck: share of money variance the cards explain"))
        sec.notes.append("luck: each deal played from every seat; the cards' share of the variance of a seat-hand's "
                         f"money (one-way random effects over (deal, dealt hand); jackknife CI over {JACKKNIFE_GROUPS} "
                         "groups of deals); the rest is who holds the hand and where it sits"
                         + ("; every seat has the same player here, so the rest is the seat alone: mix players "
                            "(--policy) to weigh the cards against the players" if len(present) < 2 else ""))
    else:
        sec.notes.append(f"luck: measured on duplicate runs (`paiju play {game.name} --duplicate`), where every deal "
                         "is played from every seat")

    mt = m["matches"]
    if mt.length.n:
        stats.append(_named(Stat.from_moments("", mt.length), "match: hands per match"))
        stats.append(_named(Stat.from_moments("", mt.lead_changes), "match: lead changes per match"))
        stats.append(_named(Stat.from_moments("", mt.winner_behind, proportion=True), "match: winner was behind (drama)"))
        stats.append(_named(Stat.from_moments("", mt.decided_at), "match: share of the match played before the "
                                                                  "winner led for good (decisiveness)"))
        sec.notes.append("match: the standing is the running sum of the seats' money over a match "
                         + ("(--hands-per-session)" if m["per_session"] > 1 else "(the rows of one game index)")
                         + "; the winner is the leader after the last hand; a tie keeps the leader")
    stats.extend(acc.tail.stats())
    return sec
