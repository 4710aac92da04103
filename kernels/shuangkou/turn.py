"""One turn of 百变双扣 on the climbing engine's shared steps (``kernels.climb.steps``), over the
game's declared state (``kernels.shuangkou.state``).

What this game adds to the shared steps: its move generation with wild jokers and the 相 beat
rule (``kernels.shuangkou.movegen``), its players (``kernels.shuangkou.policies``), which
physical cards a play takes (any copy of a rank: suits never matter in play), each seat's 相
level so far (SK-7, for the players), and the per-play facts of ``kernels.shuangkou.layout``
written for the *player* at the seat (``st.player_at``): bombs, 相, 三王 / 天王 / 连炸, wild jokers
used as what.

The end (SK-5: both players of a team out, or three out) is the shared partnership end rule with
teams {0, 2} / {1, 3} (seats after the draw's swap); 接风 to the partner is the shared step.
"""

from __future__ import annotations

from numba import njit

from kernels.climb import steps
from kernels.climb.loop import GS_N_TURNS, GS_TURN
from kernels.shuangkou.layout import HAND_LAYOUT
from kernels.shuangkou.movegen import generate_moves, move_cards, xiang
from kernels.shuangkou.moves import BOMB, LIANZHA, SANWANG, TIANWANG
from kernels.shuangkou.policies import choose_move

ROW_PLAYS, ROW_WILD_USED, ROW_WILD_IN_BOMBS, ROW_JOKERS_SELF, ROW_BOMBS, ROW_GE5, ROW_MAX_XIANG = map(
    HAND_LAYOUT.at, ("plays", "wild_used", "wild_in_bombs", "jokers_self", "bombs", "bombs_ge5", "max_xiang"))
ROW_TIANWANG, ROW_SANWANG, ROW_LIANZHA, ROW_ENDED_BY = map(HAND_LAYOUT.at, ("tianwang", "sanwang", "lianzha", "ended_by"))


@njit(cache=True, nogil=True)
def count_cards(owner, counts):
    """Every seat's rank counts from the card owners (naturals 0..12, 小王 13, 大王 14)."""
    counts[:, :] = 0
    for c in range(owner.shape[0]):
        s, k = owner[c], c % 54
        if s >= 0:
            counts[s, 13 + k - 52 if k >= 52 else k // 4] += 1


@njit(cache=True, nogil=True)
def take_cards(seat, move, owner, counts, cards, played):
    """Take the cards of ``move`` out of the seat's hand (``counts``, ``owner``); their physical
    ids into ``played`` (any copy of a rank: suits never matter), their per-rank counts into
    ``cards``. Returns the number of cards."""
    move_cards(move, cards)
    k = 0
    for r in range(15):
        t = cards[r]
        if t == 0:
            continue
        counts[seat, r] -= t
        for i in range(8 if r < 13 else 2):  # the physical copies of rank r
            c = (i // 4) * 54 + r * 4 + i % 4 if r < 13 else i * 54 + 52 + (r - 13)
            if owner[c] == seat:
                owner[c] = -1
                played[k] = c
                k += 1
                t -= 1
                if t == 0:
                    break
    return k


@njit(cache=True, nogil=True)
def record_play_facts(seat, player, move, level_now, n_bombs, max_x, row, rules):
    """Facts of one play for ``player`` (at ``seat``), and the seat's 相 level so far (SK-7 as
    the players see it: the largest 相 played, 天王 as ``tianwang_xiang``, or 3+ bombs as 5+相).
    Arrays, not the state: a call passing ``st`` pays a reference count per slot."""
    kind, size, wilds = move[0], move[2], move[3]
    row[ROW_PLAYS + player] += 1
    row[ROW_WILD_USED + player] += wilds
    if kind == SANWANG or kind == TIANWANG or move[1] >= 13:  # jokers as themselves (never wild then)
        row[ROW_JOKERS_SELF + player] += size
    if kind == BOMB or kind == LIANZHA or kind == SANWANG or kind == TIANWANG:
        row[ROW_BOMBS + player] += 1
        row[ROW_WILD_IN_BOMBS + player] += wilds
        x = xiang(kind, size, move[5], rules)
        if kind == TIANWANG:
            row[ROW_TIANWANG + player] += 1
            row[ROW_GE5 + player] += 1
        else:
            row[ROW_MAX_XIANG + player] = max(row[ROW_MAX_XIANG + player], x)
            if x >= 5:
                row[ROW_GE5 + player] += 1
            if kind == SANWANG:
                row[ROW_SANWANG + player] += 1
            elif kind == LIANZHA:
                row[ROW_LIANZHA + player] += 1
        n_bombs[seat] += 1
        max_x[seat] = max(max_x[seat], x)
        level_now[seat] = max(max_x[seat], n_bombs[seat] + 2 if n_bombs[seat] >= 3 else 0)


@njit(cache=True, nogil=True, inline="always")
def take_turn(st, forced):
    """One turn of 双扣. Returns True when the hand is over.

    ``forced`` >= 0 plays that move (its index in ``generate_moves``' order), -1 passes, -2 lets
    the seat's policy choose (a search player decides before the turn; ``kernels.shuangkou.search``)."""
    gs, counts, moves, row = st.gs, st.counts, st.moves, st.row  # each slot read once a turn
    seat = gs[GS_TURN]
    gs[GS_N_TURNS] += 1
    n = generate_moves(counts[seat], st.top, st.rules, moves)
    choice = forced
    if n == 0:
        choice = -1  # nothing beats the top: a pass
    elif forced == -2:
        choice = choose_move(st, seat, n)
    if choice < 0:
        steps.record_pass(st, seat)
    else:
        move = moves[choice]
        played = st.played
        player = st.player_at[seat]
        n_cards = take_cards(seat, move, st.owner, counts, st.cards, played)
        record_play_facts(seat, player, move, st.level_now, st.n_bombs, st.max_x, row, st.rules)
        steps.log_play(st, seat, choice, played, n_cards)
        if steps.after_play(st, seat, choice, n_cards):
            row[ROW_ENDED_BY] = player
            return True
    steps.advance(st, seat)
    return False
