"""Who may reach what, for every game the site registers and a toy game
registered only here: every address of every game (its URL patterns, read
from its registration) tried as a stranger (404, nothing changed), as nobody
(to the login page, nothing changed) and, as the control, as its owner (the
page is there). Each game gives the walk one object of its own (OWNED)."""

import contextlib
import datetime
from dataclasses import dataclass, field
from importlib import import_module

import pytest
from django.apps import apps
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, reverse

from scorepads import registry
from tests.conftest import record_outcomes
from tests.scorepads import toy_game

HTMX = {"HTTP_HX_REQUEST": "true"}
#: What a stranger might post, whatever the form: the fields of every game's forms.
POST_DATA = {
    "number": "1", "outcome": "P", "shown": "M", "first_dealer": "even", "taker_cards": "7H 6H 5D", "giver_cards": "QH JH 6D",
    "tricks_1": "5", "direction_1": "high", "choice_1": "declared", "winner": "2", "score_2": "20", "move": "e4",
    "event": "Club", "board": "3", "date": "2026-07-09",
}
#: A token of nothing: what a stranger has for an address reached by a token.
UNKNOWN_TOKEN = "not-a-token-of-anything"


@dataclass
class Owned:
    """What one game gives the walk: the values of its addresses' parts that
    name an object of Jon's, those that name nothing of anyone's (a hand's
    number, a calculation), the real tokens of the pages reached by one (by
    URL name), the pages anyone opens with their token, and who opens a page
    as its control if not Jon (by URL name, the username)."""

    ids: dict
    other: dict = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)
    public: frozenset = frozenset()
    opened_by: dict = field(default_factory=dict)


def gorilla(user, django_user_model) -> Owned:
    from pad import services

    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MM")
    services.hand_record(game=game, number=3, outcome="I", taker_cards="7H 6H 5D", giver_cards="QH JH 6D", verdict_by="solver")
    services.game_share(game=game)
    invitation = services.invitation_create(partnership=partnership, user=user)
    game.refresh_from_db()
    return Owned(
        ids={"game_id": game.pk, "partnership_id": partnership.pk},
        other={"number": 3},
        tokens={"shared_pad": game.share_token, "shared_pad_pdf": game.share_token, "invitation_accept": invitation.token},
        public=frozenset({"shared_pad", "shared_pad_pdf"}),
    )


def seated(start, record):
    """A seated game of Jon's with a hand, a seat offered to Richard's account."""

    def make(user, django_user_model) -> Owned:
        from scorepads.players import Seat

        django_user_model.objects.create_user(username="richard", password="pw-richard-1")
        game = start(seats=[Seat("Ann"), Seat("Richard", "richard"), Seat("Cat"), Seat("Dan")], date=datetime.date(2026, 7, 9), user=user)
        record(game)
        return Owned(ids={"game_id": game.pk}, other={"number": 1}, opened_by={"invitation_decline": "richard"})

    return make


def two_way_street(user, django_user_model) -> Owned:
    from tests.two_way_street.conftest import WORKED_HANDS
    from two_way_street import services

    def record(game):  # finished: it has a ratings record
        for number, results in enumerate(WORKED_HANDS, start=1):
            services.hand_record(game=game, number=number, results=results)

    return seated(lambda **kwargs: services.game_start(target=12, **kwargs), record)(user, django_user_model)


def mahjong(user, django_user_model) -> Owned:
    from mahjong import services
    from tests.mahjong.conftest import BEN_WINS

    return seated(services.game_start, lambda game: services.hand_record(game=game, number=1, entry=BEN_WINS))(user, django_user_model)


def bridge(user, django_user_model) -> Owned:
    from bridge.models import Ruling, RulingBook

    book = RulingBook.objects.create(created_by=user, date=datetime.date(2026, 7, 9), last_number=1)
    ruling = Ruling.objects.create(book=book, number=1, event="Club", board=3, calculation="pairs-weighted", inputs={})
    return Owned(ids={"ruling_id": ruling.pk, "game_id": book.pk}, other={"calculation": "pairs-weighted", "number": 1})


def tally(user, django_user_model) -> Owned:
    from tests.tally import services

    return seated(services.game_start, lambda game: services.hand_record(game=game, number=1, scores=[1, 2, 3, 4]))(user, django_user_model)


def toy(user, django_user_model) -> Owned:
    return Owned(ids={"table": toy_game.table_of(user).pk})


#: One object of Jon's for each game, by the game's slug.
OWNED = {"gorilla": gorilla, "two-way-street": two_way_street, "mah-jongg": mahjong, "bridge": bridge, "tally": tally, "toy": toy}
#: The games walked: every registered one, and the toy game.
SLUGS = [*(kind.slug for kind in registry.kinds()), toy_game.KIND.slug]
#: What nobody's request may change: every table but the sessions and the log-in records.
UNCHANGED_APPS = {"sessions", "admin", "axes"}


def patterns_of(kind) -> list[tuple[str, URLPattern]]:
    """Every URL pattern of ``kind`` (from the URLs it registers), with the name its address is reversed by."""
    module = import_module(kind.urls)
    namespace = getattr(module, "app_name", "")

    def walk(url_patterns):
        for pattern in url_patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns)
            else:
                yield f"{namespace}:{pattern.name}" if namespace else pattern.name, pattern

    return list(walk(module.urlpatterns))


def snapshot():
    """Every row a request could change, and what the toy game recorded."""
    models = [model for model in apps.get_models(include_auto_created=True) if model._meta.app_label not in UNCHANGED_APPS]
    return [list(model.objects.order_by("pk").values()) for model in models], list(toy_game.RECORDED)


@pytest.fixture(params=SLUGS)
def walked(request, user, django_user_model):
    """A game (registered, or the toy game registered now), its patterns and Jon's object of it."""
    slug = request.param
    with toy_game.registered() if slug == toy_game.KIND.slug else contextlib.nullcontext():
        if slug not in OWNED:
            pytest.fail(f"the game {slug!r} gives the access walk no object of its own: add one to OWNED")
        owned = OWNED[slug](user, django_user_model)
        yield registry.kind(slug), patterns_of(registry.kind(slug)), owned


def url_of(name, pattern, owned: Owned, token=UNKNOWN_TOKEN):
    values = {**owned.ids, **owned.other, "token": token}
    return reverse(name, kwargs={part: values[part] for part in pattern.pattern.converters})


def names_an_object(pattern, owned: Owned) -> bool:
    return bool(set(pattern.pattern.converters) & {*owned.ids, "token"})


def test_every_registered_game_gives_the_walk_an_object():
    missing = [kind.slug for kind in registry.kinds() if kind.slug not in OWNED]
    assert not missing, f"games with no object of their own for the access walk: {missing}"


def test_every_game_registers_its_addresses():
    for kind in registry.kinds():
        assert patterns_of(kind), kind.slug


def test_a_stranger_finds_nothing_of_any_game_and_changes_nothing(stranger_client, walked):
    kind, patterns, owned = walked
    walked_names = []
    for name, pattern in patterns:
        if not names_an_object(pattern, owned):
            continue
        url = url_of(name, pattern, owned)
        before = snapshot()
        statuses = []
        for method in ("get", "post"):
            for extra in ({}, HTMX):
                response = getattr(stranger_client, method)(url, POST_DATA if method == "post" else {}, **extra)
                statuses.append(response.status_code)
        # 405 for the method a view does not take, 404 for the one it does: never the page.
        assert set(statuses) <= {404, 405} and 404 in statuses, (url, statuses)
        assert snapshot() == before, url
        walked_names.append(name)
    assert walked_names, f"{kind.slug}: no address names an object"


def test_the_owner_opens_what_a_stranger_cannot(client, walked, django_user_model):
    """The control for the test above: the same addresses answer Jon (or
    whoever the game says opens them)."""

    kind, patterns, owned = walked
    for name, pattern in patterns:
        if not names_an_object(pattern, owned):
            continue
        url = url_of(name, pattern, owned, owned.tokens.get(name.rpartition(":")[2], UNKNOWN_TOKEN))
        who = client
        if name.rpartition(":")[2] in owned.opened_by:
            who = Client()
            who.force_login(django_user_model.objects.get(username=owned.opened_by[name.rpartition(":")[2]]))
        with transaction.atomic():  # each page of a game as it was (leaving it is one)
            response = who.get(url)
            if response.status_code == 405:
                response = who.post(url, POST_DATA)
            transaction.set_rollback(True)
        assert response.status_code in (200, 302, 400), (url, response.status_code)


def test_nobody_is_sent_anywhere_but_to_log_in(anonymous_client, walked):
    kind, patterns, owned = walked
    for name, pattern in patterns:
        public = name.rpartition(":")[2] in owned.public
        url = url_of(name, pattern, owned, owned.tokens.get(name.rpartition(":")[2], UNKNOWN_TOKEN))
        before = snapshot()
        for method in ("get", "post"):
            for extra in ({}, HTMX):
                response = getattr(anonymous_client, method)(url, POST_DATA if method == "post" else {}, **extra)
                if public:
                    assert not response.get("Location", "").startswith(reverse("login")), (url, method)
                else:
                    assert response.status_code == 302, (url, method, response.status_code)
                    assert response["Location"] == f"{reverse('login')}?next={url}", (url, method)
        if not public:  # a page anyone opens may print (and keep) the pad
            assert snapshot() == before, url


def test_the_toy_games_tables_are_in_the_history_and_none_of_a_strangers(client, stranger_client, user):
    with toy_game.registered():
        toy_game.table_of(user, 7)
        mine = client.get(reverse("game_list"), {"game": "toy"}).content.decode()
        theirs = stranger_client.get(reverse("game_list"), {"game": "toy"}).content.decode()
        everything = client.get(reverse("game_list")).content.decode()
    assert "<li>Toy table 7</li>" in mine and "<li>Toy table 7</li>" in everything
    assert "Toy table 7" not in theirs


def test_two_games_at_one_address_are_refused_by_name():
    from django.core.exceptions import ImproperlyConfigured

    from scorepads import game_urls

    registry.register(registry.GameKind(**{**toy_game.KIND.__dict__, "url_prefix": "bridge/"}))
    try:
        with pytest.raises(ImproperlyConfigured, match="bridge/"):
            game_urls.includes()
    finally:
        registry._kinds.pop(toy_game.KIND.slug)
