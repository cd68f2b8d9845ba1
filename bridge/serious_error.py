"""Serious error, wild or gambling action by the non-offending side (Law 12C1b):
the normal, expected and table scores, the consequent damage, and what each side
gets, in pairs and in teams (VP and knock-out)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .figures import Figure, ScoringError, Side, Ties, as_side, rounded, ties_favouring
from .pairs import WeightedMatchpoints, weighted_matchpoints
from .parsing import Outcome, as_outcomes, parse_score
from .scores import Vulnerability, check_score
from .teams import KnockoutAverage, WeightedImps, knockout_average, weighted_imps

ScoreInput = int | str | Iterable[Outcome | tuple[object, object]]

# Whether a higher figure (NS view) in the line is better for NS; it decides which
# way an exact tie is written so that it favours the non-offending side.
RAISING_HELPS_NS = {"normal": True, "expected": False, "table": True}


class SeriousErrorRule(Enum):
    """Which rule a ruling applied, by the order of the exact table, expected and
    normal figures as the non-offending side sees them (RULES.md, decision 13).
    Each member is the rule in words and where it comes from.

    Whenever the table score is below the normal score for the non-offending
    side, the offending side gets the normal score and the non-offending side its
    table score plus the consequent damage; it never gets less than its table
    figure, nor more than the better of its table and normal figures."""

    TABLE_STANDS = (
        "The table score stands: it is at least the normal score for the non-offending side",
        "Decision 13",
    )
    NO_SELF_INFLICTED_DAMAGE = (
        "No self-inflicted damage: the table score is at least the expected score for the non-offending side, "
        "so all the damage is consequent and both sides get the normal score",
        "Decision 13",
    )
    NO_CONSEQUENT_DAMAGE = (
        "No consequent damage: the expected score is at least the normal score for the non-offending side, "
        "so its damage is all self-inflicted and it keeps its table score; the offending side gets the normal score",
        "Law 12C1b",
    )
    TABLE_PLUS_DAMAGE = (
        "The table score plus the consequent damage: the table score is below the expected score, "
        "and the expected below the normal score, for the non-offending side",
        "Law 12C1b",
    )

    def __init__(self, words: str, authority: str):
        self.words = words
        self.authority = authority

    @property
    def adjusts(self) -> bool:
        """Whether the ruling changes the table score (the offending side then gets the normal score):
        whenever the table score is below the normal score for the non-offending side."""
        return self is not SeriousErrorRule.TABLE_STANDS

    def __str__(self) -> str:
        return f"{self.words} ({self.authority})."


@dataclass(frozen=True)
class ScoreLine:
    """One of the three scores, in the NS view: the outcome(s), the working that
    scores them against the board, the exact figure and the figure as written
    (the sum of the working's written parts, in pairs kept within 0..top) and carried on."""

    name: str
    outcomes: tuple[Outcome, ...]
    working: WeightedMatchpoints | WeightedImps
    exact: Figure
    written: Figure


@dataclass(frozen=True)
class SeriousError:
    """What the ruling gives each side.

    ``rule`` is the :class:`SeriousErrorRule` the order of the exact figures chose.
    ``consequent_damage`` is the damage the infraction caused, from the
    non-offending side's point of view, from the written figures: its normal
    figure less its expected figure, at least 0 and at most the whole damage
    (normal less table); 0 when nothing is adjusted or the expected score is at
    least the normal one. When the ruling adjusts (``damaged``: the table score is
    below the normal score for the non-offending side), the non-offending side
    gets its table figure plus that damage and the offending side the normal
    figure; otherwise the table score stands for both. ``ns`` and ``ew`` are each
    side's own figure.
    """

    offenders: Side
    normal: ScoreLine
    expected: ScoreLine
    table: ScoreLine
    rule: SeriousErrorRule
    consequent_damage: Figure
    ns: Figure
    ew: Figure

    @property
    def non_offenders(self) -> Side:
        return self.offenders.other

    @property
    def damaged(self) -> bool:
        """Whether the ruling adjusts the table score."""
        return self.rule.adjusts


@dataclass(frozen=True)
class SeriousErrorMatchpoints(SeriousError):
    """Law 12C1b in pairs; ``top`` is the board's top."""

    top: int


@dataclass(frozen=True)
class SeriousErrorImps(SeriousError):
    """Law 12C1b in teams. ``vp``: each team's IMPs for a VP match, in whole IMPs;
    ``knockout``: the average both teams get in a knock-out match (Law 86B)."""

    vp: tuple[int, int]
    knockout: KnockoutAverage


def _outcomes(value: ScoreInput, vulnerability: Vulnerability | None, *, field: str) -> tuple[Outcome, ...]:
    if isinstance(value, str):
        stripped = value.strip()
        if any(separator in stripped for separator in ",;\n%/@:") or len(stripped.split()) > 1:
            return as_outcomes(stripped, vulnerability, field=field)
        return (Outcome(parse_score(stripped, vulnerability, field=field), Figure(1)),)
    if isinstance(value, int):
        return (Outcome(check_score(value, vulnerability, field=field), Figure(1)),)
    return as_outcomes(value, vulnerability, field=field)


def _lines(
    scores: dict[str, ScoreInput],
    offenders: Side,
    vulnerability: Vulnerability | None,
    working: Callable[[tuple[Outcome, ...], Ties], WeightedMatchpoints | WeightedImps],
) -> dict[str, ScoreLine]:
    lines = {}
    for name, value in scores.items():
        outcomes = _outcomes(value, vulnerability, field=name)
        if name == "table" and len(outcomes) != 1:
            raise ScoringError("the table score is the one result the board had: give one score", field="table")
        ties = ties_favouring(offenders.other, raising_helps_ns=RAISING_HELPS_NS[name])
        result = working(outcomes, ties)
        written = result.written_ns if isinstance(result, WeightedMatchpoints) else result.written
        lines[name] = ScoreLine(name, outcomes, result, result.ns, written)
    return lines


def _rule(lines: dict[str, ScoreLine], offenders: Side, mirror: Callable[[Fraction], Fraction]):
    """(rule, consequent damage, ns, ew): the rule from the exact figures, the
    figures from the written ones (so the working adds up as written)."""

    def seen(kind: str) -> tuple[Fraction, Fraction, Fraction]:
        """The normal, expected and table figures as the non-offending side sees them."""
        figures = tuple(getattr(lines[name], kind) for name in ("normal", "expected", "table"))
        return figures if offenders is Side.EW else tuple(mirror(figure) for figure in figures)  # type: ignore[return-value]

    exact_normal, exact_expected, exact_table = seen("exact")
    if exact_table >= exact_normal:
        rule = SeriousErrorRule.TABLE_STANDS
    elif exact_table >= exact_expected:
        rule = SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE
    elif exact_expected >= exact_normal:
        rule = SeriousErrorRule.NO_CONSEQUENT_DAMAGE
    else:
        rule = SeriousErrorRule.TABLE_PLUS_DAMAGE
    table = lines["table"].written
    if not rule.adjusts:
        return rule, Figure(0), Figure(table), Figure(mirror(table))
    seen_normal, seen_expected, seen_table = seen("written")
    whole_damage = max(Fraction(0), seen_normal - seen_table)
    if rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE:
        damage = Fraction(0)
    elif rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE:
        damage = whole_damage
    else:
        damage = min(max(Fraction(0), seen_normal - seen_expected), whole_damage)
    non_offenders = seen_table + damage
    normal = lines["normal"].written
    if offenders is Side.EW:
        return rule, Figure(damage), Figure(non_offenders), Figure(mirror(normal))
    return rule, Figure(damage), Figure(normal), Figure(non_offenders)


def serious_error_matchpoints(
    field: Iterable[int] | str,
    *,
    normal: ScoreInput,
    expected: ScoreInput,
    table: int | str,
    offenders: Side | str,
    vulnerability: Vulnerability | None = None,
) -> SeriousErrorMatchpoints:
    """Law 12C1b in pairs. ``field``: the NS scores of the other tables; ``normal``
    (the score the offenders get), ``expected`` (what the non-offenders should have
    reached without their own error) and ``table``: NS scores, the first two a score
    or weighted outcomes. Example 6: normal +110 (19 MP), expected +100 (14 MP),
    table -530 (0 MP): NS 0 + 5 = 5, EW 24 - 19 = 5."""
    offenders = _side(offenders)
    scores = list(field) if not isinstance(field, str) else field
    lines = _lines(
        {"normal": normal, "expected": expected, "table": table},
        offenders,
        vulnerability,
        lambda outcomes, ties: weighted_matchpoints(scores, outcomes, vulnerability, ties=ties),
    )
    table_working = lines["table"].working
    assert isinstance(table_working, WeightedMatchpoints)  # the working given above
    top = table_working.top
    rule, damage, ns, ew = _rule(lines, offenders, lambda figure: top - figure)
    return SeriousErrorMatchpoints(
        offenders=offenders,
        normal=lines["normal"],
        expected=lines["expected"],
        table=lines["table"],
        rule=rule,
        consequent_damage=damage,
        ns=ns,
        ew=ew,
        top=top,
    )


def serious_error_imps(
    other_room: int | str,
    *,
    normal: ScoreInput,
    expected: ScoreInput,
    table: int | str,
    offenders: Side | str,
    vulnerability: Vulnerability | None = None,
) -> SeriousErrorImps:
    """Law 12C1b in teams. ``other_room``: the NS score in the other room; the three
    scores are this room's NS scores, as in :func:`serious_error_matchpoints`.
    Example 7: NS -15 + 0.7 = -14.3 (VP: -14), EW 0; knock-out: 7.1 to the EW team."""
    offenders = _side(offenders)
    lines = _lines(
        {"normal": normal, "expected": expected, "table": table},
        offenders,
        vulnerability,
        lambda outcomes, ties: weighted_imps(outcomes, other_room, vulnerability, ties=ties),
    )
    rule, damage, ns, ew = _rule(lines, offenders, lambda figure: -figure)
    non_offenders = offenders.other
    favour_ns: Ties = "up" if non_offenders is Side.NS else "down"
    favour_ew: Ties = "down" if non_offenders is Side.NS else "up"
    vp = (int(rounded(ns, 0, ties=favour_ns)), int(rounded(ew, 0, ties=favour_ew)))
    return SeriousErrorImps(
        offenders=offenders,
        normal=lines["normal"],
        expected=lines["expected"],
        table=lines["table"],
        rule=rule,
        consequent_damage=damage,
        ns=ns,
        ew=ew,
        vp=vp,
        knockout=knockout_average(ns, ew, ties=favour_ns),
    )


def _side(offenders: Side | str) -> Side:
    return as_side(offenders)
