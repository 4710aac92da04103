"""A report's figures as data (``--format csv|json``): the numbers of its tables, unrounded, for a
spreadsheet or a script to take without scraping the text.

CSV has one row per statistic (its section first, then every field of the statistic: estimate,
interval, exact value, z, n, and the scenario or setting where the report has one). JSON has the
report's title, summary, check line and sections (title, notes, statistics). Rows are those the
table shows (``paiju report --seats`` adds the per-seat rows). Not-a-number is empty in CSV and
``null`` in JSON; an infinite value (hands needed to tell two equal scenarios apart) is "inf".
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
from typing import Any

DATA_FORMATS = ("csv", "json")


def _value(x: Any) -> Any:
    if isinstance(x, float):
        if math.isnan(x):
            return None
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
    return x


def stat_record(stat) -> dict[str, Any]:
    """Every field of a ``Stat`` (or a subclass: scenario, setting, SD…), JSON-safe."""
    return {f.name: _value(getattr(stat, f.name)) for f in dataclasses.fields(stat)}


def records(report) -> list[dict[str, Any]]:
    """One dict per statistic on display, with its section's title first."""
    return [{"section": sec.title, **stat_record(s)} for sec in report.display_sections() for s in sec.stats]


def to_json(report) -> str:
    data = {
        "title": report.title,
        "summary": list(report.summary),
        "check": report.check_line(),
        "sections": [{"title": sec.title, "notes": list(sec.notes), "stats": [stat_record(s) for s in sec.stats]}
                     for sec in report.display_sections()],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def to_csv(report) -> str:
    rows = records(report)
    fields: list[str] = []
    for row in rows:
        fields += [k for k in row if k not in fields]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields or ["section"], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def render_data(report, fmt: str) -> str:
    """The report as ``csv`` or ``json`` text."""
    return to_csv(report) if fmt == "csv" else to_json(report)
