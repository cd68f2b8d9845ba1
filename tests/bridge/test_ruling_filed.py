"""What a director files with a ruling beside its figures: the pairs' (or teams')
numbers, the contract and declarer as played, the auction and the director's
name; saved, refused, shown, printed and downloaded."""

import datetime
import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from bridge import calculator, services
from bridge.models import Ruling
from bridge.scoring import possible_scores
from scorepads.recording import RecordingError
from tests.bridge.test_pages import calculator_url, save_post
from tests.card_table.test_accounts import archive_of
from tests.printing import assert_printed_alike

FILED = {
    "ns_pair": "7",
    "ew_pair": "12",
    "contract": "3♦X",
    "declarer": "N",
    "auction": "1♥ 2♦ pass 3♦\npass pass 3♥ X\nall pass",
    "director": "Maria Director",
}


@pytest.fixture
def director(db, django_user_model):
    """An account whose user name must never be printed."""
    return django_user_model.objects.create_user(
        username="tdaccount4471", password="gorilla-pad-pass-3", first_name="Maria", last_name="Director"
    )


@pytest.fixture
def director_client(director):
    client = Client()
    client.force_login(director)
    return client


def saved(client, name="example 1", **extra) -> Ruling:
    slug, data = save_post(name, **{**FILED, **extra})
    response = client.post(calculator_url(slug), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Ruling.objects.order_by("pk").last()


def pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def test_the_form_offers_the_accounts_full_name_as_the_director(director_client, client):
    page = director_client.get(calculator_url("pairs-weighted")).content.decode()
    assert 'name="director" value="Maria Director"' in page
    for name in ("ns_pair", "ew_pair", "contract", "declarer", "auction"):
        assert f'name="{name}"' in page
    # An account without a full name: the director's name is left for the director to type.
    page = client.get(calculator_url("pairs-weighted")).content.decode()
    assert 'name="director"' in page and 'name="director" value=' not in page
    # Calculating again keeps what was typed, a name cleared on purpose too.
    slug, data = save_post(director="", ns_pair="7")
    page = director_client.post(calculator_url(slug), {**data, "action": "calculate"}).content.decode()
    assert 'name="director" value=' not in page and 'name="ns_pair" value="7"' in page


def test_the_filed_table_is_saved_and_shown(director_client):
    ruling = saved(director_client)
    assert (ruling.ns_pair, ruling.ew_pair, ruling.contract, ruling.declarer, ruling.director) == (
        "7", "12", "3♦X", "N", "Maria Director"
    )  # fmt: skip
    assert ruling.auction == FILED["auction"]
    page = director_client.get(reverse("bridge:ruling", args=[ruling.pk])).content.decode()
    for text in ("NS pair or team", "<dd>7</dd>", "<dd>12</dd>", "3♦X by North", "1♥ 2♦ pass 3♦\npass pass 3♥ X", "Maria Director"):
        assert text in page
    history = director_client.get(reverse("game_list")).content.decode()
    assert "NS \u20687\u2069 v EW \u206812\u2069 · \u20683♦X\u2069 by North" in history


def test_nothing_filed_is_shown_as_before(client):
    slug, data = save_post()
    client.post(calculator_url(slug), data)
    ruling = Ruling.objects.get()
    assert (ruling.ns_pair, ruling.contract, ruling.declarer, ruling.auction, ruling.director) == ("", "", "", "", "")
    page = client.get(reverse("bridge:ruling", args=[ruling.pk])).content.decode()
    assert "NS pair or team" not in page and "Director</dt>" not in page


@pytest.mark.parametrize(
    "change, message",
    [
        ({"ns_pair": "7" * 21}, "The NS pair or team is at most 20 characters."),
        ({"ew_pair": "1\x072"}, "The EW pair or team holds a control character"),
        ({"contract": "3♦" + "X" * 30}, "The contract is at most 20 characters."),
        ({"contract": "3\u202e♦"}, "The contract holds an invisible text-direction control"),
        ({"declarer": "X"}, "Select a valid choice"),
        ({"auction": "pass " * 101}, "The auction is at most 500 characters."),
        ({"auction": "1♥\x0b2♦"}, "The auction holds a control character"),
        ({"director": "M" * 101}, "The director&#x27;s name is at most 100 characters."),
        ({"director": "Maria\x1b"}, "The director&#x27;s name holds a control character"),
    ],
)
def test_a_bad_filed_text_is_refused_naming_it_and_nothing_is_saved(director_client, change, message):
    slug, data = save_post(**{**FILED, **change})
    response = director_client.post(calculator_url(slug), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert message in page
    field = next(iter(change))
    assert f'id="id_{field}_error"' in page  # beside the field it names
    assert not Ruling.objects.exists()


def save_directly(user, **filed) -> Ruling:
    return services.ruling_record(
        user=user,
        calculation=calculator.calculation("pairs-weighted"),
        inputs={"field": "+110 x5, +50 x3", "weights": "+110 60%, -50 40%"},
        vulnerability="",
        event="Club pairs",
        board=7,
        date=datetime.date(2026, 11, 20),
        note="",
        **filed,
    )


@pytest.mark.parametrize(
    "change, field",
    [
        ({"ns_pair": "7" * 21}, "ns_pair"),
        ({"ew_pair": "\x00"}, "ew_pair"),
        ({"contract": "4♠\u2066"}, "contract"),
        ({"declarer": "north"}, "declarer"),
        ({"auction": "\x00"}, "auction"),
        ({"director": "x" * 101}, "director"),
    ],
)
def test_the_service_refuses_a_bad_filed_text_and_writes_nothing(user, change, field):
    with pytest.raises(RecordingError) as refused:
        save_directly(user, **{**{name: "" for name in FILED}, **change})
    assert refused.value.field == field
    assert not Ruling.objects.exists()


def test_the_service_keeps_the_auction_a_round_a_line(user):
    ruling = save_directly(user, auction="  1♥ 2♦ \r\n pass 3♦  \r\n", director="  Maria  ")
    assert ruling.auction == "1♥ 2♦\npass 3♦" and ruling.director == "Maria"


def test_the_pdf_prints_the_filed_table_and_the_directors_name_not_the_user_name(director_client):
    ruling = saved(director_client)
    response = director_client.get(reverse("bridge:ruling_pdf", args=[ruling.pk]))
    text = "\n".join(pdf_pages(response.content))
    for expected in ("NS pair or team", "EW pair or team", "3♦X by North"):
        assert expected in text
    # The auction a round a line, as typed.
    lines = [line.strip() for line in text.splitlines()]
    assert "pass pass 3♥ X" in lines and "all pass" in lines
    assert any(line.endswith("1♥ 2♦ pass 3♦") for line in lines)
    assert "director Maria Director" in text
    assert "tdaccount4471" not in text


def test_a_ruling_with_no_directors_name_prints_no_user_name(director_client):
    ruling = saved(director_client, director="")
    text = "\n".join(pdf_pages(director_client.get(reverse("bridge:ruling_pdf", args=[ruling.pk])).content))
    assert "tdaccount4471" not in text
    (dated,) = [line for line in text.splitlines() if line.startswith("2026-11-20 · ")]
    assert "director" not in dated and "Director" not in text.split("Director's note")[0]


def long_traveller(tables: int = 40) -> str:
    """A traveller of ``tables`` tables, each a different score, the nearest to
    zero first (+110 and −50, the adjusted table's outcomes, left out)."""
    scores = sorted((score for score in possible_scores() if score not in (110, -50)), key=lambda score: (abs(score), -score))
    return ", ".join(f"{score:+d}" for score in scores[:tables])


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_every_page_after_the_first_is_headed_with_the_event_and_board(director_client, size):
    ruling = saved(director_client, field=long_traveller())
    pages = pdf_pages(director_client.get(reverse("bridge:ruling_pdf", args=[ruling.pk]) + f"?size={size}").content)
    assert len(pages) >= 3
    assert "continued" not in pages[0]
    for number, page in enumerate(pages[1:], start=2):
        assert f"Club pairs, board 7, continued, page {number}" in page
    # The traveller runs on from where it starts, its head again on each page:
    # no page before the last is left near empty by a table moved on whole.
    for page in pages[:-1]:
        assert len(page.splitlines()) > 30
    assert all("NS score" in page for page in pages[1:])


def test_the_data_download_carries_the_filed_table(director_client):
    saved(director_client)
    document = archive_of(director_client)["bridge.json"]
    assert document["format"] == "bridge-rulings/2"
    (row,) = document["rulings"]
    assert {name: row[name] for name in FILED} == FILED


def test_the_filed_ruling_prints_the_same_as_with_weasyprints_stylesheet(director_client, tmp_path, monkeypatch):
    ruling = saved(director_client)
    assert_printed_alike(
        lambda: [director_client.get(reverse("bridge:ruling_pdf", args=[ruling.pk])).content], tmp_path, monkeypatch
    )
