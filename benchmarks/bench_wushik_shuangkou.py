"""五十K and 百变双扣 kernels (phase 1): move generation and players against the pure-Python
references, and the cold compile of each game's kernels.

* ``--warm wushik|shuangkou``: compile every kernel of one game (move generation, beat rule,
  card picking / wild completion / partner draw, census, players) and exit. Measure the cold
  compile with an empty cache::

      NUMBA_CACHE_DIR=$(mktemp -d) /usr/bin/time -v python benchmarks/bench_wushik_shuangkou.py --warm wushik

* default: random positions (a hand from a fresh deal, leading or over a random play of other
  cards) — legal moves per second from the kernel (a numba loop over the positions, one thread)
  and from the reference (``tests.reference.*_rules.legal_moves``), their ratio, and kernel
  moves + a ``smart`` choice per second.

    python benchmarks/bench_wushik_shuangkou.py [--positions 20000]

* ``--per-turn``: the turns of real smart hands (played by the reference loop with the kernel
  players), timed through move generation and each player's choice: microseconds a turn and the
  hands/s that bounds for one thread (the turn loop itself comes on top)::

      python benchmarks/bench_wushik_shuangkou.py --per-turn [--hands 20]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks._util import fmt  # noqa: E402
from kernels.climb.loop import GS_TOP_SEAT  # noqa: E402
from kernels.rng import seed_stream  # noqa: E402
from kernels.shuangkou.state import new_state  # noqa: E402


def warm_wushik():
    from kernels.climb.moves import empty_moves
    from kernels.wushik.cardpick import pick_suits
    from kernels.wushik.census import census
    from kernels.wushik.movegen import MAX_MOVES, beats, generate_moves, move_rank_counts
    from kernels.wushik.policies import choose_move, params_matrix
    from kernels.wushik.state import new_state as wushik_state
    from sim.games.wushik.rules import WushikRules, compile_rules

    t = compile_rules(WushikRules())
    census(t, 1, 0, 8, 2)
    counts = np.zeros((4, 16), np.int64)
    counts[:, :13] = 2
    suits = np.ones((4, 13, 4), np.int64) // 2
    suits[:, :, 0] = 2
    moves = empty_moves(MAX_MOVES)
    top = np.zeros(7, np.int64)
    n = generate_moves(counts[0], suits[0], top, t["rules"], moves)
    beats(moves[0], top, t["rules"])
    rc = np.zeros(13, np.int64)
    move_rank_counts(moves[0], rc)
    take = np.zeros((13, 4), np.int64)
    pick_suits(moves[0], suits[0], rc, take)
    st = wushik_state(t["rules"], pp=params_matrix(["smart"] * 4, [{}] * 4))
    seed_stream(1, 0, st.rng)  # an all-zero xoshiro state never leaves zero
    st.counts[:], st.suit_counts[:], st.hand_left[:], st.gs[GS_TOP_SEAT] = counts, suits, 26, -1
    n = generate_moves(st.counts[0], st.suit_counts[0], st.top, st.rules, st.moves)
    for policy in range(3):
        st.policies[0] = policy
        choose_move(st, 0, n)


def warm_shuangkou():
    from kernels.climb.moves import empty_moves
    from kernels.shuangkou.census import census
    from kernels.shuangkou.draw import apply_swap, partner_draw, swap_seat
    from kernels.shuangkou.movegen import MAX_MOVES, beats, generate_moves, move_cards
    from kernels.shuangkou.policies import choose_move, params_matrix
    from kernels.shuangkou.wild import complete
    from sim.games.shuangkou.rules import ShuangkouRules, compile_rules

    t = compile_rules(ShuangkouRules())
    census(t, 1, 0, 8, 2)
    state = np.zeros(4, np.uint64)
    seed_stream(1, 0, state)
    deck = t["deck"].copy()
    card, leader, mate = partner_draw(state, deck, 4)
    counts = np.zeros((4, 16), np.int64)
    counts[:, :13] = 2
    player = np.arange(4)
    apply_swap(counts, player, mate, max(0, swap_seat(leader, mate, 4)))
    moves = empty_moves(MAX_MOVES)
    top = np.zeros(7, np.int64)
    n = generate_moves(counts[0], top, t["rules"], moves)
    beats(moves[0], top, t["rules"])
    cards = np.zeros(15, np.int64)
    move_cards(moves[0], cards)
    complete(counts[0, :13].copy(), 1, 1, 0, True, moves)
    st = new_state(t["rules"], pp=params_matrix(["smart"] * 4, [{}] * 4))
    st.counts[:], st.hand_left[:], st.gs[GS_TOP_SEAT] = counts, 27, -1
    seed_stream(1, 0, st.rng)
    n = generate_moves(st.counts[0], st.top, st.rules, st.moves)
    for policy in range(3):
        st.policies[0] = policy
        choose_move(st, 0, n)


def positions_wushik(n, seed):
    from kernels.cards import card_rank, card_suit
    from tests.reference import wushik_rules as ref

    rng = np.random.default_rng(seed)
    hands, suits, tops, cards = [], [], [], []
    for i in range(n):
        deck = [int(c) for c in rng.permutation(ref.DECK)]
        hand = deck[:26]
        c = np.zeros(16, np.int64)
        s = np.zeros((13, 4), np.int64)
        for x in hand:
            c[card_rank(x)] += 1
            s[card_rank(x), card_suit(x)] += 1
        top = ref.PASS_KEY
        if i % 2:
            plays = sorted(ref.all_plays(deck[26:40]))
            top = plays[int(rng.integers(len(plays)))]
        hands.append(c), suits.append(s), tops.append(np.array(top, np.int64)), cards.append(hand)
    return np.array(hands), np.array(suits), np.array(tops), cards


def positions_shuangkou(n, seed):
    from tests.reference import shuangkou_rules as ref

    rng = np.random.default_rng(seed)
    hands, tops, refs = [], [], []
    for i in range(n):
        deck = [int(c) for c in rng.permutation(108)]
        nat, sj, bj = ref.split(deck[:27])
        c = np.zeros(16, np.int64)
        c[:13], c[13], c[14] = nat, sj, bj
        top = ref.PASS_KEY
        if i % 2:
            plays = sorted(ref.all_plays(ref.split(deck[27:42])))
            top = plays[int(rng.integers(len(plays)))]
        hands.append(c), tops.append(np.array(top, np.int64)), refs.append((nat, sj, bj))
    return np.array(hands), np.array(tops), refs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warm", choices=("wushik", "shuangkou"))
    ap.add_argument("--positions", type=int, default=20000)
    ap.add_argument("--reference", type=int, default=300, help="positions timed on the reference")
    args = ap.parse_args()
    if args.warm:
        t0 = time.perf_counter()
        (warm_wushik if args.warm == "wushik" else warm_shuangkou)()
        print(f"{args.warm}: kernels ready in {time.perf_counter() - t0:.1f} s")
        return

    from numba import njit

    from kernels.shuangkou import movegen as skm, policies as skp
    from kernels.wushik import movegen as wkm, policies as wkp
    from kernels.wushik.state import new_state as wushik_state
    from sim.games.shuangkou.rules import ShuangkouRules, engine_rules as sk_rules
    from sim.games.wushik.rules import WushikRules, engine_rules as wk_rules
    from tests.reference import shuangkou_rules as skr, wushik_rules as wkr

    @njit(nogil=True)
    def loop_wk(hands, suits, tops, st, choose):
        total = 0
        for i in range(hands.shape[0]):
            n = wkm.generate_moves(hands[i], suits[i], tops[i], st.rules, st.moves)
            total += n
            if choose:
                st.counts[0, :] = hands[i]  # the players read the seat's own counts only
                st.gs[GS_TOP_SEAT] = 1 if tops[i, 0] else -1
                wkp.choose_move(st, 0, n)
        return total

    @njit(nogil=True)
    def loop_sk(hands, tops, st, choose):
        total = 0
        for i in range(hands.shape[0]):
            n = skm.generate_moves(hands[i], tops[i], st.rules, st.moves)
            total += n
            if choose:
                for k in range(4):  # four hands at the table (wrapping at the end of the list)
                    st.counts[k, :] = hands[(i + k) % hands.shape[0]]
                st.gs[GS_TOP_SEAT] = 1 if tops[i, 0] else -1
                skp.choose_move(st, 0, n)
        return total

    state = np.zeros(4, np.uint64)
    seed_stream(1, 0, state)
    print(f"random positions (26/27-card hands, half leading, half following), one thread, {args.positions} positions")
    hw, sw, tw, cw = positions_wushik(args.positions + 3, 1)
    wst = wushik_state(wk_rules(WushikRules()), np.full(4, 2), wkp.params_matrix(["smart"] * 4, [{}] * 4))
    wst.hand_left[:] = 26
    seed_stream(1, 0, wst.rng)
    loop_wk(hw[:8], sw[:8], tw[:8], wst, True)
    t0 = time.perf_counter()
    moves = loop_wk(hw[:-3], sw[:-3], tw[:-3], wst, False)
    k_rate = args.positions / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    loop_wk(hw[:-3], sw[:-3], tw[:-3], wst, True)
    kc_rate = args.positions / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for i in range(args.reference):
        wkr.legal_moves(cw[i], tuple(int(x) for x in tw[i]))
    r_rate = args.reference / (time.perf_counter() - t0)
    print(f"五十K   kernel {fmt(k_rate)} positions/s ({moves / args.positions:.1f} moves each), "
          f"+ smart choice {fmt(kc_rate)}/s; reference {fmt(r_rate)}/s; ratio x{k_rate / r_rate:,.0f}")

    hs, ts, rs = positions_shuangkou(args.positions + 3, 2)
    for name, over in (("default", {}), ("qianbian", {"wild_jokers": "big_only", "allow_lianzha": True})):
        from sim.ruleset import apply_overrides

        rules = apply_overrides(ShuangkouRules(), over)
        v = sk_rules(rules)
        flat = {"wild_jokers": rules.wild_jokers, "allow_lianzha": rules.allow_lianzha}
        sst = new_state(v, np.full(4, 2), skp.params_matrix(["smart"] * 4, [{}] * 4))
        sst.hand_left[:] = 27  # (new_state seats the players and their parameters)
        seed_stream(1, 0, sst.rng)
        loop_sk(hs[:8], ts[:8], sst, True)
        t0 = time.perf_counter()
        moves = loop_sk(hs[:-3], ts[:-3], sst, False)
        k_rate = args.positions / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        loop_sk(hs[:-3], ts[:-3], sst, True)
        kc_rate = args.positions / (time.perf_counter() - t0)
        t0 = time.perf_counter()
        for i in range(args.reference):
            skr.legal_moves(rs[i], tuple(int(x) for x in ts[i]), flat)
        r_rate = args.reference / (time.perf_counter() - t0)
        print(f"双扣 {name:8s} kernel {fmt(k_rate)} positions/s ({moves / args.positions:.1f} moves each), "
              f"+ smart choice {fmt(kc_rate)}/s; reference {fmt(r_rate)}/s; ratio x{k_rate / r_rate:,.0f}")


def turns_wushik(n_hands, seed):
    """Every turn of ``n_hands`` smart hands (reference loop, kernel players): the seat's view."""
    from kernels.cards import card_rank, card_suit
    from tests.games.wushik_helpers import KernelPlayers, deal
    from tests.reference.wushik_game import WushikHand

    rows = []
    for g in range(n_hands):
        players = KernelPlayers(["smart"] * 4, seed + g)
        h = WushikHand(deal(seed, g), g % 4)
        while not h.over:
            counts = np.zeros((4, 16), np.int64)
            suits = np.zeros((4, 13, 4), np.int64)
            for s in range(4):
                for c in h.hands[s]:
                    counts[s, card_rank(c)] += 1
                    suits[s, card_rank(c), card_suit(c)] += 1
            rows.append((h.turn, counts, suits, np.array(h.top, np.int64), h.top_seat,
                         np.array([len(x) for x in h.hands], np.int64), h.trick_points))
            h.act(h.turn, players(h, h.turn))
    return rows


def turns_shuangkou(n_hands, seed):
    from kernels.cards import card_rank
    from tests.games.shuangkou_helpers import KernelPlayers
    from tests.reference.shuangkou_game import ShuangkouHand, deal_hand

    rows = []
    for g in range(n_hands):
        d = deal_hand(seed, g)
        players = KernelPlayers(["smart"] * 4, seed + g)
        h = ShuangkouHand(d["hands"], d["leader"], None, d["players"])
        while not h.over:
            counts = np.zeros((4, 16), np.int64)
            for s in range(4):
                for c in h.hands[s]:
                    counts[s, card_rank(c)] += 1
            rows.append((h.turn, counts, np.array(h.top, np.int64), h.top_seat,
                         np.array([len(x) for x in h.hands], np.int64), np.array([h.level_now(s) for s in range(4)])))
            h.act(h.turn, players(h, h.turn))
    return rows


def per_turn(args):
    """Kernel cost of one turn of a real hand (moves + the player's choice), from the turns of
    smart hands played by the reference loop, and the hands/s that implies for the kernels alone."""
    from numba import njit

    from kernels.climb.loop import GS_TRICK_POINTS
    from kernels.shuangkou import movegen as skm, policies as skp
    from kernels.wushik import movegen as wkm, policies as wkp
    from kernels.wushik.state import new_state as wushik_state
    from sim.games.shuangkou.rules import ShuangkouRules, engine_rules as sk_rules
    from sim.games.wushik.rules import WushikRules, engine_rules as wk_rules

    @njit(nogil=True)
    def run_wk(seat, counts, suits, tops, top_seat, left, points, st, reps):
        k = 0
        for _ in range(reps):
            for i in range(seat.shape[0]):
                n = wkm.generate_moves(counts[i, seat[i]], suits[i, seat[i]], tops[i], st.rules, st.moves)
                st.counts[:, :] = counts[i]
                st.hand_left[:] = left[i]
                st.gs[GS_TOP_SEAT], st.gs[GS_TRICK_POINTS] = top_seat[i], points[i]
                k += wkp.choose_move(st, seat[i], n)
        return k

    @njit(nogil=True)
    def run_sk(seat, counts, tops, top_seat, left, level, st, reps):
        k = 0
        for _ in range(reps):
            for i in range(seat.shape[0]):
                st.counts[:, :] = counts[i]
                st.hand_left[:] = left[i]
                st.level_now[:] = level[i]
                st.gs[GS_TOP_SEAT] = top_seat[i]
                n = skm.generate_moves(st.counts[seat[i]], tops[i], st.rules, st.moves)
                k += skp.choose_move(st, seat[i], n)
        return k

    state = np.zeros(4, np.uint64)
    seed_stream(3, 0, state)
    rows = turns_wushik(args.hands, 40)
    seat, counts, suits, tops, top_seat, left, points = (np.array(x) for x in zip(*rows))
    turns = len(rows) / args.hands
    for pol, name in enumerate(wkp.POLICY_NAMES):
        wst = wushik_state(wk_rules(WushikRules()), np.full(4, pol), wkp.params_matrix([name] * 4, [{}] * 4))
        seed_stream(3, 0, wst.rng)
        run_wk(seat, counts, suits, tops, top_seat, left, points, wst, 1)
        t0 = time.perf_counter()
        run_wk(seat, counts, suits, tops, top_seat, left, points, wst, 20)
        dt = (time.perf_counter() - t0) / (20 * len(rows))
        print(f"五十K   {name:6s}: {dt * 1e6:.2f} us a turn (moves + choice), {turns:.0f} turns a smart hand "
              f"→ {fmt(1 / (dt * turns))} hands/s for these kernels alone")
    rows = turns_shuangkou(args.hands, 40)
    seat, counts, tops, top_seat, left, level = (np.array(x) for x in zip(*rows))
    v = sk_rules(ShuangkouRules())
    turns = len(rows) / args.hands
    for pol, name in enumerate(skp.POLICY_NAMES):
        sst = new_state(v, np.full(4, pol), skp.params_matrix([name] * 4, [{}] * 4))
        seed_stream(3, 0, sst.rng)
        run_sk(seat, counts, tops, top_seat, left, level, sst, 1)
        t0 = time.perf_counter()
        run_sk(seat, counts, tops, top_seat, left, level, sst, 20)
        dt = (time.perf_counter() - t0) / (20 * len(rows))
        print(f"双扣   {name:6s}: {dt * 1e6:.2f} us a turn (moves + choice), {turns:.0f} turns a smart hand "
              f"→ {fmt(1 / (dt * turns))} hands/s for these kernels alone")


if __name__ == "__main__":
    if "--per-turn" in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument("--per-turn", action="store_true")
        ap.add_argument("--hands", type=int, default=20)
        per_turn(ap.parse_args())
    else:
        main()
