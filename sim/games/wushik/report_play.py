"""The report of a 五十K play run: hand outcomes, points, bombs, matches, money, players, deals.

Rows are hands. One streamed pass folds every batch into sufficient statistics (memory is one
batch): rates and means over hands (``Moments``), means over seat-hands by role or seat
(``ClusterMean``, the hand as the unit), and the match statistics from the row that ends each
match (``match_over``: it carries the match's facts). Money is a seat's team hand score minus
the other team's (points, zero-sum). Every played hand is a fresh uniform deal, so the dealt
features of the rows are held against their exact values (deal check).
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from analysis.columns import codes, num, seat_matrix
from analysis.estimators import ClusterMean, MomentsTable, Stat, from_moments, invariant
from analysis.players import PlayerMoney
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError
from sim.games.wushik import quality

N_SEATS = 4
SEATS = range(N_SEATS)
PATTERNS = ("shuangzhua", "danzhua", "bao", "eight")
PATTERN_LABEL = {"shuangzhua": "双抓", "danzhua": "单抓", "bao": "保"}
ROLES = ("leader", "leader_partner", "opponent")
WINNERS = ("team0", "team1", "draw")

OUTCOMES = "Hands: finishing patterns, points and the first lead (§9, §10)"
BOMBS = "Bombs and 510K played (§7, §10.2)"
MATCHES = "Matches to target_score (§10.3): one per game index, from the hand that ends it"
MONEY = "Money per hand (a seat's team hand score minus the other team's, points)"
DEALS = "Deal check: the dealt hands of the rows against exact values"
INVARIANTS = "Invariants (every hand)"
HEADLINE = ("P(双抓)", "P(单抓)", "P(保)", "E[void points]", "E[bonus-earning bombs]", "P(一游 from the leader's team)",
            "E[hands per match]", "P(the first leader's team wins the match)")

SEAT_COLS = ("finish", "money", "role", "policy", "zheng_played", "fu_played", "dealt_points", "dealt_max_bomb",
             "dealt_zheng", *[f"bombs{k}" for k in range(4, 9)], *[f"bonus{k}" for k in range(5, 9)])
HAND_COLS = ("game_index", "deal_index", "hand_no", "leader", "pattern", "first_team", "void_points",
             "terminal_points", "eight_applied", "fk_beaten", "n_tricks", "n_turns", "n_jiefeng", "team0_score",
             "team1_score", "team0_total", "team1_total", "match_over", "match_hands", "match_winner",
             "match_eight_win", "first_leader")


def player_batch(b: pa.RecordBatch) -> pa.RecordBatch:
    """The batch as ``PlayerMoney`` pairs it: with matches, the hands of a duplicated deal are
    paired by (deal, hand number) — hand h of each rotation's match is the same deal."""
    key = num(b, "deal_index").astype(np.int64) * 512 + num(b, "hand_no").astype(np.int64)
    i = b.schema.get_field_index("deal_index")
    return b.set_column(i, "deal_index", pa.array(key))


class _Acc:
    def __init__(self, run: Run):
        self.t = MomentsTable()
        self.roles = {r: ClusterMean() for r in ROLES}
        self.seats = {k: ClusterMean() for k in SEATS}
        self.deal = {}
        self.players = PlayerMoney(run, N_SEATS)
        self.over_bombed = ClusterMean()
        self.fk_beaten = ClusterMean()
        self.max_sum = 0.0
        self.n = 0

    def add(self, b: pa.RecordBatch) -> None:
        t = self.t
        self.n += b.num_rows
        pattern = codes(b.column("pattern"), PATTERNS)
        played = pattern != 3
        for i, p in enumerate(("双抓", "单抓", "保")):
            t.add(f"P({p})", pattern[played] == i)
        t.add("P(hand decided by an 8 of a kind dealt, W-7)", ~played)
        void = num(b, "void_points").astype(np.int64)
        t.add("E[void points]", void[played])
        t.add("P(void points > 0)", void[played] > 0)
        t.add("E[points on the table at the 终止牌]", num(b, "terminal_points")[played])
        leader = num(b, "leader").astype(np.int64)
        first_team = num(b, "first_team").astype(np.int64)
        t.add("P(一游 from the leader's team)", (first_team == leader % 2)[played])
        score = np.stack([num(b, "team0_score"), num(b, "team1_score")], axis=1).astype(np.int64)
        rows = np.arange(b.num_rows)
        t.add("E[hand score of 一游's team]", score[rows, first_team][played])
        t.add("E[hand score of the other team]", score[rows, 1 - first_team][played])
        t.add("E[tricks]", num(b, "n_tricks")[played])
        t.add("E[turns]", num(b, "n_turns")[played])
        t.add("P(接风 ≥ 1)", num(b, "n_jiefeng")[played] > 0)

        bombs = {k: seat_matrix(b, f"bombs{k}", N_SEATS).astype(np.int64) for k in range(4, 9)}
        bonus = {k: seat_matrix(b, f"bonus{k}", N_SEATS).astype(np.int64) for k in range(5, 9)}
        for k in range(4, 9):
            t.add(f"E[{k}-card bombs played]", bombs[k].sum(axis=1)[played])
        big = sum(bombs[k] for k in range(5, 9)).sum(axis=1)[played]
        earned = sum(bonus.values()).sum(axis=1)[played]
        t.add("E[≥5-card bombs played]", big)
        t.add("E[bonus-earning bombs]", earned)
        self.over_bombed.add((big - earned).astype(np.float64), big)
        zheng = seat_matrix(b, "zheng_played", N_SEATS).sum(axis=1)[played]
        fu = seat_matrix(b, "fu_played", N_SEATS).sum(axis=1)[played]
        t.add("E[正510K played]", zheng)
        t.add("E[副510K played]", fu)
        self.fk_beaten.add(num(b, "fk_beaten")[played].astype(np.float64), (zheng + fu).astype(np.int64))

        over = num(b, "match_over").astype(bool)
        winner = codes(b.column("match_winner"), WINNERS)[over]
        first = num(b, "first_leader").astype(np.int64)[over]
        t.add("E[hands per match]", num(b, "match_hands")[over])
        t.add("P(the first leader's team wins the match)", winner == first % 2)
        t.add("P(team {0,2} wins the match)", winner == 0)
        t.add("P(draw)", winner == 2)
        t.add("P(match won by an 8 of a kind, W-7 win_match)", num(b, "match_eight_win")[over])
        totals = np.stack([num(b, "team0_total"), num(b, "team1_total")], axis=1).astype(np.int64)[over]
        t.add("E[winner's final total]", totals.max(axis=1))
        t.add("E[loser's final total]", totals.min(axis=1))

        money = seat_matrix(b, "money", N_SEATS).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in SEATS], axis=1)
        for i, r in enumerate(ROLES):
            sel = role == i
            self.roles[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for k in SEATS:
            self.seats[k].add(money[:, k], np.ones(b.num_rows, np.int64))
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        self.players.add(player_batch(b), money)

        dealt = {f: seat_matrix(b, f"dealt_{f}", N_SEATS).astype(np.int64) for f in ("points", "max_bomb", "zheng")}
        t.add("P(Σ dealt points = 200)", dealt["points"].sum(axis=1) == 200)
        t.add("E[points dealt to seat 0]", dealt["points"][:, 0])
        for name, value in (("P(正510K)", dealt["zheng"] >= 1),
                            *[(f"P(bomb ≥ {k})", dealt["max_bomb"] >= k) for k in (5, 7, 8)]):
            self.deal.setdefault(name, ClusterMean()).add(value.sum(axis=1).astype(np.float64),
                                                          np.full(b.num_rows, N_SEATS))


def _stat(t: MomentsTable, name: str, proportion: bool) -> Stat:
    return from_moments(name, t.moments.get(name), proportion)


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from sim.games.wushik.exact import census_exact, feature_mean_var

    acc = _Acc(run)
    cols = [*HAND_COLS] + [f"s{k}_{c}" for c in SEAT_COLS for k in SEATS]
    missing = [c for c in cols if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks 五十K play column(s): {', '.join(missing[:5])}")
    for b in run.iter_batches(cols, batch_size):
        acc.add(b)
    if acc.n == 0:
        raise RunError(f"run {run.path} has no rows")
    t = acc.t
    p = lambda name: _stat(t, name, True)  # noqa: E731
    e = lambda name: _stat(t, name, False)  # noqa: E731
    outcomes = Section(OUTCOMES, [p("P(双抓)"), p("P(单抓)"), p("P(保)"),
                                  p("P(hand decided by an 8 of a kind dealt, W-7)"), e("E[void points]"),
                                  p("P(void points > 0)"), e("E[points on the table at the 终止牌]"),
                                  p("P(一游 from the leader's team)"), e("E[hand score of 一游's team]"),
                                  e("E[hand score of the other team]"), e("E[tricks]"), e("E[turns]"),
                                  p("P(接风 ≥ 1)")],
                       notes=["rates of the hands played (an 8-of-a-kind hand W-7 decides is not played)"])
    bombs = Section(BOMBS, [e(f"E[{k}-card bombs played]") for k in range(4, 9)]
                    + [e("E[≥5-card bombs played]"), e("E[bonus-earning bombs]"),
                       acc.over_bombed.stat("P(a ≥5-card bomb is over-bombed by the other team)"),
                       e("E[正510K played]"), e("E[副510K played]"), acc.fk_beaten.stat("P(a 510K is beaten)")],
                    notes=["per hand played; a bomb's bonus is lost when a player of the other team bombs later in "
                           "the same trick (W-6)"])
    matches = Section(MATCHES, [e("E[hands per match]"), p("P(the first leader's team wins the match)"),
                                p("P(team {0,2} wins the match)"), p("P(draw)"),
                                p("P(match won by an 8 of a kind, W-7 win_match)"), e("E[winner's final total]"),
                                e("E[loser's final total]")],
                      notes=["matches end where they ended in play (under the run's own scoring); after "
                             "`paiju rescore` the totals and the winner are recomputed from the rescored hands "
                             "of each match"])
    money = Section(MONEY, [acc.roles[r].stat(f"E[money | {r}]") for r in ROLES]
                    + [acc.seats[k].stat("E[money | seat]", seat=k) for k in SEATS],
                    notes=["roles: the hand's first leader, his partner, the other team (first-lead advantage); "
                           "per-seat rows with --seats"])
    exact = census_exact()
    deal_exact = {"P(正510K)": (exact["P(正510K)"], None),
                  **{f"P(bomb ≥ {k})": (exact[f"P(bomb ≥ {k})"], None) for k in (5, 7, 8)}}
    mean, var = feature_mean_var("points")
    deals = Section(DEALS, [acc.deal[name].stat(name).against(v, var is None, var)
                            for name, (v, var) in deal_exact.items()]
                    + [e("E[points dealt to seat 0]").against(mean, False, var)],
                    notes=["pooled over the seats of every hand row (a match's hands are fresh uniform deals)"])
    inv = Section(INVARIANTS, [invariant("max |Σ money| over the seats", acc.max_sum, acc.n),
                               Stat.from_moments("P(Σ dealt points = 200)", t["P(Σ dealt points = 200)"], 1, None,
                                                 True)])
    sections = [outcomes, bombs, matches, money]
    players = acc.players.section()
    if players is not None:
        sections.append(players)
    sections += [quality.section(run, batch_size), deals, inv]
    stats = {s.name: s for sec in sections for s in sec.stats}
    m = run.manifest
    n_matches = t["E[hands per match]"].n
    matches_on = (m.get("ruleset") or {}).get("matches", True)
    summary = [f"run: {run.path}",
               f"variant {m.get('variant')} · seed {m.get('seed')} · policies {', '.join(m['options']['policies'])}"
               f"{' (rotating)' if m['options'].get('rotate') else ''}",
               f"rows are hands: {acc.n:,} hands in {n_matches:,} "
               + ("matches (a game index is a match; match facts repeat on its hands)" if matches_on
                  else "single hands (matches = false)")]
    return Report(f"五十K play — {acc.n:,} hands", summary, sections, headline=[stats[h] for h in HEADLINE])
