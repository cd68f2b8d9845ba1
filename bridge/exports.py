"""The rulings' spreadsheet: one row per ruling, what was typed and what it
comes to (scorepads.exports streams it)."""

from __future__ import annotations

from bridge.selectors import ruling_facts, ruling_row
from scorepads.exports import CsvExport

HEADER = ["ruling", "date", "event", "board", "calculation", "vulnerability", "inputs", "result", "note"]


def rows(ruling):
    row = ruling_row(ruling)
    facts = ruling_facts(ruling)
    typed = "; ".join(f"{label}: {text}" for label, text in facts if label != "Vulnerability")
    vulnerability = next((text for label, text in facts if label == "Vulnerability"), ruling.vulnerability)
    yield [
        ruling.pk, ruling.date, ruling.event, ruling.board, row.heading, vulnerability, typed, row.summary,
        ruling.note,
    ]


CSV_EXPORT = CsvExport(stem="bridge-rulings", header=HEADER, rows=rows)
