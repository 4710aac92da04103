"""Our 斗地主 reference under ``OPENSPIEL_VARIANT`` against OpenSpiel's ``dou_dizhu``, move for
move: every play action id decodes to the cards OpenSpiel prints, the legal action sets of
random positions (leading and following) equal ``legal_moves``, and whole games replayed
through ``landlord_game.replay`` give OpenSpiel's returns. Needs pyspiel (``peers`` extra)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from kernels.landlord.moves import (  # noqa: E402
    AIRPLANE_PAIRS,
    AIRPLANE_SINGLES,
    BOMB,
    CHAIN_KINDS,
    ROCKET,
    TRIO_PAIR,
    TRIO_SINGLE,
)
from tests.reference.landlord_game import replay  # noqa: E402
from tests.reference.landlord_rules import (  # noqa: E402
    PASS_KEY,
    chain_ranks,
    key_counts,
    legal_moves,
    rules_for,
)
from tests.reference.openspiel_doudizhu import (  # noqa: E402
    N_ACTIONS,
    OPENSPIEL_VARIANT,
    PLAY_BASE,
    action_to_key,
    detect_offset,
    key_to_action,
    parse_cards,
    play_game,
)

N_GAMES = 150


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game("dou_dizhu")


@pytest.fixture(scope="module")
def offset(game):
    return detect_offset(game)


def test_action_ids_decode_to_openspiel_cards(game, offset):
    state = game.new_initial_state()
    assert state.action_to_string(0, offset) == "Pass"
    assert [state.action_to_string(0, offset + b) for b in (1, 2, 3)] == ["Bid 1", "Bid 2", "Bid 3"]
    assert game.num_distinct_actions() == N_ACTIONS + offset
    R = rules_for("doudizhu", OPENSPIEL_VARIANT)
    for a in range(PLAY_BASE, N_ACTIONS):
        text = state.action_to_string(0, a + offset)
        key = action_to_key(a + offset, offset)
        assert parse_cards(text) == key_counts(key, "doudizhu", R), (a, text, key)
        if "-" in text:  # airplane with wings: OpenSpiel prints the chain first
            chain = parse_cards(text.split("-")[0])
            assert chain == tuple(3 * c for c in chain_ranks(key, R)), (a, text)
        assert key_to_action(key, offset) == a + offset


def _record_games():
    decisions = []  # (hand, top, openspiel keys, reference keys)

    def check(state, player, hand, top, keys):
        decisions.append((hand, top, keys, legal_moves(hand, top, "doudizhu", OPENSPIEL_VARIANT)))

    games = [play_game(random.Random(seed), check) for seed in range(N_GAMES)]
    return games, decisions


@pytest.fixture(scope="module")
def recorded():
    return _record_games()


def test_legal_action_sets_equal_reference(recorded):
    _games, decisions = recorded
    bad = [(h, t, sorted(o - r)[:3], sorted(r - o)[:3]) for h, t, o, r in decisions if o != r]
    assert not bad, bad[:3]
    leads = [d for d in decisions if d[1] is None]
    follows = [d for d in decisions if d[1] is not None]
    assert len(leads) > 100 and len(follows) > 300
    # the random positions cover the kicker patterns, chains, bombs and the rocket
    offered = {k[0] for d in decisions for k in d[2]}
    assert {TRIO_SINGLE, TRIO_PAIR, AIRPLANE_SINGLES, AIRPLANE_PAIRS, BOMB, ROCKET} <= offered
    assert set(CHAIN_KINDS) <= offered
    assert any(t is not None and t[0] == AIRPLANE_SINGLES for _h, t, _o, _r in decisions)
    assert any(t is not None and t[0] == BOMB for _h, t, _o, _r in decisions)


def test_full_games_give_equal_returns(recorded):
    games, _decisions = recorded
    redeals = springs = bombs = 0
    for g in games:
        res = replay(g["deal"], g["kitty"], g["tokens"], OPENSPIEL_VARIANT,
                     first_bidder=g["first_bidder"])
        assert [float(m) for m in res.money] == g["returns"], (g["history"], res)
        redeals += res.redeal
        springs += bool(res.spring or res.fanchun)
        bombs += sum(res.bombs) > 0
    assert redeals and bombs and redeals < len(games)


def test_pass_key_maps_to_pass(offset):
    assert action_to_key(offset, offset) == PASS_KEY
    assert key_to_action(PASS_KEY, offset) == offset
