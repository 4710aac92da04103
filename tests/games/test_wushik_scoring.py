"""五十K scoring from raw facts (``sim.games.wushik.scoring``) against the spec's worked examples
and the reference's plain per-hand scoring, on hands the reference engine plays and validates."""

import random

import numpy as np
import pytest

from kernels.cards import card_id, card_rank
from kernels.wushik.layout import HAND_LAYOUT
from sim.games.wushik.rules import VARIANTS, WushikRules, validate
from sim.games.wushik.scoring import match_over, match_winner, running_totals, score
from sim.errors import UserError
from sim.ruleset import apply_overrides, flatten
from tests.reference import wushik_rules as ref
from tests.reference.wushik_game import RuleViolation, WushikHand, play_hand, play_match


def blank():
    f = {name: 0 for name in HAND_LAYOUT.column_names(4)}
    f.update(terminal_seat=-1, eight_seat=-1, eight_applied=False)
    return f


def columns(rows, one_match: bool = False):
    """Facts of ``rows`` as score() reads them: independent hands (a game index each), or the hands
    of one match (``one_match``: one game index, so the match totals run over them)."""
    out = {k: np.array([r[k] for r in rows]) for k in rows[0]}
    out.setdefault("game_index", np.zeros(len(rows), np.int64) if one_match else np.arange(len(rows)))
    return out


def flat(rules):
    return flatten(rules)


def example_facts(places):
    """§14: the 一游 team captured 100 (team 0), the other 90, 10 points void."""
    f = blank()
    for seat, place in places.items():
        f[f"s{seat}_finish"] = place
    f.update(s0_captured=60, s2_captured=40, s1_captured=50, s3_captured=40, s3_void=10, terminal_seat=0)
    return f


def test_spec_hand_score_examples():
    rows = [example_facts({0: 1, 2: 2}), example_facts({0: 1, 1: 2, 2: 3}), example_facts({0: 1, 1: 2, 3: 3})]
    s = score(columns(rows), WushikRules())
    assert s["pattern"].tolist() == [0, 1, 2]
    assert s["team0_score"].tolist() == [200, 150, 100]
    assert s["team1_score"].tolist() == [-10, 40, 90]
    assert s["void_points"].tolist() == [10, 10, 10]
    assert (150 + s["team0_score"]).tolist() == [350, 300, 250]
    assert (150 + s["team1_score"]).tolist() == [140, 190, 240]
    for r, row in enumerate(rows):
        assert ref.hand_score(row) [:2] == (s["team0_score"][r], s["team1_score"][r])


def rigged_deal(gifts):
    """``gifts[seat] = (rank, n)``: that seat holds n cards of the rank; the rest dealt at random."""
    hands = [[], [], [], []]
    for seat, (rank, n) in gifts.items():
        hands[seat] = [card_id(rank, s, d) for s in range(4) for d in range(2)][:n]
    taken = {c for h in hands for c in h}
    rest = [c for c in ref.DECK if c not in taken]
    random.Random(5).shuffle(rest)
    for seat in range(4):
        while len(hands[seat]) < 26:
            hands[seat].append(rest.pop())
    return hands


def test_spec_bomb_bonus_example():
    """§14: seat 1 plays 777777, seat 2 passes, seat 3 (partner) 8888888, seats 0, 1, 2 pass →
    team {1,3} +100 for the 6-bomb (not beaten by an opponent) and +200 for the 7-bomb."""
    h = WushikHand(rigged_deal({1: (4, 6), 3: (5, 7)}), leader=1)
    sevens = [c for c in h.hands[1] if card_rank(c) == 4]
    eights = [c for c in h.hands[3] if card_rank(c) == 5]
    h.act(1, ref.key(ref.BOMB, 4, 6), sevens[:6])
    h.act(2, ref.PASS_KEY)
    h.act(3, ref.key(ref.BOMB, 5, 7), eights[:7])
    for seat in (0, 1, 2):
        h.act(seat, ref.PASS_KEY)
    f = h.facts()
    assert (f["s1_bonus6"], f["s3_bonus7"], f["s1_bombs6"], f["s3_bombs7"]) == (1, 1, 1, 1)
    assert f["s3_captured"] == 0 and h.turn == 3  # no points on the table; seat 3 leads next
    row = blank() | {k: v for k, v in f.items() if k in blank()}
    row.update(s0_finish=1, s1_finish=2, s2_finish=3)
    s = score(columns([row]), WushikRules())
    assert s["team1_bonus"][0] == 300 and s["team0_bonus"][0] == 0
    zs = score(columns([row]), apply_overrides(WushikRules(), {"bomb_bonus_zero_sum": True}))
    assert zs["team1_bonus"][0] == 300 and zs["team0_bonus"][0] == -300


def test_opponent_overbomb_cancels_bonus():
    """W-6: a later bomb of the other team in the same trick takes the bonus away (seat 2's 2s over
    seat 1's 7s, seat 3's 8s over seat 2's 2s); the last bomb keeps its bonus."""
    h = WushikHand(rigged_deal({1: (4, 6), 2: (12, 7), 3: (5, 8)}), leader=1)
    pick = lambda seat, rank, n: [c for c in h.hands[seat] if card_rank(c) == rank][:n]  # noqa: E731
    h.act(1, ref.key(ref.BOMB, 4, 6), pick(1, 4, 6))
    h.act(2, ref.key(ref.BOMB, 12, 7), pick(2, 12, 7))
    h.act(3, ref.key(ref.BOMB, 5, 8), pick(3, 5, 8))
    for seat in (0, 1, 2):
        h.act(seat, ref.PASS_KEY)
    f = h.facts()
    assert (f["s1_bonus6"], f["s2_bonus7"], f["s3_bonus8"]) == (0, 0, 1)
    assert (f["s1_bombs6"], f["s2_bombs7"], f["s3_bombs8"]) == (1, 1, 1)


def random_chooser(seed):
    rng = random.Random(seed)

    def choose(h, seat, options):
        return rng.choice(options) if h.lead() else rng.choice(options + [ref.PASS_KEY])
    return choose


@pytest.fixture(scope="module")
def played():
    rows = []
    for g in range(8):
        rng = random.Random(g)
        deck = list(ref.DECK)
        rng.shuffle(deck)
        rules = {"jiefeng": "next"} if g % 2 else None
        h = play_hand([deck[s::4] for s in range(4)], g % 4, random_chooser(g), rules)
        f = blank() | h.facts()
        points = sum(f[f"s{s}_captured"] + f[f"s{s}_void"] for s in range(4)) + f["terminal_points"]
        assert points == 200 and sum(len(x) for x in h.hands) + sum(len(a[2]) for a in h.log) == 104
        rows.append(f)
    return rows


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_vectorised_equals_reference(played, variant):
    rules = apply_overrides(WushikRules(), VARIANTS[variant].overrides)
    rules = apply_overrides(rules, {"bomb_bonus": {"five": 70, "eight": 500}} if variant == "default" else {})
    s = score(columns(played), rules)
    for i, f in enumerate(played):
        t0, t1, name = ref.hand_score(f, flat(rules))
        assert (s["team0_score"][i], s["team1_score"][i]) == (t0, t1)
        assert ("双抓", "单抓", "保")[s["pattern"][i]] == name


def test_eight_of_a_kind_rules():
    f = blank() | {"eight_applied": True, "eight_seat": 3}
    s = score(columns([f]), WushikRules())
    assert (s["pattern"][0], s["team1_score"][0], s["team0_score"][0]) == (3, 300, -100)
    s = score(columns([f]), apply_overrides(WushikRules(), {"eight_bomb_rule": "win_match"}))
    assert (s["team0_score"][0], s["team1_score"][0]) == (0, 0)


def test_match_totals_and_end():
    """Reference matches (random players, a short target): the running totals of the vectorised
    hand scores are the match's, the last hand is the first to reach the target."""
    rules = {"target_score": 300}
    res = play_match(2026, 3, random_chooser(3), rules)
    hands = res["hands"]
    rows = [blank() | {k: v for k, v in f.items() if k in blank()} for f in hands]
    s = score(columns(rows, one_match=True), apply_overrides(WushikRules(), rules))
    assert [s["team0_total"][-1], s["team1_total"][-1]] == res["totals"]  # score()'s own running totals
    totals = running_totals(np.zeros(len(rows), int), np.stack([s["team0_score"], s["team1_score"]], axis=1))
    assert totals[-1].tolist() == res["totals"]
    over = match_over(totals, 300)
    assert over[-1] and not over[:-1].any()
    assert match_winner(totals[-1:, 0], totals[-1:, 1])[0] == res["winner"]
    two = running_totals(np.array([0, 0, 1, 1]), np.array([[10, 0], [5, 5], [1, 2], [3, 4]]))
    assert two.tolist() == [[10, 0], [15, 5], [1, 2], [4, 6]]


def test_reference_refuses_illegal_plays():
    h = WushikHand([list(ref.DECK[s::4]) for s in range(4)], 0)
    with pytest.raises(RuleViolation):
        h.act(0, ref.PASS_KEY)  # a lead cannot pass
    with pytest.raises(RuleViolation):
        h.act(1, ref.key(ref.SINGLE, 0, 1))  # not his turn
    with pytest.raises(RuleViolation):
        h.act(0, ref.key(ref.SINGLE, 0, 1), [h.hands[1][0]])  # not his card


def test_validate():
    validate(WushikRules())
    with pytest.raises(UserError):
        validate(apply_overrides(WushikRules(), {"target_score": 0}))
    with pytest.raises(UserError):
        validate(apply_overrides(WushikRules(), {"bomb_bonus": {"six": -1}}))
    for name, variant in VARIANTS.items():
        validate(apply_overrides(WushikRules(), variant.overrides))
