"""paiju's ``openspiel`` variant of 斗地主 against OpenSpiel's C++ ``dou_dizhu``, move for move.

* Legal moves: in thousands of positions reached by seeded random OpenSpiel games (leading and
  following, after bombs and rockets), the KERNEL's legal moves (``ll_generate``), mapped to
  OpenSpiel action ids, are exactly ``state.legal_actions()``.
* Whole games: hands simulated by the paiju kernel (random and heuristic players) are re-played
  in OpenSpiel with the same deal (chance actions chosen to give every seat its cards), the same
  first bidder, the same bids and the same moves; OpenSpiel accepts every action, ends the game at
  the same moment, and its returns equal paiju's money.
"""

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from kernels.landlord import rows as W  # noqa: E402
from kernels.landlord.movegen import empty_work, ll_generate  # noqa: E402
from sim.games.landlord.rules import DOUDIZHU_VARIANTS, engine_rules  # noqa: E402
from tests.games.landlord_helpers import (actions_of, deal_of, kernel_inputs, logged_hand, make_spec,
                                         score_rows)  # noqa: E402
from tests.reference import openspiel_doudizhu as osd  # noqa: E402

OPENSPIEL = DOUDIZHU_VARIANTS["openspiel"].overrides


def _rules_vector():
    return engine_rules(make_spec("doudizhu", overrides=OPENSPIEL).rules, "auction", 4096)


def kernel_action_ids(hand, top, v, offset):
    c = np.zeros(16, np.int64)
    c[:15] = hand
    t = np.zeros(7, np.int64) if top is None else np.array(top, np.int64)
    out = np.zeros((4096, 7), np.int64)
    n = ll_generate(c, t, v, out, empty_work(), np.int64(-1))
    ids = {osd.key_to_action(tuple(int(x) for x in out[i]), offset) for i in range(n)}
    if top is not None:
        ids.add(osd.PASS_ACTION + offset)
    return ids


def test_kernel_legal_moves_equal_openspiel():
    v = _rules_vector()
    offset = osd.detect_offset(pyspiel.load_game("dou_dizhu"))
    rng = random.Random(2024)
    positions = {"lead": 0, "follow": 0, "after_bomb": 0}

    def check(state, player, hand, top, legal_keys):
        assert kernel_action_ids(hand, top, v, offset) == set(state.legal_actions())
        positions["lead" if top is None else "follow"] += 1
        if top is not None and top[0] in (4, 5):
            positions["after_bomb"] += 1

    for _ in range(150):
        osd.play_game(rng, on_decision=check)
    assert positions["lead"] > 1000 and positions["follow"] > 2000 and positions["after_bomb"] > 20, positions


def _deal_rank(action):
    """Rank index of a dealing chance action: 51 + card, card = suit * 13 + rank, 52/53 jokers."""
    card = action - 51
    return card % 13 if card < 52 else 13 + card - 52


def _openspiel_replay(game, deal, first, tokens, offset):
    """Apply a paiju hand to a fresh OpenSpiel state; returns the terminal state."""
    state = game.new_initial_state()
    state.apply_action(first)  # face-up card position: its receiver (position % 3) bids first
    need = [list(h) for h in deal]
    for k in range(51):
        seat = k % 3
        legal = [a for a, _ in state.chance_outcomes()]
        pick = next(a for a in legal if need[seat][_deal_rank(a)] > 0)
        need[seat][_deal_rank(pick)] -= 1
        state.apply_action(pick)
    assert state.current_player() == first
    for p in range(3):
        assert osd.hand_of(state, p) == tuple(deal[p])
    for tok in tokens:
        assert not state.is_terminal()
        a = osd.bid_to_action(tok, offset) if isinstance(tok, int) else osd.key_to_action(tok, offset)
        assert a in state.legal_actions(), (tok, state)
        state.apply_action(a)
    assert state.is_terminal()
    return state


@pytest.mark.parametrize("policies,n_games", [(["random"] * 3, 500), (["smart", "greedy", "random"], 200)])
def test_same_games_same_returns(policies, n_games):
    game = pyspiel.load_game("dou_dizhu")
    offset = osd.detect_offset(game)
    spec = make_spec("doudizhu", policies, OPENSPIEL, n=n_games, seed=99)
    inputs = kernel_inputs(spec)
    rows = []
    finals = []
    for g in range(n_games):
        row, log, deck = logged_hand(spec, g, inputs)
        deal, _ = deal_of(deck, spec.rules, inputs["card_rank"])
        state = _openspiel_replay(game, deal, int(row[W.ROW_FIRST_BIDDER]), actions_of(row, log), offset)
        rows.append(row)
        finals.append(state.returns())
    money = score_rows("doudizhu", np.stack(rows), spec.rules).money
    assert np.array_equal(money, np.array(finals)), "returns differ"
    raw = np.stack(rows)
    assert (raw[:, W.ROW_LANDLORD] < 0).any() or policies[0] != "random"  # all-pass hands met
    assert (raw[:, W.ROW_BOMBS_PLAYED] + raw[:, W.ROW_ROCKETS_PLAYED] > 0).sum() > 10
    assert 0 < raw[:, W.ROW_LANDLORD_WON].sum() < n_games
