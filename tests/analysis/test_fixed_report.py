"""Reports of runs with given hands (``analysis.fixed``): a play report leads with the fixed seat's
money and win rate (conditional, with intervals, equal to the rows), a census whose game has no
conditional formula says so and shows no unconditional exact value, and a bridge --hcp run names
its constraint."""

import numpy as np

import sim


def test_play_report_leads_with_the_fixed_seat():
    run = sim.play("doudizhu", 300, seed=4, fix=["1=SB2222"], progress=False)
    rep = run.report()
    head = rep.headline[:3]
    assert [s.name for s in head] == ["seat 1 holds 小王 大王 2 2 2 2: money a hand",
                                      "seat 1 holds 小王 大王 2 2 2 2: P(wins money)",
                                      "seat 1 holds 小王 大王 2 2 2 2: P(won)"]
    df = run.to_pandas(["s1_money", "s1_won"])
    assert np.isclose(head[0].estimate, df["s1_money"].mean())
    assert np.isclose(head[1].estimate, (df["s1_money"] > 0).mean())
    assert np.isclose(head[2].estimate, df["s1_won"].mean())
    assert head[0].ci_low < head[0].estimate < head[0].ci_high
    assert any(line.startswith("given: seat 1 holds 小王 大王 2 2 2 2") for line in rep.summary)


def test_bridge_census_given_hcp_has_no_unconditional_exact_values():
    run = sim.census("bridge", 2000, seed=3, hcp=["2=20..22"], progress=False)
    rep = run.report()
    assert any(line.startswith("given: seat 2 has 20..22 HCP") for line in rep.summary)
    assert all(s.exact is None for s in rep.stats())
    hcp = run.to_pandas(["s2_hcp"])["s2_hcp"]
    assert hcp.between(20, 22).all()
