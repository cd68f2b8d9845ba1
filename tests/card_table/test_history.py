"""The history browser: the games list with its filters, paging and downloads,
a partnership's statistics, and the demo data that feeds the benchmark."""

import csv
import datetime
import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from pad import rules, selectors, services, summaries
from pad.exchange import GameSpec, export_document, read_document
from pad.models import Game, Hand, Partnership
from pad.summaries import SUMMARY_FIELDS, summary_of_hands

LIST_URL = "/games/"


def make_game(partnership, date, outcomes):
    """A game with these outcomes, written by the import service (dealers from the date)."""
    document = {
        "format": "gorilla-pad/1",
        "games": [
            {
                "partnership": {"odd": partnership.odd_name, "even": partnership.even_name},
                "date": date.isoformat(),
                "hands": [{"outcome": outcome} for outcome in outcomes],
            }
        ],
    }
    (game,) = services.games_import(specs=read_document(document), user=partnership.members.first())
    game.refresh_from_db()
    return game


def bulk_games(partnership, count, *, start=datetime.date(2025, 1, 1), outcomes="MMMMMMMMMM"):
    """``count`` games, one a day from ``start``, written in bulk."""
    specs = []
    for day in range(count):
        date = start + datetime.timedelta(days=day)
        spec = GameSpec(partnership.odd_name, partnership.even_name, date, "")
        dealer = rules.first_dealer(date)
        for number, outcome in enumerate(outcomes, start=1):
            spec.hands.append(Hand(number=number, outcome=outcome, dealer=dealer.value, taker=dealer.other.value))
            dealer = dealer.other
        specs.append(spec)
    services.games_create_in_bulk(specs=specs, user=partnership.members.first())


@pytest.fixture
def jon(partnership):
    return partnership


@pytest.fixture
def known_games(jon):
    """Jon (odd) & Richard's games, worked out by hand below; and one of another pair.

    g1 2026-01-05 (odd day, Jon deals 1st) MMMMMMMMMM  won 10-0, pride 1, Jon 5/5, Richard 5/5
    g2 2026-01-06 (Richard 1st)            PPPPPPPPPP  lost 0-10, pride 0 (theirs from hand 10), 5/5, 5/5
    g3 2026-01-06 (Richard 1st)            PIIIIIIIII  lost 0-10, pride ?, Jon 0/5, Richard 1/5
    g4 2026-01-07 (Jon 1st)                MMMMMMMMMIM won 10-1, pride 1, Jon 6/6, Richard 4/5
    g5 2026-01-08 (Richard 1st)            MPI         in progress, Jon 1/1, Richard 1/2
    """
    games = {
        "g1": make_game(jon, datetime.date(2026, 1, 5), "MMMMMMMMMM"),
        "g2": make_game(jon, datetime.date(2026, 1, 6), "PPPPPPPPPP"),
        "g3": make_game(jon, datetime.date(2026, 1, 6), "PIIIIIIIII"),
        "g4": make_game(jon, datetime.date(2026, 1, 7), "MMMMMMMMMIM"),
        "g5": make_game(jon, datetime.date(2026, 1, 8), "MPI"),
    }
    others = services.partnership_get_or_create(odd_name="Émile", even_name="Zoë", user=jon.members.first())
    games["other"] = make_game(others, datetime.date(2025, 12, 31), "IIIIIIIIII")
    return games


def listed_ids(response):
    """The ids of the games the page lists, in order."""
    return [int(pk) for pk in re.findall(r'class="history-row[^"]*" href="/games/(\d+)/"', response.content.decode())]


def ids(games, *names):
    return [games[name].pk for name in names]


def uids(games, *names):
    return [str(games[name].uid) for name in names]


# The list


def test_games_list_newest_first_with_scores_ratios_and_pride(client, known_games):
    response = client.get(LIST_URL)
    assert response.status_code == 200
    assert listed_ids(response) == ids(known_games, "g5", "g4", "g3", "g2", "g1", "other")
    page = response.content.decode()
    assert '<u class="odd-partner"><bdi>Jon</bdi></u> &amp; <bdi>Richard</bdi>' in page
    assert "2026-01-07" in page
    assert "10–1" in page
    assert "play <b>10/10</b>" in page and "fate <b>10/11</b>" in page
    assert "pride <b>?</b>" in page
    assert "In progress · 3 hands" in page
    assert "Lost to the Fates" in page
    assert f'href="{reverse("game_pad", args=[known_games["g4"].pk])}"' in page
    assert "6 games" in page


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("result=won", ["g4", "g1"]),
        ("result=lost", ["g3", "g2", "other"]),
        ("result=in-progress", ["g5"]),
        ("date_from=2026-01-06", ["g5", "g4", "g3", "g2"]),
        ("date_to=2026-01-06", ["g3", "g2", "g1", "other"]),
        ("date_from=2026-01-06&date_to=2026-01-07", ["g4", "g3", "g2"]),
        ("date_from=2026-01-06&date_to=2026-01-06", ["g3", "g2"]),
        ("player=jon", ["g5", "g4", "g3", "g2", "g1"]),
        ("player=RICH", ["g5", "g4", "g3", "g2", "g1"]),
        ("player=  richard  ", ["g5", "g4", "g3", "g2", "g1"]),
        ("player=émile", ["other"]),
        ("player=ZOË", ["other"]),
        ("player=nobody", []),
        ("result=lost&player=jon", ["g3", "g2"]),
        ("result=won&date_from=2026-01-06&player=richard", ["g4"]),
        ("result=lost&date_to=2026-01-05", ["other"]),
    ],
)
def test_filters_and_their_combinations(client, known_games, query, expected):
    response = client.get(f"{LIST_URL}?{query}")
    assert response.status_code == 200
    assert listed_ids(response) == ids(known_games, *expected)
    assert "message warning" not in response.content.decode()


def test_partnership_filter(client, known_games, jon):
    response = client.get(f"{LIST_URL}?partnership={jon.pk}")
    assert listed_ids(response) == ids(known_games, "g5", "g4", "g3", "g2", "g1")
    assert f'href="{reverse("partnership_detail", args=[jon.pk])}"' in response.content.decode()
    other = known_games["other"].partnership
    response = client.get(f"{LIST_URL}?partnership={other.pk}&result=lost")
    assert listed_ids(response) == ids(known_games, "other")


def test_empty_values_do_not_filter(client, known_games):
    response = client.get(f"{LIST_URL}?partnership=&result=&date_from=&date_to=&player=")
    assert len(listed_ids(response)) == 6
    assert "message warning" not in response.content.decode()


def test_no_match_says_so(client, known_games):
    assert "No games match these filters." in client.get(f"{LIST_URL}?player=nobody").content.decode()


def problems(response):
    return re.findall(r'<p class="message warning">(.*?)</p>', response.content.decode())


@pytest.mark.parametrize(
    ("query", "message", "expected"),
    [
        ("date_from=2026-02-30", "“2026-02-30” is not a date: write dates like 2026-07-09. The list is not filtered by from date.", 6),
        ("date_to=yesterday", "“yesterday” is not a date", 6),
        ("partnership=9999", "There is no partnership “9999”. The list is not filtered by partnership.", 6),
        ("partnership=abc", "There is no partnership “abc”.", 6),
        ("result=xyz", "“xyz” is not a result: choose won, lost or in progress. The list is not filtered by result.", 6),
        ("player=" + "x" * 201, "A search has at most 200 characters: shorten it. The list is not filtered by search.", 6),
        ("date_from=9/7/2026", "“9/7/2026” is not a date: write dates like 2026-07-09. The list is not filtered by from date.", 6),
        ("date_from=2026-01-07&date_to=2026-01-06", "2026-01-06 is before the from date. The list is not filtered by to date.", 2),
    ],
)
def test_bad_filter_values_are_reported_and_left_out(client, known_games, query, message, expected):
    response = client.get(f"{LIST_URL}?{query}")
    assert response.status_code == 200
    found = problems(response)
    assert len(found) == 1 and message in found[0].replace("&#x27;", "'")
    assert len(listed_ids(response)) == expected


def test_a_bad_filter_leaves_the_good_ones_in_use(client, known_games):
    response = client.get(f"{LIST_URL}?result=won&date_from=2026-02-30&partnership=x")
    assert len(problems(response)) == 2
    assert listed_ids(response) == ids(known_games, "g4", "g1")


def test_bad_values_are_escaped(client, known_games):
    page = client.get(f"{LIST_URL}?result=<script>alert(1)</script>").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;" in page


def test_paging_25_a_page_with_filters_kept(client, jon):
    bulk_games(jon, 30)
    first = client.get(LIST_URL)
    assert len(listed_ids(first)) == 25
    assert "page 1 of 2" in first.content.decode()
    second = client.get(f"{LIST_URL}?page=2")
    assert len(listed_ids(second)) == 5
    assert set(listed_ids(first)).isdisjoint(listed_ids(second))
    newest = Game.objects.order_by("-date").first()
    assert listed_ids(first)[0] == newest.pk

    filtered = client.get(f"{LIST_URL}?result=won&player=jon&partnership=&page=1").content.decode()
    # Paging links keep the filters in use (and only those), with href and hx-get.
    assert 'href="?player=jon&amp;result=won&amp;page=2"' in filtered
    assert 'hx-get="/games/?player=jon&amp;result=won&amp;page=2"' in filtered


@pytest.mark.parametrize(("page", "expected"), [("abc", 1), ("0", 2), ("99", 2), ("-1", 2)])
def test_odd_page_numbers_give_a_page(client, jon, page, expected):
    bulk_games(jon, 30)
    response = client.get(f"{LIST_URL}?page={page}")
    assert response.status_code == 200
    assert f"page {expected} of 2" in response.content.decode()


def test_htmx_request_gets_only_the_list(client, known_games):
    response = client.get(f"{LIST_URL}?result=won&partnership=", headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in page and "<form" not in page and 'id="game-results"' not in page
    assert '<p id="results-status" hx-swap-oob="innerHTML">2 games</p>' in page
    assert listed_ids(response) == ids(known_games, "g4", "g1")
    assert response.headers["HX-Push-Url"] == "/games/?result=won"
    assert "HX-Request" in response.headers["Vary"]


def test_htmx_paging_pushes_the_page_address(client, jon):
    bulk_games(jon, 30)
    response = client.get(f"{LIST_URL}?page=2", headers={"HX-Request": "true"})
    assert response.headers["HX-Push-Url"] == "/games/?page=2"
    assert client.get(LIST_URL, headers={"HX-Request": "true"}).headers["HX-Push-Url"] == "/games/"


def test_htmx_history_restore_gets_the_whole_page(client, known_games):
    response = client.get(
        f"{LIST_URL}?result=won", headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    page = response.content.decode()
    assert "<html" in page and "hx-swap-oob" not in page


def test_htmx_request_with_bad_values_reports_them_in_the_fragment(client, known_games):
    response = client.get(f"{LIST_URL}?date_to=2026-13-01", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert problems(response)


def test_filters_work_without_javascript(client, known_games):
    """A plain GET form and plain links; htmx only enhances them."""
    page = client.get(LIST_URL).content.decode()
    form = re.search(r"<form[^>]*game-filters[^>]*>", page, re.S).group(0)
    assert 'method="get"' in form and 'action="/games/"' in form
    assert 'hx-get="/games/"' in form and 'hx-target="#game-results"' in form
    assert 'hx-push-url="true"' in form
    assert '<button type="submit"' in page
    for name in ("player", "partnership", "result", "date_from", "date_to"):
        assert f'name="{name}"' in page
    assert 'type="date"' in page


def test_filters_are_shown_with_their_values(client, known_games, jon):
    page = client.get(f"{LIST_URL}?partnership={jon.pk}&result=lost&date_from=2026-01-02&player=ric").content.decode()
    assert f'<option value="{jon.pk}" selected>' in page
    assert '<option value="lost" selected>' in page
    assert 'value="2026-01-02"' in page
    assert 'value="ric"' in page
    assert "<details class=\"filter-more\" open>" in page


def test_list_page_links_to_each_partnership(client, known_games, jon):
    page = client.get(LIST_URL).content.decode()
    assert f'href="/partnerships/{jon.pk}/"' in page


def test_only_get(client, db):
    assert client.post(LIST_URL).status_code == 405


# Query counts: the same, small number with 5 games or 30


@pytest.mark.parametrize("count", [5, 30])
@pytest.mark.parametrize(
    "query", ["", "?page=2", "?result=won&date_from=2025-01-03&player=jon", "?partnership={pk}&result=lost"]
)
def test_games_list_queries_do_not_grow_with_games(client, jon, user, django_assert_max_num_queries, count, query):
    bulk_games(jon, count)
    bulk_games(services.partnership_get_or_create(odd_name="Ann", even_name="Bo", user=user), count, outcomes="IIIIIIIIII")
    with django_assert_max_num_queries(6 + 2):  # + the session and the user
        response = client.get(LIST_URL + query.format(pk=jon.pk))
    assert response.status_code == 200
    with django_assert_max_num_queries(4 + 2):  # + the session and the user
        client.get(LIST_URL + query.format(pk=jon.pk), headers={"HX-Request": "true"})


@pytest.mark.parametrize("count", [5, 30])
def test_partnership_page_queries_do_not_grow_with_games(client, jon, django_assert_max_num_queries, count):
    bulk_games(jon, count)
    bulk_games(jon, count, start=datetime.date(2024, 1, 1), outcomes="PPPPPPPPPP")
    # + the user, the partnership, its members, the invitation, the months of the seasons offered
    with django_assert_max_num_queries(STATISTICS_QUERIES + 5):
        response = client.get(reverse("partnership_detail", args=[jon.pk]))
    assert response.status_code == 200
    assert f"{2 * count}</dd>" in response.content.decode()


def test_partnership_statistics_never_load_hands(jon, django_assert_num_queries):
    bulk_games(jon, 10)
    with django_assert_num_queries(STATISTICS_QUERIES) as captured:
        selectors.partnership_statistics(jon)
    assert all("pad_hand" not in query["sql"] for query in captured.captured_queries)


# The totals, the runs and their games, the best game, the worst, the chart's games, the years.
STATISTICS_QUERIES = 7


@pytest.mark.parametrize("count", [10, 1000])
def test_the_partnership_page_and_season_report_read_the_same_however_many_games(
    client, jon, count, django_assert_num_queries, monkeypatch
):
    """Neither the queries nor the games read into Python grow with the games played:
    the counts, runs, years and seasons come from the database, and only the
    chart's last games, the best, the worst and the ends of three runs are read."""
    bulk_games(jon, count // 2, start=datetime.date(2020, 3, 15), outcomes="PPPPPPPPPP")  # lost
    bulk_games(jon, count - count // 2, start=datetime.date(2024, 2, 10))  # then won
    read = []
    reader = selectors._finished_games

    def counted(games):
        found = reader(games)
        read.extend(found)
        return found

    monkeypatch.setattr(selectors, "_finished_games", counted)
    # + the user, the partnership, its members, the invitation, the months of the seasons offered
    with django_assert_num_queries(STATISTICS_QUERIES + 5):
        response = client.get(reverse("partnership_detail", args=[jon.pk]))
    assert response.status_code == 200
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))
    assert f"Longest winning run {count - count // 2} 2024-02-10 to " in text
    assert f"Longest losing run {count // 2} 2020-03-15 to " in text
    assert f"Now: {count - count // 2} wins in a row." in text
    assert len(read) <= summaries.CHART_GAMES + 2 + 6
    # The seasons offered are those every game's date gives.
    dates = [datetime.date(2020, 3, 15) + datetime.timedelta(days=day) for day in range(count // 2)]
    dates += [datetime.date(2024, 2, 10) + datetime.timedelta(days=day) for day in range(count - count // 2)]
    offered = re.findall(r'<option value="([\d-]+)">', response.content.decode())
    assert offered == [value for value, _ in summaries.seasons(dates)]
    read.clear()
    with django_assert_num_queries(STATISTICS_QUERIES):
        stats = selectors.partnership_statistics(
            jon, date_from=datetime.date(2020, 1, 1), date_to=datetime.date(2020, 12, 31)
        )
    assert stats.finished_count == min(count // 2, 292) and len(read) <= summaries.CHART_GAMES + 2 + 6


# Downloads


def csv_of(response):
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert re.match(r'attachment; filename="gorilla-games-\d{4}-\d\d-\d\d\.csv"', response["Content-Disposition"])
    text = b"".join(response.streaming_content).decode()
    assert text.startswith("\ufeff"), "a byte order mark, for Excel to read UTF-8"
    return list(csv.reader(io.StringIO(text[1:])))


GAME_FACTS = 28  # the columns of a game's facts, before its hand's


def first_rows(rows):
    """Each game's first row, by its uid, in the file's order."""
    games = {}
    for row in rows[1:]:
        games.setdefault(row[0], row)
    return games


def test_csv_a_row_per_hand_every_count_a_number_of_its_own(client, known_games):
    rows = csv_of(client.get(reverse("games_csv")))
    assert rows[0] == [
        "game", "date", "odd", "even", "first dealer", "started", "finished", "rematch",
        "partnership score", "fates score", "result", "winner",
        "play: made", "play: possible to make", "fate: possible to make", "fate: all hands", "game pride",
        "odd partner generosity: possible to make", "odd partner generosity: hands dealt",
        "even partner generosity: possible to make", "even partner generosity: hands dealt",
        "longest run of M", "hands", "M", "P", "I", "odd partner dealt",
        "odd partner dealt, makeable", "even partner dealt", "even partner dealt, makeable",
        "theirs to win from hand", "notes",
        "hand", "outcome", "dealer", "taker", "fates point", "irregularity", "taker's cards", "giver's cards",
        "verdict by",
    ]
    by_uid = first_rows(rows)
    assert len(by_uid) == 6
    # A row per hand (a game with none yet, one row), each game's facts on each.
    for game in known_games.values():
        mine = [row for row in rows[1:] if row[0] == str(game.uid)]
        assert len(mine) == max(1, game.hands.count())
        assert {tuple(row[:GAME_FACTS + 4]) for row in mine} == {tuple(mine[0][:GAME_FACTS + 4])}
        numbers = [str(hand.number) for hand in game.hands.order_by("number")]
        assert [row[GAME_FACTS + 4] for row in mine] == (numbers or [""])
    g4 = by_uid[str(known_games["g4"].uid)]
    assert g4[:4] == [str(known_games["g4"].uid), "2026-01-07", "Jon", "Richard"]
    assert g4[4] == known_games["g4"].first_dealer_seat.value
    assert g4[5] == known_games["g4"].created_at.isoformat() and g4[6] == known_games["g4"].finished_at.isoformat()
    assert g4[8:GAME_FACTS + 4] == [
        "10", "1", "won", "partnership",
        "10", "10", "10", "11", "1", "6", "6", "4", "5", "9", "11", "10", "0", "1", "6", "6", "5", "4", "11", "",
    ]
    assert by_uid[str(known_games["g2"].uid)][10:GAME_FACTS + 3] == [
        "lost", "fates", "0", "10", "10", "10", "0", "5", "5", "5", "5", "0", "10", "0", "10", "0", "5", "5", "5", "5", "10",
    ]
    assert by_uid[str(known_games["g5"].uid)][10:GAME_FACTS + 3] == [
        "in-progress", "", "1", "2", "2", "3", "-", "1", "1", "1", "2", "1", "3", "1", "1", "1", "1", "1", "2", "1", "",
    ]
    assert by_uid[str(known_games["other"].uid)][2:4] == ["Émile", "Zoë"]
    assert list(by_uid) == uids(known_games, "g5", "g4", "g3", "g2", "g1", "other")
    # No database key: no game's id is a cell of its rows.
    assert not any(row[0].isdigit() for row in rows[1:])
    # No cell a spreadsheet would turn into a date.
    assert not any(re.fullmatch(r"\d+/\d+", cell) for row in rows for cell in row)


@pytest.mark.parametrize("count", [3, 30])
def test_the_csv_of_n_games_and_their_hands_costs_the_same_queries(client, jon, django_assert_max_num_queries, count):
    bulk_games(jon, count)
    with django_assert_max_num_queries(3 + 2):  # the games, their hands, a rematch's uid joined in; the session and user
        rows = csv_of(client.get(reverse("games_csv")))
    assert len(rows) == 1 + count * 10


def test_csv_uses_the_same_filters(client, known_games):
    rows = csv_of(client.get(reverse("games_csv") + "?result=lost&player=jon"))
    assert list(first_rows(rows)) == uids(known_games, "g3", "g2")


@pytest.mark.parametrize("export", ["games_csv", "games_json"])
@pytest.mark.parametrize(
    ("query", "named"),
    [("date_from=bad", "date_from"), ("result=maybe", "result"), ("partnership=99999", "partnership"), ("game=chess", "game")],
)
def test_an_export_with_a_filter_it_cannot_use_is_refused(client, known_games, export, query, named):
    response = client.get(reverse(export) + "?" + query)
    assert response.status_code == 400
    assert response.content.decode().startswith(f"nothing was exported: {named}:")


def test_csv_names_and_notes_never_run_as_formulas(client, user):
    partnership = services.partnership_get_or_create(odd_name="=HYPERLINK(1)", even_name="@me", user=user)
    game = make_game(partnership, datetime.date(2026, 1, 1), "M")
    Game.objects.filter(pk=game.pk).update(notes="+cmd|' /C calc'!A0")
    rows = csv_of(client.get(reverse("games_csv")))
    assert rows[1][2:4] == ["'=HYPERLINK(1)", "'@me"]
    assert rows[1][GAME_FACTS + 3] == "'+cmd|' /C calc'!A0"


def json_of(response):
    assert response["Content-Type"] == "application/json"
    return json.loads(b"".join(response.streaming_content))


def test_json_export_of_the_list(client, user, known_games):
    response = client.get(reverse("games_json") + "?result=won")
    assert re.match(r'attachment; filename="gorilla-games-[\d-]+\.json"', response["Content-Disposition"])
    document = json_of(response)
    assert document["format"] == "gorilla-pad/2"
    assert [game["uid"] for game in document["games"]] == uids(known_games, "g4", "g1")
    g4 = document["games"][0]
    assert len(g4["hands"]) == 11
    assert g4["pad"]["score"] == {"partnership": 10, "fates": 1}
    # It reads back as an import file, and is the document export_document makes.
    assert [len(spec.hands) for spec in read_document(document)] == [11, 10]
    won = selectors.GameFilters(result=rules.Result.WON)
    assert document == export_document(selectors.games_for_export(won, user=user))


def test_json_export_of_a_partnership(client, known_games, jon):
    response = client.get(reverse("partnership_games_json", args=[jon.pk]))
    assert 'filename="gorilla-jon-richard-' in response["Content-Disposition"]
    document = json_of(response)
    assert [game["uid"] for game in document["games"]] == uids(known_games, "g5", "g4", "g3", "g2", "g1")
    assert client.get(reverse("partnership_games_json", args=[9999])).status_code == 404


def test_json_export_keeps_non_ascii_names(client, known_games):
    document = json_of(client.get(reverse("games_json") + "?player=zoë"))
    assert document["games"][0]["partnership"] == {"odd": "Émile", "even": "Zoë"}


def test_json_export_memory_stays_flat_however_many_games(client, user):
    """Streamed a chunk of games at a time: exporting 960 games takes about
    the memory of exporting 240, where a document built whole takes four times."""
    import tracemalloc

    from pad.exchange import EXPORT_CHUNK

    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)

    def peak_of_export() -> int:
        response = client.get(reverse("games_json"))
        tracemalloc.start()
        size = sum(len(piece) for piece in response.streaming_content)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert size > 0
        return peak

    bulk_games(partnership, 240, start=datetime.date(2020, 1, 1), outcomes="MPMIMMMMMMMM")
    small = peak_of_export()
    bulk_games(partnership, 720, start=datetime.date(2021, 1, 1), outcomes="MPMIMMMMMMMM")
    large = peak_of_export()
    assert EXPORT_CHUNK < 240
    assert large < 1.5 * small, (small, large)


def test_download_links_carry_the_filters(client, known_games):
    page = client.get(f"{LIST_URL}?result=won&date_from=").content.decode()
    assert 'href="/games/export.csv?result=won"' in page
    assert 'href="/games/export.json?result=won"' in page
    # The pads print on A4 or US Letter.
    assert '<a href="/games/pads.pdf?result=won">Their pads (PDF)</a>' in page
    assert '<a href="/games/pads.pdf?result=won&amp;size=letter" aria-label="Their pads (PDF), US Letter size">(US Letter)</a>' in page
    page = client.get(LIST_URL).content.decode()
    assert '<a href="/games/pads.pdf?size=letter" aria-label="Their pads (PDF), US Letter size">(US Letter)</a>' in page


def test_the_pads_of_the_list_print_on_us_letter(client, known_games):
    from io import BytesIO

    from pypdf import PdfReader

    for size, height in (("", 842), ("&size=letter", 792)):
        response = client.get(f"{reverse('games_pdf')}?result=won{size}")
        assert response.status_code == 200
        assert round(PdfReader(BytesIO(response.content)).pages[0].mediabox.height) == height


# A partnership


def test_partnership_statistics_of_known_games(known_games, jon):
    stats = selectors.partnership_statistics(jon)
    assert (stats.played, stats.won, stats.lost, stats.in_progress) == (5, 2, 2, 1)
    # The finished games only (g5 is in progress): hands 10+10+10+11; M 10+0+0+10; P 0+10+1+0
    assert str(stats.tally.play) == "20/31"
    assert str(stats.tally.fate) == "31/41"
    lifetime = {value.name: value.value for value in stats.lifetime_statistics}
    assert (lifetime["Jon dealt"], lifetime["Richard dealt"]) == ("16/21", "15/20")
    assert lifetime["Longest run of M"] == "10"  # the longest of any game (g1), not a sum
    assert stats.tally.game_pride == {"1": 2, "0": 1, "?": 1}
    # Finished in date order: won, lost, lost, won.
    assert stats.longest_winning_run.length == 1
    assert stats.longest_winning_run.first.id == known_games["g4"].pk  # the latest of equal runs
    assert stats.longest_losing_run.length == 2
    assert [stats.longest_losing_run.first.id, stats.longest_losing_run.last.id] == ids(known_games, "g2", "g3")
    assert (stats.current_run.won, stats.current_run.length) == (True, 1)
    assert stats.best_game.id == known_games["g1"].pk  # won by 10
    assert stats.worst_game.id == known_games["g3"].pk  # lost by 10, like g2, but later
    assert [(year.year, year.won, year.lost) for year in stats.years] == [(2026, 2, 2)]
    assert [bar.game.id for bar in stats.chart.bars] == ids(known_games, "g1", "g2", "g3", "g4")


def test_the_results_chart_scales_to_the_games_and_draws_the_play_trend(known_games, jon):
    chart = selectors.partnership_statistics(jon).chart
    # Four games keep bars of a sensible width, in the middle of a 12-slot chart.
    assert chart.width == summaries.CHART_MIN_SLOTS * summaries.CHART_SLOT
    assert [bar.x for bar in chart.bars] == [41, 51, 61, 71]
    # The play ratio so far: 10/10, 10/20, 10/21, 20/31, 100% at the top (y 0).
    points = [tuple(map(float, point.split(","))) for point in chart.play_trend.split()]
    assert [round(100 - y, 1) for _, y in points] == [100.0, 50.0, 47.6, 64.5]
    # Sixty games or more fill the chart, one slot each.
    many = [summaries.FinishedGame(n, datetime.date(2026, 1, 1), n % 2 == 0, 10, 8, 5, 8) for n in range(75)]
    wide = summaries.results_chart(many)
    assert wide.width == summaries.CHART_GAMES * summaries.CHART_SLOT and len(wide.bars) == summaries.CHART_GAMES
    assert "the last 60 of 75 finished games" in wide.label and "the line is the play ratio so far" in wide.label


def test_partnership_page_shows_the_statistics(client, known_games, jon):
    response = client.get(reverse("partnership_detail", args=[jon.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Played 5" in text and "Won 2" in text and "Lost 2" in text and "In progress 1" in text
    assert "over 41 hands of 4 finished games; the 1 in progress is not counted" in text
    assert "20/31 65%" in text and "31/41 76%" in text
    assert "Jon dealt 16/21 76%" in text and "Richard dealt 15/20 75%" in text
    assert "Longest winning run 1" in text and "Longest losing run 2 2026-01-06 to 2026-01-06" in text
    assert "Best: won by 10 10–0" in text and "Worst: lost by 10 0–10" in text
    assert f'href="/games/{known_games["g3"].pk}/"' in page
    assert "Now: 1 win in a row." in text
    for mark, count in (("1", 2), ("0", 1), ("?", 1)):
        assert re.search(rf'pride-mark">{re.escape(mark)}</span></dt>\s*<dd class="big">{count}</dd>', page)
    assert f'href="/games/?partnership={jon.pk}"' in page
    assert f'href="/partnerships/{jon.pk}/games.json"' in page


def test_partnership_chart_is_inline_svg_with_an_accessible_title(client, known_games, jon):
    page = client.get(reverse("partnership_detail", args=[jon.pk])).content.decode()
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    assert 'role="img"' in svg and 'aria-labelledby="chart-title"' in svg
    assert "<title id=\"chart-title\">Results of 4 finished games, oldest first: 2 won, 2 lost" in svg
    assert svg.count('<rect class="bar-won"') == 2
    assert svg.count('<rect class="bar-lost"') == 2
    assert "<title>2026-01-07: won 10–1</title>" in svg
    assert "<script" not in page.split("</head>")[1]


def test_the_partnership_page_prints_blank_pads(client, known_games, jon):
    page = client.get(reverse("partnership_detail", args=[jon.pk])).content.decode()
    assert f'action="{reverse("partnership_blank_pdf", args=[jon.pk])}"' in page


def test_partnership_without_games(client, user):
    partnership = services.partnership_get_or_create(odd_name="New", even_name="Pair", user=user)
    response = client.get(reverse("partnership_detail", args=[partnership.pk]))
    assert response.status_code == 200
    assert "No games yet for this partnership." in response.content.decode()


def test_partnership_with_games_in_progress_only(client, jon):
    make_game(jon, datetime.date(2026, 1, 1), "MP")
    make_game(jon, datetime.date(2026, 1, 2), "M")
    page = client.get(reverse("partnership_detail", args=[jon.pk])).content.decode()
    assert "<svg" not in page
    assert "over 0 hands of 0 finished games; the 2 in progress are not counted" in re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_unknown_partnership_is_404(client, db):
    assert client.get("/partnerships/9999/").status_code == 404


def test_partnership_page_escapes_names(client, user):
    partnership = services.partnership_get_or_create(odd_name="<b>Eve</b>", even_name="Mal", user=user)
    make_game(partnership, datetime.date(2026, 1, 1), "MMMMMMMMMM")
    page = client.get(reverse("partnership_detail", args=[partnership.pk])).content.decode()
    assert "<b>Eve</b>" not in page and "&lt;b&gt;Eve&lt;/b&gt;" in page


# Demo data


def test_seed_demo_makes_valid_games(db):
    out = io.StringIO()
    call_command("seed_demo", games=60, partnerships=3, seed=7, stdout=out)
    assert "Created 60 demo games" in out.getvalue()
    games = list(Game.objects.prefetch_related("hands").select_related("partnership"))
    assert len(games) == 60
    assert Partnership.objects.count() == 3
    years = {game.date.year for game in games}
    assert len(years) >= 3
    results = {game.result for game in games}
    assert results == {"won", "lost", ""}
    for game in games:
        hands = sorted(game.hands.all(), key=lambda hand: hand.number)
        pad = rules.compute_pad(hand.as_played() for hand in hands)  # raises for an impossible pad
        assert (pad.finished, game.finished_at is not None) == (game.result != "",) * 2
        assert {field: getattr(game, field) for field in SUMMARY_FIELDS} == summary_of_hands(
            [hand.as_played() for hand in hands]
        )
        dealer = rules.first_dealer(game.date)
        for hand in hands:
            assert hand.dealer == dealer.value
            dealer = dealer.other


def test_seed_demo_is_repeatable_with_a_seed(db):
    call_command("seed_demo", games=5, seed=3, stdout=io.StringIO())
    first = list(Game.objects.order_by("pk").values_list("date", "hand_count", "result"))
    Hand.objects.all().delete()
    Game.objects.all().delete()
    call_command("seed_demo", games=5, seed=3, stdout=io.StringIO())
    assert list(Game.objects.order_by("pk").values_list("date", "hand_count", "result")) == first


def test_seed_demo_refuses_bad_arguments(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--partnerships"):
        call_command("seed_demo", games=5, partnerships=0)
    with pytest.raises(CommandError, match="--games"):
        call_command("seed_demo", games=-1)


def test_seed_demo_gives_its_games_to_an_account(client, user, stranger):
    out = io.StringIO()
    call_command("seed_demo", games=12, partnerships=2, seed=5, user="jon", stdout=out)
    assert "for jon." in out.getvalue()
    assert Game.objects.count() == 12
    assert all(list(p.members.all()) == [user] for p in Partnership.objects.all())
    # Jon sees them in his history; another account does not.
    assert client.get(reverse("game_list")).content.decode().count('class="history-row') == 12
    assert not Game.objects.filter(partnership__members=stranger).exists()


def test_seed_demo_refuses_an_unknown_account(db):
    with pytest.raises(CommandError, match="no account called 'nobody'"):
        call_command("seed_demo", games=1, user="nobody", stdout=io.StringIO())
    assert not Game.objects.exists()


# Searching for both partners, the order of the list, a PDF on each row


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("jon richard", ["g5", "g4", "g3", "g2", "g1"]),
        ("RICHARD jon", ["g5", "g4", "g3", "g2", "g1"]),
        ("emile zoe", ["other"]),
        ("jon zoë", []),  # each name of a different partnership
        ("zo", ["other"]),
    ],
)
def test_the_search_takes_one_name_or_both(client, known_games, search, expected):
    assert listed_ids(client.get(LIST_URL, {"player": search, "game": "gorilla"})) == ids(known_games, *expected)


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("", ["g5", "g4", "g3", "g2", "g1", "other"]),
        ("oldest", ["other", "g1", "g2", "g3", "g4", "g5"]),
        ("best", ["g1", "g4", "g5", "g3", "g2", "other"]),
        ("worst", ["g3", "g2", "other", "g5", "g4", "g1"]),  # ties: newest first
    ],
)
def test_the_list_in_each_order(client, known_games, sort, expected):
    response = client.get(LIST_URL, {"sort": sort} if sort else {})
    assert listed_ids(response) == ids(known_games, *expected)
    if sort:
        assert f'<option value="{sort}" selected>' in response.content.decode()


def test_an_order_by_score_is_for_gorilla_games_only(client, known_games):
    page = client.get(LIST_URL, {"sort": "best", "game": "two-way-street"}).content.decode()
    assert "Only Gorilla games are listed by their score. The list is newest first." in page
    page = client.get(LIST_URL, {"sort": "sideways"}).content.decode()
    assert "“sideways” is not an order the list knows. The list is newest first." in page
    assert listed_ids(client.get(LIST_URL, {"sort": "sideways"})) == ids(known_games, "g5", "g4", "g3", "g2", "g1", "other")


def row_pdf_links(page: str) -> list[list[tuple[str, str, str]]]:
    """Each row's PDF links: (address, accessible name, words)."""
    return [
        re.findall(r'<a href="([^"]+)" aria-label="([^"]+)">([^<]+)</a>', cell)
        for cell in re.findall(r'<span class="row-pdf">(.*?)</span>\s*</span>', page, re.S)
    ]


def test_every_row_links_its_pdf_in_a4_and_us_letter(client, known_games):
    page = client.get(LIST_URL).content.decode()
    links = row_pdf_links(page)
    assert len(links) == len(known_games)
    for game in known_games.values():
        url = reverse("game_pad_pdf", args=[game.pk])
        day = game.date.isoformat()
        assert [
            (url, f"The pad of {day} as PDF", "PDF"),
            (f"{url}?size=letter", f"The pad of {day} as PDF, US Letter size", "(US Letter)"),
        ] in links


def test_every_kind_of_row_offers_a4_and_us_letter_and_each_prints(client, user, known_games, rulings):
    from mahjong import services as mahjong
    from scorepads.players import Seat
    from two_way_street import services as two_way_street

    two_way_street.game_start(seats=[Seat("Pat"), Seat("Quin"), Seat("Rob")], target=12, date=datetime.date(2026, 7, 8), user=user)
    mahjong.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=datetime.date(2026, 7, 9), user=user)
    page = client.get(LIST_URL).content.decode()
    links = row_pdf_links(page)
    assert len(links) == len(known_games) + len(rulings) + 2
    kinds = set()
    for (a4, a4_name, a4_words), (letter, letter_name, letter_words) in links:
        assert letter == a4 + "?size=letter" and (a4_words, letter_words) == ("PDF", "(US Letter)")
        assert letter_name == a4_name + ", US Letter size"
        kinds.add(a4_name.split(" of ")[0])
    assert kinds == {"The pad", "The sheet", "The ruling"}
    # One of each kind, printed in both sizes: A4 is 842 points high, Letter 792.
    from io import BytesIO

    from pypdf import PdfReader

    for prefix in ("/games/", "/two-way-street/", "/mah-jongg/", "/bridge/"):
        a4, _, _ = next(link for link, _ in links if link[0].startswith(prefix))
        heights = [
            round(PdfReader(BytesIO(client.get(url).content)).pages[0].mediabox.height) for url in (a4, a4 + "?size=letter")
        ]
        assert heights == [842, 792], a4


def test_back_and_forward_ask_the_server_and_paging_scrolls_to_the_list(client, jon):
    bulk_games(jon, 30)
    page = client.get(LIST_URL).content.decode()
    assert '<section id="game-results" class="game-results" aria-label="Games found" hx-history="false">' in page
    pager = page.split('class="pager"', 1)[1].split("</nav>", 1)[0]
    assert 'hx-swap="innerHTML show:#game-results:top"' in pager


# An export names the game it cannot give


@pytest.mark.parametrize("export", ["games_json", "games_pdf"])
@pytest.mark.parametrize("game", ["bridge", "two-way-street", "mah-jongg"])
def test_an_export_of_another_game_is_refused_never_gorilla_games_instead(client, known_games, export, game):
    response = client.get(reverse(export), {"game": game})
    assert response.status_code == 400
    message = response.content.decode()
    assert message.startswith(f"nothing was exported: game: “{game}” games are not in this export")
    assert "Gorilla games only (game=gorilla, or no game)" in message
    assert message.rstrip().endswith("The games are gorilla, two-way-street, mah-jongg, bridge and tally.")


@pytest.mark.parametrize("export", ["games_csv", "games_json", "games_pdf"])
def test_an_export_of_a_game_the_app_does_not_keep_is_refused_naming_the_games(client, known_games, export):
    response = client.get(reverse(export), {"game": "nonsense"})
    assert response.status_code == 400
    assert response.content.decode() == (
        "nothing was exported: game: “nonsense” is not a game this app keeps. "
        "The games are gorilla, two-way-street, mah-jongg, bridge and tally.\n"
    )


def test_the_games_named_are_those_registered(monkeypatch):
    from scorepads import registry

    monkeypatch.setattr(registry, "_kinds", {slug: registry._kinds[slug] for slug in ("gorilla", "bridge")})
    assert registry.kinds_named() == "gorilla and bridge"
    monkeypatch.setattr(registry, "_kinds", {"gorilla": registry._kinds["gorilla"]})
    assert registry.kinds_named() == "gorilla"


def test_an_export_of_gorilla_games_by_name_holds_them(client, known_games):
    rows = csv_of(client.get(reverse("games_csv"), {"game": "gorilla", "result": "won"}))
    assert list(first_rows(rows)) == uids(known_games, "g4", "g1")
    document = json_of(client.get(reverse("games_json"), {"game": "gorilla", "result": "won"}))
    assert [game["uid"] for game in document["games"]] == uids(known_games, "g4", "g1")


# The pager's words follow the order


def pager_links(page: str) -> list[tuple[str, str]]:
    """The pager's links and dead ends: (rel or "disabled", words)."""
    pager = page.split('class="pager"', 1)[1].split("</nav>", 1)[0]
    return [
        (rel or "disabled", words)
        for rel, words in re.findall(r'<(?:a|span) class="pager-link[^"]*"(?: rel="(\w+)")?[^>]*>([^<]*)</', pager)
    ]


@pytest.mark.parametrize(
    ("query", "first", "second"),
    [
        ("", [("disabled", "‹ Newer"), ("next", "Older ›")], [("prev", "‹ Newer"), ("disabled", "Older ›")]),
        ("sort=oldest", [("disabled", "‹ Older"), ("next", "Newer ›")], [("prev", "‹ Older"), ("disabled", "Newer ›")]),
        ("sort=best", [("disabled", "‹ Better"), ("next", "Worse ›")], [("prev", "‹ Better"), ("disabled", "Worse ›")]),
        ("sort=worst", [("disabled", "‹ Worse"), ("next", "Better ›")], [("prev", "‹ Worse"), ("disabled", "Better ›")]),
        # An order that cannot be used is left out: the list is newest first, and so are the words.
        ("sort=sideways", [("disabled", "‹ Newer"), ("next", "Older ›")], [("prev", "‹ Newer"), ("disabled", "Older ›")]),
    ],
)
def test_the_pager_words_follow_the_order(client, jon, query, first, second):
    bulk_games(jon, 30)
    page_1 = client.get(f"{LIST_URL}?{query}").content.decode()
    page_2 = client.get(f"{LIST_URL}?{query}&page=2").content.decode()
    assert pager_links(page_1) == first
    assert pager_links(page_2) == second


def test_oldest_first_the_next_page_holds_newer_games(client, jon):
    bulk_games(jon, 30)
    first = Game.objects.filter(pk__in=listed_ids(client.get(LIST_URL, {"sort": "oldest"})))
    second = Game.objects.filter(pk__in=listed_ids(client.get(LIST_URL, {"sort": "oldest", "page": 2})))
    assert max(game.date for game in first) < min(game.date for game in second)


# What the search finds in a ruling: its event, its note, its board


def save_ruling(user, example, *, event, board, note="", date=datetime.date(2026, 11, 20), **filed):
    from bridge import calculator
    from bridge import services as bridge
    from tests.bridge.test_calculator import EXAMPLES

    slug, inputs = EXAMPLES[example]
    return bridge.ruling_record(
        user=user, calculation=calculator.CALCULATIONS[slug], inputs=inputs,
        vulnerability="", event=event, board=board, date=date, note=note, **filed,
    )


@pytest.fixture
def rulings(user):
    return {
        "ko": save_ruling(user, "example 2", event="Teams KO — example 2", board=21, note="Slow pass by West."),
        "121": save_ruling(user, "example 1", event="Club pairs", board=121),
        "2021": save_ruling(user, "example 1", event="Spring 2021 pairs", board=7, note="Claim disputed."),
        "2": save_ruling(user, "example 1", event="Club pairs", board=2),
    }


def listed_rulings(response):
    return [int(pk) for pk in re.findall(r'class="history-row[^"]*" href="/bridge/rulings/(\d+)/"', response.content.decode())]


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("board 21", ["ko"]),
        ("21", ["ko"]),  # a number is found whole: not board 121, nor the event of 2021
        ("Board  21", ["ko"]),
        ("teams 21", ["ko"]),
        ("teams ko", ["ko"]),
        ("KO example 2", ["ko"]),  # the event's own words
        ("slow west", ["ko"]),  # the note
        ("121", ["121"]),
        ("board 2", ["2"]),
        ("2021", ["2021"]),
        ("board 7 spring", ["2021"]),
        ("club", ["121", "2"]),
        ("board 22", []),
        ("teams 7", []),
        ("BOARD21", ["ko"]),
        ("board 2 board 21", []),  # one ruling is of one board
        ("board", ["ko", "121", "2021", "2"]),
    ],
)
def test_the_search_finds_a_ruling_by_its_event_note_and_board(client, rulings, search, expected):
    found = listed_rulings(client.get(LIST_URL, {"player": search}))
    assert sorted(found) == sorted(rulings[name].pk for name in expected)


def test_a_long_search_is_applied_by_the_list_and_the_spreadsheet_alike(client, user, rulings):
    event = "Spring congress of the northern counties — open pairs, second session, flight A"
    assert 60 < len(event) <= 100
    long_one = save_ruling(user, "example 1", event=event, board=3)
    assert listed_rulings(client.get(LIST_URL, {"player": event})) == [long_one.pk]
    response = client.get(reverse("games_csv"), {"game": "bridge", "player": event})
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode()[1:])))
    assert [row[rows[0].index("event")] for row in rows[1:]] == [event]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"player": "x" * 201}, "player: A search has at most 200 characters: shorten it."),
        ({"date_from": "9/7/2026"}, "date_from: “9/7/2026” is not a date: write dates like 2026-07-09."),
    ],
)
@pytest.mark.parametrize("game", ["gorilla", "bridge", "two-way-street"])
def test_what_the_list_leaves_out_every_export_refuses_saying_why(client, known_games, query, message, game):
    listed = problems(client.get(LIST_URL, {**query, "game": game}))
    assert len(listed) == 1 and listed[0].startswith(message.split(": ", 1)[1])
    for name in ("games_csv", "games_json"):
        if name == "games_json" and game != "gorilla":
            continue
        response = client.get(reverse(name), {**query, "game": game})
        assert response.status_code == 400
        assert response.content.decode().strip() == f"nothing was exported: {message}"


def test_a_number_finds_a_ruling_and_no_partnership(client, known_games, rulings):
    response = client.get(LIST_URL, {"player": "21"})
    assert listed_rulings(response) == [rulings["ko"].pk]
    assert listed_ids(response) == []


# No games yet, and no games found


def test_a_new_account_is_shown_how_to_start_each_game_and_nothing_to_download(stranger_client, known_games):
    for headers in ({}, {"HX-Request": "true"}):
        page = stranger_client.get(LIST_URL, headers=headers).content.decode()
        assert "No games yet." in page
        start = page.split('class="start-links"', 1)[1].split("</ul>", 1)[0]
        assert re.findall(r'href="([^"]+)">([^<]+)</a>', start) == [
            (reverse("game_start"), "Gorilla"),
            (reverse("two_way_street:new"), "Two Way Street"),
            (reverse("mahjong:new"), "Mah Jongg"),
            (reverse("bridge:calculator_home"), "Bridge rulings"),
            (reverse("tally:new"), "Tally"),
        ]
        assert "No games match" not in page and "0 games" not in page
        for export in ("games_csv", "games_json", "games_pdf"):
            assert reverse(export) not in page
        assert "Download" not in page


def test_an_order_alone_is_no_filter_a_new_account_is_still_shown_how_to_start(stranger_client, db):
    page = stranger_client.get(LIST_URL, {"sort": "oldest"}).content.decode()
    assert "No games yet." in page and "No games match" not in page


@pytest.mark.parametrize("query", ["player=nobody", "result=won&date_from=2030-01-01", "game=bridge"])
def test_filters_that_match_nothing_say_so_with_the_way_to_clear_them(client, known_games, query):
    for headers in ({}, {"HX-Request": "true"}):
        page = client.get(f"{LIST_URL}?{query}", headers=headers).content.decode()
        assert "0 games" in page
        assert re.search(
            r'No games match these filters\. <a class="clear-filters" href="/games/">Clear the filters</a> to see every game\.',
            page,
        )
        assert "No games yet." not in page and 'class="start-links"' not in page
        for export in ("games_csv", "games_json", "games_pdf"):
            assert reverse(export) not in page


def test_a_list_with_games_offers_its_downloads_and_no_start(client, known_games):
    page = client.get(LIST_URL).content.decode()
    assert reverse("games_csv") in page and reverse("games_json") in page
    assert "No games yet." not in page and "No games match" not in page
