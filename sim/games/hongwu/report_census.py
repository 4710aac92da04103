"""The census report of 仙居红五 runs: holdings against exact values (the ♥5 copies of a 39-card
hand among them), through the family's census report (``sim.games.trick.report_census``)."""

from __future__ import annotations

from analysis.runs import Run


def census_report(run: Run, **kwargs):
    from sim.games.hongwu.columns import CENSUS_FEATURES
    from sim.games.hongwu.exact import census_exact
    from sim.games.trick.report_census import census_report as family_census_report

    exact = census_exact(run.ruleset.get("census_trump", "declared"))
    return family_census_report(run, "仙居红五 census (39 cards of 162)", CENSUS_FEATURES, exact,
                                {"hearts5": range(4), "jokers": range(7), "triples": range(4)},
                                ("E[trumps]", "E[pairs]", "E[triples]", "E[hearts5]", "P(hearts5 = 0)",
                                 "P(hearts5 = 1)", "P(hearts5 = 2)", "P(hearts5 = 3)"),
                                ["exact: hypergeometric and per-kind enumeration over the 162-card pack "
                                 "(trumps only for a fixed census_trump)"], **kwargs)
