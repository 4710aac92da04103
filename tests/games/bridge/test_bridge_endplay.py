"""paiju against endplay (which bundles DDS): scores, hand evaluation, DD tables and par."""

from __future__ import annotations

import itertools

import numpy as np

from kernels.bridge.hand import PATTERN_NAMES
from kernels.bridge.score import declarer_score
from sim.games.bridge import scoring
from sim.games.bridge.dd import dd_range, dd_rows, dd_tables, par_contracts
from sim.games.bridge.kernel_rows import board_dealer_vul, census, deal_masks
from sim.games.bridge.text import deal_pbn, parse_pbn

# endplay is the optional extra `bridge`, which the test extra installs
from endplay.dds import calc_dd_table, par  # noqa: E402
from endplay.evaluate import controls, exact_shape, hcp, losers  # noqa: E402
from endplay.types import Contract, Deal, Denom, Penalty, Player, Vul  # noqa: E402

DENOM = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
PENALTY = (Penalty.passed, Penalty.doubled, Penalty.redoubled)
PLAYER = (Player.north, Player.east, Player.south, Player.west)
VUL = (Vul.none, Vul.ns, Vul.ew, Vul.both)  # paiju's vulnerability codes 0..3


def test_scores_equal_endplay_on_every_contract_doubling_tricks_and_vulnerability():
    cases = list(itertools.product(range(1, 8), range(5), range(3), (False, True), range(14)))
    level, strain, doubled, vul, tricks = (np.array(c) for c in zip(*cases))
    vectorised = scoring.declarer_scores(level, strain, doubled, vul, tricks)
    for k, (lv, st, dbl, v, tr) in enumerate(cases):
        contract = Contract(level=lv, denom=DENOM[st], declarer=Player.north, penalty=PENALTY[dbl], result=tr - 6 - lv)
        want = contract.score(Vul.ns if v else Vul.none)
        assert declarer_score(lv, st, dbl, v, tr, 50, 100) == want, (lv, st, dbl, v, tr)
        assert vectorised[k] == want


def test_hcp_pattern_controls_losers_equal_endplay():
    seed, n = 4242, 400
    cols = census(seed, 0, n)
    masks = deal_masks(seed, 0, n)
    for i in range(n):
        deal = Deal(deal_pbn(masks[i]))
        for seat, player in enumerate(PLAYER):
            hand = deal[player]
            assert cols[f"s{seat}_hcp"][i] == hcp(hand)
            shape = exact_shape(hand)  # spades, hearts, diamonds, clubs
            assert [cols[f"s{seat}_len_{s}"][i] for s in "shdc"] == shape
            assert PATTERN_NAMES[cols[f"s{seat}_pattern"][i]] == "-".join(map(str, sorted(shape, reverse=True)))
            assert cols[f"s{seat}_controls"][i] == controls(hand)
            assert cols[f"s{seat}_losers"][i] == losers(hand)


def test_pbn_round_trip_through_endplay():
    masks = deal_masks(8, 0, 50)
    for row in masks:
        text = deal_pbn(row)
        assert Deal(text).to_pbn() == text
        assert parse_pbn(text) == [int(x) for x in row]


def _endings(n: int, cards: int, seed: int) -> np.ndarray:
    """Random ``cards``-card endings (all four hands the same size): DDS solves them in no time."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 4), np.uint64)
    for i in range(n):
        picked = rng.permutation(52)[:4 * cards]
        for seat in range(4):
            out[i, seat] = np.uint64(sum(1 << int(c) for c in picked[seat::4]))
    return out


def _endplay_table(masks_row) -> list[list[int]]:
    table = calc_dd_table(Deal(deal_pbn(masks_row)))
    return [[table[DENOM[s], PLAYER[k]] for k in range(4)] for s in range(5)]


def test_batched_dd_tables_equal_direct_endplay_calls_on_endings():
    """300 endings of 3..8 cards through paiju's batches of 40 (mapping of holdings, strains,
    seats and batch boundaries) against endplay's solver called on each deal. Full deals cost
    DDS about 0.3 s each on this machine, so only the next test uses whole hands; 1- and 2-card
    endings are left out: DDS's answers for them depend on what it solved before."""
    masks = np.concatenate([_endings(50, cards, cards) for cards in range(3, 9)])
    tables = dd_tables(masks)
    for i in range(masks.shape[0]):
        assert tables[i].tolist() == _endplay_table(masks[i]), i


def test_dd_rows_and_par_of_seeded_deals_equal_endplay():
    seed, start, stop = 99, 10, 18  # boards 11..18: every dealer and every vulnerability
    rows = dd_range(seed, start, stop)
    masks = deal_masks(seed, start, stop)
    dealers, vuls = board_dealer_vul(np.arange(start, stop) + 1)
    from kernels.bridge.layout import DD_LAYOUT

    cols = DD_LAYOUT.unpack(rows, 4)
    for i in range(stop - start):
        solved = calc_dd_table(Deal(deal_pbn(masks[i])))
        table = [[solved[DENOM[s], PLAYER[k]] for k in range(4)] for s in range(5)]
        assert [[cols[f"s{k}_dd_{s}"][i] for k in range(4)] for s in ("c", "d", "h", "s", "nt")] == table
        assert Vul.from_board(start + i + 1) == VUL[vuls[i]]
        p = par(solved, VUL[vuls[i]], PLAYER[dealers[i]])
        assert cols["par_score"][i] == p.score
        want = sorted((c.level, DENOM.index(c.denom), PLAYER.index(c.declarer), int(c.penalty != Penalty.passed))
                      for c in p)
        got = sorted(par_contracts(cols["par_contracts"][i], cols["par_count"][i]))
        assert cols["par_count"][i] == len(want) and got == want[:len(got)]
        level, strain, declarer, doubled = got[0]
        facts = {"level": [level, level], "strain": [strain, strain], "declarer": [declarer, declarer ^ 1],
                 "doubled": [doubled, doubled], "par_contracts": [cols["par_contracts"][i]] * 2,
                 "par_count": [cols["par_count"][i]] * 2}
        assert scoring.equals_par(facts).tolist() == [True, False]


def test_par_score_is_from_north_south():
    """A deal where N-S hold 28+ HCP has a positive par; the same deal turned a quarter (E-W get
    those hands) a negative one, whoever deals."""
    masks = deal_masks(5, 0, 400)
    cols = census(5, 0, 400)
    i = int(np.argmax(cols["ns_hcp"] >= 28))
    strong = masks[i:i + 1]
    turned = strong[:, [3, 0, 1, 2]]  # E gets N's hand, S gets E's, ...
    from kernels.bridge.layout import DD_LAYOUT

    at = DD_LAYOUT.at("par_score")
    for dealer in range(4):
        assert dd_rows(strong, np.array([dealer]), np.array([0]))[0, at] > 0
        assert dd_rows(turned, np.array([dealer]), np.array([0]))[0, at] < 0
