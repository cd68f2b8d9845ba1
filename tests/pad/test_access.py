"""Who may see and change what: every URL of the pad and of the site around it, tried as a stranger (404,
nothing changed) and as nobody (to the login page); accounts; staff."""

import datetime

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.urls import URLPattern, reverse

from card_table.urls import urlpatterns as site_urlpatterns
from pad import services
from pad.models import Game, Hand, Invitation, Partnership
from pad.urls import urlpatterns
from scorepads.models import RestoreJob
from tests.conftest import record_outcomes

HTMX = {"HTTP_HX_REQUEST": "true"}

#: The pages anyone may open without logging in.
PASSWORD_RESET = {"password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete"}
PUBLIC = {"login", "signup", "shared_pad", "shared_pad_pdf"} | PASSWORD_RESET
#: Pages that name no partnership nor game: a stranger opens them, and finds only their own.
OWN_PAGES = {
    "front_page", "game_list", "games_csv", "games_json", "games_pdf", "game_start", "login", "logout", "signup",
    "account", "account_data", "account_archive", "account_restore", "account_delete", "password_change",
    "password_change_done",
    # They name another account, and change only the user's own invitations and blocks.
    "invitations_decline_from", "invitation_unblock",
} | PASSWORD_RESET
#: Pages reached through a token, not an id: a stranger with an unknown token finds nothing.
TOKEN_PAGES = {"shared_pad", "shared_pad_pdf", "invitation_accept"}

#: What a stranger might post, whatever the form: every field of every pad form.
POST_DATA = {
    "number": "1",
    "outcome": "P",
    "shown": "M",
    "first_dealer": "even",
    "taker_cards": "7H 6H 5D",
    "giver_cards": "QH JH 6D",
}


def pad_urls():
    return [pattern for pattern in [*site_urlpatterns, *urlpatterns] if isinstance(pattern, URLPattern)]


def test_every_url_is_classified():
    """A new URL names a game, a partnership or a restore, or is listed here on purpose."""
    for pattern in pad_urls():
        converters = set(pattern.pattern.converters)
        assert converters & {"game_id", "partnership_id", "job_id"} or pattern.name in OWN_PAGES | TOKEN_PAGES, pattern


@pytest.fixture
def owned(game, partnership, user):
    """Jon's game with hands (hand 3 with its cards), shared, an open invitation, and a restore of his."""
    record_outcomes(game, "MM")
    services.hand_record(
        game=game, number=3, outcome="I", taker_cards="7H 6H 5D", giver_cards="QH JH 6D", verdict_by="solver"
    )
    services.game_share(game=game)
    services.invitation_create(partnership=partnership, user=user)
    RestoreJob.objects.create(user=user, state=RestoreJob.State.DONE, games=1, written=1)
    return game


def url_of(pattern, game, token="not-a-token-of-anything"):
    kwargs = {}
    for name in pattern.pattern.converters:
        kwargs[name] = {
            "game_id": game.pk, "partnership_id": game.partnership_id, "number": 3, "token": token, "uidb64": "MQ",
            "sender_id": game.partnership.created_by_id, "blocked_id": game.partnership.created_by_id,
            "job_id": RestoreJob.objects.values_list("pk", flat=True).first(),
        }[name]
    return reverse(pattern.name, kwargs=kwargs)


def snapshot():
    """Everything a stranger's request could change."""
    return (
        list(Partnership.objects.values_list("pk", "odd_name", "even_name", "created_by")),
        sorted(Partnership.members.through.objects.values_list("partnership_id", "user_id")),
        list(Game.objects.order_by("pk").values()),
        list(Hand.objects.order_by("pk").values()),
        list(Invitation.objects.order_by("pk").values()),
        list(RestoreJob.objects.order_by("pk").values()),
    )


def object_patterns():
    return [pattern for pattern in pad_urls() if pattern.name not in OWN_PAGES]


@pytest.mark.parametrize("pattern", object_patterns(), ids=lambda pattern: pattern.name)
def test_a_stranger_gets_404_and_changes_nothing(stranger_client, owned, pattern):
    url = url_of(pattern, owned)
    before = snapshot()
    statuses = []
    for method in ("get", "post"):
        for extra in ({}, HTMX):
            response = getattr(stranger_client, method)(url, POST_DATA if method == "post" else {}, **extra)
            statuses.append(response.status_code)
    # 405 for the method a view does not take, 404 for the one it does: never the page.
    assert set(statuses) <= {404, 405} and 404 in statuses, (url, statuses)
    assert snapshot() == before


@pytest.mark.parametrize("pattern", object_patterns(), ids=lambda pattern: pattern.name)
def test_a_member_opens_what_a_stranger_cannot(client, owned, pattern):
    """The control for the test above: the same URLs exist for Jon."""
    if pattern.name in TOKEN_PAGES:
        token = Invitation.objects.get().token if pattern.name == "invitation_accept" else owned.share_token
        url = url_of(pattern, owned, token)
    else:
        url = url_of(pattern, owned)
    response = client.get(url)
    if response.status_code == 405:
        response = client.post(url, POST_DATA)
    assert response.status_code in (200, 302), (url, response.status_code)


@pytest.mark.parametrize("pattern", pad_urls(), ids=lambda pattern: pattern.name)
def test_nobody_is_sent_to_the_login_page(anonymous_client, owned, pattern):
    url = url_of(pattern, owned, owned.share_token)
    before = snapshot()
    for method in ("get", "post"):
        response = getattr(anonymous_client, method)(url, POST_DATA if method == "post" else {})
        if pattern.name in PUBLIC:
            assert not response.get("Location", "").startswith("/accounts/login/?next="), url
        else:
            assert response.status_code == 302, (url, method)
            assert response["Location"] == f"{reverse('login')}?next={url}"
    if pattern.name != "signup":
        assert snapshot() == before


def test_a_strangers_lists_and_exports_hold_none_of_jons_games(stranger_client, owned):
    for name in ("front_page", "game_list", "games_csv", "games_json"):
        response = stranger_client.get(reverse(name))
        content = b"".join(response.streaming_content) if response.streaming else response.content
        assert response.status_code == 200
        assert b"Richard" not in content, name
    # Nor can a stranger pick Jon's partnership by its id.
    response = stranger_client.get(reverse("game_list"), {"partnership": owned.partnership_id})
    assert "There is no partnership" in response.content.decode()
    # Nor export it: the filter names a partnership the stranger has not.
    response = stranger_client.get(reverse("games_json"), {"partnership": owned.partnership_id})
    assert response.status_code == 400 and b"Richard" not in response.content


def test_a_stranger_cannot_start_a_game_in_jons_partnership(stranger_client, owned, partnership):
    response = stranger_client.post(
        reverse("game_start"), {"partnership": partnership.pk, "date": "2026-07-10"}
    )
    assert response.status_code == 400
    assert partnership.games.count() == 1


def test_the_start_form_offers_the_users_partnerships_only(client, partnership, stranger):
    services.partnership_get_or_create(odd_name="Xavier", even_name="Yolanda", user=stranger)
    page = client.get(reverse("front_page")).content.decode()
    assert "Jon &amp; Richard" in page and "Xavier" not in page


def test_starting_with_new_names_makes_the_user_a_member(client, user):
    response = client.post(
        reverse("game_start"), {"odd_name": "Ann", "even_name": "Bo", "date": "2026-07-10"}
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert list(game.partnership.members.all()) == [user]
    assert game.partnership.created_by == user


def test_staff_see_every_game_including_those_of_no_one(owned, django_user_model):
    ownerless = services.partnership_get_or_create(odd_name="Imported", even_name="Pair")
    imported = services.game_start(partnership=ownerless, date=datetime.date(2026, 1, 1))
    staff = django_user_model.objects.create_user("admin", password="x-long-password-1", is_staff=True)
    client = Client()
    client.force_login(staff)
    for game in (owned, imported):
        assert client.get(reverse("game_pad", args=[game.pk])).status_code == 200
        assert client.get(reverse("partnership_detail", args=[game.partnership_id])).status_code == 200
    assert "Imported" in client.get(reverse("game_list")).content.decode()


def test_ownerless_games_are_hidden_from_users(client, owned):
    ownerless = services.partnership_get_or_create(odd_name="Imported", even_name="Pair")
    imported = services.game_start(partnership=ownerless, date=datetime.date(2026, 1, 1))
    assert client.get(reverse("game_pad", args=[imported.pk])).status_code == 404
    assert "Imported" not in client.get(reverse("game_list")).content.decode()


# Accounts.


def test_sign_up_logs_in_and_shows_the_name_and_log_out(anonymous_client, django_user_model):
    page = anonymous_client.get(reverse("signup"))
    assert page.status_code == 200 and 'name="password1"' in page.content.decode()
    response = anonymous_client.post(
        reverse("signup"),
        {"username": "ann", "password1": "a long pass phrase 7", "password2": "a long pass phrase 7"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("front_page")
    assert django_user_model.objects.filter(username="ann").exists()
    page = anonymous_client.get(reverse("front_page")).content.decode()
    assert "ann" in page and "Log out" in page
    assert f'action="{reverse("logout")}"' in page


def test_sign_up_refuses_a_bad_form_and_keeps_a_safe_next(anonymous_client, django_user_model):
    response = anonymous_client.post(
        reverse("signup"), {"username": "ann", "password1": "abc", "password2": "abd"}
    )
    assert response.status_code == 400
    assert not django_user_model.objects.exists()
    response = anonymous_client.post(
        reverse("signup"),
        {"username": "ann", "password1": "a long pass phrase 7", "password2": "a long pass phrase 7",
         "next": "/games/"},
    )
    assert response["Location"] == "/games/"
    other = Client()
    response = other.post(
        reverse("signup"),
        {"username": "bo", "password1": "a long pass phrase 8", "password2": "a long pass phrase 8",
         "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("front_page")


def test_log_in_and_log_out(anonymous_client, user):
    assert anonymous_client.get(reverse("login")).status_code == 200
    response = anonymous_client.post(reverse("login"), {"username": "jon", "password": "wrong"})
    assert response.status_code == 200 and "_auth_user_id" not in anonymous_client.session
    response = anonymous_client.post(
        reverse("login"), {"username": "jon", "password": "gorilla-pad-pass-1", "next": "/games/"}
    )
    assert response.status_code == 302 and response["Location"] == "/games/"
    assert anonymous_client.get(reverse("front_page")).status_code == 200
    assert anonymous_client.get(reverse("logout")).status_code == 405  # log out is a POST
    response = anonymous_client.post(reverse("logout"))
    assert response.status_code == 302 and response["Location"] == reverse("login")
    assert anonymous_client.get(reverse("front_page")).status_code == 302


def copy_of(client) -> Client:
    """Another phone holding the same session cookie (a copy taken before)."""
    copy = Client()
    copy.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return copy


def test_logging_out_ends_the_session_wherever_its_cookie_is_kept(client, user):
    copy = copy_of(client)
    assert copy.get(reverse("front_page")).status_code == 200
    client.post(reverse("logout"))
    # The session is gone from the cache and the database alike, not only from this browser.
    assert copy.get(reverse("front_page")).status_code == 302
    assert not Session.objects.exists()


def test_deleting_the_account_ends_its_sessions(client, user):
    copy = copy_of(client)
    assert client.post(reverse("account_delete"), {"password": "gorilla-pad-pass-1"}).status_code == 200
    assert copy.get(reverse("front_page")).status_code == 302


def test_sessions_are_cached_where_every_worker_reads_them():
    """Cached in a worker's own memory, a session logged out in one worker
    would live on in the others: the deployment caches them in files."""
    from gorilla_site import settings as deployed

    assert deployed.SESSION_ENGINE == "django.contrib.sessions.backends.cached_db"
    cache = deployed.CACHES[deployed.SESSION_CACHE_ALIAS]
    assert cache["BACKEND"] == "django.core.cache.backends.filebased.FileBasedCache"


def test_the_admin_keeps_its_own_login(anonymous_client):
    response = anonymous_client.get("/admin/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    assert anonymous_client.get("/admin/login/").status_code == 200


# The poll of an open pad reads the game's revision in SQL of its own (see
# selectors.pad_revision): it must decide as games_visible_to does.


def test_a_stranger_polling_jons_pad_gets_404(stranger_client, client, owned):
    url = reverse("game_pad", args=[owned.pk])
    for version in (str(owned.revision), "0", ""):
        assert stranger_client.get(url, {"version": version}, **HTMX).status_code == 404
    assert client.get(url, {"version": str(owned.revision)}, **HTMX).status_code == 204


def test_the_polls_revision_agrees_with_who_may_see_what(owned, user, stranger, django_user_model):
    from django.contrib.auth.models import AnonymousUser

    from pad.selectors import games_visible_to, pad_revision, revision_of

    partner = django_user_model.objects.create_user(username="richard", password="pw-richard-1")
    invitation = Invitation.objects.get()
    services.invitation_accept(token=invitation.token, user=partner)
    staff = django_user_model.objects.create_user(username="ada", password="pw-ada-1", is_staff=True)
    strangers_game = services.game_start(
        partnership=services.partnership_get_or_create(odd_name="Sam", even_name="Kim", user=stranger),
        date=datetime.date(2026, 7, 10),
    )
    unowned_game = services.game_start(
        partnership=services.partnership_get_or_create(odd_name="Old", even_name="Pad", user=None),
        date=datetime.date(2026, 7, 11),
    )
    services.hand_record(game=unowned_game, number=1, outcome="M")
    game_ids = [owned.pk, strangers_game.pk, unowned_game.pk, 0, -1, 10**6, 2**63 - 1, 2**63, 2**80]
    seen = set()
    for who in (user, partner, stranger, staff, AnonymousUser()):
        for game_id in game_ids:
            expected = revision_of(games_visible_to(who), pk=game_id) if 0 < game_id < 2**63 else None
            assert pad_revision(who, game_id) == expected, (who, game_id)
            seen.add(expected is not None)
    assert seen == {True, False}  # both answers were put to the test
    assert pad_revision(staff, unowned_game.pk) == 1
    assert pad_revision(user, unowned_game.pk) is None


# Every game's addresses, the seated games' among them, are walked by
# tests/scorepads/test_access_walk.py.


def test_a_strangers_spreadsheets_of_every_game_hold_none_of_jons(stranger_client, client, user):
    from scorepads import registry
    from tests.scorepads.test_restore import all_four

    all_four(user)
    for kind in registry.kinds():
        for who, expected in ((stranger_client, False), (client, True)):
            response = who.get(reverse("games_csv"), {"game": kind.slug})
            assert response.status_code == 200
            text = b"".join(response.streaming_content).decode()
            # Every kind's games have a player, a partner or an event named like this.
            assert ("HYPERLINK" in text or "cmd|" in text) is expected, (kind.slug, who)


@pytest.mark.parametrize("name", ["two_way_street:hands_csv", "mahjong:hands_csv"])
def test_the_other_games_spreadsheets_are_their_members_alone(name, client, stranger_client, anonymous_client, user):
    from mahjong.models import Game as MahjongGame
    from tests.scorepads.test_restore import all_four
    from two_way_street.models import Game as StreetGame

    all_four(user)
    game = (StreetGame if name.startswith("two_way_street") else MahjongGame).objects.first()
    url = reverse(name, args=[game.pk])
    assert client.get(url).status_code == 200
    assert stranger_client.get(url).status_code == 404
    response = anonymous_client.get(url)
    assert response.status_code == 302 and response["Location"] == f"{reverse('login')}?next={url}"
