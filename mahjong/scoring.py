"""Scoring a winning Mah Jongg hand: points, doubles, limit hands and the score card.

The public entry of the package. ``score_hand("123b 456b 789b [111b] 99b",
own_wind="S", prevailing_wind="E", winning_tile="9b")`` finds every way the hand
forms four sets and a pair (and thirteen orphans), scores each and returns the
best as a :class:`ScoreCard`: each point and each double with its reason, the
base points, the doubles, the limit hands, the final score. The rules and every
decision taken are in RULES.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .arrangements import (
    ORPHANS,
    Arrangement,
    arrangements,
    concealed_arrangements,
    is_thirteen_orphans,
    waits,
)
from .settlement import (
    Deal,
    Payment,
    Settlement,
    first_deal,
    next_deal,
    settle,
)
from .tiles import (
    BONUS_TILES,
    DRAGONS,
    LIMIT,
    PLAYING_TILES,
    SUITS,
    TILES,
    WINDS,
    Dragon,
    Family,
    Hand,
    HandError,
    MahjongError,
    NotationError,
    SetKind,
    SettlementError,
    Tile,
    TileSet,
    Wind,
    check_flag,
    format_hand,
    format_tiles,
    make_set,
    parse_hand,
    parse_tile,
    parse_tiles,
)

MAH_JONGG_POINTS = 20
ROUND_TO = 10

SIMPLE_PUNG = 2
"""A melded pung of simples; concealed doubles it, a kong is four times the pung."""
TERMINAL_OR_HONOUR_PUNG = 4
CONCEALED_FACTOR = 2
KONG_FACTOR = 4
LUCKY_PAIR = 2
SELF_DRAWN = 2
ONLY_POSSIBLE_TILE = 2
BONUS_TILE = 4
PURE_ONE_SUIT_DOUBLES = 4


class LimitHand(StrEnum):
    """The hands that pay the limit outright, whatever their points and doubles."""

    BIG_THREE_DRAGONS = "big three dragons"
    LITTLE_FOUR_WINDS = "little four winds"
    BIG_FOUR_WINDS = "big four winds"
    ALL_HONOURS = "all honours"
    ALL_TERMINALS = "all terminals"
    THIRTEEN_ORPHANS = "thirteen orphans"
    NINE_GATES = "nine gates"


@dataclass(frozen=True)
class Win:
    """How the hand was won: the player's seat wind, the round's prevailing wind,
    the tile that completed the hand and whether it was drawn from the wall
    (otherwise it was a discard)."""

    own_wind: Wind
    prevailing_wind: Wind
    winning_tile: Tile
    self_drawn: bool = False

    def __post_init__(self) -> None:
        check_flag(self.self_drawn, "self_drawn")


@dataclass(frozen=True)
class ScoreItem:
    """One line of the score card: points or doubles, and why."""

    reason: str
    value: int

    def to_dict(self) -> dict:
        return {"reason": self.reason, "value": self.value}


@dataclass(frozen=True)
class ScoreCard:
    """The score of one arrangement of a winning hand, explained.

    ``points`` and ``doubles`` list every item (sets worth nothing included, so
    the card explains each set); ``raw`` is ``base_points * 2 ** double_count``;
    ``score`` is ``raw`` rounded to the nearest 10 and limited to :data:`LIMIT`,
    or exactly the limit for a limit hand (``limit_hands`` not empty).
    """

    hand: Hand
    win: Win
    arrangement: Arrangement
    points: tuple[ScoreItem, ...]
    doubles: tuple[ScoreItem, ...]
    base_points: int
    double_count: int
    raw: int
    limit_hands: tuple[LimitHand, ...]
    score: int
    waits: frozenset[Tile]
    """The kinds of tile the hand waited on before the winning tile."""

    @property
    def only_possible_tile(self) -> bool:
        return len(self.waits) == 1

    @property
    def is_limit(self) -> bool:
        return bool(self.limit_hands)

    @property
    def rank_key(self) -> tuple[int, bool, int, int]:
        """How arrangements compare: the score, then a limit hand, then the unrounded
        score, then the points."""
        return (self.score, self.is_limit, self.raw, self.base_points)

    def point_report(self) -> str:
        lines = [f"  {item.reason:<56}{item.value:>5}" for item in self.points]
        lines.append(f"  {'base points':<56}{self.base_points:>5}")
        return "Points\n" + "\n".join(lines)

    def double_report(self) -> str:
        lines = [f"  {item.reason:<56}{item.value:>5}" for item in self.doubles]
        lines.append(f"  {'doubles':<56}{self.double_count:>5}")
        return "Doubles\n" + "\n".join(lines)

    @property
    def summary(self) -> str:
        """``28 × 2^3 = 224, rounded to 220`` or ``limit hand (big four winds): 500``."""
        if self.limit_hands:
            names = ", ".join(str(limit) for limit in self.limit_hands)
            return f"limit hand ({names}): {self.score}"
        text = f"{self.base_points} × 2^{self.double_count} = {self.raw}"
        rounded = round_score(self.raw)
        if rounded != self.raw:
            text += f", rounded to {rounded}"
        if self.score != rounded:
            text += f", limited to {self.score}"
        return text

    @property
    def text(self) -> str:
        """The whole score card: the arrangement, the point report, the double report
        and the final score."""
        return "\n".join(
            [
                f"Hand: {self.arrangement.text}"
                + (f" + {format_tiles(self.hand.bonus)}" if self.hand.bonus else ""),
                self.point_report(),
                self.double_report(),
                f"Score: {self.summary}",
            ]
        )

    def __str__(self) -> str:
        return self.text

    def to_dict(self) -> dict:
        return {
            "hand": self.hand.text,
            "arrangement": self.arrangement.text,
            "points": [item.to_dict() for item in self.points],
            "doubles": [item.to_dict() for item in self.doubles],
            "base_points": self.base_points,
            "doubles_count": self.double_count,
            "raw": self.raw,
            "limit_hands": [str(limit) for limit in self.limit_hands],
            "score": self.score,
            "waits": [tile.text for tile in sorted(self.waits)],
            "summary": self.summary,
        }


def round_score(raw: int) -> int:
    """To the nearest 10, a half (which whole points never give: they are even) upwards."""
    return (raw + ROUND_TO // 2) // ROUND_TO * ROUND_TO


def final_score(raw: int) -> int:
    """Rounded to the nearest 10, then limited to :data:`LIMIT`."""
    return min(LIMIT, round_score(raw))


def make_win(
    *,
    own_wind: Wind | str,
    prevailing_wind: Wind | str,
    winning_tile: Tile | str,
    self_drawn: bool = False,
) -> Win:
    return Win(
        own_wind=Wind.parse(own_wind, "own_wind"),
        prevailing_wind=Wind.parse(prevailing_wind, "prevailing_wind"),
        winning_tile=parse_tile(winning_tile),
        self_drawn=self_drawn,
    )


def score_hand(
    hand: Hand | str,
    *,
    own_wind: Wind | str,
    prevailing_wind: Wind | str,
    winning_tile: Tile | str,
    self_drawn: bool = False,
) -> ScoreCard:
    """The best score of a winning hand, with its score card.

    ``hand`` is a :class:`Hand` or its notation; ``winning_tile`` must be one of
    the concealed tiles; ``self_drawn`` must be True or False. Raises
    :class:`NotationError` (text that is not the notation, or an argument that
    is not what it names: a wind that is not one, a ``self_drawn`` that is not
    a bool) or :class:`HandError` (tiles that are not a hand), both
    :class:`ValueError`, naming what is wrong.
    """
    return score_arrangements(
        hand,
        own_wind=own_wind,
        prevailing_wind=prevailing_wind,
        winning_tile=winning_tile,
        self_drawn=self_drawn,
    )[0]


def score_arrangements(
    hand: Hand | str,
    *,
    own_wind: Wind | str,
    prevailing_wind: Wind | str,
    winning_tile: Tile | str,
    self_drawn: bool = False,
) -> tuple[ScoreCard, ...]:
    """The score card of every arrangement of the hand, best first (ties keep the
    order in which the arrangements are found, which depends only on the tiles)."""
    if not isinstance(hand, Hand):
        hand = parse_hand(hand)
    win = make_win(
        own_wind=own_wind,
        prevailing_wind=prevailing_wind,
        winning_tile=winning_tile,
        self_drawn=self_drawn,
    )
    return score_win(hand, win)


def score_win(hand: Hand, win: Win) -> tuple[ScoreCard, ...]:
    """:func:`score_arrangements` for a parsed hand and a :class:`Win`."""
    if hand.waiting:
        raise HandError("the hand is one tile short of Mah Jongg: it cannot be scored")
    if win.winning_tile not in hand.concealed:
        raise HandError(
            f"the winning tile {win.winning_tile.name} ({win.winning_tile.text}) is not among "
            f"the concealed tiles {format_tiles(hand.concealed)}"
        )
    found = arrangements(hand)
    before = list(hand.concealed)
    before.remove(win.winning_tile)
    waiting_on = waits(before, hand.declared)
    cards = [score_arrangement(hand, arrangement, win, waiting_on) for arrangement in found]
    order = sorted(range(len(cards)), key=lambda i: (cards[i].rank_key, -i), reverse=True)
    return tuple(cards[i] for i in order)


def with_discard_rule(arrangement: Arrangement, win: Win) -> Arrangement:
    """The arrangement as scored: a concealed pung that only the winning discard
    can have completed counts as melded (the player places the winning tile in a
    chow or the pair instead whenever the arrangement allows)."""
    if win.self_drawn or arrangement.thirteen_orphans:
        return arrangement
    tile = win.winning_tile
    holders = [
        tile_set
        for tile_set in arrangement.sets
        if not tile_set.melded and tile_set.kind is not SetKind.KONG and tile in tile_set.tiles
    ]
    if not holders or any(tile_set.kind is not SetKind.PUNG for tile_set in holders):
        return arrangement
    pung = holders[0]
    sets = tuple(
        TileSet(s.kind, s.tiles, melded=False, by_discard=True) if s is pung else s
        for s in arrangement.sets
    )
    return Arrangement(sets)


def set_points(tile_set: TileSet, win: Win) -> int:
    """The points of one set: pungs and kongs by their tiles and whether concealed,
    lucky pairs, nothing for chows and other pairs."""
    tile = tile_set.first
    if tile_set.kind is SetKind.CHOW:
        return 0
    if tile_set.kind is SetKind.PAIR:
        if tile.dragon is not None:
            return LUCKY_PAIR
        points = 0
        if tile.wind is win.own_wind:
            points += LUCKY_PAIR
        if tile.wind is win.prevailing_wind:
            points += LUCKY_PAIR
        return points
    points = SIMPLE_PUNG if tile.is_simple else TERMINAL_OR_HONOUR_PUNG
    if not tile_set.scored_melded:
        points *= CONCEALED_FACTOR
    if tile_set.kind is SetKind.KONG:
        points *= KONG_FACTOR
    return points


def _pair_reason(tile_set: TileSet, win: Win) -> str:
    tile = tile_set.first
    if tile.wind is not None and tile.wind is win.own_wind and tile.wind is win.prevailing_wind:
        return f"{tile_set.description}, the own and the prevailing wind"
    if tile.wind is not None and tile.wind is win.own_wind:
        return f"{tile_set.description}, the own wind"
    if tile.wind is not None and tile.wind is win.prevailing_wind:
        return f"{tile_set.description}, the prevailing wind"
    return tile_set.description


def lucky_doubles(tile_set: TileSet, win: Win) -> list[ScoreItem]:
    """The doubles of one pung or kong of lucky tiles (dragons, the own wind, the
    prevailing wind; the own wind when prevailing too is two doubles)."""
    if not tile_set.is_triplet:
        return []
    tile = tile_set.first
    what = f"{tile_set.kind} of {tile.name}"
    if tile.dragon is not None:
        return [ScoreItem(f"{what} (lucky: a dragon)", 1)]
    if tile.wind is None:
        return []
    own = tile.wind is win.own_wind
    prevailing = tile.wind is win.prevailing_wind
    if own and prevailing:
        return [ScoreItem(f"{what} (lucky: the own and the prevailing wind)", 2)]
    if own:
        return [ScoreItem(f"{what} (lucky: the own wind)", 1)]
    if prevailing:
        return [ScoreItem(f"{what} (lucky: the prevailing wind)", 1)]
    return []


def consistency(sets: Sequence[TileSet]) -> ScoreItem | None:
    """The one consistency double that counts: one suit without honours (4 doubles)
    when it holds, otherwise the first of the reference's tests that holds."""
    tiles = [tile for tile_set in sets for tile in tile_set.tiles]
    suits = {tile.family for tile in tiles if tile.is_suit}
    honours = any(tile.is_honour for tile in tiles)
    if len(suits) == 1 and not honours:
        (suit,) = suits
        return ScoreItem(f"one suit ({suit.noun}), no honours", PURE_ONE_SUIT_DOUBLES)
    if not any(tile.is_simple for tile in tiles):
        return ScoreItem("all terminals and honours", 1)
    if all(any(not tile.is_simple for tile in tile_set.tiles) for tile_set in sets):
        return ScoreItem("every set holds a terminal or an honour", 1)
    if all(tile.is_simple for tile in tiles):
        return ScoreItem("all simples", 1)
    if len(suits) == 1 and honours:
        (suit,) = suits
        return ScoreItem(f"one suit ({suit.noun}) with honours", 1)
    dragon_sets = [s for s in sets if s.first.dragon is not None]
    if (
        sum(s.is_triplet for s in dragon_sets) == 2
        and sum(s.kind is SetKind.PAIR for s in dragon_sets) == 1
    ):
        return ScoreItem("little three dragons", 1)
    return None


def consecutive_chows(sets: Sequence[TileSet]) -> ScoreItem | None:
    """Chows 1-2-3, 4-5-6 and 7-8-9 of one suit."""
    for suit in SUITS:
        starts = {s.first.rank for s in sets if s.kind is SetKind.CHOW and s.first.family is suit}
        if {1, 4, 7} <= starts:
            return ScoreItem(f"three consecutive chows in {suit.noun} (1-2-3, 4-5-6, 7-8-9)", 1)
    return None


NO_POINTS_REASON = "no points from the sets: all chows and a pair worth nothing"
"""The no-points double's line on the score card, saying why it is there."""


def no_points(arrangement: Arrangement, win: Win) -> bool:
    """The text's ``noPoints``: "all of the Sets are worth zero points" (all
    chows and an unlucky pair). Decided by the sets alone, so points for how
    the hand was won (the wall, the only possible tile) or for bonus tiles do
    not take the double away."""
    return not arrangement.thirteen_orphans and all(set_points(tile_set, win) == 0 for tile_set in arrangement.sets)


def limit_hands(hand: Hand, arrangement: Arrangement) -> tuple[LimitHand, ...]:
    """The limit hands this arrangement makes, in :class:`LimitHand` order."""
    if arrangement.thirteen_orphans:
        return (LimitHand.THIRTEEN_ORPHANS,)
    found = []
    sets = arrangement.sets
    triplets = [s for s in sets if s.is_triplet]
    pair = arrangement.pair
    dragon_triplets = sum(s.first.dragon is not None for s in triplets)
    wind_triplets = sum(s.first.wind is not None for s in triplets)
    if dragon_triplets == 3:
        found.append(LimitHand.BIG_THREE_DRAGONS)
    if wind_triplets == 3 and pair is not None and pair.first.wind is not None:
        found.append(LimitHand.LITTLE_FOUR_WINDS)
    if wind_triplets == 4:
        found.append(LimitHand.BIG_FOUR_WINDS)
    tiles = [tile for s in sets for tile in s.tiles]
    if all(tile.is_honour for tile in tiles):
        found.append(LimitHand.ALL_HONOURS)
    if all(tile.is_terminal for tile in tiles):
        found.append(LimitHand.ALL_TERMINALS)
    if is_nine_gates(hand):
        found.append(LimitHand.NINE_GATES)
    return tuple(found)


def is_nine_gates(hand: Hand) -> bool:
    """1-1-1-2-3-4-5-6-7-8-9-9-9 of one suit and one more of that suit, all
    concealed (nothing declared)."""
    if hand.declared or len(hand.concealed) != 14:
        return False
    families = {tile.family for tile in hand.concealed}
    if len(families) != 1 or not next(iter(families)).is_suit:
        return False
    counts = Counter(tile.rank for tile in hand.concealed)
    return counts[1] >= 3 and counts[9] >= 3 and all(counts[rank] >= 1 for rank in range(2, 9))


def score_arrangement(
    hand: Hand, arrangement: Arrangement, win: Win, waiting_on: frozenset[Tile]
) -> ScoreCard:
    """The score card of one arrangement (the discard rule applied here)."""
    arrangement = with_discard_rule(arrangement, win)
    points = [ScoreItem("Mah Jongg", MAH_JONGG_POINTS)]
    for tile_set in arrangement.sets:
        reason = (
            _pair_reason(tile_set, win) if tile_set.kind is SetKind.PAIR else tile_set.description
        )
        points.append(ScoreItem(reason, set_points(tile_set, win)))
    if win.self_drawn:
        points.append(ScoreItem("winning tile drawn from the wall", SELF_DRAWN))
    if len(waiting_on) == 1:
        points.append(
            ScoreItem(f"won on the only possible tile ({win.winning_tile.name})", ONLY_POSSIBLE_TILE)
        )
    for tile in hand.bonus:
        points.append(ScoreItem(f"bonus tile: {tile.name}", BONUS_TILE))
    base = sum(item.value for item in points)

    doubles: list[ScoreItem] = []
    if not arrangement.thirteen_orphans:
        sets = arrangement.sets
        for tile_set in sets:
            doubles.extend(lucky_doubles(tile_set, win))
        if not any(s.kind is SetKind.CHOW for s in sets):
            doubles.append(ScoreItem("no chows", 1))
        chows = consecutive_chows(sets)
        if chows is not None:
            doubles.append(chows)
        if no_points(arrangement, win):
            doubles.append(ScoreItem(NO_POINTS_REASON, 1))
        suited = consistency(sets)
        if suited is not None:
            doubles.append(suited)
    double_count = sum(item.value for item in doubles)
    raw = base * 2**double_count
    limits = limit_hands(hand, arrangement)
    return ScoreCard(
        hand=hand,
        win=win,
        arrangement=arrangement,
        points=tuple(points),
        doubles=tuple(doubles),
        base_points=base,
        double_count=double_count,
        raw=raw,
        limit_hands=limits,
        score=LIMIT if limits else final_score(raw),
        waits=waiting_on,
    )


def waiting_tiles(hand: Hand | str) -> frozenset[Tile]:
    """The tiles a waiting hand (one tile short: 13 concealed tiles with nothing
    declared, 10 with one declared set...) would go Mah Jongg on."""
    if not isinstance(hand, Hand):
        hand = parse_hand(hand, waiting=True)
    if not hand.waiting:
        raise HandError("the hand is complete: waiting_tiles takes a hand one tile short")
    return waits(hand.concealed, hand.declared)


__all__ = [
    "BONUS_TILES",
    "DRAGONS",
    "LIMIT",
    "ORPHANS",
    "PLAYING_TILES",
    "SUITS",
    "TILES",
    "WINDS",
    "Arrangement",
    "Deal",
    "Dragon",
    "Family",
    "Hand",
    "HandError",
    "LimitHand",
    "MahjongError",
    "NotationError",
    "Payment",
    "ScoreCard",
    "ScoreItem",
    "Settlement",
    "SettlementError",
    "SetKind",
    "Tile",
    "TileSet",
    "Win",
    "Wind",
    "arrangements",
    "concealed_arrangements",
    "final_score",
    "first_deal",
    "format_hand",
    "format_tiles",
    "is_thirteen_orphans",
    "make_set",
    "make_win",
    "next_deal",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
    "round_score",
    "score_arrangements",
    "score_hand",
    "score_win",
    "settle",
    "waiting_tiles",
]
