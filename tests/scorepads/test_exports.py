"""Every game's spreadsheet (CSV) from the history: read back cell by cell."""

import csv
import datetime
import io
import re

import pytest
from django.urls import reverse

from mahjong import services as mahjong
from scorepads.exports import text_cell
from scorepads.players import Seat
from tests.card_table.test_history import save_ruling
from tests.conftest import record_outcomes
from tests.mahjong.conftest import BEN_WINS, WASHOUT
from tests.mahjong.conftest import record as record_mahjong
from tests.two_way_street.conftest import WORKED_HANDS
from tests.two_way_street.conftest import record as record_street
from two_way_street import services as street

HOSTILE = ["=HYPERLINK(1)", "@me", "3/4", "Jan 5"]
# A date in ISO form, or a time (when a game started or ended) with its zone: written as stored.
ISO_DATE = re.compile(r"^\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d)?$")
DATE_LOOKING = re.compile(r"^\s*(\d{1,4}\s*[-/.]\s*\d{1,2}|\d{1,2}:\d\d|[A-Za-z]{3}\.? \d{1,2})")


def csv_of(response, stem):
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert re.match(rf'attachment; filename="{stem}-\d{{4}}-\d\d-\d\d\.csv"', response["Content-Disposition"])
    text = b"".join(response.streaming_content).decode()
    assert text.startswith("\ufeff"), "a byte order mark, for Excel to read UTF-8"
    rows = list(csv.reader(io.StringIO(text[1:])))
    for row in rows:
        for value in row:
            # A number, negative or not, is a number; a lone "-" (a game pride not yet known) is text.
            if not re.fullmatch(r"-?\d+|-", value):
                assert value[:1] not in ("=", "+", "-", "@"), f"{value!r} would run as a formula"
            if not ISO_DATE.match(value):
                assert not DATE_LOOKING.match(value), f"{value!r} would read as a date"
    return [dict(zip(rows[0], row)) for row in rows[1:]]


@pytest.mark.parametrize(
    ("text", "cell"),
    [("=1+1", "'=1+1"), ("@me", "'@me"), ("-3", "'-3"), ("3/4", "'3/4"), ("10-12", "'10-12"), ("1.2.26", "'1.2.26"),
     ("7:30", "'7:30"), ("Jan 5", "'Jan 5"), ("5 March", "'5 March"), ("Ann", "Ann"), ("Mary Ann", "Mary Ann"),
     ("Dan 2", "Dan 2"), ("王小明", "王小明"), ("", "")],
)
def test_a_text_cell_never_runs_as_a_formula_nor_reads_as_a_date(text, cell):
    assert text_cell(text) == cell


def street_game(user, names=("Ann", "Ben", "Cat", "Dan"), hands=WORKED_HANDS):
    game = street.game_start(seats=[Seat(name) for name in names], target=12, date=datetime.date(2026, 7, 9), user=user)
    return record_street(game, hands)


def test_two_way_street_hands_and_totals(client, user):
    game = street_game(user, names=HOSTILE)
    empty = street_game(user, hands=[])
    rows = csv_of(client.get(reverse("games_csv"), {"game": "two-way-street"}), "two-way-street-games")
    played = [row for row in rows if row["game"] == str(game.uid)]
    assert len(played) == 4 * 4
    assert [row["player"] for row in played[:4]] == ["'=HYPERLINK(1)", "'@me", "'3/4", "'Jan 5"]
    assert {row["date"] for row in played} == {"2026-07-09"}
    assert [row["hand"] for row in played[::4]] == ["1", "2", "3", "4"]
    # Each player's total is the sum of their scores, hand by hand, and ends on the game's totals.
    for seat in range(4):
        lines = played[seat::4]
        running = 0
        for line in lines:
            running += int(line["score"])
            assert int(line["total"]) == running
        assert running == game.totals[seat]
        assert lines[-1]["winner"] == ("yes" if game.winner_seat == seat + 1 else "no")
    assert [row["player"] for row in rows if row["game"] == str(empty.uid)] == ["Ann", "Ben", "Cat", "Dan"]


def test_mah_jongg_hands_and_settlements(client, user):
    game = mahjong.game_start(seats=[Seat(name) for name in HOSTILE], date=datetime.date(2026, 7, 9), user=user)
    game = record_mahjong(game, [BEN_WINS, WASHOUT])
    rows = csv_of(client.get(reverse("games_csv"), {"game": "mah-jongg"}), "mah-jongg-games")
    assert len(rows) == 2 * 4
    assert [row["player"] for row in rows[:4]] == ["'=HYPERLINK(1)", "'@me", "'3/4", "'Jan 5"]
    assert rows[0]["winner"] == "'@me" and rows[0]["self drawn"] == "yes"
    assert rows[1]["score"] == "300"
    # A hand's settlement is money changing hands: it adds up to nothing.
    for hand in ("1", "2"):
        assert sum(int(row["settlement"]) for row in rows if row["hand"] == hand) == 0
    for seat in range(4):
        assert sum(int(row["settlement"]) for row in rows[seat::4]) == int(rows[4 + seat]["total"]) == game.totals[seat]


def test_bridge_rulings(client, user):
    ruling = save_ruling(user, "example 2", event="=cmd|' /C calc'!A0", board=21, note="@SUM(1)")
    rows = csv_of(client.get(reverse("games_csv"), {"game": "bridge"}), "bridge-rulings")
    assert len(rows) == 1
    row = rows[0]
    assert row["ruling"] == str(ruling.uid) and row["date"] == ruling.book.date.isoformat() and row["board"] == "21"
    assert row["number"] == "1"  # its number in the book of its day
    assert row["event"] == "'=cmd|' /C calc'!A0" and row["note"] == "'@SUM(1)"
    assert row["calculation"] and row["result"]


def test_a_spreadsheet_holds_only_the_users_games_and_follows_the_filters(client, user, stranger):
    street_game(stranger, names=("Zed", "Yan", "Xi", "Wu"))
    mine = street_game(user)
    later = street.game_start(seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=datetime.date(2026, 8, 1), user=user)
    rows = csv_of(client.get(reverse("games_csv"), {"game": "two-way-street"}), "two-way-street-games")
    assert {row["game"] for row in rows} == {str(mine.uid), str(later.uid)}
    rows = csv_of(
        client.get(reverse("games_csv"), {"game": "two-way-street", "date_from": "2026-07-31"}), "two-way-street-games"
    )
    assert {row["game"] for row in rows} == {str(later.uid)}


def test_the_history_offers_every_kinds_spreadsheet(client, user):
    street_game(user)
    page = client.get(reverse("game_list")).content.decode()
    for slug in ("two-way-street", "mah-jongg", "bridge"):
        assert f'href="/games/export.csv?game={slug}"' in page


@pytest.mark.parametrize("slug", ["two-way-street", "mah-jongg"])
def test_the_export_of_n_games_costs_the_same_queries(client, user, django_assert_max_num_queries, slug):
    for _ in range(12):
        if slug == "two-way-street":
            street_game(user)
        else:
            record_mahjong(mahjong.game_start(seats=[Seat(n) for n in "ABCD"], date=datetime.date(2026, 7, 9), user=user), [BEN_WINS])
    with django_assert_max_num_queries(8):
        response = client.get(reverse("games_csv"), {"game": slug})
        rows = list(response.streaming_content)
    assert len(rows) > 12


def test_the_export_of_n_rulings_costs_the_same_queries(client, user, django_assert_max_num_queries):
    for board in range(1, 13):
        save_ruling(user, "example 1", event="Club pairs", board=board)
    with django_assert_max_num_queries(8):
        rows = list(client.get(reverse("games_csv"), {"game": "bridge"}).streaming_content)
    assert len(rows) == 1 + 1 + 12


@pytest.mark.parametrize("app", ["two_way_street", "mahjong"])
def test_each_sheet_offers_its_games_spreadsheet_and_a_stranger_gets_404(client, user, stranger_client, app):
    if app == "two_way_street":
        game, stem = street_game(user), "two-way-street"
    else:
        game = record_mahjong(mahjong.game_start(seats=[Seat(n) for n in HOSTILE], date=datetime.date(2026, 7, 9), user=user), [BEN_WINS])
        stem = "mah-jongg"
    street_game(user)  # another game, not in this one's spreadsheet
    url = reverse(f"{app}:hands_csv", args=[game.pk])
    assert f'href="{url}" download>Hands as CSV</a>' in client.get(reverse(f"{app}:sheet", args=[game.pk])).content.decode()
    response = client.get(url)
    assert response["Content-Disposition"] == f'attachment; filename="{stem}-2026-07-09-{game.pk}.csv"'
    text = b"".join(response.streaming_content).decode()
    rows = list(csv.DictReader(io.StringIO(text[1:])))
    assert {row["game"] for row in rows} == {str(game.uid)} and len(rows) == 4 * game.hand_count
    assert stranger_client.get(url).status_code == 404
    assert client.post(url).status_code == 405


# Each spreadsheet rebuilds its games' hands: read back as a spreadsheet would keep them (a cell
# that had to be kept as text loses the apostrophe that kept it), every hand's entered fields are
# those stored. The readers are the tests' own: the app imports no spreadsheet.


def as_typed(value: str) -> str:
    """A text cell as it was written before :func:`text_cell` kept it as text."""
    return value[1:] if value.startswith("'") and text_cell(value[1:]) == value else value


def number_or_none(value: str) -> int | None:
    return None if value == "" else int(value)


def rows_by_game(rows: list[dict], key: str = "game") -> dict[str, list[dict]]:
    games: dict[str, list[dict]] = {}
    for row in rows:
        games.setdefault(row[key], []).append(row)
    return games


def street_hands_of(rows: list[dict]) -> tuple[list[str], list[tuple]]:
    """A Two Way Street game's players and hands, (results, tricks in hand) each, from its rows."""
    from two_way_street import display, rules

    direction = {letter: str(value) for value, letter in display.DIRECTION_LETTERS.items()}
    choice = {letter: str(value) for value, letter in display.CHOICE_LETTERS.items()}
    players = [as_typed(row["player"]) for row in rows if row["hand"] in ("", "1")]
    hands = []
    for number in sorted({int(row["hand"]) for row in rows if row["hand"]}):
        lines = sorted((row for row in rows if row["hand"] == str(number)), key=lambda row: int(row["seat"]))
        results = [[int(line["tricks"]), direction[line["high or low"]], choice[line["declared or forced"]]] for line in lines]
        hands.append((results, number_or_none(lines[0]["tricks in hand"])))
    assert rules.MAX_PLAYERS >= len(players)
    return players, hands


def test_two_way_street_hands_are_rebuilt_from_the_spreadsheet(client, user):
    from two_way_street.models import Game

    street_game(user, names=HOSTILE)
    street_game(user, hands=WORKED_HANDS[:2])
    street_game(user, hands=[])
    rows = csv_of(client.get(reverse("games_csv"), {"game": "two-way-street"}), "two-way-street-games")
    rebuilt = {uid: street_hands_of(game_rows) for uid, game_rows in rows_by_game(rows).items()}
    stored = {
        str(game.uid): (game.names, [(hand.results, hand.tricks_in_hand) for hand in game.hands.order_by("number")])
        for game in Game.objects.prefetch_related("players")
    }
    assert rebuilt == stored and len(stored) == 3


def mahjong_hands_of(rows: list[dict]) -> list[tuple]:
    """A Mah Jongg game's hands, as their entered fields (mahjong.models.Hand.ENTRY_FIELDS), from its rows."""
    hands = []
    for number in sorted({int(row["hand"]) for row in rows if row["hand"]}):
        lines = sorted((row for row in rows if row["hand"] == str(number)), key=lambda row: int(row["seat"]))
        first = lines[0]
        hands.append((
            number_or_none(first["winner seat"]),
            [number_or_none(line["entered score"]) for line in lines],
            as_typed(first["winning hand"]),
            as_typed(first["winning tile"]),
            first["self drawn"] == "yes",
        ))
    return hands


def test_mah_jongg_hands_are_rebuilt_from_the_spreadsheet_notation_and_winning_tile_included(client, user):
    from mahjong.game import HandEntry
    from mahjong.models import Game, Hand

    notation = HandEntry(1, (10, None, 20, 0), "EEE RdRdRd 234c 678c 99c", "9c", True)
    game = mahjong.game_start(seats=[Seat(name) for name in HOSTILE], date=datetime.date(2026, 7, 9), user=user)
    record_mahjong(game, [BEN_WINS, WASHOUT, notation])
    mahjong.game_start(seats=[Seat(name) for name in "ABCD"], date=datetime.date(2026, 7, 10), user=user)
    rows = csv_of(client.get(reverse("games_csv"), {"game": "mah-jongg"}), "mah-jongg-games")
    rebuilt = {uid: mahjong_hands_of(game_rows) for uid, game_rows in rows_by_game(rows).items()}
    stored = {
        str(game.uid): [tuple(getattr(hand, name) for name in Hand.ENTRY_FIELDS) for hand in game.hands.order_by("number")]
        for game in Game.objects.all()
    }
    assert rebuilt == stored and len(stored) == 2
    assert stored[str(game.uid)][2][2] and stored[str(game.uid)][2][3] == "9c"  # the notation hand, whole


def ruling_of(row: dict) -> dict:
    """A ruling's stored fields, from its row: each input by the label its column is headed with."""
    from bridge import calculator, display

    calculations = {calculation.heading: slug for slug, calculation in calculator.CALCULATIONS.items()}
    vulnerabilities = {label: value for value, label in calculator.VULNERABILITIES}
    seats = {name: seat for seat, name in display.SEAT_NAMES.items()}
    return {
        "uid": row["ruling"],
        "number": int(row["number"]),
        "book__date": row["date"],
        "event": as_typed(row["event"]),
        "board": int(row["board"]),
        "calculation": calculations[row["calculation"]],
        "vulnerability": vulnerabilities[row["vulnerability"]],
        "inputs": {name: as_typed(row[item.label]) for name, item in calculator.INPUTS.items() if row[item.label]},
        "note": as_typed(row["note"]),
        **{name: as_typed(row[display.FILED_LABELS[name]]) for name in ("ns_pair", "ew_pair", "contract", "auction", "director")},
        "declarer": seats.get(row[display.FILED_LABELS["declarer"]], ""),
    }


def test_bridge_rulings_are_rebuilt_from_the_spreadsheet_with_the_filed_table(client, user):
    from bridge.models import Ruling

    save_ruling(
        user, "example 2", event="=cmd|' /C calc'!A0", board=21, note="Slow pass by @West.\nThen 3/4.",
        ns_pair="7", ew_pair="-12", contract="3♦X", declarer="N", auction="1♦ 1♠ 3♦\nX", director="@Ann",
    )
    save_ruling(user, "example 1", event="Club pairs", board=7)
    rows = csv_of(client.get(reverse("games_csv"), {"game": "bridge"}), "bridge-rulings")
    fields = ("uid", "number", "book__date", "event", "board", "calculation", "vulnerability", "inputs", "note",
              "ns_pair", "ew_pair", "contract", "auction", "director", "declarer")
    stored = sorted(
        ({name: str(value) if name in ("uid", "book__date") else value for name, value in ruling.items()}
         for ruling in Ruling.objects.values(*fields)),
        key=lambda ruling: ruling["uid"],
    )
    assert sorted((ruling_of(row) for row in rows), key=lambda ruling: ruling["uid"]) == stored
    assert {len(ruling["inputs"]) for ruling in stored} >= {2}  # inputs of their own, one a column


def gorilla_games_of(rows: list[dict]) -> dict[str, tuple]:
    """Each Gorilla game of the spreadsheet, by uid: its facts as stored and its hands' fields."""
    from pad import rules
    from pad.views.history import HAND_COLUMNS

    games = {}
    for uid, game_rows in rows_by_game(rows).items():
        first = game_rows[0]
        date = datetime.date.fromisoformat(first["date"])
        dealer = rules.Seat(first["first dealer"])
        hands = [
            tuple(
                (row["fates point"] == "yes") if field == "fates_point"
                else int(row[heading]) if field == "number" else as_typed(row[heading])
                for heading, field in HAND_COLUMNS
            )
            for row in game_rows
            if row["hand"]
        ]
        games[uid] = (
            date, as_typed(first["odd"]), as_typed(first["even"]), as_typed(first["notes"]),
            "" if dealer is rules.first_dealer(date) else dealer.value,
            first["started"], first["finished"], first["rematch"], hands,
        )
    return games


def test_gorilla_hands_are_rebuilt_from_the_spreadsheet_with_first_dealer_and_rematch(client, user):
    from pad import services as gorilla
    from pad.exchange import read_document
    from pad.models import Game
    from pad.views.history import HAND_COLUMNS

    cards = {"taker": "AS JS 10S 3S AH 6H 3H 10D 6D 4D", "giver": "QS 10H 9H 2H JD 9D 8D 7D AC 10C"}
    document = {"format": "gorilla-pad/1", "games": [{
        "partnership": {"odd": "=Jon", "even": "@Richard"}, "date": "2026-07-09", "notes": "-at the lake",
        "hands": [
            {"outcome": "M"}, {"outcome": "I", "fates_point": True}, {"outcome": "P", "cards": cards, "verdict_by": "solver"},
            {"outcome": "P", "irregularity": "=revoke, 3/4"}, *([{"outcome": "M"}] * 9),
        ],
    }]}
    (finished,) = gorilla.games_import(specs=read_document(document), user=user)
    rematch = gorilla.game_rematch(game=finished, date=datetime.date(2026, 7, 10))
    gorilla.game_choose_first_dealer(game=rematch, first_dealer=rematch.first_dealer_seat.other)
    record_outcomes(rematch, "IIP")
    rows = csv_of(client.get(reverse("games_csv"), {"game": "gorilla"}), "gorilla-games")
    stored = {
        str(game.uid): (
            game.date, game.partnership.odd_name, game.partnership.even_name, game.notes, game.first_dealer,
            game.created_at.isoformat(), game.finished_at.isoformat() if game.finished_at else "",
            str(game.rematch.uid) if game.rematch else "",
            [tuple(getattr(hand, field) for _heading, field in HAND_COLUMNS) for hand in game.hands.order_by("number")],
        )
        for game in Game.objects.select_related("partnership", "rematch")
    }
    assert gorilla_games_of(rows) == stored
    assert stored[str(finished.uid)][7] == str(rematch.uid) and stored[str(rematch.uid)][4]
    assert stored[str(finished.uid)][8][2][6:] == (cards["taker"], cards["giver"], "solver")
