"""Reads: games with what the pages need, in a fixed number of queries."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import cast

from django.db import connection
from django.db.models import CharField, Count, F, Field, Func, Max, Prefetch, Q, QuerySet, Sum

from pad import rules, statistics, summaries
from pad.cards import CardsError, check_cards
from pad.models import MAX_MEMBERS, Game, Hand, Invitation, Partnership
from pad.statistics import Tally
from pad.summaries import FinishedGame, ResultsChart, Run, YearResults
from scorepads import access, history
from scorepads.display import Changer
from scorepads.players import changer

# Who sees what: a partnership's members see it and its games; staff see
# everything, including the games imported without an owner. Every view reads
# through these, so a stranger's request finds nothing (404), whatever the URL.


def partnerships_of(user) -> QuerySet[Partnership]:
    """The partnerships ``user`` may see and play in."""
    return access.visible_to(user, Partnership.objects.all(), members="members")


def games_visible_to(user) -> QuerySet[Game]:
    """The games ``user`` may see and change."""
    return access.visible_to(user, Game.objects.all(), members="partnership__members")


def games_with_hands(games: QuerySet[Game] | None = None) -> QuerySet[Game]:
    """``games`` (every game when None) with their partnership and hands."""
    games = Game.objects.all() if games is None else games
    return games.select_related("partnership").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number"))
    )


def played_hands(game: Game) -> list[rules.PlayedHand]:
    """The hands of ``game`` in order, each as the pad at the table needs it:
    its number, outcome and dealer. Every tap and every pad drawn reads this,
    so it is one indexed query written in SQL, the rows made into no model:
    the ORM takes several times longer to build the query than the database
    takes to answer it (bench/recording.py)."""
    with connection.cursor() as cursor:
        cursor.execute(_played_sql(), [game.pk])
        rows = cursor.fetchall()
    return [rules.PlayedHand(number, _OUTCOMES[outcome], _SEATS[dealer]) for number, outcome, dealer in rows]


_OUTCOMES = {outcome.value: outcome for outcome in rules.Outcome}
_SEATS = {seat.value: seat for seat in rules.Seat}


@functools.cache
def _played_sql() -> str:
    """SELECT number, outcome, dealer FROM the hands WHERE game = %s ORDER BY number."""
    quote = connection.ops.quote_name

    def column(name: str) -> str:
        return quote(str(cast(Field, Hand._meta.get_field(name)).column))

    columns = ", ".join(column(name) for name in ("number", "outcome", "dealer"))
    return f"SELECT {columns} FROM {quote(Hand._meta.db_table)} WHERE {column('game')} = %s ORDER BY {column('number')}"


def revision_of(games: QuerySet[Game], **lookup) -> int | None:
    """The revision of the one game of ``games`` that matches ``lookup``; None
    when there is none. A shared pad's poll reads only this."""
    try:
        return games.values_list("revision", flat=True).get(**lookup)
    except Game.DoesNotExist:
        return None


def pad_revision(user, game_id: int) -> int | None:
    """The revision of game ``game_id`` if ``user`` may see it (as
    :func:`games_visible_to` decides), else None: what an open pad's poll reads."""
    return access.revision_for(user, Game, game_id, owner="partnership", members="members")


def recent_games(user, limit: int = 10) -> list[Game]:
    """The latest games ``user`` may see, newest first, with their stored summary."""
    return list(games_visible_to(user).select_related("partnership").order_by("-date", "-id")[:limit])


# The history browser: lists and statistics from the summary fields stored on
# each game (pad.summaries), never from the hands, so each page costs a fixed,
# small number of queries however many games there are.


@dataclass(frozen=True)
class GameFilters:
    """What the games list is narrowed to; ``None`` (or "") means no filter.

    ``result`` is a :class:`rules.Result`. ``player`` matches either partner's name, ignoring case.
    """

    partnership: Partnership | None = None
    result: rules.Result | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    player: str = ""


def partnerships_named(player: str, partnerships: QuerySet[Partnership] | None = None) -> list[int]:
    """The ids of partnerships whose partners' names answer ``player``: one
    name or part of it, or both ("jon richard"), as :func:`history.names_search` says.

    Matched in Python ignoring case and accents, so "emile" finds "Émile" on
    every database (SQLite's LIKE ignores the case of ASCII letters only);
    partnerships are few.
    """
    matches = history.names_search(player)
    return [
        pk
        for pk, odd_name, even_name in (
            Partnership.objects.all() if partnerships is None else partnerships
        ).values_list("pk", "odd_name", "even_name")
        if matches((odd_name, even_name))
    ]


@dataclass(frozen=True)
class GameOrder:
    """An order the games list offers beside the newest first."""

    label: str
    fields: tuple  # for QuerySet.order_by
    # The pager's words for the page before and the page after, as the order
    # runs: newest first, the page before holds newer games.
    before: str = "Newer"
    after: str = "Older"
    oldest_first: bool = False  # the only one every game's list knows
    gorilla_only: bool = False  # by the score: Gorilla games only


MARGIN = F("partnership_score") - F("fates_score")

NEWEST_FIRST = GameOrder("Newest first", ("-date", "-id"))

GAME_ORDERS: dict[str, GameOrder] = {
    "oldest": GameOrder("Oldest first", ("date", "id"), "Older", "Newer", oldest_first=True),
    "best": GameOrder(
        "Best score first (Gorilla)", (MARGIN.desc(), "-partnership_score", "-date", "-id"), "Better", "Worse",
        gorilla_only=True,
    ),
    "worst": GameOrder(
        "Worst score first (Gorilla)", (MARGIN.asc(), "partnership_score", "-date", "-id"), "Worse", "Better",
        gorilla_only=True,
    ),
}


def games_for_history(filters: GameFilters = GameFilters(), *, user) -> QuerySet[Game]:
    """The games ``user`` may see matching ``filters``, newest first, with their partnership."""
    games = games_visible_to(user).select_related("partnership")
    if filters.partnership is not None:
        games = games.filter(partnership=filters.partnership)
    if filters.result is not None:
        games = games.filter(result=filters.result.value)
    games = history.within_dates(games, filters)
    if filters.player.strip():
        games = games.filter(partnership__in=partnerships_named(filters.player, partnerships_of(user)))
    return games.order_by("-date", "-id")


def games_in_history(user, filters: history.HistoryFilters) -> QuerySet[Game]:
    """The games of the history browser's list of every game: the filters every
    game understands."""
    return games_for_history(
        GameFilters(player=filters.player, date_from=filters.date_from, date_to=filters.date_to), user=user
    )


def games_to_export(*, owner=None) -> QuerySet[Game]:
    """Every game (``owner``'s only, when given) with its partnership and hands,
    oldest first: what ``export_games`` prints."""
    games = access.written(Game.objects.all()) if owner is None else access.own(owner, Game.objects.all(), members="partnership__members")
    return games.select_related("partnership").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number"))
    ).order_by("pk")


def games_for_export(filters: GameFilters = GameFilters(), *, user) -> QuerySet[Game]:
    """As :func:`games_for_history`, with the hands, for pad.exchange.export_document."""
    return games_for_history(filters, user=user).prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number"))
    )


@dataclass(frozen=True)
class GameRow:
    """A game of the list with its ratios, read from its stored summary."""

    game: Game
    tally: Tally

    @property
    def play(self) -> rules.Ratio:
        return self.tally.play

    @property
    def fate(self) -> rules.Ratio:
        return self.tally.fate

    @property
    def result(self) -> rules.Result:
        return self.game.result_of_game

    @property
    def listed_statistics(self) -> tuple[statistics.StatisticValue, ...]:
        """The statistics the games list shows on each row."""
        return tuple(
            value
            for value in statistics.statistic_values(self.tally, self.game.partnership.names)
            if value.in_games_list
        )


def tally_of(game: Game) -> Tally:
    """The counts stored on ``game``, with its game pride."""
    return Tally.of_game({name: getattr(game, name) for name in statistics.COUNT_FIELDS}, game.game_pride)


def game_rows(games: Iterable[Game]) -> list[GameRow]:
    return [GameRow(game, tally_of(game)) for game in games]


@dataclass(frozen=True)
class PartnershipStatistics:
    partnership: Partnership
    played: int
    won: int
    lost: int
    in_progress: int
    tally: Tally
    finished_count: int
    longest_winning_run: Run
    longest_losing_run: Run
    current_run: Run
    best_game: FinishedGame | None
    worst_game: FinishedGame | None
    years: tuple[YearResults, ...]
    chart: ResultsChart

    @property
    def game_pride_rows(self) -> list[tuple[str, str, int]]:
        """(mark, meaning, number of games) for game pride 1, 0 and ?."""
        return [
            (mark, meaning, self.tally.game_pride.get(mark, 0))
            for mark, meaning in statistics.GAME_PRIDE_MEANINGS.items()
        ]

    @property
    def lifetime_statistics(self) -> tuple[statistics.StatisticValue, ...]:
        """Every statistic of the pad over all the partnership's games, but game
        pride, which the page counts by mark (:attr:`game_pride_rows`)."""
        return tuple(
            value
            for value in statistics.statistic_values(self.tally, self.partnership.names)
            if value.key != "game_pride"
        )


def partnership_statistics(
    partnership: Partnership, *, date_from: datetime.date | None = None, date_to: datetime.date | None = None
) -> PartnershipStatistics:
    """A partnership's lifetime statistics in a fixed number of queries, however
    many games it played, none of which reads every game into Python: the
    counts of its finished games added up by the database, its runs of results
    found there too (:func:`result_runs`), the best and the worst game, the
    results by year and the last games of the chart. ``date_from`` and
    ``date_to`` narrow them to a season (a season report)."""
    games = history.within_dates(
        access.written(Game.objects.filter(partnership=partnership)), GameFilters(date_from=date_from, date_to=date_to)
    )
    # Lifetime figures count finished games only: a game in progress would
    # move them hand by hand (the page says so).
    finished_only = ~Q(result=rules.Result.IN_PROGRESS)
    aggregates = {
        f"total_{count.field}": (Max if count.lifetime is statistics.Lifetime.MAX else Sum)(
            count.field, default=0, filter=finished_only
        )
        for count in statistics.STORED_COUNTS
    }
    totals = games.aggregate(
        played=Count("pk"),
        **{
            f"result_{result.slug}": Count("pk", filter=Q(result=result.value))
            for result in rules.Result
        },
        **{
            f"pride_{index}": Count("pk", filter=Q(game_pride=mark))
            for index, mark in enumerate(statistics.GAME_PRIDE_MEANINGS)
        },
        **aggregates,
    )
    finished = games.exclude(result=rules.Result.IN_PROGRESS)
    finished_count = totals["played"] - totals[f"result_{rules.Result.IN_PROGRESS.slug}"]
    longest_winning_run, longest_losing_run, current_run = result_runs(finished)
    margin = F("partnership_score") - F("fates_score")
    # Of equal margins, the latest game.
    wins, losses = (finished.filter(result=result).alias(margin=margin) for result in (rules.Result.WON, rules.Result.LOST))
    best_game = _finished_games(wins.order_by("-margin", "-date", "-pk")[:1])
    worst_game = _finished_games(losses.order_by("margin", "-date", "-pk")[:1])
    chart_games = _finished_games(finished.order_by("-date", "-pk")[: summaries.CHART_GAMES])[::-1]
    years = (
        finished.annotate(year=_YearOf("date"))
        .values_list("year")
        .annotate(
            won=Count("pk", filter=Q(result=rules.Result.WON)), lost=Count("pk", filter=Q(result=rules.Result.LOST))
        )
        .order_by("year")
    )
    return PartnershipStatistics(
        partnership=partnership,
        played=totals["played"],
        won=totals[f"result_{rules.Result.WON.slug}"],
        lost=totals[f"result_{rules.Result.LOST.slug}"],
        in_progress=totals[f"result_{rules.Result.IN_PROGRESS.slug}"],
        tally=Tally(
            {name: totals[f"total_{name}"] for name in statistics.COUNT_FIELDS},
            {
                mark: totals[f"pride_{index}"]
                for index, mark in enumerate(statistics.GAME_PRIDE_MEANINGS)
            },
        ),
        finished_count=finished_count,
        longest_winning_run=longest_winning_run,
        longest_losing_run=longest_losing_run,
        current_run=current_run,
        best_game=best_game[0] if best_game else None,
        worst_game=worst_game[0] if worst_game else None,
        years=tuple(YearResults(int(year), won, lost) for year, won, lost in years),
        chart=replace(summaries.results_chart(chart_games), of_total=finished_count),
    )


FINISHED_GAME_FIELDS = (
    "pk", "date", "result", "partnership_score", "fates_score", "made_count", "possible_count", "hand_count"
)


def _finished_games(games: QuerySet[Game]) -> list[FinishedGame]:
    return [
        FinishedGame(pk, date, result == rules.Result.WON, partnership_score, fates_score, made, made + possible, hands)
        for pk, date, result, partnership_score, fates_score, made, possible, hands in games.values_list(
            *FINISHED_GAME_FIELDS
        )
    ]


def finished_games(
    partnership: Partnership, *, date_from: datetime.date | None = None, date_to: datetime.date | None = None
) -> tuple[FinishedGame, ...]:
    """Every finished game of a partnership (in a season), in date order: a
    season report charts each one."""
    games = history.within_dates(
        access.written(Game.objects.filter(partnership=partnership)), GameFilters(date_from=date_from, date_to=date_to)
    )
    return tuple(_finished_games(games.exclude(result=rules.Result.IN_PROGRESS).order_by("date", "pk")))


class _YearOf(Func):
    """A date's year as text ("2026"), worked out by the database itself (SQLite
    keeps a date as text; Django's own year would call back into Python for each row)."""

    output_field = CharField()

    def as_sqlite(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="SUBSTR(%(expressions)s, 1, 4)", **extra)

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="TO_CHAR(%(expressions)s, 'YYYY')", **extra)


class _MonthOf(_YearOf):
    """A date's month as text ("2026-07"), as :class:`_YearOf`."""

    def as_sqlite(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="SUBSTR(%(expressions)s, 1, 7)", **extra)

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="TO_CHAR(%(expressions)s, 'YYYY-MM')", **extra)


def finished_months(partnership: Partnership) -> list[datetime.date]:
    """The first day of each month in which the partnership finished a game,
    newest first (one row a month, however many games): what a season report
    can be printed for."""
    months = (
        access.written(Game.objects.filter(partnership=partnership))
        .exclude(result=rules.Result.IN_PROGRESS)
        .annotate(month=_MonthOf("date"))
        .values_list("month", flat=True)
        .distinct()
        .order_by("-month")
    )
    return [datetime.date(int(month[:4]), int(month[5:7]), 1) for month in months]


RUN_KEY = 2**32


def result_runs(finished: QuerySet[Game]) -> tuple[Run, Run, Run]:
    """The longest run of wins, the longest of losses (of equal runs, the latest)
    and the run the last game ends, of ``finished`` games in date order: found
    by the database (a run is the games whose place among all and whose place
    among the games of the same result differ by the same number), each given
    as its first and last game and its length. Two queries, whatever the count."""
    sql, params = finished.order_by().values_list("pk", "date", "result").query.sql_with_params()
    # A run's first and last game: the least and greatest of place * KEY + id
    # over its games, the id the remainder (ids stay below KEY).
    ranked = f"""
        WITH finished_game (game_id, played_on, outcome) AS ({sql}),
        placed AS (
            SELECT game_id, outcome, ROW_NUMBER() OVER (ORDER BY played_on, game_id) AS place
            FROM finished_game
        ),
        ordered AS (
            SELECT game_id, outcome, place,
                place - ROW_NUMBER() OVER (PARTITION BY outcome ORDER BY place) AS island
            FROM placed
        ),
        result_run AS (
            SELECT outcome, COUNT(*) AS run_length,
                MIN(place * {RUN_KEY} + game_id) AS first_key, MAX(place * {RUN_KEY} + game_id) AS last_key
            FROM ordered GROUP BY outcome, island
        ),
        ranked AS (
            SELECT result_run.*,
                ROW_NUMBER() OVER (PARTITION BY outcome ORDER BY run_length DESC, last_key DESC) AS rank_of_outcome,
                MAX(last_key) OVER () AS final_key
            FROM result_run
        )
        SELECT outcome, run_length, first_key %% {RUN_KEY}, last_key %% {RUN_KEY},
            rank_of_outcome = 1, last_key = final_key
        FROM ranked
        WHERE rank_of_outcome = 1 OR last_key = final_key
    """
    with connection.cursor() as cursor:
        cursor.execute(ranked, params)
        found = cursor.fetchall()
    ends = {pk for row in found for pk in row[2:4]}
    games = {game.id: game for game in _finished_games(Game.objects.filter(pk__in=ends))}
    longest = {True: Run(won=True), False: Run(won=False)}
    current = Run(won=True)
    for result, length, first, last, is_longest, is_current in found:
        run = Run(result == rules.Result.WON, (games[first], games[last]) if first != last else (games[first],), length)
        if is_longest:
            longest[run.won] = run
        if is_current:
            current = run
    return longest[True], longest[False], current


# Sharing: a partnership's members and invitations, a game's share link.


def members_of(partnership: Partnership) -> list:
    """The accounts that are members of ``partnership``, by username."""
    return list(partnership.members.order_by("username"))


def open_invitation(partnership: Partnership) -> Invitation | None:
    """The partnership's invitation that can still be used, if there is one."""
    return partnership.invitations.filter(used_at=None, revoked_at=None).first()


def invitation_by_token(token: str) -> Invitation | None:
    return Invitation.objects.select_related("partnership", "created_by").filter(token=token).first()


def shared_games() -> QuerySet[Game]:
    """The games that have a share link."""
    return Game.objects.exclude(share_token="")


def shared_game(token: str) -> Game | None:
    """The shared game with this token, with its partnership and hands."""
    return games_with_hands(shared_games()).filter(share_token=token).first()


def hands_of(game: Game) -> list[Hand]:
    """The game's hands in order: from the prefetch when it was loaded with them."""
    return sorted(game.hands.all(), key=lambda hand: hand.number)


def hands_in_order(game: Game) -> list[Hand]:
    """The game's hands, read now (after a service changed them, or for a game
    loaded without them)."""
    return list(game.hands.order_by("number"))


@dataclass(frozen=True)
class InvitationState:
    can_invite: bool  # the partnership has room for its second member
    token: str | None  # the open invitation's token, if one was made


def invitation_state(partnership: Partnership) -> InvitationState:
    if partnership.members.count() >= MAX_MEMBERS:
        return InvitationState(False, None)
    invitation = open_invitation(partnership)
    return InvitationState(True, invitation.token if invitation else None)


def game_in_progress(partnership: Partnership) -> Game | None:
    """The partnership's latest game still going on."""
    return (
        access.written(Game.objects.filter(partnership=partnership, result=rules.Result.IN_PROGRESS))
        .order_by("-date", "-id")
        .first()
    )


def game_to_resume(user) -> Game | None:
    """The latest game ``user`` may see that is still going on: the front page's Resume."""
    return (
        games_visible_to(user)
        .filter(result=rules.Result.IN_PROGRESS)
        .select_related("partnership")
        .order_by("-date", "-id")
        .first()
    )


def irregularity_notes(games) -> list[str]:
    """The irregularity notes of the hands of ``games``, as printed under their pads: one query."""
    return list(
        Hand.objects.filter(game__in=[game.pk for game in games]).exclude(irregularity="").values_list("irregularity", flat=True)
    )


@dataclass(frozen=True)
class PartnerAccount:
    """A partner of the pad whose account is known: named as the pad names them."""

    name: str
    account_id: int


def partner_of(partnership: Partnership, account) -> rules.Seat | None:
    """The partner ``account`` is: the one whose name, as the pad shows it, is
    the account's user name, full name or first name (case aside); None when
    no partner's is."""
    own = {
        name.strip().casefold()
        for name in (account.get_username(), account.get_full_name(), account.first_name)
        if name.strip()
    }
    return next((seat for seat, name in partnership.names.items() if name.casefold() in own), None)


def changer_on_pad(game: Game, user) -> Changer:
    """Who made the last change to ``game``, as ``user``'s pad names them: the
    partner by the name the pad shows (scorepads.players.changer), found by
    their account's name, or as the other partner when ``user`` is one."""
    changed_by = game.changed_by if game.changed_by_id not in (None, user.pk) else None
    if changed_by is None:
        return changer(game, user)
    seat = partner_of(game.partnership, changed_by)
    if seat is None and (own := partner_of(game.partnership, user)) is not None:
        seat = own.other
    partners = [PartnerAccount(game.partnership.name_of(seat), changed_by.pk)] if seat else []
    return changer(game, user, partners)


def is_recorded_as(game_id: int, number: int, *, outcome: str) -> bool:
    """Whether hand ``number`` is stored with this outcome: a tap sent again,
    not another phone's hand."""
    return Hand.objects.filter(game_id=game_id, number=number, outcome=outcome).exists()


def is_stored_as(game_id: int, number: int, *, outcome: str, taker_cards: str, giver_cards: str) -> bool:
    """Whether hand ``number`` is stored with these cards and this outcome: a
    gorillaed-out hand sent again, not another phone's hand."""
    try:
        cards = check_cards(taker_cards, giver_cards)
    except CardsError:
        return False
    return Hand.objects.filter(
        game_id=game_id, number=number, outcome=outcome, taker_cards=cards.taker, giver_cards=cards.giver
    ).exists()
