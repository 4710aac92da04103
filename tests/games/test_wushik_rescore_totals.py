"""五十K after `paiju rescore` (issue 24 item 9): the match totals and the winner are those of the
rescored hands, not of the old scoring. A match still ends where it ended in play (that is a
replay question), but its running totals are the sums of the new hand scores and its winner is
the team with the higher new final total (or the W-7 8-of-a-kind team)."""

from __future__ import annotations

import numpy as np
import pytest

import sim


def _check_totals(frame) -> int:
    """Assert totals are running sums of team scores within each match and the winner agrees with
    the final totals; returns how many matches were checked."""
    matches = 0
    for _, m in frame.groupby("game_index", sort=False):
        for t in (0, 1):
            np.testing.assert_array_equal(m[f"team{t}_total"].to_numpy(), np.cumsum(m[f"team{t}_score"].to_numpy()))
        last = m.iloc[-1]
        if not last["match_eight_win"]:
            t0, t1 = last["team0_total"], last["team1_total"]
            want = "team0" if t0 > t1 else "team1" if t1 > t0 else "draw"
            assert set(m["match_winner"].astype(str)) == {want}, (last["game_index"], t0, t1, set(m["match_winner"]))
        matches += 1
    return matches


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    path = tmp_path_factory.mktemp("wushik") / "run"
    return sim.play("wushik", 12, seed=11, variant="short-match", out=path, progress=False, log=lambda s: None)


def test_play_totals_are_running_sums_of_hand_scores(played):
    assert _check_totals(played.to_pandas().sort_values(["game_index", "hand_no"], kind="stable")) == 12


@pytest.mark.parametrize("where", ["disk", "memory"])
def test_rescored_totals_and_winner_follow_the_new_hand_scores(played, tmp_path, where):
    rules = {"bomb_bonus.five": 400, "bomb_bonus.six": 700, "terminal_trick_points": "void"}
    out = tmp_path / "rescored" if where == "disk" else None
    new = played.rescore(rules, out=out).to_pandas().sort_values(["game_index", "hand_no"], kind="stable")
    old = played.to_pandas().sort_values(["game_index", "hand_no"], kind="stable")
    assert (new["team0_score"].to_numpy() != old["team0_score"].to_numpy()).any(), "the rescore changed no hand"
    assert _check_totals(new) == 12
    assert (new["match_over"].to_numpy() == old["match_over"].to_numpy()).all()  # matches end where they ended


def test_a_match_split_between_batches_is_rescored_whole(played, tmp_path):
    """Rescoring reads batches; with batches of 5 rows nearly every match straddles two."""
    from sim.rescore import rescore_run

    rescore_run(played.path, tmp_path / "small", {"bomb_bonus.five": 400}, batch_size=5)
    new = sim.open_run(tmp_path / "small").to_pandas().sort_values(["game_index", "hand_no"], kind="stable")
    assert _check_totals(new) == 12


def test_whole_games_never_splits_a_game_index():
    import pyarrow as pa

    from analysis.columns import whole_games

    games = np.array([0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 4, 4])
    table = pa.table({"game_index": games, "x": np.arange(len(games))})
    for size in (1, 2, 3, 5, 12):
        out = list(whole_games(table.to_batches(max_chunksize=size)))
        np.testing.assert_array_equal(np.concatenate([b.column("game_index").to_numpy() for b in out]), games)
        for b in out:
            got = b.column("game_index").to_numpy()
            assert all((got == g).sum() == (games == g).sum() for g in set(got)), size
