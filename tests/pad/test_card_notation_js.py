"""The card grid of "Gorilla it out" reads what is typed as the solver does:
pad.js's readCards, run by node, against solver.parse_hand, for hands written in
every notation the solver reads."""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import solver
from solver.cards import format_cards, format_hand, parse_hand

PAD_JS = Path(__file__).resolve().parents[2] / "static" / "pad" / "pad.js"

# pad.js run with just enough of a page for its set-up to find nothing to do.
RUNNER = """
const vm = require("vm");
const fs = require("fs");
const noop = () => {};
const page = { addEventListener: noop, querySelector: () => null, querySelectorAll: () => [] };
const context = { document: page, window: { addEventListener: noop }, navigator: {}, console };
vm.createContext(context);
vm.runInContext(fs.readFileSync(process.argv[1], "utf8"), context);
const texts = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(texts.map((text) => context.readCards(text))));
"""


def read_by_js(texts: list[str]) -> list[list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (make test installs it)")
    done = subprocess.run(
        [node, "-e", RUNNER, str(PAD_JS)], input=json.dumps(texts), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def spellings(cards) -> list[str]:
    """A hand written every way a player may write it."""
    cards = sorted(cards, key=lambda card: card.position)
    one_by_one = format_cards(cards)
    return [
        one_by_one,
        one_by_one.lower(),
        one_by_one.replace("10", "T"),
        format_cards(cards, symbols=True),
        format_hand(cards),
        format_hand(cards).replace("10", "T").lower(),
        format_hand(cards, symbols=True),
        " ".join(f"{card.suit.letter}{card.rank_label}" for card in cards),  # S5 S4 ...
        ", ".join(f"{card.suit.symbol}{card.rank_label}" for card in reversed(cards)),
    ]


def test_the_grid_reads_every_hand_the_solver_reads():
    deck = list(solver.DECK)
    chooser = random.Random(20260709)
    texts = [
        "S AJT3 H A63 D T64 C -",
        "♠AJ103 ♥A63 ♦1064",
        "AS 10H TD 9c",
        "  ,AS; KS",
        "S5 S4 S3 H2",
        "S AK S Q",
        "♠️AK ♥️10 ♦️9 ♣️2",
        "♤AK ♡10 ♢9 ♧2",
    ]
    for size in range(1, 14):
        for _ in range(6):
            texts += spellings(chooser.sample(deck, size))
    read = read_by_js(texts)
    for text, cards in zip(texts, read, strict=True):
        expected = sorted(str(card) for card in parse_hand(text))
        assert sorted(cards) == expected, text


def test_what_is_not_a_card_is_left_off_the_grid():
    assert read_by_js(["AS XS 10H", "AS K", ""]) == [["AS", "10H"], ["AS"], []]
