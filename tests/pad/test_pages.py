"""The front page and the admin: honest about what is stored."""

import subprocess
import sys

from django.contrib.auth.models import User
from django.urls import reverse

from tests.conftest import record_outcomes


def test_front_page_lists_games_with_partners_dates_and_scores(client, game, django_assert_max_num_queries):
    record_outcomes(game, "MPI")
    # + the session and the user; + the game to resume and its partner's
    # invitation; + the recent Mah Jongg games (a query for each kind of game);
    # + the seats offered to the user (a query for each game with seats)
    with django_assert_max_num_queries(5 + 2 + 3 + 1 + 2):
        response = client.get(reverse("front_page"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<u class=\"odd-partner\"><bdi>Jon</bdi></u> &amp; <bdi>Richard</bdi>" in page
    assert "2026-07-09" in page
    assert "1–2" in page
    assert "In progress, 3 hands" in page


def test_front_page_without_games_says_how_to_import(client, db):
    page = client.get(reverse("front_page")).content.decode()
    assert "No games yet" in page
    assert "import_games" in page


def test_front_page_escapes_names(client, user):
    import datetime

    from pad import services

    partnership = services.partnership_get_or_create(odd_name="<b>Eve</b>", even_name="Mal", user=user)
    services.game_start(partnership=partnership, date=datetime.date(2026, 1, 1))
    page = client.get(reverse("front_page")).content.decode()
    assert "<b>Eve</b>" not in page
    assert "&lt;b&gt;Eve&lt;/b&gt;" in page


def test_admin_lists_partnerships_games_and_hands(client, game):
    record_outcomes(game, "MI")
    admin = User.objects.create_superuser("admin", "admin@example.com", "pw")
    client.force_login(admin)
    for name in ("partnership", "game", "hand"):
        response = client.get(reverse(f"admin:pad_{name}_changelist"))
        assert response.status_code == 200, name
    hands_page = client.get(reverse("admin:pad_hand_changelist")).content.decode()
    assert "Jon &amp; Richard on 2026-07-09" in hands_page
    assert hands_page.count('class="field-outcome">Made<') == 1
    assert hands_page.count('class="field-outcome">Impossible<') == 1


def settings_value(expression, **environment):
    """Evaluate an expression on the settings in a fresh interpreter with
    ``environment`` (in development, DEBUG on, unless it says otherwise)."""
    code = f"import django; from django.conf import settings; django.setup(); print({expression})"
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "gorilla_site.settings", "DEBUG": "true", **environment}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    return result.stdout.strip() or result.stderr.strip().splitlines()[-1]


def test_default_database_is_sqlite_in_the_project_directory(settings):
    name = settings_value("settings.DATABASES['default']['NAME']")
    assert name == str(settings.BASE_DIR / "db.sqlite3")


def test_database_url_picks_another_sqlite_file_or_postgresql():
    assert settings_value(
        "settings.DATABASES['default']['NAME']", DATABASE_URL="sqlite:////tmp/other.sqlite3"
    ) == "/tmp/other.sqlite3"
    engine = settings_value(
        "settings.DATABASES['default']['ENGINE']", DATABASE_URL="postgres://u:p@127.0.0.1:5432/gorilla"
    )
    assert engine == "django.db.backends.postgresql"


def test_production_settings_need_a_secret_key():
    message = settings_value("settings.DEBUG", DEBUG="false")
    assert "SECRET_KEY must be set when DEBUG is off" in message
    assert settings_value("settings.DEBUG", DEBUG="false", SECRET_KEY="x" * 50) == "False"
    assert "DEBUG must be true or false" in settings_value("settings.DEBUG", DEBUG="maybe")


def test_allowed_hosts_from_the_environment():
    assert settings_value("settings.ALLOWED_HOSTS", ALLOWED_HOSTS="pad.example.com, b.example") == (
        "['pad.example.com', 'b.example']"
    )
