"""Reference turn loop of 仙桃千分 (spec §8, §9): a validating re-run of one hand.

``XiantaoHand`` is the hand state, stepped one action at a time with ``act``; ``replay`` runs a
whole action list through it and returns the result dict. Every illegal step raises
``RuleViolation``. Pattern, comparison, call-card and scoring rules come from
``tests.reference.xiantao_rules``.

Conventions (all of them are asserted by tests/reference_tests/test_xiantao_rules.py):

* Seats 0..3; turn order is counter-clockwise = seat + 1 (mod 4), over ACTIVE players only
  (those still holding cards). First lead: 庄家 in call mode, 硬牌家 in hard mode.
* An action is ``(seat, kind, rank, size, wilds, suit, cards)``; PASS is ``(seat, 0, -1, 0, 0,
  -1, ())``. A play's key must be one of ``classify(cards)`` and must beat the trick's top (any
  pattern on a lead). A lead cannot be a PASS.
* ``pass_locks_trick`` False (X-Q8): a player who passed may play again when his turn comes back.
  True: a player who passed is locked out until the trick ends — he gets no more turns in that
  trick (no PASS actions are expected from him) and counts as having passed.
* A trick ends when every active player other than the last player has passed since the last
  play (or is locked); if the last player has gone out that is every active player. The last
  player wins the trick: he takes its points (captured) and leads next.
* 接风 (§8.4): if the trick winner is out, the lead goes (partnership public) to his partner, or
  if the partner is out too (X-Q9) to the next active seat after the winner; (not public) to the
  next active seat after the winner, skipping 庄家 if ``banker_no_jiefeng``.
  ``n_jiefeng`` counts those passed-on leads. (Under the X-Q10 hand-end rule the X-Q9 branch
  cannot happen in call mode: winner and partner both out means 双杀 or three players out, and
  the hand has already ended; it is kept for completeness.)
* 明鸡: the partner plays the call card's other copy (alone or inside any play); 庄家's own copy
  reveals nothing. ``mingji_trick`` is the 0-based index of the trick in which it happened, -1
  if never (also -1 when the partnership is public from the start, see ``public_from_start``).
* End of hand (X-Q10): call mode — after 二游 if 一游/二游 are partners (双杀), else after the
  third player out; hard mode — after the first player out. Points on the table then go to the
  player whose play ended the hand, and that cut-short trick counts in ``n_tricks``
  (``n_tricks`` = completed tricks + the final one).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from kernels.climb.moves import PASS
from tests.reference.xiantao_rules import (
    N_CARDS,
    N_SEATS,
    PASS_KEY,
    call_pool,
    classify,
    beats,
    eligible_call_card,
    hand_points,
    is_bomb_class,
    ladder_level,
    legal_plays,
    other_copy,
    partner_of,
    partnership_public_at_start,
    points,
    rule,
    score_call_mode,
    score_hard_mode,
    xi_bonus,
)


class RuleViolation(Exception):
    """An action (or an action list) that the rules do not allow."""


class XiantaoHand:
    """State of one hand being played. Create, then call ``act`` per action; ``result()`` at the
    end. ``to_act`` is the seat expected to act next (None once the hand has ended)."""

    def __init__(self, deal: Sequence[Sequence[int]], banker: int, mode: str = "call",
                 hard_seat: int | None = None, call_card: int | None = None,
                 partner: int | None = None, rules: Mapping | None = None):
        self.rules = rules
        self.deal = [list(h) for h in deal]
        self._check_deal()
        if banker not in range(N_SEATS):
            raise RuleViolation(f"bad banker seat {banker}")
        self.banker = banker
        self.mode = mode
        self.hands = [list(h) for h in deal]
        self.public = False
        self.public_from_start = False
        if mode == "call":
            self._setup_call(call_card, partner)
            leader = banker
        elif mode == "hard":
            if hard_seat not in range(N_SEATS):
                raise RuleViolation(f"bad hard_seat {hard_seat}")
            self.hard_seat = hard_seat
            self.call_card = self.partner = None
            self.team_of = [0 if s == hard_seat else 1 for s in range(N_SEATS)]
            self.public = True  # 1 vs 3 is known to all; no 接风 can happen anyway
            leader = hard_seat
        else:
            raise RuleViolation(f"unknown mode {mode!r}")
        self.to_act: int | None = leader
        self.top = None  # key of the current top play, None while a lead is due
        self.top_seat: int | None = None
        self.trick_points = 0
        self.passed: set = set()  # seats that passed since the last play
        self.locked: set = set()  # pass_locks_trick: seats out of this trick
        self.finish_order: list = []
        self.captured = [0] * N_SEATS
        self.ended = False
        self.n_tricks = 0
        self.n_jiefeng = 0
        self.mingji_trick = -1
        self.bombs_by_level: dict = {}
        self.plays: list = []  # (seat, key, cards) of every non-pass action

    # ---- setup -------------------------------------------------------------------------

    def _check_deal(self) -> None:
        size = rule(self.rules, "hand_size")
        if len(self.deal) != N_SEATS or any(len(h) != size for h in self.deal):
            raise RuleViolation(f"a deal is {N_SEATS} hands of {size} cards")
        flat = [c for h in self.deal for c in h]
        if len(set(flat)) != len(flat) or any(not 0 <= c < N_CARDS for c in flat):
            raise RuleViolation("deal has repeated or unknown card ids")

    def _setup_call(self, call_card, partner) -> None:
        banker_hand = self.deal[self.banker]
        if call_card not in banker_hand:
            raise RuleViolation("the call card must come from the banker's hand")
        if rule(self.rules, "call_card_rule") == "daguong_opposite":
            if call_card not in call_pool(banker_hand, self.rules):
                raise RuleViolation("配牌/BJ/SJ cannot be called")
        elif not eligible_call_card(call_card, banker_hand, self.rules):
            raise RuleViolation("call card is not eligible (§5.2)")
        expected = partner_of(call_card, self.deal, self.banker, self.rules)
        if partner != expected:
            raise RuleViolation(f"partner is seat {expected}, not {partner}")
        self.call_card, self.partner = call_card, partner
        self.team_of = [0 if s in (self.banker, partner) else 1 for s in range(N_SEATS)]
        self.public = self.public_from_start = partnership_public_at_start(
            call_card, self.deal, self.banker, self.rules)

    # ---- queries ---------------------------------------------------------------------

    def active(self, seat: int) -> bool:
        return len(self.hands[seat]) > 0

    def next_active(self, seat: int, skip: set = frozenset()) -> int:
        """First active seat after ``seat`` counter-clockwise, not in ``skip``."""
        for step in range(1, N_SEATS + 1):
            s = (seat + step) % N_SEATS
            if self.active(s) and s not in skip:
                return s
        raise AssertionError("no active seat")

    def teammate(self, seat: int) -> int:
        return next(s for s in range(N_SEATS) if s != seat and self.team_of[s] == self.team_of[seat])

    def legal_plays(self) -> dict:
        """key → example cards for the seat to act (see ``xiantao_rules.legal_plays``)."""
        return legal_plays(self.hands[self.to_act], self.top, self.rules)

    def _trick_over(self) -> bool:
        if self.top is None:
            return False
        others = [s for s in range(N_SEATS) if self.active(s) and s != self.top_seat]
        return all(s in self.passed or s in self.locked for s in others)

    def _hand_over(self) -> bool:
        fo = self.finish_order
        if self.mode == "hard":
            return len(fo) >= 1
        if len(fo) == 2 and self.team_of[fo[0]] == self.team_of[fo[1]]:
            return True
        return len(fo) >= 3

    # ---- stepping ----------------------------------------------------------------------

    def act(self, seat: int, key, cards=()) -> None:
        """Apply one action; raise RuleViolation if it is illegal."""
        if self.ended:
            raise RuleViolation("the hand has already ended")
        if seat != self.to_act:
            raise RuleViolation(f"seat {seat} acted, seat {self.to_act} was to act")
        key, cards = tuple(key), tuple(cards)
        if key[0] == PASS:
            self._pass(seat, key, cards)
        else:
            self._play(seat, key, cards)

    def _pass(self, seat, key, cards) -> None:
        if key != PASS_KEY or cards:
            raise RuleViolation(f"malformed pass {key} {cards}")
        if self.top is None:
            raise RuleViolation("cannot pass on a lead")
        self.passed.add(seat)
        if rule(self.rules, "pass_locks_trick"):
            self.locked.add(seat)
        self._advance(seat)

    def _play(self, seat, key, cards) -> None:
        hand = self.hands[seat]
        if not cards or len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise RuleViolation(f"seat {seat} does not hold {cards}")
        if key not in classify(cards, self.rules):
            raise RuleViolation(f"{cards} is not {key} (it is {classify(cards, self.rules)})")
        if not beats(key, self.top, self.rules):
            raise RuleViolation(f"{key} does not beat {self.top}")
        for c in cards:
            hand.remove(c)
        self.trick_points += sum(points(c) for c in cards)
        self.top, self.top_seat = key, seat
        self.passed = set()
        self.plays.append((seat, key, cards))
        if is_bomb_class(key):
            level = ladder_level(key)
            self.bombs_by_level[level] = self.bombs_by_level.get(level, 0) + 1
        if (self.mode == "call" and not self.public and seat == self.partner
                and other_copy(self.call_card) in cards):
            self.public = True
            self.mingji_trick = self.n_tricks
        if not hand:
            self.finish_order.append(seat)
            if self._hand_over():
                self.captured[seat] += self.trick_points  # table points to the finisher
                self.trick_points = 0
                self.n_tricks += 1
                self.ended = True
                self.to_act = None
                return
        self._advance(seat)

    def _advance(self, seat) -> None:
        if self._trick_over():
            self._end_trick()
        else:
            self.to_act = self.next_active(seat, skip=self.locked)

    def _end_trick(self) -> None:
        winner = self.top_seat
        self.captured[winner] += self.trick_points
        self.n_tricks += 1
        self.top, self.top_seat, self.trick_points = None, None, 0
        self.passed, self.locked = set(), set()
        if self.active(winner):
            self.to_act = winner
            return
        self.n_jiefeng += 1
        if self.public:
            mate = self.teammate(winner)
            self.to_act = mate if self.active(mate) else self.next_active(winner)
        else:
            nxt = self.next_active(winner)
            if rule(self.rules, "banker_no_jiefeng") and nxt == self.banker:
                nxt = self.next_active(self.banker)
            self.to_act = nxt

    # ---- result ------------------------------------------------------------------------

    def result(self) -> dict:
        """Result dict of an ended hand (see ``replay``)."""
        if not self.ended:
            raise RuleViolation("the hand has not ended")
        finish = [0] * N_SEATS
        for place, s in enumerate(self.finish_order, start=1):
            finish[s] = place
        unplayed = [hand_points(h) for h in self.hands]
        xi = xi_bonus(self.deal, self.rules, played=self.plays)
        if self.mode == "call":
            score = score_call_mode(self.finish_order, self.team_of, self.captured, unplayed, self.rules, xi)
        else:
            score = score_hard_mode(self.hard_seat, self.finish_order, self.rules, xi)
        return {
            "finish": finish,
            "finish_order": list(self.finish_order),
            "captured": list(self.captured),
            "unplayed": unplayed,
            "team_of": list(self.team_of),
            "n_tricks": self.n_tricks,
            "n_jiefeng": self.n_jiefeng,
            "mingji_trick": self.mingji_trick,
            "public_from_start": self.public_from_start,
            "bombs_by_level": dict(self.bombs_by_level),
            **score,
        }


def replay(deal, banker, mode, hard_seat, call_card, partner, actions, rules: Mapping | None = None) -> dict:
    """Validate and re-run one hand; return its result dict or raise RuleViolation.

    deal: 4 lists of card ids in deal order (``hand_size`` each; a smaller ``hand_size`` than 27
    is accepted for hand-built test deals, point totals then sum to the points dealt).
    mode 'call' (``call_card`` = the banker's copy, ``partner`` must equal ``partner_of``) or
    'hard' (``hard_seat`` leads; call_card/partner ignored).
    actions: ``(seat, kind, rank, size, wilds, suit, cards)`` tuples; the hand must end exactly
    with the last action.

    Result keys: finish (per seat place 1.., 0 = still holding cards), finish_order, captured,
    unplayed (points left in hand), team_of, case ('A'/'B'/'C', None in hard mode),
    team_w_total, team_l_total (None in hard mode), team_w, team_l, winner_team (set of seats),
    grade ('da_qing'/'xiao_qing'/'normal'/'hard'), multiplier, tie_100, grade_money, xi, money
    (= grade_money + xi, per seat, float), n_tricks, n_jiefeng, mingji_trick,
    public_from_start, bombs_by_level ({ladder level: count} over BOMB/王炸/五十K plays).
    """
    hand = XiantaoHand(deal, banker, mode, hard_seat, call_card, partner, rules)
    for i, action in enumerate(actions):
        if len(action) != 7:
            raise RuleViolation(f"action {i} is not (seat, kind, rank, size, wilds, suit, cards)")
        seat, *key, cards = action
        try:
            hand.act(seat, tuple(key), tuple(cards))
        except RuleViolation as e:
            raise RuleViolation(f"action {i} {action}: {e}") from None
    if not hand.ended:
        raise RuleViolation("actions ran out before the hand ended")
    return hand.result()
