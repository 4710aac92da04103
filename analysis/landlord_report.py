"""The report of a landlord-family play run (``paiju play doudizhu|doudizhu4|shanghai``).

One streamed pass folds each batch into ``Moments`` (analysis.estimators): landlord win rate
overall and by winning bid, bid distribution, the multiplier's distribution, 春天/反春 rates, bombs
and rockets, money per role (EV of the landlord and of a farmer) and per player policy, and a
deal check against exact values (P(some player dealt the rocket), P(both jokers in the kitty)).
上海三打一 runs add their section (shanghai-sandayi.md §8, §10): 头撂, 摊打, 明王 (against its exact
4/108), 荒番 and all-pass deals, 报到 / 双报到 with 打 / 不打 and their win rates and EVs, EV by 档,
farmers' bomb limits (blocked turns, limits used up), 7-8 card bombs and 天王炸.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from analysis.estimators import Moments, Stat
from analysis.report import Report, Section
from analysis.runs import BATCH_ROWS, Run

POLICIES = ("random", "greedy", "smart")
M_BUCKETS = (1, 2, 4, 8, 16)


def _exact_jokers(n_seats: int, hand: int, kitty: int, n_cards: int) -> tuple[float, float]:
    """P(some seat dealt 小王 and 大王), P(both in the kitty) for a one-deck game."""
    pair = n_cards * (n_cards - 1)
    return n_seats * hand * (hand - 1) / pair, kitty * (kitty - 1) / pair


SH_COLS = ("touliao", "mingwang", "huangfan", "baodao", "baodao_sets", "bomb_limit_blocks", "big_bombs_played",
           "game_index")


def _shanghai_batch(m, d, has, ll_money, hps: int, seats) -> None:
    """Fold one batch of a 上海 run into ``m`` (keys ``sh_*``)."""
    won = np.asarray(d["landlord_won"])[has]
    llm = ll_money
    bid = np.asarray(d["bid"])[has]
    tl = np.asarray(d["touliao"])[has]
    tanda = np.asarray(d["mingpai"])[has]
    m["sh_touliao"].add(tl)
    m["sh_won_touliao"].add(won[tl])
    m["sh_ev_touliao"].add(llm[tl])
    m["sh_tanda_touliao"].add(tanda[tl])
    m["sh_won_tanda"].add(won[tanda])
    m["sh_ev_tanda"].add(llm[tanda])
    for b in (1, 2):
        m[f"sh_ev_bid{b}"].add(llm[bid == b])
    m["sh_ev_bid3"].add(llm[(bid == 3) & ~tl])
    mw = np.asarray(d["mingwang"])
    m["sh_mingwang"].add(mw)
    gi = np.asarray(d["game_index"])
    m["sh_mingwang_free"].add(mw[gi % hps != hps - 1])  # deals recorded whatever the auction
    hf = np.asarray(d["huangfan"])
    m["sh_huangfan"].add((hf > 0)[has])
    m["sh_allpass"].add(np.asarray(d["redeals"]) + (np.asarray(d["landlord"]) < 0))
    sets = np.asarray(d["baodao_sets"])[has]
    choice = np.asarray(d["baodao"].indices)[has]
    names = d["baodao"].dictionary.to_pylist()
    da, buda = choice == names.index("da"), choice == names.index("buda")
    m["sh_eligible"].add(sets > 0)
    m["sh_double"].add(sets >= 2)
    m["sh_da"].add(da)
    m["sh_buda"].add(buda)
    m["sh_declared"].add((da | buda)[sets > 0])
    m["sh_won_da"].add(won[da])
    m["sh_ev_da"].add(llm[da])
    m["sh_ev_buda"].add(llm[buda])
    m["sh_blocks"].add(np.asarray(d["bomb_limit_blocks"])[has])
    m["sh_blocked"].add((np.asarray(d["bomb_limit_blocks"]) > 0)[has])
    lim = np.stack([np.asarray(d[f"s{k}_bomb_limit"]) for k in seats], axis=1)[has]
    used = np.stack([np.asarray(d[f"s{k}_limited_bombs"]) for k in seats], axis=1)[has]
    limited = lim >= 0
    m["sh_limited_farmers"].add(limited.sum(axis=1))
    m["sh_limit_used_up"].add((used >= lim)[limited])
    m["sh_big_bombs"].add(np.asarray(d["big_bombs_played"])[has])


def _shanghai_section(m, P, M, mw_exact: float | None) -> Section:
    sh = Section("上海三打一 (shanghai-sandayi.md §8, §10)")
    sh.notes = ["EV: the landlord's money per deal; 档 3 excludes 头撂 deals (scored as 4 / 3 档, SH-8).",
                "明王 exact 4/108 holds for deals recorded whatever their auction (all but a session's last deal, "
                "which is redealt until someone bids) and for any deal under random bidding."]
    items = [(P, "头撂 (first bidder bids 3档)", "sh_touliao", None), (P, "landlord wins | 头撂", "sh_won_touliao", None),
             (M, "EV landlord | 头撂", "sh_ev_touliao", None), (P, "摊打 | 头撂", "sh_tanda_touliao", None),
             (P, "landlord wins | 摊打", "sh_won_tanda", None), (M, "EV landlord | 摊打", "sh_ev_tanda", None)]
    items += [(M, f"EV landlord | 档 {b}", f"sh_ev_bid{b}", None) for b in (1, 2, 3)]
    items += [(P, "明王 (marker card a joker)", "sh_mingwang", mw_exact),
              (P, "明王, deals recorded unconditionally", "sh_mingwang_free", 4 / 108),
              (M, "all-pass auctions per row (荒番 next)", "sh_allpass", None), (P, "荒番局", "sh_huangfan", None),
              (P, "报到-eligible landlord (four jokers or a 7+ bomb)", "sh_eligible", None),
              (P, "双报到-eligible", "sh_double", None), (P, "报到 declared | eligible", "sh_declared", None),
              (P, "报到 打", "sh_da", None), (P, "报到 不打", "sh_buda", None),
              (P, "landlord wins | 报到 打", "sh_won_da", None), (M, "EV landlord | 报到 打", "sh_ev_da", None),
              (M, "EV landlord | 报到 不打", "sh_ev_buda", None),
              (M, "bomb limit: farmer turns blocked per deal", "sh_blocks", None),
              (P, "bomb limit: deals where it blocked a farmer", "sh_blocked", None),
              (M, "bomb limit: farmers with a limit per deal", "sh_limited_farmers", None),
              (P, "bomb limit: a limited farmer used it up", "sh_limit_used_up", None),
              (M, "7-8 card bombs played per deal", "sh_big_bombs", None)]
    sh.stats = [f(name, key, exact=exact) for f, name, key, exact in items if m[key].n]
    return sh


def landlord_report(run: Run, batch_size: int = BATCH_ROWS) -> Report:
    rules = run.ruleset
    n_seats = int(rules.get("n_players", 3))
    seats = range(n_seats)
    shanghai = run.game == "shanghai"
    cols = (["landlord", "bid", "qiang", "mingpai", "landlord_won", "spring", "fanchun", "bombs_played",
             "rockets_played", "tianwang_played", "multiplier", "redeals", "n_turns", "kitty_made_bomb"]
            + [f"s{k}_{c}" for k in seats for c in ("money", "policy", "rocket_held", "role")])
    if shanghai:
        cols += list(SH_COLS) + [f"s{k}_{c}" for k in seats for c in ("bomb_limit", "limited_bombs")]
    options = run.manifest.get("options", {})
    hps = int(options.get("hands_per_session") or 1)
    m = defaultdict(Moments)
    n_hands = 0
    kitty_jokers = Moments()
    for batch in run.iter_batches(cols, batch_size):
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
        if shanghai:
            _shanghai_batch(m, d, has, ll_money, hps, seats)
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
    players = Section("Players")
    players.notes = ["money: per hand, mean over the seats the policy played (seat-rotated runs compare fairly)"]
    for name in POLICIES:
        if m[f"money_{name}"].n:
            players.stats += [M(f"money {name}", f"money_{name}"), P(f"landlord is {name}", f"ll_{name}")]
            if m[f"llwon_{name}"].n:
                players.stats.append(P(f"landlord wins | {name} landlord", f"llwon_{name}"))
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
    rep.sections = [out, mult, bombs, money, players, deals, inv]
    if shanghai:
        mw_exact = 4 / 108 if all(p == "random" for p in options.get("policies") or []) else None
        rep.sections.insert(1, _shanghai_section(m, P, M, mw_exact))
    return rep
