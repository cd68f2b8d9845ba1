"""The working of a ruling, laid out like the reference's tables: what the
calculator's page, the saved ruling and its PDF all show (pure, no Django).

:func:`working` turns a calculation's result into :class:`Working`: the Law
applied, the final figures for both sides, and sections of tables of written
figures and :class:`Line` s of working. Templates only present it.

One rounding rule holds for the whole sheet (RULES.md, "The sheet adds up as
written"): a pairs sheet writes its figures to two decimals, a teams sheet to
one, and every figure is worked out from the figures as written, so every line
adds up by hand exactly as it is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepads.names import isolate  # imports no Django

from .calculator import INPUTS, VULNERABILITIES, Calculation, Law
from .figures import IMP_PLACES, MATCHPOINT_PLACES, rounded
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
LONG_TABLE_ROWS = 15  # a table of more rows may break across pages


def written(value, places: int = 1, *, signed: bool = False) -> str:
    """A figure as the working writes it: to ``places`` decimals, without
    trailing zeros (19.4, 11.64), with a true minus sign."""
    text = display(value, places, signed=signed)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace("-", MINUS)


def bracketed(value, places: int = 1) -> str:
    """A figure as a term after a minus sign: ``(−10)``, ``16``."""
    text = written(value, places)
    return f"({text})" if value < 0 else text


def score(value: int) -> str:
    return format_score(value).replace("-", MINUS)


def added(figures, places: int) -> str:
    """Figures written as a sum: ``11.64 + 2.16``, ``−5 − 5.3``, ``−2 + 1.3``."""
    text = ""
    for index, figure in enumerate(figures):
        if index == 0:
            text = written(figure, places)
        elif figure < 0:
            text += f" {MINUS} {written(-figure, places)}"
        else:
            text += f" + {written(figure, places)}"
    return text


@dataclass(frozen=True)
class Line:
    """A line of working: ``label: step = step → step unit note``.

    Each step is written from the figures shown on the sheet; ``relations`` says
    how each step follows the one before it: ``"="``, worked out (a product is
    written to the sheet's ``places``, a sum or a difference is exact), or
    ``"→"``, rounded to fewer places, as the reference writes −14.3 → −14, or,
    in pairs, a sum beyond 0..top kept within it: ``12.01 → the top, 12``
    (:data:`TOP_STEP`, :data:`LEAST_STEP`).
    Words in a step name its figures (``normal 19 − expected 14``).
    """

    label: str
    steps: tuple[str, ...]
    relations: tuple[str, ...] = ()
    unit: str = ""
    note: str = ""
    places: int = 1

    @property
    def working(self) -> str:
        text = self.steps[0]
        for relation, step in zip(self.relations, self.steps[1:]):
            text += f" {relation} {step}"
        return text

    @property
    def parts(self) -> tuple[tuple[str, str], ...]:
        """(relation, step) each, the first with no relation: a page keeps a step on one line."""
        return tuple(zip(("", *self.relations), self.steps))

    @property
    def text(self) -> str:
        return " ".join(part for part in (f"{self.label}: {self.working}", self.unit, self.note) if part)


def equation(label: str, *steps: str, unit: str = "", note: str = "", places: int = 1) -> Line:
    """A line whose steps each equal the one before."""
    return Line(label, steps, ("=",) * (len(steps) - 1), unit, note, places)


@dataclass(frozen=True)
class Row:
    cells: tuple[str, ...]
    marked: bool = False  # a row of the adjusted table (or a total)


@dataclass(frozen=True)
class Table:
    caption: str
    head: tuple[str, ...]
    rows: tuple[Row, ...]
    foot: tuple[str, ...] = ()  # each figure in it is the sum of its column, as written
    note: str = ""

    @property
    def long(self) -> bool:
        """Too long to be moved whole to the next page: printed, it runs on
        from where it starts, its head again on each page."""
        return len(self.rows) > LONG_TABLE_ROWS


@dataclass(frozen=True)
class Section:
    """A part of the working: its tables, then its lines, then what they show."""

    title: str
    tables: tuple[Table, ...] = ()
    lines: tuple[Line, ...] = ()
    notes: tuple[str, ...] = ()
    intro: str = ""  # what the section does, in a sentence


@dataclass(frozen=True)
class Final:
    """One side's figure: ``who`` (NS, EW, the NS team ...) gets ``figure`` ``unit``;
    in pairs, ``share`` is the figure as a percentage of the top, ``of`` it."""

    who: str
    figure: str
    unit: str
    of: str = ""
    share: str = ""

    @property
    def percentage(self) -> str:
        """``13.8 of 24 = 57.5 %``."""
        return f"{self.figure} of {self.of} = {self.share} %" if self.share else ""


@dataclass(frozen=True)
class Outcome:
    """A final figure for one form of the event (a VP match, a knock-out)."""

    label: str
    finals: tuple[Final, ...]


@dataclass(frozen=True)
class Working:
    calculation: Calculation
    sections: tuple[Section, ...]
    results: tuple[Outcome, ...]
    places: int
    verdict: str = ""  # what the ruling comes to, in words (a table result standing)
    laws: tuple[Law, ...] = field(default=())
    # What the working says in words besides its sums: the rule a serious-error
    # ruling applied, the weights read as simple fractions; shown with the verdict.
    notes: tuple[str, ...] = ()

    @property
    def tables(self) -> tuple[Table, ...]:
        return tuple(table for section in self.sections for table in section.tables)

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for section in self.sections for line in section.lines)

    @property
    def summary(self) -> str:
        """The final figures on one line, for lists: ``NS 13.8 MP · EW 10.2 MP``."""
        return " · ".join(
            f"{final.who} {final.figure}{' ' + final.unit if final.unit else ''}" for final in self.results[0].finals
        )


def percentage(figure: Figure, top: int) -> Figure:
    """A pairs figure as a percentage of the top, worked out from the figure as
    written and written to two decimals: 13.8 of 24 = 57.5 %."""
    if top == 0:
        return Figure(0)
    return rounded(Figure(rounded(figure, MATCHPOINT_PLACES)) * 100 / top, MATCHPOINT_PLACES)


def pairs_final(who: str, figure: Figure, top: int) -> Final:
    return Final(
        who,
        written(figure, MATCHPOINT_PLACES),
        "MP",
        of=str(top),
        share=written(percentage(figure, top), MATCHPOINT_PLACES),
    )


def teams_final(who: str, figure: Figure) -> Final:
    return Final(who, written(figure, IMP_PLACES, signed=True), "IMP")


# A pairs sum of written parts beyond 0..top is written at the top (or 0), as a
# step of its own (RULES.md decision 25): the step's words name the bound.
TOP_STEP = "the top, {top}"
LEAST_STEP = "the least, 0"
WITHIN_TOP = "(no side scores more than the top, nor less than 0)"


def weighted_line(label: str, parts, total: Figure, places: int, unit: str, *, top: int | None = None) -> Line:
    """``60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8``: ``parts`` are (weight,
    figure as written, part as written) each; ``total`` is their sum, or in pairs
    (``top`` given) their sum kept within 0..top, which the line shows as a last
    step: ``… = 12.01 → the top, 12``."""
    products = " + ".join(f"{format_weight(weight)} × {written(figure, places)}" for weight, figure, _ in parts)
    total_of_parts = summed(part for _, _, part in parts)
    steps = [products]
    if len(parts) > 1:
        steps.append(added([part for _, _, part in parts], places))
    steps.append(written(total_of_parts, places))
    relations = ["="] * (len(steps) - 1)
    if total_of_parts == total:
        return Line(label, tuple(steps), tuple(relations), unit, "", places)
    if top is None or total not in (0, top):  # a sum is only ever kept within the top
        raise ValueError(f"{label}: {total_of_parts} written as {total}")
    steps.append(TOP_STEP.format(top=top) if total == top else LEAST_STEP)
    relations.append("→")
    return Line(label, tuple(steps), tuple(relations), unit, WITHIN_TOP, places)


# --- Pairs, weighted ------------------------------------------------------------

P = MATCHPOINT_PLACES


def summed(parts) -> Figure:
    """Written parts added up, as a table's foot writes them (before any bound)."""
    return Figure(sum(parts, Figure(0)))


def _frequency_rows(rows, marked_scores, *, weighted: bool) -> tuple[Row, ...]:
    return tuple(
        Row(
            (score(row.score),)
            + ((str(row.tables), written(row.weighted, P) if row.weighted else "") if weighted else ())
            + (written(row.frequency, P), written(row.written_ns, P), written(row.written_ew, P)),
            marked=row.score in marked_scores if not weighted else bool(row.weighted),
        )
        for row in rows
    )


def _pairs_weighted(result: WeightedMatchpoints):
    first = Section(
        "First method: each outcome alone",
        intro="The board is matchpointed once for each outcome, as if it alone had happened; "
        "each outcome's matchpoints are weighted, and the parts added up are the score.",
        tables=tuple(
            Table(
                caption=f"{score(scenario.outcome.score)} ({format_weight(scenario.outcome.weight)}) alone",
                head=("NS score", "Frequency", "NS MP", "EW MP"),
                rows=_frequency_rows(scenario.frequency_table, {scenario.outcome.score}, weighted=False),
            )
            for scenario in result.scenarios
        ),
        lines=(
            weighted_line(
                "NS",
                [(s.outcome.weight, s.outcome.written_ns, s.outcome.written_ns_part) for s in result.scenarios],
                result.written_ns,
                P,
                "MP",
                top=result.top,
            ),
            weighted_line(
                "EW",
                [(s.outcome.weight, s.outcome.written_ew, s.outcome.written_ew_part) for s in result.scenarios],
                result.written_ew,
                P,
                "MP",
                top=result.top,
            ),
        ),
    )
    frequency = Table(
        caption=f"The frequency table with the weighted outcomes (the count starts at {result.start})",
        head=("NS score", "Tables", "Weight", "Freq.", "NS MP", "EW MP"),
        rows=_frequency_rows(result.frequency_table, (), weighted=True),
        note=f"Top {result.top} over {result.tables} tables. Each row scores the running count less its "
        f"frequency; the count falls by the frequency again below the row and ends at {written(result.end)}.",
    )
    outcomes = Table(
        caption="The adjusted table's outcomes in the frequency table",
        head=("NS score", "Weight", "NS MP", "NS part", "EW MP", "EW part"),
        rows=tuple(
            Row(
                (
                    score(outcome.score),
                    format_weight(outcome.weight),
                    written(outcome.written_ns, P),
                    written(outcome.written_ns_part, P),
                    written(outcome.written_ew, P),
                    written(outcome.written_ew_part, P),
                )
            )
            for outcome in result.outcomes
        ),
        foot=(
            "Weighted sum",
            "",
            "",
            written(summed(o.written_ns_part for o in result.outcomes), P),
            "",
            written(summed(o.written_ew_part for o in result.outcomes), P),
        ),
    )
    british_notes: tuple[str, ...] = ()
    if (result.british_ns, result.british_ew) != (result.written_ns, result.written_ew):
        british_notes = (
            "Both methods give the same exact score; written to two decimals, their parts round differently "
            "here. The score is the first method's.",
        )
    british = Section(
        "Second method: the British table",
        intro="The outcomes join the frequency table with their weights; each is matchpointed there, "
        "and so is every other table.",
        tables=(frequency, outcomes),
        lines=(
            weighted_line(
                "NS", [(o.weight, o.written_ns, o.written_ns_part) for o in result.outcomes], result.british_ns, P, "MP", top=result.top
            ),
            weighted_line(
                "EW", [(o.weight, o.written_ew, o.written_ew_part) for o in result.outcomes], result.british_ew, P, "MP", top=result.top
            ),
        ),
        notes=british_notes,
    )
    sections = [first, british]
    verdict = ""
    other_tables = result.other_tables
    others_caption = "The other tables, matchpointed again in the British table"
    if result.table_result is not None and result.offenders is not None:  # given both or neither
        table = result.table_result
        non_offenders = result.offenders.other
        weighted_figure = result.written_ns if non_offenders is Side.NS else result.written_ew
        table_figure = table.ns if non_offenders is Side.NS else table.ew
        if result.stands:
            verdict = (
                f"No damage to {non_offenders}: the weighted score, {written(weighted_figure, P)} MP, is no better "
                f"for them than the table result's {table_figure} MP. Score stands: NS {table.ns} MP, EW {table.ew} MP."
            )
            other_tables = table.other_tables
            others_caption = "The other tables, with the table result"
        else:
            verdict = (
                f"{non_offenders} were damaged: the weighted score, {written(weighted_figure, P)} MP, is better "
                f"for them than the table result's {table_figure} MP, and replaces it."
            )
        sections.append(
            Section(
                "The table result",
                tables=(
                    Table(
                        caption="What happened at the table, matchpointed against the other tables",
                        head=("NS score", "NS MP", "EW MP"),
                        rows=(Row((score(table.score), str(table.ns), str(table.ew)), marked=True),),
                    ),
                ),
            )
        )
    scores_seen: dict[int, list] = {}
    for other in other_tables:
        scores_seen.setdefault(other.score, []).append(other)
    sections.append(
        Section(
            others_caption,
            tables=(
                Table(
                    caption="Each other table's matchpoints now",
                    head=("NS score", "Tables", "NS MP", "EW MP"),
                    rows=tuple(
                        Row(
                            (
                                score(value),
                                str(len(tables)),
                                written(tables[0].ns, P),
                                written(result.top - rounded(tables[0].ns, P), P),
                            )
                        )
                        for value, tables in sorted(scores_seen.items(), reverse=True)
                    ),
                ),
            ),
        )
    )
    ns, ew = result.awarded
    label = f"Top {result.top}" + (": the table result stands" if result.stands else "")
    finals = (pairs_final("NS", ns, result.top), pairs_final("EW", ew, result.top))
    return tuple(sections), (Outcome(label, finals),), verdict


# --- Teams, weighted ---------------------------------------------------------------

T = IMP_PLACES


def _imp_rows(result: WeightedImps, caption: str) -> Table:
    return Table(
        caption=caption,
        head=("This room (NS)", "Other room", "Diff.", "IMPs", "Weight", "Part"),
        rows=tuple(
            Row(
                (
                    score(row.this_room),
                    score(row.other_room),
                    score(row.difference),
                    written(row.imps, T, signed=True),
                    format_weight(row.weight),
                    written(row.written_part, T, signed=True),
                )
            )
            for row in result.rows
        ),
        foot=("Weighted sum", "", "", "", "", written(result.written, T, signed=True)),
        note="The other room's column is the same team's score there: the NS score at the other table, "
        "with its sign turned.",
    )


def _imp_line(label: str, result: WeightedImps, unit: str = "IMP") -> Line:
    return weighted_line(label, [(row.weight, row.imps, row.written_part) for row in result.rows], result.written, T, unit)


def _teams_weighted(result: WeightedImps):
    sections = [
        Section(
            "Each outcome IMPed against the other room, then weighted",
            tables=(_imp_rows(result, "The outcomes in this room"),),
            lines=(_imp_line("NS team", result),),
        )
    ]
    verdict = ""
    if result.table_result is not None and result.offenders is not None:  # given both or neither
        table = result.table_result
        non_offenders = result.offenders.other
        sign = 1 if non_offenders is Side.NS else -1
        weighted_figure, table_figure = sign * result.written, sign * table.imps
        if result.stands:
            verdict = (
                f"No damage to the {non_offenders} team: the weighted score, {written(weighted_figure, T, signed=True)} "
                f"IMP, is no better for them than the table result's {written(table_figure, T, signed=True)} IMP. "
                f"Score stands: NS team {written(table.imps, T, signed=True)} IMP, "
                f"EW team {written(-table.imps, T, signed=True)} IMP."
            )
        else:
            verdict = (
                f"The {non_offenders} team was damaged: the weighted score, {written(weighted_figure, T, signed=True)} "
                f"IMP, is better for them than the table result's {written(table_figure, T, signed=True)} IMP, "
                "and replaces it."
            )
        sections.append(
            Section(
                "The table result",
                tables=(
                    Table(
                        caption="What happened in this room, IMPed against the other room",
                        head=("This room (NS)", "Other room", "Diff.", "IMPs"),
                        rows=(
                            Row(
                                (
                                    score(table.this_room),
                                    score(table.other_room),
                                    score(table.difference),
                                    written(table.imps, T, signed=True),
                                ),
                                marked=True,
                            ),
                        ),
                    ),
                ),
            )
        )
    ns, ew = result.awarded
    label = "The board" + (": the table result stands" if result.stands else "")
    return tuple(sections), (Outcome(label, (teams_final("NS team", ns), teams_final("EW team", ew))),), verdict


# --- Split scores --------------------------------------------------------------------


def _pairs_split(result: SplitMatchpoints):
    # The other tables were typed as a frequency list, which numbers no table:
    # they are written as the reference's frequency tables are, each score with
    # its frequency, best first, after this table's row.
    adjusted, *others = result.rows
    frequencies: dict[tuple, int] = {}
    for row in others:
        key = (row.ns_score, row.ew_score, row.ns, row.ew)
        frequencies[key] = frequencies.get(key, 0) + 1
    table = Table(
        caption="Each side matchpointed among its own side's scores: this table first (marked), "
        "then the other tables' scores with their frequencies",
        head=("NS score", "EW score", "Freq.", "NS MP", "EW MP"),
        rows=(
            Row((score(adjusted.ns_score), score(adjusted.ew_score), "1", str(adjusted.ns), str(adjusted.ew)), marked=True),
            *(
                Row((score(ns_score), score(ew_score), str(count), str(ns), str(ew)))
                for (ns_score, ew_score, ns, ew), count in sorted(frequencies.items(), key=lambda item: -item[0][0])
            ),
        ),
        note=f"Top {result.top}. The EW score is written from EW's side; "
        "a table that was not adjusted has EW's score balancing NS's.",
    )
    line = equation(
        "This table",
        f"NS {adjusted.ns} + EW {adjusted.ew}",
        str(adjusted.ns + adjusted.ew),
        unit="MP",
        note=f"(a balanced board's two sides make {result.top})",
        places=0,
    )
    finals = (pairs_final("NS", Figure(adjusted.ns), result.top), pairs_final("EW", Figure(adjusted.ew), result.top))
    return (Section("The split score", tables=(table,), lines=(line,)),), (Outcome(f"Top {result.top}", finals),), ""


def knockout_line(ns_team: Figure, ew_team: Figure, exact: Figure, average: Figure) -> Line:
    """``(−14.3 − 0) / 2 = −7.15 → −7.1 IMP to the NS team`` (Law 86B)."""
    steps = [f"({written(ns_team, T)} {MINUS} {bracketed(ew_team, T)}) / 2", written(exact, 2)]
    relations = ["="]
    if exact != average:
        steps.append(written(average, T))
        relations.append("→")
    return Line("Knock-out (Law 86B)", tuple(steps), tuple(relations), "IMP", "to the NS team", T)


def _teams_split(result: SplitImps):
    table = Table(
        caption="Each team's board calculated on its own",
        head=("Team", "This room", "Other room", "Difference", "IMPs"),
        rows=tuple(
            Row((team, score(board.this_room), score(board.other_room), score(board.difference), written(board.imps, T, signed=True)))
            for team, board in (("NS team", result.ns_team), ("EW team", result.ew_team))
        ),
        note="Each team's scores are from its own side: in this room its assigned score, "
        "in the other room its team-mates' score.",
    )
    knockout = result.knockout
    lines = (knockout_line(knockout.ns_team_score, knockout.ew_team_score, knockout.exact, knockout.ns_team),)
    results = (
        Outcome(
            "VP match: each team keeps its own IMPs",
            (teams_final("NS team", Figure(result.ns_team.imps)), teams_final("EW team", Figure(result.ew_team.imps))),
        ),
        Outcome(
            "Knock-out match: both get the average",
            (teams_final("NS team", knockout.ns_team), teams_final("EW team", knockout.ew_team)),
        ),
    )
    return (Section("The split score", tables=(table,), lines=lines),), results, ""


# --- Serious error -------------------------------------------------------------------

SCORE_LINES = (
    ("normal", "Normal", "without the infraction; the offending side gets it whenever the table score is below it for the non-offending side"),
    ("expected", "Expected", "what the non-offending side should have reached, without its own error"),
    ("table", "Table", "what happened"),
)


def _serious_error(result: SeriousError, unit: str, places: int, signed: bool) -> list[Section]:
    scores_table = Table(
        caption="Each score's figure for NS",
        head=("Score", "NS score(s)", unit),
        rows=tuple(
            Row(
                (
                    label,
                    score(line.outcomes[0].score) if len(line.outcomes) == 1 else format_outcomes(line.outcomes).replace("-", MINUS),
                    written(line.written, places, signed=signed),
                )
            )
            for name, label, _ in SCORE_LINES
            for line in (getattr(result, name),)
        ),
        note="Normal: " + SCORE_LINES[0][2] + ". Expected: " + SCORE_LINES[1][2] + ". Table: " + SCORE_LINES[2][2] + ".",
    )
    sections = [Section("The three scores", tables=(scores_table,))]
    for name, label, _ in SCORE_LINES:
        line = getattr(result, name)
        if len(line.outcomes) == 1:
            continue
        if isinstance(line.working, WeightedImps):
            sections.append(
                Section(
                    f"The {label.lower()} score, weighted",
                    tables=(_imp_rows(line.working, "Each outcome IMPed against the other room"),),
                    lines=(_imp_line(f"{label} (NS team)", line.working),),
                )
            )
            continue
        assert isinstance(result, SeriousErrorMatchpoints)  # a line not IMPed is matchpointed
        scenarios = [s.outcome for s in line.working.scenarios]
        sections.append(
            Section(
                f"The {label.lower()} score, weighted",
                tables=(
                    Table(
                        caption="Each outcome matchpointed as if it alone had happened",
                        head=("NS score", "Weight", "NS MP", "NS part"),
                        rows=tuple(
                            Row((score(o.score), format_weight(o.weight), written(o.written_ns, P), written(o.written_ns_part, P)))
                            for o in scenarios
                        ),
                        foot=("Weighted sum", "", "", written(summed(o.written_ns_part for o in scenarios), P)),
                    ),
                ),
                lines=(
                    weighted_line(
                        f"{label} (NS)",
                        [(o.weight, o.written_ns, o.written_ns_part) for o in scenarios],
                        line.written,
                        P,
                        "MP",
                        top=result.top,
                    ),
                ),
            )
        )
    return sections


def _mirrored(value: Figure, mirror: str) -> Figure:
    if mirror == "imps":
        return Figure(-value)
    return Figure(int(mirror) - value)


def _ruling_lines(result: SeriousError, mirror: str, places: int, signed: bool) -> tuple[Line, ...]:
    """The lines of the rule the ruling applied (``result.rule``, RULES.md decision 13),
    written out from the non-offending side's point of view: the difference that
    chose the rule, then what each side gets."""
    w = lambda value: written(value, places, signed=signed)  # noqa: E731
    non_offenders, offenders = result.non_offenders, result.offenders
    normal, expected, table = result.normal.written, result.expected.written, result.table.written
    seen: tuple[Figure, ...]
    if non_offenders is Side.NS:
        seen = (normal, expected, table)
    else:
        seen = tuple(_mirrored(value, mirror) for value in (normal, expected, table))
    rule = result.rule
    own = result.ns if non_offenders is Side.NS else result.ew
    other = result.ew if non_offenders is Side.NS else result.ns
    # The offending side's figure; in pairs EW's is the top less NS's.
    given, name = (normal, "normal") if result.damaged else (table, "table")
    offending = (
        equation(f"{offenders} (offending), the {name} score", f"{mirror} {MINUS} {written(given, places)}", w(other), places=places)
        if mirror != "imps" and offenders is Side.EW
        else Line(f"{offenders} (offending), the {name} score", (w(other),), places=places)
    )
    if rule is SeriousErrorRule.TABLE_STANDS:
        return (
            equation(
                f"Damage to {non_offenders}",
                f"normal {w(seen[0])} {MINUS} table ({w(seen[2])})",
                written(seen[0] - seen[2], places),
                note="is no damage: the table score is at least the normal score for them, so it stands for both sides.",
                places=places,
            ),
            Line(f"{non_offenders} (non-offending), the table score", (w(own),), places=places),
            offending,
        )
    damage = written(result.consequent_damage, places)
    by_expected = seen[0] - seen[1]
    by_table = seen[0] - seen[2]
    if result.consequent_damage == by_expected:
        damage_line = equation(
            f"Consequent damage to {non_offenders}",
            f"normal {w(seen[0])} {MINUS} expected ({w(seen[1])})",
            damage,
            note="(none: all their damage is self-inflicted)" if by_expected == 0 else "",
            places=places,
        )
    elif result.consequent_damage == by_table:
        damage_line = equation(
            f"Consequent damage to {non_offenders}",
            f"normal {w(seen[0])} {MINUS} table ({w(seen[2])})",
            damage,
            note=f"(all of it: the table score, {w(seen[2])}, is at least the expected score, {w(seen[1])}, for them)",
            places=places,
        )
    else:  # no consequent damage, though normal and expected differ as written
        if by_expected < 0:
            why = "is no damage: the normal score is no better for them than the expected one, so all their damage is self-inflicted."
        elif rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE:
            why = "counts as none: exactly, the expected score is at least the normal score for them."
        else:
            why = "counts as none: as written, the table score is at least the normal score for them."
        damage_line = equation(
            f"Consequent damage to {non_offenders}",
            f"normal {w(seen[0])} {MINUS} expected ({w(seen[1])})",
            written(by_expected, places),
            note=why,
            places=places,
        )
    return (
        damage_line,
        equation(f"{non_offenders} (non-offending)", f"table {w(seen[2])} + damage {damage}", w(own), places=places),
        offending,
    )


def offenders_words(result: SeriousError, unit: str, places: int, signed: bool) -> str:
    """What the offending side gets and why, in words, when the ruling adjusts the score."""
    offenders, non_offenders = result.offenders, result.non_offenders
    figure = written(result.ns if offenders is Side.NS else result.ew, places, signed=signed)
    return (
        f"{offenders}, the offending side, get their normal score, {figure} {unit}: the table score is below "
        f"the normal score for {non_offenders}, so the score is adjusted, and Law 12C1b gives the offending side "
        "\u201cthe score that it would have been allotted as the consequence of its infraction only\u201d, "
        f"whatever {non_offenders} did after it."
    )


def _pairs_serious_error(result: SeriousErrorMatchpoints):
    sections = _serious_error(result, "NS MP", P, signed=False)
    sections.append(Section("The ruling", lines=_ruling_lines(result, str(result.top), P, signed=False)))
    finals = (pairs_final("NS", result.ns, result.top), pairs_final("EW", result.ew, result.top))
    return tuple(sections), (Outcome(f"Top {result.top}", finals),), ""


def _teams_serious_error(result: SeriousErrorImps):
    sections = _serious_error(result, "NS IMPs", T, signed=True)
    lines = list(_ruling_lines(result, "imps", T, signed=True))
    for team, figure, whole in (("NS team", result.ns, result.vp[0]), ("EW team", result.ew, result.vp[1])):
        if figure != whole:
            lines.append(
                Line(f"VP match, {team}", (written(figure, T), written(whole, 0)), ("→",), "IMP", "(whole IMPs)", T)
            )
    knockout = result.knockout
    lines.append(knockout_line(result.ns, result.ew, knockout.exact, knockout.ns_team))
    sections.append(Section("The ruling", lines=tuple(lines)))
    results = (
        Outcome("The board", (teams_final("NS team", result.ns), teams_final("EW team", result.ew))),
        Outcome(
            "VP match: whole IMPs",
            (teams_final("NS team", Figure(result.vp[0])), teams_final("EW team", Figure(result.vp[1]))),
        ),
        Outcome(
            "Knock-out match: both get the average",
            (teams_final("NS team", knockout.ns_team), teams_final("EW team", knockout.ew_team)),
        ),
    )
    return tuple(sections), results, ""


def working(calculation: Calculation, result) -> Working:
    """The working of ``result``, a result of ``calculation``."""
    if isinstance(result, WeightedMatchpoints):
        laid_out, places = _pairs_weighted(result), P
    elif isinstance(result, WeightedImps):
        laid_out, places = _teams_weighted(result), T
    elif isinstance(result, SplitMatchpoints):
        laid_out, places = _pairs_split(result), P
    elif isinstance(result, SplitImps):
        laid_out, places = _teams_split(result), T
    elif isinstance(result, SeriousErrorMatchpoints):
        laid_out, places = _pairs_serious_error(result), P
    elif isinstance(result, SeriousErrorImps):
        laid_out, places = _teams_serious_error(result), T
    else:  # pragma: no cover - every calculation's result is one of the above
        raise TypeError(f"no working for {type(result).__name__}")
    sections, results, verdict = laid_out
    return Working(
        calculation=calculation,
        sections=sections,
        results=results,
        places=places,
        verdict=verdict,
        laws=calculation.applied_laws,
        notes=_notes(result),
    )


def _notes(result) -> tuple[str, ...]:
    """What the working says in words besides its sums: the rule a serious-error
    ruling applied, and the weights read as the simple fractions they round."""
    rule: tuple[str, ...] = ()
    weighted: list = []
    if isinstance(result, SeriousError):
        rule = (str(result.rule),)
        if result.damaged:
            unit, places, signed = ("MP", P, False) if isinstance(result, SeriousErrorMatchpoints) else ("IMP", T, True)
            rule += (offenders_words(result, unit, places, signed),)
        weighted = [*result.normal.outcomes, *result.expected.outcomes]
    elif isinstance(result, WeightedMatchpoints):
        weighted = list(result.outcomes)
    elif isinstance(result, WeightedImps):
        weighted = list(result.rows)
    readings = format_readings(weighted)
    return rule + ((readings,) if readings else ())


def facts(calculation: Calculation, inputs: dict[str, str], vulnerability: str) -> list[tuple[str, str]]:
    """What was typed for a ruling, as (label, text) rows: each input, then the vulnerability."""
    rows = [(INPUTS[name].label, inputs.get(name, "") or "Not given") for name in calculation.inputs]
    return rows + [("Vulnerability", dict(VULNERABILITIES).get(vulnerability, vulnerability))]


# --- The table as the director files it -----------------------------------------------

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
# Each field of the table as the ruling's sheet (and its spreadsheet) heads it.
FILED_LABELS = {
    "ns_pair": "NS pair or team",
    "ew_pair": "EW pair or team",
    "contract": "Contract",
    "declarer": "Declarer",
    "auction": "Auction",
    "director": "Director",
}


def filed(*, ns_pair: str, ew_pair: str, contract: str, declarer: str, auction: str, director: str) -> list[tuple[str, str]]:
    """The table as the director filed it, as (label, text) rows: the pairs (or
    teams), the contract and declarer as played, the auction, the director;
    what was not given is left out."""
    played = contract
    if declarer:
        played = f"{contract} by {SEAT_NAMES[declarer]}" if contract else f"declared by {SEAT_NAMES[declarer]}"
    rows = [
        (FILED_LABELS["ns_pair"], ns_pair),
        (FILED_LABELS["ew_pair"], ew_pair),
        (FILED_LABELS["contract"], played),
        (FILED_LABELS["auction"], auction),
        (FILED_LABELS["director"], director),
    ]
    return [(label, text) for label, text in rows if text]


def table_line(*, ns_pair: str, ew_pair: str, contract: str, declarer: str) -> str:
    """The table on one line, for lists: ``NS 3 v EW 12 · 3♦X by South``;
    each typed text isolated in its own direction (``isolate``)."""
    pairs = " v ".join(f"{side} {isolate(text)}" for side, text in (("NS", ns_pair), ("EW", ew_pair)) if text)
    played = isolate(contract) if contract else ""
    if declarer:
        played = f"{played} by {SEAT_NAMES[declarer]}" if played else f"declared by {SEAT_NAMES[declarer]}"
    return " · ".join(part for part in (pairs, played) if part)
