"""Bridge's headline figures as per-board values (``sim.game.Metric``), for ``paiju sweep`` (for
example the natural system's game threshold: ``--policy-param game=24`` .. ``26`` on the same
deals). Only columns every play run has: the double-dummy figures need ``dd`` runs and stay in
the report."""

from __future__ import annotations

import numpy as np

from sim.game import Metric

NAN = np.nan


def _class(c) -> np.ndarray:
    from sim.games.bridge.report_play import contract_class

    return contract_class(np.asarray(c["level"], np.int64), np.asarray(c["strain"], np.int64))


def _made(c) -> np.ndarray:
    level, tricks = np.asarray(c["level"], np.int64), np.asarray(c["tricks"], np.int64)
    return np.where((level > 0) & (tricks >= 0), (tricks >= 6 + level).astype(np.float64), NAN)


def _declaring_score(c) -> np.ndarray:
    declarer, ns = np.asarray(c["declarer"], np.int64), np.asarray(c["ns_score"], np.float64)
    return np.where(declarer < 0, NAN, np.where(declarer % 2 == 0, ns, -ns))


def metrics(n_seats: int) -> list[Metric]:
    return [
        Metric("P(passed out)", ("level",), lambda c: (np.asarray(c["level"]) <= 0).astype(np.float64)),
        Metric("P(game or slam bid)", ("level", "strain"), lambda c: (_class(c) >= 1).astype(np.float64)),
        Metric("P(slam bid)", ("level", "strain"), lambda c: (_class(c) >= 2).astype(np.float64)),
        Metric("P(contract made)", ("level", "tricks"), _made),
        Metric("E[declaring side's score]", ("declarer", "ns_score"), _declaring_score),
        Metric("E[|N-S score|]", ("ns_score",), lambda c: np.abs(np.asarray(c["ns_score"], np.float64))),
    ]
