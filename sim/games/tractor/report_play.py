"""The play report of 八十分 runs — the family's statistics (``sim.games.trick.report_play``)
plus 八十分's own: the level change of §9, the declaration (反主, pairs, the kitty turned) and whole matches.

Rows are hands. With ``matches = true`` (the default) a game index is one match: its length
(``match_hands``, read on its first row) and its winner (``match_winner`` on its last row) are the
match's facts, so match statistics have the *match* as the unit — every match counts once
whatever its length (no length bias). A match cut at the kernel's hand limit is counted apart.
With ``matches = false`` a game index is one hand and sessions cut matches short: there is no
unbiased match length to report, and the section says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from analysis.columns import num
from analysis.estimators import MomentsTable, from_moments
from analysis.report import Section
from analysis.runs import Run
from sim.games.trick.report_play import Extension, PlayReportSpec, play_report as family_play_report

RESULT_LABELS = {0: "庄 team +shutout levels (P <= 0)", 1: "庄 team +small levels", 2: "庄 team +mid levels",
                 3: "opponents take the deal, no level (回到原级)", 4: "opponents take the deal and go up"}
HEADLINE = ("P(庄 team keeps the deal)", "E[P]", "P(扣底)", "throw success rate", "E[hands per match]",
            "E[money | banker]", "E[money | opponent]")
EXT_COLS = ("match_hand", "match_hands", "match_over", "match_winner", "banker_team", "level_up", "keeps",
            "declarations", "declared_with", "first_declarer", "level")


@dataclass
class _State:
    matches: bool
    t: MomentsTable = field(default_factory=MomentsTable)
    first_team: dict[int, int] = field(default_factory=dict)  # match → 庄 team of its first hand


def _fold(st: _State, b, d) -> None:
    t = st.t
    up = num(b, "level_up").astype(np.int64)
    keeps = num(b, "keeps").astype(bool)
    for k in (1, 2, 3):
        t.add(f"switch up {k}", (up[~keeps] >= k) if k == 3 else (up[~keeps] == k))
    t.add("levels per hand", up)
    decl = d["declarer"].astype(np.int64)
    first = num(b, "first_declarer").astype(np.int64)
    t.add("nobody declared", decl < 0)
    t.add("declared pair", num(b, "declared_with")[decl >= 0] == 2)
    t.add("override", (decl >= 0) & (first >= 0) & (decl % 2 != first % 2))
    t.add("declarer team banker", (decl % 2 == num(b, "banker_team"))[decl >= 0])
    t.add("level", num(b, "level"))
    if not st.matches:
        return
    gi = d["game_index"].astype(np.int64)
    hand = num(b, "match_hand").astype(np.int64)
    over = num(b, "match_over").astype(bool)
    starts = hand == 0
    t.add("match hands", num(b, "match_hands")[starts])
    t.add("started", starts)
    for L in (8, 12, 16, 24):
        t.add(f"match le {L}", num(b, "match_hands")[starts] <= L)
    team = num(b, "banker_team").astype(np.int64)
    for g, tm in zip(gi[starts].tolist(), team[starts].tolist()):
        st.first_team[g] = tm
    winner = num(b, "match_winner").astype(np.int64)
    ends = over & (winner >= 0)
    t.add("ended", ends)
    won_first = [st.first_team.pop(g) == w for g, w in zip(gi[ends].tolist(), winner[ends].tolist())]
    t.add("first 庄 team wins", np.array(won_first, bool))


def _sections(st: _State) -> list[Section]:
    tm = st.t.moments
    P = lambda name, key, **kw: from_moments(name, tm.get(key), True, **kw)  # noqa: E731
    E = lambda name, key, **kw: from_moments(name, tm.get(key), False, **kw)  # noqa: E731
    levels = Section("Level change (§9) and the declaration (§4)", notes=[
        "反主: the declaration that stood came from the other team than the first one shown"])
    levels.stats = [E("E[levels gained per hand]", "levels per hand"), E("E[level rank played]", "level")]
    levels.stats += [P(f"P(opponents go up {k}{'+' if k == 3 else ''} | switch)", f"switch up {k}") for k in (1, 2, 3)]
    levels.stats += [P("P(nobody declared: the kitty sets the trump, TR-2)", "nobody declared"),
                     P("P(the declaration that stood is a pair | declared)", "declared pair"),
                     P("P(反主 by the other team)", "override"),
                     P("P(the declarer's team is the 庄 team | declared)", "declarer team banker")]
    out = [levels]
    matches = Section("Whole matches (from both teams at '2' until one passes A)")
    if st.matches:
        started, ended = tm.get("started"), tm.get("ended")
        n_start = int(started.total) if started else 0
        n_end = int(ended.total) if ended else 0
        matches.notes = [f"one game index = one match; {n_start:,} matches, {n_end:,} won by a team passing A"
                         + (f", {n_start - n_end:,} cut at the hand limit" if n_start != n_end else "")
                         + "; the match is the unit (every match counts once: no length bias)"]
        matches.stats = [E("E[hands per match]", "match hands")]
        matches.stats += [P(f"P(match over within {L} hands)", f"match le {L}") for L in (8, 12, 16, 24)]
        matches.stats.append(P("P(the team that is 庄 in the first hand wins the match)", "first 庄 team wins"))
    else:
        matches.notes = ["matches = false: a game index is one hand and sessions cut matches short, so no unbiased "
                         "match length exists in this run; play with matches = true (the default) for match "
                         "statistics"]
    out.append(matches)
    return out


def _quality(q, b, d, money) -> None:
    """八十分's own decisions: declaring with a single level card or a pair, and overriding an
    earlier declaration (反主, TR-1); the decider is the seat whose declaration stood."""
    declarer = d["declarer"].astype(np.int64)
    with_ = num(b, "declared_with").astype(np.int64)
    is_decl = np.arange(4)[None, :] == declarer[:, None]  # -1: nobody declared, no seat
    q.decision("declared with a single level card", is_decl & (with_ == 1)[:, None], money)
    q.decision("declared with a pair", is_decl & (with_ == 2)[:, None], money)
    q.decision("overrode an earlier declaration (反主)",
               is_decl & (declarer != num(b, "first_declarer").astype(np.int64))[:, None], money)


def _exact(run: Run) -> dict:
    from sim.games.tractor.exact import deal_exact

    return deal_exact(run.ruleset.get("no_declaration", "flip_kitty"))


def _summary(run: Run) -> list[str]:
    r = run.ruleset
    unit = "rows are hands; a game index is a whole match" if r.get("matches", True) else \
        (f"a game index is one hand, {(run.manifest.get('options') or {}).get('hands_per_session', 1)} per session "
         "(sessions cut matches short: no unbiased match length in this run)")
    return [unit, f"level table: shutout +{r.get('levels.shutout')}, small +{r.get('levels.small')} (P < "
                  f"{r.get('levels.small_below')}), mid +{r.get('levels.mid')}, threshold {r.get('levels.threshold')}, "
                  f"step {r.get('levels.step')} · kitty {r.get('kitty_multiplier')} · stake {r.get('stake_per_level')}"
                  " per level"]


def play_spec(run: Run) -> PlayReportSpec:
    matches = bool(run.ruleset.get("matches", True))
    ext = Extension(EXT_COLS, lambda r: _State(matches), _fold, _sections, _quality)
    return PlayReportSpec(
        title="八十分 play", total_points=200, win="keeps", win_text="庄 team keeps the deal", outcome="result",
        outcome_labels=RESULT_LABELS,
        p_buckets=((5, 35), (40, 75), (80, 95), (100, 115), (120, 155), (160, None)),
        trump_edges=(9, 11, 13, 15, 17), seat_features=("pairs", "points_held", "jokers", "trumps"),
        exact=_exact, dist={"jokers": range(5)}, headline=HEADLINE, extension=ext, summary=_summary)


def play_report(run: Run, **kwargs):
    return family_play_report(run, play_spec(run), **kwargs)
