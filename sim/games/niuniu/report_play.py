"""Play reports of 牛牛 runs, every estimate beside its exact value (``sim.games.niuniu.exact``).

One streamed pass folds each record batch into small accumulators; memory is one batch whatever
the run size. The comparison statistics pool the 闲家 seats (each faces 庄家 alone, and the exact
values are those of one 庄家/闲家 pair).

The headline (庄家's edge per unit bet, P(牛牛), P(没牛), P(闲家 wins), P(the Q rule decides), the
balancing 牛牛 multiplier), hand categories (``sim.games.niuniu.report_census``), 庄家 against each
闲家, money (edge, 庄家's net per deal and its distribution — exact for one 闲家), the category
whose multiplier was paid, the balancing multipliers (``sim.games.niuniu.balancing``), money by
role and seat, and the zero-sum invariant.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.estimators import ClusterMean, Moments, Stat, invariant
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from kernels.niuniu.layout import CATEGORY_NAMES
from sim.games.niuniu import quality
from sim.games.niuniu.report_census import Categories, categories, rules_of, run_summary

VERSUS = "庄家 against each 闲家 (spec §4), per 闲家-deal"
MONEY = "Money (spec §5), in chips (bets × multipliers)"
PAID = "Multiplier paid: the category whose multiplier moved the money (N-4), per 闲家-deal"
ROLES = "Money per deal by role and seat"
CHECKS = "Invariants (every deal)"


class Play:
    """The accumulators of a play report."""

    def __init__(self, rules):
        from sim.games.niuniu.balancing import Balancing
        from sim.games.niuniu.rules import bet_table

        self.rules = rules
        n = self.n_seats = rules.players
        self.bets = bet_table(rules)[:n].astype(np.int64)
        self.cats = Categories(n)
        self.versus = {k: ClusterMean() for k in ("wins", "tie", "advantage", "q_rule")}
        self.paid = [ClusterMean() for _ in range(11)]
        self.edge = ClusterMean()
        self.net = Moments()
        self.net_values: Counter = Counter()
        self.role = {r: ClusterMean() for r in ("banker", "player")}
        self.seat = [Moments() for _ in range(n)]
        self.balancing = Balancing(rules)
        self.max_sum = 0.0

    def add(self, b) -> None:
        from sim.games.niuniu.rules import ADVANTAGE_LIMIT
        from sim.games.niuniu.scoring import STRENGTH

        n = self.n_seats
        banker = num(b, "banker").astype(np.int64)
        rows = len(banker)
        is_banker = np.arange(n)[None, :] == banker[:, None]
        player = ~is_banker
        players = np.full(rows, n - 1)
        self.cats.add(categories(b, n))
        top = seat_matrix(b, "top", n).astype(np.int64)
        tie = seat_matrix(b, "tie", n).astype(bool)
        wins = seat_matrix(b, "wins", n).astype(bool)
        low = STRENGTH[top] < ADVANTAGE_LIMIT
        q_rule = tie & low & low[np.arange(rows), banker][:, None]
        for key, v in (("wins", wins), ("tie", tie), ("advantage", seat_matrix(b, "advantage", n)),
                       ("q_rule", q_rule)):
            self.versus[key].add((np.asarray(v, bool) & player).sum(axis=1), players)
        paid = seat_matrix(b, "paid", n).astype(np.int64)
        for c in range(11):
            self.paid[c].add((paid == c).sum(axis=1), players)
        net = num(b, "banker_net").astype(np.float64)
        self.edge.add(net, (self.bets[None, :] * player).sum(axis=1))
        self.net.add(net)
        self.net_values.update(np.round(net, 9).tolist())
        money = seat_matrix(b, "money", n).astype(np.float64)
        for role, sel in (("banker", is_banker), ("player", player)):
            self.role[role].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for k in range(n):
            self.seat[k].add(money[:, k])
        self.balancing.add(banker, paid, wins, net)
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    from sim.games.niuniu.balancing import NOTE, SECTION
    from sim.games.niuniu.scoring import ROLE_LABELS

    rules = rules_of(run)
    n = rules.players
    acc = Play(rules)
    cols = (["banker", "banker_net"]
            + [f"s{k}_{f}" for f in ("category", "top", "wins", "tie", "advantage", "paid", "money") for k in range(n)])
    for b in run.iter_batches(cols, batch_size):
        acc.add(b)
    deals = acc.net.n
    ex = _exact(rules)
    versus = Section(VERSUS, notes=["pooled over the 闲家 seats of each deal (95% CI with the deal as the unit); "
                                    "exact: every ordered pair of disjoint hands (庄家, 闲家)"])
    versus.stats = [acc.versus["wins"].stat("P(闲家 wins)").against(ex["player_wins"], proportion=True),
                    acc.versus["tie"].stat("P(same value: a tie)").against(ex["tie"], proportion=True),
                    acc.versus["q_rule"].stat("P(tie with both highest cards ≤ Q: the Q rule applies)")
                    .against(ex["q_rule_applies"], proportion=True),
                    acc.versus["advantage"].stat("P(the Q rule decides: 庄家 wins a tie its card would lose)")
                    .against(ex["advantage_decides"] if rules.banker_advantage else 0.0, proportion=True)]
    money = _money_section(acc, ex, rules)
    paid = Section(PAID, notes=["P(the money between 庄家 and a 闲家 moves at category c's multiplier); exact from "
                                "every ordered pair of disjoint hands"])
    paid.stats = [acc.paid[c].stat(f"paid at {CATEGORY_NAMES[c]}").against(ex["paid"][c], proportion=True)
                  for c in range(10, -1, -1)]
    balancing = Section(SECTION, acc.balancing.stats(), notes=[NOTE])
    roles = Section(ROLES, notes=["role rows pool the seat-deals of the role (95% CI with the deal as the unit); "
                                  "seat rows are per seat. Roles: "
                                  + "; ".join(f"{r}: {t}" for r, t in ROLE_LABELS.items())])
    roles.stats = [acc.role[r].stat(f"E[money | {r}]") for r in ("banker", "player")]
    roles.stats += [Stat.from_moments("E[money]", m, seat=k) for k, m in enumerate(acc.seat)]
    checks = Section(CHECKS, [invariant("max |Σ_seats money|", acc.max_sum, deals)])
    sections = [acc.cats.section(rules), versus, money, paid, balancing, roles, quality.section(), checks]
    by = {s.name: s for sec in sections for s in sec.stats if s.seat is None}
    head = [money.stats[0], by["P(牛牛)"], by["P(没牛)"], versus.stats[0], versus.stats[3], balancing.stats[0]]
    summary = run_summary(run, deals) + [
        f"banker {rules.banker} (seat {rules.banker_seat}), banker_advantage {rules.banker_advantage}, payout by "
        f"the {rules.payout_hand}'s hand, jokers {rules.jokers}, bets {acc.bets.tolist()}"]
    return Report(f"niuniu play — {deals:,} deals, 庄家 + {n - 1} 闲家", summary, sections, headline=head,
                  headline_notes=[edge_finding(rules, balancing.stats)])


def edge_finding(rules, balancing: list) -> str:
    """The designer's question answered in one line, from exact values: what removes 庄家's edge
    (a single multiplier at its balancing value m*, or banker_advantage = false)."""
    from sim.games.niuniu.exact import banker_edge
    from sim.ruleset import apply_overrides

    edge = banker_edge(rules)
    if edge == 0:
        return "庄家 has no edge under these rules (exactly 0), whatever the multipliers"
    fair = banker_edge(apply_overrides(rules, {"banker_advantage": False}))
    off = ("banker_advantage = false does (edge exactly 0)" if fair == 0
           else f"banker_advantage = false leaves {fair:+.4f} per unit bet")
    roots = [(s.name.split(" (")[0], s.exact) for s in balancing if s.exact is not None]
    usable = [(name, m) for name, m in roots if m >= 0]
    if not usable:
        return (f"庄家's edge is {edge:+.4f} per unit bet (exact): no single multiplier removes it (every balancing "
                f"m* is negative); {off}")
    return (f"庄家's edge is {edge:+.4f} per unit bet (exact): it is removed by one multiplier alone at "
            + ", ".join(f"{name} = {m:.3g}" for name, m in usable) + f"; {off}")


def _exact(rules) -> dict:
    from sim.games.niuniu import exact

    out = dict(exact.comparison_probabilities(rules))
    out["edge"] = exact.banker_edge(rules)
    out["paid"] = exact.paid_category_probabilities(rules)
    if rules.players == 2:
        out["distribution"] = exact.banker_outcome_distribution(rules)
        out["variance"] = exact.banker_variance_heads_up(rules)
    return out


def _heads_up_bet(rules, bets: np.ndarray) -> float | None:
    """The 闲家's bet when one 闲家 plays and it is the same every deal (the exact distribution
    of 庄家's net is then the pair's, scaled); else None."""
    if rules.players != 2:
        return None
    seen = {int(bets[1 - rules.banker_seat])} if rules.banker == "fixed_seat" else {int(bets[0]), int(bets[1])}
    bet = seen.pop()
    return float(bet) if not seen and bet > 0 else None


def _money_section(acc: Play, ex: dict, rules) -> Section:
    n = rules.players
    bets = acc.bets
    if rules.banker == "rotate":  # 庄家 sits at each seat equally often in the long run
        staked = float(np.mean([bets.sum() - bets[k] for k in range(n)]))
    else:
        staked = float(bets.sum() - bets[rules.banker_seat])
    sec = Section(MONEY, notes=[
        "edge per unit bet = Σ 庄家's net / Σ the 闲家's bets (ratio, 95% CI with the deal as the unit); the exact "
        "edge is the same against each 闲家 (each faces 庄家 alone), so it does not depend on how many play",
        "P(庄家's net = x): exact for one 闲家 (the exact distribution of a pair); with more 闲家 the seats share "
        "庄家's hand and only the mean is exact"])
    sec.stats = [acc.edge.stat("庄家's edge per unit bet").against(ex["edge"]),
                 Stat.from_moments("E[庄家's net per deal]", acc.net, exact=ex["edge"] * staked)]
    sd = math.sqrt(acc.net.var) if acc.net.n > 1 else math.nan
    bet = _heads_up_bet(rules, bets)
    exact_sd = math.sqrt(ex["variance"]) * bet if bet is not None else None
    sec.stats.append(Stat("SD of 庄家's net per deal", sd, math.nan, math.nan, exact_sd, None, acc.net.n, math.nan))
    dist = {round(g * bet, 9): p for g, p in ex["distribution"].items()} if bet is not None else {}
    for x in sorted(set(acc.net_values) | set(dist)):
        sec.stats.append(Stat.proportion(f"P(庄家's net = {x:+g})", acc.net_values.get(x, 0), acc.net.n,
                                         exact=dist.get(x, 0.0) if bet is not None else None))
    return sec
