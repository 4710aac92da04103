"""干瞪眼 turns on the climbing engine's shared steps (``kernels.climb.loop``), and the draw
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

``play_turns`` takes the hand's declared state ``st`` (``kernels.gandengyan.state``: the stock's
next position, whether the top play is an exact +1 answer and the stalemate flag are its ``gs``
slots ``GS_STOCK``, ``GS_TOP_PLUS_ONE``, ``GS_STALEMATE``; ``st.played`` is the public count of
every card played, which the players read) and plays turn after turn over its arrays, taken once;
the steps it inlines take those arrays (the shared loop's, ``kernels.climb.loop``, directly).
"""

from __future__ import annotations

from numba import njit

from kernels.climb.loop import (
    GS_N_LOG, GS_N_OUT, GS_N_TRICKS, GS_N_TURNS, GS_TOP_SEAT, GS_TURN, LOG_CARDS, LOG_MOVE, LOG_NCARDS, LOG_SEAT,
    LOG_TRICK, SF_FINISH, advance, after_play, log_play, pass_lead, record_pass,
)
from kernels.gandengyan.deal import draw_card
from kernels.gandengyan.layout import LAYOUT
from kernels.gandengyan.lazy import gd_random
from kernels.gandengyan.money import (  # the row offsets the money reads: one definition
    ROW_BOMBS3, ROW_CARDS_LEFT, ROW_COLLECTED, ROW_HELD3, ROW_HELD4, ROW_HELD5P, ROW_JOKER_BOMBS, ROW_JOKERS_LEFT,
    ROW_N_TRICKS, ROW_PAID, ROW_PLAYS, ROW_WINNER,
)
from kernels.gandengyan.movegen import dengyan, gd_generate, is_bomb, remove_move
from kernels.gandengyan.moves import BOMB, DRAW, JOKER, JOKER_BOMB, LEAD_PASS, PAIR, R_TWO, SINGLE, TRIPLE
from kernels.gandengyan.policies import RANDOM, gd_choose
from kernels.gandengyan.rulevec import DRAW_EVERYONE, END_FIRST_OUT, GD_DRAW, GD_END
from kernels.gandengyan.state import GS_STALEMATE, GS_STOCK, GS_TOP_PLUS_ONE
from kernels.state import borrow

ROW_STOCK_OUT_TRICK, ROW_DENGYAN, ROW_TWO_BREAKS, ROW_PLUS_ONE_WINS, ROW_LEAD_PASSES = map(LAYOUT.at, (
    "stock_out_trick", "dengyan", "two_breaks", "plus_one_wins", "lead_passes"))
ROW_N_TURNS, ROW_STOCK_LEFT = map(LAYOUT.at, ("n_turns", "stock_left"))
ROW_DRAWS, ROW_BOMBS_PLAYED, ROW_FINISH = map(LAYOUT.at, ("draws", "bombs_played", "finish"))  # + seat


@njit(cache=True, nogil=True, inline="always")
def log_event(log, gs, seat, kind, card):
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


@njit(cache=True, nogil=True, inline="always")
def draw_step(gs, hand_left, deck, counts, row, log, rules, top_seat):
    """Trick end: while the stock lasts, the new leader ``gs[GS_TURN]`` and every player holding
    cards after him counter-clockwise draw one card each (``DRAW_EVERYONE``), or the trick winner
    ``top_seat`` alone if he still holds cards (四川 经典)."""
    n_seats = hand_left.shape[0]
    first = gs[GS_TURN]
    everyone = rules[GD_DRAW] == DRAW_EVERYONE
    for k in range(n_seats if everyone else 1):
        s = (first + k) % n_seats
        if gs[GS_STOCK] >= deck.shape[0]:
            break
        if hand_left[s] > 0 and (everyone or s == top_seat):
            log_event(log, gs, s, DRAW, deck[gs[GS_STOCK]])
            gs[GS_STOCK] = draw_card(deck, gs[GS_STOCK], counts, s)
            hand_left[s] += 1
            row[ROW_DRAWS + s] += 1
            if gs[GS_STOCK] >= deck.shape[0]:
                row[ROW_STOCK_OUT_TRICK] = gs[GS_N_TRICKS]


@njit(cache=True, nogil=True)
def _anyone_can_lead(counts, hand_left, top, rules, moves, work):
    for s in range(hand_left.shape[0]):
        if hand_left[s] > 0 and gd_generate(counts[s], top, rules, moves, work) > 0:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
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


@njit(cache=True, nogil=True, inline="always")
def _take_cards(c, move, played):
    """The move's cards leave hand ``c`` and join the public record ``played``."""
    remove_move(c, move)
    for r in range(13):
        played[r] += (move[6] >> (4 * r)) & 15
    played[JOKER] += move[3]


@njit(cache=True, nogil=True, inline="always")
def _going_out(seat, hand_left, row, rules):
    """``seat`` just played his last card: he collects from every seat still holding cards. True
    when that ends the hand (first out, or under ``play_on`` one player left)."""
    holders = 0
    for s in range(hand_left.shape[0]):
        if hand_left[s] > 0:
            holders += 1
            row[ROW_COLLECTED + seat] += hand_left[s]
            row[ROW_PAID + s] += hand_left[s]
    return rules[GD_END] == END_FIRST_OUT or holders <= 1


@njit(cache=True, nogil=True)
def play_turns(st, first, stop_policy, max_turns):
    """Turns from the seat ``gs[GS_TURN]`` on, until the hand is over (True: first out; under
    ``play_on`` one player left; or a stalemate, ``gs[GS_STALEMATE]``), or before a turn of a seat
    whose policy is ``stop_policy`` (False: a search seat decides first, ``kernels.gandengyan.search``;
    -1 never stops), or after ``max_turns`` turns (False). ``first`` decides the first turn: >= 0
    plays that row of its ``gd_generate`` list, -1 passes, -2 lets the seat's policy choose; every
    later turn its seat's policy chooses. A leader with no legal lead passes the lead on (a turn).

    One call plays many turns over the state's arrays taken once: each ``st.x`` read and each call
    passing ``st`` costs a reference count pair per slot, which per turn was a third of a hand's time."""
    v = borrow(st)  # its arrays' null reference counts seen by the compiler: no count at any call below
    gs, hand_left, counts, row, top, rules = v.gs, v.hand_left, v.counts, v.row, v.top, v.rules
    moves, played, work, scratch, log, deck = v.moves, v.played, v.work, v.scratch, v.log, v.deck
    policies, rng, seat_flags, order, captured = v.policies, v.rng, v.seat_flags, v.order, v.captured
    forced = first
    for t in range(max_turns):
        seat = gs[GS_TURN]
        if t > 0:
            forced = -2
            if policies[seat] == stop_policy:
                return False
        top_seat = gs[GS_TOP_SEAT]
        lead = top_seat < 0
        c = counts[seat]
        lazy = forced == -2 and policies[seat] == RANDOM  # random lists only its move (kernels.gandengyan.lazy)
        if lazy:
            n, pick = gd_random(c, top, rules, moves, work, rng, lead)
        else:
            n, pick = gd_generate(c, top, rules, moves, work), -1
        if lead and n == 0:  # only jokers that cannot go out alone
            if not _anyone_can_lead(counts, hand_left, top, rules, moves, work):
                gs[GS_STALEMATE] = 1
                return True
            row[ROW_LEAD_PASSES] += 1
            log_event(log, gs, seat, LEAD_PASS, -1)
            pass_lead(gs, seat, hand_left)
            continue
        gs[GS_N_TURNS] += 1
        if not lead and dengyan(c, top, rules):
            row[ROW_DENGYAN] += 1
        if forced > -2:
            choice = forced
        elif lazy:
            choice = pick  # drawn by gd_random (-1 when nothing answers the top)
        else:
            choice = gd_choose(v, seat, n, lead)  # the seat's player (inlined: over the borrowed view)
        if choice < 0:
            record_pass(gs, seat, seat_flags, top, scratch, log, rules)
        else:
            move = moves[choice]
            _play_facts(move, top, lead, seat, row, gs)
            _take_cards(c, move, played)
            if gs[GS_N_LOG] < log.shape[0]:  # a batch run's one-row log is full after its first action
                log_play(log, gs, seat, moves, choice, scratch, 0)
            after_play(gs, seat, move[2], moves, choice, hand_left, seat_flags, order, captured, top)
            if hand_left[seat] == 0 and _going_out(seat, hand_left, row, rules):
                return True
        top_seat = gs[GS_TOP_SEAT]
        plus_one = gs[GS_TOP_PLUS_ONE]
        if advance(gs, seat, hand_left, captured, seat_flags, top, rules):
            row[ROW_PLUS_ONE_WINS] += plus_one
            gs[GS_TOP_PLUS_ONE] = 0
            draw_step(gs, hand_left, deck, counts, row, log, rules, top_seat)
    return False


@njit(cache=True, nogil=True)
def end_facts(st):
    """The hand's end facts in ``row``: winner, tricks, turns, stock left, every seat's cards, place,
    jokers and natural 3 / 4 / 5+ of a kind held (the latter added: ``row`` holds 0 there)."""
    gs, hand_left, counts, row = st.gs, st.hand_left, st.counts, st.row
    n_seats = hand_left.shape[0]
    row[ROW_WINNER] = st.order[0] if gs[GS_N_OUT] > 0 else -1
    row[ROW_N_TRICKS] = gs[GS_N_TRICKS] + 1
    row[ROW_N_TURNS] = gs[GS_N_TURNS]
    row[ROW_STOCK_LEFT] = st.deck.shape[0] - gs[GS_STOCK]
    for s in range(n_seats):
        row[ROW_CARDS_LEFT + s] = hand_left[s]
        row[ROW_FINISH + s] = st.seat_flags[SF_FINISH, s]
        row[ROW_JOKERS_LEFT + s] = counts[s, JOKER]
        for r in range(13):
            k = counts[s, r]
            if k == 3:
                row[ROW_HELD3 + s] += 1
            elif k == 4:
                row[ROW_HELD4 + s] += 1
            elif k >= 5:
                row[ROW_HELD5P + s] += 1
