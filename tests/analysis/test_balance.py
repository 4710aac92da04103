"""``paiju balance``: every number equals a direct pandas computation on the rescored rows.

Each scenario is written out with ``rescore_run`` and read back with pandas; the streamed report
(which never writes the rescored rows) must agree with plain pandas on them: money per role and
seat, component shares (which add up to 1), the zero-sum check, the paired difference against the
first scenario and the hands needed to tell two scenarios apart.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from analysis.balance import CHECKS, COMPARE, ROLE_MONEY, SEAT_MONEY, SHARES, Scenario, hands_needed
from analysis.estimators import Z95, mean_ci
from sim.games.xiantao.columns import ROLES
from sim.games.xiantao.scoring import COMPONENT_LABELS as COMPONENT_LABEL, ROLE_LABELS as ROLE_LABEL

COMPONENTS = tuple(COMPONENT_LABEL)
from sim.rescore import balance_run as balance, load_scenario, rescore_run
from analysis.runs import RunError
from sim.cli import app
from sim.errors import UserError

SEATS = range(4)
BASE = {}
ALT = {"grade": {"da_qing": 8, "xiao_qing": 3}, "xi": {"eight": 8, "wangzha": 2}, "hard_multiplier": 2}
TEAM = {"settlement": "per_team", "base": 2, "contribution": {"a": 40}}
SCENARIOS = [Scenario("base", BASE, "test"), Scenario("alt", ALT, "test"), Scenario("team", TEAM, "test")]


@pytest.fixture(scope="module")
def src(tmp_path_factory):
    from sim.games.xiantao.rules import Rules
    from sim.runner import RunSpec, run_local

    path = tmp_path_factory.mktemp("balance") / "run"
    options = {"policies": ["smart", "greedy", "random", "smart"], "policy_params": [{}] * 4,
               "hands_per_session": 1, "rotate": True}
    spec = RunSpec("xiantao", "play", "default", Rules(), 31, 1500, 600, options)
    run_local(spec, path, resume=False, overwrite=False, threads=1, log=lambda _: None)
    return path


@pytest.fixture(scope="module")
def frames(src, tmp_path_factory):
    """The rescored rows of each scenario, with the ruleset they were scored with."""
    root = tmp_path_factory.mktemp("rescored")
    out = {}
    for sc in SCENARIOS:
        manifest = rescore_run(src, root / sc.name, sc.overrides)
        df = pd.read_parquet(root / sc.name).sort_values("game_index").reset_index(drop=True)
        out[sc.name] = (df, manifest["ruleset"])
    return out


@pytest.fixture(scope="module")
def report(src):
    return balance(src, SCENARIOS, batch_size=500)


def _get(report, section, scenario, name, seat=None):
    sec = next(s for s in report.sections if s.title == section)
    found = [s for s in sec.stats if s.scenario == scenario and s.name == name and s.seat == seat]
    assert len(found) == 1, (section, scenario, name, seat)
    return found[0]


def _seat(df, feature):
    return np.stack([df[f"s{k}_{feature}"].to_numpy() for k in SEATS], axis=1)


def test_role_and_seat_money_equal_pandas(report, frames):
    for name, (df, _) in frames.items():
        money = _seat(df, "money").astype(float)
        role = np.stack([df[f"s{k}_role"].astype(str).to_numpy() for k in SEATS], axis=1)
        for r in ROLES:
            st = _get(report, ROLE_MONEY, name, f"{ROLE_LABEL[r]} ({r})")
            values = money[role == r]
            assert st.n == values.size > 0
            assert st.estimate == pytest.approx(values.mean(), rel=1e-12, abs=1e-12)
            assert st.sd == pytest.approx(values.std(ddof=1), rel=1e-9)
            # the hand is the unit: the CI is the normal interval of the per-hand means
            has = (role == r).any(axis=1)
            y = np.where(role == r, money, 0).sum(axis=1)[has] / (role == r).sum(axis=1)[has]
            _, lo, hi, _ = mean_ci(float(y.sum()), float((y * y).sum()), int(y.size))
            assert (st.ci_low, st.ci_high) == pytest.approx((lo, hi), rel=1e-9, abs=1e-12)
        for k in SEATS:
            st = _get(report, SEAT_MONEY, name, "seat money", k)
            col = df[f"s{k}_money"]
            assert st.n == len(df)
            assert st.estimate == pytest.approx(col.mean(), rel=1e-12, abs=1e-12)
            assert st.sd == pytest.approx(col.std(ddof=1), rel=1e-9)
            half = Z95 * col.std(ddof=1) / math.sqrt(len(df))
            assert st.ci_high - st.ci_low == pytest.approx(2 * half, rel=1e-9)


def _components(df, rules) -> dict[str, np.ndarray]:
    """Component money from the rescored rows (won, grade, money, xi, 喜 counts) and the ruleset."""
    call = (df["mode"].astype(str) == "call").to_numpy()[:, None]
    hard = ~call
    grade = df["grade"].astype(str).to_numpy()[:, None]
    unit = rules["base"] * (1.0 if rules["settlement"] == "per_player" else 0.5)
    sign = np.where(_seat(df, "won"), 1.0, -1.0) * unit
    n, x, d = rules["grade.normal"], rules["grade.xiao_qing"], rules["grade.da_qing"]
    out = {"base": np.where(call, sign * n, 0.0),
           "xiao_qing": np.where(call & (grade == "xiao_qing"), sign * (x - n), 0.0),
           "da_qing": np.where(call & (grade == "da_qing"), sign * (d - n), 0.0),
           "hard": np.where(hard, _seat(df, "money") - _seat(df, "xi"), 0.0)}
    for c, key in (("xi_wangzha", "xi.wangzha"), ("xi_seven", "xi.seven"), ("xi_eight", "xi.eight")):
        u = _seat(df, c).astype(float) * rules[key]
        out[c] = rules["base"] * (u - (u.sum(axis=1, keepdims=True) - u) / 3)
    return out


def test_component_shares_equal_pandas_and_add_up_to_one(report, frames):
    for name, (df, rules) in frames.items():
        comp = _components(df, rules)
        np.testing.assert_allclose(sum(comp.values()), _seat(df, "money"), atol=1e-9)
        moved = {c: np.abs(v).sum() / 2 for c, v in comp.items()}
        total = sum(moved.values())
        shares = [_get(report, SHARES, name, COMPONENT_LABEL[c]) for c in COMPONENTS]
        for c, st in zip(COMPONENTS, shares):
            assert st.estimate == pytest.approx(moved[c] / total, rel=1e-9, abs=1e-12), (name, c)
            assert st.ci_low <= st.estimate <= st.ci_high
        assert sum(s.estimate for s in shares) == pytest.approx(1.0, abs=1e-12)
        gross = _get(report, SHARES, name, "moved per hand, gross (Σ components)")
        net = _get(report, SHARES, name, "moved per hand, net")
        assert gross.estimate == pytest.approx(total / len(df), rel=1e-12)
        assert net.estimate == pytest.approx(np.abs(_seat(df, "money")).sum() / 2 / len(df), rel=1e-12)
        assert gross.estimate >= net.estimate
    # the scenarios really differ: 大清 ×8 moves more through 大清, per_team halves the stakes
    assert (_get(report, SHARES, "alt", COMPONENT_LABEL["da_qing"]).estimate
            > _get(report, SHARES, "base", COMPONENT_LABEL["da_qing"]).estimate > 0)
    assert _get(report, SHARES, "alt", COMPONENT_LABEL["hard"]).estimate > 0


def test_zero_sum_check(report, frames):
    assert not report.flagged() and "hold" in report.check_line()
    for name, (df, _) in frames.items():
        st = _get(report, CHECKS, name, "max |Σ_seats money|")
        assert st.estimate == pytest.approx(np.abs(_seat(df, "money").sum(axis=1)).max(), abs=1e-12)
        assert st.estimate <= 1e-9 and st.z == 0.0


def test_zero_sum_check_flags_a_house(src, monkeypatch):
    import analysis.balance as bal

    real = bal._Acc.add

    def rake(self, money, role, comp):  # a house that takes 0.1 of seat 0's money every hand
        return real(self, money - np.array([0.1, 0, 0, 0]), role, comp)

    monkeypatch.setattr(bal._Acc, "add", rake)
    rep = balance(src, [Scenario("base")])
    st = _get(rep, CHECKS, "base", "max |Σ_seats money|")
    assert st.estimate == pytest.approx(0.1) and st in rep.flagged()
    assert rep.check_line().startswith("⚠")


def test_paired_difference_and_hands_needed(report, frames):
    base, _ = frames["base"]
    for name in ("alt", "team"):
        df, _ = frames[name]
        assert (df["game_index"].to_numpy() == base["game_index"].to_numpy()).all()
        call = (df["mode"].astype(str) == "call").to_numpy()
        banker = df["banker"].to_numpy()
        rows = np.arange(len(df))
        d = (_seat(df, "money")[rows, banker] - _seat(base, "money")[rows, banker])[call]
        st = _get(report, COMPARE, name, "Δ mean money 庄家 vs base")
        assert st.n == d.size
        assert st.estimate == pytest.approx(d.mean(), rel=1e-9)
        assert st.sd == pytest.approx(d.std(ddof=1), rel=1e-9)
        need = _get(report, COMPARE, name, "hands needed to tell apart at 95%")
        assert need.estimate == pytest.approx((1.959964 * d.std(ddof=1) / abs(d.mean())) ** 2, rel=1e-6)
        assert need.text == f"{math.ceil(need.estimate):,}"
        # the role's means differ by exactly the mean paired difference
        a = _get(report, ROLE_MONEY, name, "庄家 (banker)").estimate
        b = _get(report, ROLE_MONEY, "base", "庄家 (banker)").estimate
        assert a - b == pytest.approx(st.estimate, abs=1e-12)


def test_hands_needed_formula():
    assert hands_needed(0.5, 2.0) == pytest.approx((Z95 * 2.0 / 0.5) ** 2)
    assert hands_needed(-0.5, 2.0) == hands_needed(0.5, 2.0)
    assert hands_needed(0.25, 2.0) == pytest.approx(4 * hands_needed(0.5, 2.0))
    assert hands_needed(0.0, 1.0) == math.inf
    assert hands_needed(1.0, 0.0) == 0.0


def test_identical_scenarios_need_infinitely_many_hands(src):
    rep = balance(src, [Scenario("a"), Scenario("b", {"grade": {"da_qing": 4}})], role="opponent")
    need = _get(rep, COMPARE, "b", "hands needed to tell apart at 95%")
    assert need.estimate == math.inf and need.text == "∞"
    assert "| ∞ |" in rep.to_markdown()


def test_default_scenario_is_the_run(src, report):
    rep = balance(src)
    assert [s.title for s in rep.sections] == [ROLE_MONEY, SEAT_MONEY, SHARES, CHECKS]
    for r in ROLES:
        assert (_get(rep, ROLE_MONEY, "run", f"{ROLE_LABEL[r]} ({r})").estimate
                == _get(report, ROLE_MONEY, "base", f"{ROLE_LABEL[r]} ({r})").estimate)


def test_scenario_errors_name_the_key_and_file(src, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[grade]\nda_qing = 6\n[xi]\nnine = 2\n")
    with pytest.raises(UserError, match=r"unknown option 'xi.nine' in scenario file '.*bad\.toml'"):
        balance(src, [load_scenario(bad)])
    play = tmp_path / "play.toml"
    play.write_text("hand_size = 20\n")
    with pytest.raises(UserError, match=r"play\.toml.*'hand_size' changes how the game is played"):
        balance(src, [load_scenario(play)])
    dup = tmp_path / "sub"
    dup.mkdir()
    (dup / "bad.toml").write_text("")
    (tmp_path / "ok.toml").write_text("")
    with pytest.raises(UserError, match="two scenarios are named 'ok'"):
        balance(src, [load_scenario(tmp_path / "ok.toml"), load_scenario(tmp_path / "ok.toml")])
    with pytest.raises(UserError, match="--role must be one of"):
        balance(src, role="dealer")
    with pytest.raises(UserError, match="cannot read rules file"):
        load_scenario(tmp_path / "missing.toml")


def test_census_run_refused(make_run, deal):
    census = make_run(deal.census_columns(300, seed=3), 300)
    with pytest.raises(RunError, match="balance needs a play run"):
        balance(census)


def test_cli(src, tmp_path):
    runner = CliRunner()
    base, alt = tmp_path / "base.toml", tmp_path / "daqing8.toml"
    base.write_text("")
    alt.write_text("[grade]\nda_qing = 8\n")
    out = tmp_path / "balance.md"
    result = runner.invoke(app, ["balance", str(src), "-s", str(base), "-s", str(alt), "--format", "md",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "grade.da_qing 4→8" in text and "| daqing8 | Δ mean money 庄家 vs base |" in text
    assert r"Σ over hands of Σ over seats \|component money\| / 2" in text
    result = runner.invoke(app, ["balance", str(src), "-s", str(base), "-s", str(alt), "--role", "partner",
                                 "--format", "md"])
    assert result.exit_code == 0 and "| daqing8 | Δ mean money 暗对家 vs base |" in result.output
    result = runner.invoke(app, ["balance", str(src)])  # rich tables, the run's own ruleset
    assert result.exit_code == 0 and "Share of money moved" in result.output
    unknown = tmp_path / "u.toml"
    unknown.write_text("[xi]\nnine = 2\n")
    for args, message in ((["-s", str(unknown)], "unknown option 'xi.nine' in scenario file"),
                          (["--format", "html"], "--format must be 'table', 'md', 'csv' or 'json'"),
                          (["--out", str(tmp_path / "no" / "x.md")], "does not exist")):
        result = runner.invoke(app, ["balance", str(src), *args])
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], result.output
