"""仙桃千分's play-quality section (sim.games.xiantao.quality) on a hand-made batch whose every
figure is known."""

from __future__ import annotations

import pyarrow as pa
import pytest

from analysis.quality import PlayQuality
from sim.games.xiantao import quality


def _batch() -> pa.RecordBatch:
    """h0 (叫牌, 庄家 seat 0): all four decline 硬牌; 庄家 loses still holding a 6-bomb, the 暗对家
    (seat 2) a 4-bomb; seat 1 wins with its 7张 never played whole. h1: seat 2 accepts 硬牌 when
    asked second and wins, playing its 8张 whole; seat 3 loses holding 王炸. Seat 0 searched 5
    decisions in h0 (3 as smart would) and 3 in h1 (all 3)."""
    cols = {"banker": [0, 1], "hard_seat": [-1, 2], "hard_asked": [4, 2]}
    seats = {
        "won": [[0, 1, 0, 1], [0, 0, 1, 0]],
        "money": [[-2, 2, -2, 2], [-1, -1, 3, -1]], "left_max_bomb": [[6, 0, 4, 0], [0, 0, 0, 0]],
        "left_wangzha": [[0, 0, 0, 0], [0, 0, 0, 1]], "seven": [[0, 1, 0, 0], [0, 0, 0, 0]],
        "eight": [[0, 0, 0, 0], [0, 0, 1, 0]], "big_whole": [[0, 0, 0, 0], [0, 0, 1, 0]],
        "search_decisions": [[5, 0, 0, 0], [3, 0, 0, 0]], "search_agree": [[3, 0, 0, 0], [3, 0, 0, 0]],
        "role": [["banker", "opponent", "partner", "opponent"], ["hard_opponent", "hard_opponent", "hard", "hard_opponent"]],
    }
    for name, v in seats.items():
        for k in range(4):
            cols[f"s{k}_{name}"] = [row[k] for row in v]
    assert set(cols) == set(quality.columns())
    arrays = {n: (pa.array(v).dictionary_encode() if n.endswith("_role") else pa.array(v)) for n, v in cols.items()}
    return pa.RecordBatch.from_pydict(arrays)


def test_decisions_and_missed_chances_on_a_known_batch():
    q = PlayQuality()
    quality.fold(q, _batch())
    s = {st.name: st for st in q.section().stats}
    expect = {
        "P(硬牌 (decider: the 硬牌家))": 0.5, "E[money | 硬牌 (decider: the 硬牌家)]": 3.0,
        "P(declines 硬牌 when asked)": 1.0, "E[money | declines 硬牌 when asked]": -0.2,
        "P(庄家 lost holding a 4+ bomb or 王炸 at the end, per 庄家 seat-hand)": 1.0,
        "P(暗对家 lost holding a 4+ bomb or 王炸 at the end, per 暗对家 seat-hand)": 1.0,
        "P(暗对家 lost holding a 6+ bomb or 王炸 at the end, per 暗对家 seat-hand)": 0.0,
        "P(闲家 lost holding a 4+ bomb or 王炸 at the end, per 闲家 seat-hand)": 0.0,
        "P(硬牌家 lost holding a 4+ bomb or 王炸 at the end, per 硬牌家 seat-hand)": 0.0,
        "P(硬牌 opponent lost holding a 6+ bomb or 王炸 at the end, per 硬牌 opponent seat-hand)": 1 / 3,
        "P(7张/8张 split or kept and lost | dealt one)": 0.0,
        "P(search chose what smart would have | a searched decision)": 6 / 8,
    }
    for name, value in expect.items():
        assert s[name].estimate == pytest.approx(value), name
    split = s["P(7张/8张 split or kept | dealt one)"]
    assert (split.estimate, split.n) == (0.5, 2)


def test_play_report_quality_section_agrees_with_the_rows(tmp_path):
    """A small seeded smart run: the report's section against figures recomputed here with pandas."""
    import numpy as np
    import pyarrow.dataset as ds

    from analysis.quality import QUALITY
    from analysis.runs import open_run
    from sim.games.xiantao.report_play import play_report
    from sim.games.xiantao.rules import Rules
    from sim.runner import RunSpec, run_local

    options = {"policies": ["smart"] * 4, "policy_params": [{}] * 4, "hands_per_session": 1, "rotate": False}
    spec = RunSpec("xiantao", "play", "default", Rules(), 5, 300, 300, options)
    run_local(spec, tmp_path / "run", resume=False, overwrite=False, threads=1, log=lambda _: None)
    df = ds.dataset(tmp_path / "run", format="parquet").to_table().to_pandas()
    sec = next(s for s in play_report(open_run(tmp_path / "run")).sections if s.title == QUALITY)
    s = {st.name: st for st in sec.stats}

    hard = df["hard_seat"].to_numpy() >= 0
    assert s["P(硬牌 (decider: the 硬牌家))"].estimate == pytest.approx(hard.mean())
    money = df[[f"s{k}_money" for k in range(4)]].to_numpy()
    if hard.any():
        hs = df["hard_seat"].to_numpy()[hard].astype(int)
        assert s["E[money | 硬牌 (decider: the 硬牌家)]"].estimate == pytest.approx(money[hard][np.arange(hard.sum()), hs].mean())
    b = df["banker"].to_numpy().astype(int)
    banker = lambda col: df[[f"s{k}_{col}" for k in range(4)]].to_numpy()[np.arange(len(df)), b]  # noqa: E731
    call = df["hard_seat"].to_numpy() < 0
    event = (~banker("won").astype(bool)
             & ((banker("left_max_bomb") >= 4) | banker("left_wangzha").astype(bool)))[call]
    assert s["P(庄家 lost holding a 4+ bomb or 王炸 at the end, per 庄家 seat-hand)"].estimate == \
        pytest.approx(event.mean())
    big = df[[f"s{k}_seven" for k in range(4)]].to_numpy() + df[[f"s{k}_eight" for k in range(4)]].to_numpy()
    split = big > df[[f"s{k}_big_whole" for k in range(4)]].to_numpy()
    names = [n for n in s if n.startswith("P(7张/8张 split or kept | dealt one")]
    assert len(names) == int((big > 0).any())  # left out when nobody was dealt one
    if names:
        assert s[names[0]].n == (big > 0).sum()
        assert s[names[0]].estimate == pytest.approx(split[big > 0].mean())
