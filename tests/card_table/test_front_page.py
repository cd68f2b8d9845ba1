"""The front page: each game's part, a way to start every game, the recent
games of every kind; no shell command for a player."""

import datetime
import re

from django.urls import reverse

from pad import services
from tests.conftest import record_outcomes


def test_front_page_lists_games_with_partners_dates_and_scores(client, game, django_assert_max_num_queries):
    record_outcomes(game, "MPI")
    # + the session and the user; + the game to resume and its partner's
    # invitation; + the recent Mah Jongg games (a query for each kind of game);
    # + the seats offered to the user (a query for each game with seats)
    from scorepads import seating

    with django_assert_max_num_queries(5 + 2 + 3 + 1 + len(seating.seated_kinds())):
        response = client.get(reverse("front_page"))
    assert response.status_code == 200
    page = response.content.decode()
    assert "<u class=\"odd-partner\"><bdi>Jon</bdi></u> &amp; <bdi>Richard</bdi>" in page
    assert "2026-07-09" in page
    assert "1–2" in page
    assert "In progress, 3 hands" in page


def test_front_page_without_games_shows_no_shell_command(client, db):
    page = client.get(reverse("front_page")).content.decode()
    assert "No games yet" in page
    assert "manage.py" not in page and "import_games" not in page and "<code>" not in page
    assert f'href="{reverse("account")}"' in page  # where a data download is restored


def test_front_page_escapes_names(client, user):
    partnership = services.partnership_get_or_create(odd_name="<b>Eve</b>", even_name="Mal", user=user)
    services.game_start(partnership=partnership, date=datetime.date(2026, 1, 1))
    page = client.get(reverse("front_page")).content.decode()
    assert "<b>Eve</b>" not in page
    assert "&lt;b&gt;Eve&lt;/b&gt;" in page


def test_front_page_offers_every_registered_game(client, db):
    from scorepads import registry

    page = client.get(reverse("front_page")).content.decode()
    others = page.split('class="start-others"', 1)[1].split("</section>", 1)[0]
    offered = re.findall(r'href="([^"]+)">([^<]+)</a>', others)
    # Gorilla starts on the front page itself; every other game has its link.
    assert offered == [(reverse(kind.start_url_name), kind.label) for kind in registry.kinds() if kind.slug != "gorilla"]
    assert 'action="/games/new/"' in page


def test_the_account_page_shows_no_shell_command_and_names_each_games_file(client, db):
    page = client.get(reverse("account")).content.decode()
    assert "import_games" not in page and "manage.py" not in page
    assert "a JSON file for each game: Gorilla, Two Way Street, Mah Jongg, Bridge rulings, Tally." in page
