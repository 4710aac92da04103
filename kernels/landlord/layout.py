"""The landlord family's raw-fact row (斗地主 3p/4p, 上海三打一), declared once (plain Python).

Kernel offsets (``kernels.landlord.rows``), Parquet columns and the facts that scoring reads
come from this list (``kernels.layout``). Fields marked 上海 stay 0 in 斗地主 hands.
"""

from __future__ import annotations

from kernels.layout import Field, RowLayout

# the values a stored row may hold (checked when a run is read back): (lo, hi), None for no
# bound, "seat" for a seat index of the run, "seats" for the run's seat count
RANGES = {
    "landlord": (-1, "seat"), "first_bidder": (-1, "seat"), "bid": (0, None), "qiang": (0, None),
    "redeals": (0, None), "winner": (-1, "seat"), "bombs_played": (0, None), "rockets_played": (0, None),
    "tianwang_played": (0, None), "n_tricks": (0, None), "n_turns": (0, None), "baodao_sets": (0, None),
    "huangfan": (0, None), "plays": (0, None), "bombs": (0, None),
}

MAX_SEATS = 4
MAX_TOKENS = 40
BAODAO = ("none", "da", "buda")  # ROW_BAODAO codes: no 报到, 打 (played out), 不打 (claimed)

PLAY = RowLayout([
    Field("landlord", "int8", "地主 seat; -1 when everybody passed and the deal had no score (OpenSpiel; 上海: an "
                              "all-pass deal of a session, the next deal is 荒番)"),
    Field("first_bidder", "int8", "seat that bid first (上海: holder of the marker card)"),
    Field("bid", "int8", "winning bid 叫分 / x1..x3 / 档数 (0: nobody bid)"),
    Field("qiang", "int8", "number of 抢地主"),
    Field("mingpai", "bool", "landlord played with his hand exposed (明牌; 上海 摊打)"),
    Field("redeals", "int8", "all-pass auctions redealt inside this row before its deal (rule all_pass = redeal; "
                             "at most 100, then the row has no landlord)"),
    Field("winner", "int8", "first player out (-1: no game)"),
    Field("landlord_won", "bool", "the landlord went out first"),
    Field("spring", "bool", "春天: the landlord went out and no farmer played a card"),
    Field("fanchun", "bool", "反春: a farmer went out and the landlord played only his opening lead"),
    Field("bombs_played", "int16", "bombs played (4+ of a rank)"),
    Field("rockets_played", "int8", "火箭 played"),
    Field("tianwang_played", "int8", "天王炸 played"),
    Field("n_tricks", "int16", "tricks, including the last one"),
    Field("n_turns", "int16", "turns (plays and passes)"),
    Field("touliao", "bool", "上海 头撂: the first bidder bid 3档"),
    Field("mingwang", "bool", "上海 明王: the marker card is a joker"),
    Field("baodao_sets", "int8", "上海 报到 sets the landlord holds with the kitty (four jokers; each rank 7+)"),
    Field("baodao", "int8", "上海 报到: none | da (打, played out) | buda (不打, claimed: a landlord win)",
          categories=BAODAO),
    Field("bomb_limit_blocks", "int16", "上海 §2.1: turns on which the bomb limit took a farmer's bombs away"),
    Field("big_bombs_played", "int8", "bombs of 7 or 8 cards played"),
    Field("huangfan", "int8", "上海 荒番: consecutive all-pass deals right before this deal (> 0: ×2, SH-1)"),
    Field("low_chains_played", "int16", "上海 chains played through A-low or 2 (A2345…, 23456…, A2…KA)"),
    Field("said", "int8", "first bid said in the auction (0 pass, -1 never asked)", per_seat=True),
    Field("plays", "int16", "plays (passes excluded)", per_seat=True),
    Field("bombs", "int8", "bomb-class plays (bombs, rocket, 天王炸)", per_seat=True),
    Field("limited_bombs", "int8", "上海 bombs counted against the seat's limit (SH-2)", per_seat=True),
    Field("bomb_limit", "int8", "上海 §2.1 bombs the seat may play (-1 unlimited)", per_seat=True),
    Field("left_bombs", "int8", "ranks the seat still held 4+ cards of at the end (bombs it kept)", per_seat=True),
    Field("left_max_bomb", "int8", "largest bomb (cards of one rank) the seat still held at the end, 0 if none",
          per_seat=True),
    Field("left_rocket", "bool", "still held 火箭 (小王 + 大王) or 天王炸 (four jokers) at the end, as the ruleset has "
                                 "them", per_seat=True),
    Field("left_beats_last", "bool", "at the end the seat held a bomb-class play that beats the hand's last play "
                                     "(within its 上海 bomb limit)", per_seat=True),
    Field("search_decisions", "int16", "decisions the seat's search player searched: plays with 2+ candidates and, "
          "with search_bids, every bid and declaration", per_seat=True),
    Field("search_agree", "int16", "of those, decisions where search chose what smart would have", per_seat=True),
    Field("search_rollouts", "int32", "rollouts the seat's search player played: candidates × worlds per searched "
          "play and, per searched bid or declaration, each answer played out in every world (none where the "
          "auction ends in a redeal or the hand ends before the tricks)", per_seat=True),
    Field("kitty", "int64", "the kitty's rank counts (kernels.cards rank index)", width=15, column=False),
    Field("dealt", "int64", "each seat's dealt rank counts, seat * 15 + rank (before the kitty)",
          width=MAX_SEATS * 15, column=False),
    Field("n_tokens", "int64", "auction and declaration tokens written", column=False),
    Field("tokens", "int64", "the auction and declarations in order (TOK_* of kernels.landlord.rows)",
          width=MAX_TOKENS, column=False),
], max_seats=MAX_SEATS, ranges=RANGES)

# ``paiju census``: what the first deal of a hand gives each seat and the kitty (before any redeal)
CENSUS = RowLayout([
    Field("bombs", "int8", "ranks 3..2 dealt 4+ times (bombs; jokers apart)", per_seat=True),
    Field("max_same", "int8", "most cards of one rank 3..2 (4+: the largest bomb's size)", per_seat=True),
    Field("small_jokers", "int8", "小王 dealt", per_seat=True),
    Field("big_jokers", "int8", "大王 dealt", per_seat=True),
    Field("twos", "int8", "2s dealt", per_seat=True),
    Field("aces", "int8", "aces dealt", per_seat=True),
    Field("run1", "int8", "longest run of consecutive ranks 3..A held at least once (顺子 needs 5)", per_seat=True),
    Field("run2", "int8", "longest run of consecutive ranks 3..A held at least twice (连对 needs 3)", per_seat=True),
    Field("run3", "int8", "longest run of consecutive ranks 3..A held at least three times (飞机 needs 2)",
          per_seat=True),
    Field("kitty_jokers", "int8", "jokers in the 底牌"),
    Field("kitty_twos", "int8", "2s in the 底牌"),
    Field("kitty_max_same", "int8", "most 底牌 cards of one rank 3..2"),
], max_seats=MAX_SEATS, ranges=RANGES)
CENSUS_SEAT = tuple(f.name for f in CENSUS.fields if f.per_seat)  # per-seat features, kernel order
