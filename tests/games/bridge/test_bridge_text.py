"""Readable bridge text: calls, auctions, PBN deals."""

from __future__ import annotations

from sim.games.bridge.kernel_rows import deal_masks
from sim.games.bridge.text import auction_calls, auction_text, call_name, deal_pbn, parse_pbn
from tests.reference import bridge as ref


def test_call_names():
    assert [call_name(c) for c in (1, 2, 3, 4, 8, 9, 38)] == ["P", "X", "XX", "1C", "1NT", "2C", "7NT"]


def test_auction_words_round_trip():
    calls = [4, 1, 9, 2, 3, 1, 1, 1, 38, 1, 1, 1]
    words = [0, 0, 0, 0, 0]
    for n, c in enumerate(calls):
        words[n // 10] |= c << (6 * (n % 10))
    assert auction_calls(words) == calls
    assert auction_text(words, 1).startswith("E: 1C P 2C X XX")


def test_pbn_of_seeded_deals():
    masks = deal_masks(31, 0, 100)
    for g, row in enumerate(masks):
        text = deal_pbn(row)
        assert parse_pbn(text) == [int(x) for x in row]
        hands, _ = ref.deal(31, g)
        spades_north = "".join("23456789TJQKA"[r] for r in ref.suit_cards(hands[0], 3))
        assert text.split(":")[1].split(".")[0] == spades_north
    assert deal_pbn(masks[0], first=2).startswith("S:")
    assert parse_pbn(deal_pbn(masks[0], first=2)) == [int(x) for x in masks[0]]
