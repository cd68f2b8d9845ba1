"""A restore checked in the request and written by the task worker: in
batches, each its own transaction; its games seen nowhere until the last batch
is in, and gone when it fails; limited per account and by the day's limits;
the same file restored twice at once adds its games once; its page shows the
progress and the result."""

import dataclasses
import datetime
import io
import json
import threading
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, OperationalError, connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from bridge.models import Ruling
from mahjong.models import Game as MahjongGame
from pad.models import Game as GorillaGame
from scorepads import history, registry, restore
from scorepads.models import RestoreJob
from tests.scorepads.test_restore import all_four, counts, download, files_of, restore_post, zip_of
from two_way_street import selectors as street_selectors
from two_way_street import services as street
from two_way_street.models import Game as StreetGame

DUMMY_TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


@pytest.fixture
def content(client, user):
    """Jon's data download: a finished and an unfinished game of each kind (10 in all)."""
    all_four(user)
    return download(client)


@pytest.fixture
def fresh(db):
    account = get_user_model().objects.create_user(username="ann", password="gorilla-pad-pass-3")
    client = Client()
    client.force_login(account)
    return account, client


def queued(client, content, settings) -> RestoreJob:
    """Post ``content`` with a queue no worker takes from: the job as the request leaves it."""
    settings.TASKS = DUMMY_TASKS
    response = restore_post(client, content)
    assert response.status_code == 302, response.content.decode()[:2000]
    return RestoreJob.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[1]))


def replay_of(job: RestoreJob) -> restore.Replay:
    """The job's archive read again, to be written a step at a time."""
    return restore.Replay(job, restore.read_archive(io.BytesIO(bytes(job.archive)), registry.kinds()))


def written_not_done(client, content, settings) -> RestoreJob:
    """A restore of ``content`` with every game written and marked, the job not yet done."""
    job = queued(client, content, settings)
    replay = replay_of(job)
    while replay.step():
        pass
    return job


def visible(user) -> int:
    """The entries of every kind the account's lists show."""
    return len(history.recent_entries(user, limit=100))


class Batches:
    """Wraps restore.write_batch: for each batch, whether it began outside any
    transaction (so that its own is committed when it ends), its steps, and
    what the account's lists showed when it ended."""

    def __init__(self, monkeypatch, user, check=None):
        self.outermost, self.steps, self.shown = [], [], []
        original = restore.write_batch

        def spy(replay):
            self.outermost.append(not connection.in_atomic_block)
            before = replay.steps
            more = original(replay)
            self.steps.append(replay.steps - before)
            self.shown.append(visible(user))
            if check is not None:
                check(replay)
            return more

        monkeypatch.setattr(restore, "write_batch", spy)


@pytest.mark.django_db(transaction=True)
def test_a_restore_is_checked_in_the_request_and_written_in_batches_each_its_own_transaction(
    content, fresh, settings, monkeypatch
):
    account, client = fresh
    before = counts()
    job = queued(client, content, settings)
    # The request checked the file and queued it: nothing of it is written yet.
    assert counts() == before
    assert (job.state, job.games, bytes(job.archive) == content) == ("queued", 10, True)
    settings.RESTORE_BATCH_STEPS, settings.RESTORE_BATCH_SECONDS = 3, 60
    progress = []

    def committed(replay):
        # Read on a connection of its own, as another request would: each batch is in the database.
        seen = {}
        thread = threading.Thread(target=lambda: seen.update(job=RestoreJob.objects.get(pk=job.pk)) or connection.close())
        thread.start()
        thread.join(timeout=30)
        progress.append(seen["job"].seen)

    batches = Batches(monkeypatch, account, committed)
    restore.restore_replay.call(job.pk)
    assert len(batches.steps) > 5 and all(batches.outermost)
    assert max(batches.steps) <= 3
    # Nothing shows until the last batch is in; then all at once.
    assert set(batches.shown) == {0}
    assert visible(account) == 10
    assert progress == sorted(progress) and progress[-1] == 10 and progress[0] < 10
    job.refresh_from_db()
    assert (job.state, job.written, job.already, job.archive) == ("done", 10, 0, None)


def test_a_game_of_many_hands_is_written_over_several_batches(fresh, settings, monkeypatch):
    """A long game is the batches' reason: its hands go in a few at a time, not all in one transaction."""
    account, client = fresh
    hands = [{"number": number, "scores": [20, 0, 0, 0], "winner": 1} for number in range(1, 41)]
    document = {
        "format": "mah-jongg/1",
        "games": [{"uid": str(uuid.uuid4()), "date": "2026-07-09", "finished_at": None, "players": list("ABCD"), "hands": hands}],
    }
    archive = zip_of({"mah-jongg.json": document})
    job = queued(client, archive, settings)
    settings.RESTORE_BATCH_STEPS, settings.RESTORE_BATCH_SECONDS = 10, 60
    batches = Batches(monkeypatch, account)
    restore.restore_replay.call(job.pk)
    job.refresh_from_db()
    assert job.state == "done", job.problem
    # 43 steps: the game's start, its 40 hands, its end, and the look for a next game.
    assert batches.steps == [10, 10, 10, 10, 3]
    assert MahjongGame.objects.get().hand_count == 40


def test_a_replay_that_fails_leaves_nothing_and_shows_nothing_meanwhile(content, fresh, settings, monkeypatch):
    account, client = fresh
    files = files_of(content)
    files["bridge.json"]["rulings"][1]["inputs"] = {"nonsense": "1"}  # read well; refused only as it is saved
    before = counts()
    job = queued(client, zip_of(files), settings)
    settings.RESTORE_BATCH_STEPS = 2
    written = []
    batches = Batches(monkeypatch, account, lambda replay: written.append(sum(counts()) - sum(before)))
    restore.restore_replay.call(job.pk)
    job.refresh_from_db()
    assert job.state == "failed" and job.problem.startswith("bridge.json: ruling 2"), job.problem
    assert max(written) > 0  # games were written, hidden, before the bad ruling was reached
    assert set(batches.shown) == {0}
    assert counts() == before and visible(account) == 0
    page = client.get(reverse("account_restore_progress", args=[job.pk])).content.decode()
    assert "Nothing was restored:</strong> bridge.json: ruling 2" in page


def test_games_being_restored_are_nowhere_to_be_seen(content, fresh, settings):
    """Not in the lists, the history, a game's page, its poll or its spreadsheet, not even for staff."""
    account, client = fresh
    job = written_not_done(client, content, settings)
    assert StreetGame.objects.filter(restoring=job).count() == 2 and visible(account) == 0
    game = StreetGame.objects.filter(restoring=job).first()
    assert not street_selectors.games_visible_to(account).exists()
    assert street_selectors.sheet_revision(account, game.pk) is None
    assert client.get(reverse("two_way_street:sheet", args=[game.pk])).status_code == 404
    assert client.get(reverse("game_list")).content.decode().count("Ann") == 0
    account.is_staff = True
    assert not street_selectors.games_visible_to(account).filter(restoring=job).exists()
    restore.restore_done(job)
    assert client.get(reverse("two_way_street:sheet", args=[game.pk])).status_code == 200


def test_a_restore_sent_while_another_of_the_account_is_checked_is_refused_writing_nothing(content, fresh, stranger_client):
    """An account holds one web worker at a time with its restores: the largest archive takes seconds to check."""
    account, client = fresh
    assert restore.check_turn_taken(account)  # as a request of the account checking its archive does
    before = (counts(), RestoreJob.objects.count())
    response = restore_post(client, content)
    assert response.status_code == 429
    assert "Another restore of this account is being checked: wait for its answer, then try again. Nothing was restored." in (
        response.content.decode()
    )
    assert (counts(), RestoreJob.objects.count()) == before
    # Another account is not held back, and once the check is answered the account's turn is free.
    assert restore_post(stranger_client, content).status_code == 302
    restore.check_turn_given_back(account)
    assert restore_post(client, content).status_code == 302
    assert restore.check_turn_taken(account)  # the request gave its turn back


def test_the_seventh_restore_in_a_minute_is_refused_writing_nothing(content, fresh, rate_window_held):
    account, client = fresh
    for _ in range(6):
        assert restore_post(client, content).status_code == 302
    before = (counts(), RestoreJob.objects.count())
    response = restore_post(client, content)
    assert response.status_code == 429
    assert "Too many restores from this account in a short time: wait a minute and try again. Nothing was restored." in (
        response.content.decode()
    )
    assert (counts(), RestoreJob.objects.count()) == before


def test_a_restore_past_the_days_limit_is_refused_in_the_request(content, fresh, settings):
    account, client = fresh
    settings.TWO_WAY_STREET_GAMES_PER_DAY = 2
    street.game_start(seats=[street.Seat("A"), street.Seat("B"), street.Seat("C")], target=12, date=datetime.date(2026, 7, 9), user=account)
    before = (counts(), RestoreJob.objects.count())
    response = restore_post(client, content)
    assert response.status_code == 400
    assert (
        "Nothing was restored: two-way-street.json: it holds 2 Two Way Street games this account does not have, "
        "and an account may start at most 2 a day (1 more today)"
    ) in response.content.decode()
    assert (counts(), RestoreJob.objects.count()) == before


def test_a_restore_never_takes_an_account_past_the_days_limit(content, fresh, settings):
    """Games started after the restore was queued count too: it fails as it reaches the limit, leaving nothing."""
    account, client = fresh
    settings.TWO_WAY_STREET_GAMES_PER_DAY = 2
    job = queued(client, content, settings)
    street.game_start(seats=[street.Seat("A"), street.Seat("B"), street.Seat("C")], target=12, date=datetime.date(2026, 7, 9), user=account)
    before = counts()
    restore.restore_replay.call(job.pk)
    job.refresh_from_db()
    assert job.state == "failed"
    assert "you have started 2 Two Way Street games today, and an account may start at most 2 a day" in job.problem
    assert counts() == before and StreetGame.objects.filter(created_by=account).count() == 1


def test_an_account_holds_each_restored_uid_once(fresh):
    account, _ = fresh
    uid = uuid.uuid4()
    seats = [street.Seat("A"), street.Seat("B"), street.Seat("C")]
    street.game_start(seats=seats, target=12, date=datetime.date(2026, 7, 9), user=account, restored=uid)
    with pytest.raises(IntegrityError), transaction.atomic():
        street.game_start(seats=seats, target=12, date=datetime.date(2026, 7, 9), user=account, restored=uid)
    # Another account may hold its own copy.
    other = get_user_model().objects.create_user(username="bea")
    street.game_start(seats=seats, target=12, date=datetime.date(2026, 7, 9), user=other, restored=uid)
    assert StreetGame.objects.filter(uid=uid).count() == 2


def test_a_game_another_restore_wrote_at_the_same_instant_is_counted_as_here(content, fresh, settings, monkeypatch):
    """The constraint, not the look before writing, keeps the copy single: with the look blind (as when
    two restores look at the same instant), the second copy of each game is refused and counted as here."""
    account, client = fresh
    first = queued(client, content, settings)
    second = queued(client, content, settings)
    restore.restore_replay.call(first.pk)
    blind = {kind.slug: kind.restore.present for kind in registry.kinds()}
    calls = []

    def present_after_the_write(form):
        def present(user, uids):
            calls.append(uids)
            return set() if len(calls) % 2 else form(user, uids)  # blind before the write, not after
        return present

    for kind in registry.kinds():
        form = dataclasses.replace(kind.restore, present=present_after_the_write(blind[kind.slug]))
        monkeypatch.setitem(registry._kinds, kind.slug, dataclasses.replace(kind, restore=form))
    restore.restore_replay.call(second.pk)
    second.refresh_from_db()
    assert (second.state, second.written) == ("done", 0), second.problem
    # Gorilla's own import looks again inside its transaction: it skips the game (written 0), no error.
    assert second.already == 10
    for model, owner in ((GorillaGame, "partnership__members"), (StreetGame, "members"), (MahjongGame, "members"), (Ruling, "book__created_by")):
        assert model.objects.filter(**{owner: account}).count() == 2, model


def test_the_restores_page_shows_its_progress_then_its_result(content, fresh, settings, stranger_client):
    account, client = fresh
    job = queued(client, content, settings)
    url = reverse("account_restore_progress", args=[job.pk])
    page = client.get(url).content.decode()
    assert "waits its turn to be written: 10 games in all" in page
    assert f'hx-get="{url}" hx-trigger="every 2s"' in page
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in page
    RestoreJob.objects.filter(pk=job.pk).update(state="running", written=3, already=2)
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<div class="restore-progress"') and "<html" not in fragment
    assert "Writing your games: 5 of 10 done." in fragment and 'value="5"' in fragment
    RestoreJob.objects.filter(pk=job.pk).update(state="queued", written=0, already=0)
    restore.restore_replay.call(job.pk)
    page = client.get(url).content.decode()
    assert "Your data is restored.</strong> 10 games restored, 0 already here." in page
    assert "hx-trigger" not in page and "http-equiv" not in page
    assert stranger_client.get(url).status_code == 404


def test_a_restore_whose_worker_stopped_fails_leaving_nothing(content, fresh, settings):
    account, client = fresh
    job = queued(client, content, settings)
    before = counts()
    replay = restore.Replay(job, restore.read_archive(io.BytesIO(content), registry.kinds()))
    RestoreJob.objects.filter(pk=job.pk).update(state="running")
    for _ in range(5):
        replay.step()  # a few games in; then the worker is gone
    assert counts() != before
    url = reverse("account_restore_progress", args=[job.pk])
    assert "Writing your games" in client.get(url).content.decode()  # not stale yet
    RestoreJob.objects.filter(pk=job.pk).update(changed_at=timezone.now() - settings.RESTORE_STALE - datetime.timedelta(seconds=1))
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    client.get(url)  # hands it to the worker again, which ends it
    assert f"Nothing was restored:</strong> {restore.INTERRUPTED}" in client.get(url).content.decode()
    assert counts() == before


def test_a_locked_database_is_waited_for_a_bounded_number_of_times(content, fresh, settings, monkeypatch):
    account, client = fresh
    job = queued(client, content, settings)
    tries = []
    original = restore.lock_account

    def locked(user_id):
        if len(tries) == settings.RESTORE_BATCH_ATTEMPTS:
            return original(user_id)  # free again as the failed restore removes what it wrote
        tries.append(1)
        raise OperationalError("database is locked")

    monkeypatch.setattr(restore, "lock_account", locked)
    before = counts()
    restore.restore_replay.call(job.pk)
    job.refresh_from_db()
    assert len(tries) == settings.RESTORE_BATCH_ATTEMPTS == 3
    assert job.state == "failed" and counts() == before


def test_a_locked_database_midway_through_a_batch_is_not_tried_again(content, fresh, settings, monkeypatch):
    """The batch's steps were taken (its generator moved on): trying again would skip them."""
    account, client = fresh
    job = queued(client, content, settings)
    steps = []
    original = restore.Replay.step

    def step(self):
        steps.append(1)
        more = original(self)
        if len(steps) == 2:  # the step was taken: a game's start, or a hand
            raise OperationalError("database is locked")
        return more

    monkeypatch.setattr(restore.Replay, "step", step)
    before = counts()
    restore.restore_replay.call(job.pk)
    job.refresh_from_db()
    assert len(steps) == 2 and job.state == "failed" and counts() == before


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason=f"needs PostgreSQL (row locks, concurrent writers); this run is on {connection.vendor}",
)
@pytest.mark.django_db(transaction=True)
def test_four_restores_of_one_file_at_once_add_its_games_once(content, fresh, settings):
    account, client = fresh
    jobs = [queued(client, content, settings) for _ in range(4)]
    barrier = threading.Barrier(len(jobs))
    crashed = []

    def run(job):
        try:
            connection.ensure_connection()
            barrier.wait(timeout=30)
            restore.restore_replay.call(job.pk)
        except BaseException as error:  # reported below
            crashed.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not crashed and not any(thread.is_alive() for thread in threads)
    states = sorted(RestoreJob.objects.filter(pk__in=[job.pk for job in jobs]).values_list("state", "written", "already"))
    assert [state for state, _, _ in states] == ["done"] * 4
    assert sum(written for _, written, _ in states) == 10
    for model, owner in ((GorillaGame, "partnership__members"), (StreetGame, "members"), (MahjongGame, "members"), (Ruling, "book__created_by")):
        assert model.objects.filter(**{owner: account}).count() == 2, model
    assert visible(account) == 10


def games_in(content: bytes) -> dict[str, int]:
    """How many games (rulings) each file of a data download holds."""
    return {name: len(document.get("games", document.get("rulings", []))) for name, document in files_of(content).items()}


def test_the_data_download_holds_no_game_a_restore_is_still_writing(content, fresh, settings):
    """Downloaded while a restore runs, the account's data is what it held before: none of the games being written."""
    account, client = fresh
    job = written_not_done(client, content, settings)
    assert set(games_in(download(client)).values()) == {0}
    gorilla_own = client.get(reverse("account_data"))  # Gorilla's own download
    assert json.loads(b"".join(gorilla_own.streaming_content))["games"] == []
    restore.restore_done(job)
    assert games_in(download(client)) == games_in(content)


def gorilla_partnerships(account) -> list[str]:
    from pad.models import Partnership

    return [str(partnership) for partnership in Partnership.objects.filter(members=account)]


PAIR = "=cmd|' /C calc'!A0 & @Richard"  # the partnership of Jon's download (all_four)


def test_a_partnership_a_restore_makes_is_seen_when_it_is_done_and_goes_if_it_fails(content, fresh, settings):
    """Made with the first game written, it is on none of the account's pages meanwhile (the start form, its
    own page, the account's deletion), and it goes with the games when the restore fails."""
    from pad.models import Partnership
    from pad.selectors import partnerships_of

    account, client = fresh
    job = queued(client, content, settings)
    replay = replay_of(job)
    replay.step()  # the first Gorilla game, and its partnership
    partnership = Partnership.objects.get(members=account)
    assert not partnerships_of(account).exists()
    assert "@Richard" not in client.get(reverse("front_page")).content.decode()
    assert "@Richard" not in client.get(reverse("account_delete")).content.decode()
    assert client.get(reverse("partnership_detail", args=[partnership.pk])).status_code == 404
    assert partnership.restoring == job
    restore.restore_failed(job, "refused")
    assert gorilla_partnerships(account) == []


def test_a_game_started_meanwhile_with_the_partners_a_restore_brings_keeps_their_partnership(content, fresh, settings):
    """The game goes into the partnership the restore made, which it shows at once; the restore failing
    then removes its own games and leaves the partnership with the game: one partnership of those names."""
    account, client = fresh
    job = queued(client, content, settings)
    replay = replay_of(job)
    replay.step()
    response = client.post(
        reverse("game_start"),
        {"odd_name": "=cmd|' /C calc'!A0", "even_name": "@Richard", "date": "2026-11-28", "partnership": "", "first_dealer": ""},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert gorilla_partnerships(account) == [PAIR]
    assert "@Richard" in client.get(reverse("front_page")).content.decode()
    restore.restore_failed(job, "refused")
    assert gorilla_partnerships(account) == [PAIR]
    started = GorillaGame.objects.get(partnership__members=account)
    assert started.restoring is None and started.restored_by is None


def two_restores_of_one_partnership(client, content, settings) -> tuple[RestoreJob, RestoreJob, list]:
    """Two restores of the account's, each with a Gorilla game of the same new partners written, not yet done."""
    first = queued(client, content, settings)
    files = files_of(content)
    for game in files["gorilla.json"]["games"]:
        game["uid"] = str(uuid.uuid4())  # other games of the same partners
    second = queued(client, zip_of(files), settings)
    replays = [replay_of(job) for job in (first, second)]
    for replay in replays:
        replay.step()
    return first, second, replays


def test_two_restores_bringing_the_same_partnership_make_it_once_and_it_stays_with_the_one_that_ends_well(
    content, fresh, settings
):
    """The second restore's games go into the partnership the first made; the first failing hands it to the
    second, which shows it when done."""
    from pad.models import Partnership

    account, client = fresh
    first, second, replays = two_restores_of_one_partnership(client, content, settings)
    assert GorillaGame.objects.filter(partnership__members=account).count() == 2
    assert gorilla_partnerships(account) == [PAIR]
    restore.restore_failed(first, "refused")
    assert Partnership.objects.get(members=account).restoring == second
    while replays[1].step():
        pass
    restore.restore_done(second)
    assert gorilla_partnerships(account) == [PAIR]
    assert not Partnership.objects.filter(restoring__isnull=False).exists()
    assert GorillaGame.objects.filter(partnership__members=account).count() == 2  # the second file's two


def test_a_restore_done_shows_the_partnership_another_restore_made_for_its_games(content, fresh, settings):
    from pad.selectors import games_visible_to, partnerships_of

    account, client = fresh
    first, second, replays = two_restores_of_one_partnership(client, content, settings)
    while replays[1].step():
        pass
    restore.restore_done(second)
    assert [str(partnership) for partnership in partnerships_of(account)] == [PAIR]
    assert games_visible_to(account).count() == 2
    restore.restore_failed(first, "refused")
    assert [str(partnership) for partnership in partnerships_of(account)] == [PAIR]
