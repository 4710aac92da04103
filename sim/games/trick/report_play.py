"""The statistics both trick-family games report for a play run, folded in one streamed pass.

A game describes itself with a ``PlayReportSpec`` (its total points, the column saying the 庄 side
won, its outcome codes, bucket edges, exact deal values) and adds its own sections through an
``extension`` (八十分: levels and whole matches; 红五: ♥5 captures). Shared here:

* the 闲 side's points P: mean, buckets, P ≤ 0; the outcome codes (level change / score band);
* P(庄 side wins) against 庄家's trumps after the bury and against the kitty's points;
* the kitty and 扣底 (the 闲 side wins the last trick), throws (success rate over throws tried,
  the hand as the unit), penalties, tricks trumped, structures led, the declaration;
* money per role and seat, the players section (``analysis.players.PlayerMoney``), play quality
  (``analysis.quality``: throws and failed throws per role, declaring, burying points, the redeal
  rate; a game adds its own decisions through its extension);
* a deal check of the seats' holdings against exact values, and invariants (zero-sum money,
  every point accounted for).

Means over seat-hands use ``ClusterMean`` (the hand as the unit); rates over hands ``Moments``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import numpy as np
import pyarrow as pa

from analysis.columns import codes, num, seat_matrix
from analysis.estimators import ClusterMean, MomentsTable, from_moments, invariant
from analysis.players import PlayerMoney
from analysis.quality import PlayQuality
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.trick import ROLE_LABELS, ROLES
from sim.games.trick.report_census import pmf_mean_var, pooled_stat

SEATS = range(4)
HAND_COLS = ("game_index", "deal_index", "banker", "banker_trumps", "kitty_points", "kitty_points_dealt",
             "kitty_bonus", "kou_di", "captured", "points", "penalty_banker", "penalty_opp", "n_tricks",
             "tricks_trumped", "tractors_led", "pairs_led", "trump_from_kitty", "redeals")
SEAT_COLS = ("trumps", "role", "money", "throws", "throws_failed", "won_points")


@dataclass(frozen=True)
class Extension:
    """A game's own part of the report: the columns it reads, how a batch folds into its state
    (``fold(state, batch, d)`` with ``d`` the shared decoded columns), and its sections."""

    columns: tuple[str, ...]
    new_state: Callable[[Run], Any]
    fold: Callable[[Any, pa.RecordBatch, dict], None]
    sections: Callable[[Any], list[Section]]
    quality: Callable[[PlayQuality, pa.RecordBatch, dict, np.ndarray], None] | None = None  # (q, batch, d, money):
    # the game's own play-quality decisions (八十分: declaring with a pair, 反主)


@dataclass(frozen=True)
class PlayReportSpec:
    title: str
    total_points: int  # points in the pack
    win: str  # bool column: the 庄 side won the hand
    win_text: str  # e.g. "庄 team keeps the deal"
    outcome: str  # int column of outcome codes
    outcome_labels: Mapping[int, str]
    p_buckets: tuple[tuple[int, int | None], ...]  # inclusive P ranges (None: no upper end)
    trump_edges: tuple[int, ...]  # 庄家's trumps after the bury: buckets < e0, e0..e1-1, ..., >= last
    seat_features: tuple[str, ...]  # per-seat deal features checked against exact values
    exact: Callable[[Run], Mapping[str, Mapping[int, Any]]]  # column → exact pmf (empty: none apply)
    dist: Mapping[str, range] = field(default_factory=dict)
    headline: tuple[str, ...] = ()
    extension: Extension | None = None
    summary: Callable[[Run], list[str]] = lambda run: []
    declarer: str = "declarer"  # column: the seat whose declaration made the trump


KITTY_EDGES = (5, 15, 25, 40)  # kitty points buried: 0, 5-10, 15-20, 25-35, 40+


def _bucket_labels(edges: tuple[int, ...], step: int = 1) -> list[str]:
    out = [f"< {edges[0]}"]
    out += [f"{a}-{b - step}" for a, b in zip(edges, edges[1:])]
    return out + [f">= {edges[-1]}"]


def _bucket(x: np.ndarray, edges: tuple[int, ...]) -> np.ndarray:
    return np.searchsorted(np.asarray(edges), x, side="right")


class _Acc:
    def __init__(self, run: Run, spec: PlayReportSpec):
        self.spec = spec
        self.t = MomentsTable()
        self.roles = {r: ClusterMean() for r in ROLES}
        self.abs_money = ClusterMean()
        self.throw_rate = ClusterMean()
        self.players = PlayerMoney(run, 4)
        self.quality = PlayQuality()
        self.pooled: dict[str, ClusterMean] = {}
        self.max_sum = 0.0
        self.n = 0
        self.ext = spec.extension.new_state(run) if spec.extension else None

    def add(self, b: pa.RecordBatch) -> None:
        s, t = self.spec, self.t
        n = b.num_rows
        self.n += n
        d = {c: num(b, c) for c in HAND_COLS}
        d["declarer"] = num(b, s.declarer)
        win = num(b, s.win).astype(bool)
        p = d["points"].astype(np.int64)
        money = seat_matrix(b, "money", 4).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in SEATS], axis=1)
        # P and the outcome
        t.add("win", win)
        t.add("P", p)
        t.add("P <= 0", p <= 0)
        for lo, hi in s.p_buckets:
            t.add(f"P {lo}", (p >= lo) & (p <= (hi if hi is not None else p.max(initial=0))))
        out = num(b, s.outcome).astype(np.int64) if not pa.types.is_dictionary(b.column(s.outcome).type) \
            else b.column(s.outcome).indices.to_numpy(zero_copy_only=False).astype(np.int64)
        for code in s.outcome_labels:
            t.add(f"outcome {code}", out == code)
        # against trump length and the kitty
        bt = _bucket(d["banker_trumps"], s.trump_edges)
        for i in range(len(s.trump_edges) + 1):
            t.add(f"win trumps {i}", win[bt == i])
            t.add(f"share trumps {i}", bt == i)
        kb = _bucket(d["kitty_points"], KITTY_EDGES)
        for i in range(len(KITTY_EDGES) + 1):
            t.add(f"win kitty {i}", win[kb == i])
            t.add(f"P kitty {i}", p[kb == i])
        t.add("banker trumps", d["banker_trumps"])
        # kitty and 扣底
        kou = d["kou_di"].astype(bool)
        t.add("kou_di", kou)
        t.add("kitty points", d["kitty_points"])
        t.add("kitty dealt", d["kitty_points_dealt"])
        t.add("kitty bonus", d["kitty_bonus"])
        t.add("kitty bonus kou", d["kitty_bonus"][kou])
        t.add("win kou", win[kou])
        t.add("win no kou", win[~kou])
        # throws and play
        tries = seat_matrix(b, "throws", 4).astype(np.int64)
        failed = seat_matrix(b, "throws_failed", 4).astype(np.int64)
        t.add("throws", tries.sum(axis=1))
        self.throw_rate.add((tries - failed).sum(axis=1).astype(np.float64), tries.sum(axis=1))
        t.add("any failed", failed.sum(axis=1) > 0)
        t.add("penalty banker", d["penalty_banker"])
        t.add("penalty opp", d["penalty_opp"])
        for c in ("tricks_trumped", "tractors_led", "pairs_led", "n_tricks"):
            t.add(c, d[c])
        t.add("from kitty", d["trump_from_kitty"])
        t.add("redeal", d["redeals"] > 0)
        # money
        for i, r in enumerate(ROLES):
            sel = role == i
            self.roles[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for k in SEATS:
            t.add(f"money {k}", money[:, k])
        self.abs_money.add(np.abs(money).sum(axis=1), np.full(n, 4))
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        self.players.add(b, money)
        # play quality: decisions in the rows
        banker = d["banker"].astype(np.int64)
        seat = np.arange(4)[None, :]
        self.quality.decision("threw (甩牌)", tries > 0, money)
        self.quality.decision("a throw failed", failed > 0, money)
        shown = ~d["trump_from_kitty"].astype(bool)  # a trump found by turning the kitty is nobody's decision
        declarer = d["declarer"].astype(np.int64)
        declarer_role = np.take_along_axis(role, np.clip(declarer, 0, 3)[:, None], axis=1)
        self.quality.decision("declared the trump", (seat == declarer[:, None]) & shown[:, None], money,
                              yardstick=(role == declarer_role) & shown[:, None])
        for i, r in enumerate(ROLES):  # a role's own decisions are judged against what the role earns
            self.quality.decision(f"{r} threw (甩牌)", (role == i) & (tries > 0), money, yardstick=role == i)
            self.quality.decision(f"{r}: a throw failed", (role == i) & (failed > 0), money, yardstick=role == i)
        self.quality.decision("庄家 buried points", (seat == banker[:, None]) & (d["kitty_points"] > 0)[:, None],
                              money, yardstick=seat == banker[:, None])
        self.quality.event("庄家 buried points and the 闲 side won the last trick", kou & (d["kitty_points"] > 0))
        redeals = d["redeals"].astype(np.int64)  # a row holds `redeals` redealt deals, then its own
        self.quality.event("deal redealt (nobody declared), per deal",
                           np.concatenate([np.ones(int(redeals.sum()), bool), np.zeros(n, bool)]))
        self.quality.event("trump from the kitty (nobody declared), per hand", ~shown)
        self.quality.note("no bombs in the trick family: no unplayed bomb to count")
        if s.extension is not None and s.extension.quality is not None:
            s.extension.quality(self.quality, b, d, money)
        # deal check and invariants
        for c in s.seat_features:
            x = seat_matrix(b, c, 4).astype(np.int64)
            values = {f"E[{c}]": x}
            values.update({f"P({c} = {k})": x == k for k in s.dist.get(c, ())})
            for name, v in values.items():
                self.pooled.setdefault(name, ClusterMean()).add(v.sum(axis=1).astype(np.float64), np.full(n, 4))
                for k in SEATS:
                    t.add(f"{name}|{k}", v[:, k])
        won_pts = seat_matrix(b, "won_points", 4).astype(np.int64).sum(axis=1)
        t.add("points conserved", won_pts + d["kitty_points"] == s.total_points)
        if self.ext is not None:
            s.extension.fold(self.ext, b, d)


def play_report(run: Run, spec: PlayReportSpec, batch_size: int = BATCH_ROWS) -> Report:
    cols = list(dict.fromkeys(HAND_COLS + (spec.declarer,))) + [spec.win, spec.outcome] + [f"s{k}_{c}" for c in SEAT_COLS + spec.seat_features
                                                          for k in SEATS]
    if spec.extension:
        cols += [c for c in spec.extension.columns if c not in cols]
    cols += [c for c in PlayerMoney.columns(4) if c not in cols]
    cols = list(dict.fromkeys(cols))  # a seat feature may also be a shared seat column (trumps)
    acc = _Acc(run, spec)
    for b in run.iter_batches(cols, batch_size):
        acc.add(b)
    tm = acc.t.moments
    P = lambda name, key, **kw: from_moments(name, tm.get(key), True, **kw)  # noqa: E731
    E = lambda name, key, **kw: from_moments(name, tm.get(key), False, **kw)  # noqa: E731
    w = spec.win_text

    outcome = Section("The 闲 side's points P and the result", notes=[
        "P = points the 闲 side captured + the kitty bonus (扣底) + the 庄 side's failed-throw penalties - its own"])
    outcome.stats = [P(f"P({w})", "win"), E("E[P]", "P"), P("P(P <= 0)", "P <= 0")]
    outcome.stats += [P(f"P({lo} <= P <= {hi})" if hi is not None else f"P(P >= {lo})", f"P {lo}")
                      for lo, hi in spec.p_buckets]
    outcome.stats += [P(f"P({label})", f"outcome {code}") for code, label in spec.outcome_labels.items()]

    tl = _bucket_labels(spec.trump_edges)
    kl = _bucket_labels(KITTY_EDGES, 5)
    against = Section(f"{w} against 庄家's trumps and the kitty", notes=[
        "庄家's trumps after burying the kitty; the kitty's points as buried (at risk of 扣底)"])
    against.stats = [E("E[庄家's trumps after the bury]", "banker trumps")]
    against.stats += [P(f"P({w} | 庄家 trumps {lb})", f"win trumps {i}") for i, lb in enumerate(tl)]
    against.stats += [P(f"P(庄家 trumps {lb})", f"share trumps {i}") for i, lb in enumerate(tl)]
    against.stats += [P(f"P({w} | kitty points {lb})", f"win kitty {i}") for i, lb in enumerate(kl)]
    against.stats += [E(f"E[P | kitty points {lb}]", f"P kitty {i}") for i, lb in enumerate(kl)]

    kitty = Section("The kitty and 扣底", notes=["扣底: the 闲 side wins the last trick and takes the kitty's points "
                                               "times the multiplier"])
    kitty.stats = [P("P(扣底)", "kou_di"), E("E[kitty points dealt]", "kitty dealt"),
                   E("E[kitty points buried]", "kitty points"), E("E[kitty bonus to P]", "kitty bonus"),
                   E("E[kitty bonus | 扣底]", "kitty bonus kou"), P(f"P({w} | 扣底)", "win kou"),
                   P(f"P({w} | no 扣底)", "win no kou")]

    play = Section("Throws, penalties and play", notes=[
        "throw success rate: throws that stood over throws tried (n = throws, CI with the hand as the unit)"])
    play.stats = [E("E[throws tried per hand]", "throws"), acc.throw_rate.stat("throw success rate"),
                  P("P(a throw failed in the hand)", "any failed"),
                  E("E[penalty points on the 庄 side]", "penalty banker"),
                  E("E[penalty points on the 闲 side]", "penalty opp"),
                  E("E[side-suit leads won by a trump]", "tricks_trumped"), E("E[拖拉机 led]", "tractors_led"),
                  E("E[pairs led]", "pairs_led"), E("E[tricks]", "n_tricks"),
                  P("P(trump suit from the kitty)", "from kitty"), P("P(redealt)", "redeal")]

    money = Section("Money per hand (units of the stake)", notes=[
        "per role and |money|: pooled over seat-hands (n), CI with the hand as the unit; per seat: n = hands"])
    money.stats = [acc.roles[r].stat(f"E[money | {r}] {ROLE_LABELS[r]}") for r in ROLES]
    money.stats += [E("E[money]", f"money {k}", seat=k) for k in SEATS]
    money.stats.append(acc.abs_money.stat("E[|money|]"))

    sections = [outcome, against, kitty, play]
    if acc.ext is not None:
        sections += spec.extension.sections(acc.ext)
    sections.append(money)
    players = acc.players.section()
    if players is not None:
        sections.append(players)
    sections.append(acc.quality.section())

    exact = spec.exact(run)
    deals = Section("Deal check: the seats' holdings against exact values", notes=[
        "pooled over the seats (n = seat-hands, the hand as the unit), per seat with --seats; exact values only "
        "where the deal is not conditioned (no redeals that depend on the cards)"])
    for c in spec.seat_features:
        pmf = exact.get(c)
        mean, var = pmf_mean_var(pmf) if pmf else (None, None)
        deals.stats.append(pooled_stat(f"E[{c}]", acc.pooled[f"E[{c}]"], mean, False, var))
        deals.stats += [E(f"E[{c}]", f"E[{c}]|{k}", seat=k, exact=mean, exact_var=var) for k in SEATS]
        for k in spec.dist.get(c, ()):
            name = f"P({c} = {k})"
            pk = float(pmf.get(k, 0)) if pmf else None
            deals.stats.append(pooled_stat(name, acc.pooled[name], pk, True))
            deals.stats += [P(name, f"{name}|{s}", seat=s, exact=pk) for s in SEATS]
    sections.append(deals)
    inv = Section("Invariants (every hand)", notes=["a failed invariant is a bug in the engine or the scoring"])
    inv.stats = [invariant("max |Σ money| in a hand", acc.max_sum, acc.n),
                 P(f"P(points won in tricks + kitty = {spec.total_points})", "points conserved", exact=1)]
    sections.append(inv)

    opts = run.manifest.get("options") or {}
    summary = [f"{acc.n:,} hands · seed {run.manifest.get('seed')} · variant {run.manifest.get('variant')} · "
               f"players {opts.get('policies')} · rotate {bool(opts.get('rotate'))} · "
               f"duplicate {bool(opts.get('duplicate'))}"] + spec.summary(run)
    rep = Report(f"{spec.title} — {acc.n:,} hands", summary, sections, show_n=True)
    stats = [st for st in rep.stats() if st.seat is None]
    rep.headline = [next(st for st in stats if st.name.startswith(h)) for h in spec.headline
                    if any(st.name.startswith(h) for st in stats)]
    return rep
