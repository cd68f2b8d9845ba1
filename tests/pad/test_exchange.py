"""JSON import and export: the gorilla-pad/2 format (and gorilla-pad/1, still read), checked whole before writing."""

import copy
import io
import json

import pytest
from django.core.management import CommandError, call_command

from pad import services
from pad.exchange import hand_rows
from pad.models import Game, Hand, Partnership
from tests.conftest import record_outcomes

FORMAT_EXAMPLE = {
    "format": "gorilla-pad/1",
    "games": [
        {
            "partnership": {"odd": "Jon", "even": "Richard"},
            "date": "2026-07-09",
            "notes": "",
            "hands": [
                {"outcome": "M", "dealer": "odd", "taker": "even"},
                {"outcome": "I", "dealer": "even", "fates_point": True},
                {"outcome": "P"},
            ],
        },
        {
            "partnership": {"odd": "Ann", "even": "Bea"},
            "date": "2026-07-10",
            "notes": "at the lake",
            "hands": [{"outcome": "M"}] * 10,
        },
    ],
}


def export(*game_ids):
    out = io.StringIO()
    call_command("export_games", *map(str, game_ids), stdout=out)
    return json.loads(out.getvalue())


def import_document(tmp_path, document, name="games.json"):
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    call_command("import_games", str(path), stdout=out)
    return out.getvalue()


def without_times(hands):
    return [{name: value for name, value in hand.items() if name != "recorded_at"} for hand in hands]


def database_state():
    return (
        list(Partnership.objects.values_list("odd_name", "even_name")),
        list(Game.objects.values_list("partnership__odd_name", "date", "notes", "finished_at")),
        list(Hand.objects.values_list("game_id", "number", "outcome", "dealer", "taker")),
    )


def test_import_then_export_fills_in_dealers_takers_and_the_pad(db, tmp_path):
    message = import_document(tmp_path, FORMAT_EXAMPLE)
    assert message.strip() == "Imported 2 games with 13 hands; 0 already here."
    exported = export()
    first = exported["games"][0]
    assert without_times(first["hands"]) == [
        {"number": 1, "outcome": "M", "dealer": "odd", "taker": "even", "fates_point": False},
        {"number": 2, "outcome": "I", "dealer": "even", "taker": "odd", "fates_point": True},
        {"number": 3, "outcome": "P", "dealer": "odd", "taker": "even", "fates_point": False},
    ]
    assert first["pad"]["innings"][1] == {
        "marks": [{"hand": 3, "outcome": "P", "glyph": "tall"}],
        "totals": {"M": 1, "P": None, "I": None},
    }
    assert first["pad"]["statistics"]["generosity"] == {"odd": [2, 2], "even": [0, 1]}
    second = exported["games"][1]
    assert [hand["dealer"] for hand in second["hands"][:3]] == ["even", "odd", "even"]
    assert second["pad"]["finished"] is True
    assert second["pad"]["winner"] == "partnership"
    assert second["pad"]["statistics"]["game_pride"] == "1"
    assert Game.objects.get(notes="at the lake").finished_at is not None


def test_round_trip_is_identical_and_holds_no_database_id(game, tmp_path):
    record_outcomes(game, "MMIPPIMMMPIMMMMIM")
    game.notes = "long one"
    game.save()
    unfinished = services.game_rematch(game=game, date=game.date)
    services.game_choose_first_dealer(game=unfinished, first_dealer=unfinished.first_dealer_seat.other)
    record_outcomes(unfinished, "IIP")
    first = export()
    Hand.objects.all().delete()
    Game.objects.all().delete()
    Partnership.objects.all().delete()
    import_document(tmp_path, first)
    second = export()
    assert second == first
    assert first["format"] == "gorilla-pad/2"
    assert [g["pad"]["finished"] for g in second["games"]] == [True, False]
    assert second["games"][0]["rematch"] == second["games"][1]["uid"] and second["games"][1]["first_dealer"]
    assert Game.objects.get(uid=second["games"][0]["uid"]).rematch.uid == Game.objects.get(notes="").uid
    text = json.dumps(first)
    assert not any(f'"{key}"' in text for key in ("id", "pk", "game_id", "partnership_id", "created_by"))


@pytest.mark.parametrize("reverse", [False, True])
def test_a_rematch_is_linked_whichever_game_comes_first(game, tmp_path, reverse):
    record_outcomes(game, "MMMMMMMMMM")
    rematch = services.game_rematch(game=game, date=game.date)
    document = export()
    Hand.objects.all().delete()
    Game.objects.all().delete()
    Partnership.objects.all().delete()
    if reverse:
        document["games"].reverse()
    import_document(tmp_path, document)
    assert Game.objects.get(uid=game.uid).rematch.uid == rematch.uid
    assert Game.objects.get(uid=rematch.uid).rematch is None


def test_a_gorilla_pad_1_file_is_still_read(db, tmp_path):
    document = copy.deepcopy(FORMAT_EXAMPLE)
    document["games"][0]["id"] = 17
    assert import_document(tmp_path, document).strip() == "Imported 2 games with 13 hands; 0 already here."
    document["format"] = "gorilla-pad/2"
    with pytest.raises(CommandError, match="game 1, field 'id': unknown field"):
        import_document(tmp_path, document)


def test_export_named_games_only(game, partnership):
    other = Game.objects.create(partnership=partnership, date=game.date)
    exported = export(other.pk)
    assert [exported_game["uid"] for exported_game in exported["games"]] == [str(other.uid)]


def test_export_unknown_game_is_an_error(db):
    with pytest.raises(CommandError, match="no game with id 42"):
        export(42)


def broken(path, value):
    """FORMAT_EXAMPLE with the value at ``path`` (a list of keys) replaced or removed."""
    document = copy.deepcopy(FORMAT_EXAMPLE)
    target = document
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], "the file must hold a JSON object"),
        ({"games": []}, 'the file\'s "format" must be "gorilla-pad/2" (or "gorilla-pad/1")'),
        ({"format": [], "games": []}, 'the file\'s "format" must be "gorilla-pad/2" (or "gorilla-pad/1"), not []'),
        (broken(["games"], {}), '"games" must be a list'),
        (broken(["games", 1, "date"], "2026-02-30"), "game 2, field 'date': '2026-02-30' is not a date"),
        (broken(["games", 0, "partnership"], {"odd": "Jon"}), "game 1, field 'partnership'"),
        (broken(["games", 0, "partnership", "even"], "jon"), "the partners need different names"),
        (broken(["games", 0, "partnership", "odd"], ""), "game 1, field 'partnership.odd'"),
        (broken(["games", 1, "hands", 4], {"outcome": "X"}), "game 2, hand 5, field 'outcome': outcome must be one of M, P, I, not 'X'"),
        (broken(["games", 1, "hands", 4], {}), "game 2, hand 5, field 'outcome': missing"),
        (broken(["games", 0, "hands", 1, "dealer"], "north"), "game 1, hand 2, field 'dealer'"),
        (broken(["games", 0, "hands", 0, "taker"], 3), "game 1, hand 1, field 'taker': must be a string"),
        (broken(["games", 0, "hands", 0, "fates_point"], True), "game 1, hand 1, field 'fates_point'"),
        (broken(["games", 0, "hands", 0, "fates_point"], "yes"), "game 1, hand 1, field 'fates_point': must be a bool"),
        (broken(["games", 0, "hands", 2, "number"], 5), "game 1, hand 3, field 'number': 5 is out of order"),
        (broken(["games", 0, "hands", 2, "colour"], "red"), "game 1, hand 3, field 'colour': unknown field"),
        (broken(["games", 0, "hands", 2, "verdict_by"], "solver"), "game 1, hand 3, field 'verdict_by'"),
        (broken(["games", 1, "hands"], [{"outcome": "M"}] * 11), "game 2: hand 11 comes after the end of the game"),
        (broken(["games", 0, "hands"], "MIP"), "game 1, field 'hands': must be a list"),
        (broken(["games", 0, "notes"], None), "game 1, field 'notes': must be a string"),
        (
            broken(["games", 0, "notes"], "n" * 1024 * 1024),
            "game 1, field 'notes': the text is 1,048,576 characters long: at most 2,000 are kept",
        ),
        (broken(["games", 0, "when"], "today"), "game 1, field 'when': unknown field"),
    ],
)
def test_bad_file_names_the_problem_and_writes_nothing(db, tmp_path, document, message):
    before = database_state()
    with pytest.raises(CommandError) as raised:
        import_document(tmp_path, document)
    assert message in str(raised.value)
    assert "nothing was imported" in str(raised.value)
    assert database_state() == before


def test_invalid_json_and_missing_file(db, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(CommandError, match="is not valid JSON"):
        call_command("import_games", str(path))
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_games", str(tmp_path / "absent.json"))


def test_a_good_game_is_not_written_when_a_later_one_is_bad(db, tmp_path):
    document = broken(["games", 1, "hands", 9], {"outcome": "?"})
    with pytest.raises(CommandError, match="game 2, hand 10"):
        import_document(tmp_path, document)
    assert not Game.objects.exists()
    assert not Partnership.objects.exists()


EXAMPLE_CARDS = {"taker": "AS JS 10S 3S AH 6H 3H 10D 6D 4D", "giver": "QS 10H 9H 2H JD 9D 8D 7D AC 10C"}


def test_cards_are_imported_in_the_canonical_notation(db, tmp_path):
    document = broken(
        ["games", 0, "hands", 2],
        {"outcome": "P", "cards": {"taker": "S AJT3 H A63 D T64 C -", "giver": "♠Q ♥1092 ♦J987 ♣A10"}, "verdict_by": "solver"},
    )
    import_document(tmp_path, document)
    hand = Hand.objects.get(game__date="2026-07-09", number=3)
    assert (hand.taker_cards, hand.giver_cards) == (EXAMPLE_CARDS["taker"], EXAMPLE_CARDS["giver"])
    exported = export()["games"][0]["hands"][2]
    assert exported["cards"] == EXAMPLE_CARDS
    assert exported["verdict_by"] == "solver"


def test_a_hand_read_as_a_row_offers_what_the_hand_offers(db, tmp_path):
    """The streamed export reads hands as rows (pad.exchange.HandRow), whose
    ``has_cards`` and ``as_played`` are the hand's own."""
    import_document(tmp_path, broken(["games", 0, "hands", 2], {"outcome": "P", "cards": EXAMPLE_CARDS}))
    hands = list(Hand.objects.order_by("game_id", "number"))
    rows = hand_rows(sorted({hand.game_id for hand in hands}))
    assert [(row.has_cards, row.as_played()) for game_id in sorted(rows) for row in rows[game_id]] == [
        (hand.has_cards, hand.as_played()) for hand in hands
    ]
    assert [hand.has_cards for hand in hands].count(True) == 1


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"outcome": "P", "cards": {"taker": "AS ZZ", "giver": "KS QS"}}, "game 1, hand 3, field 'cards':"),
        ({"outcome": "P", "cards": {"taker": "AS KS", "giver": "AS QS"}}, "game 1, hand 3, field 'cards':"),
        ({"outcome": "P", "cards": {"taker": "AS KS"}}, "game 1, hand 3, field 'cards': the giver's cards are missing"),
        ({"outcome": "P", "cards": ["AS"]}, "game 1, hand 3, field 'cards': must be an object"),
        ({"outcome": "I", "cards": EXAMPLE_CARDS, "verdict_by": "solver"}, "the solver's verdict on these cards is P, not I"),
        ({"outcome": "P", "verdict_by": "solver"}, "a verdict by the solver needs both hands' cards"),
    ],
)
def test_bad_cards_are_named_and_nothing_is_written(db, tmp_path, hand, message):
    with pytest.raises(CommandError) as raised:
        import_document(tmp_path, broken(["games", 0, "hands", 2], hand))
    assert message in str(raised.value)
    assert not Game.objects.exists()


def test_players_may_disagree_with_the_solver(db, tmp_path):
    document = broken(["games", 0, "hands", 2], {"outcome": "I", "cards": EXAMPLE_CARDS, "verdict_by": "players"})
    import_document(tmp_path, document)
    assert Hand.objects.get(number=3, game__date="2026-07-09").verdict_by == "players"


def test_a_game_past_the_hand_limit_is_refused_whole(tmp_path, db):
    from pad import rules

    document = {
        "format": "gorilla-pad/1",
        "games": [
            {
                "partnership": {"odd": "Jon", "even": "Richard"},
                "date": "2026-07-09",
                "hands": [{"outcome": outcome} for outcome in ("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS + 1]],
            }
        ],
    }
    path = tmp_path / "long.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match=f"game 1, field 'hands': a game holds at most {rules.MAX_HANDS} hands"):
        call_command("import_games", str(path))
    assert not Game.objects.exists() and not Hand.objects.exists()


def test_json_nested_too_deeply_is_one_line_of_message(tmp_path, db):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(CommandError, match="nested too deeply") as refused:
        call_command("import_games", str(path))
    assert "\n" not in str(refused.value)
    assert not Game.objects.exists()


def test_importing_the_same_file_twice_adds_nothing_the_second_time(game, tmp_path):
    record_outcomes(game, "MMIPPIMMMPIMMMMIM")
    unfinished = Game.objects.create(partnership=game.partnership, date=game.date)
    record_outcomes(unfinished, "IIP")
    document = export()
    Hand.objects.all().delete()
    Game.objects.all().delete()
    Partnership.objects.all().delete()
    assert import_document(tmp_path, document).strip() == "Imported 2 games with 20 hands; 0 already here."
    before = database_state()
    assert import_document(tmp_path, document).strip() == "Imported 0 games with 0 hands; 2 already here."
    assert database_state() == before
    assert sorted(str(uid) for uid in Game.objects.values_list("uid", flat=True)) == sorted(
        exported["uid"] for exported in document["games"]
    )


def test_a_file_without_uids_imports_as_before_and_a_bad_uid_is_refused(db, tmp_path):
    assert "uid" not in json.dumps(FORMAT_EXAMPLE)
    import_document(tmp_path, FORMAT_EXAMPLE)
    assert Game.objects.count() == 2
    document = copy.deepcopy(FORMAT_EXAMPLE)
    document["games"][1]["uid"] = "not-a-uid"
    with pytest.raises(CommandError, match=r"game 2, field 'uid': 'not-a-uid' is not a UUID; nothing was imported"):
        import_document(tmp_path, document)
    assert Game.objects.count() == 2
