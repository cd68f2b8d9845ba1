"""Printing outside the request workers (scorepads.printing): a long PDF is
queued for the task worker, kept in the database, and refused past the limits."""

import datetime
import gc
import uuid

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scorepads import printing
from scorepads.models import PdfRequestCount, PrintedPdf
from tests.tally.testing import game_of as tally_game_of
from tests.two_way_street.conftest import WORKED_HANDS, record
from two_way_street import pdf as street_pdf
from two_way_street import services
from two_way_street.services import Seat

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def queued(transactional_db, settings):
    """Tasks go to the database for the worker, and every sheet longer than
    ten cells is rendered there. The tests commit as the app does: the
    worker's command manages its own transactions and connections."""
    settings.TASKS = DATABASE_TASKS
    settings.PDF_CELLS_IN_REQUEST = 10


def street_game(user, names=("Ann", "Ben", "Cat", "Dan")):
    game = services.game_start(
        seats=[Seat(name) for name in names], target=12, date=datetime.date(2026, 7, 9), user=user
    )
    return record(game, WORKED_HANDS)


def sheet_url(game, size=None):
    url = reverse("two_way_street:sheet_pdf", args=[game.pk])
    return f"{url}?size={size}" if size else url


def run_worker():
    """The task worker's own command, until the queue is empty."""
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)


def test_a_long_sheet_answers_being_prepared_and_enqueues_one_task(client, user, queued):
    game = street_game(user)  # 4 hands of 4 players: 16 cells, more than 10
    response = client.get(sheet_url(game))
    assert response.status_code == 202
    page = response.content.decode()
    assert "Preparing your PDF" in page
    assert f'hx-get="{sheet_url(game)}"' in page and 'hx-trigger="every 3s"' in page
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in page  # without JavaScript
    assert DBTaskResult.objects.count() == 1
    assert PrintedPdf.objects.get().content is None

    again = client.get(sheet_url(game))  # the same address, before the worker ran
    assert again.status_code == 202
    assert DBTaskResult.objects.count() == 1
    assert client.get(sheet_url(game), HTTP_HX_REQUEST="true").status_code == 204  # the page's poll


def test_once_the_worker_ran_the_same_address_gives_the_pdf(client, user, queued, monkeypatch):
    game = street_game(user)
    client.get(sheet_url(game))
    run_worker()
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"

    poll = client.get(sheet_url(game), HTTP_HX_REQUEST="true")
    assert poll.status_code == 286  # htmx stops polling and follows the link
    assert f'href="{sheet_url(game)}" data-pdf-link' in poll.content.decode()
    monkeypatch.setattr(street_pdf, "render_sheet", lambda *args: pytest.fail("rendered again"))
    response = client.get(sheet_url(game))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    assert response.content == bytes(PrintedPdf.objects.get().content)


def test_a_short_sheet_is_rendered_in_the_request(client, user, settings):
    settings.TASKS = DATABASE_TASKS
    settings.PDF_CELLS_IN_REQUEST = 16  # the worked game's 16 cells fit
    game = street_game(user)
    response = client.get(sheet_url(game))
    assert response.status_code == 200 and response.content.startswith(b"%PDF-")
    assert DBTaskResult.objects.count() == 0
    assert PrintedPdf.objects.get().key == street_pdf.sheet_cache_key(game.pk, game.revision, "a4")


def test_a_page_size_is_its_own_pdf_kept_in_the_database(client, user, queued, monkeypatch):
    game = street_game(user)
    assert client.get(sheet_url(game)).status_code == 202
    assert client.get(sheet_url(game, "letter")).status_code == 429  # one at a time
    run_worker()
    assert client.get(sheet_url(game, "letter")).status_code == 202
    run_worker()
    keys = set(PrintedPdf.objects.values_list("key", flat=True))
    assert keys == {street_pdf.sheet_cache_key(game.pk, game.revision, size) for size in ("a4", "letter")}
    a4, letter = (bytes(PrintedPdf.objects.get(key__endswith=size).content) for size in (":a4", ":letter"))
    assert a4 != letter
    # Nothing of it is held by this process: whichever worker answers reads the database.
    monkeypatch.setattr(street_pdf, "render_sheet", lambda *args: pytest.fail("rendered again"))
    assert client.get(sheet_url(game)).content == a4
    assert client.get(sheet_url(game, "letter")).content == letter


def test_a_game_changed_before_the_worker_ran_is_printed_as_it_now_is(client, user, queued):
    game = street_game(user)
    client.get(sheet_url(game))
    old_key = street_pdf.sheet_cache_key(game.pk, game.revision, "a4")
    services.hand_undo_last(game=game)
    game.refresh_from_db()
    run_worker()
    assert list(PrintedPdf.objects.values_list("key", flat=True)) == [
        street_pdf.sheet_cache_key(game.pk, game.revision, "a4")
    ]
    assert old_key != PrintedPdf.objects.get().key
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def test_the_waiting_pages_polls_are_not_counted_against_the_limit(client, user, queued, settings):
    settings.PDF_REQUESTS_PER_MINUTE = 2
    game = street_game(user)
    assert client.get(sheet_url(game)).status_code == 202
    for _ in range(5):  # more polls than the minute's requests
        assert client.get(sheet_url(game), HTTP_HX_REQUEST="true").status_code == 204
    assert client.get(sheet_url(game)).status_code == 202  # the page opened again
    assert PdfRequestCount.objects.get().count == 1
    assert DBTaskResult.objects.count() == 1


def test_the_owners_polls_while_a_changed_game_waits_are_not_refused(client, user, queued):
    game = street_game(user)
    assert client.get(sheet_url(game)).status_code == 202
    services.hand_undo_last(game=game)  # the game changes while its PDF waits
    for _ in range(3):
        assert client.get(sheet_url(game), HTTP_HX_REQUEST="true").status_code == 204
    assert client.get(sheet_url(game)).status_code == 202
    assert DBTaskResult.objects.count() == 1  # nothing queued twice
    run_worker()
    game.refresh_from_db()
    poll = client.get(sheet_url(game), HTTP_HX_REQUEST="true")
    assert poll.status_code == 286
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def test_the_rate_limit_refuses_with_429_and_enqueues_nothing(client, user, queued, settings):
    settings.PDF_REQUESTS_PER_MINUTE = 2
    game = street_game(user)
    assert client.get(sheet_url(game)).status_code == 202
    assert "Another PDF of yours" in client.get(sheet_url(game, "letter")).content.decode()  # counted too
    refused = client.get(sheet_url(game, "letter"))
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert "asked for too often" in refused.content.decode()
    assert DBTaskResult.objects.count() == 1
    assert PrintedPdf.objects.count() == 1
    assert PdfRequestCount.objects.get().count == 2  # the refusal is not counted
    # Every PDF address is limited, the ones printed in the request too.
    assert client.get(reverse("two_way_street:blank_pdf")).status_code == 429


def test_the_renders_of_an_hour_are_limited(client, user, queued, settings):
    settings.PDF_RENDERS_PER_HOUR = 1
    first, second = street_game(user), street_game(user, names=("Eve", "Fay", "Gus", "Hal"))
    assert client.get(sheet_url(first)).status_code == 202
    run_worker()
    assert client.get(sheet_url(first)).status_code == 200  # what was printed can be downloaded
    refused = client.get(sheet_url(second))
    assert refused.status_code == 429
    assert "1 PDFs printed in the last hour" in refused.content.decode()
    assert DBTaskResult.objects.count() == 1
    assert PrintedPdf.objects.count() == 1
    settings.PDF_CELLS_IN_REQUEST = 100
    blank = client.get(reverse("two_way_street:blank_pdf"))  # printed in the request: a render too
    assert blank.status_code == 429 and PrintedPdf.objects.count() == 1


def test_one_render_at_a_time_for_each_account(client, user, queued, stranger_client, stranger):
    first, second = street_game(user), street_game(user, names=("Eve", "Fay", "Gus", "Hal"))
    assert client.get(sheet_url(first)).status_code == 202
    refused = client.get(sheet_url(second))
    assert refused.status_code == 429
    assert "Another PDF of yours is being prepared" in refused.content.decode()
    assert DBTaskResult.objects.count() == 1
    # Another account's render is not held up by it.
    theirs = street_game(stranger)
    assert stranger_client.get(sheet_url(theirs)).status_code == 202
    assert DBTaskResult.objects.count() == 2
    run_worker()
    assert client.get(sheet_url(second)).status_code == 202


def test_a_render_whose_task_is_gone_is_asked_for_again(client, user, queued):
    game = street_game(user)
    client.get(sheet_url(game))
    DBTaskResult.objects.all().delete()  # the tasks were cleared
    assert client.get(sheet_url(game)).status_code == 202
    assert DBTaskResult.objects.count() == 1
    assert PrintedPdf.objects.get().task == DBTaskResult.objects.get().pk


def test_a_document_waiting_long_for_the_worker_is_queued_once(client, user, queued, settings, stranger):
    game = street_game(user)
    client.get(sheet_url(game))
    long_ago = timezone.now() - 3 * settings.TASK_TIME_LIMIT
    PrintedPdf.objects.update(requested_at=long_ago)
    DBTaskResult.objects.update(enqueued_at=long_ago)  # its task still waits for a worker
    for _ in range(3):
        assert client.get(sheet_url(game)).status_code == 202
        assert client.get(sheet_url(game), HTTP_HX_REQUEST="true").status_code == 204
    assert DBTaskResult.objects.count() == 1 and PrintedPdf.objects.count() == 1
    run_worker()
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def long_street_game(user):
    """A Two Way Street game of four players and twelve hands (48 cells), nobody near its target."""
    game = services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], target=100, date=datetime.date(2026, 7, 9), user=user
    )
    tied = [(3, "high", "forced"), (3, "high", "forced"), (1, "low", "declared"), (2, "low", "declared")]
    return record(game, [tied] * 12)


def run_one_task():
    call_command("db_worker", "--batch", "--max-tasks", "1", "--no-startup-delay", "--no-reload", verbosity=0)


def test_another_accounts_short_sheet_goes_before_the_floods_waiting_renders(
    client, user, queued, django_user_model, monkeypatch
):
    monkeypatch.setattr(printing, "CELLS_PER_SECOND", 1)  # a cell takes a second: 16 s against 48 s each
    sheet = street_game(user)  # 16 cells
    assert client.get(sheet_url(sheet, "a4")).status_code == 202
    run_worker()  # the account printed a while ago
    flood = []
    for number in range(3):
        account = django_user_model.objects.create_user(username=f"flood-{number}", password="gorilla-pad-pass-3")
        flooder = Client()
        flooder.force_login(account)
        flood.append((flooder, sheet_url(long_street_game(account))))
    for flooder, url in flood:
        assert flooder.get(url).status_code == 202
    run_one_task()  # the worker busy with the first of the flood
    assert client.get(sheet_url(sheet, "letter")).status_code == 202
    run_one_task()
    assert client.get(sheet_url(sheet, "letter")).content.startswith(b"%PDF-")  # next, after the render under way
    assert [flooder.get(url).status_code for flooder, url in flood] == [200, 202, 202]
    run_worker()
    assert all(flooder.get(url).content.startswith(b"%PDF-") for flooder, url in flood)


def test_a_queued_pdf_waits_with_the_cost_its_address_estimated(client, user, queued):
    game = street_game(user)
    client.get(sheet_url(game))
    restore = uuid.uuid4()  # a task that prints nothing
    DBTaskResult.objects.create(
        id=restore, args_kwargs={}, task_path="x", backend_name="default", run_after=timezone.now(), status="READY"
    )
    rows = DBTaskResult.objects.order_by("enqueued_at").values_list("id", "priority", "enqueued_at")
    costs = {task.task_id: task.cost for task in printing.waiting_with_costs(rows)}
    assert costs == {PrintedPdf.objects.get().task: 4 * 4, restore: 0}  # four hands of four players


ASKED = datetime.datetime(2026, 7, 9, 20, 0, tzinfo=datetime.UTC)


def waiting(seconds_after: float, seconds_long: float, priority: int = 0) -> printing.Waiting:
    """A task asked ``seconds_after`` ASKED, whose render takes ``seconds_long``."""
    return printing.Waiting(
        uuid.uuid4(),
        priority,
        ASKED + datetime.timedelta(seconds=seconds_after),
        round(seconds_long * printing.CELLS_PER_SECOND),
    )


def test_in_turn_takes_a_short_render_asked_after_long_ones_before_them():
    long_ones = [waiting(0, 44), waiting(0.1, 20), waiting(0.2, 30)]
    short = waiting(5, 2)
    assert printing.in_turn([*long_ones, short]) == [short.task_id, long_ones[1].task_id, long_ones[2].task_id, long_ones[0].task_id]


def test_in_turn_takes_a_long_render_first_once_it_waited_longer_than_a_short_ones_length():
    long = waiting(0, 30)
    short = waiting(29, 2)  # the long one would have been done a second before it
    assert printing.in_turn([long, short]) == [long.task_id, short.task_id]
    sooner = waiting(27, 2)
    assert printing.in_turn([long, sooner]) == [sooner.task_id, long.task_id]


def test_in_turn_puts_priority_first():
    long, short = waiting(0, 40), waiting(1, 2)
    urgent = waiting(30, 40, priority=5)
    prints_nothing = printing.Waiting(uuid.uuid4(), 0, ASKED + datetime.timedelta(seconds=2))
    assert printing.in_turn([long, short, urgent, prints_nothing]) == [
        urgent.task_id, prints_nothing.task_id, short.task_id, long.task_id
    ]


def test_in_turn_takes_renders_done_at_once_in_the_order_asked():
    first, second, third = waiting(0, 10), waiting(0, 10), waiting(5, 5)  # all would be done at 10 s
    assert printing.in_turn([second, third, first]) == [second.task_id, first.task_id, third.task_id]
    assert printing.in_turn([first, second, third]) == [first.task_id, second.task_id, third.task_id]


def test_in_turn_lets_no_render_wait_for_ever_behind_short_ones():
    """A long render of 40 s waits while a short one of 2 s is asked every 2 s
    (the worker never idle): it is started within its own length of being asked."""
    long = waiting(0, 40)
    queue, clock, started, asked = [long], 0.0, None, 0.0
    while started is None:
        while asked <= clock:
            queue.append(waiting(asked, 2))
            asked += 2
        task_id = printing.in_turn(queue)[0]
        taken = next(task for task in queue if task.task_id == task_id)
        queue.remove(taken)
        if taken is long:
            started = clock
        clock += taken.cost / printing.CELLS_PER_SECOND
    assert 0 < started <= 40


def test_a_render_of_a_document_another_render_prepares_renders_nothing(client, user, queued, monkeypatch):
    game = street_game(user)
    client.get(sheet_url(game))
    services.hand_undo_last(game=game)  # a new revision, asked for while the first still waits
    game.refresh_from_db()
    new_key = street_pdf.sheet_cache_key(game.pk, game.revision, "a4")
    assert printing.queue(new_key, "user:partner", sheet_url(game), user.pk, cost=16) == ""  # its own render
    assert DBTaskResult.objects.count() == 2
    rendered = []
    original = street_pdf.render_sheet
    monkeypatch.setattr(street_pdf, "render_sheet", lambda *args: rendered.append(1) or original(*args))
    run_worker()
    assert len(rendered) == 1  # the first task found the new revision prepared by the second
    assert PrintedPdf.objects.get().content.startswith(b"%PDF-")


def test_a_failed_render_says_so_and_is_tried_again_when_asked(client, user, queued, monkeypatch):
    game = street_game(user)
    client.get(sheet_url(game))
    monkeypatch.setattr(street_pdf, "render_sheet", lambda *args: 1 / 0)
    run_worker()
    assert DBTaskResult.objects.get().status == "FAILED"
    response = client.get(sheet_url(game))
    assert response.status_code == 500
    assert "could not be prepared" in response.content.decode()
    monkeypatch.undo()
    assert client.get(sheet_url(game)).status_code == 202
    run_worker()
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def test_the_worker_prints_with_the_asking_account_and_nothing_else(user, stranger, queued):
    game = street_game(user)
    PrintedPdf.objects.create(key="someone-else", requester=f"user:{stranger.pk}", path=sheet_url(game))
    printing.render_pdf.enqueue("someone-else", sheet_url(game), f"user:{stranger.pk}", stranger.pk)
    run_worker()  # the game is not the stranger's: a 404 in the worker, nothing printed
    assert not PrintedPdf.objects.exists()


def test_the_cell_estimate_decides_where_a_pdf_is_rendered(settings):
    settings.PDF_CELLS_IN_REQUEST = 240
    assert printing.renders_in_request(240)
    assert not printing.renders_in_request(241)


def test_the_cost_of_a_document_counts_its_text_beside_its_cells():
    assert printing.print_cost(cells=70) == 70
    per_cell = printing.CHARACTERS_PER_CELL
    assert printing.print_cost(cells=70, text=["a" * per_cell, "b" * (per_cell * 2 - 1)]) == 70 + 2
    assert printing.print_cost(cells=0, text=["x" * 2000]) == 2000 // per_cell


def test_a_pad_with_notes_at_their_limit_prints_in_the_worker(client, user, partnership, settings):
    settings.TASKS = DATABASE_TASKS
    settings.PDF_CELLS_IN_REQUEST = 100  # the default
    from pad import services as gorilla
    from pad.models import NOTES_MAX_LENGTH

    plain = gorilla.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    noted = gorilla.game_start(partnership=partnership, date=datetime.date(2026, 7, 10), notes="n" * NOTES_MAX_LENGTH)
    for game in (plain, noted):
        gorilla.hand_record(game=game, number=1, outcome="M")
    assert client.get(reverse("game_pad_pdf", args=[plain.pk])).status_code == 200  # in the request
    assert client.get(reverse("game_pad_pdf", args=[noted.pk])).status_code == 202  # in the worker
    assert DBTaskResult.objects.count() == 1


def pdf_routes(patterns=None, prefix=""):
    """(URL name, route) of every address of the app that answers a PDF."""
    from django.urls import URLPattern, URLResolver, get_resolver

    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            namespace = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
            yield from pdf_routes(pattern.url_patterns, namespace)
        elif isinstance(pattern, URLPattern) and str(pattern.pattern).endswith(".pdf"):
            yield f"{prefix}{pattern.name}", str(pattern.pattern)


def test_every_pdf_address_answers_through_the_limits(client, user, game, partnership, settings):
    """Each PDF view of every game goes through scorepads.views.printed: with
    no request allowed, every one is refused, and nothing is printed."""

    from bridge import calculator
    from bridge import services as bridge_services
    from mahjong import services as mahjong_services
    from pad import services as pad_services

    settings.PDF_REQUESTS_PER_MINUTE = 0
    pad_services.game_share(game=game)
    game.refresh_from_db()
    mahjong = mahjong_services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=datetime.date(2026, 7, 9), user=user
    )
    ruling = bridge_services.ruling_record(
        user=user,
        calculation=calculator.calculation("pairs-weighted"),
        inputs={"field": "+110 x5\n+50 x3\n-50 x2\n-110 x2", "weights": "+110 60%, -50 40%"},
        vulnerability="none",
        event="Tuesday pairs",
        board=14,
        date=datetime.date(2026, 7, 9),
        note="",
    )
    arguments = {
        "game_pad_pdf": [game.pk],
        "shared_pad_pdf": [game.share_token],
        "games_pdf": [],
        "partnership_season_pdf": [partnership.pk],
        "partnership_blank_pdf": [partnership.pk],
        "two_way_street:sheet_pdf": [street_game(user).pk],
        "two_way_street:blank_pdf": [],
        "mahjong:sheet_pdf": [mahjong.pk],
        "mahjong:blank_pdf": [],
        "mahjong:game_blank_pdf": [mahjong.pk],
        "bridge:ruling_pdf": [ruling.pk],
        "tally:sheet_pdf": [tally_game_of(user).pk],
    }
    routes = dict(pdf_routes())
    assert set(routes) == set(arguments), "a PDF address this test does not ask for"
    for name, args in arguments.items():
        response = client.get(reverse(name, args=args))
        assert response.status_code == 429, name
        assert "asked for too often" in response.content.decode()
    assert not PrintedPdf.objects.exists()


def test_a_render_collects_young_garbage_less_often_and_restores_the_setting(monkeypatch):
    from scorepads import pdf as sheets

    before = gc.get_threshold()
    seen = []
    real_layout = sheets._layout

    def layout(*args, **kwargs):
        seen.append(gc.get_threshold())
        return real_layout(*args, **kwargs)

    monkeypatch.setattr(sheets, "_layout", layout)
    assert sheets.write_pdf("<p>Ann</p>", stylesheet=street_pdf.STYLESHEET)[:5] == b"%PDF-"
    assert seen == [(max(before[0], sheets.RENDER_GC_THRESHOLD), *before[1:])]
    assert gc.get_threshold() == before

    def failing(*args, **kwargs):
        raise RuntimeError("layout failed")

    monkeypatch.setattr(sheets, "_layout", failing)
    with pytest.raises(RuntimeError):
        sheets.write_pdf("<p>Ann</p>", stylesheet=street_pdf.STYLESHEET)
    assert gc.get_threshold() == before
