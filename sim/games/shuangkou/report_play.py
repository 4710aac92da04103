"""The report of a 双扣 play run: outcomes, 相 and 翻倍, tribute, jokers, the partner draw, money,
players and a deal check.

One streamed pass folds every batch into sufficient statistics (memory is one batch): rates and
means over hands (``Moments``), means over player-hands by role, player, or jokers held
(``ClusterMean``, the hand as the unit). ``s{k}_*`` columns are by player (``s{k}_seat`` his seat
after the draw's swap). The dealt features of the rows are held against their exact values.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from analysis.columns import codes, num, seat_matrix
from analysis.estimators import ClusterMean, MomentsTable, Stat, from_moments, invariant
from analysis.players import PlayerMoney
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError
from sim.games.shuangkou import quality

N = 4
PLAYERS = range(N)
OUTCOMES = ("shuangkou", "dankou", "pingkou")
OUTCOME_ZH = ("双扣", "单扣", "平扣")
ROLES = ("leader", "partner", "opponent")
LEVELS = (5, 6, 7, 8, 9, 10)

OUTCOME = "Outcomes (§6), the first lead and the partner draw (§1, SK-2)"
XIANG = "相 and 翻倍 (§4, §7.2, SK-7)"
TRIBUTE = "贡献 tribute (§7.3, SK-8)"
JOKERS = "Wild jokers (百变, §2)"
MONEY = "Money per hand, in units of the base B"
DEALS = "Deal check: the dealt hands of the rows against exact values"
INVARIANTS = "Invariants (every hand)"
HEADLINE = ("P(双扣)", "P(单扣)", "P(平扣)", "P(F > 1)", "E[F]", "P(tribute paid)", "P(the leader's team wins)",
            "E[money | leader]")

SEAT_COLS = ("seat", "finish", "money", "role", "policy", "won", "level", "tribute", "bombs", "max_xiang",
             "tianwang", "sanwang", "lianzha", "wild_used", "jokers_self", "dealt_jokers", "dealt_max_bomb")
HAND_COLS = ("game_index", "deal_index", "leader", "swapped", "outcome", "win_team", "side_level", "multiplier",
             "n_tricks", "n_turns", "n_jiefeng")


class _Acc:
    def __init__(self, run: Run):
        self.t = MomentsTable()
        self.roles = {r: ClusterMean() for r in ROLES}
        self.players_money = {k: ClusterMean() for k in PLAYERS}
        self.by_jokers = {j: (ClusterMean(), ClusterMean()) for j in range(5)}
        self.levels = {x: ClusterMean() for x in LEVELS}
        self.deal: dict[str, ClusterMean] = {}
        self.players = PlayerMoney(run, N)
        self.max_sum = 0.0
        self.n = 0

    def pooled(self, store, name, value, n_rows):
        store.setdefault(name, ClusterMean()).add(value.sum(axis=1).astype(np.float64), np.full(n_rows, N))

    def add(self, b: pa.RecordBatch) -> None:
        t, n = self.t, b.num_rows
        self.n += n
        outcome = codes(b.column("outcome"), OUTCOMES)
        for i, zh in enumerate(OUTCOME_ZH):
            t.add(f"P({zh})", outcome == i)
        leader = num(b, "leader").astype(np.int64)
        win_team = num(b, "win_team").astype(np.int64)
        leader_wins = win_team == leader % 2  # the leader never moves: his seat is his player index
        swapped = num(b, "swapped").astype(bool)
        t.add("P(the leader's team wins)", leader_wins)
        t.add("P(the draw swaps seats)", swapped)
        t.add("P(the leader's team wins | swap)", leader_wins[swapped])
        t.add("P(the leader's team wins | no swap)", leader_wins[~swapped])
        t.add("E[tricks]", num(b, "n_tricks"))
        t.add("E[turns]", num(b, "n_turns"))
        t.add("P(接风 ≥ 1)", num(b, "n_jiefeng") > 0)

        level = num(b, "side_level").astype(np.int64)
        f = num(b, "multiplier").astype(np.float64)
        t.add("P(F > 1)", f > 1)
        t.add("E[F]", f)
        for x in (2, 4, 8, 16):
            t.add(f"P(F ≥ {x})", f >= x)
        for x in LEVELS:
            t.add(f"P(winning side's level = {x}相)" if x < 10 else "P(winning side's level ≥ 10相)",
                  level == x if x < 10 else level >= x)
        max_x = seat_matrix(b, "max_xiang", N).astype(np.int64)
        for x in LEVELS:
            self.levels[x].add((max_x >= x).sum(axis=1).astype(np.float64), np.full(n, N))
        bombs = seat_matrix(b, "bombs", N).astype(np.int64)
        t.add("E[bomb-class plays per hand]", bombs.sum(axis=1))
        for name in ("sanwang", "tianwang", "lianzha"):
            t.add(f"P({name} played)", seat_matrix(b, name, N).sum(axis=1) > 0)

        tribute = seat_matrix(b, "tribute", N).astype(np.float64)
        plevel = seat_matrix(b, "level", N).astype(np.int64)
        t.add("P(tribute paid)", (plevel >= 6).any(axis=1))
        t.add("E[players receiving tribute]", (plevel >= 6).sum(axis=1))
        t.add("E[tribute moved per hand]", np.abs(tribute).sum(axis=1) / 2)

        wild = seat_matrix(b, "wild_used", N).sum(axis=1)
        self_ = seat_matrix(b, "jokers_self", N).sum(axis=1)
        t.add("E[jokers played as wild]", wild)
        t.add("E[jokers played as themselves]", self_)
        money = seat_matrix(b, "money", N).astype(np.float64)
        won = seat_matrix(b, "won", N).astype(np.float64)
        jokers = seat_matrix(b, "dealt_jokers", N).astype(np.int64)
        for j, (m_money, m_won) in self.by_jokers.items():
            sel = jokers == j
            m_money.add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
            m_won.add(np.where(sel, won, 0.0).sum(axis=1), sel.sum(axis=1))

        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in PLAYERS], axis=1)
        for i, r in enumerate(ROLES):
            sel = role == i
            self.roles[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for k in PLAYERS:
            self.players_money[k].add(money[:, k], np.ones(n, np.int64))
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        self.players.add(b, money)

        self.pooled(self.deal, "E[jokers]", jokers, n)
        self.pooled(self.deal, "P(三王 held: jokers ≥ 3)", jokers >= 3, n)
        big = seat_matrix(b, "dealt_max_bomb", N).astype(np.int64)
        for k in (5, 6, 7, 8):
            self.pooled(self.deal, f"P(bomb ≥ {k}相)", big >= k, n)
        t.add("P(Σ dealt jokers = 4)", jokers.sum(axis=1) == 4)


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from sim.games.shuangkou.exact import census_exact, census_pmfs
    from analysis.exact import pmf_mean, pmf_var

    acc = _Acc(run)
    cols = [*HAND_COLS] + [f"s{k}_{c}" for c in SEAT_COLS for k in PLAYERS]
    missing = [c for c in cols if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks 双扣 play column(s): {', '.join(missing[:5])}")
    for b in run.iter_batches(cols, batch_size):
        acc.add(b)
    if acc.n == 0:
        raise RunError(f"run {run.path} has no rows")
    t = acc.t
    p = lambda name: from_moments(name, t.moments.get(name), True)  # noqa: E731
    e = lambda name: from_moments(name, t.moments.get(name), False)  # noqa: E731
    outcome = Section(OUTCOME, [p("P(双扣)"), p("P(单扣)"), p("P(平扣)"), p("P(the leader's team wins)"),
                                p("P(the draw swaps seats)"), p("P(the leader's team wins | swap)"),
                                p("P(the leader's team wins | no swap)"), e("E[tricks]"), e("E[turns]"),
                                p("P(接风 ≥ 1)")],
                      notes=["the leader holds the announced card; swap: his partner was not opposite him and "
                             "moved (the effect of the draw)"])
    level_names = [f"P(winning side's level = {x}相)" for x in LEVELS[:-1]] + ["P(winning side's level ≥ 10相)"]
    xiang = Section(XIANG, [p("P(F > 1)"), e("E[F]")] + [p(f"P(F ≥ {x})") for x in (2, 4, 8, 16)]
                    + [p(name) for name in level_names]
                    + [acc.levels[x].stat(f"P(a player's largest 相 played ≥ {x})") for x in LEVELS]
                    + [e("E[bomb-class plays per hand]"), p("P(sanwang played)"), p("P(tianwang played)"),
                       p("P(lianzha played)")],
                    notes=["F = 2^(L-4) from the winning side's level L (0 under 5相: F = 1); a player's largest 相 "
                           "pooled over players (天王 apart)"])
    tribute = Section(TRIBUTE, [p("P(tribute paid)"), e("E[players receiving tribute]"),
                                e("E[tribute moved per hand]")],
                      notes=["a player of level ≥ 6相 receives from each of the three others, win or lose"])
    jokers = Section(JOKERS, [e("E[jokers played as wild]"), e("E[jokers played as themselves]")]
                     + [acc.by_jokers[j][1].stat(f"P(win | {j} jokers dealt)") for j in range(5)]
                     + [acc.by_jokers[j][0].stat(f"E[money | {j} jokers dealt]") for j in range(5)],
                     notes=["the value of holding jokers: pooled over the players dealt j jokers (hand as the unit)"])
    money = Section(MONEY, [acc.roles[r].stat(f"E[money | {r}]") for r in ROLES]
                    + [acc.players_money[k].stat("E[money | player]", seat=k) for k in PLAYERS],
                    notes=["roles: the holder of the announced card (leads), his partner, the other team; "
                           "per-player rows with --seats"])
    wild = (run.ruleset or {}).get("wild_jokers", "both")
    exact = census_exact(wild)
    pm = census_pmfs(wild)["jokers"]
    deal_exact = {"E[jokers]": (pmf_mean(pm), pmf_var(pm)),
                  "P(三王 held: jokers ≥ 3)": (exact["P(三王 held)"], None),
                  **{f"P(bomb ≥ {k}相)": (exact[f"P(bomb ≥ {k}相)"], None) for k in (5, 6, 7, 8)}}
    deals = Section(DEALS, [acc.deal[name].stat(name).against(v, var is None, var)
                            for name, (v, var) in deal_exact.items()],
                    notes=["pooled over the players of every hand (each hand is a fresh uniform deal)"])
    inv = Section(INVARIANTS, [invariant("max |Σ money| over the players", acc.max_sum, acc.n),
                               Stat.from_moments("P(Σ dealt jokers = 4)", t["P(Σ dealt jokers = 4)"], 1, None, True)])
    sections = [outcome, xiang, tribute, jokers, money]
    players = acc.players.section()
    if players is not None:
        sections.append(players)
    sections += [quality.section(run, batch_size), deals, inv]
    stats = {s.name: s for sec in sections for s in sec.stats if s.seat is None}
    m = run.manifest
    summary = [f"run: {run.path}",
               f"variant {m.get('variant')} · seed {m.get('seed')} · policies {', '.join(m['options']['policies'])}"
               f"{' (rotating)' if m['options'].get('rotate') else ''}",
               "s{k} columns are by player: player k was dealt seat k's hand; s{k}_seat is where the draw sat him"]
    return Report(f"双扣 play — {acc.n:,} hands", summary, sections, headline=[stats[h] for h in HEADLINE])
