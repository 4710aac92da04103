"""The report of a 关牌 play run (rules/guanpai.md §9): first-lead advantage, cards left and
payments, 全关, bombs and their effect on winning, game length, players, sessions, and the deals
held against exact values.

One streamed pass folds each batch into ``Moments`` (rates and means over hands) and
``ClusterMean`` (per-seat quantities pooled over both seats, the hand as the unit); memory is
one batch whatever the run size.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.estimators import ClusterMean, Moments, Stat, from_moments, invariant
from analysis.players import PlayerMoney
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError
from sim.games.guanpai import quality

N_SEATS = 2
SEATS = range(N_SEATS)
LEFT_BUCKETS = ((1, 1), (2, 3), (4, 6), (7, 10), (11, 15), (16, 17))
HEADLINE = ("P(first leader wins)", "P(♠3 holder wins)", "P(全关)", "E[cards left | loser]", "E[payment]",
            "E[tricks]")
OUTCOMES = "Outcomes: the first-lead advantage and game length (§2, §5, §9)"
PAYMENTS = "Cards left and payments, units of B (§6)"
BOMBS = "Bombs and their effect on winning (§3, §7)"
DEALS = "Deal check: what the played deals gave, against exact values"
SESSIONS = "Sessions (--hands-per-session)"
INVARIANTS = "Invariants (every hand)"
POOLED = "pooled over both seats (95% CI with the hand as the unit); per-seat rows with --seats"

HAND_COLS = ["game_index", "session", "winner", "first_leader", "lead_card", "quanguan", "n_tricks", "n_turns",
             "payment"]
SEAT_COLS = ["cards_left", "plays", "bombs_played", "three_bombs_played", "bombs_dealt", "three_bomb_dealt",
             "bombs_left", "twos_dealt", "money"]


def _rules(run: Run):
    from sim.registry import load_game, rules_from_manifest

    return rules_from_manifest(load_game(run.game), run.ruleset)


class _Fold:
    """The run's sufficient statistics, batch by batch."""

    def __init__(self, run: Run):
        self.m: dict[str, Moments] = defaultdict(Moments)
        self.c: dict[str, ClusterMean] = defaultdict(ClusterMean)
        self.seat: dict[tuple[str, int], Moments] = defaultdict(Moments)
        self.players = PlayerMoney(run, N_SEATS)
        self.hps = int((run.manifest.get("options") or {}).get("hands_per_session") or 1)
        self.pending: dict[int, np.ndarray] = {}  # session -> money so far (sessions split across batches)
        self.n = 0
        self.max_sum = 0.0  # largest |Σ money| of a hand (0: zero-sum)

    def pooled(self, name: str, y: np.ndarray, sel: np.ndarray | None = None) -> None:
        """Add a per-seat quantity (n, 2) pooled over the seats ``sel`` selects (all by default)."""
        sel = np.ones_like(y, dtype=bool) if sel is None else sel
        self.c[name].add(np.where(sel, y, 0).sum(axis=1).astype(np.float64), sel.sum(axis=1))
        for k in SEATS:
            self.seat[(name, k)].add(y[sel[:, k], k])

    def add(self, b) -> None:
        self.players.add(b)
        d = {c: num(b, c) for c in HAND_COLS}
        s = {c: seat_matrix(b, c, N_SEATS).astype(np.float64) for c in SEAT_COLS}
        n = len(d["winner"])
        self.n += n
        idx = np.arange(n)
        winner = d["winner"].astype(np.int64)
        loser = 1 - winner
        first = d["first_leader"].astype(np.int64)
        m = self.m
        m["first_wins"].add(winner == first)
        spade3 = d["lead_card"] == 0
        m["spade3_wins"].add((winner == first)[spade3])
        m["other_card_wins"].add((winner == first)[d["lead_card"] > 0])
        m["tricks"].add(d["n_tricks"])
        m["turns"].add(d["n_turns"])
        m["winner_plays"].add(s["plays"][idx, winner])
        m["quanguan"].add(d["quanguan"])
        left = s["cards_left"][idx, loser]
        m["left"].add(left)
        for lo, hi in LEFT_BUCKETS:
            m[f"left_{lo}"].add((left >= lo) & (left <= hi))
        m["payment"].add(d["payment"])
        m["payment_10"].add(d["payment"] >= 10)
        bombs = s["bombs_played"].sum(axis=1)
        m["bombs"].add(bombs)
        m["any_bomb"].add(bombs > 0)
        m["three_bombs"].add(s["three_bombs_played"].sum(axis=1))
        m["loser_bombs_left"].add(s["bombs_left"][idx, loser])
        won = np.arange(N_SEATS)[None, :] == winner[:, None]
        dealt = s["bombs_dealt"] + s["three_bomb_dealt"]
        self.pooled("win | dealt a bomb", won, dealt > 0)
        self.pooled("win | dealt no bomb", won, dealt == 0)
        self.pooled("win | played a bomb", won, s["bombs_played"] > 0)
        self.pooled("win | played no bomb", won, s["bombs_played"] == 0)
        self.pooled("E[bombs dealt]", s["bombs_dealt"])
        self.pooled("P(dealt a bomb)", (s["bombs_dealt"] > 0).astype(np.float64))
        self.pooled("P(dealt the 3-card bomb)", s["three_bomb_dealt"])
        self.pooled("E[2s dealt]", s["twos_dealt"])
        money = s["money"]
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        m["winner_out"].add(s["cards_left"][idx, winner] == 0)
        if self.hps > 1:
            self._sessions(d["session"].astype(np.int64), money, first, d["game_index"].astype(np.int64))

    def _sessions(self, session, money, first, game) -> None:
        for sess in np.unique(session):
            sel = session == sess
            acc = self.pending.get(int(sess), np.zeros(N_SEATS + 1))
            acc[:N_SEATS] += money[sel].sum(axis=0)
            acc[N_SEATS] += sel.sum()
            self.pending[int(sess)] = acc
            if acc[N_SEATS] == self.hps:
                net = self.pending.pop(int(sess))[:N_SEATS]
                self.m["session_abs"].add(np.abs(net[:1]))
                self.m["session_seat0_ahead"].add(np.array([net[0] > 0]))


def _exact(rules) -> dict[str, float]:
    from sim.games.guanpai import exact as E

    bombs = E.bombs_pmf(rules)
    return {"E[bombs dealt]": float(sum(k * p for k, p in bombs.items())),
            "P(dealt a bomb)": float(1 - bombs.get(0, 0)),
            "P(dealt the 3-card bomb)": float(E.prob_three_bomb(rules)),
            "E[2s dealt]": float(sum(k * p for k, p in E.twos_pmf(rules).items()))}


def play_report(run: Run, batch_size: int = BATCH_ROWS, **_) -> Report:
    f = _Fold(run)
    cols = HAND_COLS + [f"s{k}_{c}" for c in SEAT_COLS for k in SEATS]
    for b in run.iter_batches(cols + [c for c in PlayerMoney.columns(N_SEATS) if c not in cols], batch_size):
        f.add(b)
    if not f.n:
        raise RunError(f"run {run.path} has no rows")
    rules = _rules(run)
    m = f.m
    P = lambda name, key, **kw: from_moments(name, m.get(key), True, **kw)  # noqa: E731
    M = lambda name, key, **kw: from_moments(name, m.get(key), False, **kw)  # noqa: E731

    def pooled(name: str, label: str, proportion: bool, exact=None) -> list[Stat]:
        out = [f.c[name].stat(label).against(exact)]
        return out + [from_moments(label, f.seat[(name, k)], proportion, seat=k, exact=exact) for k in SEATS]

    outcomes = Section(OUTCOMES, notes=["the first leader holds ♠3, else ♠4, … (GP-2); P(♠3 holder wins) counts "
                                        "the deals where ♠3 was dealt"])
    outcomes.stats = [P("P(first leader wins)", "first_wins"), P("P(♠3 holder wins)", "spade3_wins"),
                      P("P(first leader wins | ♠3 unused)", "other_card_wins"), M("E[tricks]", "tricks"),
                      M("E[turns]", "turns"), M("E[plays by the winner]", "winner_plays")]
    pay = Section(PAYMENTS, notes=["the loser pays cards left × B, ×2 when he never played (全关, GP-8)"])
    pay.stats = [M("E[cards left | loser]", "left"), P("P(全关)", "quanguan"), M("E[payment]", "payment"),
                 P("P(payment ≥ 10 B)", "payment_10")]
    pay.stats += [P(f"P(loser holds {lo}–{hi})" if lo != hi else f"P(loser holds {lo})", f"left_{lo}")
                  for lo, hi in LEFT_BUCKETS]
    bombs = Section(BOMBS, notes=["P(win | …): " + POOLED, "a bomb dealt counts the 3-card bomb (3Q / 3A)"])
    bombs.stats = [M("E[bombs played per hand]", "bombs"), P("P(some bomb played)", "any_bomb"),
                   M("E[3-card bombs played per hand]", "three_bombs"),
                   M("E[bombs left in the loser's hand]", "loser_bombs_left")]
    for key in ("win | dealt a bomb", "win | dealt no bomb", "win | played a bomb", "win | played no bomb"):
        bombs.stats += pooled(key, f"P({key})", True)
    exact = _exact(rules)
    deals = Section(DEALS, notes=[POOLED])
    for key in ("E[bombs dealt]", "P(dealt a bomb)", "P(dealt the 3-card bomb)", "E[2s dealt]"):
        deals.stats += pooled(key, key, key.startswith("P("), exact[key])
    sections = [outcomes, pay, bombs]
    players = f.players.section()
    if players is not None:
        sections.append(players)
    if f.hps > 1:
        sections.append(Section(SESSIONS, [M("E[|net money of seat 0| per session]", "session_abs"),
                                           P("P(seat 0 ahead after a session)", "session_seat0_ahead")],
                                [f"{f.hps} deals per session; next_lead = {rules.next_lead}"]))
    inv = Section(INVARIANTS, [invariant("max |Σ money| of a hand", f.max_sum, f.n),
                               P("winner holds no card", "winner_out", exact=1.0)])
    sections += [quality.section(run, batch_size), deals, inv]
    rep = Report(f"关牌 play run: {f.n:,} hands", show_n=True, sections=sections)
    opts = run.manifest.get("options") or {}
    rep.summary = [f"variant {run.manifest.get('variant')}, seed {run.manifest.get('seed')}, policies "
                   f"{opts.get('policies')}" + (", rotated" if opts.get("rotate") else "")
                   + (", duplicate deals" if opts.get("duplicate") else "")]
    stats = {s.name: s for s in rep.stats() if s.seat is None}
    rep.headline = [stats[name] for name in HEADLINE if name in stats]
    return rep
