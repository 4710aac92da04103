"""One 港式五张 deal round by round (``paiju replay``): the hole cards, each round's up-cards,
庄家 of the round (best visible up-cards, HK-2), every action of the betting with the chips
paid (and an equity player's equity), the showdown and the money. The table is re-played by the
kernel from ``(seed, game_index)`` with the run's players and its action log, and checked
against the stored row."""

from __future__ import annotations

from sim.errors import UserError

ACTIONS = {0: "folds", 1: "checks", 2: "calls", 3: "bets"}


def action_text(act: int, paid: int, bet_before: bool) -> str:
    """One logged action: the kernel logs a bet and a raise alike (``ACT_BET``); it is a raise when
    a bet was made earlier in the round, and ``paid`` is then the call and the raise together."""
    if act == 3 and bet_before:
        return f"raises (puts in {paid})"
    return ACTIONS[act] + (f" {paid}" if act == 3 or (act == 2 and paid) else "")


def _players(spec, game_index: int) -> list[str]:
    opts = spec.options
    n = spec.rules.players
    pol = list(opts["policies"])
    return [pol[(k + game_index) % n] for k in range(n)] if opts.get("rotate") else pol


def replay(spec, rows: list, game_index: int) -> str:
    from kernels.hkstud.betting import ACT_BET, EQUITY_SCALE, LOG_ACTION, LOG_EQUITY, LOG_PAID, LOG_SEAT, LOG_STREET
    from kernels.hkstud.cards import CATEGORY_NAMES, name, to_local
    from kernels.hkstud.layout import LAYOUT
    from kernels.showdown.deal import unpack_cards
    from sim.dealing import spec_tables
    from sim.games.hkstud.kernel_rows import play_logged

    stored = rows[0]
    rules = spec.rules
    n = rules.players
    opts = spec.options
    row, log = play_logged(rules, spec.seed, game_index, list(opts["policies"]), opts.get("policy_params"),
                           bool(opts.get("rotate")), bool(opts.get("duplicate")), fix=spec_tables(spec))
    facts = LAYOUT.unpack(row[None, :], n)
    for col in ["winner", "pot"] + [f"s{k}_{f}" for k in range(n) for f in ("cards", "chips")]:
        if int(facts[col][0]) != int(stored[col]):
            raise UserError(f"deal {game_index} does not replay as stored (was the run written by another paiju "
                            "version?)")
    cards = [[to_local(int(c)) for c in unpack_cards(facts[f"s{k}_cards"], 5)[0]] for k in range(n)]
    who = _players(spec, game_index)
    ante = min(rules.stakes.ante, rules.stakes.stack)
    lines = []
    if opts.get("duplicate"):
        lines.append(f"deal {game_index // n}, turned by {game_index % n}: seat k holds the hand dealt to seat "
                     f"k + {game_index % n}")
    lines.append(f"antes: {ante} from each seat; hole cards (底牌): "
                 + ", ".join(f"seat {k} ({who[k]}) {name(cards[k][0])}" for k in range(n)))
    live = [True] * n
    actions = [a for a in log]
    for st in (2, 3, 4, 5):
        banker = stored[f"banker_{st}"]
        if banker < 0:
            break
        ups = ", ".join(f"seat {k} {' '.join(name(c) for c in cards[k][1:st])}" for k in range(n) if live[k])
        lines.append(f"round {st}: up-cards {ups}; 庄家: seat {banker}")
        bet_before = False
        for a in actions:
            if int(a[LOG_STREET]) != st:
                continue
            seat, act, paid = int(a[LOG_SEAT]), int(a[LOG_ACTION]), int(a[LOG_PAID])
            text = f"  seat {seat} {action_text(act, paid, bet_before)}"
            bet_before = bet_before or act == ACT_BET
            if a[LOG_EQUITY] >= 0:
                text += f" (equity {a[LOG_EQUITY] / EQUITY_SCALE:.3f})"
            lines.append(text)
            if act == 0:
                live[seat] = False
    winner = stored["winner"]
    if stored["showdown"]:
        shown = "; ".join(f"seat {k} {' '.join(name(c) for c in cards[k])} {CATEGORY_NAMES[int(facts[f's{k}_category'][0])]}"
                          for k in range(n) if live[k])
        lines.append(f"showdown (开牌): {shown}")
        lines.append(f"seat {winner} has the best hand and takes the pot of {stored['pot']}")
    else:
        lines.append(f"everyone else folded: seat {winner} takes the pot of {stored['pot']} (its cards stay hidden)")
    lines.append("money: " + ", ".join(f"seat {k} {stored[f's{k}_money']:+g}" for k in range(n)))
    return "\n".join(lines)
