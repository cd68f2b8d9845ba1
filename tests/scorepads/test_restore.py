"""The data download restored into an account: every game back, field by
field; twice adds nothing; a bad file writes nothing and says where."""

import datetime
import io
import json
import uuid
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from bridge.models import Ruling
from card_table import accounts
from mahjong import services as mahjong
from mahjong.game import HandEntry
from mahjong.models import Game as MahjongGame
from pad import services as gorilla
from pad.models import Game as GorillaGame
from scorepads import restore
from scorepads.players import Seat
from tests.card_table.test_history import save_ruling
from tests.conftest import record_outcomes
from tests.mahjong.conftest import BEN_WINS, WASHOUT
from tests.mahjong.conftest import record as record_mahjong
from tests.tally.models import Game as TallyGame
from tests.tally.testing import game_of as tally_game_of
from tests.two_way_street.conftest import WORKED_HANDS
from tests.two_way_street.conftest import record as record_street
from two_way_street import services as street
from two_way_street.models import Game as StreetGame

HOSTILE = ["=HYPERLINK(\"x\")", "@me", "3/4", "Zoë 王"]
ME = "«the account»"


def all_four(user):
    """A finished and an unfinished game of each kind, players with hostile names, the user in a seat."""
    day = datetime.date(2026, 7, 9)
    pair = gorilla.partnership_get_or_create(odd_name="=cmd|' /C calc'!A0", even_name="@Richard", user=user)
    first = gorilla.game_start(partnership=pair, date=day, notes="at the lake\n=1+1")
    record_outcomes(first, "MMIPPIMMMPIMMMMIM")
    # Its rematch, the other partner than the date's dealing first.
    rematch = gorilla.game_rematch(game=first, date=day + datetime.timedelta(days=1))
    gorilla.game_choose_first_dealer(game=rematch, first_dealer=rematch.first_dealer_seat.other)
    record_outcomes(rematch, "IIP")
    seats = [Seat(user.get_username(), user.get_username()), *(Seat(name) for name in HOSTILE[:3])]
    record_street(street.game_start(seats=seats, target=12, date=day, user=user), WORKED_HANDS)
    record_street(street.game_start(seats=seats, target=12, date=day, user=user), WORKED_HANDS[:2])
    others_win = [HandEntry(winner, tuple(20 if p == winner else 0 for p in range(4))) for winner in (1, 2, 3, 0)]
    record_mahjong(mahjong.game_start(seats=seats, date=day, user=user), others_win * 4)
    record_mahjong(mahjong.game_start(seats=seats, date=day, user=user), [BEN_WINS, WASHOUT])
    tally_game_of(user, seats, [[3, -1, 0, 2], [0, 5, -2, 1], [1, 1, 1, 1], [-4, 0, 9, 0]])
    tally_game_of(user, seats, [[2, 0, 0, 1]])
    save_ruling(
        user, "example 2", event=HOSTILE[0], board=21, note="Slow pass by @West.",
        ns_pair="7", ew_pair="12", contract="3♦X", declarer="N", auction="1♦ 1♠ 3♦\nX", director=HOSTILE[1],
    )
    save_ruling(user, "example 1", event="Club pairs", board=7)
    played_long_ago()


def played_long_ago():
    """Every game's, hand's and ruling's time moved to a moment of its own, long before the
    download: a restore that stamped them anew could not give them back by chance."""
    moment = datetime.datetime(2025, 3, 1, 18, 30, 15, 123456, tzinfo=datetime.UTC)
    for model in (GorillaGame, StreetGame, MahjongGame, TallyGame):
        for game in model.objects.order_by("pk"):
            moment += datetime.timedelta(minutes=7, microseconds=11)
            finished = moment + datetime.timedelta(hours=1) if game.finished_at else None
            model.objects.filter(pk=game.pk).update(created_at=moment, finished_at=finished)
            for hand in game.hands.order_by("number"):
                moment += datetime.timedelta(seconds=53, microseconds=7)
                type(hand).objects.filter(pk=hand.pk).update(recorded_at=moment)
    for ruling in Ruling.objects.order_by("pk"):
        moment += datetime.timedelta(minutes=3, microseconds=5)
        Ruling.objects.filter(pk=ruling.pk).update(created_at=moment)


def fields_of(row, leave_out=()) -> dict:
    """A row's every stored field, by name, times included; an account as ME (the account
    compared), another game (a rematch) by its uid. Left out: the keys, which a restore gives
    anew (a row's own, its game's or partnership's), who changed a game last (an account:
    what its pads at the table name, not its data) and the account a game was restored into
    and when (the restored game's alone)."""
    values = {}
    for field in type(row)._meta.concrete_fields:
        if field.primary_key or field.name in ("game", "partnership", "changed_by", "restored_by", "restored_at", *leave_out):
            continue
        value = getattr(row, field.name)
        if isinstance(value, get_user_model()):
            value = ME
        elif isinstance(value, GorillaGame):
            value = ("game", value.uid)
        values[field.name] = value
    return values


def account_state(user) -> dict:
    """Everything the account holds, in a comparable form (no key, no account's own name)."""
    gorilla_games = GorillaGame.objects.filter(partnership__members=user).order_by("uid")
    return {
        # A Gorilla game's revision counts the changes its pads at the table were sent in this
        # database (a restore writes its hands at once): not the game's data, it is left out.
        "gorilla": [
            (
                game.partnership.odd_name,
                game.partnership.even_name,
                fields_of(game, ("revision",)),
                [fields_of(hand) for hand in game.hands.order_by("number")],
            )
            for game in gorilla_games
        ],
        **{
            label: [
                (
                    fields_of(game),
                    sorted(ME if member == user else member.get_username() for member in game.members.all()),
                    [fields_of(player) for player in game.players.all()],
                    [fields_of(hand) for hand in game.hands.order_by("number")],
                )
                for game in model.objects.filter(members=user).order_by("uid")
            ]
            for label, model in (("two-way-street", StreetGame), ("mah-jongg", MahjongGame))
        },
        # A ruling's book by its date: a restore writes a ruling into the account's book of its date.
        "bridge": [
            (ruling.book.date, fields_of(ruling, ("book",)))
            for ruling in Ruling.objects.filter(book__created_by=user).select_related("book").order_by("uid")
        ],
    }


def download(client) -> bytes:
    response = client.get(reverse("account_archive"))
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def restore_post(client, content: bytes, name="data.zip"):
    upload = io.BytesIO(content)
    upload.name = name
    return client.post(reverse("account_restore"), {"archive": upload})


def restored(client, content: bytes) -> str:
    """Restore ``content`` (the worker runs at once in the tests) and give the restore's page as it then reads."""
    response = restore_post(client, content)
    assert response.status_code == 302 and response["Location"].startswith(reverse("account_restore"))
    page = client.get(response["Location"])
    assert page.status_code == 200
    return page.content.decode()


def counts() -> tuple:
    from mahjong.models import Hand as MahjongHand
    from pad.models import Hand as GorillaHand
    from pad.models import Partnership
    from tests.tally.models import Hand as TallyHand
    from two_way_street.models import Hand as StreetHand

    return tuple(
        model.objects.count()
        for model in (Partnership, GorillaGame, GorillaHand, StreetGame, StreetHand, MahjongGame, MahjongHand, Ruling, TallyGame, TallyHand)
    )


@pytest.fixture
def archive(client, user):
    """Jon's data download, Jon holding a finished and an unfinished game of each kind; then his
    account is deleted, and Jon signs up again: the new account is empty."""
    all_four(user)
    before = account_state(user)
    content = download(client)
    accounts.account_delete(user=user)
    assert counts() == (0,) * 10
    return before, content


@pytest.fixture
def fresh(db):
    account = get_user_model().objects.create_user(username="jon", password="gorilla-pad-pass-1")
    client = Client()
    client.force_login(account)
    return account, client


def test_a_download_restored_into_a_fresh_account_is_every_game_field_by_field(archive, fresh):
    before, content = archive
    account, client = fresh
    assert "10 games restored, 0 already here." in restored(client, content)
    after = account_state(account)
    for kind in before:
        assert after[kind] == before[kind], kind
    assert [len(after[kind]) for kind in ("gorilla", "two-way-street", "mah-jongg", "bridge")] == [2, 2, 2, 2]
    # Jon takes his own seat again; the others are names, with no account.
    (seat,) = {player.seat for game in StreetGame.objects.all() for player in game.players.all() if player.account}
    assert seat == 1


def test_restoring_the_same_file_twice_adds_nothing_the_second_time(archive, fresh):
    _, content = archive
    account, client = fresh
    restore_post(client, content)
    first = counts()
    assert "0 games restored, 10 already here." in restored(client, content)
    assert counts() == first


def test_the_same_file_restores_into_two_accounts(archive, fresh, stranger_client):
    _, content = archive
    restore_post(fresh[1], content)
    assert "10 games restored" in restored(stranger_client, content)
    assert StreetGame.objects.count() == 4 and Ruling.objects.count() == 4


def zip_of(files: dict) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content if isinstance(content, (str, bytes)) else json.dumps(content))
    return buffer.getvalue()


def files_of(content: bytes) -> dict:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: json.loads(archive.read(name)) for name in archive.namelist()}


def refused(client, content, *expected, status=400):
    before = counts()
    response = restore_post(client, content)
    assert response.status_code == status
    page = response.content.decode()
    problems = page[page.find('class="errorlist"') :][:2000]
    for text in expected:
        assert text in page, problems
    assert counts() == before
    return page


def test_a_bad_game_anywhere_restores_nothing_and_says_where(archive, fresh):
    _, content = archive
    files = files_of(content)
    files["mah-jongg.json"]["games"][1]["hands"][0]["scores"] = [10, 20]
    files["two-way-street.json"]["games"][0]["date"] = "9/7/2026"
    files["two-way-street.json"]["games"][1]["hands"][1]["number"] = 7
    files["bridge.json"]["rulings"][1]["board"] = "seven"
    page = refused(
        fresh[1],
        zip_of(files),
        "Nothing was restored:",
        "two-way-street.json: game 1, field &#x27;date&#x27;: &#x27;9/7/2026&#x27; is not a date like 2026-07-09; "
        "game 2, hand 2, field &#x27;number&#x27;: 7 is out of order, expected 2",
        "bridge.json: ruling 2, field &#x27;board&#x27;: must be a whole number",
    )
    assert "mah-jongg.json" not in page  # it reads well; its second game fails only as it is written
    files["two-way-street.json"]["games"][0]["date"] = "2026-07-09"
    files["two-way-street.json"]["games"][1]["hands"][1]["number"] = 2
    files["bridge.json"]["rulings"][1]["board"] = 7
    before = counts()
    page = restored(fresh[1], zip_of(files))
    assert "Nothing was restored:</strong> mah-jongg.json: game 2, hand 1, field &#x27;winner&#x27;: hand 1: a hand has 4 scores, not 2" in page
    assert counts() == before  # the games written before it went again


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"not a zip at all", "the file is not a ZIP archive"),
        (zip_of({"gorilla.json": "{not json"}), "gorilla.json: Expecting property name"),
        (zip_of({"gorilla.json": {"format": "two-way-street/1", "games": []}}), "gorilla.json: the file&#x27;s &quot;format&quot; must be &quot;gorilla-pad/2&quot; (or &quot;gorilla-pad/1&quot;)"),
        (zip_of({"notes.txt": "hello"}), "notes.txt: not a file of a data download"),
        (zip_of({}), "the archive holds no games&#x27; file"),
        (zip_of({"bridge.json": {"format": "bridge-rulings/1", "rulings": [{"uid": "x"}]}}), "bridge.json: ruling 1, field &#x27;uid&#x27;"),
    ],
)
def test_a_corrupt_or_wrong_file_is_refused_with_a_message(client, content, expected):
    refused(client, content, "Nothing was restored:", expected)


def test_a_zip_bomb_is_refused_before_it_is_unpacked(client):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("gorilla.json", b" " * (restore.MAX_UNCOMPRESSED + 1))
    assert len(buffer.getvalue()) < 1024 * 1024
    refused(client, buffer.getvalue(), "the archive unpacks to more than 50 MB")


def test_an_oversized_upload_is_refused(client, settings):
    refused(client, b"0" * (restore.MAX_UPLOAD + 100 * 1024), "larger than 10 MB", status=413)


def test_a_restore_goes_only_into_ones_own_account(archive, fresh, stranger, stranger_client):
    _, content = archive
    restore_post(stranger_client, content)
    assert StreetGame.objects.filter(members=fresh[0]).count() == 0
    assert {game.created_by for game in StreetGame.objects.all()} == {stranger}
    # Nobody is named or invited by a restore: "jon" is a plain name in the stranger's games.
    assert not StreetGame.objects.filter(players__invited__isnull=False).exists()
    assert not StreetGame.objects.filter(players__account=fresh[0]).exists()


def test_restoring_needs_a_login_and_a_post(anonymous_client, client):
    response = anonymous_client.post(reverse("account_restore"), {})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert client.get(reverse("account_restore")).status_code == 405
    assert "Choose the ZIP archive to restore." in client.post(reverse("account_restore"), {}).content.decode()


def test_restoring_needs_the_csrf_token(user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    before = counts()
    assert restore_post(client, zip_of({})).status_code == 403
    assert counts() == before


def test_the_account_page_offers_the_restore(client):
    page = client.get(reverse("account")).content.decode()
    assert f'action="{reverse("account_restore")}" enctype="multipart/form-data"' in page
    assert 'type="file" name="archive"' in page


def test_a_file_without_uids_restores_once_each_time(fresh):
    account, client = fresh
    document = {"format": "two-way-street/1", "games": [{"date": "2026-07-09", "target": 12, "players": ["A", "B", "C"], "hands": []}]}
    assert restore_post(client, zip_of({"two-way-street.json": document})).status_code == 302
    assert StreetGame.objects.count() == 1 and isinstance(StreetGame.objects.get().uid, uuid.UUID)


def test_a_gorilla_game_with_a_megabyte_of_notes_restores_nothing_and_names_the_limit(archive, fresh):
    _, content = archive
    files = files_of(content)
    files["gorilla.json"]["games"][1]["notes"] = "n" * 1024 * 1024
    refused(
        fresh[1],
        zip_of(files),
        "Nothing was restored:",
        "gorilla.json: game 2, field &#x27;notes&#x27;: the text is 1,048,576 characters long: at most 2,000 are kept",
    )


def as_first_version(files: dict) -> dict:
    """A download as the first version of each format wrote it: no time of starting, recording or
    saving, no first dealer or rematch, and each Gorilla game's database id."""
    gorilla = files["gorilla.json"]
    gorilla["format"] = "gorilla-pad/1"
    for position, game in enumerate(gorilla["games"], start=1):
        for name in ("started_at", "finished_at", "first_dealer", "rematch"):
            del game[name]
        game["id"] = position
        for hand in game["hands"]:
            del hand["recorded_at"]
    for name in ("two-way-street.json", "mah-jongg.json"):
        files[name]["format"] = files[name]["format"].replace("/2", "/1")
        for game in files[name]["games"]:
            del game["started_at"]
            for hand in game["hands"]:
                del hand["recorded_at"]
    files["bridge.json"]["format"] = "bridge-rulings/1"
    for ruling in files["bridge.json"]["rulings"]:
        del ruling["saved_at"]
    return files


def test_a_download_of_the_first_version_still_restores(archive, fresh):
    _, content = archive
    account, client = fresh
    assert "10 games restored, 0 already here." in restored(client, zip_of(as_first_version(files_of(content))))
    state = account_state(account)
    assert [len(state[kind]) for kind in ("gorilla", "two-way-street", "mah-jongg", "bridge")] == [2, 2, 2, 2]
    # What the second version adds is not in the first: such a game starts when it is restored.
    assert GorillaGame.objects.filter(rematch__isnull=False).count() == 0
    assert Ruling.objects.filter(created_at__year=2025).count() == 0


@pytest.mark.parametrize(
    ("file", "path", "value", "expected"),
    [
        ("gorilla.json", ("games", 0, "started_at"), "yesterday", "gorilla.json: game 1, field &#x27;started_at&#x27;: &#x27;yesterday&#x27; is not a time"),
        ("gorilla.json", ("games", 0, "finished_at"), "2026-07-09T21:30:00", "game 1, field &#x27;finished_at&#x27;: &#x27;2026-07-09T21:30:00&#x27; names no time zone"),
        ("gorilla.json", ("games", 0, "first_dealer"), "north", "game 1, field &#x27;first_dealer&#x27;: must be"),
        ("gorilla.json", ("games", 0, "rematch"), "next", "game 1, field &#x27;rematch&#x27;: &#x27;next&#x27; is not a UUID"),
        ("gorilla.json", ("games", 0, "hands", 0, "recorded_at"), 7, "game 1, hand 1, field &#x27;recorded_at&#x27;"),
        ("gorilla.json", ("games", 0, "id"), 7, "game 1, field &#x27;id&#x27;: unknown field"),
        ("mah-jongg.json", ("games", 1, "hands", 0, "recorded_at"), "now", "mah-jongg.json: game 2, hand 1, field &#x27;recorded_at&#x27;"),
        ("two-way-street.json", ("games", 0, "started_at"), "9/7/2026", "two-way-street.json: game 1, field &#x27;started_at&#x27;"),
        ("bridge.json", ("rulings", 0, "saved_at"), "21:11", "bridge.json: ruling 1, field &#x27;saved_at&#x27;"),
    ],
)
def test_a_bad_time_first_dealer_or_rematch_restores_nothing(archive, fresh, file, path, value, expected):
    _, content = archive
    files = files_of(content)
    target = files[file]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(fresh[1], zip_of(files), "Nothing was restored:", expected)
