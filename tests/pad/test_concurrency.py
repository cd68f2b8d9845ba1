"""Many phones at once: a hand tapped on several phones together is recorded once.

Each test releases threads together with a barrier, each thread on its own
database connection, as the worker threads of a server would be. Exactly one
of them changes the pad; the others are refused with a RecordingError (the
view says so politely); nothing else escapes, no hand is doubled or lost, and
the summary stored on the game matches its hands.

These run on PostgreSQL only (``make test`` runs the suite a second time on a
throwaway PostgreSQL server): SQLite has no row locks and lets one writer at a
time into the whole database, so it cannot show the race at all.
"""

import datetime
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from pad import rules, services
from pad.models import Game, Partnership
from pad.services import RecordingError
from pad.summaries import game_summary

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL (row locks, concurrent writers); `make test` runs it on a "
        f"throwaway PostgreSQL server, this run is on {connection.vendor}",
    ),
    pytest.mark.django_db(transaction=True),
]

THREADS = 8
HTMX = {"HTTP_HX_REQUEST": "true"}


def race(action, *, threads=THREADS):
    """Run ``action(i)`` in ``threads`` threads released together.

    Returns one ``(kind, value)`` per thread: ``("ok", result)``,
    ``("refused", RecordingError)`` or ``("crashed", exception)``.
    """
    barrier = threading.Barrier(threads)
    results = [("crashed", RuntimeError("the thread did not finish"))] * threads

    def run(i):
        try:
            connection.ensure_connection()  # connect before the start line
            barrier.wait(timeout=30)
            results[i] = ("ok", action(i))
        except RecordingError as error:
            results[i] = ("refused", error)
        except BaseException as error:  # reported by the test as a crash
            results[i] = ("crashed", error)
        finally:
            connection.close()

    workers = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=60)
    assert not any(worker.is_alive() for worker in workers), "a thread is stuck"
    return results


def kinds(results):
    return sorted(kind for kind, _ in results)


def numbers(game):
    return list(game.hands.order_by("number").values_list("number", flat=True))


def assert_summary_matches_hands(game):
    """The summary fields stored on the game are those of its hands, as they are now."""
    game = Game.objects.get(pk=game.pk)
    pad = rules.compute_pad(hand.as_played() for hand in game.hands.order_by("number"))
    assert {name: getattr(game, name) for name in game_summary(pad)} == game_summary(pad)


@pytest.fixture
def user():
    return get_user_model().objects.create_user("jon", password="a long test password")


@pytest.fixture
def game(user):
    partnership = Partnership.objects.create(odd_name="Jon", even_name="Richard")
    partnership.members.add(user)
    return services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))


def test_the_same_hand_from_many_threads_is_recorded_once_hand_after_hand(game):
    for number, outcome in enumerate("MPMIMPMPMI", start=1):
        results = race(
            lambda i, number=number, outcome=outcome: services.hand_record(
                game=Game.objects.get(pk=game.pk), number=number, outcome=outcome
            )
        )
        assert kinds(results) == ["ok"] + ["refused"] * (THREADS - 1), results
        for kind, value in results:
            if kind == "refused":
                assert value.code == "taken"
                assert f"hand {number} " in str(value)
        assert numbers(game) == list(range(1, number + 1))
    assert "".join(game.hands.order_by("number").values_list("outcome", flat=True)) == "MPMIMPMPMI"
    assert_summary_matches_hands(game)


def test_each_thread_its_own_game_object_read_before_the_race(game):
    """Instances read before another thread changed the game do no harm."""
    services.hand_record(game=game, number=1, outcome="M")
    stale = [Game.objects.get(pk=game.pk) for _ in range(THREADS)]
    results = race(lambda i: services.hand_record(game=stale[i], number=2, outcome="P"))
    assert kinds(results) == ["ok"] + ["refused"] * (THREADS - 1), results
    assert numbers(game) == [1, 2]
    assert_summary_matches_hands(game)


def test_undo_and_record_at_once_only_one_of_them_happens(game):
    # Eight hands, so that six undos in a row still leave one to undo.
    for number, outcome in enumerate("MPMIMPMP", start=1):
        services.hand_record(game=game, number=number, outcome=outcome)
    for _ in range(6):
        last = numbers(game)[-1]

        def undo_or_record(i, last=last):
            current = Game.objects.get(pk=game.pk)
            if i % 2:
                return services.hand_undo_last(game=current, expected_number=last)
            return services.hand_record(game=current, number=last + 1, outcome="P" if last % 2 else "M")

        results = race(undo_or_record)
        assert kinds(results) == ["ok"] + ["refused"] * (THREADS - 1), results
        assert numbers(game) in (list(range(1, last)), list(range(1, last + 2)))
        assert_summary_matches_hands(game)


def test_the_same_hand_posted_by_many_phones_through_the_view(game, user):
    clients = []
    for _ in range(THREADS):
        client = Client()
        client.force_login(user)
        clients.append(client)
    url = reverse("hand_record", args=[game.pk])
    for number in (1, 2, 3):
        results = race(lambda i, number=number: clients[i].post(url, {"number": number, "outcome": "M"}, **HTMX))
        assert kinds(results) == ["ok"] * THREADS, results
        pages = [response.content.decode() for _, response in results]
        assert [response.status_code for _, response in results] == [200] * THREADS
        told_already = [page for page in pages if f"Hand {number} is already on the pad" in page]
        assert len(told_already) == THREADS - 1
        assert numbers(game) == list(range(1, number + 1))
    assert_summary_matches_hands(game)
