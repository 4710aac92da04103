"""``--duplicate`` plays one deal from every seat; ``--hands-per-session`` starts each session
afresh and carries state from hand to hand within it."""

from __future__ import annotations

import numpy as np
import pytest

from sim.errors import PaijuError
from tests.contract import cases as C

DUPLICATE = [c for c in C.play_cases(all_variants=False) if C.game(c[0]).duplicate]
SESSIONS = [c for c in C.play_cases(all_variants=False) if C.game(c[0]).sessions]
HPS = 4
INDEX = ("game_index", "session", "deal_index", "rotation")


def _seats(game, variant):
    g = C.game(game)
    from sim.api import resolve_rules

    return g.seats(resolve_rules(g, variant))


def _rotating_features(table, n_seats):
    """Per-seat features whose values turn with the rotation: at rotation r, seat k shows what
    seat (k + r) showed at rotation 0 in the same deal (the dealt hand's features)."""
    names = table.column_names
    features = sorted({c.split("_", 1)[1] for c in names if c[0] == "s" and c.split("_", 1)[0][1:].isdigit()})
    features = [f for f in features if all(f"s{k}_{f}" in names for k in range(n_seats))]
    first = np.r_[True, np.diff(table.column("game_index").to_numpy()) != 0]
    table = table.filter(first)  # a game index that is a match: its first hand holds the deal
    rot = table.column("rotation").to_numpy()
    deal = table.column("deal_index").to_numpy()
    out = []
    for f in features:
        v = np.array([table.column(f"s{k}_{f}").to_pylist() for k in range(n_seats)], dtype=object).T
        base = {d: v[i] for i, d in enumerate(deal) if rot[i] == 0}
        if all(np.array_equal(v[i], np.roll(base[deal[i]], -rot[i])) for i in range(len(deal))) \
                and any(len(set(map(str, base[d]))) > 1 for d in base):
            out.append(f)
    return out


@pytest.mark.parametrize("game,variant", DUPLICATE, ids=C.ids(DUPLICATE))
def test_duplicate_turns_one_deal_round_the_seats(game, variant):
    seats = _seats(game, variant)
    table = C.table(game, variant, "play", n=3 * seats, duplicate=True)
    g = table.column("game_index").to_numpy()
    assert np.array_equal(table.column("deal_index").to_numpy(), g // seats)
    assert np.array_equal(table.column("rotation").to_numpy(), g % seats)
    rotating = _rotating_features(table, seats)
    assert rotating, "no per-seat column turns with the rotation: the seats do not get the same deal"


# ``Game`` does not declare what its sessions carry; where the default rules and players carry
# nothing visible in a few sessions, these options make them carry something:
CARRIES_ONLY_WITH = {
    "guanpai": {"rules": {"next_lead": "winner"}},  # default next_lead = lead_card: nothing passes on
    # 荒番 passes on after an all-pass deal, which smart bidders never make in a few deals
    "shanghai": {"policy": "greedy", "policy_params": ["bid1=99", "bid2=99", "bid3=99"]},
}


def _strip(row):
    return {k: v for k, v in row.items() if k != "session"}


@pytest.mark.parametrize("game", [g for g, _ in SESSIONS])
def test_sessions_start_afresh_and_carry_state(game):
    """In every variant that accepts sessions, the first hand of a session is the hand played
    alone; in at least one variant a later hand differs (what a session carries: a banker, a
    leader, a stacked 荒番 — some only under a variant's rules, or rarely)."""
    n, carried, accepted = 8 * HPS, [], []
    for variant in C.game(game).variants:
        try:
            sessions = C.table(game, variant, "play", n=n, hands_per_session=HPS)
        except PaijuError:  # e.g. a variant whose game index is already a whole match
            continue
        accepted.append(variant)
        single = C.table(game, variant, "play", n=n)
        assert np.array_equal(sessions.column("session").to_numpy(),
                              sessions.column("game_index").to_numpy() // HPS)
        rows, alone = sessions.to_pylist(), single.to_pylist()
        assert len(rows) == len(alone) == n, "a session run writes one row per hand"
        for i in range(0, n, HPS):
            assert _strip(rows[i]) == _strip(alone[i]), f"{variant}: hand {i} opens a session but differs"
        if any(_strip(rows[i]) != _strip(alone[i]) for i in range(n) if i % HPS):
            carried.append(variant)
    assert accepted, "no variant accepts --hands-per-session"
    if not carried and game in CARRIES_ONLY_WITH:  # what carries needs other options than the defaults
        extra = CARRIES_ONLY_WITH[game]
        with_sessions = C.table(game, accepted[0], "play", n=n, hands_per_session=HPS, **extra).to_pylist()
        alone = C.table(game, accepted[0], "play", n=n, **extra).to_pylist()
        if any(_strip(a) != _strip(b) for a, b in zip(with_sessions, alone)):
            carried.append(f"{accepted[0]} with {extra}")
    assert carried, f"no hand of {n} in {', '.join(accepted)} carries anything from the last"
