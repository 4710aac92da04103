"""The ``natural`` bidding policy: a simple natural system from HCP and shape.

Every bid names the strain it suggests (no conventions). Each player's calls publish a *shown*
range of points and minimum suit lengths (``kn``, one row per seat); partners decide from their
own hand plus what the other has shown. Points are HCP, plus shortness (void 3, singleton 2,
doubleton 1 outside trumps) when the side has a known 8+ card fit in the strain and the hand
holds 3+ trumps. Thresholds are policy parameters (defaults): game 25 (3NT, 4♥, 4♠), minor game
29 (5♣, 5♦), small slam 33, grand slam 37; 1NT 15–17.

Opening (nobody has bid yet; any seat):
  1NT 15–17 balanced (4-3-3-3, 4-4-3-2, 5-3-3-2); 2NT 20–22 balanced. One of a suit with 12+ HCP,
  or 10–11 when HCP + the two longest suits >= 20: the longest suit when it has 5+ cards (ties:
  the higher), else the longer minor (♦ with 4-4, ♣ with 3-3); it shows 12–21. Weak two: a
  6-card suit and 6–10 HCP. Preempt: a 7-card suit and 5–10 HCP at the 3 level (8-card major:
  4 level). Otherwise pass (shows 0–11).
Overcall (the opponents have bid, our side not yet): 1NT with 15–18 balanced; a 5+ card suit
  with 8–16 HCP at the cheapest level, the 2 level only with 10+ HCP or 6 cards. Strong hands
  without a suit pass (no takeout doubles).
Responses to one of a suit (partner's only bid): pass with 0–5; with support (3+ in a major,
  5+ in a minor) raise by points: 6–9 to 2, 10–12 to 3, 13+ to game; else a new 4+ card suit at
  the 1 level (6+ HCP, up the line), a 5+ card suit at the 2 level (10+), or 1NT 6–10 / 2NT 11–12
  / 3NT 13–15 balanced.
Everything else is *placement*: choose the strain (a known 8+ card fit, majors first; else NT
  when balanced; else one's own longest 5+ card suit, or an unshown 4-card suit — never a suit an
  opponent has shown; else partner's suit), then with lo / hi = own points + partner's minimum /
  maximum (what partner has shown, within the points that one's own hand and the opponents' shown
  minimums leave): lo >= 37 → grand slam, lo >= 33 → small slam, lo >= game points → game; when
  only hi reaches game, *invite*: the cheapest bid in the strain below game (none left: bid game
  when the middle of the range reaches it); otherwise a part score — with a fit, the level of the
  law of total tricks (trumps - 6, below game), without one the cheapest bid when it is at most
  the 2 level and the middle of the range reaches what the level needs (suits 19, 21; NT 20, 23).
  A player passes when the side already holds the contract in that strain at that level or
  higher, when the side already holds a game and the bid would move it below slam to another
  strain without a known 8+ card fit (no pulling 3NT to 4♣), or when the bid is not legal any more. A player whose partner has bid passes on
  without having bid shows no game interest (at most game - partner's maximum - 1).
Doubles are for penalty only: of an opponents' undoubled contract at level L when the points
  they can hold (40 - ours, ours = own HCP + partner's shown minimum) are 3 or more below what
  the level needs (19, 21, 23, 25, 28, 33, 37 for levels 1..7), holding 3+ trumps in a suit
  contract.
Redoubles are for business only (no SOS redouble): of the opponents' double of our side's part
  score (made redoubled, it scores a game), when our points (own HCP + partner's shown minimum;
  shortness too in a suit contract, which needs a known 8+ card fit and 3+ trumps) reach what the
  level needs + ``redoubles`` - 1 (default 1; 0 = never, the system before issue 24). Doubled games
  and slams stand: redoubling them lost more when they failed than it added (one side redoubling
  gains +0.076 ± 0.025 points a board on 200,000 duplicate deals, benchmarks/match_param.py).
An auction stops growing near ``MAX_CALLS``: past it every player passes.
"""

from __future__ import annotations

from numba import njit

from kernels.bridge.auction import (
    A_CALLS, A_DOUBLED, A_LAST_BID, A_LAST_BIDDER, DOUBLE, PASS, REDOUBLE, bid_code, is_legal,
)
from kernels.bridge.layout import MAX_CALLS

# policy parameters (per seat) of ``natural``; defaults in ``NATURAL_DEFAULTS``
P_NT_MIN, P_NT_MAX, P_GAME, P_MINOR_GAME, P_SLAM, P_GRAND, P_WEAK_TWOS, P_DOUBLES, P_REDOUBLES = range(9)
N_BID_PARAMS = 9
NATURAL_DEFAULTS = (15, 17, 25, 29, 33, 37, 1, 1, 1)
BID_PASS_OUT, BID_NATURAL = 0, 1

# shown knowledge per seat: kn[seat, K_*]
K_MIN, K_MAX, K_LEN, K_BAL, K_BIDS, K_OPENED = 0, 1, 2, 6, 7, 8  # K_LEN + suit; K_OPENED: suit of a 1-suit opening
N_KN = 9
NEEDED = (0, 19, 21, 23, 25, 28, 33, 37)  # points a suit contract of each level needs
NEEDED_NT = (0, 20, 23, 25, 27, 29, 33, 37)


@njit(cache=True, nogil=True)
def reset_knowledge(kn):
    for s in range(4):
        kn[s, K_MIN] = 0
        kn[s, K_MAX] = 37
        for k in range(4):
            kn[s, K_LEN + k] = 0
        kn[s, K_BAL] = 0
        kn[s, K_BIDS] = 0
        kn[s, K_OPENED] = -1


@njit(cache=True, nogil=True)
def show(kn, seat, lo, hi):
    """Narrow ``seat``'s shown point range to [lo, hi] (a contradiction keeps the new range)."""
    lo = min(max(lo, 0), 37)
    hi = min(max(hi, lo), 37)
    new_lo = max(kn[seat, K_MIN], lo)
    new_hi = min(kn[seat, K_MAX], hi)
    if new_lo > new_hi:
        new_lo, new_hi = lo, hi
    kn[seat, K_MIN] = new_lo
    kn[seat, K_MAX] = new_hi


@njit(cache=True, nogil=True)
def balanced(lens, seat):
    """4-3-3-3, 4-4-3-2 or 5-3-3-2: no suit under 2 cards and at most one doubleton."""
    doubletons = 0
    for s in range(4):
        if lens[seat, s] < 2:
            return False
        if lens[seat, s] == 2:
            doubletons += 1
    return doubletons <= 1


@njit(cache=True, nogil=True)
def shortness(lens, seat, trump):
    """Void 3, singleton 2, doubleton 1 over the suits other than ``trump``."""
    pts = 0
    for s in range(4):
        if s != trump:
            pts += max(0, 3 - lens[seat, s])
    return pts


@njit(cache=True, nogil=True)
def longest(lens, seat):
    """Longest suit (ties: the higher)."""
    best = 3
    for s in range(2, -1, -1):
        if lens[seat, s] > lens[seat, best]:
            best = s
    return best


@njit(cache=True, nogil=True)
def cheapest_level(st, strain):
    """Lowest level at which ``strain`` may be bid now."""
    last = st[A_LAST_BID]
    if last < 0:
        return 1
    level = last // 5 + 1
    return level if strain > last % 5 else level + 1


@njit(cache=True, nogil=True)
def _bid(kn, seat, level, strain, lens):
    """The call for a bid, recording the suit length it shows."""
    if strain < 4:
        shown = kn[seat, K_LEN + strain]
        partner_len = kn[seat ^ 2, K_LEN + strain]
        if partner_len > 0 and partner_len + lens[seat, strain] >= 8:
            shown = max(shown, 8 - partner_len)  # support
        elif shown > 0:
            shown = min(shown + 1, lens[seat, strain])  # rebid
        else:
            shown = min(4, lens[seat, strain])
        kn[seat, K_LEN + strain] = max(kn[seat, K_LEN + strain], shown)
    else:
        kn[seat, K_BAL] = 1
    kn[seat, K_BIDS] += 1
    return bid_code(level, strain)


@njit(cache=True, nogil=True)
def _nt_opening(kn, seat, level, lens):
    """A notrump opening: balanced, so 2+ cards in every suit."""
    for s in range(4):
        kn[seat, K_LEN + s] = 2
    return _bid(kn, seat, level, 4, lens)


@njit(cache=True, nogil=True)
def opening(seat, hcp, lens, kn, pp):
    h = hcp[seat]
    bal = balanced(lens, seat)
    if bal and pp[P_NT_MIN] <= h <= pp[P_NT_MAX]:
        show(kn, seat, pp[P_NT_MIN], pp[P_NT_MAX])
        return _nt_opening(kn, seat, 1, lens)
    if bal and 20 <= h <= 22:
        show(kn, seat, 20, 22)
        return _nt_opening(kn, seat, 2, lens)
    s = longest(lens, seat)
    n = lens[seat, s]
    second = 0
    for k in range(4):
        if k != s:
            second = max(second, lens[seat, k])
    if h >= 12 or (h >= 10 and h + n + second >= 20):
        if n < 5:
            s = 1 if lens[seat, 1] > lens[seat, 0] or (lens[seat, 1] == 4 and lens[seat, 0] == 4) else 0
        show(kn, seat, 12, 21)
        code = _bid(kn, seat, 1, s, lens)
        kn[seat, K_LEN + s] = 5 if n >= 5 else 3
        kn[seat, K_OPENED] = s
        return code
    if pp[P_WEAK_TWOS] != 0 and n == 6 and 6 <= h <= 10:
        show(kn, seat, 6, 10)
        code = _bid(kn, seat, 2, s, lens)
        kn[seat, K_LEN + s] = 6
        return code
    if n >= 7 and 5 <= h <= 10:
        show(kn, seat, 5, 10)
        code = _bid(kn, seat, 4 if n >= 8 and s >= 2 else 3, s, lens)
        kn[seat, K_LEN + s] = n if n <= 8 else 8
        return code
    show(kn, seat, 0, 11)
    return PASS


@njit(cache=True, nogil=True)
def overcall(seat, st, hcp, lens, kn):
    """An overcall, or 0 when the hand has none."""
    h = hcp[seat]
    if balanced(lens, seat) and 15 <= h <= 18 and cheapest_level(st, 4) == 1:
        show(kn, seat, 15, 18)
        return _bid(kn, seat, 1, 4, lens)
    s = longest(lens, seat)
    n = lens[seat, s]
    level = cheapest_level(st, s)
    if n >= 5 and 8 <= h <= 16 and (level == 1 or (level == 2 and (h >= 10 or n >= 6))):
        show(kn, seat, 8, 16)
        code = _bid(kn, seat, level, s, lens)
        kn[seat, K_LEN + s] = 5
        return code
    return 0


@njit(cache=True, nogil=True)
def response(seat, st, opened, hcp, lens, kn, pp):
    """A response to partner's one-of-a-suit opening; 0 to leave it to placement."""
    h = hcp[seat]
    if h < 6:
        show(kn, seat, 0, 5)
        return PASS
    major = opened >= 2
    if lens[seat, opened] >= (3 if major else 5):
        pts = h + shortness(lens, seat, opened)
        if pts >= pp[P_SLAM] - 12:
            return 0
        if pts >= 13:
            level, lo, hi = (4 if major else 5), 13, pp[P_SLAM] - 13
        elif pts >= 10:
            level, lo, hi = 3, 10, 12
        else:
            level, lo, hi = 2, 6, 9
        if not is_legal(st, seat, bid_code(level, opened)):
            return 0
        show(kn, seat, lo, hi)
        return _bid(kn, seat, level, opened, lens)
    best, best_n = -1, 3
    for s in range(opened + 1, 4):  # up the line: the lowest of the longest
        if lens[seat, s] > best_n:
            best, best_n = s, lens[seat, s]
    if best >= 0 and is_legal(st, seat, bid_code(1, best)):
        show(kn, seat, 6, 37)
        return _bid(kn, seat, 1, best, lens)
    if h >= 10:
        s = longest(lens, seat)
        if s != opened and lens[seat, s] >= 5 and cheapest_level(st, s) == 2:
            show(kn, seat, 10, 37)
            code = _bid(kn, seat, 2, s, lens)
            kn[seat, K_LEN + s] = 5
            return code
    bal = balanced(lens, seat)
    if h <= 10:
        level, lo, hi = 1, 6, 10
    elif bal and h <= 12:
        level, lo, hi = 2, 11, 12
    elif bal and h <= 15:
        level, lo, hi = 3, 13, 15
    else:
        return 0
    if not is_legal(st, seat, bid_code(level, 4)):
        return 0
    show(kn, seat, lo, hi)
    return _bid(kn, seat, level, 4, lens)


@njit(cache=True, nogil=True)
def choose_strain(seat, hcp, lens, kn):
    """(strain, combined trumps of a known fit or 0) for placement."""
    partner = seat ^ 2
    best, best_key, fit = -1, -1, 0
    for s in range(4):
        f = lens[seat, s] + kn[partner, K_LEN + s]
        if kn[partner, K_LEN + s] > 0 and f >= 8:
            key = (4 if s >= 2 else 0) * 16 + f * 4 + s
            if key > best_key:
                best, best_key, fit = s, key, f
    if best >= 0:
        return best, fit
    no_short = True
    for s in range(4):
        if lens[seat, s] < 2:
            no_short = False
    if balanced(lens, seat) or (kn[partner, K_BAL] != 0 and no_short):
        return 4, 0
    s = -1
    for k in range(3, -1, -1):
        if not theirs(kn, seat, k) and lens[seat, k] >= 5 and (s < 0 or lens[seat, k] > lens[seat, s]):
            s = k
    if s >= 0:
        return s, 0
    for k in range(3, -1, -1):
        if lens[seat, k] >= 4 and kn[seat, K_LEN + k] == 0 and not theirs(kn, seat, k):
            return k, 0
    p = -1
    for k in range(4):
        if kn[partner, K_LEN + k] >= 3 and (p < 0 or kn[partner, K_LEN + k] > kn[partner, K_LEN + p]):
            p = k
    return (p, 0) if p >= 0 else (4, 0)


@njit(cache=True, nogil=True)
def theirs(kn, seat, suit):
    """Has an opponent of ``seat`` shown 4+ cards in ``suit``?"""
    return kn[seat ^ 1, K_LEN + suit] >= 4 or kn[seat ^ 3, K_LEN + suit] >= 4


@njit(cache=True, nogil=True)
def partner_range(seat, hcp, kn):
    """Partner's point range: what partner has shown, within what my hand and the opponents'
    shown ranges leave."""
    partner = seat ^ 2
    left_max = 40 - hcp[seat] - kn[seat ^ 1, K_MIN] - kn[seat ^ 3, K_MIN]
    left_min = 40 - hcp[seat] - kn[seat ^ 1, K_MAX] - kn[seat ^ 3, K_MAX]
    hi = max(min(kn[partner, K_MAX], left_max), 0)
    lo = min(max(kn[partner, K_MIN], left_min), hi)
    return lo, hi


@njit(cache=True, nogil=True)
def _is_game(bid):
    """Is bid code ``bid`` (5 * (level - 1) + strain) a game or slam contract?"""
    level, strain = bid // 5 + 1, bid % 5
    return level >= 5 or (level >= 4 and strain >= 2) or (level >= 3 and strain == 4)


@njit(cache=True, nogil=True)
def placement(seat, st, hcp, lens, kn, pp):
    """The placement bid (module docstring), or 0 for no bid."""
    strain, fit = choose_strain(seat, hcp, lens, kn)
    pts = hcp[seat]
    if fit >= 8 and lens[seat, strain] >= 3:
        pts += shortness(lens, seat, strain)
    pmin, pmax = partner_range(seat, hcp, kn)
    lo, hi = pts + pmin, pts + pmax
    if strain < 2 and fit >= 8 and pp[P_GAME] <= lo < pp[P_MINOR_GAME] and shortness(lens, seat, strain) == 0:
        strain, fit = 4, 0  # 3NT rather than a minor-suit game
        pts = hcp[seat]
        lo, hi = pts + pmin, pts + pmax
    game = 3 if strain == 4 else (4 if strain >= 2 else 5)
    gp = pp[P_MINOR_GAME] if strain < 2 else pp[P_GAME]
    cheapest = cheapest_level(st, strain)
    if lo >= pp[P_GRAND]:
        level, s_lo, s_hi = 7, pp[P_GRAND] - pmin, 37
    elif lo >= pp[P_SLAM]:
        level, s_lo, s_hi = 6, pp[P_SLAM] - pmin, pp[P_GRAND] - pmin - 1
    elif lo >= gp:
        level, s_lo, s_hi = game, gp - pmin, pp[P_SLAM] - pmin - 1
    elif hi >= gp and cheapest < game:
        level, s_lo, s_hi = cheapest, gp - pmax, gp - pmin - 1
    elif hi >= gp and (lo + hi) // 2 >= gp:
        level, s_lo, s_hi = game, gp - (pmin + pmax) // 2, pp[P_SLAM] - pmin - 1
    elif fit >= 8:
        level, s_lo, s_hi = min(max(fit - 6, 1), game - 1), 0, gp - pmax - 1
    else:
        level, s_lo, s_hi = cheapest, 0, gp - pmax - 1
        needed = NEEDED_NT[level] if strain == 4 else NEEDED[level]
        if level > 2 or (lo + hi) // 2 < needed:
            return 0
    last = st[A_LAST_BID]
    ours = last >= 0 and (st[A_LAST_BIDDER] & 1) == (seat & 1)
    if ours and last % 5 == strain and last // 5 + 1 >= level:
        return 0
    if ours and level < 6 and fit < 8 and _is_game(last):
        return 0  # the side is in game already: no move to another strain without a fit
    if level < cheapest or level > 7:
        return 0
    show(kn, seat, s_lo, s_hi)
    return _bid(kn, seat, level, strain, lens)


@njit(cache=True, nogil=True)
def penalty_double(seat, st, hcp, lens, kn, pp):
    last = st[A_LAST_BID]
    if pp[P_DOUBLES] == 0 or last < 0 or not is_legal(st, seat, DOUBLE) or st[A_DOUBLED] != 0:
        return False
    level, strain = last // 5 + 1, last % 5
    if strain < 4 and lens[seat, strain] < 3:
        return False
    ours = hcp[seat] + partner_range(seat, hcp, kn)[0]
    return 40 - ours <= NEEDED[level] - 3


@njit(cache=True, nogil=True)
def business_redouble(seat, st, hcp, lens, kn, pp):
    """Redouble the opponents' double of our side's part score when the side expects to make it
    (made, it scores a game)."""
    last = st[A_LAST_BID]
    if pp[P_REDOUBLES] == 0 or last < 0 or not is_legal(st, seat, REDOUBLE):
        return False
    if _is_game(last):
        return False  # measured: a redoubled game or slam loses more when it fails than it adds
    level, strain = last // 5 + 1, last % 5
    ours = hcp[seat] + partner_range(seat, hcp, kn)[0]
    if strain < 4:
        if lens[seat, strain] < 3 or lens[seat, strain] + kn[seat ^ 2, K_LEN + strain] < 8:
            return False
        ours += shortness(lens, seat, strain)
    return ours >= (NEEDED_NT[level] if strain == 4 else NEEDED[level]) + pp[P_REDOUBLES] - 1


@njit(cache=True, nogil=True)
def natural_call(seat, st, hcp, lens, kn, pp):
    """The natural system's call for ``seat`` (updates what ``seat`` has shown in ``kn``)."""
    if st[A_CALLS] >= MAX_CALLS - 4:
        return PASS
    if st[A_LAST_BID] < 0:
        return opening(seat, hcp, lens, kn, pp)
    if business_redouble(seat, st, hcp, lens, kn, pp):
        return REDOUBLE
    partner = seat ^ 2
    call = 0
    if kn[seat, K_BIDS] == 0 and kn[partner, K_BIDS] == 0:
        call = overcall(seat, st, hcp, lens, kn)
    elif kn[seat, K_BIDS] == 0 and kn[partner, K_BIDS] == 1 and kn[partner, K_OPENED] >= 0:
        call = response(seat, st, kn[partner, K_OPENED], hcp, lens, kn, pp)
        if call == 0:
            call = placement(seat, st, hcp, lens, kn, pp)
    else:
        call = placement(seat, st, hcp, lens, kn, pp)
    if call != 0:
        return call
    if penalty_double(seat, st, hcp, lens, kn, pp):
        return DOUBLE
    if kn[seat, K_BIDS] == 0 and kn[partner, K_BIDS] > 0:
        show(kn, seat, 0, pp[P_GAME] - kn[partner, K_MAX] - 1)  # no game opposite partner's maximum
    return PASS
