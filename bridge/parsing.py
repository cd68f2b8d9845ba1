"""What a director types, read exactly: scores, weights, frequency tables and
weighted outcomes; and the same written back, so that a parse of a format gives
the input again. The formats are those of RULES.md, "Input formats"."""

from __future__ import annotations

import math
import numbers
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from typing import Protocol

from .figures import Exact, Figure, ScoringError, rounded
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

# A percentage with decimals that is one of these fractions rounded or cut off to
# the digits written (33.3% or 33.33% for 1/3, 66.7% or 66.6% for 2/3), or a
# decimal with more digits than a whole percentage (0.333 for 1/3, 0.1667 for
# 1/6), is read as the fraction when the weights then add up to 1. Two such
# fractions are at least 1/132 (0.76%) apart, so a percentage written to 0.1%
# names one at most.
SIMPLE_DENOMINATORS = range(2, 13)  # halves to twelfths

MINUS_SIGNS = "-\u2212\u2013"  # hyphen-minus, minus sign, en dash
# The fractions Unicode writes as one character: ½ ⅓ ⅔ ¼ ¾ ⅕ … ⅞ ⅑ ⅒.
VULGAR_FRACTIONS = {
    character: Fraction(unicodedata.numeric(character)).limit_denominator(10)
    for character in "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒"
}
SLASHES = "/\u2044"  # solidus, fraction slash
ITEM_SEPARATORS = re.compile(r"[,;\n]")
SCORE = rf"[+{re.escape(MINUS_SIGNS)}]?\s*\d+"
SCORE_ITEM = re.compile(rf"^(?P<score>{SCORE}|pass(?:ed out)?)(?:\s*[x×*]\s*(?P<times>\d+)|\s+(?P<count>\d+))?$", re.I)
OUTCOME_ITEM = re.compile(rf"^(?P<score>{SCORE}|pass(?:ed out)?)\s*(?:@|:|\s)\s*(?P<weight>\S.*)$", re.I)
# 1/3, 2 / 3, and as a percentage, 33 1/3% (a whole number and a fraction).
WEIGHT_FRACTION = re.compile(
    rf"^(?:(?P<whole>\d+)\s+)?(?P<numerator>\d+)\s*[{SLASHES}]\s*(?P<denominator>\d+)(?P<percent>\s*%)?$"
)
# ⅓, and as a percentage, 33⅓% or 33 ⅓%.
VULGAR = "".join(VULGAR_FRACTIONS)
WEIGHT_VULGAR = re.compile(rf"^(?P<whole>\d+)?\s*(?P<vulgar>[{VULGAR}])(?P<percent>\s*%)?$")
WEIGHT_PERCENT = re.compile(r"^(?P<percent>\d+(?:\.\d+)?|\.\d+)\s*%$")
WEIGHT_DECIMAL = re.compile(r"^(?P<decimal>\d+(?:\.\d*)?|\.\d+)$")
# A weight in any of the forms above, to find outcomes typed without a comma between them.
WEIGHT_TEXT = (
    rf"(?:\d+\s+)?\d+\s*[{SLASHES}]\s*\d+(?:\s*%)?|\d*\s*[{VULGAR}](?:\s*%)?"
    r"|(?:\d+(?:\.\d+)?|\.\d+)\s*%|\d+(?:\.\d*)?|\.\d+"
)
ONE_OUTCOME = rf"(?:{SCORE}|pass(?:ed out)?)\s*(?:@|:|\s)\s*(?:{WEIGHT_TEXT})"
SEVERAL_OUTCOMES = re.compile(rf"^(?:{ONE_OUTCOME})(?:\s+(?:{ONE_OUTCOME}))+$", re.I)
SEVERAL_SCORES = re.compile(rf"^{SCORE}(?:\s+{SCORE})+$")


@dataclass(frozen=True)
class Outcome:
    """One of the results a weighted score is made of: an NS score and its weight.

    ``typed`` is the weight as typed when it was read as the simple fraction it
    rounds (``"33.3%"`` for a weight of 1/3), so the working can say so; else ``""``.
    """

    score: int
    weight: Figure
    typed: str = dataclass_field(default="", compare=False)

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
    """``"1/3"``, ``"60%"``, ``"0.4"`` (or ``".4"``, ``"1"``), ``"33 1/3%"``, ``"⅓"``
    or ``"33⅓%"``: a weight, exactly as typed (``"33.3%"`` and ``"0.333"`` are
    333/1000; a set of weights may read them as 1/3, see :func:`check_outcomes`).

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
        weight = int(match["whole"] or 0) + Fraction(int(match["numerator"]), int(match["denominator"]))
        if match["percent"]:
            weight /= 100
    elif match := WEIGHT_VULGAR.match(cleaned):
        weight = int(match["whole"] or 0) + VULGAR_FRACTIONS[match["vulgar"]]
        if match["percent"]:
            weight /= 100
    elif match := WEIGHT_PERCENT.match(cleaned):
        weight = Fraction(match["percent"]) / 100
    elif match := WEIGHT_DECIMAL.match(cleaned):
        weight = Fraction(match["decimal"])
    else:
        raise ScoringError(f"{text.strip()!r} is not a weight: write it like 1/3, 60% or 0.4", field=field)
    return check_weight(weight, field=field, shown=text.strip())


def simple_fraction(text: str) -> Fraction | None:
    """The simple fraction (halves to twelfths) a percentage with decimals is, rounded
    or cut off to the digits written: ``"33.3%"``, ``"33.33%"`` → 1/3, ``"66.7%"``,
    ``"66.6%"`` → 2/3, ``"16.7%"`` → 1/6; a decimal with more digits than a whole
    percentage is the same percentage: ``"0.333"`` → 1/3, ``"0.1667"`` → 1/6.
    ``None`` for any other text (``"33%"``, ``"0.33"``, ``"20.1%"``, ``"1/3"``)."""
    percentage = rounded_percentage(text)
    if percentage is None:
        return None
    percent, places = percentage
    scale = 10**places
    for denominator in SIMPLE_DENOMINATORS:
        for numerator in range(1, denominator):
            exact = Fraction(100 * numerator, denominator)
            if percent in (rounded(exact, places), Fraction(math.floor(exact * scale), scale)):
                return Fraction(numerator, denominator)
    return None


def rounded_percentage(text: str) -> tuple[Fraction, int] | None:
    """A weight typed with decimals past a whole percentage, as a percentage and its
    decimal places: ``"33.3%"`` and ``"0.333"`` are (33.3, 1), ``"0.3333"`` is
    (33.33, 2); ``None`` for a whole percentage (``"33%"``, ``"0.33"``, ``"0.5"``)
    or any other text."""
    cleaned = text.strip()
    if match := WEIGHT_PERCENT.match(cleaned):
        digits, shift = match["percent"], 0
    elif match := WEIGHT_DECIMAL.match(cleaned):
        digits, shift = match["decimal"], 2  # 0.333 is 33.3%
    else:
        return None
    places = len(digits.partition(".")[2]) - shift
    if places < 1:
        return None
    return Fraction(digits) * 10**shift, places


def check_weight(weight: Exact, *, field: str = "weights", shown: str | None = None) -> Figure:
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
    typed = []
    for item in weighted:
        try:
            score, weight = item
        except (TypeError, ValueError):
            raise ScoringError(f"{item!r} is not an outcome: give a score and its weight", field=field) from None
        if isinstance(score, str):
            score = parse_score(score, vulnerability, field=field)
        outcomes.append(Outcome(check_score(score, vulnerability, field=field), as_weight(weight, field=field)))
        # A float is a decimal as written (0.333), read as a typed one is.
        typed.append(weight.strip() if isinstance(weight, str) else repr(weight) if isinstance(weight, float) else "")
    return check_outcomes(outcomes, field=field, typed=typed)


def check_outcomes(
    outcomes: Iterable[Outcome], *, field: str = "weights", typed: Sequence[str] = ()
) -> tuple[Outcome, ...]:
    """The outcomes of a weighted score, if their weights add up to exactly 1.

    ``typed``: each weight as typed (``""`` when it was not typed). A percentage
    that rounds a simple fraction (:func:`simple_fraction`), or a decimal that
    does (``0.333``), is read as that fraction when the weights then add up to 1
    (``33.3%, 66.6%`` and ``0.333, 0.667`` are 1/3 and 2/3, ``16.7%, 83.3%`` are
    1/6 and 5/6); else the weights are taken as typed, if they add up to 1.
    """
    outcomes = tuple(outcomes)
    if not outcomes:
        raise ScoringError("no outcomes given: a weighted score needs at least one", field=field)
    if len(outcomes) > MAX_OUTCOMES:
        raise ScoringError(
            f"{len(outcomes)} outcomes: a weighted score is made of at most {MAX_OUTCOMES}", field=field
        )
    typed = list(typed) + [""] * (len(outcomes) - len(typed))
    fractions = [simple_fraction(text) for text in typed]
    read = tuple(
        Outcome(outcome.score, Figure(fraction), typed=text) if fraction is not None and fraction != outcome.weight else outcome
        for outcome, fraction, text in zip(outcomes, fractions, typed)
    )
    if sum((outcome.weight for outcome in read), Fraction(0)) == 1:
        return read
    total = sum((outcome.weight for outcome in outcomes), Fraction(0))
    if total == 1:
        return outcomes
    shown = [text or format_weight(outcome.weight) for outcome, text in zip(outcomes, typed)]
    not_simple = [text for text, fraction in zip(typed, fractions) if fraction is None and rounded_percentage(text)]
    hint = (
        f" ({_listed(not_simple)} {'is no simple fraction' if len(not_simple) == 1 else 'are no simple fractions'}"
        " rounded, as 33.3% is 1/3)"
        if not_simple
        else ""
    )
    raise ScoringError(
        f"the weights add up to {format_total(total)}, not 1 (100%): {', '.join(shown)}{hint}", field=field
    )


def parse_scores(text: str, vulnerability: Vulnerability | None = None, *, field: str = "field") -> list[int]:
    """A board's results, one NS score per table, from a traveller or a frequency table.

    Items are separated by commas, semicolons or new lines; an item is a score,
    optionally followed by how many tables had it: ``"+110 x5, -50, +140"``,
    ``"+110 ×5"``, ``"+110*5"``, or a line ``"110  5"`` (score, then count).
    """
    scores: list[int] = []
    for item in ITEM_SEPARATORS.split(text):
        item = " ".join(item.split())  # one space between words: no regex backtracks over a run of spaces
        if not item:
            continue
        match = SCORE_ITEM.match(item)
        if match is None:
            refuse_missing_commas(
                item, SEVERAL_SCORES, SCORE, "scores", field=field, after=" (a number after a score is how many tables had it)"
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
    typed = []
    for item in ITEM_SEPARATORS.split(text):
        item = " ".join(item.split())  # one space between words: no regex backtracks over a run of spaces
        if not item:
            continue
        match = OUTCOME_ITEM.match(item)
        if match is None or not re.fullmatch(WEIGHT_TEXT, match["weight"].strip()):
            refuse_missing_commas(item, SEVERAL_OUTCOMES, ONE_OUTCOME, "outcomes", field=field)
        if match is None:
            raise ScoringError(f"{item!r} is not a score and its weight, like +110 60%", field=field)
        outcomes.append(
            Outcome(parse_score(match["score"], vulnerability, field=field), parse_weight(match["weight"], field=field))
        )
        typed.append(match["weight"].strip())
    return check_outcomes(outcomes, field=field, typed=typed)


def refuse_missing_commas(
    item: str, several: re.Pattern, one: str, things: str, *, field: str, after: str = ""
) -> None:
    """If ``item`` is several of ``things`` (each matching ``one``) typed without a
    comma between them, a :class:`ScoringError` saying where each comma goes:
    ``'-650 1/3 +300 2/3' is 2 outcomes: a comma goes after -650 1/3, like -650 1/3, +300 2/3``."""
    if not several.match(item):
        return
    pieces = [" ".join(piece.group(0).split()) for piece in re.finditer(one, item, re.I)]
    where = " and after ".join(pieces[:-1])
    raise ScoringError(
        f"{item!r} is {len(pieces)} {things}: a comma goes after {where}, like {', '.join(pieces)}{after}",
        field=field,
    )


def format_score(score: int) -> str:
    """An NS score as the reference writes it in a frequency table: ``+110``, ``-50``, ``0``."""
    return f"{score:+d}" if score else "0"


def format_weight(weight: Exact) -> str:
    """``60%`` when the weight is a whole percentage, else ``1/3``."""
    weight = Fraction(weight)
    percent = weight * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    return f"{weight.numerator}/{weight.denominator}"


def format_total(total: Exact) -> str:
    """A sum of weights: ``99.9%`` when it is a percentage to at most three decimals,
    else ``14/15``."""
    percent = Fraction(total) * 100
    for places in range(4):
        if (percent * 10**places).denominator == 1:
            return f"{Figure(percent):.{places}f}%"
    return format_weight(total)


class Reading(Protocol):
    """A line of working that holds a weight: as read, and as typed when it was
    read as the simple fraction it rounds (else ``""``)."""

    @property
    def weight(self) -> Figure: ...

    @property
    def typed(self) -> str: ...


def format_readings(outcomes: Iterable[Reading]) -> str:
    """What the working says of weights read as simple fractions (``outcomes``:
    anything with a ``typed`` text and a ``weight``): ``The weights 33.3% and 66.6%
    are read as 1/3 and 2/3, the simple fractions they round.``; ``""`` if none was."""
    read = [(outcome.typed, outcome.weight) for outcome in outcomes if getattr(outcome, "typed", "")]
    if not read:
        return ""
    typed = _listed([text for text, _ in read])
    fractions = _listed([format_weight(weight) for _, weight in read])
    if len(read) == 1:
        return f"The weight {typed} is read as {fractions}, the simple fraction it rounds."
    return f"The weights {typed} are read as {fractions}, the simple fractions they round."


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(filter(None, (", ".join(items[:-1]), items[-1])))


def format_scores(scores: Iterable[int]) -> str:
    """A frequency table on one line, best NS score first: ``+110 x5, +50 x3, -50``."""
    counts = Counter(scores)
    return ", ".join(
        format_score(score) + (f" x{counts[score]}" if counts[score] > 1 else "")
        for score in sorted(counts, reverse=True)
    )


def format_outcomes(outcomes: Iterable[Outcome | tuple[int, Exact]]) -> str:
    """Weighted outcomes on one line: ``+110 60%, -50 40%``."""
    return ", ".join(f"{format_score(score)} {format_weight(weight)}" for score, weight in outcomes)
