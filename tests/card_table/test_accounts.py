"""Accounts: login and sign-up throttling, password change and reset, the
download of all one's games and the deletion of one's account."""

import datetime
import io
import json
import re
import zipfile

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from bridge.models import Ruling
from mahjong import services as mahjong_services
from mahjong.models import Game as MahjongGame
from pad import services
from pad.exchange import read_document
from pad.models import Game, Hand, Partnership
from scorepads import seating
from scorepads.players import Seat
from tests.bridge.test_pages import calculator_url, save_post
from tests.conftest import record_outcomes
from tests.mahjong.conftest import BEN_WINS
from two_way_street import selectors as street_selectors
from two_way_street import services as street_services
from two_way_street.models import Game as StreetGame
from two_way_street.models import Hand as StreetHand
from two_way_street.models import Player as StreetPlayer

PASSWORD = "gorilla-pad-pass-1"  # the `user` fixture's


def log_in(client, username="jon", password=PASSWORD, address="10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def cool_off_passes():
    """Travel past the cool-off: every recorded failure ages 16 minutes."""
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= datetime.timedelta(minutes=16)
        attempt.save(update_fields=["attempt_time"])


def test_five_wrong_passwords_lock_the_account_from_that_address_even_against_the_right_one(user, settings):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = log_in(client, password="wrong")
        assert response.status_code == 200  # the login form, with its error
    response = log_in(client, password="wrong")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many tries" in page and "15 minutes" in page
    assert reverse("password_reset") in page  # the way back
    # The right password, from this address, is refused too.
    assert log_in(Client(), address="10.0.0.1").status_code == 429
    cool_off_passes()
    response = log_in(Client(), address="10.0.0.1")
    assert response.status_code == 302 and response["Location"] == reverse("front_page")


def test_the_owner_logs_in_from_another_address_while_a_guesser_is_locked_out(user, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT + 3):  # someone guessing at Jon's password from afar
        log_in(Client(), password="wrong", address="203.0.113.9")
    assert log_in(Client(), address="203.0.113.9").status_code == 429
    # Jon, from his own phone, logs in at once: nobody else can lock him out.
    response = log_in(Client(), address="10.0.0.1")
    assert response.status_code == 302 and response["Location"] == reverse("front_page")
    assert log_in(Client(), address="203.0.113.9").status_code == 429  # the guesser's pair stays locked


def test_guesses_at_one_account_do_not_lock_the_others_behind_the_same_address(db, django_user_model):
    django_user_model.objects.create_user(username="ann", password="another pass phrase")
    for _ in range(5):
        log_in(Client(), username="nobody", password="wrong", address="203.0.113.9")
    assert log_in(Client(), username="nobody", password="wrong", address="203.0.113.9").status_code == 429
    # Ann, at the same club's wifi, logs in: her account was never guessed at.
    response = log_in(Client(), username="ann", password="another pass phrase", address="203.0.113.9")
    assert response.status_code == 302


def test_logins_past_the_rate_from_one_address_are_refused_before_any_password_is_checked(user, settings, rate_window_held):
    settings.LOGIN_RATE = "3/m"
    for username in ("ann", "ben", "cat"):  # one guesser, a password each for three accounts
        assert log_in(Client(), username=username, password="wrong", address="203.0.113.9").status_code == 200
    attempts = AccessAttempt.objects.count()
    # The next post from that address, Jon's right password or not, is refused, unchecked.
    response = log_in(Client(), address="203.0.113.9")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many logins from this address" in page and 'value="jon"' in page
    assert AccessAttempt.objects.count() == attempts and not AccessAttempt.objects.filter(username="jon").exists()
    assert "_auth_user_id" not in response.wsgi_request.session
    # Jon, from another address, logs in.
    response = log_in(Client(), address="10.0.0.1")
    assert response.status_code == 302 and response["Location"] == reverse("front_page")


def test_a_right_password_resets_the_count(user):
    for _ in range(4):
        log_in(Client(), password="wrong")
    assert log_in(Client()).status_code == 302
    for _ in range(4):
        log_in(Client(), password="wrong")
    assert log_in(Client()).status_code == 302


def signup(client, username, address="198.51.100.1"):
    return client.post(
        reverse("signup"),
        {"username": username, "email": "", "password1": "a long pass phrase 7", "password2": "a long pass phrase 7"},
        REMOTE_ADDR=address,
    )


def test_sign_up_is_throttled_by_address(db, settings, rate_window_held):
    settings.SIGNUP_RATE = "3/h"
    for number in range(3):
        assert signup(Client(), f"player{number}").status_code == 302
    response = signup(Client(), "player3")
    assert response.status_code == 429
    assert "Too many sign-ups from this address" in response.content.decode()
    assert not User.objects.filter(username="player3").exists()
    assert signup(Client(), "player3", address="198.51.100.2").status_code == 302


def test_sign_up_takes_an_optional_email_address(db):
    client = Client()
    response = client.post(
        reverse("signup"),
        {"username": "ann", "email": "ann@example.com", "password1": "a long pass phrase 7", "password2": "a long pass phrase 7"},
    )
    assert response.status_code == 302
    assert User.objects.get(username="ann").email == "ann@example.com"


@pytest.mark.parametrize(
    "next_value, goes_to",
    [
        ("x", "/"),
        ("pad", "/"),
        ("https://evil.example/", "/"),
        ("//evil.example/", "/"),
        ("javascript:alert(1)", "/"),
        ("/two-way-street/", "/two-way-street/"),
    ],
)
def test_sign_up_follows_next_only_to_a_path_on_this_site(db, next_value, goes_to):
    client = Client()
    response = client.post(
        reverse("signup") + "?next=" + next_value,
        {"username": "ann", "email": "", "password1": "a long pass phrase 7", "password2": "a long pass phrase 7"},
    )
    assert response.status_code == 302 and response["Location"] == goes_to
    # Logged in now: the sign-up page sends the account on, to the same place.
    again = client.get(reverse("signup"), {"next": next_value})
    assert again.status_code == 302 and again["Location"] == goes_to


def test_change_password(client, user):
    response = client.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": "a brand new phrase 9", "new_password2": "a brand new phrase 9"},
    )
    assert response.status_code == 302 and response["Location"] == reverse("password_change_done")
    assert client.get(reverse("front_page")).status_code == 200  # still logged in
    user.refresh_from_db()
    assert user.check_password("a brand new phrase 9")


def test_a_wrong_old_password_changes_nothing(client, user):
    response = client.post(
        reverse("password_change"),
        {"old_password": "wrong", "new_password1": "a brand new phrase 9", "new_password2": "a brand new phrase 9"},
    )
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def reset_link(address):
    client = Client()
    response = client.post(reverse("password_reset"), {"email": address})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    return client


def test_password_reset_by_email_lifts_a_lockout(user):
    user.email = "jon@example.com"
    user.save()
    for _ in range(5):
        log_in(Client(), password="wrong")
    assert log_in(Client()).status_code == 429
    client = reset_link("jon@example.com")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["jon@example.com"]
    assert "jon" in message.body
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)
    response = client.get(link)  # Django swaps the token for a session key
    assert response.status_code == 302
    form_url = response["Location"]
    response = client.post(form_url, {"new_password1": "a brand new phrase 9", "new_password2": "a brand new phrase 9"})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_complete")
    # Lifted at once, from the address that was locked too.
    assert log_in(Client(), password="a brand new phrase 9").status_code == 302
    # The link works once.
    assert "has been used or is too old" in Client().get(link, follow=True).content.decode()


def test_password_reset_says_the_same_for_an_unknown_address(user):
    reset_link("nobody@example.com")
    assert mail.outbox == []


def test_the_account_page_sets_the_email_address(client, user):
    page = client.get(reverse("account")).content.decode()
    for name in ("password_change", "account_data", "account_delete"):
        assert reverse(name) in page
    response = client.post(reverse("account"), {"email": "jon@example.com"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email == "jon@example.com"
    assert client.post(reverse("account"), {"email": "not an address"}).status_code == 400


def test_download_all_ones_games(client, user, game, stranger):
    record_outcomes(game, "MPI")
    other = services.partnership_get_or_create(odd_name="Jon", even_name="Kim", user=user)
    services.game_start(partnership=other, date=datetime.date(2026, 7, 10))
    strangers = services.partnership_get_or_create(odd_name="Sam", even_name="Pat", user=stranger)
    services.game_start(partnership=strangers, date=datetime.date(2026, 7, 11))
    response = client.get(reverse("account_data"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="gorilla-pad-jon-')
    document = json.loads(b"".join(response.streaming_content))
    assert document["format"] == "gorilla-pad/2"
    assert [(g["partnership"]["even"], len(g["hands"])) for g in document["games"]] == [("Richard", 3), ("Kim", 0)]
    assert len(read_document(document)) == 2  # it imports again


def test_download_of_a_staff_account_holds_only_its_own_games(client, user, game, stranger):
    services.game_start(
        partnership=services.partnership_get_or_create(odd_name="Sam", even_name="Pat", user=stranger),
        date=datetime.date(2026, 7, 11),
    )
    user.is_staff = True
    user.save()
    document = json.loads(b"".join(client.get(reverse("account_data")).streaming_content))
    assert [g["partnership"]["even"] for g in document["games"]] == ["Richard"]


@pytest.fixture
def richard(db, django_user_model):
    return django_user_model.objects.create_user(username="richard", password="richards pass phrase")


def test_deleting_an_account_leaves_the_partners_games_intact(client, user, partnership, game, richard):
    record_outcomes(game, "MPI")
    partnership.members.add(richard)
    alone = services.partnership_get_or_create(odd_name="Jon", even_name="Kim", user=user)
    alone_game = services.game_start(partnership=alone, date=datetime.date(2026, 7, 10))
    record_outcomes(alone_game, "MM")
    hands_before = list(game.hands.order_by("number").values_list("number", "outcome"))

    page = client.get(reverse("account_delete")).content.decode()
    assert "kept, with all its games, for your partner" in page
    assert "deleted with all its games" in page
    assert client.post(reverse("account_delete"), {"password": "wrong"}).status_code == 400
    assert User.objects.filter(pk=user.pk).exists()

    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 200
    assert "Account deleted" in response.content.decode()
    assert not User.objects.filter(pk=user.pk).exists()
    # Richard's partnership and game, every hand, as they were.
    partnership.refresh_from_db()
    assert list(partnership.members.all()) == [richard]
    assert list(game.hands.order_by("number").values_list("number", "outcome")) == hands_before
    richards = Client()
    richards.force_login(richard)
    assert richards.get(reverse("game_pad", args=[game.pk])).status_code == 200
    # Jon's own partnership went with him.
    assert not Partnership.objects.filter(pk=alone.pk).exists()
    assert not Game.objects.filter(pk=alone_game.pk).exists()
    assert not Hand.objects.filter(game_id=alone_game.pk).exists()
    # And he is logged out.
    assert client.get(reverse("front_page")).status_code == 302


def test_an_anonymous_visitor_cannot_delete_anything(anonymous_client, user):
    response = anonymous_client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert User.objects.filter(pk=user.pk).exists()


def archive_of(client) -> dict:
    """The files of the account's data download, each read as JSON."""
    response = client.get(reverse("account_archive"))
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert re.fullmatch(r'attachment; filename="scorepads-\w+-\d{4}-\d\d-\d\d\.zip"', response["Content-Disposition"])
    with zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content))) as archive:
        return {name: json.loads(archive.read(name)) for name in archive.namelist()}


def test_download_all_ones_data_every_game_and_ruling(client, user, game, stranger, stranger_client):
    record_outcomes(game, "MPI")
    services.game_start(
        partnership=services.partnership_get_or_create(odd_name="Sam", even_name="Pat", user=stranger),
        date=datetime.date(2026, 7, 11),
    )
    day = datetime.date(2026, 7, 9)
    for account in (user, stranger):
        street = street_services.game_start(seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=day, user=account)
        street_services.hand_record(game=street, number=1, results=[(5, "high", "declared"), (3, "low", "forced"), (5, "low", "declared")])
        mahjong = mahjong_services.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=day, user=account)
        mahjong_services.hand_record(game=mahjong, number=1, entry=BEN_WINS)
    for account_client, event in ((client, "Club pairs"), (stranger_client, "Stranger's pairs")):
        slug, data = save_post(event=event)
        assert account_client.post(calculator_url(slug), data).status_code == 302

    files = archive_of(client)

    assert list(files) == ["gorilla.json", "two-way-street.json", "mah-jongg.json", "bridge.json", "tally.json"]
    gorilla = files["gorilla.json"]
    assert gorilla["format"] == "gorilla-pad/2" and len(read_document(gorilla)) == 1  # it imports again
    assert [len(g["hands"]) for g in gorilla["games"]] == [3]
    for name, format_name, players in (("two-way-street.json", "two-way-street/2", 3), ("mah-jongg.json", "mah-jongg/2", 4)):
        document = files[name]
        assert document["format"] == format_name
        (exported,) = document["games"]
        assert exported["players"] == ["Ann", "Ben", "Cat", "Dan"][:players] and exported["date"] == "2026-07-09"
        assert [hand["number"] for hand in exported["hands"]] == [1]
        assert '"jon"' not in json.dumps(document) and "id" not in exported  # no account, no database key
    assert files["bridge.json"]["format"] == "bridge-rulings/2"
    assert [ruling["event"] for ruling in files["bridge.json"]["rulings"]] == ["Club pairs"]


def test_download_of_all_ones_data_with_nothing_but_an_account(stranger_client, user):
    files = archive_of(stranger_client)
    assert files["gorilla.json"]["games"] == []
    assert files["two-way-street.json"]["games"] == files["mah-jongg.json"]["games"] == []
    assert files["bridge.json"]["rulings"] == []


def test_a_staff_accounts_data_holds_only_its_own(client, user, stranger, stranger_client):
    slug, data = save_post(event="Stranger's pairs")
    stranger_client.post(calculator_url(slug), data)
    user.is_staff = True
    user.save()
    files = archive_of(client)
    assert files["bridge.json"]["rulings"] == [] and files["gorilla.json"]["games"] == []


def test_the_account_pages_offer_the_whole_download(client):
    link = f'href="{reverse("account_archive")}" download>'
    assert link + "Download all your data</a>" in client.get(reverse("account")).content.decode()
    assert link + "download all your data</a>" in client.get(reverse("account_delete")).content.decode()


def test_deleting_an_account_keeps_the_other_games_of_other_members(client, user, richard):
    day = datetime.date(2026, 7, 9)
    results = [(5, "high", "declared"), (3, "low", "forced"), (5, "low", "declared")]
    alone = street_services.game_start(seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=day, user=user)
    street_services.hand_record(game=alone, number=1, results=results)
    shared = street_services.game_start(
        seats=[Seat("Ann"), Seat("Richard", "richard"), Seat("Cat")], target=12, date=day, user=user
    )
    seating.invitation_accept(seated=street_selectors.SEATED, game_id=shared.pk, user=richard)
    street_services.hand_record(game=shared, number=1, results=results)
    mahjong_alone = mahjong_services.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=day, user=user)
    mahjong_services.hand_record(game=mahjong_alone, number=1, entry=BEN_WINS)
    richards_own = street_services.game_start(seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=day, user=richard)
    slug, data = save_post()
    client.post(calculator_url(slug), data)
    assert "those you are the only member of go with your account" in client.get(reverse("account_delete")).content.decode()

    assert client.post(reverse("account_delete"), {"password": PASSWORD}).status_code == 200

    assert set(StreetGame.objects.values_list("pk", flat=True)) == {shared.pk, richards_own.pk}
    assert not StreetPlayer.objects.filter(game_id=alone.pk).exists() and not StreetHand.objects.filter(game_id=alone.pk).exists()
    shared.refresh_from_db()
    assert list(shared.members.all()) == [richard] and shared.created_by is None and shared.hands.count() == 1
    assert not MahjongGame.objects.exists()
    assert not Ruling.objects.exists()
