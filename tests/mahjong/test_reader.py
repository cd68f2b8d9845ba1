"""The notation reader against the reader it replaced: the same language, the
same tiles and columns, the same messages for short text; and reading costs
no more than a few looks at each character, however long the text."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import HandError, NotationError, parse_hand
from mahjong.tiles import (
    _DIGITS,
    _HONOUR_CODES,
    _HONOUR_HELP,
    _HONOUR_NAMES,
    _IGNORED,
    _SEPARATORS,
    _SUIT_HELP,
    _SUIT_LETTERS,
    _TILE_BY_SYMBOL,
    _TOP_RANK,
    _Z_TILES,
    QUOTED_LENGTH,
    _Item,
    _read_tiles,
    suit_tile,
)

# ------------------------------------------------ the reader it replaced
# Kept here only as the reference the new reader must agree with: it rescanned
# the whole token for every run of digits, so it took time quadratic in the
# length of text written without separators.


def old_read_tiles(text: str, start: int, stop_at: str) -> tuple[list[_Item], int]:
    """Read tiles from ``text[start:]`` until a character of ``stop_at`` (not
    consumed) or the end; return them and the position reached."""
    items: list[_Item] = []
    i = start
    n = len(text)
    while i < n:
        char = text[i]
        if char in stop_at:
            break
        if char in _SEPARATORS or char in _IGNORED:
            i += 1
            continue
        if char in _TILE_BY_SYMBOL:
            items.append(_Item(_TILE_BY_SYMBOL[char], i + 1))
            i += 1
            continue
        if char in _DIGITS:
            j = i
            while j < n and text[j] in _DIGITS:
                j += 1
            digits = text[i:j]
            letter = text[j].lower() if j < n else ""
            token = old_token_at(text, i)
            if letter == "z":
                for k, digit in enumerate(digits):
                    if not "1" <= digit <= "7":
                        raise NotationError(
                            f"{digit}z in {token!r} at column {i + k + 1} is no tile: "
                            "honours are 1z-7z (east, south, west, north, white, green, red)"
                        )
                    items.append(_Item(_Z_TILES[int(digit) - 1], i + k + 1))
                i = j + 1
                continue
            if letter not in _SUIT_LETTERS:
                if letter and letter.isalpha():
                    raise NotationError(
                        f"unknown suit {text[j]!r} after {digits!r} in {token!r} "
                        f"at column {j + 1}: {_SUIT_HELP}"
                    )
                raise NotationError(
                    f"{digits!r} in {token!r} at column {i + 1} has no suit letter: {_SUIT_HELP}"
                )
            family = _SUIT_LETTERS[letter]
            top = _TOP_RANK[family]
            for k, digit in enumerate(digits):
                rank = int(digit)
                if not 1 <= rank <= top:
                    raise NotationError(
                        f"{digit}{text[j]} in {token!r} at column {i + k + 1} is no tile: "
                        f"{family.noun} tiles are 1 to {top}"
                    )
                items.append(_Item(suit_tile(family, rank), i + k + 1))
            i = j + 1
            continue
        if char.isalpha():
            j = i
            while j < n and text[j].isalpha():
                j += 1
            word = text[i:j]
            lower = word.lower()
            if lower in _HONOUR_NAMES:
                items.append(_Item(_HONOUR_NAMES[lower], i + 1))
                i = j
                continue
            k = 0
            while k < len(lower):
                pair = lower[k : k + 2]
                if pair in _HONOUR_CODES and len(pair) == 2:
                    items.append(_Item(_HONOUR_CODES[pair], i + k + 1))
                    k += 2
                elif lower[k] in _HONOUR_CODES:
                    items.append(_Item(_HONOUR_CODES[lower[k]], i + k + 1))
                    k += 1
                else:
                    raise NotationError(
                        f"unknown tile {word[k]!r} in {word!r} at column {i + k + 1}: {_HONOUR_HELP}"
                    )
            i = j
            continue
        if char in "[]{}":
            raise NotationError(
                f"{char!r} at column {i + 1} does not match: "
                "a melded set is written [555d], a concealed kong {5555d}"
            )
        raise NotationError(
            f"unexpected {char!r} at column {i + 1}: suit tiles are written like 123b, "
            f"{_HONOUR_HELP}"
        )
    return items, i


def old_token_at(text: str, i: int) -> str:
    """The whitespace-delimited token that contains ``text[i]``."""
    start = i
    while start > 0 and text[start - 1] not in _SEPARATORS + "[]{}":
        start -= 1
    stop = i
    while stop < len(text) and text[stop] not in _SEPARATORS + "[]{}":
        stop += 1
    return text[start:stop]


# ------------------------------------------------------------- the tests

ALPHABET = (
    "0123456789"
    "bscmdpfyz"
    "ESWNeswnRrGgDdWwHhxqa"
    " ,;\t\n"
    "[]{}"
    "🀀🀄🀇🀩\ufe0f?-"
)
PIECES = [
    "1", "23", "456", "789", "0", "8", "b", "s", "c", "M", "d", "p", "f", "Y", "z", "q",
    "E", "S", "w", "N", "Rd", "GD", "wh", "east", "Red", "white", "x", "a",
    " ", ",", ";", "\n", "[", "]", "{", "}", "🀀", "🀄", "\ufe0f", "?",
]
texts = st.one_of(
    st.text(alphabet=ALPHABET, max_size=QUOTED_LENGTH),
    st.lists(st.sampled_from(PIECES), max_size=16).map("".join).filter(
        lambda text: len(text) <= QUOTED_LENGTH
    ),
)


def outcome(reader, text: str, stop_at: str):
    """What a reader makes of the text: its tiles with their columns and the
    position reached, or its refusal."""
    try:
        items, reached = reader(text, 0, stop_at)
    except NotationError as error:
        return ("refused", str(error))
    return ("read", [(item.tile, item.column) for item in items], reached)


@settings(max_examples=1500)
@given(texts, st.sampled_from(["", "[]{}"]))
def test_the_reader_reads_and_refuses_exactly_what_the_old_one_did(text, stop_at):
    assert outcome(_read_tiles, text, stop_at) == outcome(old_read_tiles, text, stop_at)


def column_of(found):
    return found if found[0] == "read" else re.search(r"at column (\d+)", found[1]).group(1)


@settings(max_examples=300)
@given(st.text(alphabet=ALPHABET, min_size=QUOTED_LENGTH, max_size=200))
def test_on_longer_text_the_readers_agree_up_to_the_quoted_token(text):
    """Up to the 200 characters the forms take: the same tiles, or a refusal at
    the same column (the new message quotes less of a long token)."""
    assert column_of(outcome(_read_tiles, text, "[]{}")) == column_of(
        outcome(old_read_tiles, text, "[]{}")
    )


class CountingText(str):
    """A string that counts how often a character (or a slice) is looked up."""

    looks = 0

    def __getitem__(self, key):
        CountingText.looks += 1
        return str.__getitem__(self, key)


def looks_per_character(text: str, error: type[Exception] | None = None) -> float:
    CountingText.looks = 0
    counted = CountingText(text)
    if error is None:
        _read_tiles(counted, 0, "")
    else:
        with pytest.raises(error):
            _read_tiles(counted, 0, "")
    return CountingText.looks / len(text)


@pytest.mark.parametrize("size", [2_500, 10_000, 20_000])
def test_text_without_separators_is_read_in_one_pass(size):
    """The old reader looked at the whole token again for each run of digits:
    about size / 10 looks per character here. Now it is a few, whatever the size."""
    assert looks_per_character("123b45cEWh" * (size // 10)) < 3
    assert looks_per_character("123b" * (size // 4) + "45q", NotationError) < 3
    assert looks_per_character("E" * size + "x", NotationError) < 3


BAD_LONG_TEXTS = [
    ("123b" * 2_500 + "45q", NotationError, "unknown suit 'q'", 10_003),
    ("1" * 10_000, NotationError, "has no suit letter", 1),
    ("E" * 5_000 + "x" + "E" * 5_000, NotationError, "unknown tile 'x'", 5_001),
    ("8z" * 5_000, NotationError, "8z", 1),
    ("123b" * 2_500 + "0b", NotationError, "0b", 10_001),
    ("[" + " " * 10_000 + "]", NotationError, "is empty", 1),
    ("[" + "1b" * 5_000 + "]", HandError, "is no set", 1),
    ("{" + "E" * 10_000 + "}", HandError, "braces mark a concealed kong", 1),
]


@pytest.mark.parametrize(("text", "kind", "what", "column"), BAD_LONG_TEXTS)
def test_a_refusal_quotes_a_bounded_part_of_a_long_token(text, kind, what, column):
    with pytest.raises(kind) as error:
        parse_hand(text)
    message = str(error.value)
    assert what in message and f"at column {column}" in message
    assert len(message) < 300
    for quoted in re.findall(r"'([^']*)'", message) + re.findall(r"[\[{]([^\]}]*)[\]}]", message):
        assert len(quoted.replace("…", "")) <= QUOTED_LENGTH
    assert "…" in message


def test_a_long_token_is_quoted_around_the_column_named():
    with pytest.raises(NotationError) as error:
        parse_hand("123b" * 100 + "45q 99c")
    assert str(error.value).startswith(
        "unknown suit 'q' after '45' in '…b123b123b123b123b123b123b123b123b123b45q' at column 403"
    )
    with pytest.raises(NotationError) as error:
        parse_hand("E" * 100 + "x" + "W" * 100)
    assert "'…EEEEEEEEEEEEEEEEEEEExWWWWWWWWWWWWWWWWWWW…' at column 101" in str(error.value)


def test_a_short_token_is_quoted_whole():
    text = "123b456c789d123b456c789d123b456c789d45q"
    assert len(text) == QUOTED_LENGTH - 1
    with pytest.raises(NotationError, match=re.escape(f"in {text!r} at column 39")):
        parse_hand(text)
