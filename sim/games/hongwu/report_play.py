"""The play report of 仙居红五 runs — the family's statistics (``sim.games.trick.report_play``)
plus the ♥5 (XJ-9): captures per side, by what each side held at the deal, the kitty's ♥5s, the
bonus money, and the 庄 side's win rate by the ♥5s and jokers it held."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.columns import num, seat_matrix
from analysis.estimators import MomentsTable, from_moments
from analysis.report import Section
from analysis.runs import Run
from sim.games.trick.report_play import Extension, PlayReportSpec, play_report as family_play_report

BAND_LABELS = {1: "band 1: P <= 0 (闲 -3B)", 2: "band 2: 0 < P < 60 (闲 -2B)", 3: "band 3: 60-115 (闲 -1B)",
               4: "band 4: 120-175 (闲 +1B)", 5: "band 5: 180-235 (闲 +2B)", 6: "band 6: 240-295 (闲 +3B)",
               7: "band 7: 300 (闲 +5B)"}
HEADLINE = ("P(庄 side wins the band)", "E[P]", "P(扣底)", "throw success rate", "E[♥5 captured by the 庄 side]",
            "E[money | banker]", "E[money | opponent]")
EXT_COLS = ("h5_banker", "h5_opp", "kitty_hearts5", "h5_net", "partner", "banker_won")
JOKER_EDGES = (1, 2, 3, 4)


@dataclass
class _State:
    t: MomentsTable = field(default_factory=MomentsTable)


def _fold(st: _State, b, d) -> None:
    t = st.t
    hb, ho = num(b, "h5_banker").astype(np.int64), num(b, "h5_opp").astype(np.int64)
    banker, partner = d["banker"].astype(np.int64), num(b, "partner").astype(np.int64)
    win = num(b, "banker_won").astype(bool)
    seat = np.arange(4)[None, :]
    side = (seat == banker[:, None]) | (seat == partner[:, None])
    held = np.where(side, seat_matrix(b, "hearts5", 4), 0).sum(axis=1).astype(np.int64)
    jokers = np.where(side, seat_matrix(b, "jokers", 4), 0).sum(axis=1).astype(np.int64)
    t.add("h5 banker", hb)
    t.add("h5 opp", ho)
    t.add("h5 banker any", hb > 0)
    t.add("h5 opp all", ho == 3)
    t.add("h5 total", hb + ho == 3)
    t.add("kitty h5", num(b, "kitty_hearts5"))
    t.add("kitty h5 any", num(b, "kitty_hearts5") > 0)
    t.add("h5 net", num(b, "h5_net"))
    for k in range(4):
        t.add(f"held {k}", held == k)
        t.add(f"kept {k}", hb[held == k])
        t.add(f"win held {k}", win[held == k])
    jb = np.searchsorted(np.asarray(JOKER_EDGES), jokers, side="right")
    for i in range(len(JOKER_EDGES) + 1):
        t.add(f"win jokers {i}", win[jb == i])


def _sections(st: _State) -> list[Section]:
    tm = st.t.moments
    P = lambda name, key, **kw: from_moments(name, tm.get(key), True, **kw)  # noqa: E731
    E = lambda name, key, **kw: from_moments(name, tm.get(key), False, **kw)  # noqa: E731
    h5 = Section("♥5 (红五) captures and bonus (XJ-9)", notes=[
        "a side captures a ♥5 by winning the trick it is played to; the kitty's ♥5s go to the winner of the last "
        "trick; 庄 side = 庄家 and (two_vs_two) his partner; held = ♥5s the 庄 side was dealt"])
    h5.stats = [E("E[♥5 captured by the 庄 side]", "h5 banker"), E("E[♥5 captured by the 闲 side]", "h5 opp"),
                P("P(the 庄 side captures at least one ♥5)", "h5 banker any"),
                P("P(the 闲 side captures all three ♥5)", "h5 opp all"),
                E("E[♥5 buried in the kitty]", "kitty h5"), P("P(庄家 buries a ♥5)", "kitty h5 any"),
                E("E[♥5 money per 闲 player]", "h5 net")]
    h5.stats += [P(f"P(the 庄 side is dealt {k} ♥5)", f"held {k}") for k in range(4)]
    h5.stats += [E(f"E[♥5 captured by the 庄 side | dealt {k}]", f"kept {k}") for k in range(4)]
    h5.stats += [P(f"P(庄 side wins the band | dealt {k} ♥5)", f"win held {k}") for k in range(4)]
    labels = ["0", "1", "2", "3", ">= 4"]
    h5.stats += [P(f"P(庄 side wins the band | holds {lb} jokers)", f"win jokers {i}") for i, lb in enumerate(labels)]
    h5.stats.append(P("P(♥5 captured by the two sides = 3)", "h5 total", exact=1))
    return [h5]


def _exact(run: Run) -> dict:
    from sim.games.hongwu.exact import deal_exact

    # the seats' dealt holdings are those of an unconditioned shuffle whoever shows a 10 and when:
    # a bot that has not shown shows its best 10 on its last card whatever its parameters
    # (kernels.trick.declare), and the 6-card kitty cannot hold all twelve 10s, so nobody ever
    # redeals (the redeal that would condition the deal on the cards) — choosy runs keep the values
    # (tests/games/test_hongwu_players.py plays the choosiest bots and finds no redeal)
    return deal_exact()


def _summary(run: Run) -> list[str]:
    r = run.ruleset
    return [f"teams {r.get('teams')} · kitty {r.get('kitty_multiplier')} · bands of {r.get('bands.width')} points · "
            f"♥5 bonus {r.get('hongwu_bonus_per_card')} B per card · B = {r.get('base')}"]


def play_spec(run: Run) -> PlayReportSpec:
    ext = Extension(EXT_COLS, lambda r: _State(), _fold, _sections)
    return PlayReportSpec(
        title="仙居红五 play", total_points=300, win="banker_won", win_text="庄 side wins the band", outcome="band",
        outcome_labels=BAND_LABELS,
        p_buckets=((5, 55), (60, 115), (120, 175), (180, 235), (240, 295), (300, None)),
        trump_edges=(14, 17, 20, 23, 26), seat_features=("pairs", "triples", "points_held", "hearts5", "jokers"),
        exact=_exact, dist={"hearts5": range(4), "jokers": range(7)}, headline=HEADLINE, extension=ext,
        summary=_summary, declarer="banker")  # 庄家 is the seat that showed the first 10


def play_report(run: Run, **kwargs):
    return family_play_report(run, play_spec(run), **kwargs)
