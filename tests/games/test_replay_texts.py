"""What replays and column docs say must match the rows (issue 24 items 8 and 10): a throw that
stands is not printed as a failure, a raise is not printed as a bet, a stalemate is said and pays
0, and 双扣's side_level is documented as the values it takes."""

from __future__ import annotations

from sim.games.trick import replay as trick


class _Cards:
    """A stand-in for ``trick.Cards``: names cards by their ids, no points."""

    def text(self, cards) -> str:
        return " ".join(map(str, cards)) or "—"

    def pts(self, cards) -> int:
        return 0


def test_a_throw_that_stands_is_not_printed_as_a_failure():
    acts = [(trick.THROW, 1, 12, 0, [10, 11]), (trick.PLAY, 1, 12, 1, [10, 11]),
            (trick.PLAY, 2, 12, 0, [3, 4]), (trick.PLAY, 3, 12, 0, [5, 6]), (trick.PLAY, 0, 12, 0, [7, 8])]
    text = "\n".join(trick.trick_lines(acts, _Cards(), {0, 2}, last_winner=1))
    assert "seat 1 throws 10 11 — stands" in text and "fails" not in text, text


def test_a_failed_throw_says_its_higher_cards_and_penalty():
    acts = [(trick.THROW, 1, 3, 2, [10, 11]), (trick.PLAY, 1, 3, 1, [11]),
            (trick.PLAY, 2, 3, 0, [3]), (trick.PLAY, 3, 3, 0, [5]), (trick.PLAY, 0, 3, 0, [7])]
    text = "\n".join(trick.trick_lines(acts, _Cards(), {0, 2}, last_winner=0))
    assert "seat 1 throws 10 11 — fails: 2 higher card(s) held, penalty 20" in text, text


def test_a_raise_is_not_printed_as_a_bet():
    from sim.games.hkstud.replay import action_text

    assert action_text(3, 4, bet_before=False) == "bets 4"
    assert action_text(3, 8, bet_before=True) == "raises (puts in 8)"
    assert action_text(2, 4, bet_before=True) == "calls 4"


def _gd_row(winner: int, left: list[int], n_tricks: int) -> dict:
    row = {"winner": winner, "n_tricks": n_tricks}
    row.update({f"s{s}_cards_left": c for s, c in enumerate(left)})
    return row


def test_a_gandengyan_stalemate_is_said_with_the_trick_the_row_counts():
    from sim.games.gandengyan.replay import stalemate_lines

    # one-deck (play_on): seat 0 went out, two seats still hold a joker each and nobody can lead
    lines = stalemate_lines(_gd_row(0, [0, 1, 1], 9), 3, "play_on", last_trick=8)
    assert lines == ["— trick 9", "stalemate: nobody holding cards can lead (only jokers, the stock is empty)"]
    # sichuan (first_out): nobody out
    assert stalemate_lines(_gd_row(-1, [1, 1, 2], 7), 3, "first_out", last_trick=7)[-1].startswith("stalemate")
    # a first-out hand with a winner, or a play-on hand played to its last holder, is no stalemate
    assert stalemate_lines(_gd_row(1, [3, 0, 2], 7), 3, "first_out", last_trick=7) == []
    assert stalemate_lines(_gd_row(1, [0, 0, 2], 7), 3, "play_on", last_trick=7) == []


def test_nothing_paid_is_zero_not_minus_zero():
    from sim.games.gandengyan.replay import money_text

    assert money_text(-0.0) == "0" and money_text(0) == "0" and money_text(-3.0) == "-3" and money_text(2) == "+2"


def test_shuangkou_side_level_is_documented_as_the_levels_it_holds():
    """docs/schema.md said "0 under 5" while levels 1-4 are stored (only L >= 5 doubles)."""
    import sim
    from sim.games.shuangkou.columns import SCORED

    doc = next(c.doc for c in SCORED if c.name == "side_level")
    levels = sim.play("shuangkou", 200, seed=4, progress=False, log=lambda s: None).to_pandas(["side_level"])
    low = levels["side_level"].between(1, 4)
    assert low.any(), "no side level of 1-4 in 200 hands: the check below would prove nothing"
    assert "0 under 5" not in doc and "0 with no bomb" in doc, doc
