"""The Design section of play reports (``analysis.design``): the streamed pass against its pandas
twin (tests/reference/design.py) on real runs, the measures on crafted data with known answers, and
the same figures whatever the batch size (matches and duplicate deals straddle batches)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from analysis.design import TITLE, _Luck, _Matches, _Tail, design_section
from sim.rescore import source_rules
from analysis.runs import open_run
from tests.reference import design as ref


def _stats(section) -> dict:
    return {s.name: s for s in section.stats}


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Small runs that exercise every branch: players meeting with --duplicate (skill, luck), multi-hand
    matches (tractor), sessions (--hands-per-session), self-play."""
    from sim import api

    root = tmp_path_factory.mktemp("design")
    made = {
        "guanpai-duplicate": api.play("guanpai", 600, seed=5, policy="smart,random", duplicate=True,
                                      out=root / "gp", progress=False),
        "tractor-matches": api.play("tractor", 6, seed=2, out=root / "tr", progress=False),
        "xiantao-sessions": api.play("xiantao", 120, seed=3, hands_per_session=8, policy="smart,greedy,smart,greedy",
                                     rotate=True, out=root / "xt", progress=False),
    }
    return {k: open_run(v.path) for k, v in made.items()}


@pytest.mark.parametrize("name", ["guanpai-duplicate", "tractor-matches", "xiantao-sessions"])
def test_streamed_figures_equal_the_pandas_twin(runs, name):
    run = runs[name]
    src = source_rules(run)
    st = _stats(design_section(src, batch_size=37))  # small batches: matches and deals straddle them
    df = run.to_table().to_pandas().sort_values("game_index", kind="stable")
    n = src.n_seats
    for k, want in enumerate(ref.seat_money_edge(df, n, src.scoring.zero_sum)):
        assert st[f"seat {k}: money − fair share"].estimate == pytest.approx(want, abs=1e-9)
    for k, want in enumerate(ref.seat_win_rate(df, n)):
        assert st[f"seat {k}: win rate"].estimate == pytest.approx(want, abs=1e-12)
    roles = src.scoring.seat_roles(src.facts(_one_batch(run)), n)
    df_sorted = _sorted_df(run)
    for code, r in enumerate(src.scoring.roles):
        if (roles == code).any():
            label = src.scoring.role_labels.get(r, r)
            assert st[f"role {label}: money per seat-hand"].estimate == pytest.approx(
                ref.role_money(df_sorted, roles, n, code), abs=1e-9)
    for p in (0.99, 0.999):
        assert st[f"tail: |money| per seat-hand, {100 * p:g}th percentile"].estimate == ref.abs_money_percentile(df, n, p)
    options = run.manifest["options"]
    if len(set(options["policies"])) > 1:
        margin = [s for s in st.values() if s.name.startswith("skill:") and "paired" in s.name]
        assert len(margin) == 1
        best, other = margin[0].name.split(": ", 1)[1].split(",")[0].split(" − ")
        assert margin[0].estimate == pytest.approx(ref.policy_margin(df_sorted, n, best, other), abs=1e-9)
    if options.get("duplicate"):
        assert st["luck: share of money variance the cards explain"].estimate == pytest.approx(
            ref.luck_share(df_sorted, n), abs=1e-9)
    key = "session" if options.get("hands_per_session", 1) > 1 else "game_index"
    if df.groupby(key).size().max() > 1:
        want = ref.matches(df_sorted, n, key)
        assert st["match: hands per match"].estimate == pytest.approx(want["length"])
        assert st["match: lead changes per match"].estimate == pytest.approx(want["changes"])
        assert st["match: winner was behind (drama)"].estimate == pytest.approx(want["behind"])
        assert st["match: share of the match played before the winner led for good (decisiveness)"].estimate == \
            pytest.approx(want["decided"])


def _sorted_df(run):
    return run.to_table().sort_by("game_index").to_pandas()


def _one_batch(run):
    """The whole run as one record batch, in game order (rows of a match keep their order)."""
    return run.to_table().sort_by("game_index").combine_chunks().to_batches()[0]


@pytest.mark.parametrize("batch_size", [1, 5, 64, 1 << 16])
def test_batch_size_does_not_change_any_figure(runs, batch_size):
    for run in runs.values():
        src = source_rules(run)
        base = [(s.name, s.estimate, s.n) for s in design_section(src).stats]
        got = [(s.name, s.estimate, s.n) for s in design_section(src, batch_size=batch_size).stats]
        assert len(got) == len(base)
        for (na, a, n_a), (nb, b, n_b) in zip(base, got):
            assert na == nb and n_a == n_b
            assert a == pytest.approx(b, rel=1e-12, abs=1e-12, nan_ok=True), na


def test_match_measures_on_a_crafted_match():
    m = _Matches()
    # seat 1 leads after hand 0, seat 0 takes the lead at hand 2 and keeps it: one change, the winner
    # (seat 0) was behind, and led for good from hand 2 of 4 (3/4 of the match played by then)
    m.add(np.array([[-1.0, 1.0], [0.0, 0.0], [3.0, -3.0], [1.0, -1.0]]))
    assert m.lead_changes.mean == 1 and m.winner_behind.mean == 1
    assert m.decided_at.mean == pytest.approx(3 / 4) and m.length.mean == 4
    m2 = _Matches()
    m2.add(np.array([[1.0, -1.0], [0.0, 0.0], [-1.0, 1.0]]))  # a tie at hand 1 keeps seat 0 in the lead
    assert m2.lead_changes.mean == 0 and m2.winner_behind.mean == 0 and m2.decided_at.mean == pytest.approx(1 / 3)


def test_luck_share_recovers_known_variance_components():
    rng = np.random.default_rng(11)
    deals, n = 4000, 4
    cards = rng.normal(0, 1.0, size=(deals, 1, n))  # the dealt hand's worth: variance 1
    noise = rng.normal(0, 1.0, size=(deals, n, n))  # who holds it, where: variance 1 → share 0.5
    luck = _Luck(n)
    luck.add_deals(np.arange(deals), cards + noise)
    st = luck.stat("luck")
    assert abs(st.estimate - 0.5) < 5 * st.se
    only_cards = _Luck(n)
    only_cards.add_deals(np.arange(deals), np.repeat(cards, n, axis=1))
    assert only_cards.stat("luck").estimate == pytest.approx(1.0)


def test_tail_percentiles_are_order_statistics():
    rng = np.random.default_rng(3)
    values = rng.integers(-50, 50, size=10_007).astype(float)
    tail = _Tail()
    for chunk in np.array_split(values, 7):
        tail.add(chunk)
    p99, p999, top = tail.stats()
    assert p99.estimate == np.quantile(np.abs(values), 0.99, method="inverted_cdf")
    assert p999.estimate == np.quantile(np.abs(values), 0.999, method="inverted_cdf")
    assert p99.ci_low <= p99.estimate <= p99.ci_high
    assert top.estimate == np.abs(values).max()


def test_every_play_report_has_the_design_section(tmp_path):
    """Every registered game with scoring: its play report ends with the Design section."""
    from sim.reports import build_report
    from sim import api
    from sim.registry import GAMES, load_game

    for name in GAMES:
        game = load_game(name)
        if "play" not in game.jobs or game.scoring is None:
            continue
        run = open_run(api.play(name, 8, seed=1, out=tmp_path / name, progress=False).path)
        rep = build_report(run)
        titles = [s.title for s in rep.sections]
        assert TITLE in titles, name
        sec = rep.sections[titles.index(TITLE)]
        seats = game.seats(source_rules(run).rules)
        assert sum(s.name.endswith("money − fair share") for s in sec.stats) == seats, name
        assert not math.isnan(_stats(sec)["tail: largest single payment |money|"].estimate), name
        weak = [p for p in game.players.names if "random" in p and p != game.players.default]
        margins = [s for s in sec.stats if s.name.startswith("skill:") and "paired" in s.name]
        # a self-play run's report plays its player against the weakest on the run's rules
        assert len(margins) == (1 if weak else 0), name
        if weak:
            assert margins[0].n > 0 and not math.isnan(margins[0].estimate), name


def test_the_skill_match_of_a_self_play_report_is_a_play_of_the_mixed_players(tmp_path):
    """The margin a self-play report gives is the one of the match it names, played directly."""
    from sim import api
    from sim.reports import skill_match
    from sim.registry import load_game

    run = open_run(api.play("guanpai", 40, seed=9, out=tmp_path / "gp", progress=False).path)
    source, how = skill_match(run, load_game("guanpai"))
    assert "smart against random" in how and "seed 9" in how
    direct = api.play("guanpai", source.run.n_rows, seed=9, policy="smart,random", duplicate=True, progress=False)
    got = _stats(design_section(source_rules(run), skill=(source, how)))
    want = _stats(design_section(source_rules(direct._run)))
    name = "skill: smart − random, money per hand (paired)"
    assert got[name].estimate == want[name].estimate and got[name].n == want[name].n
