"""One 干瞪眼 turn on the climbing engine's shared steps (``kernels.climb.loop``), and the draw
from the stock when a trick ends.

What this game adds to the shared steps: move generation with every joker completion and the
"exactly +1" follow rule (``kernels.gandengyan.movegen``), its players
(``kernels.gandengyan.policies``), the per-turn facts of ``kernels.gandengyan.layout`` (瞪眼,
bombs by size, 2s breaking a sequence, tricks won by an unanswered +1), and its end rule
(``gs[GS_END_RULE] = END_BY_GAME``): the first player out ends the hand, or (``play_on``) the
others play on until one is left, each finisher collecting from those still holding cards.

Hooks of the shared loop used here: ``advance`` reports a trick's end, and the draw step runs
there, before the lead (everyone from the trick winner counter-clockwise, or the trick winner
alone); a leader holding only jokers that make no play passes the lead on (``pass_lead``); if
nobody holding cards can lead (stock empty) the hand ends in a stalemate.

Game state in ``gs`` from ``GS_FAMILY``: the stock's next position in the shuffled pack, whether
the trick's top play is an exact +1 answer, and the public count of every card played
(``played``, which the players read).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import (
    GS_FAMILY, GS_N_LOG, GS_N_OUT, GS_N_TRICKS, GS_N_TURNS, GS_TOP_SEAT, GS_TURN, LOG_CARDS, LOG_MOVE, LOG_NCARDS,
    LOG_SEAT, LOG_TRICK, SF_FINISH, advance, after_play, log_action, pass_lead, record_pass,
)
from kernels.gandengyan.deal import draw_card
from kernels.gandengyan.layout import LAYOUT
from kernels.gandengyan.movegen import dengyan, gd_generate, is_bomb, remove_move
from kernels.gandengyan.moves import BOMB, DRAW, JOKER, JOKER_BOMB, LEAD_PASS, PAIR, R_TWO, SINGLE, TRIPLE
from kernels.gandengyan.policies import gd_choose
from kernels.gandengyan.rulevec import DRAW_EVERYONE, END_FIRST_OUT, GD_DRAW, GD_END

GS_STOCK = GS_FAMILY  # next stock position in the shuffled pack
GS_TOP_PLUS_ONE = GS_FAMILY + 1  # 1: the trick's top play answered the play before it exactly one rank higher
GS_STALEMATE = GS_FAMILY + 2  # 1: the hand ended with nobody able to lead

ROW_BOMBS3 = LAYOUT.at("bombs3")
ROW_JOKER_BOMBS = LAYOUT.at("joker_bombs")
ROW_STOCK_OUT_TRICK = LAYOUT.at("stock_out_trick")
ROW_DENGYAN = LAYOUT.at("dengyan")
ROW_TWO_BREAKS = LAYOUT.at("two_breaks")
ROW_PLUS_ONE_WINS = LAYOUT.at("plus_one_wins")
ROW_LEAD_PASSES = LAYOUT.at("lead_passes")
ROW_PLAYS = LAYOUT.at("plays")
ROW_DRAWS = LAYOUT.at("draws")
ROW_BOMBS_PLAYED = LAYOUT.at("bombs_played")
ROW_COLLECTED = LAYOUT.at("collected")
ROW_PAID = LAYOUT.at("paid")
ROW_WINNER = LAYOUT.at("winner")
ROW_N_TRICKS = LAYOUT.at("n_tricks")
ROW_N_TURNS = LAYOUT.at("n_turns")
ROW_STOCK_LEFT = LAYOUT.at("stock_left")
ROW_CARDS_LEFT = LAYOUT.at("cards_left")
ROW_FINISH = LAYOUT.at("finish")
ROW_JOKERS_LEFT = LAYOUT.at("jokers_left")
ROW_HELD3 = LAYOUT.at("held3")
ROW_HELD4 = LAYOUT.at("held4")
ROW_HELD5P = LAYOUT.at("held5p")


@njit(cache=True, nogil=True, inline="always")
def log_event(gs, log, seat, kind, card):
    """Log a draw (``DRAW``, the card's physical id) or a passed lead (``LEAD_PASS``) in the
    action log's shape (``kernels.climb.loop`` LOG_*), so replays show them."""
    i = gs[GS_N_LOG]
    if i >= log.shape[0]:
        return
    log[i, LOG_SEAT] = seat
    log[i, LOG_TRICK] = gs[GS_N_TRICKS]
    for f in range(7):
        log[i, LOG_MOVE + f] = 0
    log[i, LOG_MOVE] = kind
    log[i, LOG_NCARDS] = 1 if card >= 0 else 0
    log[i, LOG_CARDS] = card
    gs[GS_N_LOG] = i + 1


@njit(cache=True, nogil=True)
def draw_step(gs, top_seat, hand_left, counts, deck, rules, row, log):
    """Trick end: while the stock lasts, the new leader ``gs[GS_TURN]`` and every player holding
    cards after him counter-clockwise draw one card each (``DRAW_EVERYONE``), or the trick winner
    alone if he still holds cards (四川 经典)."""
    n_seats = hand_left.shape[0]
    first = gs[GS_TURN]
    everyone = rules[GD_DRAW] == DRAW_EVERYONE
    for k in range(n_seats if everyone else 1):
        s = (first + k) % n_seats
        if gs[GS_STOCK] >= deck.shape[0]:
            break
        if hand_left[s] > 0 and (everyone or s == top_seat):
            log_event(gs, log, s, DRAW, deck[gs[GS_STOCK]])
            gs[GS_STOCK] = draw_card(deck, gs[GS_STOCK], counts, s)
            hand_left[s] += 1
            row[ROW_DRAWS + s] += 1
            if gs[GS_STOCK] >= deck.shape[0]:
                row[ROW_STOCK_OUT_TRICK] = gs[GS_N_TRICKS]


@njit(cache=True, nogil=True)
def _anyone_can_lead(hand_left, counts, top, rules, moves, work):
    for s in range(hand_left.shape[0]):
        if hand_left[s] > 0 and gd_generate(counts[s], top, rules, moves, work) > 0:
            return True
    return False


@njit(cache=True, nogil=True)
def _play_facts(move, top, lead, seat, row, gs):
    """Facts of one play, read before it tops the trick: bombs by size, 双王, a 2 breaking a
    sequence (a 2 / 22 / 222 over a lower rank that is not the A just below it), +1 answers."""
    kind = move[0]
    row[ROW_PLAYS + seat] += 1
    if kind == BOMB:
        size = move[2] if move[2] < 7 else 7
        row[ROW_BOMBS3 + size - 3] += 1
        row[ROW_BOMBS_PLAYED + seat] += 1
    elif kind == JOKER_BOMB:
        row[ROW_JOKER_BOMBS] += 1
        row[ROW_BOMBS_PLAYED + seat] += 1
    if (kind == SINGLE or kind == PAIR or kind == TRIPLE) and move[1] == R_TWO and not lead and top[1] != R_TWO - 1:
        row[ROW_TWO_BREAKS] += 1
    gs[GS_TOP_PLUS_ONE] = 1 if (not lead) and (not is_bomb(kind)) and move[1] == top[1] + 1 else 0


@njit(cache=True, nogil=True)
def take_turn(gs, hand_left, seat_flags, captured, order, rules, policies, pp, state, counts, moves, work, scratch,
              top, played, deck, row, log, forced):
    """The seat ``gs[GS_TURN]`` plays, passes, or (a leader with no legal lead) passes the lead.
    Returns True when the hand is over (first out; under ``play_on`` one player left; or a
    stalemate, ``gs[GS_STALEMATE]``). ``forced`` >= 0 plays that row of the ``gd_generate`` list,
    -1 passes, -2 lets the seat's policy choose (a search player decides before the turn;
    ``kernels.gandengyan.search``)."""
    seat = gs[GS_TURN]
    top_seat = gs[GS_TOP_SEAT]
    lead = top_seat < 0
    n = gd_generate(counts[seat], top, rules, moves, work)
    if lead and n == 0:  # only jokers that cannot go out alone
        if not _anyone_can_lead(hand_left, counts, top, rules, moves, work):
            gs[GS_STALEMATE] = 1
            return True
        row[ROW_LEAD_PASSES] += 1
        log_event(gs, log, seat, LEAD_PASS, -1)
        pass_lead(gs, seat, hand_left)
        return False
    gs[GS_N_TURNS] += 1
    if not lead and dengyan(counts[seat], top, rules):
        row[ROW_DENGYAN] += 1
    if forced > -2:
        choice = forced
    else:
        choice = gd_choose(policies[seat], seat, moves, n, lead, counts, hand_left, top_seat, played, pp, rules, state,
                           scratch)
    if choice < 0:
        record_pass(gs, seat, seat_flags, top, scratch, log, rules)
    else:
        move = moves[choice]
        _play_facts(move, top, lead, seat, row, gs)
        remove_move(counts[seat], move)
        for r in range(13):
            played[r] += (move[6] >> (4 * r)) & 15
        played[JOKER] += move[3]
        gs[GS_N_LOG] = log_action(log, gs[GS_N_LOG], seat, gs[GS_N_TRICKS], move, scratch, 0, False)
        after_play(gs, seat, move[2], moves, choice, hand_left, seat_flags, order, captured, top)
        if hand_left[seat] == 0:
            holders = 0
            for s in range(hand_left.shape[0]):
                if hand_left[s] > 0:
                    holders += 1
                    row[ROW_COLLECTED + seat] += hand_left[s]
                    row[ROW_PAID + s] += hand_left[s]
            if rules[GD_END] == END_FIRST_OUT or holders <= 1:
                return True
    top_seat = gs[GS_TOP_SEAT]
    plus_one = gs[GS_TOP_PLUS_ONE]
    if advance(gs, seat, hand_left, captured, seat_flags, top, rules):
        row[ROW_PLUS_ONE_WINS] += plus_one
        gs[GS_TOP_PLUS_ONE] = 0
        draw_step(gs, top_seat, hand_left, counts, deck, rules, row, log)
    return False


@njit(cache=True, nogil=True)
def end_facts(gs, hand_left, counts, seat_flags, order, deck, row):
    """The hand's end facts in ``row``: winner, tricks, turns, stock left, every seat's cards, place,
    jokers and natural 3 / 4 / 5+ of a kind held (the latter added: ``row`` holds 0 there)."""
    n_seats = hand_left.shape[0]
    row[ROW_WINNER] = order[0] if gs[GS_N_OUT] > 0 else -1
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS] + 1
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    row[ROW_STOCK_LEFT] = deck.shape[0] - gs[GS_STOCK]
    for s in range(n_seats):
        row[ROW_CARDS_LEFT + s] = hand_left[s]
        row[ROW_FINISH + s] = seat_flags[SF_FINISH, s]
        row[ROW_JOKERS_LEFT + s] = counts[s, JOKER]
        for r in range(13):
            k = counts[s, r]
            if k == 3:
                row[ROW_HELD3 + s] += 1
            elif k == 4:
                row[ROW_HELD4 + s] += 1
            elif k >= 5:
                row[ROW_HELD5P + s] += 1
