"""Pure-Python bridge: the slow, obviously-correct twin of ``kernels.bridge``.

Cards are (suit, rank) pairs turned into the same ids as the kernels (suit * 13 + rank, rank 0 = 2,
suits ♣ ♦ ♥ ♠); hands are lists of ids. Nothing here packs bits or looks up tables.
"""

from __future__ import annotations

from tests.reference.rng import Stream

SEATS = "NESW"
HCP = {12: 4, 11: 3, 10: 2, 9: 1}  # rank -> points: A K Q J
VUL_CYCLE = ["none", "ns", "ew", "both", "ns", "ew", "both", "none", "ew", "both", "none", "ns", "both", "none", "ns",
             "ew"]
# the deal's batches (kernels.bridge.deal): (first range n, number of draws)
BATCHES = [(52, 5), (47, 5), (42, 6), (36, 6), (30, 6), (24, 6), (18, 7), (11, 10)]


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


# ---------------------------------------------------------------------------------------- deal
def batch_draws(stream: Stream, x32: int, ranges: list[int]) -> list[int]:
    """Uniform draws in [0, n) for each n of ``ranges``: the digits of one Lemire draw in
    [0, prod(ranges)), redrawn from the next output's high half while rejected."""
    product = 1
    for n in ranges:
        product *= n
    while True:
        m = x32 * product  # x * P = A * 2**32 + r
        a, r = m >> 32, m & 0xFFFFFFFF
        if r >= (1 << 32) % product:
            break
        x32 = stream.next_u64() >> 32
    digits = []
    for n in reversed(ranges):  # mixed radix: the last range is the least significant digit
        digits.append(a % n)
        a //= n
    return digits[::-1]


def deal(seed: int, game_index: int) -> tuple[list[list[int]], Stream]:
    """The four hands (N, E, S, W; card ids in deal-position order) and the stream after the deal."""
    stream = Stream(seed, game_index)
    deck = list(range(52))
    x = 0
    for b, (top, size) in enumerate(BATCHES):
        if b % 2 == 0:
            x = stream.next_u64()
            x32 = x >> 32
        else:
            x32 = x & 0xFFFFFFFF
        draws = batch_draws(stream, x32, [top - k for k in range(size)])
        for k, j in enumerate(draws):
            i = top - 1 - k
            deck[i], deck[j] = deck[j], deck[i]
    return [[deck[p] for p in range(seat, 52, 4)] for seat in range(4)], stream


def mask_of(hand: list[int]) -> int:
    return sum(1 << c for c in hand)


# ---------------------------------------------------------------------------------------- hands
def suit_cards(hand: list[int], suit: int) -> list[int]:
    """Ranks held in ``suit``, highest first."""
    return sorted((rank_of(c) for c in hand if suit_of(c) == suit), reverse=True)


def hcp(hand: list[int]) -> int:
    return sum(HCP.get(rank_of(c), 0) for c in hand)


def lengths(hand: list[int]) -> list[int]:
    """Cards held in ♣, ♦, ♥, ♠."""
    return [len(suit_cards(hand, s)) for s in range(4)]


def pattern(hand: list[int]) -> str:
    return "-".join(str(n) for n in sorted(lengths(hand), reverse=True))


def controls(hand: list[int]) -> int:
    return sum(2 if rank_of(c) == 12 else 1 if rank_of(c) == 11 else 0 for c in hand)


def losers(hand: list[int]) -> int:
    """Losing-trick count: per suit, void 0; singleton: 0 with the A else 1; doubleton: 2 minus
    the A and K held; three or more: 3 minus the A, K and Q held."""
    total = 0
    for s in range(4):
        ranks = suit_cards(hand, s)
        if len(ranks) == 1:
            total += 0 if 12 in ranks else 1
        elif len(ranks) == 2:
            total += 2 - (12 in ranks) - (11 in ranks)
        elif len(ranks) >= 3:
            total += 3 - (12 in ranks) - (11 in ranks) - (10 in ranks)
    return total


def census_row(hands: list[list[int]]) -> dict:
    """The census features of a deal under the kernel's column names (pattern as its name)."""
    row = {}
    for seat, hand in enumerate(hands):
        row[f"s{seat}_hcp"] = hcp(hand)
        for s, name in enumerate("cdhs"):
            row[f"s{seat}_len_{name}"] = lengths(hand)[s]
        row[f"s{seat}_pattern"] = pattern(hand)
        row[f"s{seat}_controls"] = controls(hand)
        row[f"s{seat}_losers"] = losers(hand)
    for side, (a, b) in (("ns", (0, 2)), ("ew", (1, 3))):
        row[f"{side}_hcp"] = hcp(hands[a]) + hcp(hands[b])
        combined = [lengths(hands[a])[s] + lengths(hands[b])[s] for s in range(4)]
        best = max(combined)
        row[f"{side}_fit"] = best
        row[f"{side}_fit_suit"] = max(s for s in range(4) if combined[s] == best)
    return row


# ---------------------------------------------------------------------------------------- scoring
UNDERTRICKS = {  # (doubled, vulnerable) -> penalties of down 1, 2, 3 and each further (spec §4)
    (0, False): (50, 100, 150, 50), (0, True): (100, 200, 300, 100),
    (1, False): (100, 300, 500, 300), (1, True): (200, 500, 800, 300),
    (2, False): (200, 600, 1000, 600), (2, True): (400, 1000, 1600, 600),
}


def duplicate_score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int,
                    insult_redoubled: int = 100) -> int:
    """Declaring side's score, straight from the spec's tables."""
    need = 6 + level
    if tricks < need:
        down = need - tricks
        one, two, three, further = UNDERTRICKS[(doubled, vulnerable)]
        return -(one if down == 1 else two if down == 2 else three + further * (down - 3))
    if strain == 4:
        trick_score = 40 + 30 * (level - 1)
    else:
        trick_score = (20 if strain < 2 else 30) * level
    trick_score *= {0: 1, 1: 2, 2: 4}[doubled]
    score = trick_score
    score += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if level == 6:
        score += 750 if vulnerable else 500
    if level == 7:
        score += 1500 if vulnerable else 1000
    score += {0: 0, 1: 50, 2: insult_redoubled}[doubled]
    for _ in range(tricks - need):
        if doubled == 0:
            score += 20 if strain < 2 else 30
        else:
            score += (200 if vulnerable else 100) * doubled
    return score


def imps(difference: int) -> int:
    table = [(20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8), (370, 9), (430, 10),
             (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16), (1500, 17), (1750, 18), (2000, 19),
             (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24)]
    n = 0
    for threshold, value in table:
        if abs(difference) >= threshold:
            n = value
    return n if difference >= 0 else -n


def board_setup(board: int) -> tuple[int, str]:
    """(dealer seat, vulnerability name) of a board number."""
    return (board - 1) % 4, VUL_CYCLE[(board - 1) % 16]


def vulnerable(vul: str, seat: int) -> bool:
    return vul == "both" or (vul == "ns" and seat % 2 == 0) or (vul == "ew" and seat % 2 == 1)


# ---------------------------------------------------------------------------------------- auction
def auction_result(calls: list[tuple[int, str]]) -> tuple | None:
    """Check an auction's legality call by call and return (level, strain, doubled, declarer), or
    None when passed out. ``calls``: (seat, call) with call 'P', 'X', 'XX' or (level, strain)."""
    last = None  # (level, strain, seat)
    doubled = 0
    passes = 0
    named: dict[tuple[int, int], int] = {}
    for n, (seat, call) in enumerate(calls):
        assert not ended(last, passes, n), "call after the end of the auction"
        if call == "P":
            passes += 1
            continue
        passes = 0
        if call == "X":
            assert last is not None and last[2] % 2 != seat % 2 and doubled == 0, "illegal double"
            doubled = 1
        elif call == "XX":
            assert last is not None and last[2] % 2 == seat % 2 and doubled == 1, "illegal redouble"
            doubled = 2
        else:
            level, strain = call
            assert 1 <= level <= 7 and 0 <= strain <= 4
            assert last is None or (level, strain) > (last[0], last[1]), "insufficient bid"
            last = (level, strain, seat)
            doubled = 0
            named.setdefault((seat % 2, strain), seat)
    assert ended(last, passes, len(calls)), "auction not finished"
    if last is None:
        return None
    return last[0], last[1], doubled, named[(last[2] % 2, last[1])]


def ended(last, passes: int, n_calls: int) -> bool:
    return (last is None and passes >= 4) or (last is not None and passes >= 3)


# ---------------------------------------------------------------------------------------- play
def legal(hand: list[int], led_suit: int | None) -> list[int]:
    if led_suit is None:
        return sorted(hand)
    follow = [c for c in hand if suit_of(c) == led_suit]
    return sorted(follow) if follow else sorted(hand)


def winner(trick: list[int], trump: int) -> int:
    """Position of the winning card of a full or partial trick (trump 4 = NT)."""
    trumps = [k for k, c in enumerate(trick) if suit_of(c) == trump]
    if trumps:
        return max(trumps, key=lambda k: rank_of(trick[k]))
    led = suit_of(trick[0])
    return max((k for k, c in enumerate(trick) if suit_of(c) == led), key=lambda k: rank_of(trick[k]))


def replay_play(hands: list[list[int]], declarer: int, trump: int, sequence: list[int], step: int = 1) -> int:
    """Check a card sequence (52 cards in play order) against the rules; return declarer's tricks."""
    hands = [list(h) for h in hands]
    leader = (declarer + step) % 4
    won = 0
    for t in range(13):
        trick = []
        for k in range(4):
            seat = (leader + k * step) % 4
            card = sequence[4 * t + k]
            assert card in legal(hands[seat], suit_of(trick[0]) if trick else None), f"trick {t}: illegal {card}"
            hands[seat].remove(card)
            trick.append(card)
        leader = (leader + winner(trick, trump) * step) % 4
        won += leader % 2 == declarer % 2
    return won


def random_play(hands: list[list[int]], declarer: int, trump: int, stream: Stream, step: int = 1) -> list[int]:
    """The ``random`` policy: a uniform legal card (the k-th lowest id, k = stream.bounded(n))."""
    hands = [list(h) for h in hands]
    leader = (declarer + step) % 4
    sequence = []
    for _ in range(13):
        trick = []
        for k in range(4):
            seat = (leader + k * step) % 4
            options = legal(hands[seat], suit_of(trick[0]) if trick else None)
            card = options[stream.bounded(len(options))]
            hands[seat].remove(card)
            trick.append(card)
        sequence += trick
        leader = (leader + winner(trick, trump) * step) % 4
    return sequence


# ---------------------------------------------------------------------------------------- natural openings
def balanced(hand: list[int]) -> bool:
    return sorted(lengths(hand), reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


def natural_opening(hand: list[int]) -> str:
    """The ``natural`` system's opening call with its default parameters, e.g. '1NT', '2S', 'P'."""
    points = hcp(hand)
    n = lengths(hand)
    if balanced(hand) and 15 <= points <= 17:
        return "1NT"
    if balanced(hand) and 20 <= points <= 22:
        return "2NT"
    longest = max(range(4), key=lambda s: (n[s], s))  # ties: the higher suit
    two_longest = sorted(n, reverse=True)[:2]
    if points >= 12 or (points >= 10 and points + sum(two_longest) >= 20):
        if n[longest] >= 5:
            return f"1{'CDHS'[longest]}"
        return "1D" if n[1] > n[0] or n[0] == n[1] == 4 else "1C"
    if n[longest] == 6 and 6 <= points <= 10:
        return f"2{'CDHS'[longest]}"
    if n[longest] >= 7 and 5 <= points <= 10:
        return f"{4 if n[longest] >= 8 and longest >= 2 else 3}{'CDHS'[longest]}"
    return "P"


# ---------------------------------------------------------------------------------------- greedy play
def _beats(card: int, best: int, trump: int) -> bool:
    if suit_of(card) == suit_of(best):
        return card > best
    return suit_of(card) == trump


def _discard(hand: list[int], trump: int) -> int:
    """Lowest card of the longest side suit (ties: the higher suit); the lowest card if only trumps."""
    side = [s for s in range(4) if s != trump and any(suit_of(c) == s for c in hand)]
    if not side:
        return min(hand)
    longest = max(side, key=lambda s: (sum(suit_of(c) == s for c in hand), s))
    return min(c for c in hand if suit_of(c) == longest)


def greedy_card(seat: int, hands: list[list[int]], played: set[int], trick: list[int], declarer: int, trump: int,
                step: int, dummy_seen: bool) -> int:
    """The ``greedy`` policy's card, rule by rule as ``kernels.bridge.cardplay`` documents it."""
    hand = hands[seat]
    dummy = declarer ^ 2
    ours = set(hand)
    if seat in (declarer, dummy):
        ours |= set(hands[declarer]) | set(hands[dummy])
    others = set(range(52)) - ours - played

    def master(card: int) -> bool:
        return not any(suit_of(c) == suit_of(card) and c > card for c in others)

    def in_suit(cards, s):
        return sorted(c for c in cards if suit_of(c) == s)

    partner = hands[seat ^ 2]
    declaring = seat in (declarer, dummy)

    def cheapest_top(cards):  # the cheapest card equal to the top one (cards played between count)
        top = cards[-1]
        r = top - 1
        while r >= 13 * suit_of(top):
            if r in cards:
                top = r
            elif r not in played:
                break
            r -= 1
        return top

    def sequence_or_low(cards):
        top = cheapest_top(cards)
        return top if top != cards[-1] else cards[0]

    def tenace(cards):  # AQ with the K out -> the Q
        top = cheapest_top(cards)
        below = [c for c in cards if c < top]
        if not master(top) or not below:
            return None
        gap = [c for c in others if suit_of(c) == suit_of(top) and below[-1] < c < top]
        return cheapest_top(below) if len(gap) == 1 else None

    def declarer_discard():
        losers = []
        for s in range(4):
            mine, his = in_suit(hand, s), in_suit(partner, s)
            if s != trump and mine and not master(mine[-1]) and not (his and master(his[-1])):
                losers.append((len(mine) + len(his), s, mine[0]))
        return min(losers)[2] if losers else _discard(hand, trump)

    if not trick:
        if declaring:
            if trump < 4:
                mine, his = in_suit(hand, trump), in_suit(partner, trump)
                if his and len(his) < len(mine):  # ruff a loser in the short trump hand
                    voids = [in_suit(hand, s)[0] for s in range(4) if s != trump and in_suit(hand, s)
                             and not in_suit(partner, s) and not master(in_suit(hand, s)[0])]
                    if voids:
                        return min(voids, key=lambda c: (rank_of(c), suit_of(c)))
                theirs = in_suit(others, trump)
                if mine and theirs and theirs[0] < max(mine + his):
                    return mine[-1] if master(mine[-1]) else sequence_or_low(mine)
            best, best_n = None, 0
            for s in range(4):
                cards = in_suit(hand, s)
                if cards and master(cards[-1]) and len(cards) > best_n:
                    best, best_n = cards[-1], len(cards)
            if best is not None:
                return best
            best, best_key = None, -1
            for s in range(4):
                mine, his = in_suit(hand, s), in_suit(partner, s)
                if s == trump or not mine:
                    continue
                key, card = len(mine) + len(his), sequence_or_low(mine)
                if his and rank_of(his[-1]) >= 9 and his[-1] > mine[-1] and not master(his[-1]):
                    key, card = key + 26, mine[0]  # low toward partner's honour
                if key > best_key:
                    best, best_key = card, key
            return best if best is not None else _discard(hand, trump)
        for s in range(4):
            cards = in_suit(hand, s)
            if cards and s != trump and master(cards[-1]):
                return cards[-1]
        for s in range(3, -1, -1):
            cards = in_suit(hand, s)
            if cards and s != trump:
                top = cards[-1]
                if rank_of(top) >= 9 and top - 1 in hand:
                    return top
        side = [s for s in range(4) if s != trump and in_suit(hand, s)]
        if not side:
            return min(hand)
        cards = in_suit(hand, max(side, key=lambda s: (len(in_suit(hand, s)), s)))
        return cards[-1] if len(cards) <= 2 else cards[0] if len(cards) == 3 else cards[-4]
    k = len(trick)
    led = suit_of(trick[0])
    w = winner(trick, trump)
    best = trick[w]
    partner_wins = k >= 2 and w == k - 2
    safe = True
    if k == 2:
        if (seat + step) % 4 == dummy and dummy_seen:
            safe = not any(_beats(c, best, trump) for c in legal(hands[dummy], led))
        else:
            safe = suit_of(best) == trump or master(best)
    follow = in_suit(hand, led)
    partner_beats = declaring and dummy_seen and any(c > best for c in in_suit(partner, led))
    if follow:
        if k == 1:
            if partner_beats:
                return follow[0]
            cover = [c for c in follow if rank_of(trick[0]) >= 9 and c > best and rank_of(c) >= 9]
            return cover[0] if cover else follow[0]
        if partner_wins and safe:
            return follow[0]
        if k == 2:
            card = tenace(follow) if declaring else None
            if card is not None and _beats(card, best, trump):
                return card
            top = cheapest_top(follow)
            if _beats(top, best, trump):
                return top
        if suit_of(best) == led:
            win = [c for c in follow if c > best]
            if win:
                return win[0]
        return follow[0]
    if (partner_wins and safe) or (k == 1 and partner_beats):
        return declarer_discard() if declaring else _discard(hand, trump)
    if trump < 4:
        trumps = [c for c in in_suit(hand, trump) if suit_of(best) != trump or c > best]
        if trumps:
            return trumps[0]
    return declarer_discard() if declaring else _discard(hand, trump)


def greedy_play(hands: list[list[int]], declarer: int, trump: int, step: int = 1) -> list[int]:
    """All four seats play ``greedy`` (dummy by declarer): the card sequence."""
    hands = [list(h) for h in hands]
    leader = (declarer + step) % 4
    played: set[int] = set()
    sequence = []
    for t in range(13):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k * step) % 4
            card = greedy_card(seat, hands, played, trick, declarer, trump, step, t > 0 or k > 0)
            assert card in legal(hands[seat], suit_of(trick[0]) if trick else None)
            hands[seat].remove(card)
            played.add(card)
            trick.append(card)
        sequence += trick
        leader = (leader + winner(trick, trump) * step) % 4
    return sequence
