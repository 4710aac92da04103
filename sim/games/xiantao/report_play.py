"""The report of a 仙桃千分 play run (``paiju play``): outcomes, money, 喜, bombs, players, deals.

One streamed pass over the run reads only the columns it needs and folds each batch into
sufficient statistics, so memory is one batch whatever the run size:

* rates and means over hands (or over the hands a condition selects) → ``Moments`` → Wilson /
  normal intervals (``analysis.estimators``);
* means over seat-hands (money per role, per player; |money|) → ``ClusterMean``: the estimate is
  the plain pooled mean over seat-hands, the interval treats the *hand* as the unit (seats of one
  hand share its outcome, so they are not independent observations);
* policy differences → the per-hand paired difference "mean money of the seats played by A minus
  mean money of the seats played by B", over the hands where both sit (``policy_comparison``).

Exact values exist for no play outcome, but every play row carries the census features of its
deal (``s{k}_wilds``, ``s{k}_wangzha``, ``s{k}_points``), so a "deal check" section holds those
against the exact census values; 喜 counted at the deal are held against them too when
``bonus_requires_play`` is off.
"""

from __future__ import annotations


import numpy as np
import pyarrow as pa

from analysis.columns import codes, num, seat_matrix
from analysis.estimators import ZERO_SUM_TOL, ClusterMean, MomentsTable, from_moments, invariant
from analysis.players import PlayerMoney, params_text
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError

N_SEATS = 4
SEATS = range(N_SEATS)
MODES = ("call", "hard")
GRADES = ("da_qing", "xiao_qing", "normal", "hard")  # report order
GRADE_LABEL = {"da_qing": "大清", "xiao_qing": "小清", "normal": "normal", "hard": "硬牌"}
CASES = ("A", "B", "C")
CASE_LABEL = {"A": "一游+二游 双杀", "B": "一游+三游", "C": "一游+末游"}
ROLES = ("banker", "partner", "opponent", "hard", "hard_opponent")
ROLE_LABEL = {"banker": "庄家", "partner": "暗对家", "opponent": "闲家", "hard": "硬牌家",
              "hard_opponent": "硬牌 opponents"}
POSITIONS = ("庄家", "下家", "opposite", "上家")  # seat relative to 庄家: (seat - banker) % 4
LEVELS = range(1, 20)
LEVEL_LABEL = {1: "14-card", 2: "13-card", 3: "hard 8", 4: "hard 7", 5: "soft 12", 6: "soft 11",
               7: "soft 10", 8: "soft 9", 9: "soft 8", 10: "soft 7", 11: "6-card", 12: "5-card",
               13: "王炸", 14: "4-card", 15: "正510K ♠", 16: "正510K ♥", 17: "正510K ♣",
               18: "正510K ♦", 19: "杂510K"}

OUTCOMES = "Outcomes (rules §9–§11)"
MONEY = "Money per hand, in units of 底金 B (rules §10)"
XI = "喜 counted (rules §10.3)"
PLAY = "Play: bombs by ladder level (rules §7.2), tricks, 接风, unplayed points"
DEALS = "Deal check: census features of the played deals against exact values"
INVARIANTS = "Invariants (every hand)"
HEADLINE = ("P(grade = da_qing)", "P(grade = xiao_qing)", "P(硬牌)", "P(硬牌家 finishes 1st", "P(庄家 team wins",
            "E[money | banker]", "E[money | partner]", "E[money | opponent]", "P(王炸 喜)", "E[7张 喜]", "E[8张 喜]")

SEAT_COLS = ("won", "finish", "money", "xi", "role", "policy", "unplayed",
             "xi_wangzha", "xi_seven", "xi_eight", "wilds", "wangzha", "points")
HAND_COLS = ("game_index", "deal_index", "mode", "grade", "case", "tie_100", "banker", "partner", "hard_seat",
             "hard_asked", "mingji_trick", "recalls", "redeals", "team_w_total", "team_l_total",
             "n_tricks", "n_jiefeng")


def bomb_col(level: int) -> str:
    return f"bombs_L{level:02d}"


def needed_columns() -> list[str]:
    return ([*HAND_COLS] + [bomb_col(lv) for lv in LEVELS]
            + [f"s{k}_{c}" for c in SEAT_COLS for k in SEATS])


# --- estimators --------------------------------------------------------------------------------


# --- the report --------------------------------------------------------------------------------


class _Acc:
    """Everything the report folds in, batch by batch."""

    def __init__(self, run: Run):
        self.t = MomentsTable()
        self.roles = {r: ClusterMean() for r in ROLES}
        self.abs_money = ClusterMean()
        self.players = PlayerMoney(run, N_SEATS)
        self.deal_pooled: dict[str, ClusterMean] = {}
        self.max_sum = 0.0
        self.n = 0

    def add(self, b: pa.RecordBatch) -> None:
        t, n = self.t, b.num_rows
        self.n += n
        rows = np.arange(n)
        mode = codes(b.column("mode"), MODES)
        call, hard = mode == 0, mode == 1
        grade = codes(b.column("grade"), GRADES)
        case = codes(b.column("case"), CASES)
        banker = num(b, "banker").astype(np.int64)
        partner = num(b, "partner").astype(np.int64)
        hard_seat = num(b, "hard_seat").astype(np.int64)
        asked = num(b, "hard_asked").astype(np.int64)
        mingji = num(b, "mingji_trick").astype(np.int64)
        won, finish = seat_matrix(b, "won", N_SEATS), seat_matrix(b, "finish", N_SEATS)
        money, xi = seat_matrix(b, "money", N_SEATS).astype(np.float64), seat_matrix(b, "xi", N_SEATS).astype(np.float64)
        role = np.stack([codes(b.column(f"s{k}_role"), ROLES) for k in SEATS], axis=1)

        # outcomes
        for i, g in enumerate(GRADES):
            t.add(f"grade {g}", grade == i)
        for i, c in enumerate(CASES):
            t.add(f"case {c}", case[call] == i)
        t.add("tie", num(b, "tie_100")[call])
        t.add("banker won", won[rows, np.clip(banker, 0, 3)][call])
        t.add("hard", hard)
        hs = np.clip(hard_seat, 0, 3)
        success = finish[rows, hs] == 1
        t.add("hard success", success[hard])
        rel_hard = (hard_seat - banker) % N_SEATS
        for r in SEATS:
            t.add(f"hard by {r}", hard & (rel_hard == r))
            t.add(f"hard accept {r}", (hard & (rel_hard == r))[asked > r])
            t.add(f"hard success {r}", success[hard & (rel_hard == r)])
        rel_partner = (partner - banker) % N_SEATS
        for r in (1, 2, 3):
            t.add(f"partner {r}", rel_partner[call] == r)
        t.add("mingji", mingji[call] >= 0)
        t.add("mingji trick", mingji[call & (mingji >= 0)])
        t.add("recalls", num(b, "recalls")[call])
        t.add("redeal", num(b, "redeals") >= 1)

        # money
        for i, r in enumerate(ROLES):
            sel = role == i
            self.roles[r].add(np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for k in SEATS:
            t.add(f"money {k}", money[:, k])
            t.add(f"xi money {k}", xi[:, k])
        self.abs_money.add(np.abs(money).sum(axis=1), np.full(n, N_SEATS))
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        t.add("xi sum zero", np.abs(xi.sum(axis=1)) <= ZERO_SUM_TOL)
        totals = num(b, "team_w_total").astype(np.int64) + num(b, "team_l_total")
        t.add("totals 200", totals[call] == 200)
        t.add("roles", ((role == 0).sum(1) == 1)[call] & ((role == 1).sum(1) == 1)[call])

        # 喜 (pooled over seat-hands)
        for f in ("xi_wangzha", "xi_seven", "xi_eight"):
            t.add(f, seat_matrix(b, f, N_SEATS).ravel())
        units = seat_matrix(b, "xi_wangzha", N_SEATS) + seat_matrix(b, "xi_seven", N_SEATS) + seat_matrix(b, "xi_eight", N_SEATS)
        t.add("xi any", (units > 0).ravel())

        # play
        total_bombs = np.zeros(n, np.int64)
        for lv in LEVELS:
            x = num(b, bomb_col(lv)).astype(np.int64)
            total_bombs += x
            t.add(f"bombs {lv}", x)
            t.add(f"bomb any {lv}", x >= 1)
        t.add("bombs", total_bombs)
        t.add("bomb any", total_bombs >= 1)
        t.add("n_tricks", num(b, "n_tricks"))
        t.add("n_jiefeng", num(b, "n_jiefeng"))
        unplayed = seat_matrix(b, "unplayed", N_SEATS).astype(np.int64).sum(axis=1)
        t.add("unplayed", unplayed)
        t.add("unplayed call", unplayed[call])

        self.players.add(b, money)

        # deal check (pooled over the seats, and per seat, as the census report)
        wilds, wz, pts = seat_matrix(b, "wilds", N_SEATS), seat_matrix(b, "wangzha", N_SEATS), seat_matrix(b, "points", N_SEATS)
        values = {f"P(wilds = {w})": wilds == w for w in range(7)}
        values.update({"E[wilds]": wilds, "P(王炸)": wz, "E[points]": pts})
        for name, v in values.items():
            self.deal_pooled.setdefault(name, ClusterMean()).add(v.astype(np.float64).sum(axis=1), np.full(n, N_SEATS))
            for k in SEATS:
                t.add(f"{name}|{k}", v[:, k])


def _exact_deal(run: Run):
    """(census exact values, their variances, 喜 exact values for counted 喜) or Nones."""
    from sim.games.xiantao.exact import census_exact, census_exact_var, deck_from_ruleset, xi_from_ruleset

    deck = deck_from_ruleset(run.ruleset)
    xi = xi_from_ruleset(run.ruleset)
    if deck is None:
        return None, None, deck, xi
    return census_exact(deck, xi), census_exact_var(deck, xi), deck, xi


def _summary(run: Run, acc: _Acc, deck, xi) -> list[str]:
    from sim.games.xiantao.report_census import summary_lines

    lines = summary_lines(run, acc.n, deck, xi)
    opts = run.manifest.get("options") or {}
    pols = opts.get("policies") or []
    params = opts.get("policy_params") or []
    seats = " · ".join(f"seat {k} {p}" + (f"({params_text(params[k])})" if k < len(params) and params[k] else "")
                       for k, p in enumerate(pols))
    lines.append(f"players: {seats or 'unknown'} · rotate {bool(opts.get('rotate', False))} · "
                 f"{opts.get('hands_per_session', '?')} hand(s) per session")
    rules = run.ruleset
    lines.append(f"settlement {rules.get('settlement', '?')} · base {rules.get('base', '?')} · grade ×"
                 f"{rules.get('grade.normal', '?')}/{rules.get('grade.xiao_qing', '?')}/"
                 f"{rules.get('grade.da_qing', '?')} · hard ×{rules.get('hard_multiplier', '?')} · "
                 f"bonus_requires_play {rules.get('bonus_requires_play', '?')}")
    lines.append("CIs: Wilson (rates), normal (means); means over seat-hands treat the hand as the "
                 "unit (seats of a hand share its outcome); n = hands or seat-hands counted")
    return lines


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    """Outcome, money, 喜, bomb and player statistics of a 仙桃千分 play run, streamed."""
    if run.kind != "play":
        raise RunError(f"play report needs a run of kind 'play'; {run.path} is {run.kind!r}")
    missing = [c for c in needed_columns() if c not in run.columns]
    if missing:
        more = f" and {len(missing) - 6} more" if len(missing) > 6 else ""
        raise RunError(f"run {run.path} lacks play column(s) {', '.join(missing[:6])}{more}")
    acc = _Acc(run)
    for batch in run.iter_batches(needed_columns(), batch_size):
        acc.add(batch)
    if acc.n == 0:
        raise RunError(f"run {run.path} has no rows")
    exact, exact_var, deck, xi = _exact_deal(run)
    t = acc.t.moments
    P = lambda name, key, **kw: from_moments(name, t.get(key), True, **kw)  # noqa: E731
    E = lambda name, key, **kw: from_moments(name, t.get(key), False, **kw)  # noqa: E731

    out = Section(OUTCOMES, notes=[
        "grades over all hands; cases, ties, 庄家 wins, partner and 明鸡 over 叫牌 hands; "
        "positions are relative to 庄家 (下家 = next counter-clockwise)"])
    out.stats += [P(f"P(grade = {g}) {GRADE_LABEL[g]}", f"grade {g}") for g in GRADES]
    out.stats += [P(f"P(case {c} | 叫牌) {CASE_LABEL[c]}", f"case {c}") for c in CASES]
    out.stats += [P("P(100:100 tie | 叫牌)", "tie"),
                  P("P(庄家 team wins | 叫牌)", "banker won"),
                  P("P(硬牌)", "hard"),
                  P("P(硬牌家 finishes 1st | 硬牌)", "hard success")]
    out.stats += [P(f"P(硬牌 declared by {POSITIONS[r]})", f"hard by {r}") for r in SEATS]
    out.stats += [P(f"P(accepts 硬牌 | asked) {POSITIONS[r]}", f"hard accept {r}") for r in SEATS]
    out.stats += [P(f"P(硬牌 succeeds | declared by {POSITIONS[r]})", f"hard success {r}") for r in SEATS]
    out.stats += [P(f"P(partner = {POSITIONS[r]} | 叫牌)", f"partner {r}") for r in (1, 2, 3)]
    out.stats += [P("P(明鸡 happens | 叫牌)", "mingji"),
                  E("E[明鸡 trick (0-based) | 明鸡]", "mingji trick"),
                  E("E[re-calls | 叫牌]", "recalls"),
                  P("P(redeal)", "redeal")]

    money = Section(MONEY, notes=["per role and |money|: pooled over seat-hands (n), CI with the "
                                  "hand as the unit; per seat: n = hands"])
    money.stats += [acc.roles[r].stat(f"E[money | {r}] {ROLE_LABEL[r]}") for r in ROLES]
    money.stats += [E("E[money]", f"money {k}", seat=k) for k in SEATS]
    money.stats.append(acc.abs_money.stat("E[|money|]"))

    no_play_rule = not run.ruleset.get("bonus_requires_play", False)
    xe = exact if (exact is not None and no_play_rule) else {}
    xv = exact_var if (exact_var is not None and no_play_rule) else {}
    xi_sec = Section(XI, notes=["per seat-hand (n = 4 × hands); exact = the census value when 喜 "
                                "count at the deal (bonus_requires_play false)"])
    xi_sec.stats += [
        P("P(王炸 喜)", "xi_wangzha", exact=xe.get("P(王炸)")),
        E("E[7张 喜]", "xi_seven", exact=xe.get("E[7张]"), exact_var=xv.get("E[7张]")),
        E("E[8张 喜]", "xi_eight", exact=xe.get("E[8张]"), exact_var=xv.get("E[8张]")),
        P("P(any 喜)", "xi any", exact=_p_any_xi(xe, xi)),
    ]
    xi_sec.stats += [E("E[net 喜 money]", f"xi money {k}", seat=k, exact=0.0 if xe else None)
                     for k in SEATS]

    play = Section(PLAY, notes=["per hand; L01 highest … L19 杂510K lowest"])
    for lv in LEVELS:
        play.stats += [E(f"E[bombs L{lv:02d}] {LEVEL_LABEL[lv]}", f"bombs {lv}"),
                       P(f"P(≥1 bomb L{lv:02d})", f"bomb any {lv}")]
    play.stats += [E("E[bombs, all levels]", "bombs"), P("P(≥1 bomb of any level)", "bomb any"),
                   E("E[tricks]", "n_tricks"), E("E[接风]", "n_jiefeng"),
                   E("E[points left unplayed]", "unplayed"),
                   E("E[points left unplayed | 叫牌]", "unplayed call")]

    sections = [out, money, xi_sec, play]
    players = acc.players.section()
    if players is not None:
        sections.append(players)

    if exact is not None:
        deals = Section(DEALS, notes=["pooled over the seats (n = seat-hands, the hand as the unit), per seat with "
                                      "--seats (n = hands); the features are of each hand's first deal (before any "
                                      "redeal)"])
        for name in [f"P(wilds = {w})" for w in range(7)] + ["E[wilds]", "P(王炸)", "E[points]"]:
            is_p = name.startswith("P(")
            deals.stats.append(acc.deal_pooled[name].stat(name).against(exact[name], is_p, exact_var.get(name)))
            deals.stats += [from_moments(name, t.get(f"{name}|{k}"), is_p, seat=k, exact=exact[name],
                                         exact_var=None if is_p else exact_var.get(name))
                            for k in SEATS]
        sections.append(deals)

    inv = Section(INVARIANTS, notes=["a failed invariant is a bug in the engine or the scoring"])
    inv.stats += [invariant("max |Σ money| in a hand", acc.max_sum, acc.n),
                  P("P(Σ 喜 money = 0)", "xi sum zero", exact=1),
                  P("P(T_W + T_L = 200 | 叫牌)", "totals 200", exact=1),
                  P("P(one 庄家 and one 暗对家 | 叫牌)", "roles", exact=1)]
    sections.append(inv)

    pols = sorted(set(acc.players.players.labels)) or ["?"]
    title = f"仙桃千分 play — {acc.n:,} hands ({' vs '.join(pols)})"
    stats = [st for sec in sections for st in sec.stats if st.seat is None]
    headline = [next(st for st in stats if st.name.startswith(prefix)) for prefix in HEADLINE]
    return Report(title, _summary(run, acc, deck, xi), sections, show_n=True, headline=headline)


def _p_any_xi(xe: dict, xi: dict) -> float | None:
    """P(some 喜 counted) equals the census P(xi_units > 0) when every 喜 multiplier is positive."""
    if not xe or min(xi.values()) <= 0:
        return None
    return xe.get("P(xi_units > 0)")
