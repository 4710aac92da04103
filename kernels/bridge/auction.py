"""Calls and the auction's rules (spec §2), on a small int64 state vector.

Call codes: ``PASS`` 1, ``DOUBLE`` 2, ``REDOUBLE`` 3, a bid ``4 + 5 * (level - 1) + strain``
(1♣ = 4 .. 7NT = 38); 0 means "no call" in stored auctions. A bid's *index* (code - 4, 0..34)
grows with rank, so a bid is legal when its index is above the last bid's.

Auction state ``st`` (int64[AUCTION_STATE]): the last bid's index and bidder, the doubling of the
last bid, passes in a row, calls made, and for each side and strain the first seat of that side to
name the strain (the declarer rule). Stored auctions pack ten 6-bit codes per int64 word from the
low end (``kernels.bridge.layout``).
"""

from __future__ import annotations

from numba import njit

PASS, DOUBLE, REDOUBLE, FIRST_BID = 1, 2, 3, 4
A_LAST_BID, A_LAST_BIDDER, A_DOUBLED, A_PASSES, A_CALLS, A_FIRST_NAMER = range(6)  # A_FIRST_NAMER + side * 5 + strain
AUCTION_STATE = A_FIRST_NAMER + 10


@njit(cache=True, nogil=True)
def bid_code(level, strain):
    return FIRST_BID + 5 * (level - 1) + strain


@njit(cache=True, nogil=True)
def bid_strain(code):
    return (code - FIRST_BID) % 5


@njit(cache=True, nogil=True)
def start_auction(st):
    st[A_LAST_BID] = -1
    st[A_LAST_BIDDER] = -1
    st[A_DOUBLED] = 0
    st[A_PASSES] = 0
    st[A_CALLS] = 0
    for k in range(10):
        st[A_FIRST_NAMER + k] = -1


@njit(cache=True, nogil=True)
def auction_over(st):
    """Three passes after a bid, or four passes at the start (passed out)."""
    if st[A_LAST_BID] < 0:
        return st[A_PASSES] >= 4
    return st[A_PASSES] >= 3


@njit(cache=True, nogil=True)
def is_legal(st, seat, call):
    """May ``seat`` make ``call`` now? Nothing once the auction is over (three passes after a bid,
    or four at the start: rules §2); else pass always; a bid above the last; double an
    opponent's undoubled bid; redouble an opponent's double of one's own side's bid."""
    if auction_over(st):
        return False
    if call == PASS:
        return True
    if call >= FIRST_BID:
        return call - FIRST_BID > st[A_LAST_BID] and call <= FIRST_BID + 34
    if st[A_LAST_BID] < 0:
        return False
    opponents_bid = (st[A_LAST_BIDDER] & 1) != (seat & 1)
    if call == DOUBLE:
        return opponents_bid and st[A_DOUBLED] == 0
    if call == REDOUBLE:
        return (not opponents_bid) and st[A_DOUBLED] == 1
    return False


@njit(cache=True, nogil=True)
def make_call(st, seat, call):
    """Record a legal call."""
    st[A_CALLS] += 1
    if call == PASS:
        st[A_PASSES] += 1
        return
    st[A_PASSES] = 0
    if call == DOUBLE:
        st[A_DOUBLED] = 1
    elif call == REDOUBLE:
        st[A_DOUBLED] = 2
    else:
        st[A_LAST_BID] = call - FIRST_BID
        st[A_LAST_BIDDER] = seat
        st[A_DOUBLED] = 0
        namer = A_FIRST_NAMER + (seat & 1) * 5 + bid_strain(call)
        if st[namer] < 0:
            st[namer] = seat


@njit(cache=True, nogil=True)
def declarer_of(st):
    """Seat of the contracting side that first named the final strain; -1 when passed out."""
    if st[A_LAST_BID] < 0:
        return -1
    return st[A_FIRST_NAMER + (st[A_LAST_BIDDER] & 1) * 5 + st[A_LAST_BID] % 5]


@njit(cache=True, nogil=True)
def store_call(row, offset, n, call):
    """Pack call number ``n`` (from 0) into the auction words starting at ``row[offset]``."""
    row[offset + n // 10] |= call << (6 * (n % 10))
