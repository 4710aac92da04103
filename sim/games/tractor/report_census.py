"""The census report of 八十分 runs: holdings against exact values, through the family's census
report (``sim.games.trick.report_census``)."""

from __future__ import annotations

from analysis.runs import Run


def census_report(run: Run, **kwargs):
    from sim.games.trick.report_census import census_report as family_census_report
    from sim.games.tractor.columns import CENSUS_FEATURES
    from sim.games.tractor.exact import census_exact

    exact = census_exact(run.ruleset.get("census_trump", "declared"))
    return family_census_report(run, "八十分 census (25 cards at level '2')", CENSUS_FEATURES, exact,
                                {"jokers": range(5), "pairs": range(8)},
                                ("E[trumps]", "E[pairs]", "E[tractors]", "E[points]", "P(jokers = 2)"),
                                ["exact: hypergeometric and per-kind enumeration over the 108-card pack "
                                 "(trumps only for a fixed census_trump)"], **kwargs)
