"""paiju play: determinism, sessions, seat rotation, the CLI and replay."""

import numpy as np
import pyarrow.dataset as ds
import pytest
from typer.testing import CliRunner

from sim.cli import app
from sim.runner import run_local
from tests.games.xiantao_helpers import make_spec


def _quiet(_):
    pass


def _read(path):
    return ds.dataset(path, format="parquet").to_table().sort_by("game_index")


def test_same_rows_for_any_thread_count_and_shard_size(tmp_path):
    a = make_spec(["smart", "greedy", "random", "smart"], n=3000, seed=5)
    b = make_spec(["smart", "greedy", "random", "smart"], n=3000, seed=5)
    b.shard_size = 701
    run_local(a, tmp_path / "a", resume=False, overwrite=False, threads=1, log=_quiet)
    run_local(b, tmp_path / "b", resume=False, overwrite=False, threads=None, log=_quiet)
    assert _read(tmp_path / "a").equals(_read(tmp_path / "b"))


def test_play_rows_carry_the_census_of_the_same_deal(tmp_path):
    from dataclasses import replace

    from sim.games.xiantao.census import compute_census

    spec = make_spec(n=500, seed=8)
    run_local(spec, tmp_path / "p", resume=False, overwrite=False, threads=None, log=_quiet)
    play = _read(tmp_path / "p").to_pandas()
    census = compute_census(replace(spec, kind="census", options={}), 0, 500).to_pandas()
    cols = [c for c in census.columns if c != "game_index"]
    played = play[play.redeals == 0]
    assert len(played) > 490
    assert (played[cols].to_numpy() == census.loc[played.index, cols].to_numpy()).all()


def test_sessions_pass_the_bank_to_the_first_player_out(tmp_path):
    spec = make_spec(n=800, seed=9, hps=8)
    spec.shard_size = 160
    run_local(spec, tmp_path / "s", resume=False, overwrite=False, threads=None, log=_quiet)
    df = _read(tmp_path / "s").to_pandas()
    first_out = np.argmax(df[[f"s{k}_finish" for k in range(4)]].to_numpy() == 1, axis=1)
    same_session = (df.session.to_numpy()[1:] == df.session.to_numpy()[:-1])
    assert (df.banker.to_numpy()[1:][same_session] == first_out[:-1][same_session]).all()
    assert (df.session == df.game_index // 8).all()


def test_rotation_moves_policies_round_the_table(tmp_path):
    spec = make_spec(["smart", "greedy", "greedy", "greedy"], n=400, seed=10, rotate=True)
    run_local(spec, tmp_path / "r", resume=False, overwrite=False, threads=None, log=_quiet)
    df = _read(tmp_path / "r").to_pandas()
    smart_seat = np.argmax(df[[f"s{k}_policy" for k in range(4)]].astype(str).to_numpy() == "smart", axis=1)
    assert (smart_seat == (-df.game_index.to_numpy()) % 4).all()


def test_the_kernel_rotates_the_players():
    """Hand g of a --rotate run is the hand played with the policies (and parameters) turned by g
    seats — checked on the kernel's rows, not on the policy labels the writer derives."""
    from sim.games.xiantao.play import run_kernel

    policies = ["smart", "greedy", "random", "smart"]
    params = [{"hard_threshold": 12}, {}, {}, {}]
    rotated = run_kernel(make_spec(policies, n=40, seed=10, rotate=True, params=params), 0, 40)
    fixed = run_kernel(make_spec(policies, n=40, seed=10, params=params), 0, 40)
    assert not (rotated == fixed).all()
    for g in range(40):
        turn = [(k + g) % 4 for k in range(4)]
        spec = make_spec([policies[i] for i in turn], n=40, seed=10, params=[params[i] for i in turn])
        assert (run_kernel(spec, g, g + 1)[0] == rotated[g]).all(), g


def test_money_is_zero_sum_and_rates_are_sane(tmp_path):
    spec = make_spec(n=4000, seed=12)
    run_local(spec, tmp_path / "m", resume=False, overwrite=False, threads=None, log=_quiet)
    df = _read(tmp_path / "m").to_pandas()
    money = df[[f"s{k}_money" for k in range(4)]].to_numpy()
    assert np.abs(money.sum(axis=1)).max() < 1e-9
    call = df[df["mode"] == "call"]
    assert ((call.team_w_total + call.team_l_total) == 200).all()
    assert set(df.grade.astype(str)) >= {"normal", "xiao_qing", "da_qing"}
    assert (df[[f"s{k}_captured" for k in range(4)]].sum(axis=1) + df[[f"s{k}_unplayed" for k in range(4)]].sum(axis=1) == 200).all()


runner = CliRunner()


@pytest.mark.parametrize("args, message", [
    (["--policy", "clever"], "--policy: no player 'clever'"),
    (["--policy", "smart,greedy"], "--policy must be one of"),
    (["--hands-per-session", "0"], "--hands-per-session must be at least 1"),
    (["-n", "10", "--hands-per-session", "3"], "must be a whole number of sessions"),
    (["--policy-param", "nerve=3"], "unknown policy parameter 'nerve'"),
    (["--policy-param", "hard_threshold=lots"], "must be a number"),
    (["--policy-param", "7:hard_threshold=3"], "seat must be 0..3"),
    # play scores against the 200 points of a full deal: options that leave cards undealt are refused
    (["--set", "hand_size=26"], "option 'hand_size' = 26 leaves 4 cards undealt"),
    (["--set", "pei_cards=extra_cards"], "option 'pei_cards' = 'extra_cards' leaves two cards undealt"),
])
def test_play_user_errors(tmp_path, args, message):
    out = tmp_path / "o"
    result = runner.invoke(app, ["play", "xiantao", "-n", "12", *args, "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    assert not out.exists()


def test_replay_shows_the_stored_hand(tmp_path):
    out = tmp_path / "p"
    result = runner.invoke(app, ["play", "xiantao", "-n", "64", "--hands-per-session", "8", "--policy",
                                 "smart,greedy,smart,random", "--rotate", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    shown = runner.invoke(app, ["replay", str(out), "--game", "13"])
    assert shown.exit_code == 0, shown.output
    text = shown.output
    assert "hand 13" in text and "— trick 1" in text and "money:" in text
    bad = runner.invoke(app, ["replay", str(out), "--game", "64"])
    assert bad.exit_code == 2 and "--game must be between 0 and 63" in bad.output


def test_duplicate_plays_each_deal_from_every_seat(tmp_path):
    spec = make_spec(["smart", "greedy", "smart", "greedy"], n=400, seed=15)
    spec.options["duplicate"] = True
    spec.shard_size = 100
    run_local(spec, tmp_path / "d", resume=False, overwrite=False, threads=None, log=_quiet)
    df = _read(tmp_path / "d").to_pandas()
    assert (df.deal_index == df.game_index // 4).all() and (df.rotation == df.game_index % 4).all()
    for _, grp in df.groupby("deal_index"):
        base = grp[grp.rotation == 0].iloc[0]
        for _, r in grp.iterrows():
            rot = int(r.rotation)
            for k in range(4):  # seat k holds what seat k + rotation held in rotation 0
                assert r[f"s{k}_points"] == base[f"s{(k + rot) % 4}_points"]
                assert r[f"s{k}_wilds"] == base[f"s{(k + rot) % 4}_wilds"]
            assert (int(r.banker) + rot) % 4 == int(base.banker)  # 庄家's hand moves with the cards


def test_duplicate_option_errors(tmp_path):
    out = tmp_path / "o"
    bad = runner.invoke(app, ["play", "xiantao", "-n", "10", "--duplicate", "--out", str(out)])
    assert bad.exit_code == 2 and "multiple of 4" in bad.output and not out.exists()
    bad = runner.invoke(app, ["play", "xiantao", "-n", "16", "--duplicate", "--hands-per-session", "4", "--out", str(out)])
    assert bad.exit_code == 2 and "--duplicate plays single hands" in bad.output and not out.exists()
