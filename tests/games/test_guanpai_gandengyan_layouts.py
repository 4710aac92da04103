"""The raw-fact rows drafted for the two games' play kernels: Parquet columns exist for the run's
seats only, and scoring reads nothing but those columns (so ``rescore`` works from a stored run)."""

import numpy as np
import pytest

from kernels.gandengyan.layout import LAYOUT as GD_LAYOUT
from kernels.guanpai.layout import LAYOUT as GP_LAYOUT
from sim.games.gandengyan import scoring as gd_scoring
from sim.games.gandengyan.rules import VARIANTS, GandengyanRules
from sim.games.guanpai import scoring as gp_scoring
from sim.games.guanpai.rules import GuanpaiRules
from sim.ruleset import apply_overrides
from sim.schema import layout_columns


class OnlyColumns(dict):
    """A facts dict that fails loudly on any name outside the stored columns."""

    def __getitem__(self, key):
        if key not in self:
            raise AssertionError(f"scoring read {key!r}, which is not a stored column")
        return dict.__getitem__(self, key)


def stored(layout, n_seats, rows, names):
    """The columns a stored run has, restricted to the facts the game's scoring declares."""
    cols = layout.unpack(rows, n_seats)
    assert set(names) <= set(cols), set(names) - set(cols)
    return OnlyColumns({k: cols[k] for k in names})


@pytest.mark.parametrize("n_seats", [2, 3, 6, 10])
def test_gandengyan_columns_and_scoring(n_seats):
    names = [c.name for c in layout_columns(GD_LAYOUT, n_seats)]
    assert f"s{n_seats - 1}_cards_left" in names and f"s{n_seats}_cards_left" not in names
    rows = np.zeros((3, GD_LAYOUT.length), np.int64)
    rows[:, GD_LAYOUT.at("winner")] = [0, 1, -1]
    rows[:, GD_LAYOUT.at("cards_left") + n_seats - 1] = 4
    rows[:, GD_LAYOUT.at("bombs4")] = 1
    for variant, v in VARIANTS.items():
        rules = apply_overrides(GandengyanRules(), {**v.overrides, "players": max(n_seats, 3) if variant == "two-deck" else 2})
        out = gd_scoring.score(stored(GD_LAYOUT, n_seats, rows, gd_scoring.facts(rules, n_seats)), rules, n_seats)
        money = np.stack([out[f"s{k}_money"] for k in range(n_seats)], axis=1)
        assert np.allclose(money.sum(axis=1), 0) and (money[2] == 0).all()  # zero-sum; a stalemate pays nothing


def test_guanpai_columns_and_scoring():
    names = [c.name for c in layout_columns(GP_LAYOUT, 2)]
    assert {"winner", "s0_cards_left", "s1_cards_left", "s0_plays", "s1_plays"} <= set(names)
    rows = np.zeros((2, GP_LAYOUT.length), np.int64)
    rows[:, GP_LAYOUT.at("winner")] = [0, 1]
    rows[:, GP_LAYOUT.at("cards_left") + 1] = [6, 0]
    rows[:, GP_LAYOUT.at("cards_left")] = [0, 17]
    rows[0, GP_LAYOUT.at("plays") + 1] = 3
    out = gp_scoring.score(stored(GP_LAYOUT, 2, rows, gp_scoring.facts(GuanpaiRules(), 2)), GuanpaiRules(), 2)
    assert out["s0_money"].tolist() == [6, -34]
