"""Contract bridge (桥牌) kernels: card ids, dealing and census, bidding, card play, scoring.

Modules, one concern each: ``cards`` (the 0..51 card order, seats, strains), ``layout`` (the raw
facts of one census row and one board row), ``hand`` (suit holdings and their features), ``census``
(deals + features in bulk), ``auction`` (calls and auction legality), ``natural`` (the natural
bidding system), ``trick`` (follow suit, trick winner), ``cardplay`` (random and greedy card play),
``score`` (duplicate scoring, IMPs) and ``board`` (one board end to end, and ``play_range``).
"""
