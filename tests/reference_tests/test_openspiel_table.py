"""Pure-Python checks of the OpenSpiel 斗地主 action table (no pyspiel needed): ids and keys are
a bijection, every OpenSpiel play is a legal reference play under ``OPENSPIEL_VARIANT``, and
every reference play of <= 20 cards under that variant has an OpenSpiel id."""

from __future__ import annotations

import pytest

from kernels.landlord.moves import FOUR_TWO_PAIRS, FOUR_TWO_SINGLES
from tests.reference.landlord_rules import (
    DOUDIZHU_RULES,
    PASS_KEY,
    all_plays,
    classify,
    from_text,
    key_counts,
)
from tests.reference.openspiel_doudizhu import (
    BASE,
    LEGACY_OFFSET,
    N_ACTIONS,
    OPENSPIEL_VARIANT,
    PLAY_BASE,
    action_to_bid,
    action_to_key,
    key_to_action,
    parse_cards,
)


def test_layout_blocks():
    assert (BASE["single"], BASE["solo_chain"], BASE["pair"], BASE["trio_solo"]) == (4, 19, 55, 133)
    assert (BASE["airplane_solo"], BASE["airplane_pair"], BASE["bomb"], BASE["rocket"]) == (
        516, 23104, 26043, 26056)
    assert N_ACTIONS == 26057
    assert action_to_bid(2) == 2 and action_to_bid(2 + LEGACY_OFFSET, LEGACY_OFFSET) == 2
    with pytest.raises(ValueError):
        action_to_key(2)  # a bid is not a play


def test_ids_and_keys_are_a_bijection():
    keys = [action_to_key(a) for a in range(PLAY_BASE, N_ACTIONS)]
    assert len(set(keys)) == len(keys)
    assert all(key_to_action(k) == a for a, k in zip(range(PLAY_BASE, N_ACTIONS), keys))
    assert key_to_action(PASS_KEY) == 0
    with pytest.raises(KeyError):
        key_to_action(next(iter(classify(from_text("5555 3 8"), "doudizhu"))))


def test_openspiel_plays_are_variant_plays():
    for a in range(PLAY_BASE, N_ACTIONS):
        key = action_to_key(a)
        assert key in classify(key_counts(key, "doudizhu"), "doudizhu", OPENSPIEL_VARIANT), a


def test_variant_plays_of_at_most_20_cards_have_ids():
    """All keys the variant allows from the whole pack (<= 20 cards: the largest hand) are
    exactly OpenSpiel's play actions. The chain-head quirk depends on the hand, so it is off
    here (a full pack holds four of every rank)."""
    pack = tuple([4] * 13 + [1, 1])
    variant = {**OPENSPIEL_VARIANT, "chain_head_not_bomb": False}
    ours = all_plays(pack, "doudizhu", variant, max_size=20)
    theirs = {action_to_key(a) for a in range(PLAY_BASE, N_ACTIONS)}
    assert ours == theirs


def test_spec_rules_have_plays_openspiel_lacks():
    spec_only = [next(iter(classify(from_text(t), "doudizhu", DOUDIZHU_RULES)))
                 for t in ("5555 3 8", "5555 33 88", "333444555666 7777", "333444 5555")]
    for key in spec_only:
        with pytest.raises(KeyError):
            key_to_action(key)
    assert spec_only[0][0] == FOUR_TWO_SINGLES and spec_only[1][0] == FOUR_TWO_PAIRS


def test_parse_cards():
    assert parse_cards("333444-T2") == from_text("333444 T 2")
    assert parse_cards("(BWJ)(CJ)") == from_text("S B")
