"""The report of a 干瞪眼 play run (rules/gandengyan.md §7, §8): the banker's advantage and the win
rate by position after him, game length in tricks (rounds), cards left per loser, payments per
seat and the multipliers, bombs / 2s / jokers and their effect on winning, the 瞪眼 rate, the
stock, players, sessions, and the deals held against exact values.

One streamed pass folds each batch into ``Moments`` (rates and means over hands) and
``ClusterMean`` (per-seat quantities pooled over the seats a condition selects, the hand as the
unit); memory is one batch whatever the run size. Player counts differ by run: compare the
banker's win rate across player counts with one run per count (README).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.estimators import ClusterMean, Moments, from_moments, invariant
from analysis.players import PlayerMoney
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run, RunError
from sim.games.gandengyan import quality

HAND = ["game_index", "session", "banker", "first_leader", "winner", "n_tricks", "n_turns", "bombs3", "bombs4",
        "bombs5", "bombs6", "bombs7p", "joker_bombs", "stock_left", "stock_out_trick", "dengyan", "two_breaks",
        "plus_one_wins", "lead_passes", "public_multiplier"]
SEAT = ["cards_left", "finish", "dealt", "jokers_dealt", "twos_dealt", "plays", "draws", "bombs_played",
        "jokers_left", "held3", "held4", "held5p", "personal_multiplier", "multiplier", "cap_hit", "quanguan", "pays",
        "money"]
LEFT_BUCKETS = ((1, 1), (2, 3), (4, 5), (6, 8), (9, 200))
PUBLIC_BUCKETS = ((1, 1), (2, 3), (4, 7), (8, 31), (32, 1 << 40))
HEADLINE = ("P(banker wins)", "E[tricks]", "E[cards left | loser]", "瞪眼 rate (per answering turn)",
            "E[public multiplier]", "E[money | banker]", "E[money | other]")
POOLED = "pooled over the seat-hands the condition selects (95% CI with the hand as the unit)"


def _bucket(lo: int, hi: int, what: str) -> str:
    return f"P({what} = {lo})" if lo == hi else (f"P({what} ≥ {lo})" if hi >= 200 else f"P({what} {lo}–{hi})")


class _Fold:
    def __init__(self, run: Run, n_seats: int, rules):
        self.n_seats, self.rules = n_seats, rules
        self.m: dict[str, Moments] = defaultdict(Moments)
        self.c: dict[str, ClusterMean] = defaultdict(ClusterMean)
        self.players = PlayerMoney(run, n_seats)
        self.hps = int((run.manifest.get("options") or {}).get("hands_per_session") or 1)
        self.pending: dict[int, np.ndarray] = {}
        self.n = 0
        self.max_sum = 0.0
        self.pack = 54 * rules.decks

    def pooled(self, name: str, y, sel) -> None:
        y = np.asarray(y, np.float64)
        self.c[name].add(np.where(sel, y, 0.0).sum(axis=1), sel.sum(axis=1))

    def add(self, b) -> None:
        n_seats = self.n_seats
        self.players.add(b)
        d = {c: num(b, c) for c in HAND}
        s = {c: seat_matrix(b, c, n_seats) for c in SEAT}
        n = len(d["winner"])
        self.n += n
        m = self.m
        winner, banker = d["winner"].astype(np.int64), d["banker"].astype(np.int64)
        seats = np.arange(n_seats)[None, :]
        won = seats == winner[:, None]
        is_banker = seats == banker[:, None]
        pos = (seats - banker[:, None]) % n_seats  # 0 = the banker, 1 = the next seat counter-clockwise
        everyone = np.ones((n, n_seats), bool)
        m["banker_wins"].add(winner == banker)
        m["leader_wins"].add(winner == d["first_leader"])
        m["stalemate"].add(winner < 0)
        for j in range(n_seats):
            m[f"pos_{j}"].add(winner[winner >= 0] == ((banker[winner >= 0] + j) % n_seats))
        tricks = d["n_tricks"]
        m["tricks"].add(tricks)
        m["turns"].add(d["n_turns"])
        for at in (20, 30):
            m[f"tricks_{at}"].add(tricks >= at)
        m["stock_out"].add(d["stock_out_trick"] > 0)
        m["stock_left"].add(d["stock_left"])
        self.pooled("draws", s["draws"], everyone)
        left = s["cards_left"].astype(np.float64)
        loser = left > 0
        self.pooled("left", left, loser)
        for lo, hi in LEFT_BUCKETS:
            self.pooled(f"left_{lo}", (left >= lo) & (left <= hi), loser)
        self.pooled("jokers_left", s["jokers_left"], loser)
        self.pooled("held_sets", s["held3"] + s["held4"] + s["held5p"], loser)
        money = s["money"].astype(np.float64)
        self.max_sum = max(self.max_sum, float(np.abs(money.sum(axis=1)).max(initial=0.0)))
        self.pooled("money_banker", money, is_banker)
        self.pooled("money_other", money, ~is_banker)
        for j in range(n_seats):
            self.pooled(f"money_pos_{j}", money, pos == j)
        pays = s["pays"].astype(bool)
        self.pooled("payment", -money, pays)
        public = d["public_multiplier"].astype(np.float64)
        m["public"].add(public)
        for lo, hi in PUBLIC_BUCKETS:
            m[f"public_{lo}"].add((public >= lo) & (public <= hi))
        self.pooled("personal", s["personal_multiplier"], pays)
        self.pooled("personal_gt1", s["personal_multiplier"] > 1, pays)
        self.pooled("multiplier", s["multiplier"], pays)
        self.pooled("quanguan", s["quanguan"], pays)
        self.pooled("cap_hit", s["cap_hit"], pays)
        sizes = [d[f"bombs{k}"] for k in ("3", "4", "5", "6", "7p")]
        for k, v in zip(("3", "4", "5", "6", "7p"), sizes):
            m[f"bombs{k}"].add(v)
        m["joker_bombs"].add(d["joker_bombs"])
        any_bomb = sum(sizes) + d["joker_bombs"]
        m["any_bomb"].add(any_bomb > 0)
        played_bomb = s["bombs_played"] > 0
        self.pooled("win_bomb", won, played_bomb)
        self.pooled("win_no_bomb", won, ~played_bomb)
        self.pooled("win_joker", won, s["jokers_dealt"] > 0)
        self.pooled("win_no_joker", won, s["jokers_dealt"] == 0)
        self.pooled("win_two", won, s["twos_dealt"] > 0)
        self.pooled("win_no_two", won, s["twos_dealt"] == 0)
        m["two_breaks"].add(d["two_breaks"])
        m["plus_one_wins"].add(d["plus_one_wins"])
        m["lead_passes"].add(d["lead_passes"])
        leads = tricks - (winner < 0)  # every trick opens with a lead, but a stalemate's last
        answers = d["n_turns"] - leads
        self.c["dengyan_rate"].add(d["dengyan"].astype(np.float64), answers)
        m["dengyan"].add(d["dengyan"])
        m["dengyan_any"].add(d["dengyan"] > 0)
        self.pooled("jokers_dealt_banker", s["jokers_dealt"], is_banker)
        self.pooled("jokers_dealt_other", s["jokers_dealt"], ~is_banker)
        self.pooled("twos_dealt_banker", s["twos_dealt"], is_banker)
        self.pooled("twos_dealt_other", s["twos_dealt"], ~is_banker)
        m["conserved"].add(s["dealt"].sum(axis=1) + s["draws"].sum(axis=1) + d["stock_left"] == self.pack)
        m["winner_out"].add((left[np.arange(n), np.maximum(winner, 0)] == 0)[winner >= 0])
        if self.hps > 1:
            self._sessions(d, money, banker, winner)

    def _sessions(self, d, money, banker, winner) -> None:
        later = d["game_index"] % self.hps != 0
        self.m["kept_bank"].add((winner == banker)[later & (winner >= 0)])
        session = d["session"].astype(np.int64)
        for sess in np.unique(session):
            sel = session == sess
            acc = self.pending.get(int(sess), np.zeros(self.n_seats + 1))
            acc[:self.n_seats] += money[sel].sum(axis=0)
            acc[self.n_seats] += sel.sum()
            self.pending[int(sess)] = acc
            if acc[self.n_seats] == self.hps:
                self.m["session_abs"].add(np.abs(self.pending.pop(int(sess))[:1]))


def _exact(rules) -> dict[str, float]:
    from sim.games.gandengyan import exact as E

    out = {}
    for role, hand in (("banker", rules.banker_cards), ("other", rules.other_cards)):
        out[f"jokers_dealt_{role}"] = float(sum(k * p for k, p in enumerate(E.jokers_pmf(rules, hand))))
        out[f"twos_dealt_{role}"] = float(sum(k * p for k, p in enumerate(E.twos_pmf(rules, hand))))
    return out


def play_report(run: Run, batch_size: int = BATCH_ROWS, **_) -> Report:
    from sim.registry import load_game, rules_from_manifest

    rules = rules_from_manifest(load_game(run.game), run.ruleset)
    n_seats = rules.players
    f = _Fold(run, n_seats, rules)
    cols = HAND + [f"s{k}_{c}" for c in SEAT for k in range(n_seats)]
    for b in run.iter_batches(cols + [c for c in PlayerMoney.columns(n_seats) if c not in cols], batch_size):
        f.add(b)
    if not f.n:
        raise RunError(f"run {run.path} has no rows")
    m, c = f.m, f.c
    P = lambda name, key, **kw: from_moments(name, m.get(key), True, **kw)  # noqa: E731
    M = lambda name, key, **kw: from_moments(name, m.get(key), False, **kw)  # noqa: E731
    C = lambda name, key, exact=None: c[key].stat(name).against(exact)  # noqa: E731
    play_on = rules.end == "play_on"
    outcomes = Section("Outcomes: the banker's advantage and game length (§2–§5, §8)",
                       notes=["position j = the seat j places counter-clockwise after the banker (who deals first "
                              "and holds the larger share); a trick is a round: the hand's length in rounds is its "
                              "last trick"])
    outcomes.stats = [P("P(banker wins)", "banker_wins")]
    if rules.first_leader != "banker":
        outcomes.stats.append(P("P(first leader wins)", "leader_wins"))
    outcomes.stats += [P(f"P(win | position {j} after the banker)", f"pos_{j}") for j in range(1, n_seats)]
    outcomes.stats += [P("P(stalemate: only jokers left, nobody out)", "stalemate"), M("E[tricks]", "tricks"),
                       P("P(the hand reaches trick 20)", "tricks_20"), P("P(the hand reaches trick 30)", "tricks_30"),
                       M("E[turns]", "turns"), P("P(the stock runs out)", "stock_out"),
                       M("E[cards in the stock at the end]", "stock_left"), C("E[draws per player]", "draws")]
    cards = Section("Cards left per loser (§8)", notes=["a loser is a player still holding cards at the end; "
                                                       + POOLED])
    cards.stats = [C("E[cards left | loser]", "left")]
    cards.stats += [C(_bucket(lo, hi, "cards left") + " | loser", f"left_{lo}") for lo, hi in LEFT_BUCKETS]
    cards.stats += [C("E[jokers left | loser]", "jokers_left"),
                    C("E[natural sets of 3+ left | loser]", "held_sets")]
    money = Section("Payments per seat and multipliers, units of the base (§2–§5)",
                    notes=["money per seat: " + POOLED] + (["play_on: each finisher collects from those still "
                                                            "holding cards; no multipliers"] if play_on else []))
    money.stats = [C("E[money | banker]", "money_banker"), C("E[money | other]", "money_other")]
    money.stats += [C(f"E[money | position {j} after the banker]", f"money_pos_{j}") for j in range(1, n_seats)]
    if not play_on:
        money.stats += [C("E[payment | paying loser]", "payment"), M("E[public multiplier]", "public")]
        money.stats += [P(_bucket(lo, hi if hi < (1 << 40) else 200, "public multiplier"), f"public_{lo}")
                        for lo, hi in PUBLIC_BUCKETS]
        money.stats += [C("E[personal multiplier | paying loser]", "personal"),
                        C("P(personal multiplier > 1 | paying loser)", "personal_gt1"),
                        C("E[multiplier | paying loser]", "multiplier")]
        if rules.quanguan != "none":
            money.stats.append(C("P(全关 | paying loser)", "quanguan"))
        if rules.multiplier_cap:
            money.stats.append(C(f"P(multiplier capped at {rules.multiplier_cap} | paying loser)", "cap_hit"))
    bombs = Section("Bombs, 2s and jokers and their effect on winning (§7, §8)", notes=["P(win | …): " + POOLED])
    bombs.stats = [M(f"E[{k}-card bombs played per hand]" if k != "7p" else "E[bombs of 7+ cards played per hand]",
                     f"bombs{k}") for k, size in (("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7p", 7))
                   if rules.bomb_min <= size and (rules.bomb_max == 0 or size <= rules.bomb_max)]
    if rules.joker_bomb != "none":
        bombs.stats.append(M("E[双王 played per hand]", "joker_bombs"))
    bombs.stats += [P("P(some bomb played)", "any_bomb"), C("P(win | played a bomb)", "win_bomb"),
                    C("P(win | played no bomb)", "win_no_bomb"), C("P(win | dealt a joker)", "win_joker"),
                    C("P(win | dealt no joker)", "win_no_joker"), C("P(win | dealt a 2)", "win_two"),
                    C("P(win | dealt no 2)", "win_no_two"), M("E[2s breaking a sequence per hand]", "two_breaks"),
                    M("E[tricks won by an unanswered +1 per hand]", "plus_one_wins"),
                    M("E[leads passed on by a joker-only hand]", "lead_passes")]
    dengyan = Section("瞪眼: a higher answer of the pattern could be formed, but none is legal (§8)",
                      notes=["rate = 瞪眼 turns / answering turns (turns facing a play), the hand as the unit"])
    dengyan.stats = [C("瞪眼 rate (per answering turn)", "dengyan_rate"), M("E[瞪眼 turns per hand]", "dengyan"),
                     P("P(some 瞪眼 in the hand)", "dengyan_any")]
    exact = _exact(rules)
    deals = Section("Deal check: what the played deals gave, against exact values", notes=[POOLED])
    deals.stats = [C(f"E[{what} dealt | {role}]", f"{key}_dealt_{role}", exact[f"{key}_dealt_{role}"])
                   for key, what in (("jokers", "jokers"), ("twos", "2s")) for role in ("banker", "other")]
    sections = [outcomes, cards, money, bombs, dengyan]
    players = f.players.section()
    if players is not None:
        sections.append(players)
    if f.hps > 1:
        sections.append(Section("Sessions (--hands-per-session)",
                                [P("P(the banker wins | a session's later hand)", "kept_bank"),
                                 M("E[|net money of seat 0| per session]", "session_abs")],
                                [f"{f.hps} hands per session; banker = {rules.banker.replace('_', ' ')}"]))
    inv = Section("Invariants (every hand)", [invariant("max |Σ money| of a hand", f.max_sum, f.n),
                                               P("cards conserved (dealt + drawn + stock = pack)", "conserved",
                                                 exact=1.0),
                                               P("the winner holds no card", "winner_out", exact=1.0)])
    sections += [quality.section(run, rules, batch_size), deals, inv]
    rep = Report(f"干瞪眼 play run: {f.n:,} hands, {n_seats} players", show_n=True, sections=sections)
    opts = run.manifest.get("options") or {}
    rep.summary = [f"variant {run.manifest.get('variant')}, seed {run.manifest.get('seed')}, policies "
                   f"{opts.get('policies')}" + (", rotated" if opts.get("rotate") else "")
                   + (", duplicate deals" if opts.get("duplicate") else "")]
    stats = {s.name: s for s in rep.stats() if s.seat is None}
    rep.headline = [stats[name] for name in HEADLINE if name in stats]
    return rep
