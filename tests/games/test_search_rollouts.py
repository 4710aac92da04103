"""The ``s{k}_search_rollouts`` column of every game with a ``search`` player: the rollouts its
search seat played, counted exactly, read back from the run's Parquet files.

With ``candidates=2`` a searched play decision has exactly two candidates (it is searched only with
two or more, and never gets more than ``candidates``), each rolled out in every one of ``worlds``
worlds: 2 × worlds rollouts per searched decision when bids and declarations are not searched
(``search_bids=0``). Seats that do not search count none. Bids and declarations (斗地主's family,
仙桃千分's 硬牌) are checked against their own bounds."""

import numpy as np
import pytest

from sim import api
from sim.registry import load_game, resolve_rules

GAMES = ["xiantao", "doudizhu", "doudizhu4", "shanghai", "guanpai", "gandengyan", "wushik", "shuangkou"]
WORLDS = 2


def _run(tmp_path, game, params, n=None, seed=3):
    g = load_game(game)
    seats = g.seats(resolve_rules(g, "default", None))
    n = n or 3 * seats
    policies = ["search"] + ["smart"] * (seats - 1)
    run = api.play(game, n, seed=seed, policy=policies, policy_params=[params] + [{}] * (seats - 1),
                   out=tmp_path / game, threads=1, progress=False)
    df = run.to_pandas()
    assert len(df) >= n
    dec = np.stack([df[f"s{k}_search_decisions"].to_numpy(np.int64) for k in range(seats)], axis=1)
    rollouts = np.stack([df[f"s{k}_search_rollouts"].to_numpy(np.int64) for k in range(seats)], axis=1)
    assert str(df["s0_search_rollouts"].dtype) == "int32"
    return dec, rollouts


@pytest.mark.parametrize("game", GAMES)
def test_two_candidates_roll_out_twice_per_world(tmp_path, game):
    dec, rollouts = _run(tmp_path, game, {"worlds": WORLDS, "candidates": 2, "search_bids": 0})
    assert dec[:, 0].sum() > 0
    assert (rollouts[:, 0] == 2 * WORLDS * dec[:, 0]).all()  # hand by hand
    assert (dec[:, 1:] == 0).all() and (rollouts[:, 1:] == 0).all()  # the smart seats search nothing


@pytest.mark.parametrize("game", ["doudizhu", "xiantao"])
def test_more_candidates_roll_out_between_the_bounds(tmp_path, game):
    """With ``candidates=3`` a searched decision rolls out 2 or 3 candidates in every world."""
    dec, rollouts = _run(tmp_path, game, {"worlds": WORLDS, "candidates": 3, "search_bids": 0})
    r, d = rollouts[:, 0], dec[:, 0]
    assert (r % WORLDS == 0).all()
    assert (2 * WORLDS * d <= r).all() and (r <= 3 * WORLDS * d).all()
    assert (r > 2 * WORLDS * d).any()  # some decisions had three candidates


def test_xiantao_hard_answers_roll_out_both_answers(tmp_path):
    """仙桃千分 with nothing searched in play (``candidates=1``): the searched decisions are the 硬牌
    answers, each of which plays declaring out in every world and declining in every world that
    is not redealt."""
    dec, rollouts = _run(tmp_path, "xiantao", {"worlds": WORLDS, "candidates": 1, "search_bids": 1}, n=16)
    r, d = rollouts[:, 0], dec[:, 0]
    assert d.sum() > 0
    assert (WORLDS * d <= r).all() and (r <= 2 * WORLDS * d).all()
    assert r.sum() > WORLDS * d.sum()


@pytest.mark.parametrize("game", ["doudizhu", "shanghai"])
def test_landlord_bids_count_their_play_outs(tmp_path, game):
    """斗地主 / 上海 with nothing searched in play (``candidates=1``): every rollout comes from a
    searched bid or declaration, which plays each answer out in ``BID_WORLDS`` × worlds worlds at
    most (a redeal or a hand over before the tricks plays none)."""
    from kernels.landlord.search_bids import BID_WORLDS

    dec, rollouts = _run(tmp_path, game, {"worlds": WORLDS, "candidates": 1, "search_bids": 1}, n=24)
    r, d = rollouts[:, 0], dec[:, 0]
    assert d.sum() > 0 and r.sum() > 0
    assert (r <= 8 * BID_WORLDS * WORLDS * d).all()  # at most 8 answers to a decision (options_of)
    off, off_r = _run(tmp_path / "off", game, {"worlds": WORLDS, "candidates": 1, "search_bids": 0}, n=24)
    assert off.sum() == 0 and off_r.sum() == 0
