"""No 500 for any input, no shared cache keeps a page, no text that reads
backwards, and settings that fail closed."""

import datetime
import re
import subprocess
import sys

import pytest
from django.test import Client
from django.urls import reverse

from pad import services
from pad.exchange import ImportFileError, read_document
from pad.services import RecordingError
from tests.conftest import record_outcomes

FORM = "application/x-www-form-urlencoded"


@pytest.mark.parametrize("charset", ["latin-1", "ISO-8859-1", "utf-16", "utf8", "no-such-charset"])
@pytest.mark.parametrize("name", ["login", "signup", "front_page", "game_start"])
def test_a_form_in_another_charset_is_a_400_with_a_message(db, client, charset, name):
    """Django refuses such a form and then fails again in its own 400 handler:
    a 500, with a traceback. The middleware answers first."""
    for browser in (Client(enforce_csrf_checks=True), client):
        browser.get(reverse("login"))
        token = browser.cookies["csrftoken"].value if "csrftoken" in browser.cookies else ""
        body = f"csrfmiddlewaretoken={token}&username=j%E9&password=x".encode()
        response = browser.generic("POST", reverse(name), body, content_type=f"{FORM}; charset={charset}")
        assert response.status_code == 400
        assert b"the body must be UTF-8" in response.content


def test_utf_8_forms_still_work_with_or_without_the_charset(db, user):
    for content_type in (FORM, f"{FORM}; charset=UTF-8", f'{FORM}; charset="utf-8"'):
        client = Client()
        body = b"username=jon&password=gorilla-pad-pass-1"
        response = client.generic("POST", reverse("login"), body, content_type=content_type)
        assert response.status_code == 302, content_type


@pytest.mark.parametrize("path", ["share", "invitations"])
@pytest.mark.parametrize("token", ["abc%00def", "%00", "a%FFb", "a.b", "x" * 65, "a%20b"])
def test_a_token_outside_the_alphabet_is_404_before_any_query(client, path, token, django_assert_num_queries):
    url = f"/{path}/{token}/"
    with django_assert_num_queries(0):
        response = Client().get(url)
    assert response.status_code == 404
    assert client.get(url).status_code == 404
    assert client.post(url).status_code == 404


def test_real_tokens_still_match(client, game, partnership, user):
    game = services.game_share(game=game)
    assert Client().get(reverse("shared_pad", args=[game.share_token])).status_code == 200
    invitation = services.invitation_create(partnership=partnership, user=user)
    assert client.get(reverse("invitation_accept", args=[invitation.token])).status_code in (200, 302)


def assert_private(response):
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= directives, response["Cache-Control"]
    assert "public" not in directives


def test_every_page_of_a_logged_in_user_is_private_and_not_stored(client, game, partnership):
    record_outcomes(game, "MPI")
    names = [
        ("front_page", []),
        ("game_list", []),
        ("games_csv", []),
        ("games_json", []),
        ("game_pad", [game.pk]),
        ("hand_list", [game.pk]),
        ("game_pad_pdf", [game.pk]),
        ("partnership_detail", [partnership.pk]),
        ("partnership_games_json", [partnership.pk]),
        ("partnership_blank_pdf", [partnership.pk]),
        ("account", []),
        ("account_data", []),
        ("account_archive", []),
        ("password_change", []),
    ]
    for name, args in names:
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        assert_private(response)
    # An htmx poll of the pad and a refused post too.
    assert_private(client.get(reverse("game_pad", args=[game.pk]), HTTP_HX_REQUEST="true"))
    assert_private(client.post(reverse("hand_record", args=[game.pk]), {"number": "1", "outcome": "M"}))


def test_the_share_page_is_private_and_not_stored(game):
    game = services.game_share(game=game)
    url = reverse("shared_pad", args=[game.share_token])
    response = Client().get(url)
    assert response.status_code == 200
    assert_private(response)
    services.game_stop_sharing(game=game)
    response = Client().get(url)
    assert response.status_code == 404
    assert_private(response)


def test_the_login_page_is_not_stored_either(db):
    assert_private(Client().get(reverse("login")))


@pytest.mark.parametrize(
    "control", ["\u202e", "\u202a", "\u202b", "\u202c", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"]
)
def test_bidi_controls_are_refused_in_names_notes_and_imports(user, partnership, control):
    with pytest.raises(RecordingError, match=f"text-direction control \\(U\\+{ord(control):04X}\\)"):
        services.partnership_get_or_create(odd_name=f"Eve{control}nomaD", even_name="Mal", user=user)
    with pytest.raises(RecordingError, match="text-direction control"):
        services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9), notes=f"ok{control}")
    document = {
        "format": "gorilla-pad/1",
        "games": [{"partnership": {"odd": f"A{control}", "even": "B"}, "date": "2026-07-09", "hands": []}],
    }
    with pytest.raises(ImportFileError, match="text-direction control"):
        read_document(document)


def test_other_format_characters_and_scripts_stay_allowed(user):
    # A zero-width joiner inside an emoji, Hebrew and Arabic letters: no controls.
    partnership = services.partnership_get_or_create(
        odd_name="\U0001f468\u200d\U0001f469 Dana", even_name="\u05d3\u05e0\u05d4 \u0639\u0644\u064a", user=user
    )
    assert partnership.pk


def test_the_start_form_says_what_is_wrong_with_a_bidi_control(client):
    response = client.post(reverse("game_start"), {"odd_name": "Eve\u202e", "even_name": "Mal", "date": "2026-07-09"})
    assert response.status_code in (200, 400)
    assert "text-direction control (U+202E)" in response.content.decode()


def settings_error(**environment) -> str:
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "gorilla_site.settings", **environment}
    code = "import django; from django.conf import settings; django.setup(); print(settings.DEBUG)"
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    return result.stdout.strip() or result.stderr.strip().splitlines()[-1]


def test_settings_fail_closed_with_no_environment():
    assert "SECRET_KEY must be set when DEBUG is off" in settings_error()
    assert settings_error(SECRET_KEY="x" * 50) == "False"
    assert settings_error(DEBUG="true") == "True"


def test_make_run_asks_for_debug():
    makefile = (pytest.importorskip("pathlib").Path(__file__).resolve().parents[2] / "Makefile").read_text()
    run = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert re.search(r"DEBUG=true (\S+=\S+ )*\$\(PY\) manage.py runserver", run)
