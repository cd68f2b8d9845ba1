"""What the working says in words besides its sums: weights read as the simple
fractions they round (and the rule a serious-error ruling applied, see
test_serious_error.py)."""

from django.urls import reverse

from bridge import calculator, display

FIELD = "+110 x5, +50 x3, -50 x2, -110 x2"
THIRDS = "The weights 33.3% and 66.6% are read as 1/3 and 2/3, the simple fractions they round."


def worked(slug, inputs):
    chosen = calculator.CALCULATIONS[slug]
    return display.working(chosen, calculator.calculate(chosen, inputs))


def test_rounded_percentages_are_calculated_as_thirds_and_the_working_says_so():
    typed = worked("pairs-weighted", {"field": FIELD, "weights": "+110 33.3%, -50 66.6%"})
    thirds = worked("pairs-weighted", {"field": FIELD, "weights": "+110 1/3, -50 2/3"})
    assert typed.notes == (THIRDS,)
    assert thirds.notes == ()
    assert typed.results == thirds.results and typed.tables == thirds.tables
    teams = worked("teams-weighted", {"weights": "-650 33.3%, +300 66.6%", "other_room": "+620"})
    assert teams.notes == (THIRDS,)
    assert teams.summary == "NS team −10.3 IMP · EW team +10.3 IMP"


def test_a_serious_error_ruling_says_its_rule_then_its_readings():
    working = worked(
        "teams-serious-error",
        {"other_room": "+420", "normal": "+420", "expected": "+200 33.3%, +500 66.7%", "table": "-750", "offenders": "EW"},
    )
    assert len(working.notes) == 3
    assert working.notes[0].startswith("The table score plus the consequent damage")
    assert working.notes[1].startswith("EW, the offending side, get their normal score, 0 IMP:")
    assert working.notes[2] == "The weights 33.3% and 66.7% are read as 1/3 and 2/3, the simple fractions they round."


def test_the_page_says_how_the_weights_were_read(client):
    url = reverse("bridge:calculator", args=["pairs-weighted"])
    page = client.post(url, {"field": FIELD, "weights": "+110 33.3%, -50 66.6%", "vulnerability": "", "action": "calculate"})
    assert page.status_code == 200
    text = page.content.decode()
    assert f'<p class="working-note">{THIRDS}</p>' in text
    assert "a percentage or a decimal that rounds a simple fraction is read as that fraction" in text
