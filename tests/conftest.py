import datetime
import time
import types

import pytest
from django.test import Client
from hypothesis import settings

from pad import services

# No property test here is about time: a busy machine makes no example fail
# (tests that time something measure it themselves, under bench/).
settings.register_profile("scorepads", deadline=None)
settings.load_profile("scorepads")

# What makes a test use the database (pytest-django refuses it to any other).
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}
)


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="run only the tests that use the database: a second database's run (make test-postgresql), "
        "where the others would give what they gave on the first",
    )


def uses_database(item) -> bool:
    """Whether the test ``item`` may touch the database: pytest-django lets
    only a test marked django_db, asking for one of its database fixtures
    (itself or through another fixture), or a Django TestCase, do so."""
    fixtures = set(getattr(item, "fixturenames", ()))
    test_case = getattr(item, "cls", None)
    return bool(
        fixtures & DATABASE_FIXTURES
        or item.get_closest_marker("django_db")
        or (test_case is not None and getattr(test_case, "databases", None))
    )


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--database-tests-only"):
        return
    kept, left_out = [], []
    for item in items:
        (kept if uses_database(item) else left_out).append(item)
    config.hook.pytest_deselected(items=left_out)
    items[:] = kept


@pytest.fixture
def rate_window_held(monkeypatch):
    """django-ratelimit counts requests in fixed windows (a minute, an hour)
    that end at set moments: requests on both sides of an end are counted in
    two windows, and a test of a rate that a busy machine stretches across one
    would see its last request let through. The limiter's clock is held still
    for the test, so that all its requests fall in one window."""
    import django_ratelimit.core

    moment = time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", types.SimpleNamespace(time=lambda: moment))


@pytest.fixture
def user(db, django_user_model):
    """Jon's account: a member of the ``partnership`` fixture."""
    return django_user_model.objects.create_user(username="jon", password="gorilla-pad-pass-1")


@pytest.fixture
def client(user):
    """pytest-django's test client, logged in as ``user``."""
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def stranger(db, django_user_model):
    """An account that is no member of any partnership of the fixtures."""
    return django_user_model.objects.create_user(username="stranger", password="gorilla-pad-pass-2")


@pytest.fixture
def stranger_client(stranger):
    client = Client()
    client.force_login(stranger)
    return client


@pytest.fixture
def anonymous_client(db):
    return Client()


@pytest.fixture
def partnership(user):
    return services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)


@pytest.fixture
def game(partnership):
    """A game on an odd day: Jon, the odd partner, deals first."""
    return services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))


def record_outcomes(game, outcomes):
    """Record hands with the given outcomes (a string of M, P and I) after the existing ones."""
    start = game.hands.count() + 1
    for number, outcome in enumerate(outcomes, start=start):
        services.hand_record(game=game, number=number, outcome=outcome)
