"""The landlord family's ``search`` player: its sampling against the pure-Python twin, its money
twin against the late scorer, legal play (every hand replayed by the reference), the end-of-hand
facts, determinism and the deal left untouched by searching."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.climb.loop import LOG_MOVE, LOG_SEAT
from kernels.climb.search import search_stream
from kernels.landlord import rows as W
from kernels.landlord.money import seat_money
from kernels.landlord.movegen import ll_move_counts
from kernels.landlord.search import kitty_need, sample_world
from sim.games.landlord.rules import DOUDIZHU_VARIANTS
from tests.games.landlord_helpers import (actions_of, deal_of, kernel_inputs, logged_hand, make_spec,
                                         reference_rules, run_kernel, score_rows)
from tests.reference import landlord_search as ref
from tests.reference import search as ref_search
from tests.reference.landlord_game import replay
from tests.reference.landlord_rules import beats, classify, is_bomb_class
from tests.reference.rng import Stream

FAST = {"worlds": 2, "candidates": 3}


def _spec(game, policies, over=None, n=20, seed=5, params=None, hps=1):
    spec = make_spec(game, policies, over, n=n, seed=seed, hands_per_session=hps)
    spec.options["policy_params"] = [dict(params or FAST) if p == "search" else {} for p in policies]
    return spec


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 3), landlord=st.integers(-1, 3), played=st.integers(0, 60),
       shown=st.booleans(), n_seats=st.sampled_from([3, 4]))
def test_sample_world_matches_the_reference_and_keeps_what_the_seat_knows(seed, seat, landlord, played, shown,
                                                                         n_seats):
    seat, landlord = seat % n_seats, (landlord % n_seats if landlord >= 0 else -1)
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(15), [8] * 13 + [2, 2])
    rng.shuffle(deck)
    deck = deck[played:]
    counts = np.zeros((n_seats, 16), np.int64)
    for i, r in enumerate(deck):
        counts[i % n_seats, r] += 1
    hand_left = counts.sum(axis=1)
    need = np.zeros(15, np.int64)
    if landlord >= 0:  # cards the landlord is known to hold: some of his own
        need[:] = rng.integers(0, counts[landlord, :15] + 1)
    shown_arr = np.zeros(n_seats, np.bool_)
    if shown and landlord >= 0:
        shown_arr[landlord] = True
    state = np.array(Stream(seed, 7).s, np.uint64)
    sstate = np.empty(4, np.uint64)
    search_stream(state, 3, sstate)
    twin = ref_search.search_stream([int(x) for x in state], 3)
    w = np.full((n_seats, 16), -1, np.int64)
    sample_world(seat, counts, hand_left, landlord, shown_arr, need, w, sstate)
    expect = ref.sample_world(seat, counts.tolist(), hand_left.tolist(), landlord, shown_arr.tolist(), need.tolist(),
                              twin)
    assert w[:, :15].tolist() == expect
    assert [int(x) for x in sstate] == twin.s
    # what the seat knows is kept: its own hand, shown hands, every count, the hidden pool, the landlord's known cards
    assert (w[seat] == counts[seat]).all() and (w.sum(axis=1) == hand_left).all()
    assert (w.sum(axis=0) == counts.sum(axis=0)).all()
    if landlord >= 0:
        assert (w[landlord, :15] >= need).all() or landlord == seat
        if shown:
            assert (w[landlord] == counts[landlord]).all()


def test_kitty_need_is_the_shown_kitty_not_yet_played():
    spec = _spec("doudizhu", ["smart"] * 3)
    rules = kernel_inputs(spec)["rules"]
    row = np.zeros(W.ROW_LEN, np.int64)
    counts = np.zeros((3, 16), np.int64)
    row[W.ROW_DEALT + 15 + 5], counts[1, 5] = 2, 3  # landlord 1 was dealt two 8s and holds three: one from the kitty
    row[W.ROW_DEALT + 15 + 7], counts[1, 7] = 3, 1  # three Ts dealt, one left: nothing known
    need = np.full(15, -1, np.int64)
    kitty_need(0, 1, counts, row, rules, need)
    assert need.tolist() == [0] * 5 + [1] + [0] * 9
    kitty_need(1, 1, counts, row, rules, need)  # the landlord himself
    assert not need.any()
    sh = kernel_inputs(_spec("shanghai", ["smart"] * 4))["rules"]  # 上海: the kitty is never shown
    kitty_need(0, 1, np.zeros((4, 16), np.int64), row, sh, need)
    assert not need.any()


def test_after_baodao_da_the_worlds_give_the_landlord_what_is_left_of_his_shown_sets():
    """上海 报到 打: the landlord showed seven 9s (five dealt + two from the kitty) and the four jokers;
    he has played three 9s and one big joker since. Every seat's worlds give him the four 9s and
    three jokers he still holds; his six Ks (no set) stay hidden; without 报到 打 nothing is known."""
    sh = kernel_inputs(_spec("shanghai", ["smart"] * 4))["rules"]
    row = np.zeros(W.ROW_LEN, np.int64)
    counts = np.zeros((4, 16), np.int64)
    row[W.ROW_DEALT + 2 * 15 + 6], row[W.ROW_KITTY + 6], counts[2, 6] = 5, 2, 4  # 9s: 7 held, 4 left
    row[W.ROW_DEALT + 2 * 15 + 13], row[W.ROW_DEALT + 2 * 15 + 14] = 2, 2  # the four jokers dealt
    counts[2, 13], counts[2, 14] = 2, 1
    row[W.ROW_DEALT + 2 * 15 + 10], counts[2, 10] = 6, 6  # six Ks: not a 报到 set
    counts[2, 0] = 12  # other cards, hidden
    need = np.full(15, -1, np.int64)
    row[W.ROW_BAODAO] = W.BAODAO_DA
    kitty_need(0, 2, counts, row, sh, need)
    assert need.tolist() == [0] * 6 + [4] + [0] * 6 + [2, 1]
    kitty_need(2, 2, counts, row, sh, need)  # the landlord knows his own hand anyway
    assert not need.any()
    for code in (W.BAODAO_NONE, W.BAODAO_BUDA):  # 不打 ends the hand; none shows nothing
        row[W.ROW_BAODAO] = code
        kitty_need(0, 2, counts, row, sh, need)
        assert not need.any()
    row[W.ROW_BAODAO] = W.BAODAO_DA
    counts[[0, 1, 3], 0] = 25  # the others' cards
    hand_left = counts[:, :15].sum(axis=1).astype(np.int64)
    kitty_need(1, 2, counts, row, sh, need)
    w = np.zeros((4, 16), np.int64)
    state = np.array([1, 2, 3, 4], np.uint64)
    for _ in range(20):
        sample_world(1, counts, hand_left, 2, np.zeros(4, np.bool_), need, w, state)
        assert w[2, 6] >= 4 and w[2, 13] >= 2 and w[2, 14] >= 1 and w[2, :15].sum() == hand_left[2]
    need[:] = 0  # ignoring 报到, some worlds would hand the 9s to the other seats
    nines = []
    for _ in range(20):
        sample_world(1, counts, hand_left, 2, np.zeros(4, np.bool_), need, w, state)
        nines.append(w[2, 6])
    assert min(nines) < 4


MONEY_CASES = [
    ("doudizhu", {}, ["random"] * 3, 1),
    ("doudizhu", DOUDIZHU_VARIANTS["r3-qiang"].overrides, ["random", "smart", "random"], 1),
    ("doudizhu", DOUDIZHU_VARIANTS["r1"].overrides, ["random"] * 3, 1),
    ("doudizhu4", {"rocket": True}, ["random", "smart", "random", "greedy"], 1),
    ("shanghai", {}, ["random", "smart", "random", "smart"], 4),
    ("shanghai", {"touliao_rule": "extra_x4", "huangfan_stacks": True}, ["random"] * 4, 4),
    ("shanghai", {"bombs_multiply": True, "pz_baodao_settlement": True}, ["random"] * 4, 4),
    ("shanghai", {"baodao_count_multiplies": True}, ["random"] * 4, 4),
]


@pytest.mark.parametrize("case", range(len(MONEY_CASES)))
def test_money_twin_equals_the_scorer_on_every_row(case):
    game, over, policies, hps = MONEY_CASES[case]
    spec = make_spec(game, policies, over, n=400, seed=31 + case, hands_per_session=hps)
    t = kernel_inputs(spec)
    rows = run_kernel(spec, 0, 400, t)
    money = score_rows(game, rows, spec.rules).money
    n = spec.rules.n_players
    twin = np.array([[seat_money(rows[i], s, n, t["money"]) for s in range(n)] for i in range(len(rows))])
    assert np.array_equal(twin, money)
    assert len(np.unique(np.abs(money))) > 4  # the run reached several stakes (factors exercised)


def _end_counts(hands, kitty, landlord, log):
    held = [list(h) for h in hands]
    if landlord >= 0:
        held[landlord] = [a + b for a, b in zip(held[landlord], kitty)]
    played = np.zeros(15, np.int64)
    for a in log:
        if a[LOG_MOVE] != 0:
            ll_move_counts(a[LOG_MOVE:LOG_MOVE + 7].copy(), played)
            for r in range(15):
                held[int(a[LOG_SEAT])][r] -= int(played[r])
    return held


def _beats_last(counts, last, game, R):
    """Some bomb-class reading of the hand's cards beats the last play (the reference's own rules)."""
    sets = [tuple(k if i == r else 0 for i in range(15)) for r in range(13) for k in range(4, counts[r] + 1)]
    sets += [tuple(1 if i >= 13 else 0 for i in range(15)), tuple(2 if i >= 13 else 0 for i in range(15))]
    for cards in sets:
        if all(c <= h for c, h in zip(cards, counts)):
            if any(is_bomb_class(k) and beats(k, last, game, R) for k in classify(cards, game, R)):
                return True
    return False


CASES = [
    ("doudizhu", {}, ["search", "smart", "greedy"], 16),
    ("doudizhu", DOUDIZHU_VARIANTS["r3-qiang"].overrides, ["smart", "search", "search"], 10),
    ("doudizhu4", {}, ["search", "smart", "smart", "greedy"], 6),
    ("shanghai", {}, ["smart", "search", "greedy", "smart"], 6),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_search_hands_replay_in_reference_with_their_end_facts(case):
    """Hands with search seats: every deal and play legal under the reference, cards conserved,
    its facts and money agreed; the left_* facts recomputed from the deal and the log."""
    game, over, policies, n = CASES[case]
    spec = _spec(game, policies, over, n=n, seed=40 + case)
    t = kernel_inputs(spec)
    R = reference_rules(game, over)
    n_seats = len(policies)
    searched = 0
    for g in range(n):
        row, log, deck = logged_hand(spec, g, t)
        hands, kitty = deal_of(deck, spec.rules, t["card_rank"])
        res = replay(hands, kitty, actions_of(row, log), R, first_bidder=int(row[W.ROW_FIRST_BIDDER]),
                     huangfan=int(row[W.ROW_HUANGFAN]), mingwang=bool(row[W.ROW_MINGWANG])) \
            if game == "shanghai" else replay(hands, kitty, actions_of(row, log), R,
                                              first_bidder=int(row[W.ROW_FIRST_BIDDER]))
        if res.redeal:
            continue
        assert row[W.ROW_LANDLORD] == res.landlord and row[W.ROW_WINNER] == res.winner
        assert list(row[W.ROW_PLAYS:W.ROW_PLAYS + n_seats]) == res.plays
        assert np.allclose(score_rows(game, row[None], spec.rules).money[0], res.money)
        end = _end_counts(hands, kitty, res.landlord, log)
        assert sum(map(sum, end)) + sum(int(a[LOG_MOVE + 2]) for a in log if a[LOG_MOVE] != 0) == sum(map(sum, hands)) \
            + sum(kitty)  # cards conserved
        last = next((tuple(int(x) for x in a[LOG_MOVE:LOG_MOVE + 7]) for a in log[::-1] if a[LOG_MOVE] != 0), None)
        for s in range(n_seats):
            c = end[s]
            assert row[W.ROW_LEFT_BOMBS + s] == sum(1 for r in range(13) if c[r] >= 4)
            assert row[W.ROW_LEFT_MAX_BOMB + s] == max([c[r] for r in range(13) if c[r] >= 4], default=0)
            rocket = (spec.rules.rocket and c[13] >= 1 and c[14] >= 1) or (spec.rules.tianwang and c[13] >= 2
                                                                             and c[14] >= 2)
            assert bool(row[W.ROW_LEFT_ROCKET + s]) == rocket
            limited = row[W.ROW_BOMB_LIMIT + s] >= 0 and row[W.ROW_LIMITED_BOMBS + s] >= row[W.ROW_BOMB_LIMIT + s]
            expect = last is not None and not limited and _beats_last(c, last, game, R)
            if not limited:  # (a limited seat may still hold a 天王炸 that the limit does not cover)
                assert bool(row[W.ROW_LEFT_BEATS_LAST + s]) == expect, (g, s)
            if policies[s] != "search":
                assert row[W.ROW_SEARCH_DECISIONS + s] == 0
            assert 0 <= row[W.ROW_SEARCH_AGREE + s] <= row[W.ROW_SEARCH_DECISIONS + s]
            searched += row[W.ROW_SEARCH_DECISIONS + s]
    assert searched > 0


def test_search_is_deterministic_and_leaves_the_deal_alone():
    import numba

    spec = _spec("doudizhu", ["search", "smart", "smart"], n=12, seed=9)
    a = run_kernel(spec, 0, 12)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        b = run_kernel(spec, 0, 12)
    finally:
        numba.set_num_threads(before)
    c = np.concatenate([run_kernel(spec, 0, 5), run_kernel(spec, 5, 12)])
    assert (a == b).all() and (a == c).all()
    plain = run_kernel(_spec("doudizhu", ["smart"] * 3, n=12, seed=9), 0, 12)
    deal = slice(W.ROW_KITTY, W.ROW_DEALT + 4 * 15)
    same = (a[:, W.ROW_REDEALS] == 0) & (plain[:, W.ROW_REDEALS] == 0)  # (a searched bid may avert a redeal)
    assert same.sum() >= 8
    assert (a[same, deal] == plain[same, deal]).all()
    assert (a[same, W.ROW_FIRST_BIDDER] == plain[same, W.ROW_FIRST_BIDDER]).all()
    assert (a[:, W.ROW_SEARCH_DECISIONS] > 0).any()
    more = run_kernel(_spec("doudizhu", ["search", "smart", "smart"], n=12, seed=9,
                            params={"worlds": 6, "candidates": 3}), 0, 12)
    assert not (more == a).all()  # the budget is read


@pytest.mark.parametrize("game", ["doudizhu", "shanghai"])
def test_search_bids_switch(game):
    """``search_bids = 0``: a search seat bids and declares as smart; 1: it searches them (more
    searched decisions, some answered otherwise), and the other seats' answers are unchanged
    until it has spoken."""
    n_seats = 3 if game == "doudizhu" else 4
    pol = ["search"] + ["smart"] * (n_seats - 1)
    n = 24
    on = run_kernel(_spec(game, pol, n=n, seed=4, params={**FAST, "search_bids": 1}), 0, n)
    off = run_kernel(_spec(game, pol, n=n, seed=4, params={**FAST, "search_bids": 0}), 0, n)
    smart = run_kernel(_spec(game, ["smart"] * n_seats, n=n, seed=4), 0, n)
    auction = slice(W.ROW_N_TOKENS, W.ROW_TOKENS + W.MAX_TOKENS)
    assert (off[:, auction] == smart[:, auction]).all()
    asked = on[:, W.ROW_SAID] >= 0  # seat 0 had a word in the auction (a first bid of 3 ends it before him)
    assert asked.sum() >= n // 4
    assert (on[asked, W.ROW_SEARCH_DECISIONS] > off[asked, W.ROW_SEARCH_DECISIONS]).sum() >= asked.sum() // 2
    assert (on[:, W.ROW_SAID] != smart[:, W.ROW_SAID]).any() or (on[:, auction] != smart[:, auction]).any()
    for i in np.flatnonzero((on[:, W.ROW_REDEALS] == 0) & (smart[:, W.ROW_REDEALS] == 0)):
        first = on[i, W.ROW_FIRST_BIDDER]  # the same deal: before seat 0's first word the auction is the same
        assert first == smart[i, W.ROW_FIRST_BIDDER]
        k = (0 - first) % n_seats
        assert (on[i, W.ROW_TOKENS:W.ROW_TOKENS + k] == smart[i, W.ROW_TOKENS:W.ROW_TOKENS + k]).all()
