"""The landlord family's ``search`` player at its decisions before the tricks (``search_bids = 1``):
each bid level and the pass (叫分 / 叫档), 抢 or not, 明牌, 摊打, and 报到 none / 打 / 不打.

Each answer is evaluated by playing the whole hand out from that decision in ``worlds`` sampled
deals: the seat's own cards are known (its dealt hand, with the kitty once it took it); the other
hands and, until the seat took it, the kitty are dealt at random from the rest of the pack. The
decisions the table made before are forced as they were; everything after (the rest of the
auction, 抢, declarations and the tricks) is played by the rollout players, every seat as the
searcher would (``kernels.landlord.search``). Every answer meets the same worlds (paired); smart's
answer stands unless another's mean gain over it is at least ``confidence`` standard errors: the
one search driver (``kernels.climb.search_driver``), whose hooks for this family are in
``kernels.landlord.search``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kernels.landlord.movegen import LL_MAX_BID
from kernels.landlord.phases import DEC_HIGHEST, DEC_KIND, DEC_SEAT, KIND_BAODAO, KIND_BID, answer
from kernels.landlord.policies import SMART

BID_WORLDS = 4  # a bid is searched in this many times the play decisions' worlds: there are few of them, a
#                 bid multiplies every later payment, and with few worlds the best of several answers often
#                 looks better than smart's by chance
PRE_SALT = 1 << 40  # the stream index of decision k before the tricks is PRE_SALT + k (plays use the turn)
MAX_OPTIONS = 8  # the answers of one decision: pass and the bids (at most 4 dang), or none / 打 / 不打


@njit(cache=True, nogil=True)
def options_of(kind, highest, rules, out):
    """The answers of a decision: bids 0 = pass, then each bid above ``highest``; 抢 / 明牌 / 摊打 no
    (0), yes (1); 报到 none, 打, 不打 (0, 1, 2); how many."""
    n = 1 + max(0, rules[LL_MAX_BID] - highest) if kind == KIND_BID else (3 if kind == KIND_BAODAO else 2)
    for k in range(n):
        out[k] = highest + k if kind == KIND_BID and k > 0 else k
    return n


@njit(cache=True, nogil=True, inline="always")
def pre_options(st, opts):
    """The answers of the decision before the tricks that stopped the phases (``st.dec``: seat,
    kind, highest bid; ``st.hist`` the table's answers so far, ``st.counts`` the cards now) into
    ``opts``, smart's first (the others are judged by their paired gain over it): (how many,
    smart's answer). ``kernels.landlord.search.search`` hands them to the search driver."""
    seat, kind, highest = st.dec[DEC_SEAT], st.dec[DEC_KIND], st.dec[DEC_HIGHEST]
    n_opt = options_of(kind, highest, st.rules, opts)
    smart = answer(np.int64(SMART), seat, kind, highest, st.counts[seat], st.pp, st.rules, st.rng)
    for oi in range(n_opt):
        if opts[oi] == smart:
            opts[0], opts[oi] = opts[oi], opts[0]
            break
    return n_opt, smart
