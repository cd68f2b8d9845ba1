"""Pairs: matchpoints (Law 78A), weighted scores (Law 12C1c) and split scores
(Law 12C1f), each with the frequency table the reference lays out."""

from __future__ import annotations

import numbers
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from typing import TypeVar

from .figures import MATCHPOINT_PLACES, Exact, Figure, ScoringError, Side, Ties, as_side, opposite, rounded
from .parsing import MAX_TABLES, Outcome, as_outcomes, parse_score, parse_scores
from .scores import Vulnerability, check_score


def _check_board(count: int, *, field: str) -> None:
    if count < 2:
        raise ScoringError(
            f"a board played at {count} table{'s' if count != 1 else ''} cannot be matchpointed: "
            "a board needs at least two tables",
            field=field,
        )
    if count > MAX_TABLES:
        raise ScoringError(f"{count} tables: a board is played at {MAX_TABLES} at most", field=field)


_Score = TypeVar("_Score", bound=Exact)


def _rank(frequencies: Mapping[_Score, Exact]) -> dict[_Score, Figure]:
    """Each score's matchpoints against a frequency table that includes it:
    2 for each inferior score, 1 for each equal one besides itself.

    The "British" running count: start at 2 × tables - 1 above the best score; each
    row scores the running figure less its frequency, and the running figure drops
    by its frequency again below the row (ending at -1).
    """
    running = 2 * sum(frequencies.values(), Fraction(0)) - 1
    ranked: dict[_Score, Figure] = {}
    for score in sorted(frequencies, reverse=True):
        ranked[score] = Figure(running - frequencies[score])
        running = ranked[score] - frequencies[score]
    return ranked


def matchpoints(scores: Sequence[Exact]) -> list[int]:
    """Law 78A: for one side's scores on a board, one per table, each table's
    matchpoints: 2 per inferior score, 1 per equal score, 0 per superior one.
    The top is 2 × (tables - 1); the matchpoints of a board add up to n(n - 1)."""
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, numbers.Rational):
            raise ScoringError(f"{score!r} is not a score", field="field")
    _check_board(len(scores), field="field")
    ranked = _rank(dict(Counter(scores)))
    return [int(ranked[score]) for score in scores]


@dataclass(frozen=True)
class FrequencyRow:
    """A row of the frequency table: a score, how many tables have it, and what
    each of them scores.

    ``tables`` counts the other tables of the board; ``weighted`` is the adjusted
    table's share of the row (its outcome's weight, 0 on a row of other tables
    only), so ``frequency = tables + weighted``: 5 + 0.6 = 5.6 in example 1.
    """

    score: int
    tables: int
    weighted: Figure
    frequency: Figure
    ns: Figure
    ew: Figure

    @property
    def written_ns(self) -> Figure:
        """NS's matchpoints as the sheet writes them (two decimals)."""
        return rounded(self.ns, MATCHPOINT_PLACES)

    @property
    def written_ew(self) -> Figure:
        """EW's, the top less NS's as written, so that a row makes the top as written."""
        return Figure(self.ns + self.ew - self.written_ns)


@dataclass(frozen=True)
class WeightedOutcome:
    """One outcome of the adjusted table: its matchpoints and its weighted part,
    exact, and as the sheet writes them (``written_ns`` the matchpoints to two
    decimals, ``written_ns_part`` the weight times them, to two decimals).
    ``typed``: the weight as typed when read as a simple fraction (:class:`Outcome`)."""

    score: int
    weight: Figure
    ns: Figure
    ew: Figure
    ns_part: Figure
    ew_part: Figure
    written_ns: Figure
    written_ew: Figure
    written_ns_part: Figure
    written_ew_part: Figure
    typed: str = dataclass_field(default="", compare=False)


@dataclass(frozen=True)
class Scenario:
    """The reference's first method: the board as if this outcome alone had been
    the adjusted table's result (its frequency table, and the outcome's
    matchpoints there). The weighted sum of the scenarios is the same score as
    the frequency table's."""

    outcome: WeightedOutcome
    frequency_table: tuple[FrequencyRow, ...]


@dataclass(frozen=True)
class TableMatchpoints:
    """Another table of the board: its NS score and its matchpoints now."""

    score: int
    ns: Figure
    ew: Figure


@dataclass(frozen=True)
class TableResult:
    """What happened at the adjusted table, matchpointed as it stands: its NS
    score, both sides' matchpoints, and the other tables' matchpoints with it."""

    score: int
    ns: int
    ew: int
    other_tables: tuple[TableMatchpoints, ...]


@dataclass(frozen=True, eq=False)
class WeightedMatchpoints:
    """A weighted score in pairs (Law 12C1c) with its working.

    Unpacks as ``(ns, ew)``, the exact weighted score. ``scenarios`` is the
    reference's first method (each outcome alone); ``frequency_table`` its
    "British" table, best NS score first, and ``outcomes`` the adjusted table's
    outcomes matchpointed there (``ns`` is the sum of the ``ns_part``);
    ``other_tables`` every other table's changed matchpoints, in the order given.

    ``written_ns`` and ``written_ew`` are the score as the sheet writes it: the
    first method's parts written to two decimals, added, and kept within 0..top
    (``british_ns`` and ``british_ew`` the British table's, likewise). With a ``table_result`` and the
    ``offenders``, the table result ``stands`` when the weighted score is no
    better for the non-offending side; ``awarded`` is what each side gets.
    """

    ns: Figure
    ew: Figure
    top: int
    tables: int
    outcomes: tuple[WeightedOutcome, ...]
    frequency_table: tuple[FrequencyRow, ...]
    scenarios: tuple[Scenario, ...]
    other_tables: tuple[TableMatchpoints, ...]
    written_ns: Figure
    written_ew: Figure
    british_ns: Figure
    british_ew: Figure
    table_result: TableResult | None = None
    offenders: Side | None = None

    @property
    def stands(self) -> bool:
        """Whether the table result stands: the non-offending side was not damaged,
        the weighted score (as written) being no better for it than the table result."""
        if self.table_result is None or self.offenders is None:
            return False
        if self.offenders is Side.EW:
            return self.written_ns <= self.table_result.ns
        return self.written_ew <= self.table_result.ew

    @property
    def awarded(self) -> tuple[Figure, Figure]:
        """What NS and EW get: the table result when it stands, else the weighted score as written."""
        table = self.table_result
        if table is not None and self.stands:
            return Figure(table.ns), Figure(table.ew)
        return self.written_ns, self.written_ew

    @property
    def start(self) -> int:
        """The figure written above the frequency table: 2 × tables - 1."""
        return self.top + 1

    @property
    def end(self) -> int:
        """The figure the running count reaches below the table: always -1."""
        return -1

    def __iter__(self) -> Iterator[Figure]:
        return iter((self.ns, self.ew))

    def __len__(self) -> int:
        return 2

    def __getitem__(self, index: int) -> Figure:
        return (self.ns, self.ew)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, WeightedMatchpoints):
            return (self.ns, self.ew, self.frequency_table) == (other.ns, other.ew, other.frequency_table)
        if isinstance(other, (tuple, list)):
            return len(other) == 2 and self.ns == other[0] and self.ew == other[1]
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.ns, self.ew))


def _frequency_table(
    field: Counter[int], weighted: dict[int, Fraction], top: int
) -> tuple[tuple[FrequencyRow, ...], dict[int, Figure]]:
    frequencies = {score: field[score] + weighted.get(score, 0) for score in set(field) | set(weighted)}
    ranked = _rank(frequencies)
    rows = tuple(
        FrequencyRow(
            score=score,
            tables=field[score],
            weighted=Figure(weighted.get(score, 0)),
            frequency=Figure(frequencies[score]),
            ns=ranked[score],
            ew=Figure(top - ranked[score]),
        )
        for score in sorted(frequencies, reverse=True)
    )
    return rows, ranked


def _checked_field(field: Iterable[int] | str, vulnerability: Vulnerability | None) -> list[int]:
    if isinstance(field, str):
        scores = parse_scores(field, vulnerability)
    else:
        scores = [check_score(score, vulnerability, field="field") for score in field]
    _check_board(len(scores) + 1, field="field")
    return scores


def weighted_matchpoints(
    field: Iterable[int] | str,
    weighted: Iterable[Outcome | tuple[object, object]] | str,
    vulnerability: Vulnerability | None = None,
    *,
    table: int | str | None = None,
    offenders: Side | str | None = None,
    ties: Ties = "away",
) -> WeightedMatchpoints:
    """The weighted score of one table in pairs, for NS and EW, with its working.

    ``field``: the NS scores of the board's other tables; ``weighted``: the
    adjusted table's outcomes, ``(ns_score, weight)`` pairs whose weights add up
    to 1 (weights as ``Fraction``, ``"1/3"``, ``"60%"``, ``"0.4"`` or ``0.4``).
    ``table`` (the NS score the table had) and ``offenders`` go together: the
    table result stands if the weighted score would not be better for the
    non-offending side. ``ties``: which way a written NS part goes on an exact
    tie (a serious-error ruling has it favour the non-offenders).

    Each outcome is matchpointed alone, and the weighted sum is the score; the
    outcomes also join the frequency table with their weights (the British
    table), which rescores the other tables. Example 1::

        >>> from bridge.scoring import display
        >>> ns, ew = weighted_matchpoints(
        ...     [110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2, [(110, "60%"), (-50, "40%")])
        >>> display(ns), display(ew)
        ('13.8', '10.2')
    """
    scores = _checked_field(field, vulnerability)
    outcomes = as_outcomes(weighted, vulnerability)
    table_score, offending = table_and_offenders(table, offenders, vulnerability)
    top = 2 * len(scores)
    field_counts = Counter(scores)

    shares: dict[int, Fraction] = {}
    for outcome in outcomes:
        shares[outcome.score] = shares.get(outcome.score, Fraction(0)) + outcome.weight
    frequency_table, ranked = _frequency_table(field_counts, shares, top)
    written = {row.score: row.written_ns for row in frequency_table}

    weighted_outcomes = tuple(
        _weighted_outcome(outcome, ranked[outcome.score], written[outcome.score], top, ties) for outcome in outcomes
    )
    scenarios = []
    for outcome in outcomes:
        rows, alone = _frequency_table(field_counts, {outcome.score: Fraction(1)}, top)
        scenarios.append(Scenario(_weighted_outcome(outcome, alone[outcome.score], alone[outcome.score], top, ties), rows))

    ns = Figure(sum((outcome.ns_part for outcome in weighted_outcomes), Fraction(0)))
    table_result = None
    if table_score is not None:
        plain = matchpoints([*scores, table_score])
        table_result = TableResult(
            score=table_score,
            ns=plain[-1],
            ew=top - plain[-1],
            other_tables=tuple(TableMatchpoints(score, Figure(mp), Figure(top - mp)) for score, mp in zip(scores, plain)),
        )
    return WeightedMatchpoints(
        ns=ns,
        ew=Figure(top - ns),
        top=top,
        tables=len(scores) + 1,
        outcomes=weighted_outcomes,
        frequency_table=frequency_table,
        scenarios=tuple(scenarios),
        other_tables=tuple(TableMatchpoints(score, ranked[score], Figure(top - ranked[score])) for score in scores),
        written_ns=_written_sum((s.outcome.written_ns_part for s in scenarios), top),
        written_ew=_written_sum((s.outcome.written_ew_part for s in scenarios), top),
        british_ns=_written_sum((outcome.written_ns_part for outcome in weighted_outcomes), top),
        british_ew=_written_sum((outcome.written_ew_part for outcome in weighted_outcomes), top),
        table_result=table_result,
        offenders=offending,
    )


def _written_sum(parts: Iterable[Figure], top: int) -> Figure:
    """The sum of written parts, exactly, kept within 0..top (RULES.md decision 25)."""
    return within_top(Figure(sum(parts, Fraction(0))), top)


def within_top(figure: Figure, top: int) -> Figure:
    """``figure`` kept within 0..top: a written sum of parts rounded up (2/9, 2/9
    and 5/9 of 12 written 2.67 + 2.67 + 6.67 = 12.01) is written at the top, one
    rounded down below 0 at 0, since no side scores more than the top or less
    than nothing."""
    return Figure(min(max(figure, Fraction(0)), Fraction(top)))


def table_and_offenders(
    table: int | str | None, offenders: Side | str | None, vulnerability: Vulnerability | None
) -> tuple[int | None, Side | None]:
    """The table result and the offending side of a weighted score: both or neither."""
    blank = lambda value: value is None or (isinstance(value, str) and not value.strip())  # noqa: E731
    if blank(table) and blank(offenders):
        return None, None
    if blank(table):
        raise ScoringError("the table result is needed to compare it with the weighted score", field="table")
    if offenders is None or blank(offenders):
        raise ScoringError("name the offending side (NS or EW) to compare the table result", field="offenders")
    score = parse_score(table, vulnerability, field="table") if isinstance(table, str) else check_score(
        table, vulnerability, field="table"
    )
    return score, as_side(offenders)


def _weighted_outcome(outcome: Outcome, ns: Figure, written_ns: Figure, top: int, ties: Ties) -> WeightedOutcome:
    ew = Figure(top - ns)
    written_ew = Figure(top - written_ns)
    # Each part is the weight times the matchpoints as written, written to two decimals.
    ns_part = rounded(outcome.weight * written_ns, MATCHPOINT_PLACES, ties=ties)
    ew_part = rounded(outcome.weight * written_ew, MATCHPOINT_PLACES, ties=opposite(ties))
    return WeightedOutcome(
        score=outcome.score,
        weight=outcome.weight,
        ns=ns,
        ew=ew,
        ns_part=Figure(outcome.weight * ns),
        ew_part=Figure(outcome.weight * ew),
        written_ns=written_ns,
        written_ew=written_ew,
        written_ns_part=ns_part,
        written_ew_part=ew_part,
        typed=outcome.typed,
    )


def other_tables_matchpoints(
    field: Iterable[int] | str,
    weighted: Iterable[Outcome | tuple[object, object]] | str,
    vulnerability: Vulnerability | None = None,
) -> tuple[TableMatchpoints, ...]:
    """The other tables' matchpoints once the adjusted table's weighted outcomes
    have joined the frequency table, one per table of ``field``, in its order.
    Example 1: a +50 elsewhere gets 10.8."""
    return weighted_matchpoints(field, weighted, vulnerability).other_tables


@dataclass(frozen=True)
class SplitRow:
    """A table of a board with split scores: what each side was given, and its matchpoints."""

    ns_score: int
    ew_score: int
    ns: int
    ew: int

    @property
    def split(self) -> bool:
        """Whether the two sides' scores do not balance."""
        return self.ns_score != -self.ew_score


@dataclass(frozen=True)
class SplitMatchpoints:
    """A board in pairs where some tables have split scores (Law 12C1f): NS are
    ranked among the NS scores, EW among the EW scores."""

    rows: tuple[SplitRow, ...]
    top: int

    @property
    def ns(self) -> list[int]:
        return [row.ns for row in self.rows]

    @property
    def ew(self) -> list[int]:
        return [row.ew for row in self.rows]


def split_matchpoints(
    tables: Sequence[int | tuple[int, int]], vulnerability: Vulnerability | None = None
) -> SplitMatchpoints:
    """Matchpoints of a board with split scores, one entry per table: an NS score
    (the EW score balances it), or ``(ns_score, ew_score)`` with the EW score from
    EW's side, like example 3's ``(-400, -690)``."""
    pairs = []
    for table in tables:
        if isinstance(table, (tuple, list)):
            if len(table) != 2:
                raise ScoringError(f"{table!r} is not a table's NS and EW scores", field="field")
            ns_score, ew_score = table
        else:
            ns_score, ew_score = table, None
        ns_score = check_score(ns_score, vulnerability, field="field")
        if ew_score is None:
            ew_score = -ns_score
        else:
            mirrored = None if vulnerability is None else vulnerability.seen_from_ew
            ew_score = check_score(ew_score, mirrored, field="field")
        pairs.append((ns_score, ew_score))
    _check_board(len(pairs), field="field")
    ns = matchpoints([ns_score for ns_score, _ in pairs])
    ew = matchpoints([ew_score for _, ew_score in pairs])
    rows = tuple(SplitRow(n_s, e_w, n, e) for (n_s, e_w), n, e in zip(pairs, ns, ew))
    return SplitMatchpoints(rows=rows, top=2 * (len(pairs) - 1))

