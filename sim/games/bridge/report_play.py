"""The report of a bridge play run: the contracts reached and how often they make, the score by
vulnerability, with ``dd = true`` how the bidding compares with par and the card play with
double dummy (and the DD statistics of ``report_dd``), the players, and a deal check against
exact values. One streamed pass; memory is one batch plus counters whatever the run size.

Contract classes use the undoubled trick score: part score (< 100), game (3NT, 4♥, 4♠, 5♣, 5♦
and up to level 5), small slam (level 6), grand slam (level 7).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.columns import codes, num
from analysis.estimators import Moments, Stat, empty
from analysis.players import PlayerMoney
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError
from kernels.bridge.cards import STRAIN_CHARS
from kernels.bridge.layout import VULNERABILITY
from sim.games.bridge import quality
from sim.games.bridge.players import PLAYER_NAMES
from sim.games.bridge.tally import Indicator

CLASSES = ("part score", "game", "small slam", "grand slam")
CONTRACTS = "Contracts reached (spec §2)"
MAKES = "Make rate (contracts played)"
SCORES = "Score by vulnerability (spec §4)"
DD_BIDDING = "Against par (double dummy)"
DD_PLAY = "Heuristic card play against double dummy"
DEALS = "Deal check against exact values"
INVARIANTS = "Invariants (every board)"
HEADLINE = ("P(passed out)", "P(game or slam bid)", "P(slam bid)", "P(contract made)", "E[|N-S score|]")
DD_HEADLINE = ("P(contract = a par contract)", "E[|IMPs vs par|]", "E[tricks − DD tricks] (card play)")
BOARD_COLS = ("level", "strain", "doubled", "declarer", "vul", "tricks", "ns_score", "result_is_par", "play_dd",
              "n_calls", "rotation")


def contract_class(level: np.ndarray, strain: np.ndarray) -> np.ndarray:
    """0 part score, 1 game, 2 small slam, 3 grand slam (undoubled trick score); -1 no contract."""
    value = level * np.where(strain < 2, 20, 30) + np.where(strain == 4, 10, 0)
    out = np.where(value >= 100, 1, 0)
    out = np.where(level == 6, 2, np.where(level == 7, 3, out))
    return np.where(level > 0, out, -1)


def hand_lengths(batch) -> np.ndarray:
    """(n, 4 seats, 4 suits) suit lengths from the stored hand bitmasks."""
    from sim.games.bridge.play import suit_lengths

    return suit_lengths(np.stack([num(batch, f"s{k}_hand") for k in range(4)], axis=1))


class PlayTally:
    def __init__(self, run: Run, has_dd: bool):
        self.m: dict[str, Moments] = defaultdict(Moments)
        self.players = PlayerMoney(run, 4)
        self.has_dd = has_dd
        self.hcp12, self.balanced, self.fit8 = Indicator(4), Indicator(4), Indicator(2)
        self.dd = None
        if has_dd:
            from sim.games.bridge.report_dd import DDTally

            self.dd = DDTally()
        self.declarer_players: list[str] = []
        self.n = 0

    def add(self, b) -> None:
        m = self.m
        self.players.add(b)
        f = {c: num(b, c) for c in BOARD_COLS if not c == "vul"}
        vul = codes(b.column("vul"), VULNERABILITY)
        level, strain = f["level"].astype(np.int64), f["strain"].astype(np.int64)
        tricks, declarer = f["tricks"].astype(np.int64), f["declarer"].astype(np.int64)
        ns = f["ns_score"].astype(np.int64)
        self.n += len(level)
        has = level > 0
        cls = contract_class(level, strain)
        m["passed"].add(~has)
        m["game_or_slam"].add(cls >= 1)
        m["slam"].add(cls >= 2)
        m["calls"].add(f["n_calls"])
        for c, name in enumerate(CLASSES):
            m[f"class_{c}"].add(cls == c)
        for s in range(5):
            m[f"strain_{s}"].add((strain == s)[has])
        doubled = f["doubled"].astype(np.int64)
        m["doubled"].add((doubled == 1)[has])
        m["redoubled"].add((doubled == 2)[has])
        played = has & (tricks >= 0)
        made = tricks >= 6 + level
        m["made"].add(made[played])
        m["result"].add((tricks - 6 - level)[played])
        for c in range(4):
            m[f"made_class_{c}"].add(made[played & (cls == c)])
        for lv in range(1, 8):
            m[f"made_level_{lv}"].add(made[played & (level == lv)])
        for s in range(5):
            m[f"made_strain_{s}"].add(made[played & (strain == s)])
        m["made_doubled"].add(made[played & (doubled >= 1)])
        for v in range(4):
            m[f"ns_vul_{v}"].add(ns[vul == v])
        side = np.clip(declarer, 0, 3) & 1
        decl_vul = ((vul >> side) & 1).astype(bool)
        decl_score = np.where(side == 0, ns, -ns)
        m["decl_nv"].add(decl_score[has & ~decl_vul])
        m["decl_v"].add(decl_score[has & decl_vul])
        m["abs_ns"].add(np.abs(ns))
        money = np.stack([num(b, f"s{k}_money") for k in range(4)], axis=1)
        m["zero_sum"].add(np.abs(money.sum(axis=1)) > 1e-9)
        m["tricks_range"].add(~played | ((tricks >= 0) & (tricks <= 13)))
        first = f["rotation"] == 0  # each deal once (--duplicate turns it 4 times)
        hcp = np.stack([num(b, f"s{k}_hcp") for k in range(4)], axis=1).astype(np.int64)[first]
        lens = hand_lengths(b)[first]
        self.hcp12.add(hcp >= 12)
        shortest = lens.min(axis=2)
        self.balanced.add((shortest >= 2) & ((lens == 2).sum(axis=2) <= 1))
        side_fit = np.stack([(lens[:, 0] + lens[:, 2]).max(axis=1), (lens[:, 1] + lens[:, 3]).max(axis=1)], axis=1)
        self.fit8.add(side_fit >= 8)
        if self.has_dd:
            self._add_dd(b, f, level, tricks, declarer, side, has, played, hcp, lens, first)

    def _add_dd(self, b, f, level, tricks, declarer, side, has, played, hcp, lens, first) -> None:
        from sim.games.bridge.report_dd import dd_table

        m = self.m
        dd_tricks = num(b, "dd_tricks").astype(np.int64)
        imps = num(b, "imps_vs_par").astype(np.int64)
        par = num(b, "par_score").astype(np.int64)
        m["equals_par"].add(num(b, "equals_par"))
        m["score_is_par"].add(f["ns_score"] == par)
        m["abs_imps"].add(np.abs(imps))
        m["decl_imps"].add(np.where(side == 0, imps, -imps)[has])
        m["mp"].add(num(b, "mp_vs_par"))
        m["dd_makes"].add((dd_tricks >= 6 + level)[has])
        cards = played & ~f["play_dd"].astype(bool)
        diff = (tricks - dd_tricks)[cards]
        m["loss"].add(diff)
        m["below_dd"].add(diff < 0)
        m["at_dd"].add(diff == 0)
        m["above_dd"].add(diff > 0)
        idx = np.clip(declarer, 0, 3)
        seat_codes = np.stack([codes(b.column(f"s{k}_policy"), PLAYER_NAMES) for k in range(4)], axis=1)
        decl_code = seat_codes[np.arange(len(idx)), idx]
        for c, name in enumerate(PLAYER_NAMES):
            sel = cards & (decl_code == c)
            if sel.any():
                if name not in self.declarer_players:
                    self.declarer_players.append(name)
                m[f"loss_{name}"].add((tricks - dd_tricks)[sel])
        self.dd.add(hcp, lens, dd_table(b)[first], par[first])

    def sections(self) -> list[Section]:
        P = lambda name, key, exact=None: self._stat(name, key, True, exact)  # noqa: E731
        M = lambda name, key: self._stat(name, key, False)  # noqa: E731
        contracts = Section(CONTRACTS, notes=[
            "contract classes by the undoubled trick score: game = 3NT, 4♥/4♠, 5♣/5♦ and up; strains and doubling "
            "over the boards with a contract"])
        contracts.stats = [P("P(passed out)", "passed"), P("P(game or slam bid)", "game_or_slam"),
                           P("P(slam bid)", "slam")]
        contracts.stats += [P(f"P({name})", f"class_{c}") for c, name in enumerate(CLASSES)]
        contracts.stats += [P(f"P(contract in {STRAIN_CHARS[s]})", f"strain_{s}") for s in range(5)]
        contracts.stats += [P("P(doubled)", "doubled"), P("P(redoubled)", "redoubled"), M("E[calls]", "calls")]
        makes = Section(MAKES, notes=["over boards whose contract was played (result: tricks − 6 − level)"])
        makes.stats = [P("P(contract made)", "made"), M("E[result]", "result")]
        makes.stats += [P(f"P(made | {name})", f"made_class_{c}") for c, name in enumerate(CLASSES)]
        makes.stats += [P(f"P(made | level {lv})", f"made_level_{lv}") for lv in range(1, 8)]
        makes.stats += [P(f"P(made | {STRAIN_CHARS[s]})", f"made_strain_{s}") for s in range(5)]
        makes.stats.append(P("P(made | doubled or redoubled)", "made_doubled"))
        scores = Section(SCORES, notes=["N-S view over all boards; the declaring side's score over boards with a "
                                        "contract"])
        scores.stats = [M(f"E[N-S score | vulnerable: {VULNERABILITY[v]}]", f"ns_vul_{v}") for v in range(4)]
        scores.stats += [M("E[declaring side's score | not vulnerable]", "decl_nv"),
                         M("E[declaring side's score | vulnerable]", "decl_v"), M("E[|N-S score|]", "abs_ns")]
        out = [contracts, makes, scores]
        if self.has_dd:
            bid = Section(DD_BIDDING, notes=[
                "par: both sides bid perfectly against double-dummy play (DDS); IMPs on the WBF scale, matchpoints "
                "with the run's matchpoint_top"])
            bid.stats = [P("P(contract = a par contract)", "equals_par"), P("P(N-S score = par score)", "score_is_par"),
                         P("P(contract makes double dummy)", "dd_makes"), M("E[|IMPs vs par|]", "abs_imps"),
                         M("E[IMPs vs par, declaring side]", "decl_imps"), M("E[matchpoints vs par, N-S]", "mp")]
            play = Section(DD_PLAY, notes=[
                "boards played card by card: tricks taken − the contract's DD tricks, declarer's view (negative: the "
                "declaring side lost tricks against perfect play, positive: the defence did)"])
            play.stats = [M("E[tricks − DD tricks] (card play)", "loss"), P("P(tricks < DD tricks)", "below_dd"),
                          P("P(tricks = DD tricks)", "at_dd"), P("P(tricks > DD tricks)", "above_dd")]
            play.stats += [M(f"E[tricks − DD tricks | declarer {name}]", f"loss_{name}")
                           for name in self.declarer_players]
            out += [bid, play] + self.dd.sections()
        players = self.players.section()
        if players is not None:
            out.append(players)
        from sim.games.bridge.exact import hcp_distribution, p_eight_card_fit, pattern_frequencies

        h = hcp_distribution(13)
        pat = pattern_frequencies()
        deals = Section(DEALS, notes=["each deal once (rotation 0 with --duplicate); seats pooled, deal as the unit"])
        deals.stats = self.hcp12.stats("P(HCP ≥ 12)", sum(p for k, p in h.items() if k >= 12))
        deals.stats += self.balanced.stats("P(balanced hand)", pat["4-3-3-3"] + pat["4-4-3-2"] + pat["5-3-3-2"])
        deals.stats += self.fit8.stats("P(8+ card fit)", p_eight_card_fit())
        inv = Section(INVARIANTS)
        inv.stats = [P("P(money not zero-sum)", "zero_sum", 0.0), P("P(tricks within 0..13)", "tricks_range", 1.0)]
        return out + [deals, inv]

    def _stat(self, name: str, key: str, proportion: bool, exact=None) -> Stat:
        m = self.m.get(key)
        if m is None or m.n == 0:
            return empty(name)
        return Stat.from_moments(name, m, exact, proportion=proportion)


def play_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    """The play report of a bridge run (module docstring)."""
    from sim.games.bridge.report_dd import dd_columns

    has_dd = "par_score" in run.columns
    cols = list(BOARD_COLS) + [f"s{k}_{c}" for k in range(4) for c in ("hcp", "hand")]
    cols += [c for c in PlayerMoney.columns(4) if c not in cols]
    if has_dd:
        cols += dd_columns() + ["dd_tricks", "imps_vs_par", "mp_vs_par", "equals_par"]
    missing = [c for c in cols if c not in run.columns]
    if missing:
        raise RunError(f"run {run.path} lacks bridge play column(s) {', '.join(missing[:4])}")
    tally = PlayTally(run, has_dd)
    for batch in run.iter_batches(cols, batch_size):
        tally.add(batch)
    if tally.n == 0:
        raise RunError(f"run {run.path} has no rows")
    sections = tally.sections()
    sections.insert(len(sections) - 2, quality.section(run, batch_size))  # before the deal check and invariants
    opts = run.manifest.get("options") or {}
    summary = [f"run {run.path}: {tally.n:,} boards, seed {run.manifest.get('seed')}, variant "
               f"{run.manifest.get('variant')}, players {opts.get('policies')}"
               + (", rotating" if opts.get("rotate") else "") + (", duplicate" if opts.get("duplicate") else "")
               + ("" if run.complete else " — INCOMPLETE: estimates cover the rows written so far"),
               f"money: {run.ruleset.get('money', 'points')} (each seat gets its side's result; N-S vs E-W)"]
    stats = {s.name: s for sec in sections for s in sec.stats if s.seat is None}
    names = HEADLINE + (DD_HEADLINE if has_dd else ())
    return Report(f"桥牌 bridge play — {tally.n:,} boards", summary, sections,
                  headline=[stats[n] for n in names if n in stats], show_n=True)
