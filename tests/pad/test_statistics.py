"""The pad's statistics are declared once (pad.statistics.STATISTICS) and every
page and export reads them: a statistic added there shows on the pad page, the
printed pad, the blank pad, the CSV and the partnership page."""

import csv
import dataclasses
import datetime
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from pad import rules, services, statistics
from pad.statistics import STATISTICS, Statistic, Tally, statistic_values
from tests.conftest import record_outcomes


def pdf_text(content: bytes) -> str:
    return " ".join(
        " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages).split()
    )


def csv_rows(client) -> list[list[str]]:
    response = client.get(reverse("games_csv"))
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode().removeprefix("\ufeff"))))


def everywhere(client, game) -> dict[str, str]:
    """The text of every place the statistics show."""
    partnership = game.partnership
    return {
        "pad page": client.get(reverse("game_pad", args=[game.pk])).content.decode(),
        "printed pad": pdf_text(client.get(reverse("game_pad_pdf", args=[game.pk])).content),
        "blank pad": pdf_text(
            client.get(reverse("partnership_blank_pdf", args=[partnership.pk])).content
        ),
        "partnership page": client.get(
            reverse("partnership_detail", args=[partnership.pk])
        ).content.decode(),
        "csv": "\n".join(",".join(row) for row in csv_rows(client)),
    }


def test_longest_run_of_made_hands_shows_everywhere(client, game):
    record_outcomes(game, "MMPMMMIMM")  # runs of M: 2, 3, 2
    places = everywhere(client, game)
    for place, text in places.items():
        assert "run of M" in text, place
    assert "<dt>Longest run of M</dt>" in places["pad page"]
    assert "Longest run of M 3" in places["printed pad"]
    header, *rows = csv_rows(client)
    assert len(rows) == 9  # a row per hand, each with the game's statistics
    assert {row[header.index("longest run of M")] for row in rows} == {"3"}


def test_the_longest_run_over_many_games_is_the_longest_of_any_game(client, partnership):
    first = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(first, "MMMMIMMMIMMM")  # won; runs of 4, 3 and 3
    second = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 10))
    record_outcomes(second, "MMMMMIMMMMM")  # won; runs of 5 and 5
    page = client.get(reverse("partnership_detail", args=[partnership.pk])).content.decode()
    tile = page[page.index("Longest run of M") :]
    assert '<span class="big">5</span>' in tile[:200]


@pytest.fixture
def statistic_added(monkeypatch):
    """A statistic declared in pad.statistics and nowhere else."""
    added = Statistic(
        key="impossible_share",
        name="Fates' own",
        explanation="impossible / all hands",
        value=lambda tally: rules.Ratio(tally["impossible_count"], tally["hand_count"]),
        heading="impossible share",
        is_ratio=True,
    )
    monkeypatch.setattr(statistics, "STATISTICS", (*STATISTICS, added))
    return added


def test_a_statistic_declared_once_shows_on_every_page_and_export(client, game, statistic_added):
    record_outcomes(game, "MIPMI")
    places = everywhere(client, game)
    csv_text = places.pop("csv")
    for place, text in places.items():
        assert statistic_added.name.replace("'", "&#x27;") in text or statistic_added.name in text, place
        assert statistic_added.explanation in text, place
    assert statistic_added.heading in csv_text
    header, row, *_other_hands = csv_rows(client)
    # Its two counts, each in a column named by the explanation.
    assert row[header.index("impossible share: impossible")] == "2"
    assert row[header.index("impossible share: all hands")] == "5"


def test_statistic_values_follow_the_declared_order_and_name_the_partners():
    names = {rules.Seat.ODD: "Jon", rules.Seat.EVEN: "Richard"}
    values = statistic_values(Tally(), names)
    assert [value.key for value in values] == [statistic.key for statistic in STATISTICS]
    assert [value.name for value in values if value.key.endswith("generosity")] == ["Jon dealt", "Richard dealt"]
    assert all(value.value == "-" for value in values if value.is_ratio)


def test_every_stored_count_is_a_field_of_the_game():
    from pad.models import Game

    for count in statistics.STORED_COUNTS:
        field = Game._meta.get_field(count.field)
        assert not field.editable and field.default == 0
    # The class declares them by type too, for mypy: the same counts, no other.
    assert list(Game.__annotations__) == [count.field for count in statistics.STORED_COUNTS]


def test_counts_of_a_pad_are_what_the_hands_say():
    hands, dealer = [], rules.Seat.ODD
    for number, outcome in enumerate("MMPMMMIMM", start=1):
        hands.append(rules.PlayedHand(number, rules.Outcome(outcome), dealer))
        dealer = dealer.other
    counts = statistics.counts_of(rules.compute_pad(hands))
    assert counts == {
        "hand_count": 9,
        "made_count": 7,
        "possible_count": 1,
        "impossible_count": 1,
        "odd_dealt": 5,  # hands 1, 3, 5, 7, 9: M P M I M
        "odd_makeable": 4,
        "even_dealt": 4,  # hands 2, 4, 6, 8: all M
        "even_makeable": 4,
        "longest_made_run": 3,
    }


def test_a_statistic_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        STATISTICS[0].name = "Other"


def test_a_name_too_long_for_a_heading_gives_way_to_the_seat():
    generosity = next(statistic for statistic in STATISTICS if statistic.seat is rules.Seat.ODD)
    fits = {rules.Seat.ODD: "J" * statistics.NAME_IN_HEADING, rules.Seat.EVEN: "Richard"}
    too_long = {rules.Seat.ODD: "J" * (statistics.NAME_IN_HEADING + 1), rules.Seat.EVEN: "Richard"}
    assert generosity.title(fits) == "J" * statistics.NAME_IN_HEADING + " dealt"
    assert generosity.title(too_long) == "Odd partner dealt"
    even_generosity = next(statistic for statistic in statistics.STATISTICS if statistic.key == "even_generosity")
    assert even_generosity.title(fits) == "Richard dealt"
    assert even_generosity.title(too_long) == "Even partner dealt"  # beside "Odd partner dealt", not "Richard dealt"
