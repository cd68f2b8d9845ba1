"""Serious error, wild or gambling action (Law 12C1b) in every order of the table,
expected and normal scores: the rule applied, each side's figure, the working, and
the rule said in words on the page and in the printed ruling.

The board of examples 1 and 6: 12 other tables, 5 × +110, 3 × +50, 2 × −50,
2 × −110; top 24. One more table scores, for NS: +200 beats all 12: 24; +110
beats 7 and ties 5: 19; +100 beats 7: 14; +50 beats 4 and ties 3: 11; −50 beats
2 and ties 2: 6; −530: 0. In teams the other room's NS scored +420 (4♠ made)."""

import html
import io
import re
import uuid
from fractions import Fraction
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from pypdf import PdfReader

from bridge import calculator, display
from bridge.models import Ruling
from bridge.scoring import SeriousErrorRule, Side, format_scores, serious_error_imps, serious_error_matchpoints
from tests.bridge import sums

FIELD = [110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2
TURNED = [-score for score in FIELD]  # the same board with the seats turned
EXPECTED_7 = "+200 1/3, +500 2/3"  # example 7: −6 × 1/3 + 2 × 2/3 = −2/3, written −0.7
RULES = Path(__file__).resolve().parents[2] / "bridge" / "RULES.md"


# --- Pairs ----------------------------------------------------------------------------


def test_a_table_score_better_than_normal_stands():
    """NS (not offending) made +200 (24 MP), more than the normal +110 (19): the
    score stands; the damage of 19 − 14 = 5 is not added to a top (that was 29)."""
    result = serious_error_matchpoints(FIELD, normal=110, expected=100, table=200, offenders="EW")
    assert (result.normal.written, result.expected.written, result.table.written) == (19, 14, 24)
    assert result.rule is SeriousErrorRule.TABLE_STANDS
    assert not result.damaged
    assert (result.ns, result.ew) == (24, 0)
    assert result.consequent_damage == 0


def test_a_table_score_equal_to_normal_stands():
    result = serious_error_matchpoints(FIELD, normal=110, expected=100, table=110, offenders="EW")
    assert result.rule is SeriousErrorRule.TABLE_STANDS
    assert (result.ns, result.ew) == (19, 5)


def test_a_table_score_at_least_the_expected_one_has_no_self_inflicted_damage():
    """Normal +110 (19), expected −50 (6), table +50 (11): NS did better than expected,
    so the whole damage, 19 − 11 = 8, is consequent: NS 11 + 8 = 19, EW 24 − 19 = 5
    (not 11 + 13 = 24, more than the normal score)."""
    result = serious_error_matchpoints(FIELD, normal=110, expected=-50, table=50, offenders="EW")
    assert result.rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE
    assert result.damaged
    assert result.consequent_damage == 8
    assert (result.ns, result.ew) == (19, 5)


def test_a_table_score_equal_to_the_expected_one_has_no_self_inflicted_damage():
    result = serious_error_matchpoints(FIELD, normal=110, expected=100, table=100, offenders="EW")
    assert result.rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE
    assert result.consequent_damage == 5
    assert (result.ns, result.ew) == (19, 5)


def test_an_expected_score_at_least_the_normal_one_is_no_consequent_damage():
    """Normal +100 (14), expected +110 (19), table −530 (0): the infraction did the
    non-offenders no harm, so they keep their table score; the offenders get the
    normal score, 24 − 14 = 10, not the 24 the non-offenders' error gave them."""
    result = serious_error_matchpoints(FIELD, normal=100, expected=110, table=-530, offenders="EW")
    assert result.rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE
    assert (result.ns, result.ew) == (0, 10)


def test_below_both_the_table_score_gets_the_consequent_damage():
    """Example 6: 0 + (19 − 14) = 5 for NS, 24 − 19 = 5 for EW."""
    result = serious_error_matchpoints(FIELD, normal=110, expected=100, table=-530, offenders="EW")
    assert result.rule is SeriousErrorRule.TABLE_PLUS_DAMAGE
    assert (result.consequent_damage, result.ns, result.ew) == (5, 5, 5)


@pytest.mark.parametrize(
    ("normal", "expected", "table", "rule", "ns", "ew"),
    [
        (-110, -100, -200, SeriousErrorRule.TABLE_STANDS, 0, 24),
        (-110, 50, -50, SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE, 5, 19),
        (-100, -110, 530, SeriousErrorRule.NO_CONSEQUENT_DAMAGE, 10, 0),
        (-110, -100, 530, SeriousErrorRule.TABLE_PLUS_DAMAGE, 5, 5),
    ],
)
def test_the_seats_turned_the_rules_turn_with_them(normal, expected, table, rule, ns, ew):
    """NS offended and EW erred: the cases above with every score's sign turned."""
    result = serious_error_matchpoints(TURNED, normal=normal, expected=expected, table=table, offenders=Side.NS)
    assert result.rule is rule
    assert (result.ns, result.ew) == (ns, ew)


# --- Teams ----------------------------------------------------------------------------


def test_example_7_with_a_better_table_score_stands():
    """Table +500 against +420: +80, 2 IMP, better than the normal 0: the score stands
    (NS +2, EW −2), not −15 + 0.7 carried over to +2.7."""
    result = serious_error_imps(420, normal=420, expected=EXPECTED_7, table=500, offenders="EW")
    assert (result.normal.written, result.expected.written, result.table.written) == (0, Fraction(-7, 10), 2)
    assert result.rule is SeriousErrorRule.TABLE_STANDS
    assert (result.ns, result.ew) == (2, -2)
    assert result.vp == (2, -2)
    assert (result.knockout.ns_team, result.knockout.ew_team) == (2, -2)  # (2 − (−2)) / 2


def test_teams_without_self_inflicted_damage():
    """Normal +620 (+200: 5 IMP), expected −0.7, table +450 (+30: 1 IMP): the damage
    is all consequent, 5 − 1 = 4; NS 1 + 4 = 5, EW −5; knock-out (5 + 5) / 2 = 5."""
    result = serious_error_imps(420, normal=620, expected=EXPECTED_7, table=450, offenders="EW")
    assert result.rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE
    assert result.consequent_damage == 4
    assert (result.ns, result.ew, result.vp) == (5, -5, (5, -5))
    assert result.knockout.ns_team == 5


def test_example_7_applies_the_law():
    result = serious_error_imps(420, normal=420, expected=EXPECTED_7, table=-750, offenders="EW")
    assert result.rule is SeriousErrorRule.TABLE_PLUS_DAMAGE
    assert (result.ns, result.ew) == (Fraction(-143, 10), 0)


# --- The rule in words -----------------------------------------------------------------


def plain(text: str) -> str:
    return " ".join(text.split())


def decisions() -> dict[int, str]:
    """RULES.md's numbered decisions: number → text, on one line, lower case."""
    text = RULES.read_text()
    found = re.findall(r"^(\d+)\. (\*\*.*?)(?=^\d+\. \*\*|^#|\Z)", text, re.M | re.S)
    numbers = [int(number) for number, _ in found]
    assert len(numbers) == len(set(numbers)), f"a decision number is used twice: {numbers}"
    return {int(number): plain(body.replace("**", "")).lower() for number, body in found}


def test_each_decision_has_one_number():
    assert sorted(decisions()) == list(range(1, len(decisions()) + 1))


@pytest.mark.parametrize("rule", list(SeriousErrorRule))
def test_each_rule_cites_the_decision_or_law_that_states_it(rule):
    name = rule.words.split(":")[0].lower()  # "the table score stands", "no self-inflicted damage" ...
    cited = re.fullmatch(r"Decision (\d+)|Law 12C1b", rule.authority)
    assert cited
    if cited[1]:
        assert name in decisions()[int(cited[1])]
    else:
        assert name in decisions()[13]
        assert "the offending side should be awarded the score that it would have been allotted" in decisions()[13]
        assert "the normal score for the offending side (law 12c1b; examples 6 and 7)" in decisions()[13]
    assert str(rule) == f"{rule.words} ({rule.authority})."


STANDS = {
    "field": "+110 x5, +50 x3, -50 x2, -110 x2",
    "normal": "+110",
    "expected": "+100",
    "table": "+200",
    "offenders": "EW",
}
STANDS_WORDS = "The table score stands: it is at least the normal score for the non-offending side (Decision 13)."


def test_the_working_names_the_rule_and_its_sums_add_up():
    chosen = calculator.CALCULATIONS["pairs-serious-error"]
    working = display.working(chosen, calculator.calculate(chosen, STANDS))
    assert working.notes == (STANDS_WORDS,)
    assert [line.text for line in working.lines] == [
        "Damage to NS: normal 19 − table (24) = −5 is no damage: the table score is at least the normal score "
        "for them, so it stands for both sides.",
        "NS (non-offending), the table score: 24",
        "EW (offending), the table score: 24 − 24 = 0",
    ]
    teams = calculator.CALCULATIONS["teams-serious-error"]
    inputs = {"other_room": "+420", "normal": "+620", "expected": EXPECTED_7, "table": "+450", "offenders": "EW"}
    working = display.working(teams, calculator.calculate(teams, inputs))
    assert working.notes == (
        str(SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE),
        "EW, the offending side, get their normal score, −5 IMP: the table score is below the normal score for NS, "
        "so the score is adjusted, and Law 12C1b gives the offending side \u201cthe score that it would have been "
        "allotted as the consequence of its infraction only\u201d, whatever NS did after it.",
    )
    assert [line.text for line in working.sections[-1].lines[:3]] == [
        "Consequent damage to NS: normal +5 − table (+1) = 4 (all of it: the table score, +1, is at least the "
        "expected score, −0.7, for them)",
        "NS (non-offending): table +1 + damage 4 = +5",
        "EW (offending), the normal score: −5",
    ]
    for line in working.lines:
        sums.check_line(line.working, 1)


def test_the_page_and_the_printed_ruling_say_which_rule_applied(client):
    slug = "pairs-serious-error"
    url = reverse("bridge:calculator", args=[slug])
    page = client.post(url, {**STANDS, "vulnerability": "", "action": "calculate"}).content.decode()
    assert f'<p class="working-note">{STANDS_WORDS}</p>' in page
    ruling = {"event": "Club pairs", "board": "3", "date": "2026-11-20", "note": "", "entry_key": str(uuid.uuid4())}
    client.post(url, {**STANDS, "vulnerability": "", "action": "save", **ruling})
    saved = Ruling.objects.get()
    assert STANDS_WORDS in client.get(reverse("bridge:ruling", args=[saved.pk])).content.decode()
    printed = client.get(reverse("bridge:ruling_pdf", args=[saved.pk])).content
    text = plain("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(printed)).pages))
    assert STANDS_WORDS in text
    assert "NS (non-offending), the table score: 24" in text



CASES = {
    # rule: the pairs scores (normal, expected, table) on FIELD, then the teams scores against +420
    SeriousErrorRule.TABLE_STANDS: ((110, 100, 200), (420, EXPECTED_7, 500)),
    SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE: ((110, -50, 50), (620, EXPECTED_7, 450)),
    SeriousErrorRule.NO_CONSEQUENT_DAMAGE: ((100, 110, -530), (420, "+620 1/3, +650 2/3", -750)),
    SeriousErrorRule.TABLE_PLUS_DAMAGE: ((110, 100, -530), (420, EXPECTED_7, -750)),
}


def typed(value, sign: int) -> str:
    """A score or weighted outcomes as typed, each NS score's sign turned when ``sign`` is −1."""
    if isinstance(value, int):
        return f"{sign * value:+d}"
    return ", ".join(f"{sign * int(score):+d} {weight}" for score, weight in (part.split() for part in value.split(", ")))


@pytest.mark.parametrize("offenders", ["EW", "NS"])
@pytest.mark.parametrize("rule", list(SeriousErrorRule))
def test_each_rule_reads_in_words_and_adds_up_on_the_page(rule, offenders):
    """Each rule, with either side offending (NS offending: the seats turned, every
    sign turned), in pairs and in teams: the page says the rule in words beside the
    verdict, and every line of the working adds up as written."""
    sign = 1 if offenders == "EW" else -1
    pairs, teams = CASES[rule]
    for slug, board, scores, places in (
        ("pairs-serious-error", {"field": format_scores(sign * score for score in FIELD)}, pairs, 2),
        ("teams-serious-error", {"other_room": typed(420, sign)}, teams, 1),
    ):
        inputs = {**board, **{name: typed(value, sign) for name, value in zip(("normal", "expected", "table"), scores)}}
        chosen = calculator.CALCULATIONS[slug]
        result = calculator.calculate(chosen, {**inputs, "offenders": offenders})
        assert result.rule is rule, (slug, inputs)
        working = display.working(chosen, result)
        page = render_to_string("bridge/includes/working.html", {"working": working})
        assert f'<p class="working-note">{rule}</p>' in page
        ruling = working.sections[-1]
        # The difference that chose the rule, from the non-offending side, worked out.
        assert ruling.title == "The ruling" and ruling.lines[0].label.endswith(f"to {result.non_offenders}")
        assert ruling.lines[0].relations == ("=",)
        assert sums.page_lines(page) == [line.working for line in working.lines]
        assert sums.check_page(page, places) >= 1


# --- The offending side gets its normal score whenever the table score is below it ----


def test_no_consequent_damage_still_gives_the_offenders_their_normal_score():
    """Normal −50 (NS 6), expected −50, table −530 (NS 0), EW offending: the
    table score is below the normal score for NS, so EW get the normal score,
    24 − 6 = 18, not the 24 NS's error gave them; NS keep their 0."""
    result = serious_error_matchpoints(FIELD, normal=-50, expected=-50, table=-530, offenders="EW")
    assert result.rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE
    assert (result.consequent_damage, result.ns, result.ew) == (0, 0, 18)


def test_an_expected_score_better_than_normal_still_gives_the_offenders_their_normal_score():
    """Normal +50 (NS 11), expected +110 (NS 19), table −110 (NS 2): EW get
    24 − 11 = 13, not 22; NS keep their table score, 2."""
    result = serious_error_matchpoints(FIELD, normal=50, expected=110, table=-110, offenders="EW")
    assert result.rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE
    assert (result.consequent_damage, result.ns, result.ew) == (0, 2, 13)


def test_the_rule_is_chosen_from_the_exact_figures_not_the_written_ones_in_pairs():
    """Normal +110 1/3, +50 2/3: exactly 13 2/3 for NS, written 6.33 + 7.33 = 13.66;
    expected +110 33.25%, +50 66.75%: exactly 13.66, written 13.66. As written the
    two tie, but exactly the expected score is below the normal one: the table score
    plus the consequent damage, 0 + (13.66 − 13.66) = 0 for NS, and EW get their
    normal score as the sheet writes it, 24 − 13.66 = 10.34 (exactly 31/3)."""
    result = serious_error_matchpoints(
        FIELD, normal="+110 1/3, +50 2/3", expected="+110 33.25%, +50 66.75%", table=-530, offenders="EW"
    )
    assert result.normal.exact == Fraction(41, 3) and result.normal.written == Fraction(1366, 100)
    assert result.expected.exact == result.expected.written == Fraction(1366, 100)
    assert result.rule is SeriousErrorRule.TABLE_PLUS_DAMAGE
    assert (result.consequent_damage, result.ns, result.ew) == (0, 0, Fraction(1034, 100))


def test_the_rule_is_chosen_from_the_exact_figures_not_the_written_ones_in_teams():
    """Against +1580 in the other room: −300 is −18 IMP, +80 is −17. Normal
    −300 16/21, +80 5/21: exactly −17.76 for NS, written −13.7 − 4 = −17.7;
    expected −300 2/3, +80 1/3: exactly −17.67, written −17.7. Table +1350: −6.
    NS offended; for EW the expected score is exactly below the normal one, so
    NS get their normal score, −17.7 (−18 in a VP match), not −6; EW keep +6."""
    result = serious_error_imps(
        1580, normal="-300 16/21, +80 5/21", expected="-300 2/3, +80 1/3", table=1350, offenders="NS"
    )
    assert result.normal.exact == Fraction(-373, 21) and result.normal.written == Fraction(-177, 10)
    assert result.expected.written == Fraction(-177, 10)
    assert result.rule is SeriousErrorRule.TABLE_PLUS_DAMAGE
    assert (result.consequent_damage, result.ns, result.ew) == (0, Fraction(-177, 10), 6)
    assert result.vp == (-18, 6)


def test_the_page_and_the_printed_ruling_say_what_the_offenders_get_and_why(client):
    inputs = {"field": format_scores(FIELD), "normal": "-50", "expected": "-50", "table": "-530", "offenders": "EW"}
    words = (
        "EW, the offending side, get their normal score, 18 MP: the table score is below the normal score for NS, "
        "so the score is adjusted, and Law 12C1b gives the offending side \u201cthe score that it would have been "
        "allotted as the consequence of its infraction only\u201d, whatever NS did after it."
    )
    url = reverse("bridge:calculator", args=["pairs-serious-error"])
    page = client.post(url, {**inputs, "vulnerability": "", "action": "calculate"}).content.decode()
    assert words in plain(html.unescape(page))
    assert (
        "Whenever the non-offending side's table score is below its normal score, the offending side gets the "
        "normal score" in plain(html.unescape(page))
    )
    ruling = {"event": "Club pairs", "board": "3", "date": "2026-11-20", "note": "", "entry_key": str(uuid.uuid4())}
    client.post(url, {**inputs, "vulnerability": "", "action": "save", **ruling})
    saved = Ruling.objects.get()
    printed = client.get(reverse("bridge:ruling_pdf", args=[saved.pk])).content
    text = plain(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(printed)).pages))
    assert words in text
    assert "EW (offending), the normal score: 24 − 6 = 18" in text
