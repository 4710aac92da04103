"""The report of a landlord-family play run.

One streamed pass folds each batch into ``Moments`` (analysis.estimators): landlord win rate
overall and by winning bid, bid distribution, the multiplier's distribution, 春天/反春 rates, bombs
and rockets, money per role (EV of the landlord and of a farmer) and per player policy, and a
deal check against exact values (P(some player dealt the rocket)). A game adds its own section
through a ``ReportExtension`` (上海三打一: ``sim.games.shanghai.report_play``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable

import numpy as np

from analysis.estimators import Moments, Stat
from analysis.players import PlayerMoney
from analysis.quality import PlayQuality
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run
from sim.games.landlord import quality


@dataclass(frozen=True)
class ReportExtension:
    """A game's own section: the columns it reads (``seat_columns`` per seat), how a batch folds
    into the shared ``Moments`` table ``m`` (its own keys), and the section built from them."""

    columns: tuple[str, ...]
    seat_columns: tuple[str, ...]
    fold: Callable  # (m, d, has, landlord money, hands per session, seats) -> None
    section: Callable  # (m, P, M, run) -> Section
    quality: Callable | None = None  # (PlayQuality, d, money, landlord) -> None: the game's own decisions
    mingpai_label: str = "明牌"  # what the game calls playing with the hand exposed


HEADLINE = ("landlord wins", "landlord wins | bid 1", "landlord wins | bid 2", "landlord wins | bid 3", "春天",
            "EV landlord", "EV farmer", "mean M")

POLICIES = ("random", "greedy", "smart")
M_BUCKETS = (1, 2, 4, 8, 16)


def _exact_jokers(n_seats: int, hand: int, kitty: int, n_cards: int) -> tuple[float, float]:
    """P(some seat dealt 小王 and 大王), P(both in the kitty) for a one-deck game."""
    pair = n_cards * (n_cards - 1)
    return n_seats * hand * (hand - 1) / pair, kitty * (kitty - 1) / pair


def landlord_report(run: Run, extension: ReportExtension | None = None, batch_size: int = BATCH_ROWS) -> Report:
    rules = run.ruleset
    n_seats = int(rules.get("n_players", 3))
    seats = range(n_seats)
    cols = (["landlord", "bid", "qiang", "mingpai", "landlord_won", "spring", "fanchun", "bombs_played",
             "rockets_played", "tianwang_played", "multiplier", "redeals", "n_turns", "kitty_made_bomb"]
            + [f"s{k}_{c}" for k in seats for c in ("money", "policy", "rocket_held", "role")])
    if extension is not None:
        cols += list(extension.columns) + [f"s{k}_{c}" for k in seats for c in extension.seat_columns]
    cols += [c for c in PlayerMoney.columns(n_seats) + quality.columns(n_seats) if c not in cols]
    options = run.manifest.get("options", {})
    hps = int(options.get("hands_per_session") or 1)
    m = defaultdict(Moments)
    players = PlayerMoney(run, n_seats)
    play_quality = PlayQuality()
    mingpai_label = extension.mingpai_label if extension is not None else "明牌"
    n_hands = 0
    for batch in run.iter_batches(cols, batch_size):
        players.add(batch)
        d = {name: batch.column(name) for name in batch.schema.names}
        landlord = np.asarray(d["landlord"]).astype(np.int64)
        has = landlord >= 0
        n_hands += len(landlord)
        m["no_game"].add(~has)
        m["redeals"].add(np.asarray(d["redeals"]))
        won = np.asarray(d["landlord_won"])[has]
        bid = np.asarray(d["bid"])[has]
        m["won"].add(won)
        for b in (1, 2, 3):
            m[f"won_bid{b}"].add(won[bid == b])
            m[f"bid{b}"].add(bid == b)
        m["qiang"].add(np.asarray(d["qiang"])[has])
        m["mingpai"].add(np.asarray(d["mingpai"])[has])
        m["spring"].add(np.asarray(d["spring"])[has])
        m["fanchun"].add(np.asarray(d["fanchun"])[has])
        mult = np.asarray(d["multiplier"])[has]
        m["mult"].add(mult)
        for lo, hi in zip(M_BUCKETS, M_BUCKETS[1:] + (np.inf,)):
            m[f"mult_{lo}"].add((mult >= lo) & (mult < hi))
        bombs = np.asarray(d["bombs_played"])[has]
        rockets = np.asarray(d["rockets_played"])[has]
        tw = np.asarray(d["tianwang_played"])[has]
        m["bombs"].add(bombs)
        m["rockets"].add(rockets)
        m["tianwang"].add(tw)
        m["any_bomb"].add((bombs + rockets + tw) > 0)
        m["kitty_made_bomb"].add(np.asarray(d["kitty_made_bomb"])[has])
        m["turns"].add(np.asarray(d["n_turns"])[has])
        money = np.stack([np.asarray(d[f"s{k}_money"]) for k in seats], axis=1)
        pol = np.stack([np.asarray(d[f"s{k}_policy"].indices) for k in seats], axis=1)
        names = d["s0_policy"].dictionary.to_pylist()
        idx = np.arange(len(landlord))
        ll_money = money[idx, np.maximum(landlord, 0)][has]
        m["ev_landlord"].add(ll_money)
        farmer_mean = (money.sum(axis=1)[has] - ll_money) / (n_seats - 1)
        m["ev_farmer"].add(farmer_mean)
        m["abs_ll"].add(np.abs(ll_money))
        for code, name in enumerate(names):
            sel = pol == code
            present = sel.any(axis=1)
            if present.any():
                per = (money * sel).sum(axis=1)[present] / sel.sum(axis=1)[present]
                m[f"money_{name}"].add(per)
                ll_pol = pol[idx, np.maximum(landlord, 0)]
                m[f"llwon_{name}"].add(np.asarray(d["landlord_won"])[has & (ll_pol == code)])
                m[f"ll_{name}"].add((ll_pol == code)[has])
        rocket = np.stack([np.asarray(d[f"s{k}_rocket_held"]) for k in seats], axis=1)
        m["rocket_dealt"].add(rocket.any(axis=1))
        m["zero_sum"].add(np.abs(money.sum(axis=1)) > 1e-9)
        quality.fold(play_quality, d, n_seats, bool(rules.get("rocket", True)), bool(rules.get("tianwang", False)),
                     mingpai_label)
        if extension is not None:
            extension.fold(m, d, has, ll_money, hps, seats)
            if extension.quality is not None:
                extension.quality(play_quality, d, money, landlord)
    rep = Report(f"{run.game} play run: {n_hands:,} hands", show_n=True)
    rep.summary = [f"variant {run.manifest.get('variant')}, seed {run.manifest.get('seed')}, "
                   f"policies {run.manifest.get('options', {}).get('policies')}"]
    P = lambda name, key, **kw: Stat.from_moments(name, m[key], proportion=True, **kw)  # noqa: E731
    M = lambda name, key, **kw: Stat.from_moments(name, m[key], **kw)  # noqa: E731
    out = Section("Outcomes (doudizhu.md A5, A7)")
    out.stats = [P("no landlord (all passed, no score)", "no_game"), M("redeals before the deal", "redeals"),
                 P("landlord wins", "won")]
    out.stats += [P(f"landlord wins | bid {b}", f"won_bid{b}") for b in (1, 2, 3) if m[f"won_bid{b}"].n]
    out.stats += [P(f"winning bid = {b}", f"bid{b}") for b in (1, 2, 3)]
    out.stats += [M("抢地主 per hand", "qiang"), P("明牌", "mingpai"), P("春天", "spring"), P("反春", "fanchun"),
                  M("turns per hand", "turns")]
    mult = Section("Multiplier M (A6)")
    mult.stats = [M("mean M", "mult")] + [
        P(f"M in [{lo}, {hi})" if hi != np.inf else f"M >= {lo}", f"mult_{lo}")
        for lo, hi in zip(M_BUCKETS, M_BUCKETS[1:] + (np.inf,))]
    bombs = Section("Bombs and rockets played")
    bombs.stats = [M("bombs per hand", "bombs"), M("rockets per hand", "rockets"), P("any bomb-class play", "any_bomb"),
                   P("kitty completed a bomb/rocket for the landlord", "kitty_made_bomb")]
    if m["tianwang"].total:
        bombs.stats.append(M("天王炸 per hand", "tianwang"))
    money = Section("Money per hand, units of 底注 B (hands with a landlord)")
    money.notes = ["EV farmer = mean of the farmers' money in a hand; the landlord's is -(n-1) times it."]
    money.stats = [M("EV landlord", "ev_landlord"), M("EV farmer", "ev_farmer"), M("|landlord money|", "abs_ll")]
    players_sec = players.section() or Section("Players")
    for name in POLICIES:
        if m[f"money_{name}"].n and m[f"ll_{name}"].n:
            players_sec.stats.append(P(f"landlord is {name}", f"ll_{name}"))
            if m[f"llwon_{name}"].n:
                players_sec.stats.append(P(f"landlord wins | {name} landlord", f"llwon_{name}"))
    deals = Section("Deal check against exact values")
    if int(rules.get("n_decks", 1)) == 1:
        p_rocket, _ = _exact_jokers(n_seats, int(rules["hand_size"]), int(rules["kitty_size"]), 54)
        pols = run.manifest.get("options", {}).get("policies") or []
        # a redeal depends on the cards only when some player bids from hand strength
        unbiased = rules.get("all_pass") == "no_game" or all(p == "random" for p in pols)
        deals.notes = ["the dealt hands of the final deal of each hand (redeals reshuffle)"]
        deals.stats = [P("some player dealt the rocket", "rocket_dealt",
                         exact=p_rocket if unbiased else None)]
    inv = Section("Invariants (every hand)")
    inv.stats = [P("money not zero-sum", "zero_sum", exact=0.0)]
    rep.sections = ([out, mult, bombs, money] + ([players_sec] if players_sec.stats else [])
                    + [play_quality.section(), deals, inv])
    if extension is not None:
        rep.sections.insert(1, extension.section(m, P, M, run))
    stats = {st.name: st for sec in rep.sections for st in sec.stats}
    rep.headline = [stats[name] for name in HEADLINE if name in stats]
    return rep
