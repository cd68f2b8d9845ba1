"""What the Mah Jongg pages show, ready to draw: one context for the live
sheet, the printed sheet and the lists, and the score card of the scorer.

:func:`sheet_display` turns a game (with its players and hands loaded) into a
:class:`SheetDisplay`; :func:`card_display` a score card into a
:class:`CardDisplay`; :func:`tile_rows` gives the scorer's tile grid. Every
decision the pages show is made here from :mod:`mahjong.game` and
:mod:`mahjong.scoring`; the templates only present. No query is made here, and
no model is imported: callers read.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from mahjong import game as rules
from mahjong.scoring import LIMIT, ScoreCard
from mahjong.settlement import Deal
from mahjong.tiles import BONUS_TILES, PLAYING_TILES, WINDS, Family, Tile, Wind
from scorepads.display import SheetSummary
from scorepads.names import isolate
from scorepads.players import joined

# How the last tile came, as the scorer and the sheet ask it.
SELF_DRAWN_LABEL = "Drawn from the wall"
DISCARD_LABEL = "Claimed from a discard"
WASHOUT_LABEL = "Nobody (a washout)"
# The scorer's tile grid: a tile's face, short enough for a phone's width.
HONOUR_FACES = {"E": "E", "S": "S", "W": "W", "N": "N", "Rd": "Red", "Gd": "Grn", "Wh": "Wht"}
FAMILY_FACES = {
    Family.BAMBOO: "bam",
    Family.CHARACTERS: "char",
    Family.DOTS: "dot",
    Family.FLOWER: "flower",
    Family.SEASON: "season",
}
TILE_ROWS = (
    ("Bamboo", (Family.BAMBOO,)),
    ("Characters", (Family.CHARACTERS,)),
    ("Dots", (Family.DOTS,)),
    ("Winds and dragons", (Family.WIND, Family.DRAGON)),
    ("Flowers and seasons", (Family.FLOWER, Family.SEASON)),
)


@dataclass(frozen=True)
class TileFace:
    text: str  # as the notation writes it: 5d, E, Rd, 2f
    name: str  # in a sentence: 5 dots, East wind
    face: str  # big on the tile: 5, E, Red
    family: str  # small under it: dot, wind...; also the tile's colour class
    copies: int  # how many a hand may hold: 4, or 1 for a bonus tile


def tile_face(tile: Tile) -> TileFace:
    if tile.is_honour:
        face, family = HONOUR_FACES[tile.text], tile.family.noun
    else:
        face, family = str(tile.rank), FAMILY_FACES[tile.family]
    return TileFace(tile.text, tile.name, face, family, 1 if tile.is_bonus else 4)


def tile_rows() -> list[tuple[str, list[TileFace]]]:
    """The scorer's grid: one row per suit, then the honours, then the bonus tiles."""
    tiles = (*PLAYING_TILES, *BONUS_TILES)
    return [
        (label, [tile_face(tile) for tile in tiles if tile.family in families]) for label, families in TILE_ROWS
    ]


def wind_choices() -> list[tuple[str, str]]:
    return [(wind.value, wind.noun) for wind in WINDS]


SUPERSCRIPT_DIGITS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def with_superscripts(working: str) -> str:
    """The scorer's working as the pages print it: ``2^3`` is written 2³."""
    return re.sub(r"\^(\d+)", lambda power: power.group(1).translate(SUPERSCRIPT_DIGITS), working)


@dataclass(frozen=True)
class CardLine:
    reason: str
    value: int

    @property
    def label(self) -> str:
        """The reason as a line of the printed card begins it: capitalised."""
        return self.reason[:1].upper() + self.reason[1:]


@dataclass(frozen=True)
class CardDisplay:
    """A winning hand's score card: each point and double with its reason."""

    hand: str  # the arrangement scored, in the notation
    bonus: str
    points: tuple[CardLine, ...]
    base_points: int
    doubles: tuple[CardLine, ...]
    double_count: int
    limit_hands: tuple[str, ...]
    summary: str  # 38 × 2³ = 304, rounded to 300
    score: int
    waits: str  # the tiles the hand waited on, by name

    @property
    def score_line(self) -> str:
        """The card's last line: ``Score 300: 38 × 2³ = 304, rounded to 300.``"""
        return f"Score {self.score}: {self.summary}."


def card_display(card: ScoreCard) -> CardDisplay:
    return CardDisplay(
        hand=card.arrangement.text,
        bonus=" ".join(tile.text for tile in card.hand.bonus),
        points=tuple(CardLine(item.reason, item.value) for item in card.points),
        base_points=card.base_points,
        doubles=tuple(CardLine(item.reason, item.value) for item in card.doubles),
        double_count=card.double_count,
        limit_hands=tuple(str(limit) for limit in card.limit_hands),
        summary=with_superscripts(card.summary),
        score=card.score,
        waits=", ".join(tile.name for tile in sorted(card.waits)),
    )


@dataclass(frozen=True)
class PlayerLine:
    """One player's line of one hand."""

    name: str
    wind: str  # East, South...
    score: int
    net: int
    total: int
    won: bool
    east: bool

    @property
    def signed_net(self) -> str:
        return f"{self.net:+d}" if self.net else "0"


@dataclass(frozen=True)
class HandView:
    number: int
    round: str  # East round
    east: str  # the name of the player who was East
    winner: str  # the winner's name; "" for a washout
    self_drawn: bool
    lines: tuple[PlayerLine, ...]
    card: CardDisplay | None
    payments: tuple[str, ...]

    @property
    def washout(self) -> bool:
        return not self.winner

    @property
    def washout_note(self) -> str:
        """What a washout's row of the printed sheet says in place of scores."""
        return f"Washout: nobody went Mah Jongg, nobody pays; {isolate(self.east)} stays East"

    @property
    def summary(self) -> str:
        """``East round, Ann East: Ben won 300`` or ``...: a washout``."""
        if not self.winner:
            return f"{self.round}, {self.east} East: a washout"
        score = next(line.score for line in self.lines if line.won)
        return f"{self.round}, {self.east} East: {self.winner} won {score}"


@dataclass(frozen=True)
class Standing:
    """A player's line of the standings: their wind in the next hand ("" once
    the game is over), their name and total, whether they lead (or won)."""

    mark: str
    name: str
    total: int
    leads: bool
    wins: bool


@dataclass(frozen=True)
class NextSeat:
    """One player as the next hand's form offers them."""

    seat: int
    name: str
    wind: str
    east: bool


@dataclass(frozen=True)
class SheetDisplay(SheetSummary):
    game_id: int
    version: int
    date: datetime.date
    names: tuple[str, ...]
    status: str
    standings: tuple[Standing, ...]
    hands: tuple[HandView, ...]
    next_hand_number: int | None  # None once the game is over or full
    next_deal: str  # East round, Ann is East
    next_prevailing_wind: str  # E, S, W, N ("" once over): what the scorer is given
    next_seats: tuple[NextSeat, ...]
    finished: bool
    full: bool

    @property
    def full_message(self) -> str:
        """What the sheet says in place of the next hand's entry once it holds the most hands."""
        return f"The game holds at most its {len(self.hands)} hands: it stops here." if self.full else ""

    @property
    def standings_note(self) -> str:
        """The line under the standings: who leads and the next deal."""
        return self.next_deal if self.finished else f"{self.status} · {self.next_deal}"

    @property
    def limit(self) -> int:
        return LIMIT

    @property
    def min_winner_score(self) -> int:
        return rules.MIN_WINNER_SCORE

    @property
    def washout_label(self) -> str:
        return WASHOUT_LABEL

    @property
    def next_winds(self) -> tuple[str, ...]:
        return tuple(seat.wind for seat in self.next_seats)


def round_name(deal: Deal) -> str:
    return f"{deal.prevailing_wind.noun} round"


def deal_description(deal: Deal | None, names: Sequence[str]) -> str:
    if deal is None:
        return "The game is over: the North round has been played"
    return f"{round_name(deal)}, {isolate(names[deal.east_player])} is East"


def standings_status(names: Sequence[str], state: rules.GameState) -> str:
    """One sentence: who leads, or who won."""
    if not state.hands:
        return "No hand yet: everybody is on 0"
    leaders = [isolate(names[player]) for player in state.leaders]
    best = state.totals[state.leaders[0]]
    if state.finished:
        verb = "wins" if len(leaders) == 1 else "win"
        return f"{joined(leaders)} {verb} with {best}"
    verb = "leads" if len(leaders) == 1 else "lead"
    return f"{joined(leaders)} {verb} with {best}"


def list_status(names: Sequence[str], totals: Sequence[int], finished: bool, hand_count: int) -> str:
    """A game in a list, in a few words: "Ann won with 1200", "In progress, 3 hands"."""
    if finished and totals:
        best = max(totals)
        winners = [isolate(name) for name, total in zip(names, totals) if total == best]
        return f"{joined(winners)} won with {best}"
    return f"In progress, {hand_count} hand{'' if hand_count == 1 else 's'}"


def hand_view(played: rules.PlayedHand, names: Sequence[str]) -> HandView:
    deal, entry = played.deal, played.entry
    lines = tuple(
        PlayerLine(
            name=name,
            wind=deal.wind_of(player).noun,
            score=played.scores[player],
            net=played.net[player],
            total=played.totals[player],
            won=entry.winner == player,
            east=deal.east_player == player,
        )
        for player, name in enumerate(names)
    )
    payments = tuple(
        f"{isolate(names[deal.player_of(payment.payer)])} pays {isolate(names[deal.player_of(payment.payee)])} {payment.amount}"
        + (" (doubled: East)" if Wind.EAST in (payment.payer, payment.payee) else "")
        for payment in played.settlement.payments
    )
    return HandView(
        number=played.number,
        round=round_name(deal),
        east=names[deal.east_player],
        winner="" if entry.winner is None else names[entry.winner],
        self_drawn=entry.self_drawn,
        lines=lines,
        card=card_display(played.card) if played.card else None,
        payments=payments,
    )


@functools.lru_cache(maxsize=1024)
def _hand_views(entries: tuple[rules.HandEntry, ...], names: tuple[str, ...]) -> tuple[HandView, ...]:
    """Each hand as the sheet shows it. Kept for each run of hands, like the
    game's state (:func:`rules.play`): a tap makes the view of its own hand alone."""
    if not entries:
        return ()
    return (*_hand_views(entries[:-1], names), hand_view(rules.play(entries).hands[-1], names))


def sheet_display(game, players: Sequence, hands: Sequence) -> SheetDisplay:
    """The sheet of ``game`` from its players (in seat order) and hands (in order)."""
    names = tuple(player.name for player in players)
    state = rules.play(hand.entry for hand in hands)
    deal = state.deal
    leaders = set(state.leaders) if state.hands else set()
    return SheetDisplay(
        game_id=game.pk,
        version=game.revision,
        date=game.date,
        names=names,
        hands=_hand_views(tuple(hand.entry for hand in hands), names),
        standings=tuple(
            Standing(
                mark=deal.wind_of(player).noun if deal else "",
                name=name,
                total=state.totals[player],
                leads=player in leaders,
                wins=state.finished and player in leaders,
            )
            for player, name in enumerate(names)
        ),
        status=standings_status(names, state),
        finished=state.finished,
        full=state.full,
        next_hand_number=state.next_hand_number,
        next_deal=deal_description(deal, names),
        next_prevailing_wind=deal.prevailing_wind.value if deal else "",
        next_seats=tuple(
            NextSeat(player + 1, name, deal.wind_of(player).noun, deal.east_player == player)
            for player, name in enumerate(names)
        )
        if deal
        else (),
    )
