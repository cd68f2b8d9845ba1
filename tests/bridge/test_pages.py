"""The director's calculator pages: the working as the director types, a ruling
saved once and only when it calculates, private to its director, in the
history, and printed as it shows on screen."""

import datetime
import io
import re
import uuid

import pytest
from django.urls import reverse
from pypdf import PdfReader

from bridge.models import Ruling
from tests.bridge.test_calculator import EXAMPLES
from tests.names import fsi
from tests.printing import assert_printed_alike

HTMX = {"HTTP_HX_REQUEST": "true"}


def calculator_url(slug):
    return reverse("bridge:calculator", args=[slug])


def example_post(name, action="calculate", **extra):
    slug, inputs = EXAMPLES[name]
    return slug, {**inputs, "vulnerability": "", "action": action, **extra}


def save_post(name="example 1", **extra):
    ruling = {"event": "Club pairs", "board": "7", "date": "2026-11-20", "note": "Hesitation before 2♠.", "entry_key": str(uuid.uuid4())}
    return example_post(name, "save", **(ruling | extra))


@pytest.fixture
def ruling(client):
    slug, data = save_post()
    client.post(calculator_url(slug), data)
    return Ruling.objects.get()


def test_the_calculator_offers_every_calculation(client):
    page = client.get(reverse("bridge:calculator_home")).content.decode()
    for slug in ("pairs-weighted", "pairs-split", "pairs-serious-error", "teams-weighted", "teams-split", "teams-serious-error"):
        assert f'href="{calculator_url(slug)}"' in page
    assert "No rulings saved yet." in page


def test_an_unknown_calculation_is_404(client):
    assert client.get("/bridge/pairs-average/").status_code == 404


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_each_reference_example_shows_its_figures_and_working(client, name):
    slug, data = example_post(name)
    response = client.post(calculator_url(slug), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert '<section class="working"' in page and "<table" in page
    expected = {
        "example 1": ["13.8", "10.2", "<td>5.6</td>", "<td>19.4</td>"],
        "example 2": ["−10.3", "+10.3", "<td>−1270</td>"],
        "example 3": ["<th scope=\"col\">Freq.</th>", "<td>−690</td>"],
        "examples 4 and 5": ["−16", "−10", "Knock-out match: both get the average"],
        "example 6": ["Consequent damage to NS: normal 19 − expected (14) = 5"],
        "example 7": ["−14.3", "−7.1", "+7.1", "VP match: whole IMPs"],
    }[name]
    as_read = re.sub(r"<[^>]+>", "", page)  # the working's steps are spans of their own
    for text in expected:
        assert text in page or text in as_read


def test_as_the_director_types_htmx_gets_the_working_alone(client):
    slug, data = example_post("example 1")
    response = client.post(calculator_url(slug), data, **HTMX)
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="working"')
    assert "<form" not in page and '<span class="figure">13.8</span>' in page
    # Half typed: the working says what is missing, still 200 for htmx to show it.
    response = client.post(calculator_url(slug), {**data, "weights": "+110 60%, -50"}, **HTMX)
    assert response.status_code == 200
    assert "No working yet" in response.content.decode() and "is not a score and its weight" in response.content.decode()


def announcement(page: str) -> str:
    return re.search(r'<div id="working" class="working-region" data-announce="([^"]*)"', page).group(1)


def test_as_the_director_types_the_result_line_follows_and_only_news_is_told(client):
    slug, data = example_post("example 1")
    page = client.post(calculator_url(slug), data, **HTMX).content.decode()
    # The line kept in view comes with the working, swapped out of band.
    assert '<p id="working-summary" class="working-summary worked" hx-swap-oob="true">' in page
    assert '<span class="summary-line">NS 13.8 MP · EW 10.2 MP</span>' in page
    assert announcement(page) == "Working: NS 13.8 MP · EW 10.2 MP."
    # One field typed, the other still empty: the line says so, nothing is told.
    page = client.post(calculator_url(slug), {**data, "weights": ""}, **HTMX).content.decode()
    assert (
        '<span class="summary-line">No working yet: The adjusted outcomes (NS scores) with their weights: '
        "This field is required.</span>"
    ) in page
    assert announcement(page) == ""
    # A problem in what was typed is news.
    page = client.post(calculator_url(slug), {**data, "weights": "+110 60%"}, **HTMX).content.decode()
    assert announcement(page).startswith(
        "No working yet: The adjusted outcomes (NS scores) with their weights: The weights add up to 60%"
    )
    # The live region is the page's own, outside what is swapped; the working region itself is silent.
    page = client.get(calculator_url(slug)).content.decode()
    assert '<p id="working-announcer" class="visually-hidden" role="status"></p>' in page
    working = page[page.index('<div id="working"') : page.index('id="working-announcer"')]
    assert "role=" not in working and "aria-live" not in working


def test_a_refused_save_opens_on_its_problems_linked_to_their_fields(client):
    slug, data = save_post()
    response = client.post(calculator_url(slug), {**data, "event": "", "weights": "+110 60%", "note": "Kept."})
    page = response.content.decode()
    assert response.status_code == 400
    summary = page[page.index('<div class="error-summary"') : page.index('id="working-summary"')]
    assert 'tabindex="-1"' in summary and "autofocus" in summary and "The ruling is not saved" in summary
    assert re.findall(r'<a href="#(\w+)">', summary) == ["id_weights", "id_event"]
    assert "Event: This field is required." in summary
    # Each problem is beside its field too, and what was typed is kept.
    assert '<div id="id_event_error"><p class="error">This field is required.</p></div>' in page
    assert '<div id="id_weights_error"><p class="error">The weights add up to 60%' in page
    assert "Kept.</textarea>" in page and 'name="board" value="7"' in page
    # A refused calculation opens on its problem as well.
    page = client.post(calculator_url(slug), {**data, "action": "calculate", "field": "+115"}).content.decode()
    assert "No working yet</h2>" in page and '<a href="#id_field">' in page
    # A page that is not refused has no summary.
    assert "error-summary" not in client.post(calculator_url(slug), {**data, "action": "calculate"}).content.decode()


def test_a_refused_calculation_names_the_input_beside_it(client):
    slug, data = example_post("example 1")
    response = client.post(calculator_url(slug), {**data, "weights": "+110 20.1%, -50 79.8%"})
    page = response.content.decode()
    assert response.status_code == 400
    assert (
        '<div id="id_weights_error"><p class="error">The weights add up to 99.9%, not 1 (100%): 20.1%, 79.8% '
        "(20.1% and 79.8% are no simple fractions rounded, as 33.3% is 1/3).</p>"
    ) in page
    assert 'aria-invalid="true"' in page
    # What was typed is kept.
    assert "+110 20.1%, -50 79.8%" in page


def test_saving_a_ruling_goes_to_its_book_with_the_ruling_in_view_and_said(client, user):
    slug, data = save_post()
    response = client.post(calculator_url(slug), data)
    ruling = Ruling.objects.select_related("book").get()
    book_url = reverse("bridge:book", args=[ruling.book.pk])
    assert response.status_code == 302 and response["Location"] == f"{book_url}#ruling-1"
    assert (ruling.book.created_by, ruling.book.date, ruling.number) == (user, datetime.date(2026, 11, 20), 1)
    assert (ruling.event, ruling.board) == ("Club pairs", 7)
    assert ruling.inputs == {"field": "+110 x5, +50 x3, -50 x2, -110 x2", "weights": "+110 60%, -50 40%"}
    page = client.get(book_url).content.decode()
    assert "<h1>Rulings, Friday 20 November 2026</h1>" in page
    assert f"Ruling 1 · {fsi('Club pairs')}, board 7 recorded" in page  # the toast, with its Undo
    assert 'form="undo-last" name="number" value="1"' in page
    assert 'id="ruling-1"' in page and "NS 13.8 MP · EW 10.2 MP" in page
    assert reverse("bridge:ruling", args=[ruling.pk]) in page
    ruling_page = client.get(reverse("bridge:ruling", args=[ruling.pk])).content.decode()
    assert '<span class="figure">13.8</span>' in ruling_page and "Hesitation before 2♠." in ruling_page


def test_a_ruling_is_saved_once_however_often_its_form_is_sent(client):
    slug, data = save_post()
    first = client.post(calculator_url(slug), data)
    second = client.post(calculator_url(slug), data)
    assert Ruling.objects.count() == 1
    assert (first.status_code, first["X-Entry"]) == (302, "done")
    assert (second.status_code, second["X-Entry"]) == (204, "done")  # stored already: nothing ran


def test_the_same_form_changed_and_saved_again_is_a_second_ruling(client):
    slug, data = save_post()
    client.post(calculator_url(slug), data)
    client.post(calculator_url(slug), {**data, "board": "8", "entry_key": str(uuid.uuid4())})
    assert list(Ruling.objects.order_by("number").values_list("number", "board")) == [(1, 7), (2, 8)]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"weights": "+110 60%"}, "The weights add up to 60%"),
        ({"field": "+115"}, "+115 is not a possible bridge score"),
        ({"event": ""}, "This field is required."),
        ({"board": "1000"}, "less than or equal to 999"),
        ({"date": "2026-02-30"}, "Enter a valid date."),
        ({"event": "Club\u202epairs"}, "invisible text-direction control"),
        ({"note": "x" * 2001}, "at most 2000 characters"),
        ({"vulnerability": "north"}, "Select a valid choice"),
    ],
)
def test_a_refused_save_saves_nothing_and_says_why(client, change, message):
    slug, data = save_post()
    response = client.post(calculator_url(slug), {**data, **change})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Ruling.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"field": "\x00", "weights": "+110 1"},
        {"field": "+110 x" + "9" * 5000, "weights": "+110 1"},
        {"field": "+110", "weights": "+110 " + "1/" + "3" * 3000},
        {"field": "+110", "weights": "+110 " + "9" * 50 + "%"},
        {"field": ["+110", "+50"], "weights": {"a": 1}},
        {},
    ],
)
def test_hostile_input_is_a_clear_refusal(client, data):
    response = client.post(calculator_url("pairs-weighted"), {"action": "save", **data})
    assert response.status_code == 400
    assert not Ruling.objects.exists()


def test_rulings_are_their_directors_alone(ruling, stranger_client, anonymous_client):
    for url in (reverse("bridge:ruling", args=[ruling.pk]), reverse("bridge:ruling_pdf", args=[ruling.pk])):
        assert stranger_client.get(url).status_code == 404
        assert anonymous_client.get(url).status_code == 302  # to the login page
    assert stranger_client.post(reverse("bridge:ruling_delete", args=[ruling.pk])).status_code == 404
    assert "Club pairs" not in stranger_client.get(reverse("bridge:calculator_home")).content.decode()
    # Starting from another director's ruling starts from an empty board.
    page = stranger_client.get(calculator_url("pairs-weighted") + f"?ruling={ruling.pk}").content.decode()
    assert 'value="+110 60%, -50 40%"' not in page
    assert Ruling.objects.count() == 1


def test_calculate_again_starts_from_the_rulings_board(client, ruling):
    page = client.get(calculator_url("pairs-weighted") + f"?ruling={ruling.pk}").content.decode()
    assert "+110 x5, +50 x3, -50 x2, -110 x2</textarea>" in page
    assert 'value="+110 60%, -50 40%"' in page
    # The working is there at once, as for the ruling itself: nothing need be edited first.
    assert '<section class="working"' in page and "13.8" in page
    for bad in ("x", "-1", "99999999999999999999999"):
        assert client.get(calculator_url("pairs-weighted") + f"?ruling={bad}").status_code == 200


def test_deleting_a_ruling(client, ruling):
    response = client.post(reverse("bridge:ruling_delete", args=[ruling.pk]))
    assert response.status_code == 302
    assert not Ruling.objects.exists()
    assert client.get(reverse("bridge:ruling", args=[ruling.pk])).status_code == 404


def test_a_double_tap_on_delete_deletes_once_and_lands_on_the_rulings_list(client, ruling):
    url = reverse("bridge:ruling_delete", args=[ruling.pk])
    assert client.post(url).status_code == 302
    second = client.post(url, follow=True)  # the second tap, after the first deleted it
    assert second.status_code == 200
    assert second.redirect_chain == [(reverse("bridge:calculator_home"), 302)]
    page = second.content.decode()
    assert "Ruling 1 · \u2068Club pairs\u2069, board 7 deleted from Rulings, Friday 20 November 2026." in page  # the first tap
    assert "That ruling was deleted already." in page
    assert not Ruling.objects.exists()
    # Another ruling this session never deleted is no such ruling.
    assert client.post(reverse("bridge:ruling_delete", args=[ruling.pk + 1])).status_code == 404


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_printed_ruling_matches_the_screen(client, ruling):
    response = client.get(reverse("bridge:ruling_pdf", args=[ruling.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="ruling-2026-11-20-club-pairs-board-7.pdf"' in response["Content-Disposition"]
    text = pdf_text(response.content)
    for expected in (
        "Club pairs, board 7",
        "Pairs (matchpoints): weighted score",
        "Hesitation before 2♠.",
        "13.8",
        "10.2",
        "NS: 60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8 MP",
        "+110 x5, +50 x3, -50 x2, -110 x2",
    ):
        assert expected in text
    letter = client.get(reverse("bridge:ruling_pdf", args=[ruling.pk]) + "?size=letter")
    assert PdfReader(io.BytesIO(letter.content)).pages[0].mediabox.height == 792
    assert client.get(reverse("bridge:ruling_pdf", args=[ruling.pk]) + "?size=a0").status_code == 400


def test_rulings_are_in_the_history_and_on_the_front_page(client, ruling):
    history = client.get(reverse("game_list")).content.decode()
    assert "<bdi>Club pairs</bdi>, board 7" in history and "NS 13.8 MP · EW 10.2 MP" in history
    assert "Club pairs" in client.get(reverse("game_list") + "?game=bridge").content.decode()
    assert "Club pairs" not in client.get(reverse("game_list") + "?game=gorilla").content.decode()
    # The search looks in the event and the note, ignoring case and accents.
    assert "Club pairs" in client.get(reverse("game_list") + "?player=HESITATION").content.decode()
    assert "Club pairs" not in client.get(reverse("game_list") + "?player=Teams").content.decode()
    front = client.get(reverse("front_page")).content.decode()
    assert "<bdi>Club pairs</bdi>, board 7" in front and reverse("bridge:calculator_home") in front


def test_the_pages_run_a_fixed_number_of_queries(client, ruling, django_assert_num_queries):
    slug, data = example_post("example 1")
    with django_assert_num_queries(1):  # the user (the session is read from its cache)
        client.post(calculator_url(slug), data, **HTMX)
    with django_assert_num_queries(2):  # the user, the ruling
        client.get(reverse("bridge:ruling", args=[ruling.pk]))
    _, data = save_post()
    # the user, the key looked up, the savepoint, the account's row locked and
    # its rulings of the day counted (the day's limit), the book of the day
    # read under its lock and its rulings (what the answer draws), the ruling
    # and its key stored, the book's revision raised, the savepoint's release,
    # and the key looked up again (its transaction commits only after the test)
    with django_assert_num_queries(12):
        client.post(calculator_url(slug), data)


def test_the_ruling_prints_the_same_as_with_weasyprints_stylesheet(client, ruling, tmp_path, monkeypatch):
    assert_printed_alike(
        lambda: [client.get(reverse("bridge:ruling_pdf", args=[ruling.pk])).content], tmp_path, monkeypatch
    )
