"""The working of a ruling, laid out like the reference's tables: what the
calculator's page, the saved ruling and its PDF all show (pure, no Django).

:func:`working` turns a calculation's result into :class:`Working`: tables of
written figures (the frequency table with the weighted rows, each outcome's
matchpoints or IMPs, ...), the sums written out, and the final figures for
both sides. Templates only present it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .calculator import INPUTS, VULNERABILITIES, Calculation
from .scoring import (
    Figure,
    SeriousError,
    SeriousErrorImps,
    SeriousErrorMatchpoints,
    SeriousErrorRule,
    Side,
    SplitImps,
    SplitMatchpoints,
    WeightedImps,
    WeightedMatchpoints,
    display,
    format_outcomes,
    format_readings,
    format_score,
    format_weight,
)

MINUS = "\u2212"


def written(value, places: int = 1, *, signed: bool = False) -> str:
    """A figure as the working writes it: to one decimal (``places``, without
    trailing zeros: 19.4, 11.64), with a true minus sign."""
    text = display(value, places, signed=signed)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace("-", MINUS)


def bracketed(value) -> str:
    """A figure as a term after a minus sign: ``(−10)``, ``16``."""
    text = written(value, signed=False)
    return f"({text})" if value < 0 else text


def score(value: int) -> str:
    return format_score(value).replace("-", MINUS)


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    marked: bool = False  # a row of the adjusted table (or a total)


@dataclass(frozen=True)
class Table:
    caption: str
    head: tuple[str, ...]
    rows: tuple[Row, ...]
    foot: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Final:
    """One side's figure: ``who`` (NS, EW, the NS team ...) gets ``figure`` ``unit``."""

    who: str
    figure: str
    unit: str
    how: str = ""


@dataclass(frozen=True)
class Outcome:
    """A final figure for one form of the event (a VP match, a knock-out)."""

    label: str
    finals: tuple[Final, ...]


@dataclass(frozen=True)
class Working:
    calculation: Calculation
    tables: tuple[Table, ...]
    lines: tuple[str, ...]  # the sums, written out
    results: tuple[Outcome, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def summary(self) -> str:
        """The final figures on one line, for lists: ``NS 13.8 MP · EW 10.2 MP``."""
        return " · ".join(
            f"{final.who} {final.figure}{' ' + final.unit if final.unit else ''}" for final in self.results[0].finals
        )


def _weighted_sum(parts: list[tuple[Figure, Figure, Figure]], total: Figure, places: int = 2) -> str:
    """``60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8``: (weight, figure, part) each."""
    terms = " + ".join(f"{format_weight(weight)} × {written(figure)}" for weight, figure, _ in parts)
    if len(parts) == 1:
        return f"{terms} = {written(total)}"
    products = " + ".join(written(part, places) for _, _, part in parts).replace("+ " + MINUS, MINUS + " ")
    return f"{terms} = {products} = {written(total)}"


def _pairs_weighted(result: WeightedMatchpoints) -> tuple[tuple[Table, ...], tuple[str, ...], tuple[Outcome, ...]]:
    frequency = Table(
        caption=f"The frequency table with the weighted outcomes (the count starts at {result.start})",
        head=("NS score", "Tables", "Weighted", "Frequency", "NS MP", "EW MP"),
        rows=tuple(
            Row(
                (
                    score(row.score),
                    str(row.tables),
                    written(row.weighted, 2) if row.weighted else "",
                    written(row.frequency, 2),
                    written(row.ns, 2),
                    written(row.ew, 2),
                ),
                marked=bool(row.weighted),
            )
            for row in result.frequency_table
        ),
        note=f"Top {result.top} over {result.tables} tables. Each row scores the running count less its "
        f"frequency; the count falls by the frequency again below the row and ends at {result.end}.",
    )
    outcomes = Table(
        caption="The adjusted table's outcomes",
        head=("NS score", "Weight", "NS MP", "NS part", "EW MP", "EW part"),
        rows=tuple(
            Row(
                (
                    score(outcome.score),
                    format_weight(outcome.weight),
                    written(outcome.ns, 2),
                    written(outcome.ns_part, 2),
                    written(outcome.ew, 2),
                    written(outcome.ew_part, 2),
                )
            )
            for outcome in result.outcomes
        ),
        foot=("Weighted sum", "", "", written(result.ns), "", written(result.ew)),
    )
    scores_seen: dict[int, list] = {}
    for table in result.other_tables:
        scores_seen.setdefault(table.score, []).append(table)
    others = Table(
        caption="The other tables, matchpointed again",
        head=("NS score", "Tables", "NS MP", "EW MP"),
        rows=tuple(
            Row((score(value), str(len(tables)), written(tables[0].ns, 2), written(tables[0].ew, 2)))
            for value, tables in sorted(scores_seen.items(), reverse=True)
        ),
    )
    lines = (
        "NS: " + _weighted_sum([(o.weight, o.ns, o.ns_part) for o in result.outcomes], result.ns) + " MP",
        "EW: " + _weighted_sum([(o.weight, o.ew, o.ew_part) for o in result.outcomes], result.ew) + " MP",
    )
    finals = (Final("NS", written(result.ns), "MP"), Final("EW", written(result.ew), "MP"))
    return (frequency, outcomes, others), lines, (Outcome(f"Top {result.top}", finals),)


def _imp_rows(result: WeightedImps, caption: str) -> Table:
    return Table(
        caption=caption,
        head=("This room (NS)", "Other room", "Difference", "IMPs", "Weight", "Weighted"),
        rows=tuple(
            Row(
                (
                    score(row.this_room),
                    score(row.other_room),
                    score(row.difference),
                    written(row.imps, signed=True),
                    format_weight(row.weight),
                    written(row.part, signed=True),
                )
            )
            for row in result.rows
        ),
        foot=("Weighted sum", "", "", "", "", written(result.ns, signed=True)),
        note="The other room's column is the same team's score there: the NS score at the other table, "
        "with its sign turned.",
    )


def _teams_weighted(result: WeightedImps):
    table = _imp_rows(result, "Each outcome IMPed against the other room")
    line = "NS team: " + _weighted_sum([(row.weight, Figure(row.imps), row.part) for row in result.rows], result.ns, 1)
    finals = (
        Final("NS team", written(result.ns, signed=True), "IMP"),
        Final("EW team", written(result.ew, signed=True), "IMP"),
    )
    return (table,), (line + " IMP",), (Outcome("The board", finals),)


def _pairs_split(result: SplitMatchpoints):
    table = Table(
        caption="Each side matchpointed among its own side's scores",
        head=("Table", "NS score", "EW score", "NS MP", "EW MP"),
        rows=tuple(
            Row(
                (
                    "This table" if index == 0 else str(index + 1),
                    score(row.ns_score),
                    score(row.ew_score),
                    str(row.ns),
                    str(row.ew),
                ),
                marked=index == 0,
            )
            for index, row in enumerate(result.rows)
        ),
        note=f"Top {result.top}. The EW score is written from EW's side; "
        "a table that was not adjusted has EW's score balancing NS's.",
    )
    adjusted = result.rows[0]
    line = (
        f"This table: NS {adjusted.ns} + EW {adjusted.ew} = {adjusted.ns + adjusted.ew} MP "
        f"(a balanced board's two sides make {result.top})"
    )
    finals = (Final("NS", str(adjusted.ns), "MP"), Final("EW", str(adjusted.ew), "MP"))
    return (table,), (line,), (Outcome(f"Top {result.top}", finals),)


def _teams_split(result: SplitImps):
    table = Table(
        caption="Each team's board calculated on its own",
        head=("Team", "This room", "Other room", "Difference", "IMPs"),
        rows=tuple(
            Row((team, score(board.this_room), score(board.other_room), score(board.difference), written(board.imps, signed=True)))
            for team, board in (("NS team", result.ns_team), ("EW team", result.ew_team))
        ),
        note="Each team's scores are from its own side: in this room its assigned score, "
        "in the other room its team-mates' score.",
    )
    knockout = result.knockout
    lines = (
        f"Knock-out (Law 86B): ({written(knockout.ns_team_score)} − "
        f"{bracketed(knockout.ew_team_score)}) / 2 = {written(knockout.exact, 2, signed=True)}"
        f" → {written(knockout.ns_team, signed=True)} IMP to the NS team",
    )
    results = (
        Outcome(
            "VP match: each team keeps its own IMPs",
            (
                Final("NS team", written(result.ns_team.imps, signed=True), "IMP"),
                Final("EW team", written(result.ew_team.imps, signed=True), "IMP"),
            ),
        ),
        Outcome(
            "Knock-out match: both get the average",
            (
                Final("NS team", written(knockout.ns_team, signed=True), "IMP"),
                Final("EW team", written(knockout.ew_team, signed=True), "IMP"),
            ),
        ),
    )
    return (table,), lines, results


SCORE_LINES = (
    ("normal", "Normal", "without the infraction; the offending side gets it when the score is adjusted"),
    ("expected", "Expected", "what the non-offending side should have reached, without its own error"),
    ("table", "Table", "what happened"),
)


def _serious_error(result: SeriousError, unit: str, signed: bool):
    lines_table = Table(
        caption="The three scores (NS figures)",
        head=("Score", "NS score(s)", unit, "Written"),
        rows=tuple(
            Row(
                (
                    label,
                    score(line.outcomes[0].score) if len(line.outcomes) == 1 else format_outcomes(line.outcomes).replace("-", MINUS),
                    written(line.exact, 2, signed=signed),
                    written(line.written, signed=signed),
                )
            )
            for name, label, _ in SCORE_LINES
            for line in (getattr(result, name),)
        ),
        note="Normal: " + SCORE_LINES[0][2] + ". Expected: " + SCORE_LINES[1][2] + ". Table: " + SCORE_LINES[2][2] + ".",
    )
    tables = [lines_table]
    for name, label, _ in SCORE_LINES:
        line = getattr(result, name)
        if len(line.outcomes) > 1 and isinstance(line.working, WeightedImps):
            tables.append(_imp_rows(line.working, f"The {label.lower()} score, weighted"))
        elif len(line.outcomes) > 1:
            tables.append(
                Table(
                    caption=f"The {label.lower()} score, weighted",
                    head=("NS score", "Weight", "NS MP", "NS part"),
                    rows=tuple(
                        Row((score(o.score), format_weight(o.weight), written(o.ns, 2), written(o.ns_part, 2)))
                        for o in line.working.outcomes
                    ),
                    foot=("Weighted sum", "", "", written(line.working.ns)),
                )
            )
    return tables


def _damage_lines(result: SeriousError, mirror: str, signed: bool) -> tuple[str, ...]:
    """The consequent damage and each side's figure, written out from the non-offenders' side."""
    w = lambda value: written(value, signed=signed)  # noqa: E731
    non_offenders = result.non_offenders
    normal, expected, table = result.normal.written, result.expected.written, result.table.written
    if non_offenders is Side.NS:
        seen = (w(normal), w(expected), w(table))
    else:
        seen = tuple(w(_mirrored(value, mirror)) for value in (normal, expected, table))
    own = result.ns if non_offenders is Side.NS else result.ew
    other = result.ew if non_offenders is Side.NS else result.ns
    # The offending side's figure; in pairs EW's is the top less NS's.
    given = normal if result.damaged else table
    offending = f"{mirror} − {bracketed(given)} = {w(other)}" if mirror != "imps" and result.offenders is Side.EW else w(other)
    rule = result.rule
    if rule is SeriousErrorRule.TABLE_STANDS:
        return (
            f"No damage to {non_offenders}: table {seen[2]} is at least normal {seen[0]}",
            f"{non_offenders} (non-offending): the table score, {w(own)}",
            f"{result.offenders} (offending): the table score, {offending}",
        )
    if rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE:
        return (
            f"Consequent damage: {seen[0]} − ({seen[1]}) is no damage to {non_offenders}: "
            "the normal score is no better for them than the expected one, so the table score stands for both sides.",
        )
    if rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE:
        damage = (
            f"Consequent damage to {non_offenders}: table {seen[2]} is at least expected {seen[1]}, "
            f"so all of it: normal {seen[0]} − table ({seen[2]}) = {written(result.consequent_damage)}"
        )
    else:
        damage = f"Consequent damage to {non_offenders}: normal {seen[0]} − expected ({seen[1]}) = {written(result.consequent_damage)}"
    return (
        damage,
        f"{non_offenders} (non-offending): table {seen[2]} + damage {written(result.consequent_damage)} = {w(own)}",
        f"{result.offenders} (offending): the normal score, {offending}",
    )


def _mirrored(value: Figure, mirror: str) -> Figure:
    if mirror == "imps":
        return Figure(-value)
    return Figure(int(mirror) - value)


def _pairs_serious_error(result: SeriousErrorMatchpoints):
    tables = _serious_error(result, "NS MP", signed=False)
    lines = _damage_lines(result, str(result.top), signed=False)
    finals = (Final("NS", written(result.ns), "MP"), Final("EW", written(result.ew), "MP"))
    return tuple(tables), lines, (Outcome(f"Top {result.top}", finals),)


def _teams_serious_error(result: SeriousErrorImps):
    tables = _serious_error(result, "NS IMPs", signed=True)
    lines = _damage_lines(result, "imps", signed=True) + (
        f"Knock-out (Law 86B): ({written(result.ns)} − {bracketed(result.ew)}) / 2 = "
        f"{written(result.knockout.exact, 2, signed=True)} → {written(result.knockout.ns_team, signed=True)} IMP "
        "to the NS team",
    )
    results = (
        Outcome(
            "The board",
            (Final("NS team", written(result.ns, signed=True), "IMP"), Final("EW team", written(result.ew, signed=True), "IMP")),
        ),
        Outcome(
            "VP match: whole IMPs",
            (
                Final("NS team", written(result.vp[0], signed=True), "IMP"),
                Final("EW team", written(result.vp[1], signed=True), "IMP"),
            ),
        ),
        Outcome(
            "Knock-out match: both get the average",
            (
                Final("NS team", written(result.knockout.ns_team, signed=True), "IMP"),
                Final("EW team", written(result.knockout.ew_team, signed=True), "IMP"),
            ),
        ),
    )
    return tuple(tables), lines, results


def working(calculation: Calculation, result) -> Working:
    """The working of ``result``, a result of ``calculation``."""
    if isinstance(result, WeightedMatchpoints):
        laid_out = _pairs_weighted(result)
    elif isinstance(result, WeightedImps):
        laid_out = _teams_weighted(result)
    elif isinstance(result, SplitMatchpoints):
        laid_out = _pairs_split(result)
    elif isinstance(result, SplitImps):
        laid_out = _teams_split(result)
    elif isinstance(result, SeriousErrorMatchpoints):
        laid_out = _pairs_serious_error(result)
    elif isinstance(result, SeriousErrorImps):
        laid_out = _teams_serious_error(result)
    else:  # pragma: no cover - every calculation's result is one of the above
        raise TypeError(f"no working for {type(result).__name__}")
    tables, lines, results = laid_out
    return Working(calculation=calculation, tables=tables, lines=lines, results=results, notes=_notes(result))


def _notes(result) -> tuple[str, ...]:
    """What the working says in words besides its sums: the rule a serious-error
    ruling applied, and the weights read as the simple fractions they round."""
    rule: tuple[str, ...] = ()
    weighted: list = []
    if isinstance(result, SeriousError):
        rule = (str(result.rule),)
        weighted = [*result.normal.outcomes, *result.expected.outcomes]
    elif isinstance(result, WeightedMatchpoints):
        weighted = list(result.outcomes)
    elif isinstance(result, WeightedImps):
        weighted = list(result.rows)
    readings = format_readings(weighted)
    return rule + ((readings,) if readings else ())


def facts(calculation: Calculation, inputs: dict[str, str], vulnerability: str) -> list[tuple[str, str]]:
    """What was typed for a ruling, as (label, text) rows: each input, then the vulnerability."""
    rows = [(INPUTS[name].label, inputs.get(name, "")) for name in calculation.inputs]
    return rows + [("Vulnerability", dict(VULNERABILITIES).get(vulnerability, vulnerability))]
