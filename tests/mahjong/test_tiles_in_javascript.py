"""The Mah Jongg scorer's tile grid (static/mahjong/tiles.js) follows
mahjong/tiles.py: the suit letters it reads, the hands it reads back from the
text field, what it writes there, and which tile may join a set being built.
Run under node (tests/javascript.py)."""

import functools
import itertools
import random
import re
import string
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import display
from mahjong.tiles import (
    BONUS_TILES,
    PLAYING_TILES,
    TILES,
    HandError,
    NotationError,
    format_hand,
    make_set,
    parse_hand,
    parse_tile,
    parse_tiles,
)
from tests import javascript
from tests.mahjong.strategies import winning_hands

SCRIPT = ["mahjong/tiles.js"]
GRID = [face.text for _, faces in display.tile_rows() for face in faces]
BY_TEXT = {tile.text: tile for tile in TILES}


def grid(call: str, data: object) -> object:
    """``call`` run with the data, the grid's functions (``tiles``) and its order (``order``)."""
    return javascript.run(
        SCRIPT,
        f"""(data, exported) => {{
            const tiles = exported["tiles.js"];
            const order = new Map({GRID!r}.map((tile, index) => [tile, index]));
            return ({call})(data);
        }}""",
        data,
    )


def ordered(texts) -> list[str]:
    return [tile.text for tile in sorted(BY_TEXT[text] for text in texts)]


def test_the_grid_is_every_tile_in_order():
    assert GRID == [tile.text for tile in (*PLAYING_TILES, *BONUS_TILES)]


def test_the_grid_reads_the_suit_letters_the_notation_reads():
    """Each letter the notation takes for a suit, a flower or a season, and the
    same letter in the grid's table of other names (s for b, m for c, p for d)."""
    read = {}
    for letter in string.ascii_lowercase:
        try:
            tile = parse_tile(f"1{letter}")
        except NotationError:
            continue
        if len(tile.family.value) == 1:  # not an honour (1z)
            read[letter] = tile.family.value
    aliases = grid("() => tiles.ALIASES", None)
    assert aliases == {letter: family for letter, family in read.items() if letter != family}
    assert set(read) - set(aliases) == {"b", "c", "d", "f", "y"}


def phone_reading(texts: list[str]) -> list[dict | None]:
    return grid("(texts) => texts.map((text) => tiles.readTyped(text))", texts)


def as_written(result: dict) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """What the grid read: its concealed tiles, and its sets, in order."""
    return ordered(result["concealed"]), sorted((s["kind"], ordered(s["tiles"])) for s in result["sets"])


def spelled_otherwise(text: str, generator: random.Random) -> str:
    """``text`` as a player may type it: other suit letters (s, m, p), any case."""
    other = {"b": "bs", "c": "cm", "d": "dp", "f": "f", "y": "y"}
    text = re.sub(r"(\d+)([bcdfy])", lambda m: m.group(1) + generator.choice(other[m.group(2)]), text)
    return "".join(generator.choice((char.lower(), char.upper())) for char in text)


@settings(max_examples=10, phases=javascript.BATCHES)
@given(st.lists(winning_hands(), min_size=20, max_size=40), st.randoms(use_true_random=False))
def test_the_grid_reads_back_every_hand_as_the_server_reads_it(hands, generator):
    texts = [format_hand(hand) for hand, _ in hands]
    texts += [spelled_otherwise(text, generator) for text in texts]
    for text, phone in zip(texts, phone_reading(texts), strict=True):
        hand = parse_hand(text)
        assert phone is not None, text
        assert as_written(phone) == (
            ordered(tile.text for tile in hand.concealed + hand.bonus),
            sorted(("melded" if s.melded else "kong", ordered(t.text for t in s.tiles)) for s in hand.declared),
        ), text


NOTATION = list("123456789 0bcdsmpfyzESWNRGHdwh[]{}x")


@settings(max_examples=10, phases=javascript.BATCHES)
@given(st.lists(st.text(alphabet=st.sampled_from(NOTATION), max_size=14), min_size=200, max_size=400))
def test_whatever_text_the_grid_reads_the_server_reads_as_the_same_tiles(texts):
    """The grid reads only the forms it writes and leaves any other text to the
    server; what it does read, the server reads as the same tiles."""
    for text, phone in zip(texts, phone_reading(texts), strict=True):
        if phone is None:
            continue
        flat = phone["concealed"] + [tile for each in phone["sets"] for tile in each["tiles"]]
        try:
            server = parse_tiles(re.sub(r"[\[\]{}]", " ", text))
        except NotationError as error:
            raise AssertionError(f"the grid reads {text!r} as {flat}; the server refuses it: {error}") from None
        assert Counter(flat) == Counter(tile.text for tile in server), text


@settings(max_examples=10, phases=javascript.BATCHES)
@given(st.lists(st.lists(st.sampled_from(GRID), max_size=14), min_size=100, max_size=200))
def test_what_the_grid_writes_the_server_reads_as_the_same_tiles(groups):
    written = grid(
        """(groups) => groups.map((group) => {
            const text = tiles.compact(group, order);
            return [text, text.replace(/ /g, ""), tiles.readTyped(text)];
        })""",
        groups,
    )
    for group, (text, packed, read_back) in zip(groups, written, strict=True):
        assert [tile.text for tile in parse_tiles(text)] == ordered(group), text
        if not any(BY_TEXT[tile].is_bonus for tile in group):  # a set is written without spaces
            assert [tile.text for tile in parse_tiles(packed)] == ordered(group), packed
        assert read_back == {"concealed": ordered(group), "sets": []}, text


@functools.cache
def sets_of(kind: str) -> set[tuple[str, ...]]:
    """Every set the server takes as a melded set, or as a concealed kong (``kind``)."""
    found = set()
    for size in (3, 4):
        for tiles in itertools.combinations_with_replacement(PLAYING_TILES, size):
            try:
                make_set(tiles, melded=kind == "melded")
            except HandError:
                continue
            found.add(tuple(tile.text for tile in tiles))
    return found


def test_a_tile_joins_a_set_being_built_when_the_server_could_take_the_set():
    """For every part of a set (melded, or a concealed kong) and every playing
    tile: the grid puts the tile into the set being built exactly when some set
    the server takes holds them all; otherwise the tile starts a new set."""
    cases, expected = [], []
    for kind in ("melded", "kong"):
        parts = {
            tuple(whole[i] for i in chosen)
            for whole in sets_of(kind)
            for size in range(len(whole) + 1)
            for chosen in itertools.combinations(range(len(whole)), size)
        }
        for part in sorted(parts):
            for tile in PLAYING_TILES:
                cases.append([kind, list(part), tile.text])
                expected.append(tuple(ordered((*part, tile.text))) in parts)
    assert sum(expected) and not all(expected)
    taken = grid("(cases) => cases.map(([kind, part, tile]) => tiles.canTake({ kind, tiles: part }, tile))", cases)
    differ = [case for case, phone, server in zip(cases, taken, expected, strict=True) if phone != server]
    assert not differ, f"{len(differ)} differ, e.g. {differ[:10]}"


def test_the_sets_the_server_takes_are_chows_pungs_and_kongs():
    melded = sets_of("melded")
    assert ("1b", "2b", "3b") in melded and ("E", "E", "E") in melded and ("5d",) * 4 in melded
    assert ("E", "S", "W") not in melded and sets_of("kong") == {(tile.text,) * 4 for tile in PLAYING_TILES}

