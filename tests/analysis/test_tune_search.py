"""The tuner (``analysis.tune``, ``analysis.tune_report``) on synthetic hands whose answers are known by hand: a linear option
meets a target exactly (brentq), an integer grid picks the hand-computed best, an unreachable
target and impossible constraints are reported as infeasible, intervals and the paired hands
needed match their formulas, and bad --vary / goal text is one line with a suggestion."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from analysis import tune as lib
from analysis import tune_report

Z = 1.959963984540054
NAMES = lib.Names(("p", "q"), 2, ("fixed", "scaled"), ("P(big)",))


def toy_model(n: int = 4000, seed: int = 3, rows_per_unit: int = 1) -> lib.Model:
    """Two seats, seat 0 is role p. Seat 0 wins ``fixed + x·a`` per hand under option ``x`` (the
    'scaled' component); seat 1 pays it. ``P(big)``: the share of hands where seat 0 wins more than 2."""
    rng = np.random.default_rng(seed)
    a = rng.normal(1.0, 2.0, n)
    fixed = rng.normal(-0.5, 1.0, n)
    unit = np.repeat(np.arange(n // rows_per_unit), rows_per_unit)

    def score(cols, settings):
        x = float(settings.get("x", 1.0))
        s0 = cols["fixed"] + x * cols["a"]
        money = np.stack([s0, -s0], axis=1)
        comps = {"fixed": np.stack([cols["fixed"], -cols["fixed"]], 1),
                 "scaled": np.stack([x * cols["a"], -x * cols["a"]], 1)}
        return money, comps, {"s0_money": s0, "s1_money": -s0}

    roles = lambda cols: np.tile(np.array([0, 1]), (len(cols["a"]), 1))  # noqa: E731
    metrics = {"P(big)": lambda c: (np.asarray(c["s0_money"]) > 2).astype(float)}
    return lib.Model({"a": a, "fixed": fixed}, unit, NAMES, roles, score, metrics, {})


def goal(text: str, kind: str = "target") -> lib.Goal:
    return lib.parse_goal(text, kind, NAMES)


def test_a_linear_option_meets_its_target_exactly_by_brentq():
    m = toy_model()
    half = m.n_rows // 2
    a, fixed = m.columns["a"], m.columns["fixed"]
    want = (1.0 - fixed[:half].mean()) / a[:half].mean()  # solve fixed + x·a = 1 on the searched half by hand
    res = lib.tune(m, [lib.Vary("x", lo=-5.0, hi=5.0)], [goal("money.p=1")])
    assert res.feasible and "brentq" in res.search.method
    assert res.best.settings["x"] == pytest.approx(want, abs=1e-7)
    assert res.best.lhs[0].value == pytest.approx(1.0, abs=1e-7)
    held = res.checks[0]  # the same setting on the other half, computed by hand
    assert held.n_units == half
    assert held.lhs[0].value == pytest.approx((fixed[half:] + want * a[half:]).mean(), rel=1e-12)
    s0 = fixed[half:] + want * a[half:]
    assert held.lhs[0].se == pytest.approx(s0.std(ddof=1) / math.sqrt(half), rel=1e-9)


def test_an_integer_grid_picks_the_hand_computed_best_and_its_runner_up():
    m = toy_model()
    half = m.n_rows // 2
    a, fixed = m.columns["a"][:half], m.columns["fixed"][:half]
    values = list(range(-3, 4))
    target = 2.2
    dev = {x: (fixed + x * a).mean() - target for x in values}
    order = sorted(values, key=lambda x: dev[x] ** 2)
    res = lib.tune(m, [lib.Vary("x", tuple(values))], [goal(f"money.p={target}")])
    assert res.search.method.startswith("grid of 7")
    assert res.best.settings == {"x": order[0]} and res.runner_up.settings == {"x": order[1]}
    (d, need), = res.separation()
    diff = (order[0] - order[1]) * a  # the per-hand difference of seat 0's money
    assert d.value == pytest.approx(diff.mean())
    assert need == pytest.approx((Z * diff.std(ddof=1) / abs(diff.mean())) ** 2, rel=1e-9)


def test_an_unreachable_target_is_reported_infeasible_not_a_best_effort():
    m = toy_model()
    res = lib.tune(m, [lib.Vary("x", lo=0.0, hi=1.0)], [goal("money.p=50")])
    assert not res.feasible and res.best is not None
    assert "money.p = 50 is not met" in res.problems[0]
    text = tune_report.report(res, "t", []).to_markdown()
    assert "INFEASIBLE" in text and "FEASIBLE:" not in text.replace("INFEASIBLE", "")


def test_constraints_nothing_satisfies_leave_no_best():
    m = toy_model()
    res = lib.tune(m, [lib.Vary("x", (0, 1, 2))], [goal("share.scaled<=-1", "constraint")])
    assert res.best is None and not res.feasible and "no searched setting satisfies" in res.problems[0]
    assert "INFEASIBLE" in tune_report.report(res, "t", []).check_line()


def test_a_constraint_excludes_the_unconstrained_best():
    m = toy_model()
    half = m.n_rows // 2
    a, fixed = m.columns["a"][:half], m.columns["fixed"][:half]
    share = {x: np.abs(x * a).sum() / (np.abs(x * a).sum() + np.abs(fixed).sum()) for x in (1, 2, 3, 4)}
    res = lib.tune(m, [lib.Vary("x", (1, 2, 3, 4))], [goal("money.p=10"), goal("share.scaled<=0.75", "constraint")])
    allowed = [x for x in (1, 2, 3, 4) if share[x] <= 0.75]
    assert res.best.settings["x"] == max(allowed)  # money.p grows with x; the constraint caps it
    assert res.best.lhs[1].value == pytest.approx(share[max(allowed)])


def test_minimise_sd_and_the_tail_and_metric_figures_match_numpy():
    m = toy_model()
    half = m.n_rows // 2
    a, fixed = m.columns["a"][:half], m.columns["fixed"][:half]
    res = lib.tune(m, [lib.Vary("x", (0.0, 0.5, 1.0))], [goal("sd", "minimise")])
    sds = {x: np.sqrt(((fixed + x * a) ** 2).mean() - 0.0) for x in (0.0, 0.5, 1.0)}  # seats ±: mean is 0
    assert res.best.settings == {"x": min(sds, key=sds.get)}
    sample = m.split()[0]
    sc = sample.evaluate({"x": 1.0})
    s0 = fixed + a
    assert sc(lib.Ref("sd")).value == pytest.approx(np.sqrt((s0 ** 2).mean()))
    assert sc(lib.Ref("tail", 2.0)).value == pytest.approx((np.abs(s0) > 2).mean())
    assert sc(lib.Ref("metric", "P(big)")).value == pytest.approx((s0 > 2).mean())
    assert sc(lib.Ref("moved")).value == pytest.approx(np.abs(s0).mean())
    e = lib.parse_expr("money.p - 2*money.seat1", NAMES)(sc)
    assert e.value == pytest.approx(3 * s0.mean()) and e.se == pytest.approx(3 * s0.std(ddof=1) / np.sqrt(half))


def test_the_held_out_split_keeps_a_duplicate_deal_on_one_side():
    m = toy_model(n=30)
    first, second = dataclasses.replace(m, group=4).split()
    assert first.n_units == 12 and second.n_units == 18  # the cut 15 moves down to 12, a multiple of 4
    first, second = m.split()
    assert first.n_units == 15 and second.n_units == 15


def test_rows_of_one_game_index_are_one_unit():
    m = toy_model(n=4000, rows_per_unit=4)
    sample = m.sample()
    assert sample.n_units == 1000
    s0 = m.columns["fixed"] + m.columns["a"]
    est = sample.evaluate({"x": 1.0})(lib.Ref("money", "seat0"))
    per_unit = s0.reshape(1000, 4).sum(axis=1)
    assert est.value == pytest.approx(s0.mean())
    assert est.se == pytest.approx(per_unit.std(ddof=1) / np.sqrt(1000) / 4, rel=1e-9)


def test_a_large_space_is_searched_quasi_randomly_within_the_budget_and_reproducibly():
    m = toy_model(n=1000)
    varies = [lib.Vary("x", tuple(range(100))), lib.Vary("y", tuple(range(100)))]
    one = lib.tune(m, varies, [goal("money.p=3")], budget=30, seed=5)
    two = lib.tune(m, varies, [goal("money.p=3")], budget=30, seed=5)
    assert "Halton" in one.search.method and len(one.search.candidates) <= 30
    assert one.best.settings == two.best.settings


@pytest.mark.parametrize("text, message", [
    ("x", "expects KEY=LO..HI"),
    ("xx=1..3", "did you mean 'x'"),
    ("x=3..1", "LO < HI"),
    ("x=1..3:0", "STEP must be positive"),
    ("n=1.5..3", "integer option"),
    ("c=1..2", "numeric option"),
    ("x=", "no values"),
])
def test_bad_vary_is_one_line(text, message):
    with pytest.raises(lib.TuneError, match=message.replace("(", r"\(")) as exc:
        lib.parse_vary(text, {"x": "float", "n": "int", "c": "other"})
    assert "\n" not in str(exc.value)


def test_vary_ranges_and_lists():
    kinds = {"x": "float", "n": "int", "c": "other"}
    assert lib.parse_vary("n=1..7:2", kinds).values == (1, 3, 5, 7)
    assert lib.parse_vary("x=0..1:0.25", kinds).values == (0.0, 0.25, 0.5, 0.75, 1.0)
    v = lib.parse_vary("x=0..2", kinds)
    assert v.continuous and (v.lo, v.hi) == (0.0, 2.0)
    assert lib.parse_vary("c=true,false", kinds).values == (True, False)
    assert lib.parse_vary("c=a, b", kinds).values == ("a", "b")


@pytest.mark.parametrize("text, kind, message", [
    ("money.landlord=0", "target", "money.X for X in: p, q, seat0, seat1"),
    ("money.pp=0", "target", "did you mean 'p'"),
    ("shares.fixed<=1", "constraint", "did you mean 'share'"),
    ("money.p<=1", "target", "a constraint is --constraint"),
    ("money.p=1", "constraint", "a target is --target"),
    ('"P(bigg)"=0', "target", "did you mean 'P(big)'"),
    ("money.p=(", "target", "cannot read"),
    ("tail(x)=0", "target", "tail() takes one number"),
    ("money.p=0", "minimise", "takes an expression"),
])
def test_bad_goals_are_one_line(text, kind, message):
    with pytest.raises(lib.TuneError, match=message.replace("(", r"\(").replace(")", r"\)")) as exc:
        lib.parse_goal(text, kind, NAMES)
    assert "\n" not in str(exc.value)


def test_holdout_needs_hands_and_goal_combinations_are_checked():
    m = toy_model(n=2)
    with pytest.raises(lib.TuneError, match="at least 4 hands"):
        lib.tune(m, [lib.Vary("x", (1, 2))], [goal("money.p=1")])
    m = toy_model()
    with pytest.raises(lib.TuneError, match="cannot be combined"):
        lib.tune(m, [lib.Vary("x", (1, 2))], [goal("money.p=1"), goal("sd", "minimise")])
    with pytest.raises(lib.TuneError, match="given twice"):
        lib.tune(m, [lib.Vary("x", (1, 2)), lib.Vary("x", (3,))], [goal("money.p=1")])


def test_figures_draw_each_goal_against_each_option_and_the_front():
    m = toy_model(n=400)
    res = lib.tune(m, [lib.Vary("x", (0.0, 0.5, 1.0, 1.5))], [goal("money.p=1"), goal("share.scaled<=0.9", "constraint")])
    figs = tune_report.figures(res)
    assert [f.slug for f in figs] == ["tune_0_x", "tune_1_x", "tune_front"]
    assert all(f.png.startswith(b"\x89PNG") for f in figs)


def test_a_role_figure_counts_the_hands_with_that_role():
    m = toy_model(n=400)

    def roles(cols):  # role p sits in every third hand only
        codes = np.tile(np.array([0, 1]), (len(cols["a"]), 1))
        codes[np.arange(len(codes)) % 3 != 0, 0] = -1
        return codes

    m = dataclasses.replace(m, roles=roles)
    sc = m.sample().evaluate({"x": 1.0})
    p = sc(lib.Ref("money", "p"))
    s0 = (m.columns["fixed"] + m.columns["a"])[::3]
    assert p.n == len(s0) == 134 and p.value == pytest.approx(s0.mean())
    assert (p - 1).n == 134 and (p - sc(lib.Ref("money", "seat0"))).n is None
    res = lib.tune(m, [lib.Vary("x", (1.0, 2.0))], [goal("money.p=0")])
    assert res.best.lhs[0].n == 67  # the searched half holds 67 hands with role p
    assert tune_report.report(res, "t", []).sections[0].stats[0].cells[4] == "67"
