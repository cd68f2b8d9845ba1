"""Tally (tests/tally), a seated game installed by the tests' settings alone,
gets everything from the kit through its registration: its sheet, each
entry recorded once, undo and redo, its pages kept offline and its entries
queued, its PDF, its spreadsheets, its file of the data download and the
restore of it, and its daily limit."""

import io
import json
import re
import uuid
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from scorepads import registry
from tests.scorepads.test_offline_kit import QUEUED, kept, kept_pages
from tests.scorepads.test_restore import restored
from tests.tally.models import Game, Hand
from tests.tally.testing import game_of

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}


def hand_post(number, *scores, **more):
    return {"number": number, **{f"score_{seat}": score for seat, score in enumerate(scores, start=1)}, **more}


def test_tally_is_registered_by_its_app_and_named_in_no_shared_file():
    kind = registry.kind("tally")
    assert (kind.app, kind.urls, kind.url_prefix) == ("tally", "tests.tally.urls", "tally/")
    assert kind.kept_pages == ("tally:new", "tally:sheet") and kind.entry_views == ("tally:hand_record",)
    assert kind.daily_limit.setting == "TALLY_GAMES_PER_DAY" and kind.daily_limit.model == "tally.Game"
    shared = [ROOT / name for name in ("Makefile", "pyproject.toml", "setup.py")]
    shared += [path for folder in ("gorilla_site", "scorepads", "card_table", "templates", "static") for path in (ROOT / folder).rglob("*")]
    named = [
        str(path.relative_to(ROOT)) for path in shared
        if path.is_file() and path.suffix in {"", ".py", ".toml", ".html", ".js", ".css"} and path.name != "test_settings.py"
        and re.search(r"tests\.tally|[\"'](?:tally|Tally)[\"':/]|TALLY_", path.read_text(errors="ignore"))
    ]
    assert not named, f"Tally is named in shared files: {named}"


def test_a_game_is_started_and_its_sheet_scores_each_hand(client, user):
    response = client.post(reverse("tally:new"), {"date": "2026-07-09", "name_1": "Ann", "name_2": "Ben"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("tally:sheet", args=[game.pk])
    assert client.post(reverse("tally:hand_record", args=[game.pk]), hand_post(1, 3, -2)).status_code == 302
    answer = client.post(reverse("tally:hand_record", args=[game.pk]), hand_post(2, 4, 9), **HTMX)
    assert answer.status_code == 200 and "Ben leads with 7" in answer.content.decode()
    page = client.get(reverse("tally:sheet", args=[game.pk])).content.decode()
    assert "Ben leads with 7" in page and "Hand 3" in page
    assert 'data-queue-entry="Hand {number}"' in page  # the entry goes through the phone's queue
    refused = client.post(reverse("tally:hand_record", args=[game.pk]), hand_post(3, 500, 0))
    assert refused.status_code == 400 and "Ann&#x27;s score" in refused.content.decode()
    assert [hand.scores for hand in Hand.objects.order_by("number")] == [[3, -2], [4, 9]]


def test_each_entry_is_recorded_once_however_often_it_is_sent(client, user):
    game = game_of(user)
    key = str(uuid.uuid4())
    for _ in range(3):
        response = client.post(reverse("tally:hand_record", args=[game.pk]), hand_post(1, 1, 2, entry_key=key), **QUEUED)
        assert response["X-Entry"] == "done"
    assert list(Hand.objects.values_list("scores", flat=True)) == [[1, 2]]


def test_undo_takes_back_the_last_hand_and_redo_puts_it_back(client, user):
    game = game_of(user, hands=[[1, 2], [5, 0]])
    client.post(reverse("tally:hand_undo", args=[game.pk]), {"number": 2})
    assert list(Hand.objects.order_by("number").values_list("scores", flat=True)) == [[1, 2]]
    client.post(reverse("tally:hand_redo", args=[game.pk]), {"number": 2})
    assert list(Hand.objects.order_by("number").values_list("scores", flat=True)) == [[1, 2], [5, 0]]
    game.refresh_from_db()
    assert (game.hand_count, game.totals) == (2, [6, 2])


def test_its_pages_are_kept_offline_and_its_entry_is_not(client, user):
    game = game_of(user)
    patterns = kept_pages(client)
    for path in (reverse("tally:new"), reverse("tally:sheet", args=[game.pk])):
        assert client.get(path).status_code == 200 and kept(patterns, path), path
    assert not kept(patterns, reverse("tally:hand_record", args=[game.pk]))


def test_its_sheet_prints_as_a_pdf(client, user):
    game = game_of(user, ["Ann", "Ben"], [[3, 1], [2, 7]])
    response = client.get(reverse("tally:sheet_pdf", args=[game.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Tally" in text and "Ann" in text and "Ben leads with 8" in text


def test_its_hands_are_in_its_spreadsheet_and_the_historys(client, user):
    game = game_of(user, ["Ann", "Ben"], [[3, 1]])
    own = b"".join(client.get(reverse("tally:hands_csv", args=[game.pk])).streaming_content).decode()
    every = b"".join(client.get(reverse("games_csv"), {"game": "tally"}).streaming_content).decode()
    for text in (own, every):
        assert "game,date,hand,seat,player,score,total" in text
        assert f"{game.uid},2026-07-09,1,2,Ben,1,1" in text


def test_its_games_are_downloaded_and_restored_into_another_account(client, user, django_user_model):
    game_of(user, ["Ann", "Ben"], [[3, 1], [2, 7], [0, 0], [1, 1]])
    archive = b"".join(client.get(reverse("account_archive")).streaming_content)
    document = json.loads(zipfile.ZipFile(io.BytesIO(archive)).read("tally.json"))
    assert document["format"] == "tally/1" and [hand["scores"] for hand in document["games"][0]["hands"]] == [[3, 1], [2, 7], [0, 0], [1, 1]]
    other = Client()
    other.force_login(django_user_model.objects.create_user(username="ann", password="pw-ann-12345"))
    assert "1 game restored" in restored(other, archive)
    copy = Game.objects.exclude(created_by=user).get()
    assert (copy.hand_count, copy.totals, copy.finished) == (4, [6, 9], True)


def test_an_account_starts_at_most_the_days_limit_of_games(client, user, settings):
    settings.TALLY_GAMES_PER_DAY = 1
    post = {"date": "2026-07-09", "name_1": "Ann", "name_2": "Ben"}
    assert client.post(reverse("tally:new"), post).status_code == 302
    response = client.post(reverse("tally:new"), post)
    assert response.status_code == 400
    assert "You have started 1 Tally games today, and an account may start at most 1 a day" in response.content.decode()
    assert Game.objects.count() == 1


@pytest.mark.parametrize("players", [["Ann"], ["A", "B", "C", "D", "E"]])
def test_a_game_of_too_few_or_too_many_players_is_refused(client, user, players):
    from scorepads.recording import RecordingError

    with pytest.raises(RecordingError, match="Tally is played by 2 to 4 players"):
        game_of(user, players)
    assert not Game.objects.exists()
