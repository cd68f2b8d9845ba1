"""Every way a hand's concealed tiles form its sets and pair, and what a hand waits on."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .tiles import (
    COPIES,
    HONOUR_START,
    KIND_COUNT,
    PLAYING_TILES,
    TILES,
    Hand,
    HandError,
    SetKind,
    Tile,
    TileSet,
    format_tiles,
    set_order,
)

ORPHANS: tuple[Tile, ...] = tuple(
    tile for tile in PLAYING_TILES if tile.is_terminal or tile.is_honour
)
"""The thirteen terminals and honours."""


@dataclass(frozen=True)
class Arrangement:
    """One reading of a hand: its four sets and pair (declared sets included), or
    the thirteen orphans (``sets`` empty, ``thirteen_orphans`` true)."""

    sets: tuple[TileSet, ...]
    thirteen_orphans: bool = False

    @property
    def pair(self) -> TileSet | None:
        return next((s for s in self.sets if s.kind is SetKind.PAIR), None)

    @property
    def text(self) -> str:
        if self.thirteen_orphans:
            return "thirteen orphans"
        return " ".join(tile_set.text for tile_set in self.sets)

    def __str__(self) -> str:
        return self.text


def _counts(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * KIND_COUNT
    for tile in tiles:
        counts[tile.index] += 1
    return counts


def _decompose(counts: list[int], sets_needed: int, pair_needed: bool) -> Iterator[list[TileSet]]:
    """Each way (once) the counted tiles form ``sets_needed`` chows or pungs and a pair.

    Always places the lowest tile left: as a pair, a pung, or the start of a chow.
    """
    first = next((i for i, count in enumerate(counts) if count), None)
    if first is None:
        if sets_needed == 0 and not pair_needed:
            yield []
        return
    tile = TILES[first]
    if pair_needed and counts[first] >= 2:
        counts[first] -= 2
        for rest in _decompose(counts, sets_needed, False):
            yield [TileSet(SetKind.PAIR, (tile, tile)), *rest]
        counts[first] += 2
    if sets_needed and counts[first] >= 3:
        counts[first] -= 3
        for rest in _decompose(counts, sets_needed - 1, pair_needed):
            yield [TileSet(SetKind.PUNG, (tile, tile, tile)), *rest]
        counts[first] += 3
    if (
        sets_needed
        and first < HONOUR_START
        and tile.rank <= 7
        and counts[first + 1]
        and counts[first + 2]
    ):
        for k in range(3):
            counts[first + k] -= 1
        for rest in _decompose(counts, sets_needed - 1, pair_needed):
            yield [TileSet(SetKind.CHOW, (tile, TILES[first + 1], TILES[first + 2])), *rest]
        for k in range(3):
            counts[first + k] += 1


def is_thirteen_orphans(concealed: Sequence[Tile]) -> bool:
    """One of each terminal and honour and a second of one of them (14 concealed tiles)."""
    return len(concealed) == 14 and set(concealed) == set(ORPHANS)


def concealed_arrangements(
    concealed: Sequence[Tile], declared_count: int = 0
) -> list[Arrangement]:
    """Each way the concealed tiles alone form ``4 - declared_count`` sets and a pair
    (and thirteen orphans), without the declared sets."""
    found = [
        Arrangement(tuple(sets))
        for sets in _decompose(_counts(concealed), 4 - declared_count, True)
    ]
    if declared_count == 0 and is_thirteen_orphans(concealed):
        found.append(Arrangement((), thirteen_orphans=True))
    return found


def arrangements(hand: Hand) -> list[Arrangement]:
    """Every way the hand forms four sets and a pair (the declared sets as given),
    and thirteen orphans. Raises :class:`HandError` when there is none."""
    found = [
        Arrangement(_sorted_sets(hand.declared + arrangement.sets))
        if not arrangement.thirteen_orphans
        else arrangement
        for arrangement in concealed_arrangements(hand.concealed, len(hand.declared))
    ]
    if not found:
        where = " with the declared sets" if hand.declared else ""
        raise HandError(
            f"the concealed tiles {format_tiles(hand.concealed)} form no "
            f"{_COUNT_WORDS[4 - len(hand.declared)]}{where}"
            + (" (nor thirteen orphans)" if not hand.declared else "")
        )
    return found


_COUNT_WORDS = {
    0: "pair",
    1: "set and a pair",
    2: "two sets and a pair",
    3: "three sets and a pair",
    4: "four sets and a pair",
}


def _sorted_sets(sets: Sequence[TileSet]) -> tuple[TileSet, ...]:
    """The pair last, the other sets in tile order."""
    return tuple(
        sorted(sets, key=lambda tile_set: (tile_set.kind is SetKind.PAIR, set_order(tile_set)))
    )


def completes(hand_without: Sequence[Tile], declared_count: int) -> bool:
    """Whether these concealed tiles form a complete hand with ``declared_count`` declared sets."""
    return bool(
        next(iter(_decompose(_counts(hand_without), 4 - declared_count, True)), None) is not None
        or (declared_count == 0 and is_thirteen_orphans(hand_without))
    )


def waits(concealed: Sequence[Tile], declared: Sequence[TileSet] = ()) -> frozenset[Tile]:
    """The kinds of tile that would complete a waiting hand: ``concealed`` is
    ``13 - 3 * len(declared)`` tiles. A kind of which the hand already holds all
    four copies is no wait (a fifth does not exist)."""
    held = _counts(list(concealed) + [tile for s in declared for tile in s.tiles])
    result = set()
    for tile in PLAYING_TILES:
        if held[tile.index] >= COPIES:
            continue
        if completes([*concealed, tile], len(declared)):
            result.add(tile)
    return frozenset(result)
