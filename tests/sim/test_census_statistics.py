"""On 1.2M deals with a fixed seed, every census estimate with an exact value lies within 5σ of it.

The tolerance is the report's own: z = (estimate − exact) / se with se from the sample size
(and from the exact distribution where it is known), flagged beyond 5σ.
"""

from sim.reports import build_report
from analysis.runs import open_run
from sim.games.xiantao import rules as xiantao
from sim.runner import RunSpec, run_local


def test_one_million_deals_agree_with_the_exact_values(tmp_path):
    spec = RunSpec("xiantao", "census", "default", xiantao.Rules(), 20261129, 1_200_000, 400_000)
    run_local(spec, tmp_path / "c", resume=False, overwrite=False, threads=None, log=lambda _: None)
    report = build_report(open_run(tmp_path / "c"))
    checked = [s for s in report.stats() if s.z is not None]
    assert len(checked) >= 90  # P(7张), P(8张), E[7张], E[8张], P(wilds = w), P(王炸), E[points], ... per seat
    names = {s.name for s in checked}
    for needed in ("P(王炸)", "E[points]"):
        assert any(needed in n for n in names), needed
    assert report.flagged() == [], report.check_line()
