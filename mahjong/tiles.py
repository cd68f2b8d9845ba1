"""Mah Jongg tiles, sets and hands, and the notation players type for a hand.

The notation (RULES.md, "Notation"), case-insensitive, items separated by
spaces or written one after another:

* suit tiles: digits then the suit letter, ``123b 555d 99c``. Bamboo is ``b``
  (or ``s``, sou), characters ``c`` (or ``m``, man), dots ``d`` (or ``p``, pin);
* honours: winds ``E S W N``, dragons ``Rd Gd Wh`` (red, green, white), repeated
  for a set: ``EEE``, ``RdRdRd``; or one tile by name: ``east``, ``red``,
  ``white``...; or the numbered form ``1z``-``7z`` (east, south, west, north,
  white, green, red);
* bonus tiles: flowers ``1f``-``4f``, seasons ``1y``-``4y`` ("year");
* a melded (exposed) set in square brackets: ``[555d]``, ``[EEE]``, ``[123b]``,
  a melded kong ``[5555d]``; a concealed kong, declared but still concealed, in
  braces: ``{5555d}``. Everything outside the brackets is concealed;
* the Unicode tiles (U+1F000 to U+1F029) are read too.

``W`` is always the West wind; the White dragon is ``Wh`` (or ``white``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum

LIMIT = 500
"""The house limit: no hand scores more, a limit hand scores exactly this (the
scorer and the settlement both read it here)."""
QUOTED_LENGTH = 40
"""An error message quotes at most this many characters of what was typed."""


class MahjongError(ValueError):
    """Anything the Mah Jongg scorer refuses."""


class NotationError(MahjongError):
    """Text that is not a hand in the notation; the message names the token and its column.
    Also an argument that is not what it names: a wind that is not one, a flag
    (``self_drawn``, ``waiting``) that is not True or False, a hand that is not text."""


class HandError(MahjongError):
    """Tiles that are not a Mah Jongg hand: a fifth copy, a wrong count, a set that
    is no set, or tiles that form no four sets and a pair."""


class SettlementError(MahjongError):
    """Scores that cannot be settled (one missing, given twice, not a whole number
    from 0 to the limit) or a deal that cannot be (a player not numbered 0 to 3).
    ``wind`` is the seat whose score is at fault, when one is."""

    def __init__(self, message: str, *, wind: Wind | None = None) -> None:
        super().__init__(message)
        self.wind = wind


class Family(Enum):
    """The seven kinds of tile, in the order hands are sorted."""

    BAMBOO = "b"
    CHARACTERS = "c"
    DOTS = "d"
    WIND = "wind"
    DRAGON = "dragon"
    FLOWER = "f"
    SEASON = "y"

    @property
    def is_suit(self) -> bool:
        return self in SUITS

    @property
    def noun(self) -> str:
        return _FAMILY_NOUNS[self]


SUITS: tuple[Family, ...] = (Family.BAMBOO, Family.CHARACTERS, Family.DOTS)
_FAMILY_NOUNS = {
    Family.BAMBOO: "bamboo",
    Family.CHARACTERS: "characters",
    Family.DOTS: "dots",
    Family.WIND: "wind",
    Family.DRAGON: "dragon",
    Family.FLOWER: "flower",
    Family.SEASON: "season",
}


class Wind(StrEnum):
    """The four winds, in playing order: East deals, South plays next."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def noun(self) -> str:
        return self.name.capitalize()

    @property
    def next(self) -> Wind:
        """The wind that follows this one: East, South, West, North, East."""
        return WINDS[(WINDS.index(self) + 1) % 4]

    @classmethod
    def parse(cls, value: Wind | str, name: str = "") -> Wind:
        """A wind from ``Wind.EAST``, ``"E"`` or ``"east"`` (any case);
        :class:`NotationError` otherwise, naming the argument ``name`` if given."""
        if isinstance(value, Wind):
            return value
        if isinstance(value, str):
            text = value.strip().upper()
            for wind in WINDS:
                if text in (wind.value, wind.name):
                    return wind
        shown = f"{name} is {_shown(value)}, not a wind" if name else f"{_shown(value)} is not a wind"
        raise NotationError(f"{shown}: write E, S, W or N (or east, south...)")


WINDS: tuple[Wind, ...] = tuple(Wind)


class Dragon(StrEnum):
    RED = "Rd"
    GREEN = "Gd"
    WHITE = "Wh"

    @property
    def noun(self) -> str:
        return self.name.capitalize()


DRAGONS: tuple[Dragon, ...] = tuple(Dragon)


@dataclass(frozen=True, eq=False)
class Tile:
    """One tile. Tiles compare by value and sort bamboo, characters, dots, winds
    (E S W N), dragons (red, green, white), flowers, seasons."""

    family: Family
    rank: int
    """1-9 for suit tiles; 1-4 for winds (E S W N); 1-3 for dragons (red, green,
    white); 1-4 for flowers and seasons."""
    index: int = field(init=False, repr=False)
    """Place in the sorted list of kinds: 0-26 suit tiles, 27-30 winds, 31-33
    dragons, 34-41 bonus tiles."""

    def __post_init__(self) -> None:
        if not isinstance(self.family, Family):
            raise MahjongError(f"unknown tile family {self.family!r}")
        top = _TOP_RANK[self.family]
        if not (isinstance(self.rank, int) and 1 <= self.rank <= top):
            raise MahjongError(f"{self.family.noun} tiles are ranked 1 to {top}, not {self.rank!r}")
        object.__setattr__(self, "index", _FAMILY_START[self.family] + self.rank - 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    @property
    def is_suit(self) -> bool:
        return self.index < HONOUR_START

    @property
    def is_honour(self) -> bool:
        return HONOUR_START <= self.index < BONUS_START

    @property
    def is_bonus(self) -> bool:
        return self.index >= BONUS_START

    @property
    def is_terminal(self) -> bool:
        """A 1 or a 9 of a suit."""
        return self.is_suit and self.rank in (1, 9)

    @property
    def is_simple(self) -> bool:
        """A 2 to 8 of a suit."""
        return self.is_suit and 2 <= self.rank <= 8

    @property
    def wind(self) -> Wind | None:
        return WINDS[self.rank - 1] if self.family is Family.WIND else None

    @property
    def dragon(self) -> Dragon | None:
        return DRAGONS[self.rank - 1] if self.family is Family.DRAGON else None

    @property
    def text(self) -> str:
        """The tile as typed: ``5d``, ``E``, ``Rd``, ``2f``."""
        if self.family is Family.WIND:
            return WINDS[self.rank - 1].value
        if self.family is Family.DRAGON:
            return DRAGONS[self.rank - 1].value
        return f"{self.rank}{self.family.value}"

    @property
    def name(self) -> str:
        """The tile in a sentence: ``5 dots``, ``East wind``, ``Red dragon``, ``flower 2``."""
        if self.family is Family.WIND:
            return f"{WINDS[self.rank - 1].noun} wind"
        if self.family is Family.DRAGON:
            return f"{DRAGONS[self.rank - 1].noun} dragon"
        if self.is_bonus:
            return f"{self.family.noun} {self.rank}"
        return f"{self.rank} {self.family.noun}"

    @property
    def symbol(self) -> str:
        """The Unicode tile: 🀀 for East..."""
        return chr(_SYMBOL_BY_INDEX[self.index])

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Tile({self.text})"


_TOP_RANK = {
    Family.BAMBOO: 9,
    Family.CHARACTERS: 9,
    Family.DOTS: 9,
    Family.WIND: 4,
    Family.DRAGON: 3,
    Family.FLOWER: 4,
    Family.SEASON: 4,
}
_FAMILY_START: dict[Family, int] = {}
_start = 0
for _family in Family:
    _FAMILY_START[_family] = _start
    _start += _TOP_RANK[_family]
HONOUR_START = _FAMILY_START[Family.WIND]
BONUS_START = _FAMILY_START[Family.FLOWER]
KIND_COUNT = BONUS_START
"""34 kinds of playing tile (four copies each); the 8 bonus tiles come once each."""

TILES: tuple[Tile, ...] = tuple(
    Tile(family, rank) for family in Family for rank in range(1, _TOP_RANK[family] + 1)
)
"""Every kind of tile, in sorted order (``TILES[tile.index] == tile``)."""
PLAYING_TILES: tuple[Tile, ...] = TILES[:BONUS_START]
BONUS_TILES: tuple[Tile, ...] = TILES[BONUS_START:]
COPIES = 4

# Unicode: U+1F000 East..North, U+1F004 red, green, white, characters 1-9,
# bamboo 1-9, dots 1-9, flowers (plum, orchid, bamboo, chrysanthemum), seasons.
_SYMBOL_BY_INDEX: dict[int, int] = {}
for _tile in TILES:
    if _tile.family is Family.WIND:
        _code = 0x1F000 + _tile.rank - 1
    elif _tile.family is Family.DRAGON:
        _code = 0x1F004 + _tile.rank - 1
    else:
        _offset = {
            Family.CHARACTERS: 0x1F007,
            Family.BAMBOO: 0x1F010,
            Family.DOTS: 0x1F019,
            Family.FLOWER: 0x1F022,
            Family.SEASON: 0x1F026,
        }[_tile.family]
        _code = _offset + _tile.rank - 1
    _SYMBOL_BY_INDEX[_tile.index] = _code
_TILE_BY_SYMBOL: dict[str, Tile] = {chr(code): TILES[i] for i, code in _SYMBOL_BY_INDEX.items()}


def suit_tile(family: Family, rank: int) -> Tile:
    return TILES[_FAMILY_START[family] + rank - 1]


def wind_tile(wind: Wind) -> Tile:
    return TILES[HONOUR_START + WINDS.index(wind)]


def dragon_tile(dragon: Dragon) -> Tile:
    return TILES[_FAMILY_START[Family.DRAGON] + DRAGONS.index(dragon)]


class SetKind(StrEnum):
    PAIR = "pair"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True)
class TileSet:
    """A pair, chow, pung or kong, concealed or melded (exposed).

    ``by_discard`` marks a concealed pung completed by the winning discard: it is
    scored as melded (RULES.md, "Decisions").
    """

    kind: SetKind
    tiles: tuple[Tile, ...]
    melded: bool = False
    by_discard: bool = False

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong (the reference's ``triplet``)."""
        return self.kind in (SetKind.PUNG, SetKind.KONG)

    @property
    def scored_melded(self) -> bool:
        return self.melded or self.by_discard

    @property
    def text(self) -> str:
        body = format_tiles(self.tiles)
        if self.melded:
            return f"[{body}]"
        if self.kind is SetKind.KONG:
            return f"{{{body}}}"
        return body

    @property
    def description(self) -> str:
        """``concealed pung of 5 dots``, ``melded chow 1-2-3 bamboo``, ``pair of Red dragon``."""
        if self.kind is SetKind.PAIR:
            return f"pair of {self.first.name}"
        if self.kind is SetKind.CHOW:
            ranks = "-".join(str(tile.rank) for tile in self.tiles)
            state = "melded" if self.melded else "concealed"
            return f"{state} chow {ranks} {self.first.family.noun}"
        if self.by_discard:
            return f"{self.kind} of {self.first.name}, completed by the winning discard"
        state = "melded" if self.melded else "concealed"
        return f"{state} {self.kind} of {self.first.name}"

    def __str__(self) -> str:
        return self.text


_SHOWN_TILES = 8
"""A message shows at most this many tiles of a set that is no set."""


def make_set(tiles: Sequence[Tile], *, melded: bool, where: str = "") -> TileSet:
    """The set the tiles form (a chow, pung or kong), or :class:`HandError` saying why not."""
    tiles = tuple(sorted(tiles))
    body = format_tiles(tiles[:_SHOWN_TILES]) + (" …" if len(tiles) > _SHOWN_TILES else "")
    shown = ("[" if melded else "{") + body + ("]" if melded else "}")
    at = f" {where}" if where else ""
    bonus = [tile for tile in tiles if tile.is_bonus]
    if bonus:
        raise HandError(f"{bonus[0].name} in {shown}{at} is a bonus tile: it belongs to no set")
    if len(tiles) == 4 and len(set(tiles)) == 1:
        return TileSet(SetKind.KONG, tiles, melded=melded)
    if not melded:
        raise HandError(f"{shown}{at}: braces mark a concealed kong, four alike like {{5555d}}")
    if len(tiles) == 3 and len(set(tiles)) == 1:
        return TileSet(SetKind.PUNG, tiles, melded=True)
    if len(tiles) == 3 and len(set(tiles)) == 3:
        if any(tile.is_honour for tile in tiles):
            raise HandError(f"{shown}{at} is a chow of honours: chows are of suit tiles only")
        if len({tile.family for tile in tiles}) > 1:
            raise HandError(f"{shown}{at} mixes suits: a chow is three in a row of one suit")
        if tiles[2].rank - tiles[0].rank == 2:
            return TileSet(SetKind.CHOW, tiles, melded=True)
    raise HandError(
        f"{shown}{at} is no set: a melded set is a chow (three in a row of one suit), "
        "a pung (three alike) or a kong (four alike)"
    )


@dataclass(frozen=True)
class Hand:
    """A winning hand as laid out: concealed tiles, declared sets, bonus tiles.

    ``declared`` holds the melded sets and the concealed kongs; the concealed
    tiles are the rest (``14 - 3 * len(declared)`` of them). All three come back
    sorted, so the order the tiles were given in does not matter. A ``waiting``
    hand is one tile short of Mah Jongg (``13 - 3 * len(declared)`` concealed
    tiles): it can be asked what it waits on, not scored.
    """

    concealed: tuple[Tile, ...]
    declared: tuple[TileSet, ...] = ()
    bonus: tuple[Tile, ...] = ()
    waiting: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed)))
        object.__setattr__(
            self, "declared", tuple(sorted(self.declared, key=set_order))
        )
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))
        check_flag(self.waiting, "waiting")
        check_hand(self)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every playing tile of the hand (concealed and declared), sorted."""
        return tuple(sorted(self.concealed + tuple(t for s in self.declared for t in s.tiles)))

    @property
    def text(self) -> str:
        return format_hand(self)

    def __str__(self) -> str:
        return self.text


def set_order(tile_set: TileSet) -> tuple[tuple[int, ...], bool]:
    """Sets sort by their tiles (a pung of 1s before the chow 1-2-3), concealed first."""
    return (tuple(tile.index for tile in tile_set.tiles), tile_set.melded)


def check_hand(hand: Hand) -> None:
    """Raise :class:`HandError` unless the tiles could be a laid-out hand: no fifth
    copy, no bonus tile twice, the right number of concealed tiles."""
    for tile in hand.concealed:
        if not isinstance(tile, Tile):
            raise HandError(f"{_shown(tile)} is not a tile")
        if tile.is_bonus:
            raise HandError(f"{tile.name} is a bonus tile: give it with the bonus tiles")
    for tile in hand.bonus:
        if not isinstance(tile, Tile) or not tile.is_bonus:
            raise HandError(f"{_shown(tile)} is not a bonus tile (flowers 1f-4f, seasons 1y-4y)")
    counts = Counter(hand.tiles)
    for tile, count in sorted(counts.items()):
        if count > COPIES:
            raise HandError(
                f"{tile.name} ({tile.text}) appears {count} times: there are only {COPIES}"
            )
    for tile, count in sorted(Counter(hand.bonus).items()):
        if count > 1:
            raise HandError(f"{tile.name} ({tile.text}) appears {count} times: there is only one")
    declared = len(hand.declared)
    if declared > 4:
        raise HandError(f"{declared} declared sets: a hand has four sets and a pair")
    need = 14 - 3 * declared - (1 if hand.waiting else 0)
    have = len(hand.concealed)
    if have != need:
        sets = {0: "no declared sets", 1: "one declared set"}.get(declared, f"{declared} declared sets")
        hint = ""
        fours = [tile for tile, count in Counter(hand.concealed).items() if count == 4]
        if have == need + 1 and fours:
            four = format_tiles([fours[0]] * 4)
            hint = (
                f"; four {fours[0].name} are a kong: write it [{four}] if melded "
                f"or {{{four}}} if concealed"
            )
        raise HandError(
            f"the hand has {have} concealed tiles: with {sets} it needs {need} "
            f"({13 if hand.waiting else 14} tiles in all, one more for each kong){hint}"
        )


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in the notation, grouped: ``123b 55d EE RdRd 1f``."""
    groups: list[str] = []
    current: Family | None = None
    for tile in sorted(tiles):
        if tile.family is current and tile.family in (*SUITS, Family.FLOWER, Family.SEASON):
            groups[-1] = groups[-1][:-1] + str(tile.rank) + tile.family.value
        elif tile.family is current:
            groups[-1] += tile.text
        else:
            groups.append(tile.text)
            current = tile.family
    return " ".join(groups)


def format_hand(hand: Hand) -> str:
    """The hand in the notation: concealed tiles, then declared sets, then bonus tiles."""
    parts = []
    if hand.concealed:
        parts.append(format_tiles(hand.concealed))
    parts.extend(tile_set.text for tile_set in hand.declared)
    if hand.bonus:
        parts.append(format_tiles(hand.bonus))
    return " ".join(parts)


# ---------------------------------------------------------------- parsing

_SUIT_LETTERS: dict[str, Family] = {
    "b": Family.BAMBOO,
    "s": Family.BAMBOO,
    "c": Family.CHARACTERS,
    "m": Family.CHARACTERS,
    "d": Family.DOTS,
    "p": Family.DOTS,
    "f": Family.FLOWER,
    "y": Family.SEASON,
}
_HONOUR_CODES: dict[str, Tile] = {wind.value.lower(): wind_tile(wind) for wind in WINDS} | {
    dragon.value.lower(): dragon_tile(dragon) for dragon in DRAGONS
}
_HONOUR_NAMES: dict[str, Tile] = {wind.name.lower(): wind_tile(wind) for wind in WINDS} | {
    dragon.name.lower(): dragon_tile(dragon) for dragon in DRAGONS
}
# 1z-7z: east, south, west, north, white, green, red (the usual numbered order).
_Z_TILES: tuple[Tile, ...] = (
    *(wind_tile(wind) for wind in WINDS),
    dragon_tile(Dragon.WHITE),
    dragon_tile(Dragon.GREEN),
    dragon_tile(Dragon.RED),
)
_SEPARATORS = " ,;\t\r\n"
_DIGITS = "0123456789"
_IGNORED = "\ufe0e\ufe0f"
_HONOUR_HELP = "honours are E S W N (winds) and Rd Gd Wh (dragons), or east ... red green white"
_SUIT_HELP = "write digits then a suit letter: b (or s) bamboo, c (or m) characters, d (or p) dots, z honours, f flowers, y seasons"


@dataclass
class _Item:
    """A tile as read, with its 1-based column."""

    tile: Tile
    column: int


def _read_tiles(text: str, start: int, stop_at: str) -> tuple[list[_Item], int]:
    """Read tiles from ``text[start:]`` until a character of ``stop_at`` (not
    consumed) or the end; return them and the position reached.

    One pass: each character is looked at a bounded number of times, and the
    token an error message quotes is only looked for when there is an error."""
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
            if letter == "z":
                for k, digit in enumerate(digits):
                    if not "1" <= digit <= "7":
                        raise NotationError(
                            f"{digit}z in {_token_at(text, i + k)} at column {i + k + 1} is no tile: "
                            "honours are 1z-7z (east, south, west, north, white, green, red)"
                        )
                    items.append(_Item(_Z_TILES[int(digit) - 1], i + k + 1))
                i = j + 1
                continue
            if letter not in _SUIT_LETTERS:
                if letter and letter.isalpha():
                    raise NotationError(
                        f"unknown suit {text[j]!r} after {_quoted(text, i, j, j)} in "
                        f"{_token_at(text, j)} at column {j + 1}: {_SUIT_HELP}"
                    )
                raise NotationError(
                    f"{_quoted(text, i, j, i)} in {_token_at(text, i)} at column {i + 1} "
                    f"has no suit letter: {_SUIT_HELP}"
                )
            family = _SUIT_LETTERS[letter]
            top = _TOP_RANK[family]
            for k, digit in enumerate(digits):
                rank = int(digit)
                if not 1 <= rank <= top:
                    raise NotationError(
                        f"{digit}{text[j]} in {_token_at(text, i + k)} at column {i + k + 1} is no tile: "
                        f"{family.noun} tiles are 1 to {top}"
                    )
                items.append(_Item(suit_tile(family, rank), i + k + 1))
            i = j + 1
            continue
        if char.isalpha():
            j = i
            while j < n and text[j].isalpha():
                j += 1
            lower = text[i:j].lower()
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
                        f"unknown tile {text[i + k]!r} in {_quoted(text, i, j, i + k)} "
                        f"at column {i + k + 1}: {_HONOUR_HELP}"
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


_TOKEN_ENDS = _SEPARATORS + "[]{}"


def _token_at(text: str, i: int) -> str:
    """The token (between separators and brackets) that holds ``text[i]``, quoted
    for a message by :func:`_quoted`. Only :data:`QUOTED_LENGTH` characters on
    each side of ``text[i]`` are looked at, so the cost does not grow with the text."""
    start = i
    while start > 0 and i - start <= QUOTED_LENGTH and text[start - 1] not in _TOKEN_ENDS:
        start -= 1
    stop = i
    while stop < len(text) and stop - i <= QUOTED_LENGTH and text[stop] not in _TOKEN_ENDS:
        stop += 1
    return _quoted(text, start, stop, i)


def _quoted(text: str, start: int, stop: int, at: int) -> str:
    """``text[start:stop]`` quoted for a message: whole when it is at most
    :data:`QUOTED_LENGTH` characters, otherwise that many around ``text[at]``,
    with an ellipsis where it is cut."""
    if stop - start <= QUOTED_LENGTH:
        return repr(text[start:stop])
    left = max(start, min(at - QUOTED_LENGTH // 2, stop - QUOTED_LENGTH))
    right = left + QUOTED_LENGTH
    cut_left = "…" if left > start else ""
    cut_right = "…" if right < stop else ""
    return repr(cut_left + text[left:right] + cut_right)


def _shown(value: object) -> str:
    """Any value quoted for a message, at most :data:`QUOTED_LENGTH` characters of it."""
    if isinstance(value, str):
        return _quoted(value, 0, len(value), 0)
    text = repr(value)
    return text if len(text) <= QUOTED_LENGTH else text[:QUOTED_LENGTH] + "…"


def _check_text(text: object, what: str) -> None:
    """NotationError unless ``text`` is a string (``what`` names it in the message)."""
    if not isinstance(text, str):
        raise NotationError(f"{what} is {_shown(text)}, not text in the notation")


def check_flag(value: object, name: str) -> bool:
    """``value`` when it is True or False; NotationError naming the argument
    otherwise (the string ``"false"`` is not False, nor is ``0`` or None)."""
    if not isinstance(value, bool):
        raise NotationError(f"{name} is {_shown(value)}, not True or False")
    return value


def parse_tile(text: str | Tile) -> Tile:
    """One tile in the notation: ``5d``, ``5p``, ``E``, ``east``, ``Wh``, ``1f``, ``🀄``."""
    if isinstance(text, Tile):
        return text
    _check_text(text, "the tile")
    items, _ = _read_tiles(text, 0, "")
    if len(items) != 1:
        raise NotationError(f"{_shown(text)} is {len(items)} tiles, not one")
    return items[0].tile


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles in the notation, without brackets, in the order written."""
    _check_text(text, "the tiles")
    items, _ = _read_tiles(text, 0, "")
    return tuple(item.tile for item in items)


def parse_hand(text: str, *, waiting: bool = False) -> Hand:
    """Read a hand in the notation (module docstring, RULES.md).

    ``waiting``: a hand one tile short, to ask what it waits on. Raises
    :class:`NotationError` naming the token and column of anything unreadable,
    and :class:`HandError` for tiles that cannot be a hand (a fifth copy, a melded
    set that is no set, the wrong number of tiles).
    """
    _check_text(text, "the hand")
    concealed: list[Tile] = []
    declared: list[TileSet] = []
    bonus: list[Tile] = []
    i = 0
    n = len(text)

    def take(items: list[_Item]) -> None:
        for item in items:
            (bonus if item.tile.is_bonus else concealed).append(item.tile)

    while i < n:
        items, i = _read_tiles(text, i, "[]{}")
        take(items)
        if i >= n:
            break
        opener = text[i]
        if opener in "]}":
            raise NotationError(f"{opener!r} at column {i + 1} closes nothing")
        closer = "]" if opener == "[" else "}"
        inner, j = _read_tiles(text, i + 1, "[]{}")
        if j >= n or text[j] != closer:
            found = "the end" if j >= n else repr(text[j]) + f" at column {j + 1}"
            raise NotationError(f"{opener!r} at column {i + 1} is not closed by {closer!r} before {found}")
        if not inner:
            raise NotationError(f"{_quoted(text, i, j + 1, i)} at column {i + 1} is empty")
        declared.append(
            make_set(
                [item.tile for item in inner],
                melded=opener == "[",
                where=f"at column {i + 1}",
            )
        )
        i = j + 1
    if not concealed and not declared:
        raise NotationError("the hand is empty: write its tiles, like 123b 456c 789d EEE 55d")
    return Hand(tuple(concealed), tuple(declared), tuple(bonus), waiting=waiting)
