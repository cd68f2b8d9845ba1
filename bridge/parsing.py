"""What a director types, read exactly: scores, weights, frequency tables and
weighted outcomes; and the same written back, so that a parse of a format gives
the input again. The formats are those of RULES.md, "Input formats"."""

from __future__ import annotations

import numbers
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .figures import Figure, ScoringError
from .scores import Vulnerability, check_score

# Floats are read as the simplest fraction they stand for: 0.6 is 3/5, 1/3 is 1/3.
FLOAT_DENOMINATOR_LIMIT = 10**6
# The most tables a board is played at (the largest pairs fields have a few
# hundred), and the most outcomes one weighted score is made of.
MAX_TABLES = 1000
MAX_OUTCOMES = 20
# No possible score has more digits (7600 is the largest), nor a weight's term.
MAX_SCORE_DIGITS = 4
MAX_WEIGHT_CHARACTERS = 20

MINUS_SIGNS = "-\u2212\u2013"  # hyphen-minus, minus sign, en dash
ITEM_SEPARATORS = re.compile(r"[,;\n]")
SCORE = rf"[+{MINUS_SIGNS}]?\s*\d+"
SCORE_ITEM = re.compile(rf"^(?P<score>{SCORE}|pass(?:ed out)?)(?:\s*[x×*]\s*(?P<times>\d+)|\s+(?P<count>\d+))?$", re.I)
OUTCOME_ITEM = re.compile(rf"^(?P<score>{SCORE}|pass(?:ed out)?)\s*(?:@|:|\s)\s*(?P<weight>\S.*)$", re.I)
WEIGHT_FRACTION = re.compile(r"^(?P<numerator>\d+)\s*/\s*(?P<denominator>\d+)$")
WEIGHT_PERCENT = re.compile(r"^(?P<percent>\d+(?:\.\d+)?|\.\d+)\s*%$")
WEIGHT_DECIMAL = re.compile(r"^(?P<decimal>\d+(?:\.\d*)?|\.\d+)$")


@dataclass(frozen=True)
class Outcome:
    """One of the results a weighted score is made of: an NS score and its weight."""

    score: int
    weight: Figure

    def __iter__(self):
        return iter((self.score, self.weight))


def parse_score(text: str, vulnerability: Vulnerability | None = None, *, field: str = "score") -> int:
    """``"+110"``, ``"110"``, ``"-50"``, ``"−50"`` or ``"pass"`` (0): an NS score
    that a board can end in, else a :class:`ScoringError` naming the text."""
    cleaned = text.strip()
    if re.fullmatch(r"pass(?:ed out)?", cleaned, re.I):
        return 0
    if not re.fullmatch(SCORE, cleaned):
        raise ScoringError(f"{text.strip()!r} is not a score: write it like +110 or -50", field=field)
    negative = cleaned[0] in MINUS_SIGNS
    digits = re.sub(r"\D", "", cleaned).lstrip("0") or "0"
    if len(digits) > MAX_SCORE_DIGITS:
        raise ScoringError(f"{cleaned[:12]}… is not a possible bridge score", field=field)
    value = int(digits)
    return check_score(-value if negative else value, vulnerability, field=field)


def parse_weight(text: str, *, field: str = "weights") -> Figure:
    """``"1/3"``, ``"60%"``, ``"0.4"`` (or ``".4"``, ``"1"``): a weight, exactly.

    A weight is more than 0 and at most 1; anything else is a :class:`ScoringError`
    naming the text.
    """
    cleaned = text.strip()
    if len(cleaned) > MAX_WEIGHT_CHARACTERS:
        raise ScoringError(f"{cleaned[:12]}… is not a weight: write it like 1/3, 60% or 0.4", field=field)
    if cleaned.startswith(tuple(MINUS_SIGNS)):
        raise ScoringError(f"the weight {text.strip()} is negative: a weight is more than 0", field=field)
    if match := WEIGHT_FRACTION.match(cleaned):
        if int(match["denominator"]) == 0:
            raise ScoringError(f"the weight {text.strip()} divides by zero", field=field)
        weight = Fraction(int(match["numerator"]), int(match["denominator"]))
    elif match := WEIGHT_PERCENT.match(cleaned):
        weight = Fraction(match["percent"]) / 100
    elif match := WEIGHT_DECIMAL.match(cleaned):
        weight = Fraction(match["decimal"])
    else:
        raise ScoringError(f"{text.strip()!r} is not a weight: write it like 1/3, 60% or 0.4", field=field)
    return check_weight(weight, field=field, shown=text.strip())


def check_weight(weight: numbers.Rational, *, field: str = "weights", shown: str | None = None) -> Figure:
    shown = shown or format_weight(weight)
    if weight < 0:
        raise ScoringError(f"the weight {shown} is negative: a weight is more than 0", field=field)
    if weight == 0:
        raise ScoringError(f"the weight {shown} is zero: leave that outcome out", field=field)
    if weight > 1:
        raise ScoringError(f"the weight {shown} is more than 1 (100%)", field=field)
    return Figure(weight)


def as_weight(value: object, *, field: str = "weights") -> Figure:
    """A weight given as a string (:func:`parse_weight`), an int, a Fraction or a
    float (read as the simplest fraction it stands for: 0.6 is 3/5)."""
    if isinstance(value, str):
        return parse_weight(value, field=field)
    if isinstance(value, bool):
        raise ScoringError(f"{value!r} is not a weight", field=field)
    if isinstance(value, float):
        return check_weight(Fraction(value).limit_denominator(FLOAT_DENOMINATOR_LIMIT), field=field)
    if isinstance(value, numbers.Rational):
        return check_weight(Fraction(value), field=field)
    raise ScoringError(f"{value!r} is not a weight: give it like 1/3, 60% or 0.4", field=field)


def as_outcomes(
    weighted: Iterable[Outcome | tuple[object, object]] | Mapping[object, object] | str,
    vulnerability: Vulnerability | None = None,
    *,
    field: str = "weights",
) -> tuple[Outcome, ...]:
    """The outcomes of a weighted score, checked: possible scores, weights more
    than 0 that add up to exactly 1. Given as ``(score, weight)`` pairs, a mapping
    of score to weight, or typed (:func:`parse_outcomes`)."""
    if isinstance(weighted, str):
        return parse_outcomes(weighted, vulnerability, field=field)
    if isinstance(weighted, Mapping):
        weighted = weighted.items()
    outcomes = []
    for item in weighted:
        try:
            score, weight = item
        except (TypeError, ValueError):
            raise ScoringError(f"{item!r} is not an outcome: give a score and its weight", field=field) from None
        if isinstance(score, str):
            score = parse_score(score, vulnerability, field=field)
        outcomes.append(Outcome(check_score(score, vulnerability, field=field), as_weight(weight, field=field)))
    return check_outcomes(outcomes, field=field)


def check_outcomes(outcomes: Iterable[Outcome], *, field: str = "weights") -> tuple[Outcome, ...]:
    outcomes = tuple(outcomes)
    if not outcomes:
        raise ScoringError("no outcomes given: a weighted score needs at least one", field=field)
    if len(outcomes) > MAX_OUTCOMES:
        raise ScoringError(
            f"{len(outcomes)} outcomes: a weighted score is made of at most {MAX_OUTCOMES}", field=field
        )
    total = sum((outcome.weight for outcome in outcomes), Fraction(0))
    if total != 1:
        raise ScoringError(
            f"the weights add up to {format_weight(total)}, not 1 (100%): "
            + ", ".join(format_weight(outcome.weight) for outcome in outcomes),
            field=field,
        )
    return outcomes


def parse_scores(text: str, vulnerability: Vulnerability | None = None, *, field: str = "field") -> list[int]:
    """A board's results, one NS score per table, from a traveller or a frequency table.

    Items are separated by commas, semicolons or new lines; an item is a score,
    optionally followed by how many tables had it: ``"+110 x5, -50, +140"``,
    ``"+110 ×5"``, ``"+110*5"``, or a line ``"110  5"`` (score, then count).
    """
    scores: list[int] = []
    for item in ITEM_SEPARATORS.split(text):
        item = item.strip()
        if not item:
            continue
        match = SCORE_ITEM.match(item)
        if match is None:
            if len(item.split()) > 1 and all(re.fullmatch(SCORE, token) for token in item.split()):
                raise ScoringError(
                    f"{item!r}: give one score per item, separated by commas or new lines "
                    "(a number after a score is how many tables had it)",
                    field=field,
                )
            raise ScoringError(f"{item!r} is not a score with an optional count, like +110 x5", field=field)
        score = parse_score(match["score"], vulnerability, field=field)
        count_text = (match["times"] or match["count"] or "1").lstrip("0") or "0"
        if count_text == "0":
            raise ScoringError(f"{item!r}: a score is had by at least one table", field=field)
        if len(count_text) > len(str(MAX_TABLES)) or len(scores) + int(count_text) > MAX_TABLES:
            raise ScoringError(f"more than {MAX_TABLES} tables: a board is played at {MAX_TABLES} at most", field=field)
        scores.extend([score] * int(count_text))
    return scores


def parse_outcomes(
    text: str, vulnerability: Vulnerability | None = None, *, field: str = "weights"
) -> tuple[Outcome, ...]:
    """Weighted outcomes: ``"+110 60%, -50 40%"``, ``"-650 1/3; +300 2/3"``,
    ``"+110 @ 0.6"`` (a score, then its weight; items as in :func:`parse_scores`)."""
    outcomes = []
    for item in ITEM_SEPARATORS.split(text):
        item = item.strip()
        if not item:
            continue
        match = OUTCOME_ITEM.match(item)
        if match is None:
            raise ScoringError(f"{item!r} is not a score and its weight, like +110 60%", field=field)
        outcomes.append(
            Outcome(parse_score(match["score"], vulnerability, field=field), parse_weight(match["weight"], field=field))
        )
    return check_outcomes(outcomes, field=field)


def format_score(score: int) -> str:
    """An NS score as the reference writes it in a frequency table: ``+110``, ``-50``, ``0``."""
    return f"{score:+d}" if score else "0"


def format_weight(weight: numbers.Rational) -> str:
    """``60%`` when the weight is a whole percentage, else ``1/3``."""
    weight = Fraction(weight)
    percent = weight * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    return f"{weight.numerator}/{weight.denominator}"


def format_scores(scores: Iterable[int]) -> str:
    """A frequency table on one line, best NS score first: ``+110 x5, +50 x3, -50``."""
    counts = Counter(scores)
    return ", ".join(
        format_score(score) + (f" x{counts[score]}" if counts[score] > 1 else "")
        for score in sorted(counts, reverse=True)
    )


def format_outcomes(outcomes: Iterable[Outcome | tuple[int, numbers.Rational]]) -> str:
    """Weighted outcomes on one line: ``+110 60%, -50 40%``."""
    return ", ".join(f"{format_score(score)} {format_weight(weight)}" for score, weight in outcomes)
