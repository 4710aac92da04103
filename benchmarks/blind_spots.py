"""Counts of the players' blind spots that issue 24 names, on fixed seeds, so that a fix shows
the count before and after on the same hands.

    python benchmarks/blind_spots.py gandengyan [--variant sichuan-huopin] [--players 4] [--n 2000]
        [--seed 701] [--param last_guard=0]
    python benchmarks/blind_spots.py guanpai [--n 600] [--seed 13] [--param guard=0]
    python benchmarks/blind_spots.py shuangkou [--n 300] [--seed 40] [--param wild_bomb=0]

* gandengyan — a ``smart`` seat is the last to answer (every other seat but the trick's winner has
  passed), the stock is empty, it holds a legal answer and passes; the trick's winner then leads
  out (goes out with his lead). Counted in hands (a hand counts once), through the Python hand loop
  over the kernels (tests/games/gandengyan_helpers.py: the same deals and choices as ``paiju play``).
* guanpai — ``smart`` passes holding an answer and the opponent then leads out (hands, by the size
  of that last lead); and hands lost to an opponent's last card beating a single smart led while it
  held a higher single (tests/games/guanpai_helpers.py).
* shuangkou — ``smart`` spends a wild joker in a non-bomb play while it still holds a natural
  4+ of a kind (the joker would raise that bomb one 相).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def gandengyan(variant: str, players: int, n: int, seed: int, params: dict) -> tuple[int, int]:
    """(hands with the blind spot, smart's passes as the last to answer with a legal answer and the
    stock empty) over ``n`` all-smart hands."""
    from sim.games.gandengyan.rules import VARIANTS, GandengyanRules
    from sim.ruleset import apply_overrides
    from tests.games.gandengyan_helpers import play_hand

    rules = apply_overrides(GandengyanRules(), {**VARIANTS[variant].overrides, "players": players})
    hands, passes = 0, 0
    for g in range(n):
        pending = {}  # trick winner-to-be -> the last answer passed him the lead
        seen = [False]

        def watch(seat, moves, m_n, choice, lead, hand_left, top_seat, stock_empty, passed):
            nonlocal passes
            if lead:
                if pending.pop(seat, False) and choice >= 0 and moves[choice, 2] == hand_left[seat]:
                    seen[0] = True
                pending.clear()
                return
            others = [s for s in range(players) if hand_left[s] > 0 and s not in (seat, top_seat)]
            if choice < 0 and m_n > 0 and stock_empty and all(s in passed for s in others):
                passes += 1
                pending[top_seat] = True

        play_hand(rules, seed, g, ["smart"] * players, [dict(params)] * players, watch=watch)
        hands += seen[0]
    return hands, passes


def guanpai(variant: str, n: int, seed: int, params: dict) -> tuple[dict, int, int]:
    """({cards led out: hands}, hands where smart led a single the opponent on one card then beat
    while it held a higher single, passes with an answer) over ``n`` all-smart hands: the hands
    where smart passed holding an answer and the opponent then led out (by the size of that lead)."""
    from sim.games.guanpai.rules import VARIANTS, GuanpaiRules
    from sim.ruleset import apply_overrides
    from tests.games.guanpai_helpers import play_hand

    rules = apply_overrides(GuanpaiRules(), dict(VARIANTS[variant].overrides))
    out_after_pass: dict[int, int] = {}
    low_single, passes = 0, 0
    for g in range(n):
        state = {"pending": -1, "low": False, "out": 0}

        def watch(seat, moves, m_n, choice, lead, hand_left):
            nonlocal passes
            if lead:
                if state["pending"] == seat and choice >= 0 and moves[choice, 2] == hand_left[seat]:
                    state["out"] = int(moves[choice, 2])
                state["pending"] = -1
                if choice >= 0 and hand_left[1 - seat] == 1 and moves[choice, 0] == 1:
                    higher = [moves[i, 1] for i in range(m_n) if moves[i, 0] == 1 and moves[i, 1] > moves[choice, 1]]
                    state["lead_single"] = (int(moves[choice, 1]), bool(higher))
                return
            if choice < 0 and m_n > 0:
                passes += 1
                state["pending"] = 1 - seat
            elif choice >= 0 and hand_left[seat] == 1 and moves[choice, 2] == 1 and state.get("lead_single", (0, 0))[1]:
                state["low"] = True  # he went out over a single led while a higher one was held

        play_hand(rules, seed, g, ("smart", "smart"), [dict(params)] * 2, watch=watch)
        if state["out"]:
            out_after_pass[state["out"]] = out_after_pass.get(state["out"], 0) + 1
        low_single += state["low"]
    return dict(sorted(out_after_pass.items())), low_single, passes


def shuangkou(n: int, seed: int, params: dict) -> tuple[int, int, int]:
    """(hands where smart played a wild joker in a non-bomb play, of them those where it still held a
    natural 4+ of a kind the joker would have raised one 相, such plays) over ``n`` all-smart hands
    (the reference hand loop of tests/games/shuangkou_helpers.py with the kernel players)."""
    from kernels.cards import card_rank
    from kernels.shuangkou.movegen import bomb_power
    from sim.games.shuangkou.rules import ShuangkouRules
    from sim.ruleset import flatten
    from tests.games.shuangkou_helpers import KernelPlayers
    from tests.reference import shuangkou_rules as ref
    from tests.reference.shuangkou_game import ShuangkouHand, deal_hand

    rules = ShuangkouRules()
    flat = flatten(rules)
    tally = {"used": 0, "blind": 0, "plays": 0}

    class Watching(KernelPlayers):
        def __call__(self, h, seat):
            key = super().__call__(h, seat)
            if key == ref.PASS_KEY:
                return key
            kind, rank, size, wilds, _big, chain, wildas = key
            if wilds == 0 or bomb_power(kind, rank, size, chain, self.v) > 0 or not 0 <= rank < 13:
                return key
            self.used = True
            c = [0] * 15
            for card in h.hands[seat]:
                c[card_rank(card)] += 1
            for r in range(rank - chain + 1, rank + 1):
                c[r] -= size // chain - ((wildas >> (4 * r)) & 15)
            if max(c[:13]) >= 4:
                self.blind = True
                tally["plays"] += 1
            return key

    for g in range(n):
        d = deal_hand(seed, g, flat)
        players = Watching(["smart"] * 4, seed * 1_000_003 + g, rules, [dict(params)] * 4)
        players.used = players.blind = False
        h = ShuangkouHand(d["hands"], d["leader"], flat, d["players"])
        while not h.over:
            h.act(h.turn, players(h, h.turn))
        tally["used"] += players.used
        tally["blind"] += players.blind
    return tally["used"], tally["blind"], tally["plays"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=("gandengyan", "guanpai", "shuangkou"))
    ap.add_argument("--variant", default="")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=701)
    ap.add_argument("--param", action="append", default=[], help="NAME=VALUE for every smart seat")
    a = ap.parse_args()
    params = {k: float(v) for k, v in (p.split("=", 1) for p in a.param)}
    t0 = time.perf_counter()
    if a.game == "shuangkou":
        used, blind, plays = shuangkou(a.n, a.seed, params)
        print(f"{a.game} seed {a.seed} {params or 'defaults'}: smart spent a wild joker in a non-bomb play in "
              f"{used} of {a.n} hands; in {blind} of them ({blind / max(used, 1):.0%}) while holding a natural 4+ of a kind the "
              f"joker would raise one 相 ({plays} such plays; {time.perf_counter() - t0:.0f} s)")
        return
    if a.game == "guanpai":
        out, low, passes = guanpai(a.variant or "default", a.n, a.seed, params)
        four_to_six = sum(v for k, v in out.items() if 4 <= k <= 6)
        print(f"{a.game} {a.variant or 'default'} seed {a.seed} {params or 'defaults'}: the opponent led out after "
              f"smart passed with an answer in {sum(out.values())} of {a.n} hands ({four_to_six} "
              f"with 4-6 cards; by cards led {out}); {passes} passes with an answer; {low} hands lost to a last "
              f"card over a single led while a higher single was held ({time.perf_counter() - t0:.0f} s)")
        return
    a.variant = a.variant or "sichuan-huopin"
    hands, passes = gandengyan(a.variant, a.players, a.n, a.seed, params)
    print(f"{a.game} {a.variant} {a.players}p seed {a.seed} {params or 'defaults'}: {hands} of {a.n} hands "
          f"({hands / a.n:.2%}) the trick winner led out after smart passed last with an answer, stock empty; "
          f"{passes} such passes ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
