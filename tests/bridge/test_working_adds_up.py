"""Every line of working adds up by hand as it is written, on the page and in
the PDF: the numbers of each line are read from the text as displayed and
added up again (tests/bridge/sums.py), for any ruling of any calculation."""

import html
import io
import re
import uuid

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from bridge import calculator, display
from bridge.figures import IMP_PLACES, MATCHPOINT_PLACES
from bridge.models import Ruling
from bridge.scoring import Figure, Outcome, ScoringError, format_outcomes, format_scores, possible_scores
from tests.bridge import sums
from tests.bridge.test_calculator import EXAMPLE_FIELD, EXAMPLES

SCORES = sorted(score for score in possible_scores() if abs(score) <= 1000)
scores = st.sampled_from(SCORES)
typed_score = scores.map(lambda value: f"{value:+d}")


@st.composite
def weighted(draw, max_size=4):
    """Outcomes with weights adding up to 1, typed as a director types them:
    fractions (1/3, 2/7) or percentages."""
    parts = draw(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=max_size))
    outcomes = [Outcome(draw(scores), Figure(part, sum(parts))) for part in parts]
    return format_outcomes(outcomes)


score_or_weighted = st.one_of(typed_score, weighted(max_size=3))
field = st.lists(scores, min_size=1, max_size=16).map(format_scores)
offenders = st.sampled_from(["NS", "EW"])
table_and_offenders = st.one_of(
    st.just({}), st.fixed_dictionaries({"table": typed_score, "offenders": offenders})
)

RULINGS = st.one_of(
    st.tuples(st.just("pairs-weighted"), st.fixed_dictionaries({"field": field, "weights": weighted()}), table_and_offenders),
    st.tuples(st.just("teams-weighted"), st.fixed_dictionaries({"weights": weighted(), "other_room": typed_score}), table_and_offenders),
    st.tuples(
        st.just("pairs-split"),
        st.fixed_dictionaries({"field": field, "ns_score": typed_score, "ew_score": typed_score}),
        st.just({}),
    ),
    st.tuples(
        st.just("teams-split"),
        st.fixed_dictionaries({"ns_score": typed_score, "ew_score": typed_score, "other_room": typed_score}),
        st.just({}),
    ),
    st.tuples(
        st.just("pairs-serious-error"),
        st.fixed_dictionaries(
            {"field": field, "normal": score_or_weighted, "expected": score_or_weighted, "table": typed_score, "offenders": offenders}
        ),
        st.just({}),
    ),
    st.tuples(
        st.just("teams-serious-error"),
        st.fixed_dictionaries(
            {"other_room": typed_score, "normal": score_or_weighted, "expected": score_or_weighted, "table": typed_score, "offenders": offenders}
        ),
        st.just({}),
    ),
)


def places_of(chosen):
    return MATCHPOINT_PLACES if chosen.form_of_scoring == "pairs" else IMP_PLACES


def top_of(chosen, working):
    """A pairs sheet's top, as its final figures give it ("13.8 of 24"); None in teams."""
    return int(working.results[0].finals[0].of) if chosen.form_of_scoring == "pairs" else None


def check_working(chosen, working):
    """The working's lines, percentages and table feet add up, as the page shows them."""
    page = render_to_string("bridge/includes/working.html", {"working": working})
    assert sums.page_lines(page) == [line.working for line in working.lines]
    assert sums.check_page(page, places_of(chosen), top=top_of(chosen, working)) >= len([line for line in working.lines if line.relations])
    for line in working.lines:
        assert line.places <= places_of(chosen)
    for outcome in working.results:
        for final in outcome.finals:
            if chosen.form_of_scoring == "pairs":
                assert final.percentage in sums.page_percentages(page)
    for law in chosen.applied_laws:
        assert law.name in page and law.text in html.unescape(page)
    return page


@settings(max_examples=150)
@given(RULINGS)
def test_every_line_of_any_ruling_adds_up_as_written(ruling):
    slug, inputs, more = ruling
    chosen = calculator.CALCULATIONS[slug]
    try:
        result = calculator.calculate(chosen, {**inputs, **more})
    except ScoringError:
        return  # a split score's EW side at a vulnerability no score has, and the like
    working = display.working(chosen, result)
    check_working(chosen, working)
    # The figure a side gets is the result of its line, as written.
    if slug == "pairs-weighted":
        ns_line = working.lines[0]
        if not result.stands:
            assert sums.evaluate(ns_line.steps[-1]) == sums.evaluate(working.results[0].finals[0].figure)
        assert sum(row.frequency for row in result.frequency_table) == result.tables
    if slug == "teams-weighted" and not result.stands:
        assert working.lines[0].steps[-1] == display.written(result.written, 1)
        assert working.results[0].finals[0].figure == display.written(result.written, 1, signed=True)


REPORTED = {
    "thirds in teams": ("teams-weighted", {"weights": "+100 1/3, +200 1/3, +300 1/3", "other_room": "+620"}),
    "thirds in pairs": ("pairs-weighted", {"field": EXAMPLE_FIELD, "weights": "+110 1/3, +50 1/3, -50 1/3"}),
    "ninths above the top": ("pairs-weighted", {"field": "-1100 6", "weights": "-800 2/9, -800 2/9, -800 5/9"}),
    "ninths above the top, serious error": (
        "pairs-serious-error",
        {"field": "-1100 6", "normal": "-800 2/9, -800 2/9, -800 5/9", "expected": "-1100", "table": "-1100", "offenders": "EW"},
    ),
}
# The reported sheets' lines, as they now read on the page and in the PDF.
LITERAL = {
    "thirds in teams": ["NS team: 1/3 × −11 + 1/3 × −9 + 1/3 × −8 = −3.7 − 3 − 2.7 = −9.4 IMP"],
    "thirds in pairs": [
        "NS: 1/3 × 19 + 1/3 × 11 + 1/3 × 6 = 6.33 + 3.67 + 2 = 12 MP",
        "NS: 1/3 × 19.67 + 1/3 × 11 + 1/3 × 5.33 = 6.56 + 3.67 + 1.78 = 12.01 MP",
    ],
    "example 1": ["NS: 60% × 19 + 40% × 6 = 11.4 + 2.4 = 13.8 MP", "14 of 24 = 58.33 %"],
    "example 2": ["NS team: 1/3 × −15 + 2/3 × −8 = −5 − 5.3 = −10.3 IMP"],
    "ninths above the top": [
        f"NS: 2/9 × 12 + 2/9 × 12 + 5/9 × 12 = 2.67 + 2.67 + 6.67 = 12.01 → the top, 12 MP {display.WITHIN_TOP}",
        "EW: 2/9 × 0 + 2/9 × 0 + 5/9 × 0 = 0 + 0 + 0 = 0 MP",
    ],
    "ninths above the top, serious error": [
        f"Normal (NS): 2/9 × 12 + 2/9 × 12 + 5/9 × 12 = 2.67 + 2.67 + 6.67 = 12.01 → the top, 12 MP {display.WITHIN_TOP}",
        "EW (offending), the normal score: 12 − 12 = 0",
    ],
}
STANDS = {
    "example 1": {"table": "+100", "offenders": "EW"},
    "example 2": {"table": "-100", "offenders": "NS"},
}
SHEETS = {**EXAMPLES, **REPORTED}


def pdf_text(content: bytes) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(content)).pages)


@pytest.mark.parametrize("name", list(SHEETS))
def test_every_line_on_the_page_and_in_the_pdf_adds_up(client, name):
    slug, inputs = SHEETS[name]
    inputs = {**inputs, **STANDS.get(name, {})}
    chosen = calculator.CALCULATIONS[slug]
    ruling = {"event": "Club", "board": "1", "date": "2026-11-20", "note": "", "entry_key": str(uuid.uuid4())}
    response = client.post(reverse("bridge:calculator", args=[slug]), {**inputs, **ruling, "vulnerability": "", "action": "save"})
    assert response.status_code == 302, response.content.decode()[:2000]
    page = client.get(reverse("bridge:ruling", args=[Ruling.objects.get().pk])).content.decode()
    working = display.working(chosen, calculator.calculate(chosen, inputs))
    top = top_of(chosen, working)
    assert sums.check_page(page, places_of(chosen), top=top) >= 1
    assert sums.page_lines(page) == [line.working for line in working.lines]

    text = pdf_text(client.get(reverse("bridge:ruling_pdf", args=[Ruling.objects.get().pk])).content)
    for line in working.lines:
        assert line.text in text
        start = text.index(line.text) + len(line.label) + 2
        sums.check_line(text[start : start + len(line.working)], places_of(chosen), top=top)
    for outcome in working.results:
        for final in outcome.finals:
            if final.share:
                assert final.percentage in text
                sums.check_percentage(final.percentage)
    # The Law applied, on the page and in the PDF.
    for law in chosen.applied_laws:
        assert f"<strong>{law.name}</strong>, {law.subject}" in page and law.text in html.unescape(page)
        assert law.name in text and " ".join(law.text.split()[:8]) in text
    assert "Law applied: " + chosen.applied_laws[0].name in text
    as_read = " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())
    for literal in LITERAL.get(name, []):
        assert literal in as_read and literal in text
    if name in STANDS:
        assert working.verdict.startswith("No damage") and " ".join(working.verdict.split()) in text
        assert "Score stands" in page


def test_the_checker_catches_a_line_that_does_not_add_up():
    """The reported sheets, as they were: the checker refuses them."""
    with pytest.raises(AssertionError):
        sums.check_line("1/3 × −11 + 1/3 × −9 + 1/3 × −8 = −3.7 − 3 − 2.7 = −9.3", 1)
    with pytest.raises(AssertionError):
        sums.check_line("1/3 × 19.7 + 1/3 × 11 = 6.56 + 3.67 = 10.23", 2)
    with pytest.raises(AssertionError):
        sums.check_line("(−14.3 − 0) / 2 = −7.15 → −7.3", 1)
    with pytest.raises(AssertionError):
        sums.check_percentage("13.8 of 24 = 57.6 %")
    with pytest.raises(AssertionError):  # a sum beyond the top passed off as a rounding
        sums.check_line("2.67 + 2.67 + 6.67 = 12.01 → 12", 2, top=12)
    sums.check_line("1/3 × −11 + 1/3 × −9 + 1/3 × −8 = −3.7 − 3 − 2.7 = −9.4", 1)
    sums.check_line("normal 0 − expected (−0.7) = 0.7", 1)
