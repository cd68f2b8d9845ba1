"""The pad's chart as the phone draws it while taps wait to be sent
(static/pad/pad_rules.js) is the chart the server draws (its region,
templates/pad/regions.html): the same rows, cells, marks, classes,
labels and totals, for every game of up to six hands and long games, either
partner dealing first, with names that need escaping. Run under node
(tests/javascript.py)."""

import datetime
import itertools
import json
from html.parser import HTMLParser

from django.template.loader import render_to_string

from pad import rules
from pad.display import chart_region, pad_display
from pad.models import Game, Hand, Partnership
from tests import javascript
from tests.pad.test_rules_in_javascript import long_games, playable, played

NAMES = [("Jon", "Richard"), ('Zoë <b>"&\'', "أحمد"), ("王小明", "Ann-Marie O'Neil")]


def server_game(hands: str, first: rules.Seat, names: tuple[str, str]):
    """The game with ``hands`` as the server keeps it (not saved), and its display."""
    game = Game(
        partnership=Partnership(odd_name=names[0], even_name=names[1]),
        date=datetime.date(2026, 7, 9),
        first_dealer=first.value,
    )
    dealers = itertools.cycle([first, first.other])
    played = []
    for number, outcome in enumerate(hands, start=1):
        dealer = next(dealers)
        played.append(
            Hand(game=game, number=number, outcome=outcome, dealer=dealer.value, taker=rules.default_taker(dealer).value)
        )
    return pad_display(game, played)


class Tree(HTMLParser):
    """HTML as the nested elements the phone's page builds (tag, attributes, text, children)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = {"tag": "", "attributes": {}, "text": "", "children": []}
        self.open = [self.root]

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attributes": {name: value or "" for name, value in attrs}, "text": "", "children": []}
        self.open[-1]["children"].append(element)
        self.open.append(element)

    def handle_endtag(self, tag):
        while self.open.pop()["tag"] != tag:
            pass

    def handle_data(self, data):
        self.open[-1]["text"] += data


def normal(element: dict) -> dict:
    """An element as it shows: classes in any order, text without the spaces
    around it, and an empty line of marks as nothing."""
    attributes = dict(element["attributes"])
    if "class" in attributes:
        attributes["class"] = sorted(attributes["class"].split())
    children = [normal(child) for child in element["children"] if "tag" in child]
    children = [
        child for child in children
        if not (child["attributes"].get("class") == ["marks-row"] and not child["children"] and not child["text"])
    ]
    return {"tag": element["tag"], "attributes": attributes, "text": element["text"].strip(), "children": children}


def server_rows(display) -> list[dict]:
    tree = Tree()
    region = chart_region(display)
    tree.feed(render_to_string(region.template, {"region": region}))
    (table,) = tree.root["children"]
    (body,) = [child for child in table["children"] if child["tag"] == "tbody"]
    return [normal(row) for row in body["children"]]


def phone_rows(cases: list[dict]) -> list[list[dict]]:
    """The chart's rows as pad_rules.js draws them from each case's page state, no tap waiting."""
    drawn = javascript.run(
        ["pad/pad_rules.js"],
        """(cases, exported) => cases.map((state) => {
            const { inningRow } = exported["pad_rules.js"];
            const drawn = padRules.pad(state.hands, state);
            const projected = { hands: state.hands, pending: new Set() };
            const rows = drawn.innings.map((marks, index) => inningRow(marks, drawn, index, projected, state));
            return (rows.length ? rows : [inningRow([], drawn, -1, projected, state)]).map((row) => row.toJSON());
        })""",
        cases,
    )
    return [[normal(row) for row in rows] for rows in drawn]


def difference(phone, server, where: str = "the chart") -> str | None:
    """Where the two first differ, and how; None when they are the same."""
    if isinstance(phone, dict) and isinstance(server, dict) and phone.keys() == server.keys():
        for key in phone:
            found = difference(phone[key], server[key], f"{where} {key}")
            if found:
                return found
        return None
    if isinstance(phone, list) and isinstance(server, list) and len(phone) == len(server):
        for index, (one, other) in enumerate(zip(phone, server)):
            found = difference(one, other, f"{where} [{index}]")
            if found:
                return found
        return None
    return None if phone == server else f"{where}: the phone has {phone!r}, the server {server!r}"


def test_the_phone_draws_the_chart_the_server_draws():
    games = [hands for length in range(7) for hands in playable(length)] + long_games(150)
    assert sum(rules.compute_pad(played(hands)).responsible_from_hand is not None for hands in games) > 10
    cases, expected = [], []
    for index, hands in enumerate(games):
        first = (rules.Seat.ODD, rules.Seat.EVEN)[index % 2]
        display = server_game(hands, first, NAMES[index % len(NAMES)])
        cases.append(json.loads(display.table_state))
        expected.append(server_rows(display))
    for hands, phone, server in zip(games, phone_rows(cases), expected, strict=True):
        assert phone == server, f"{hands}: {difference(phone, server)}"
