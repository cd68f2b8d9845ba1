"""A game on a phone without a connection, from its registration alone: the
service worker keeps every game's real pages (their addresses made from the
URLs the game names) and no other, and a toy game registered only here gets
its page kept and its entries recorded once."""

import datetime
import json
import re
import uuid

import pytest
from django.urls import reverse

from bridge.models import Ruling, RulingBook
from mahjong import services as mahjong_services
from scorepads import registry
from scorepads.players import Seat
from tests.scorepads import toy_game
from two_way_street import services as tws_services

QUEUED = {"HTTP_HX_REQUEST": "true", "HTTP_X_ENTRY_QUEUED": "true"}


def kept_pages(client) -> list[re.Pattern]:
    """The pages the served service worker keeps, read from its script."""
    script = client.get("/sw.js").content.decode()
    sources = json.loads(re.search(r"const KEPT_PAGES = (\[.*?\])\.map", script, re.DOTALL)[1])
    return [re.compile(source) for source in sources]


def kept(patterns, path: str) -> bool:
    return any(pattern.search(path) for pattern in patterns)


def test_every_games_real_pages_are_kept_and_no_other(client, user, game):
    street = tws_services.game_start(seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=datetime.date(2026, 7, 9), user=user)
    mahjong = mahjong_services.game_start(seats=[Seat(name) for name in "ABCD"], date=datetime.date(2026, 7, 9), user=user)
    slug = "pairs-weighted"
    book = RulingBook.objects.create(created_by=user, date=datetime.date(2026, 7, 9), last_number=1)
    ruling = Ruling.objects.create(book=book, number=1, event="Club", board=3, calculation=slug, inputs={})
    patterns = kept_pages(client)
    pages = [
        "/", "/games/", f"/games/{game.pk}/", f"/games/{game.pk}/hands/all/", f"/games/{game.pk}/gorilla/",
        "/two-way-street/", f"/two-way-street/games/{street.pk}/",
        "/mah-jongg/", "/mah-jongg/scorer/", f"/mah-jongg/games/{mahjong.pk}/",
        "/bridge/", f"/bridge/{slug}/", f"/bridge/books/{book.pk}/", f"/bridge/rulings/{ruling.pk}/",
    ]
    for path in pages:
        assert client.get(path).status_code == 200, path  # a real page of the game
        assert kept(patterns, path), path
    for path in (
        f"/games/{game.pk}/pad.pdf", f"/two-way-street/games/{street.pk}/hands/", f"/two-way-street/games/{street.pk}/sheet.pdf",
        f"/mah-jongg/games/{mahjong.pk}/hands.csv", f"/bridge/rulings/{ruling.pk}/ruling.pdf", f"/bridge/books/{book.pk}/rulings/1/change/", "/sw.js", "/accounts/",
        "/games/export.csv", "/offline/",
    ):
        assert not kept(patterns, path), path


def test_each_registered_page_name_is_kept_at_its_address(client, user, game):
    patterns = kept_pages(client)
    for kind in registry.kinds():
        for name in kind.kept_pages:
            assert kept(patterns, reverse(name, kwargs=sample_kwargs(name, game))), name


def sample_kwargs(name: str, game) -> dict:
    """Made-up arguments for a URL name's address."""
    from django.urls import get_resolver

    *namespaces, last = name.split(":")
    resolver = get_resolver()
    for namespace in namespaces:
        resolver = resolver.namespace_dict[namespace][1]
    (possibility, *_), *_ = resolver.reverse_dict.getlist(last)
    _, params = possibility[0]
    return {param: "pairs-weighted" if param == "calculation" else game.pk for param in params}


@pytest.fixture
def toy(db):
    """The toy game, registered as any game is."""
    with toy_game.registered() as kind:
        yield kind


def test_a_toy_game_gets_its_page_kept_and_its_entries_recorded_once(toy, client, user):
    table = toy_game.table_of(user).pk
    patterns = kept_pages(client)
    assert kept(patterns, f"/toy-game/tables/{table}/")
    assert not kept(patterns, f"/toy-game/tables/{table}/moves/")
    key = str(uuid.uuid4())
    for _ in range(3):
        response = client.post(f"/toy-game/tables/{table}/moves/", {"move": "e4", "entry_key": key}, **QUEUED)
        assert response["X-Entry"] == "done"
    client.post(f"/toy-game/tables/{table}/moves/", {"move": "e5", "entry_key": str(uuid.uuid4())}, **QUEUED)
    assert toy_game.RECORDED == ["e4", "e5"]


def test_a_page_to_keep_with_no_url_is_refused_by_name(toy, client):
    from django.core.exceptions import ImproperlyConfigured

    from scorepads import app_shell

    registry.register(registry.GameKind(**{**toy.__dict__, "kept_pages": ("toy:nowhere",)}))  # unregistered with the toy
    with pytest.raises(ImproperlyConfigured, match="toy:nowhere"):
        app_shell.kept_page_patterns()
