"""上海三打一's own report section (shanghai-sandayi.md §8, §10), added to the landlord family's
report: 头撂, 摊打, 明王 (against its exact 4/108), 荒番 and all-pass deals, 报到 / 双报到 with 打 / 不打
and their win rates and EVs, EV by 档, farmers' bomb limits (blocked turns, limits used up), 7-8
card bombs.
"""

from __future__ import annotations

import numpy as np

from analysis.columns import codes
from analysis.report import Section
from kernels.landlord.layout import BAODAO
from sim.games.landlord.report_play import ReportExtension

COLUMNS = ("touliao", "mingwang", "huangfan", "baodao", "baodao_sets", "bomb_limit_blocks", "big_bombs_played",
           "game_index", "first_bidder")


def fold(m, d, has, ll_money, hps: int, seats) -> None:
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


def _section(m, P, M, mw_exact: float | None) -> Section:
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


def quality(q, d, money, landlord) -> None:
    """上海's own decisions for the play-quality section: 头撂 (the first bidder bids 3档) and 报到
    打 / 不打 (the landlord), each with the decider's money."""
    n_seats = money.shape[1]
    seat = np.arange(n_seats)[None, :]
    first = np.asarray(d["first_bidder"]).astype(np.int64)
    q.decision("头撂 (decider: the first bidder)", (seat == first[:, None]) & np.asarray(d["touliao"]).astype(bool)[:, None],
               money)
    choice = codes(d["baodao"], BAODAO)
    is_ll = (seat == landlord[:, None]) & (landlord >= 0)[:, None]
    q.decision("报到 打 (decider: the landlord)", is_ll & (choice == BAODAO.index("da"))[:, None], money)
    q.decision("报到 不打 (decider: the landlord)", is_ll & (choice == BAODAO.index("buda"))[:, None], money)


def section(m, P, M, run) -> Section:
    pols = (run.manifest.get("options") or {}).get("policies") or []
    # the marker card is uniform over the dealt cards; 明王 is unbiased unless bids redeal
    mw_exact = 4 / 108 if all(p == "random" for p in pols) else None
    return _section(m, P, M, mw_exact)


EXTENSION = ReportExtension(columns=COLUMNS, seat_columns=("bomb_limit", "limited_bombs"), fold=fold, section=section,
                            quality=quality, mingpai_label="摊打")
