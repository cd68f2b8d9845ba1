"""Two Way Street's scoring rules: from the tricks of each hand to the game's end
and its ratings record.

Pure functions over plain values, no Django: the pad, the PDF, the CSV and the
history all draw from :func:`score_hand`, :func:`game_state` and
:func:`ratings_record`. The rules are those of section 3 of the game's rules as
RULES.md states them; the comments below name the decisions taken where the
text is silent (RULES.md, "Decisions where the text is silent", gives the
reasons).
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple, TypeVar, cast

from scorepads.names import isolate

# N, the constant a low player's tricks are taken from, by number of players.
# Two players play a Duel (section 4 of the rules), which the pad does not score.
N_BY_PLAYERS: dict[int, int] = {2: 10, 3: 8, 4: 6, 5: 5, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2}
N_FROM_ELEVEN_PLAYERS = 1
ELEVEN_PLAYERS = 11

DECLARED_MULTIPLIER = 2
FORCED_MULTIPLIER = 3
# Case C: a forced player in the tie scores this instead of 0.
CASE_C_FORCED_FINAL = 1

MIN_PLAYERS = 3
MAX_PLAYERS = 12

# Limits no real game reaches, so that no game can grow without end: a game to
# 100 points is long; a hand scores at most 3 × (N + tricks), so a game to
# MAX_TARGET ends well within MAX_HANDS hands unless the players keep tying.
MAX_TARGET = 100
MAX_HANDS = 200
# The most tricks one player can take in a hand: the whole pack of 52 cards.
MAX_TRICKS = 52

RATINGS_MIN_TARGET = 12
RATINGS_MARKS: tuple[int, ...] = (19, 25)


class Direction(StrEnum):
    """What a player plays for in a hand."""

    HIGH = "high"
    LOW = "low"


class Choice(StrEnum):
    """How the player came to play high or low."""

    DECLARED = "declared"
    FORCED = "forced"

    @property
    def multiplier(self) -> int:
        return FORCED_MULTIPLIER if self is Choice.FORCED else DECLARED_MULTIPLIER


class Case(StrEnum):
    """Which of the text's four ways of finding the penalty applied."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"

    def description(self, player_count: int) -> str:
        """The case in words, for a table of ``player_count`` players."""
        return case_descriptions(player_count)[self]


CASE_DESCRIPTIONS: dict[Case, str] = {
    Case.A: "no tie for second place: the penalty is the third place score",
    Case.B: "second and third tied, fourth distinct: the penalty is the fourth place score",
    Case.C: (
        "second, third and fourth tied below first: the penalty is the second place score;"
        " forced players in the tie score 1"
    ),
    Case.D: (
        "first to fourth tied: the penalty is the highest score not in the tie,"
        " or the tied score if all are tied"
    ),
}
# Three players have no fourth place (decision 2 of RULES.md): case C is second
# and third tied below first, case D all three tied, and case B cannot happen.
THREE_PLAYER_CASE_DESCRIPTIONS: dict[Case, str] = {
    Case.A: CASE_DESCRIPTIONS[Case.A],
    Case.C: (
        "second and third tied below first: the penalty is the second place score;"
        " forced players in the tie score 1"
    ),
    Case.D: "all three tied: the penalty is the tied score",
}


def case_descriptions(player_count: int) -> dict[Case, str]:
    """The cases that can happen at a table of ``player_count`` players, each in words."""
    return THREE_PLAYER_CASE_DESCRIPTIONS if player_count == MIN_PLAYERS else CASE_DESCRIPTIONS


class InvalidHand(ValueError):
    """A hand the rules cannot score; the message names what is wrong and who.

    ``seat`` counts from 1 and is None when the fault is the whole hand's.
    """

    def __init__(self, message: str, seat: int | None = None, hand: int | None = None):
        super().__init__(message)
        self.seat = seat
        self.hand = hand


class TricksDoNotAddUp(InvalidHand):
    """The tricks entered do not add up to the number of tricks given for the hand."""


class InvalidGame(ValueError):
    """A game the rules cannot hold: a bad target, or a hand after the end."""


class PlayerResult(NamedTuple):
    """What is entered for one player after a hand. A plain
    ``(tricks, "high", "declared")`` is as good."""

    tricks: int
    direction: Direction
    choice: Choice


@dataclass(frozen=True)
class Penalty:
    amount: int
    case: Case


@dataclass(frozen=True)
class PlayerScore:
    """One player's line of a hand on the score sheet.

    ``over_n`` is True for a low player who took more than N tricks (a raw score
    below 0, as the text's N − t gives it); ``case_c_forced`` for a forced player
    in the case-C tie, who scores 1 instead of 0.
    """

    tricks: int
    direction: Direction
    choice: Choice
    n: int
    raw: int
    over_n: bool
    penalty: int
    case: Case
    refined: int
    multiplier: int
    final: int
    case_c_forced: bool

    def to_dict(self) -> dict:
        return {
            "tricks": self.tricks,
            "direction": str(self.direction),
            "choice": str(self.choice),
            "n": self.n,
            "raw": self.raw,
            "over_n": self.over_n,
            "penalty": self.penalty,
            "case": str(self.case),
            "refined": self.refined,
            "multiplier": self.multiplier,
            "final": self.final,
            "case_c_forced": self.case_c_forced,
        }


# Entering a hand.


def n_for_players(player_count: int) -> int:
    """N for a table of ``player_count`` players (1 from eleven players up)."""
    if player_count >= ELEVEN_PLAYERS:
        return N_FROM_ELEVEN_PLAYERS
    if player_count not in N_BY_PLAYERS:
        raise InvalidHand(f"no N for {player_count} players: the text starts at 2")
    return N_BY_PLAYERS[player_count]


def _who(seat: int, names: Sequence[str] | None) -> str:
    if names is not None and seat <= len(names) and names[seat - 1]:
        return f"seat {seat} ({names[seat - 1]})"
    return f"seat {seat}"


def check_player_count(player_count: int) -> None:
    """Refuse a table the pad does not score: fewer than 3 or more than 12 players."""
    if player_count == 2:
        raise InvalidHand(
            "Two Way Street needs at least 3 players: two players play a Duel"
            " (section 4 of the rules), which this pad does not score"
        )
    if player_count < MIN_PLAYERS:
        raise InvalidHand(
            f"Two Way Street needs at least {MIN_PLAYERS} players, got {player_count}"
        )
    if player_count > MAX_PLAYERS:
        raise InvalidHand(
            f"the pad seats at most {MAX_PLAYERS} players, got {player_count}"
        )


_Word = TypeVar("_Word", bound=StrEnum)


def _word(
    value: object, kind: type[_Word], what: str, seat: int, names: Sequence[str] | None
) -> _Word:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value.strip().lower())
        except ValueError:
            pass
    allowed = " or ".join(f'"{member}"' for member in kind)
    raise InvalidHand(
        f"{_who(seat, names)}: {what} must be {allowed}, got {value!r}", seat=seat
    )


def parse_result(result: object, seat: int, names: Sequence[str] | None = None) -> PlayerResult:
    """One player's entry checked and with its words as enums; ``seat`` counts from 1."""
    try:
        # Any object is tried: one that does not unpack into three raises
        # TypeError or ValueError, answered below.
        tricks, direction, choice = cast("Iterable[object]", result)
    except (TypeError, ValueError):
        raise InvalidHand(
            f"{_who(seat, names)}: expected (tricks, high or low, declared or forced),"
            f" got {result!r}",
            seat=seat,
        ) from None
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise InvalidHand(
            f"{_who(seat, names)}: tricks must be a whole number, got {tricks!r}", seat=seat
        )
    if tricks < 0:
        raise InvalidHand(
            f"{_who(seat, names)}: tricks cannot be negative, got {tricks}", seat=seat
        )
    if tricks > MAX_TRICKS:
        raise InvalidHand(
            f"{_who(seat, names)}: {tricks} tricks is more than a pack of {MAX_TRICKS} cards"
            " can give",
            seat=seat,
        )
    return PlayerResult(
        tricks,
        _word(direction, Direction, "the direction", seat, names),
        _word(choice, Choice, "the choice", seat, names),
    )


def parse_hand(
    results: Iterable[object], names: Sequence[str] | None = None
) -> list[PlayerResult]:
    """Every player's entry checked, in seat order; raises :class:`InvalidHand`."""
    results = list(results)
    check_player_count(len(results))
    if names is not None and len(names) != len(results):
        raise InvalidHand(f"{len(names)} names for {len(results)} players")
    return [parse_result(result, seat, names) for seat, result in enumerate(results, start=1)]


def check_trick_total(
    results: Iterable[object], tricks_in_hand: int, names: Sequence[str] | None = None
) -> None:
    """Refuse a hand whose tricks do not add up to ``tricks_in_hand``.

    The text does not say how many tricks a hand has (that is in the deal,
    sections 1 and 2, which we do not have), so the check runs only when the
    caller knows the number.
    """
    parsed = parse_hand(results, names)
    taken = sum(result.tricks for result in parsed)
    if taken != tricks_in_hand:
        raise TricksDoNotAddUp(
            f"the tricks add up to {taken}, but the hand had {tricks_in_hand}"
        )


# Scoring a hand.


def raw_score(tricks: int, direction: Direction, n: int) -> int:
    """The tricks for a high player; N minus the tricks for a low one, as the
    text writes it: below 0 for a low player who took more than N tricks."""
    if direction is Direction.HIGH:
        return tricks
    return n - tricks


def penalty(raws: Sequence[int]) -> Penalty:
    """The penalty and its case from the hand's raw scores (3 players or more).

    The k-th place score is the k-th highest raw score, ties counted one by one.
    With 3 players there is no fourth place; "fourth" is read as "last": second
    and third tied below first is case C, all three tied is case D. The penalty
    is whatever the case makes it: below 0 when that place score is a low
    player's over N.
    """
    if len(raws) < MIN_PLAYERS:
        raise InvalidHand(f"a penalty needs at least {MIN_PLAYERS} raw scores, got {len(raws)}")
    ordered = sorted(raws, reverse=True)
    first, second, third = ordered[0], ordered[1], ordered[2]
    fourth = ordered[3] if len(ordered) > 3 else None
    if second != third:
        return Penalty(third, Case.A)
    if fourth is not None and fourth != third:
        return Penalty(fourth, Case.B)
    if first != second:
        return Penalty(second, Case.C)
    below_the_tie = [raw for raw in ordered if raw != first]
    return Penalty(below_the_tie[0] if below_the_tie else first, Case.D)


def refined_score(raw: int, penalty_amount: int) -> int:
    """Raw score less the penalty, raised to zero if negative."""
    return max(raw - penalty_amount, 0)


def is_case_c_forced(raw: int, choice: Choice, hand_penalty: Penalty) -> bool:
    """Whether the case-C rule applies: a forced player in the tie for second."""
    return (
        hand_penalty.case is Case.C
        and choice is Choice.FORCED
        and raw == hand_penalty.amount
    )


def final_score(refined: int, choice: Choice, case_c_forced: bool = False) -> int:
    """Refined × 2 if declared, × 3 if forced; 1 for a forced player in the case-C tie."""
    if case_c_forced:
        return CASE_C_FORCED_FINAL
    return refined * choice.multiplier


def score_hand(
    results: Iterable[object],
    *,
    names: Sequence[str] | None = None,
    tricks_in_hand: int | None = None,
) -> list[PlayerScore]:
    """Score one hand: one ``(tricks, "high" | "low", "declared" | "forced")`` per
    player in seat order in, one :class:`PlayerScore` per player in the same order out.

    ``names`` (in seat order) only make the error messages friendlier; with
    ``tricks_in_hand`` the tricks must add up to it. Raises :class:`InvalidHand`.
    """
    parsed = parse_hand(results, names)
    if tricks_in_hand is not None:
        check_trick_total(parsed, tricks_in_hand, names)
    n = n_for_players(len(parsed))
    raws = [raw_score(result.tricks, result.direction, n) for result in parsed]
    hand_penalty = penalty(raws)
    scores = []
    for result, raw in zip(parsed, raws):
        refined = refined_score(raw, hand_penalty.amount)
        case_c_forced = is_case_c_forced(raw, result.choice, hand_penalty)
        scores.append(
            PlayerScore(
                tricks=result.tricks,
                direction=result.direction,
                choice=result.choice,
                n=n,
                raw=raw,
                over_n=result.direction is Direction.LOW and result.tricks > n,
                penalty=hand_penalty.amount,
                case=hand_penalty.case,
                refined=refined,
                multiplier=result.choice.multiplier,
                final=final_score(refined, result.choice, case_c_forced),
                case_c_forced=case_c_forced,
            )
        )
    return scores


# The game.


@dataclass(frozen=True)
class Place:
    """A place in the standings: tied players share the place, the next place
    skips as many as shared it (1, 2=, 2=, 4)."""

    number: int
    tied: bool

    def __str__(self) -> str:
        return f"{self.number}=" if self.tied else str(self.number)


def places(totals: Sequence[int]) -> list[Place]:
    """Each player's place by total, in seat order: one more than the number of
    players with more points; marked tied when another player has the same."""
    return [
        Place(
            number=1 + sum(other > total for other in totals),
            tied=sum(other == total for other in totals) > 1,
        )
        for total in totals
    ]


def leaders(totals: Sequence[int]) -> list[int]:
    """The seat indexes (from 0) of the players with the most points."""
    if not totals:
        return []
    best = max(totals)
    return [index for index, total in enumerate(totals) if total == best]


def check_target(target: int) -> None:
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= MAX_TARGET:
        raise InvalidGame(
            f"the target must be a whole number of points from 1 to {MAX_TARGET}, got {target!r}"
        )


def winner_of(totals: Sequence[int], target: int) -> int | None:
    """The seat index of the winner, or None while the game goes on.

    The game ends when at least one player has the target; the player with the
    most points wins. A tie for the most points at or past the target ends
    nothing: another hand is played.
    """
    if not totals or max(totals) < target:
        return None
    first = leaders(totals)
    return first[0] if len(first) == 1 else None


def is_game_over(totals: Sequence[int], target: int) -> bool:
    return winner_of(totals, target) is not None


@dataclass(frozen=True)
class GameState:
    """Everything the sheet shows of a game: every hand's scores, the running
    totals after each hand, the leaders and the end.

    Seat indexes count from 0, in the order of the entries of each hand.
    """

    target: int
    player_count: int
    hands: tuple[tuple[PlayerScore, ...], ...]
    running_totals: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    places: tuple[Place, ...]
    target_reached: bool
    finished: bool
    winner: int | None

    @property
    def tie_at_target(self) -> bool:
        """True while the target is reached but two or more share the most points."""
        return self.target_reached and not self.finished

    @property
    def hand_count(self) -> int:
        return len(self.hands)

    @property
    def full(self) -> bool:
        """True when the game holds :data:`MAX_HANDS` hands and is still not over."""
        return not self.finished and self.hand_count >= MAX_HANDS

    @property
    def next_hand_number(self) -> int | None:
        return None if self.finished or self.full else self.hand_count + 1

    def to_dict(self) -> dict:
        return {
            "target": self.target,
            "player_count": self.player_count,
            "hands": [[score.to_dict() for score in hand] for hand in self.hands],
            "running_totals": [list(row) for row in self.running_totals],
            "totals": list(self.totals),
            "leaders": list(self.leaders),
            "places": [str(place) for place in self.places],
            "target_reached": self.target_reached,
            "finished": self.finished,
            "winner": self.winner,
        }


def game_state(
    hands: Iterable[Iterable[object]],
    target: int,
    *,
    player_count: int | None = None,
    names: Sequence[str] | None = None,
) -> GameState:
    """The game after ``hands`` (each as :func:`score_hand` takes it), played to ``target``.

    The number of players is that of the first hand, or ``player_count`` or
    ``len(names)`` before any hand. Raises :class:`InvalidHand` (with ``hand``
    set, counting from 1) for a hand the rules cannot score or with another
    number of players, and :class:`InvalidGame` for a bad target or a hand
    after the end of the game.

    A game is played again at every tap with one hand more (or less) than
    the last time: the game after each run of hands is kept, so the hands
    before are not scored again.
    """
    check_target(target)
    if player_count is None and names is not None:
        player_count = len(names)
    if player_count is not None:
        check_player_count(player_count)
    given: list[list] = [list(results) for results in hands]
    names = tuple(names) if names is not None else None
    key = _frozen(given)
    played = None
    if key is not None:
        try:
            played = _played(key, target, player_count, names)
        except (InvalidHand, InvalidGame):
            played = None  # said again below, in the words of the hands as given
    if played is None:
        played = _Played.start(player_count)
        for number, results in enumerate(given, start=1):
            played = played.then(number, results, target, names)
    final_totals = tuple(played.totals or ())
    return GameState(
        target=target,
        player_count=len(final_totals),
        hands=played.scored,
        running_totals=played.rows,
        totals=final_totals,
        leaders=tuple(leaders(final_totals)),
        places=tuple(places(final_totals)),
        target_reached=bool(final_totals) and max(final_totals) >= target,
        finished=played.winner is not None,
        winner=played.winner,
    )


@dataclass(frozen=True)
class _Played:
    """A game after some of its hands: each hand scored, the running totals, the winner."""

    scored: tuple[tuple[PlayerScore, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...] | None
    winner: int | None

    @classmethod
    def start(cls, player_count: int | None) -> _Played:
        return cls((), (), None if player_count is None else (0,) * player_count, None)

    def then(self, number: int, results: list, target: int, names: Sequence[str] | None) -> _Played:
        """The game after hand ``number`` too."""
        if self.winner is not None:
            raise InvalidGame(f"hand {number} comes after the end of the game")
        if number > MAX_HANDS:
            raise InvalidGame(f"a game holds at most {MAX_HANDS} hands")
        if self.totals is not None and len(results) != len(self.totals):
            raise InvalidHand(
                f"hand {number}: {len(results)} players, but the game has {len(self.totals)}",
                hand=number,
            )
        try:
            hand = tuple(score_hand(results, names=names))
        except InvalidHand as error:
            raise InvalidHand(f"hand {number}: {error}", seat=error.seat, hand=number) from None
        totals = tuple(total + score.final for total, score in zip(self.totals or (0,) * len(hand), hand))
        return _Played(self.scored + (hand,), self.rows + (totals,), totals, winner_of(totals, target))


def _frozen(hands: list[list]) -> tuple | None:
    """``hands`` as a key of :func:`_played`; None when they are not plain values."""
    try:
        key = tuple(tuple(tuple(result) if isinstance(result, list | tuple) else result for result in hand) for hand in hands)
        hash(key)
    except TypeError:
        return None
    return key


@functools.lru_cache(maxsize=1024)
def _played(hands: tuple, target: int, player_count: int | None, names: tuple[str, ...] | None) -> _Played:
    """The game after ``hands``, from the game after all of them but the last (kept)."""
    if not hands:
        return _Played.start(player_count)
    return _played(hands[:-1], target, player_count, names).then(len(hands), list(hands[-1]), target, names)


# The ratings record.


def ratings_eligible(target: int, player_count: int) -> bool:
    """Whether a game goes to the ratings: played to at least 12 points, and by
    fewer than 11 players (the text: "don't expect me to track this game")."""
    return target >= RATINGS_MIN_TARGET and player_count < ELEVEN_PLAYERS


def ratings_mark(target: int) -> int | None:
    """The highest mark the target reaches (19 or 25), or None below 19."""
    reached = [mark for mark in RATINGS_MARKS if target >= mark]
    return reached[-1] if reached else None


@dataclass(frozen=True)
class RatingsEntry:
    place: Place
    name: str
    score: int


@dataclass(frozen=True)
class RatingsRecord:
    """What is sent for the ratings: date, time, players, final scores and places,
    best first (ties in seat order), and the mark of a game to 19 or 25 or more."""

    date: datetime.date
    time: datetime.time
    target: int
    mark: int | None
    entries: tuple[RatingsEntry, ...]

    def as_text(self) -> str:
        lines = [
            f"Two Way Street, {self.date.isoformat()} {self.time.strftime('%H:%M')},"
            f" to {self.target} points"
            + (f" (a game to {self.mark} or more)" if self.mark is not None else "")
        ]
        # Each name isolated, so that a right-to-left name keeps its place and score beside it.
        lines += [f"{entry.place} {isolate(entry.name)} {entry.score}" for entry in self.entries]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "date": self.date.isoformat(),
            "time": self.time.strftime("%H:%M"),
            "target": self.target,
            "mark": self.mark,
            "entries": [
                {"place": str(entry.place), "name": entry.name, "score": entry.score}
                for entry in self.entries
            ],
        }


def ratings_record(
    state: GameState, names: Sequence[str], played_on: datetime.date, finished_at: datetime.datetime
) -> RatingsRecord | None:
    """The ratings record of a finished game, or None for a game that does not go
    to the ratings: dated ``played_on`` (the game's date) at the time of
    ``finished_at`` (when its last hand was recorded). Raises
    :class:`InvalidGame` for a game that is not over."""
    if not state.finished:
        raise InvalidGame("a game that is not over has no ratings record")
    if len(names) != state.player_count:
        raise InvalidGame(f"{len(names)} names for {state.player_count} players")
    if not ratings_eligible(state.target, state.player_count):
        return None
    order = sorted(range(state.player_count), key=lambda index: state.places[index].number)
    return RatingsRecord(
        date=played_on,
        time=finished_at.time().replace(second=0, microsecond=0),
        target=state.target,
        mark=ratings_mark(state.target),
        entries=tuple(
            RatingsEntry(state.places[index], names[index], state.totals[index])
            for index in order
        ),
    )
