"""Adding up a sheet's working by hand, from the text as written.

A line of working is steps joined by ``=`` (worked out) or ``→`` (rounded):
``60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8``. The numbers are read from the
text as displayed (words are skipped: ``normal 19 − expected (14)``), and:

- a step that is a sum or a difference equals the step before it exactly,
  added up with ``Decimal``;
- a step that follows a weighted step (``1/3 × 19.67 + …``) has each product
  written to the sheet's decimals: within half a unit of its last place;
- a step after ``→`` is the step before rounded: within half a unit of its own
  last place, with fewer decimals;
- in pairs (the top given), a step after ``→`` that names a bound (``the top, 12``,
  ``the least, 0``) is the step before kept within 0..top: ``min(max(before, 0), top)``,
  the step before lying beyond it; a step beyond 0..top cannot be "rounded" into it.
"""

from __future__ import annotations

import html
import re
from decimal import Decimal
from fractions import Fraction

TOKEN = re.compile(r"(?P<number>\d+(?:\.\d+)?(?:%|/\d+)?)|(?P<op>[−+×/()-])|(?P<skip>[^\d−+×/()-]+)")


def tokens(text: str) -> list[str]:
    found = []
    for match in TOKEN.finditer(text):
        if match.group("number"):
            found.append(match.group("number"))
        elif match.group("op"):
            found.append("−" if match.group("op") == "-" else match.group("op"))
    return found


def number(token: str, exact=Decimal):
    if token.endswith("%"):
        return exact(token[:-1]) / 100
    if "/" in token:
        top, bottom = token.split("/")
        return Fraction(int(top), int(bottom))
    return exact(token)


def evaluate(text: str, exact=Decimal):
    """The value of ``text``, an expression as the sheet writes it."""
    items = tokens(text)
    position = 0

    def peek():
        return items[position] if position < len(items) else None

    def take():
        nonlocal position
        position += 1
        return items[position - 1]

    def expression():
        value = term()
        while peek() in ("+", "−"):
            value = value + term() if take() == "+" else value - term()
        return value

    def term():
        value = factor()
        while peek() in ("×", "/"):
            operator = take()
            other = factor()
            value = value * other if operator == "×" else value / other
        return value

    def factor():
        token = take()
        if token == "−":
            return -factor()
        if token == "+":
            return factor()
        if token == "(":
            value = expression()
            assert take() == ")", text
            return value
        return number(token, exact)

    value = expression()
    assert position == len(items), f"left over in {text!r}: {items[position:]}"
    return value


def terms(text: str) -> list[str]:
    """The top-level terms of a sum, each with its sign: ``−5 − 5.3`` → ``["−5", "−5.3"]``."""
    found, depth, current = [], 0, ""
    items = tokens(text)
    for index, token in enumerate(items):
        starts_term = token in ("+", "−") and depth == 0 and index > 0 and items[index - 1] not in ("×", "/", "(", "+", "−")
        if starts_term:
            found.append(current)
            current = "−" if token == "−" else ""
            continue
        depth += token == "("
        depth -= token == ")"
        current += token if token not in ("×", "/") else f" {token} "
    found.append(current)
    return found


def decimals(token: str) -> int:
    digits = re.findall(r"\d+(?:\.(\d+))?", token)
    return max((len(places) for places in digits), default=0)


def half_unit(places: int) -> Fraction:
    return Fraction(1, 2 * 10**places)


BOUNDS = {"the top,": "top", "the least,": "least"}


def check_bound(working: str, before: str, after: str, top: int | None) -> None:
    """``before → the top, 12`` (or ``→ the least, 0``): ``before`` kept within 0..top."""
    assert top is not None, f"{working}: {after} names a bound, and no top is given"
    value, bounded = Fraction(evaluate(before, Fraction)), Fraction(evaluate(after))
    assert not 0 <= value <= top, f"{working}: {before} is within 0..{top}, nothing to bound"
    assert bounded == min(max(value, 0), top), f"{working}: {before} kept within 0..{top} is not {after}"
    bound = next(name for words, name in BOUNDS.items() if after.startswith(words))
    assert bounded == (top if bound == "top" else 0), f"{working}: {after} is not {bound}"


def check_line(working: str, places: int, *, top: int | None = None) -> int:
    """Assert that ``working`` (a line's steps, as displayed) adds up, the
    products written to ``places`` decimals; the number of steps checked.
    ``top``: a pairs sheet's top, which a bound step is checked against."""
    parts = re.split(r" (=|→) ", working)
    steps, relations = parts[0::2], parts[1::2]
    for before, relation, after in zip(steps, relations, steps[1:]):
        if relation == "→" and after.startswith(tuple(BOUNDS)):
            check_bound(working, before, after, top)
        elif relation == "→":
            if top is not None:
                value = Fraction(evaluate(before, Fraction))
                assert 0 <= value <= top, f"{working}: {before} is beyond 0..{top}, and {after} does not say it is bounded"
            value, rounded = Fraction(evaluate(before, Fraction)), Fraction(evaluate(after))
            assert decimals(after) <= decimals(before), f"{working}: {after} is not {before} rounded"
            assert abs(value - rounded) <= half_unit(decimals(after)), f"{working}: {before} → {after}"
        elif "×" in before:
            products, written = terms(before), terms(after)
            assert len(products) == len(written), f"{working}: {before} = {after}"
            for product, figure in zip(products, written):
                assert decimals(figure) <= places, f"{working}: {figure} has more than {places} decimals"
                assert abs(Fraction(evaluate(product, Fraction)) - Fraction(evaluate(figure))) <= half_unit(places), (
                    f"{working}: {product} is not {figure}"
                )
        else:
            assert evaluate(before) == evaluate(after), f"{working}: {before} is not {after}"
    return len(relations)


def check_percentage(text: str) -> None:
    """``13.8 of 24 = 57.5 %``: the figure as written over the top, to two decimals."""
    figure, top, share = (Decimal(value) for value in re.fullmatch(r"([\d.]+) of (\d+) = ([\d.]+) %", text).groups())
    assert abs(figure * 100 / top - share) <= Decimal("0.005"), text


def check_foot(rows: list[list[str]], foot: list[str]) -> None:
    """Each figure of a table's foot is the sum of its column, as written."""
    for column, total in enumerate(foot):
        if column == 0 or not total:
            continue
        assert sum((evaluate(row[column]) for row in rows), Decimal(0)) == evaluate(total), (column, rows, foot)


def page_lines(page: str) -> list[str]:
    """The working of each line on a rendered page, as it reads (each step is a span of its own)."""
    workings = re.findall(r'<span class="line-working">((?:<span class="step">[^<]*</span>|[^<])*)</span>', page)
    return [html.unescape(re.sub(r"<[^>]+>", "", text)) for text in workings]


def page_percentages(page: str) -> list[str]:
    return [html.unescape(text) for text in re.findall(r'<span class="percentage">(.*?)</span>', page)]


def page_tables(page: str) -> list[tuple[list[list[str]], list[str]]]:
    """Each table with a foot on a rendered page: its rows' cells and its foot's."""
    found = []
    for table in re.findall(r'<table class="working-table">(.*?)</table>', page, re.S):
        foot = re.search(r"<tfoot>(.*?)</tfoot>", table, re.S)
        if not foot:
            continue
        body = re.search(r"<tbody>(.*?)</tbody>", table, re.S).group(1)
        cells = lambda row: [html.unescape(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]  # noqa: E731
        found.append(([cells(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)], cells(foot.group(1))))
    return found


def check_page(page: str, places: int, *, top: int | None = None) -> int:
    """Every line, percentage and table foot of a rendered page adds up (``top``: a
    pairs sheet's, for its bound steps); the steps checked."""
    checked = sum(check_line(line, places, top=top) for line in page_lines(page))
    for text in page_percentages(page):
        check_percentage(text)
    for rows, foot in page_tables(page):
        check_foot(rows, foot)
    return checked
