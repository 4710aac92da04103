"""Contract bridge (桥牌) kernels: card ids, dealing and census, bidding, card play, scoring.

Modules, one concern each: ``cards`` (the 0..51 card order, seats, strains), ``layout`` (the raw
facts of a census row, a board row and a double-dummy row), ``deal`` (the deal from the game's
stream), ``hand`` (suit holdings and their features), ``census`` (deals + features in bulk),
``auction`` (calls and auction legality), ``natural`` (the natural bidding system), ``bits`` (bit
counting), ``trick`` (follow suit, trick winner), ``cardplay`` (random and greedy card play),
``score`` (duplicate scoring, IMPs), ``board`` (one board end to end, and ``play_range``) and
``text`` (PBN deal and auction strings of many rows).
"""

from kernels import drop_stale_cache

drop_stale_cache(__name__)
