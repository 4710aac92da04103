"""仙居红五's player defaults (sim.games.hongwu.play.POLICY_DEFAULTS): random and greedy show the
first 10 they receive (XJ-4 "default: always"); smart shows a 10 only for a suit worth it
(declare_min / declare_after) and, on the 庄 side, leads its sure trump singles (trump_lead 0).
Who shows is checked card by card against the deal rebuilt from the hand's stream; what smart's
defaults earn is measured on duplicate deals (the same deals with and without), with 5-sigma
tolerances around the figures stated in POLICY_DEFAULTS' comment."""

from __future__ import annotations

import numpy as np
import pytest

import sim
from sim.games.hongwu.play import POLICY_DEFAULTS
from sim.games.trick import SUITS
from tests.reference.rng import Stream, shuffle

HAND, N_IDS, R10, HEART5 = 39, 162, 7, 9
ALWAYS = {"declare_min": 0.0, "declare_after": 0.0}


def expected_show(seed: int, deal: int, declare_min: float, declare_after: float):
    """(deck position, seat, suit) of the first 10 shown under kernels.trick.declare's rule: a seat
    holding a 10 shows the suit with the best share (that suit's plain cards + its 10s, jokers and
    ♥5s, over the cards received; a pair of 10s breaks ties) once it has received
    ``declare_after`` cards and the share reaches ``declare_min``, and on its last card whatever."""
    deck = list(range(N_IDS))
    shuffle(Stream(seed, deal), deck)
    suit = np.zeros((4, 4), int)
    tens = np.zeros((4, 4), int)
    extra = np.zeros(4, int)
    received = np.zeros(4, int)
    for p in range(4 * HAND):
        seat, k = p % 4, deck[p] % 54
        received[seat] += 1
        if k >= 52 or k == HEART5:
            extra[seat] += 1
        elif k // 4 == R10:
            tens[seat, k % 4] += 1
        else:
            suit[seat, k % 4] += 1
        if tens[seat].sum() == 0:
            continue
        best, best_v = -1, -1.0
        for s in range(4):
            if tens[seat, s]:
                v = (suit[seat, s] + tens[seat].sum() + extra[seat]) / received[seat] + (0.001 if tens[seat, s] >= 2 else 0)
                if v > best_v:
                    best, best_v = s, v
        if received[seat] >= HAND or (received[seat] >= declare_after and best_v >= declare_min):
            return p, seat, best
    raise AssertionError("nobody showed a 10")


def _play(n, seed, policy="smart", params=None, duplicate=False):
    return sim.play("hongwu", n, seed=seed, policy=policy, policy_params=params, duplicate=duplicate,
                    progress=False, threads=1).to_pandas().sort_values("game_index")


@pytest.mark.parametrize("policy,params", [("random", None), ("greedy", None), ("smart", None),
                                           ("smart", {"declare_min": 2.0, "declare_after": 99.0})],
                         ids=["random", "greedy", "smart", "smart-never-before-its-last-card"])
def test_the_shower_is_the_first_seat_the_rule_lets_show(policy, params):
    """The banker, the trump suit and the position of the 10 shown, hand by hand, as the rule with the
    game's defaults (or the given parameters) says; random and greedy show the first 10 dealt (XJ-4
    "default: always", whatever POLICY_DEFAULTS says), smart mostly a later one."""
    df = _play(60, 11, policy, params)
    p = {**POLICY_DEFAULTS[policy], **(params or {})}
    first_ten = 0
    for r in df.itertuples():
        pos, seat, suit = expected_show(11, r.game_index, p["declare_min"], p["declare_after"])
        assert (r.show_position, r.banker, r.trump_suit) == (pos, seat, SUITS[suit]), f"hand {r.game_index}"
        assert r.redeals == 0 and not r.trump_from_kitty
        first, *_ = expected_show(11, r.game_index, 0.0, 0.0)
        first_ten += pos == first
    if policy != "smart":
        assert first_ten == len(df)  # XJ-4: always
    else:
        assert first_ten < len(df) / 2  # choosy: mostly a later 10
    if params:  # the choosiest bots still show, on their last card: no redeal, no turned kitty
        assert (df.show_position >= 4 * HAND - 4).all()
        assert (df.redeals == 0).all() and (df.trump_from_kitty == 0).all()


def _seat0_gain(n_hands, seed, new, old, others):
    """Seat 0's money per deal (summed over the deal's four seatings) with ``new`` minus with ``old``,
    the other three seats playing ``others``: (mean, standard error)."""
    def per_deal(p0):
        df = _play(n_hands, seed, params=[p0, others, others, others], duplicate=True)
        return df.s0_money.to_numpy().reshape(-1, 4).sum(axis=1)

    d = per_deal(new) - per_deal(old)
    return d.mean(), d.std(ddof=1) / np.sqrt(len(d))


def test_choosy_showing_earns_on_the_same_deals():
    """declare_min 0.45 after 10 cards (with trump_lead 0) against always-showing smart seats:
    +0.277 B a deal in POLICY_DEFAULTS' comment (20,000 deals); 0 if smart still showed blind."""
    always = {**ALWAYS, "trump_lead": 10.0}
    mean, se = _seat0_gain(16_000, 5, {}, always, always)
    assert abs(mean - 0.277) < 5 * se and mean > 0, (mean, se)


def test_leading_trumps_earns_on_the_same_deals():
    """trump_lead 0 against trump_lead 10, four choosy smart seats: +0.069 B a deal in
    POLICY_DEFAULTS' comment; exactly 0 if the parameter did nothing."""
    mean, se = _seat0_gain(16_000, 5, {}, {"trump_lead": 10.0}, {"trump_lead": 10.0})
    assert abs(mean - 0.069) < 5 * se and mean > 0, (mean, se)


def test_declaring_is_no_loss_in_smart_self_play():
    """The report's play quality: E[money | declared the trump] for the declarer (庄家), +0.237 B a
    hand in POLICY_DEFAULTS' comment (20,000 hands), -0.136 when every seat showed its first 10."""
    df = _play(8_000, 9)
    money = df[[f"s{k}_money" for k in range(4)]].to_numpy()[np.arange(len(df)), df.banker.to_numpy()]
    se = money.std(ddof=1) / np.sqrt(len(money))
    assert abs(money.mean() - 0.237) < 5 * se and money.mean() - 2 * se > 0, (money.mean(), se)


def test_choosy_runs_keep_the_deal_check(tmp_path):
    """No redeal can condition the deal (test above), so the report compares the seats' holdings with
    the exact values whatever the bots' showing parameters."""
    from sim.reports import build_report
    from analysis.runs import open_run

    sim.play("hongwu", 400, seed=3, policy="smart,greedy,smart,random",
             policy_params=[{"declare_min": 0.6, "declare_after": 20.0}, {}, {}, {}], out=tmp_path / "run",
             progress=False, threads=1)
    rep = build_report(open_run(tmp_path / "run"))
    checked = {s.name for s in rep.stats() if s.z is not None}
    assert {"E[pairs]", "E[jokers]", "P(hearts5 = 0)"} <= checked
    assert not rep.flagged(), rep.check_line()
