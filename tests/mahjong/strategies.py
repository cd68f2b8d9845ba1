"""Hypothesis strategies: winning Mah Jongg hands, built set by set, and how they were won."""

from collections import Counter

from hypothesis import strategies as st

from mahjong import BONUS_TILES, PLAYING_TILES, WINDS, Family, Hand, SetKind, Tile, TileSet, Win

FAMILIES = (Family.BAMBOO, Family.CHARACTERS, Family.DOTS, Family.WIND, Family.DRAGON)


def _set_options(counts: Counter, families: set[Family]) -> list[TileSet]:
    """Every chow, pung and kong the remaining tiles (four copies of each) allow."""
    options = []
    for tile in PLAYING_TILES:
        if tile.family not in families:
            continue
        if counts[tile] <= 1:
            options.append(TileSet(SetKind.PUNG, (tile,) * 3))
        if counts[tile] == 0:
            options.append(TileSet(SetKind.KONG, (tile,) * 4))
        if tile.is_suit and tile.rank <= 7:
            run = (tile, PLAYING_TILES[tile.index + 1], PLAYING_TILES[tile.index + 2])
            if all(counts[t] < 4 for t in run):
                options.append(TileSet(SetKind.CHOW, run))
    return options


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[Hand, Win]:
    """A winning hand (four sets and a pair, some declared) and a :class:`Win` for it.

    The tiles are drawn from a few families at a time, so one-suit hands, honour
    hands and limit hands come up often.
    """
    families = draw(st.sets(st.sampled_from(FAMILIES), min_size=1, max_size=3))
    counts: Counter = Counter()
    concealed: list[Tile] = []
    declared: list[TileSet] = []
    for _ in range(4):
        options = _set_options(counts, families) or _set_options(counts, set(FAMILIES))
        chosen = draw(st.sampled_from(options))
        counts.update(chosen.tiles)
        if chosen.kind is SetKind.KONG:
            melded = draw(st.booleans())
            declared.append(TileSet(SetKind.KONG, chosen.tiles, melded=melded))
        elif draw(st.integers(0, 3)) == 0:
            declared.append(TileSet(chosen.kind, chosen.tiles, melded=True))
        else:
            concealed.extend(chosen.tiles)
    pairs = [t for t in PLAYING_TILES if counts[t] <= 2 and t.family in families] or [
        t for t in PLAYING_TILES if counts[t] <= 2
    ]
    pair = draw(st.sampled_from(pairs))
    concealed.extend((pair, pair))
    bonus = draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=3))
    hand = Hand(tuple(concealed), tuple(declared), tuple(bonus))
    win = Win(
        own_wind=draw(st.sampled_from(WINDS)),
        prevailing_wind=draw(st.sampled_from(WINDS)),
        winning_tile=draw(st.sampled_from(sorted(set(hand.concealed)))),
        self_drawn=draw(st.booleans()),
    )
    return hand, win


def hand_tokens(hand: Hand) -> list[str]:
    """The hand as separate items of the notation: each concealed tile, each
    declared set, each bonus tile."""
    return (
        [tile.text for tile in hand.concealed]
        + [tile_set.text for tile_set in hand.declared]
        + [tile.text for tile in hand.bonus]
    )
