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

import math
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from analysis.estimators import Z95, Moments, MomentsTable, Stat
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
ZERO_SUM_TOL = 1e-9  # money is float64; a hand's Σ money is 0 up to rounding

OUTCOMES = "Outcomes (rules §9–§11)"
MONEY = "Money per hand, in units of 底金 B (rules §10)"
XI = "喜 counted (rules §10.3)"
PLAY = "Play: bombs by ladder level (rules §7.2), tricks, 接风, unplayed points"
PLAYERS = "Players: money by policy"
DEALS = "Deal check: census features of the played deals against exact values"
INVARIANTS = "Invariants (every hand)"

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


@dataclass
class ClusterMean:
    """Mean of a per-seat quantity pooled over seat-hands, with the hand as the sampling unit.

    Each hand h contributes Y_h (sum over its selected seats) and M_h (how many seats). The
    estimate is ΣY/ΣM, the plain mean over seat-hands; its variance is the ratio (cluster-robust)
    estimator Σ(Y_h − r·M_h)² / (ΣM)² · G/(G−1) over the G hands with M_h > 0. With a constant
    M_h this is exactly the normal interval of the per-hand means.
    """

    g: int = 0
    sm: int = 0
    sy: float = 0.0
    syy: float = 0.0
    sym: float = 0.0
    smm: int = 0

    def add(self, y: np.ndarray, m: np.ndarray) -> None:
        keep = m > 0
        y, m = np.asarray(y, np.float64)[keep], np.asarray(m, np.int64)[keep]
        self.g += int(m.size)
        self.sm += int(m.sum())
        self.sy += float(y.sum())
        self.syy += float((y * y).sum())
        self.sym += float((y * m).sum())
        self.smm += int((m * m).sum())

    def stat(self, name: str, seat: int | None = None) -> Stat:
        if self.sm == 0:
            return empty(name, seat)
        r = self.sy / self.sm
        if self.g < 2:
            se = math.inf
        else:
            ss = max(0.0, self.syy - 2 * r * self.sym + r * r * self.smm)
            se = math.sqrt(ss * self.g / (self.g - 1)) / self.sm
        return Stat(name, r, r - Z95 * se, r + Z95 * se, None, None, self.sm, se, seat)


def empty(name: str, seat: int | None = None) -> Stat:
    """A statistic with no observations in this run (kept so every report has the same rows)."""
    return Stat(name, math.nan, math.nan, math.nan, None, None, 0, math.nan, seat)


def from_moments(name: str, m: Moments | None, proportion: bool, seat=None, exact=None,
                 exact_var=None) -> Stat:
    if m is None or m.n == 0:
        return empty(name, seat)
    return Stat.from_moments(name, m, exact, seat, proportion, exact_var)


def invariant(name: str, value: float, n: int, exact: float = 0.0, tol: float = ZERO_SUM_TOL) -> Stat:
    """An identity checked on every row: the observed extreme against its required value."""
    ok = abs(value - exact) <= tol
    z = 0.0 if ok else math.copysign(math.inf, value - exact)
    return Stat(name, value, value, value, exact, z, n, 0.0)


# --- column decoding ---------------------------------------------------------------------------


def _codes(col, names: tuple[str, ...]) -> np.ndarray:
    """Positions in ``names`` of a dictionary (or string) column's values; -1 for others."""
    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks()
    if not pa.types.is_dictionary(col.type):
        col = pc.dictionary_encode(col)
    values = col.dictionary.to_pylist()
    lut = np.array([names.index(v) if v in names else -1 for v in values] or [-1], np.int64)
    idx = col.indices.to_numpy(zero_copy_only=False)
    return lut[idx.astype(np.int64)]


def _strings(col) -> tuple[np.ndarray, list[str]]:
    """(codes, names) of a dictionary or string column."""
    if isinstance(col, pa.ChunkedArray):
        col = col.combine_chunks()
    if not pa.types.is_dictionary(col.type):
        col = pc.dictionary_encode(col)
    return col.indices.to_numpy(zero_copy_only=False).astype(np.int64), col.dictionary.to_pylist()


def _num(batch: pa.RecordBatch, name: str) -> np.ndarray:
    return batch.column(name).to_numpy(zero_copy_only=False)


def _seat(batch: pa.RecordBatch, feature: str) -> np.ndarray:
    return np.stack([_num(batch, f"s{k}_{feature}") for k in SEATS], axis=1)


# --- players (policy + parameters, per seat and hand) ------------------------------------------


def _params_text(params: dict) -> str:
    return ",".join(f"{k}={v:g}" if isinstance(v, int | float) else f"{k}={v}"
                    for k, v in sorted(params.items()))


class Players:
    """Who played each seat of each hand: the policy name, with its parameters when a run sets
    different parameters for the same policy (``--policy-param``); labels like ``smart`` or
    ``smart(hard_threshold=30)``. Names come from the rows (``s{k}_policy``); parameters from the
    manifest's slots, rotated with the hand when ``rotate`` is on."""

    def __init__(self, run: Run):
        opts = run.manifest.get("options") or {}
        self.slots: list[str] = list(opts.get("policies") or [])
        params = list(opts.get("policy_params") or [])
        self.rotate = bool(opts.get("rotate", False))
        self.suffix: list[str] | None = None
        if len(self.slots) == N_SEATS and len(params) == N_SEATS and any(params):
            self.suffix = [f"({_params_text(p)})" if p else "" for p in params]
        self.labels: list[str] = []

    def code(self, label: str) -> int:
        if label not in self.labels:
            self.labels.append(label)
        return self.labels.index(label)

    def seat_codes(self, batch: pa.RecordBatch) -> np.ndarray:
        """(n, 4) player codes (indices into ``self.labels``)."""
        out = np.empty((batch.num_rows, N_SEATS), np.int64)
        slot = None
        if self.suffix is not None:
            g = _num(batch, "game_index").astype(np.int64)
            shift = g if self.rotate else np.zeros_like(g)
            slot = (np.arange(N_SEATS)[None, :] + shift[:, None]) % N_SEATS
        for k in SEATS:
            idx, names = _strings(batch.column(f"s{k}_policy"))
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
            lut = np.full(N_SEATS, -1, np.int64)
            for j in np.unique(slot[:, k]):
                lut[j] = self.code(self.slots[j] + self.suffix[j])
            out[:, k] = lut[slot[:, k]]
        return out


def _pair_diff(money: np.ndarray, players: np.ndarray, a: int, b: int):
    """Per-hand (mean money of A's seats − mean money of B's seats) over hands where both sit."""
    in_a, in_b = players == a, players == b
    na, nb = in_a.sum(axis=1), in_b.sum(axis=1)
    both = (na > 0) & (nb > 0)
    ya = np.where(in_a, money, 0.0).sum(axis=1)
    yb = np.where(in_b, money, 0.0).sum(axis=1)
    return ya[both] / na[both] - yb[both] / nb[both]


class DealPairs:
    """Per-deal paired differences of a ``--duplicate`` run: the four rotations of one deal.

    For each deal, the mean over its rotations of the per-hand difference (``_pair_diff``); deals
    split across batches wait in ``pending`` until their four rows are in. ``reduction`` compares
    the variance of this estimate with that of an unpaired run of as many hands.
    """

    def __init__(self) -> None:
        self.deals = Moments()
        self.hands = Moments()
        self.pending: dict[int, list[float]] = {}

    def add(self, deal: np.ndarray, money: np.ndarray, codes: np.ndarray, a: int, b: int) -> None:
        in_a, in_b = codes == a, codes == b
        both = (in_a.sum(axis=1) > 0) & (in_b.sum(axis=1) > 0)
        diff = _pair_diff(money, codes, a, b)
        self.hands.add(diff)
        for d, x in zip(deal[both].tolist(), diff.tolist()):
            self.pending.setdefault(d, []).append(x)
        done = [d for d, xs in self.pending.items() if len(xs) == N_SEATS]
        if done:
            self.deals.add(np.array([np.mean(self.pending.pop(d)) for d in done]))

    def reduction(self) -> float:
        """Var(unpaired mean over the same number of hands) / Var(mean over deals)."""
        if self.deals.n < 2 or self.hands.n < 2 or self.deals.var == 0:
            return float("nan")
        return (self.hands.var / self.hands.n) / (self.deals.var / self.deals.n)


def _diff_name(a: str, b: str) -> str:
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
    players = Players(run)
    cols = ["game_index"] + [f"s{k}_{c}" for c in ("policy", "money") for k in SEATS]
    m = Moments()
    for batch in run.iter_batches(cols, batch_size):
        codes = players.seat_codes(batch)
        if a in players.labels and b in players.labels:
            m.add(_pair_diff(_seat(batch, "money"), codes, players.code(a), players.code(b)))
    for name in (a, b):
        if name not in players.labels:
            known = ", ".join(players.labels) or "none"
            raise RunError(f"no player {name!r} in {run.path} (players: {known})")
    return from_moments(_diff_name(a, b), m, proportion=False)


# --- the report --------------------------------------------------------------------------------


class _Acc:
    """Everything the report folds in, batch by batch."""

    def __init__(self, run: Run):
        self.t = MomentsTable()
        self.roles = {r: ClusterMean() for r in ROLES}
        self.abs_money = ClusterMean()
        self.player_money: dict[int, ClusterMean] = {}
        self.pair: dict[tuple[int, int], Moments] = {}
        self.players = Players(run)
        self.duplicate = bool((run.manifest.get("options") or {}).get("duplicate"))
        self.deal_pair: dict[tuple[int, int], DealPairs] = {}
        self.max_sum = 0.0
        self.n = 0

    def add(self, b: pa.RecordBatch) -> None:
        t, n = self.t, b.num_rows
        self.n += n
        rows = np.arange(n)
        mode = _codes(b.column("mode"), MODES)
        call, hard = mode == 0, mode == 1
        grade = _codes(b.column("grade"), GRADES)
        case = _codes(b.column("case"), CASES)
        banker = _num(b, "banker").astype(np.int64)
        partner = _num(b, "partner").astype(np.int64)
        hard_seat = _num(b, "hard_seat").astype(np.int64)
        asked = _num(b, "hard_asked").astype(np.int64)
        mingji = _num(b, "mingji_trick").astype(np.int64)
        won, finish = _seat(b, "won"), _seat(b, "finish")
        money, xi = _seat(b, "money").astype(np.float64), _seat(b, "xi").astype(np.float64)
        role = np.stack([_codes(b.column(f"s{k}_role"), ROLES) for k in SEATS], axis=1)

        # outcomes
        for i, g in enumerate(GRADES):
            t.add(f"grade {g}", grade == i)
        for i, c in enumerate(CASES):
            t.add(f"case {c}", case[call] == i)
        t.add("tie", _num(b, "tie_100")[call])
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
        t.add("recalls", _num(b, "recalls")[call])
        t.add("redeal", _num(b, "redeals") >= 1)

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
        totals = _num(b, "team_w_total").astype(np.int64) + _num(b, "team_l_total")
        t.add("totals 200", totals[call] == 200)
        t.add("roles", ((role == 0).sum(1) == 1)[call] & ((role == 1).sum(1) == 1)[call])

        # 喜 (pooled over seat-hands)
        for f in ("xi_wangzha", "xi_seven", "xi_eight"):
            t.add(f, _seat(b, f).ravel())
        units = _seat(b, "xi_wangzha") + _seat(b, "xi_seven") + _seat(b, "xi_eight")
        t.add("xi any", (units > 0).ravel())

        # play
        total_bombs = np.zeros(n, np.int64)
        for lv in LEVELS:
            x = _num(b, bomb_col(lv)).astype(np.int64)
            total_bombs += x
            t.add(f"bombs {lv}", x)
            t.add(f"bomb any {lv}", x >= 1)
        t.add("bombs", total_bombs)
        t.add("bomb any", total_bombs >= 1)
        t.add("n_tricks", _num(b, "n_tricks"))
        t.add("n_jiefeng", _num(b, "n_jiefeng"))
        unplayed = _seat(b, "unplayed").astype(np.int64).sum(axis=1)
        t.add("unplayed", unplayed)
        t.add("unplayed call", unplayed[call])

        # players
        codes = self.players.seat_codes(b)
        for p in range(len(self.players.labels)):
            sel = codes == p
            self.player_money.setdefault(p, ClusterMean()).add(
                np.where(sel, money, 0.0).sum(axis=1), sel.sum(axis=1))
        for pa_, pb in combinations(range(len(self.players.labels)), 2):
            self.pair.setdefault((pa_, pb), Moments()).add(_pair_diff(money, codes, pa_, pb))
            if self.duplicate:
                self.deal_pair.setdefault((pa_, pb), DealPairs()).add(
                    _num(b, "deal_index").astype(np.int64), money, codes, pa_, pb)

        # deal check (per seat, as the census report)
        wilds, wz, pts = _seat(b, "wilds"), _seat(b, "wangzha"), _seat(b, "points")
        for k in SEATS:
            for w in range(7):
                t.add(f"P(wilds = {w})|{k}", wilds[:, k] == w)
            t.add(f"E[wilds]|{k}", wilds[:, k])
            t.add(f"P(王炸)|{k}", wz[:, k])
            t.add(f"E[points]|{k}", pts[:, k])


def _exact_deal(run: Run):
    """(census exact values, their variances, 喜 exact values for counted 喜) or Nones."""
    from analysis.exact.xiantao import census_exact, census_exact_var, deck_from_ruleset, xi_from_ruleset

    deck = deck_from_ruleset(run.ruleset)
    xi = xi_from_ruleset(run.ruleset)
    if deck is None:
        return None, None, deck, xi
    return census_exact(deck, xi), census_exact_var(deck, xi), deck, xi


def _summary(run: Run, acc: _Acc, deck, xi) -> list[str]:
    from analysis.census import summary_lines

    lines = summary_lines(run, acc.n, deck, xi)
    opts = run.manifest.get("options") or {}
    pols = opts.get("policies") or []
    params = opts.get("policy_params") or []
    seats = " · ".join(f"seat {k} {p}" + (f"({_params_text(params[k])})" if k < len(params) and params[k] else "")
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
    if run.game != "xiantao":
        raise RunError(f"play report knows game 'xiantao', run {run.path} is {run.game!r}")
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
    labels = acc.players.labels
    if len(labels) > 1:
        opts = run.manifest.get("options") or {}
        notes = ["E[money | player]: pooled over the seat-hands the player sits (n), CI with the "
                 "hand as the unit; differences: per hand, mean money of A's seats − mean money "
                 "of B's seats, over hands where both sit (paired within the hand, n = hands; "
                 "money sums to 0 in each hand)",
                 "seat effects (庄家 carried within a session, the table arrangement) mix into "
                 "these unless the players rotate round the seats (--rotate)"
                 + ("" if opts.get("rotate") else " — this run does NOT rotate: read them as "
                    "player+seat effects")]
        players = Section(PLAYERS, notes=notes)
        players.stats += [acc.player_money[p].stat(f"E[money | {lb}]") for p, lb in enumerate(labels)]
        players.stats += [from_moments(_diff_name(labels[i], labels[j]), m, False)
                          for (i, j), m in acc.pair.items()]
        for (i, j), dp in acc.deal_pair.items():
            players.stats.append(from_moments(f"E[money {labels[i]}] − E[money {labels[j]}] (paired per deal)",
                                              dp.deals, False))
            players.notes.append(f"--duplicate: {labels[i]} vs {labels[j]} paired over the four rotations of "
                                 f"each deal (n = deals); variance {dp.reduction():.1f}× smaller than an "
                                 f"unpaired run of as many hands")
        sections.append(players)

    if exact is not None:
        deals = Section(DEALS, notes=["per seat, n = hands; the features are of each hand's "
                                      "first deal (before any redeal)"])
        for name in [f"P(wilds = {w})" for w in range(7)] + ["E[wilds]", "P(王炸)", "E[points]"]:
            is_p = name.startswith("P(")
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

    pols = sorted(set(labels)) or ["?"]
    title = f"仙桃千分 play — {acc.n:,} hands ({' vs '.join(pols)})"
    return Report(title, _summary(run, acc, deck, xi), sections, show_n=True)


def _p_any_xi(xe: dict, xi: dict) -> float | None:
    """P(some 喜 counted) equals the census P(xi_units > 0) when every 喜 multiplier is positive."""
    if not xe or min(xi.values()) <= 0:
        return None
    return xe.get("P(xi_units > 0)")
