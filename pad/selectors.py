"""Reads: games with what the pages need, in a fixed number of queries."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, Prefetch, Q, QuerySet, Sum

from pad import rules, summaries
from pad.models import Game, Hand, Partnership
from pad.summaries import FinishedGame, ResultsChart, Run, Tally, YearResults


@dataclass(frozen=True)
class GameSummary:
    game: Game
    pad: rules.Pad


# Who sees what: a partnership's members see it and its games; staff see
# everything, including the games imported without an owner. Every view reads
# through these, so a stranger's request finds nothing (404), whatever the URL.


def partnerships_of(user) -> QuerySet[Partnership]:
    """The partnerships ``user`` may see and play in."""
    if user.is_staff:
        return Partnership.objects.all()
    if not user.is_authenticated:
        return Partnership.objects.none()
    return Partnership.objects.filter(members=user)


def games_visible_to(user) -> QuerySet[Game]:
    """The games ``user`` may see and change."""
    if user.is_staff:
        return Game.objects.all()
    if not user.is_authenticated:
        return Game.objects.none()
    return Game.objects.filter(partnership__members=user)


def games_with_hands(games: QuerySet[Game] | None = None) -> QuerySet[Game]:
    """``games`` (every game when None) with their partnership and hands."""
    games = Game.objects.all() if games is None else games
    return games.select_related("partnership").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number"))
    )


def revision_of(games: QuerySet[Game], **lookup) -> int | None:
    """The revision of the one game of ``games`` that matches ``lookup``; None
    when there is none. A shared pad's poll reads only this."""
    try:
        return games.values_list("revision", flat=True).get(**lookup)
    except Game.DoesNotExist:
        return None


MAX_ID = 2**63 - 1  # the largest id a BigAutoField holds


def pad_revision(user, game_id: int) -> int | None:
    """The revision of game ``game_id`` if ``user`` may see it (as
    :func:`games_visible_to` decides), else None.

    Every open pad asks this every 3 s, so most of the app's requests are this
    one indexed lookup. It is written in SQL because the ORM takes about twenty
    times longer to build the query than the database takes to answer it
    (bench/load.py measures the polls). A test holds it to games_visible_to.
    """
    if not user.is_authenticated or not 0 < game_id <= MAX_ID:
        return None
    with connection.cursor() as cursor:
        if user.is_staff:
            cursor.execute(_revision_sql(members_only=False), [game_id])
        else:
            cursor.execute(_revision_sql(members_only=True), [game_id, user.pk])
        row = cursor.fetchone()
    return None if row is None else row[0]


@functools.cache
def _revision_sql(*, members_only: bool) -> str:
    """SELECT revision FROM game [JOIN its partnership's members] WHERE id = %s [AND user = %s]."""
    quote = connection.ops.quote_name
    game, members = Game._meta, Partnership.members.through._meta
    game_table, members_table = quote(game.db_table), quote(members.db_table)
    sql = f"SELECT {game_table}.{quote(game.get_field('revision').column)} FROM {game_table}"
    where = f" WHERE {game_table}.{quote(game.pk.column)} = %s"
    if members_only:
        sql += (
            f" JOIN {members_table} ON {members_table}.{quote(members.get_field('partnership').column)}"
            f" = {game_table}.{quote(game.get_field('partnership').column)}"
        )
        where += f" AND {members_table}.{quote(members.get_field('user').column)} = %s"
    return sql + where


def pad_of(game: Game) -> rules.Pad:
    """The pad of a game whose hands are loaded (or will be, in one query)."""
    return rules.compute_pad(hand.as_played() for hand in game.hands.all())


def recent_game_summaries(user, limit: int = 10) -> list[GameSummary]:
    """The latest games ``user`` may see, newest first, with their pads."""
    return [
        GameSummary(game, pad_of(game)) for game in games_with_hands(games_visible_to(user))[:limit]
    ]


# The history browser: lists and statistics from the summary fields stored on
# each game (pad.summaries), never from the hands, so each page costs a fixed,
# small number of queries however many games there are.


@dataclass(frozen=True)
class GameFilters:
    """What the games list is narrowed to; ``None`` (or "") means no filter.

    ``result`` is a stored result: ``"won"``, ``"lost"`` or ``""`` for games in
    progress. ``player`` matches either partner's name, ignoring case.
    """

    partnership: Partnership | None = None
    result: str | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    player: str = ""


def partnerships_named(player: str, partnerships: QuerySet[Partnership] | None = None) -> list[int]:
    """The ids of partnerships with a partner whose name contains ``player``.

    Matched in Python with casefold, so "émile" finds "Émile" on every database
    (SQLite's LIKE ignores the case of ASCII letters only); partnerships are few.
    """
    needle = player.strip().casefold()
    return [
        pk
        for pk, odd_name, even_name in (
            Partnership.objects.all() if partnerships is None else partnerships
        ).values_list("pk", "odd_name", "even_name")
        if needle in odd_name.casefold() or needle in even_name.casefold()
    ]


def games_for_history(filters: GameFilters = GameFilters(), *, user) -> QuerySet[Game]:
    """The games ``user`` may see matching ``filters``, newest first, with their partnership."""
    games = games_visible_to(user).select_related("partnership")
    if filters.partnership is not None:
        games = games.filter(partnership=filters.partnership)
    if filters.result is not None:
        games = games.filter(result=filters.result)
    if filters.date_from is not None:
        games = games.filter(date__gte=filters.date_from)
    if filters.date_to is not None:
        games = games.filter(date__lte=filters.date_to)
    if filters.player.strip():
        games = games.filter(partnership__in=partnerships_named(filters.player, partnerships_of(user)))
    return games.order_by("-date", "-id")


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


def tally_of(game: Game) -> Tally:
    return Tally(
        hands=game.hand_count,
        made=game.made_count,
        possible=game.possible_count,
        odd_dealt=game.odd_dealt,
        odd_makeable=game.odd_makeable,
        even_dealt=game.even_dealt,
        even_makeable=game.even_makeable,
    )


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
    game_pride: dict[str, int]
    finished: tuple[FinishedGame, ...]
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
            (mark, meaning, self.game_pride[mark])
            for mark, meaning in (
                ("1", "won, or lost without a P"),
                ("0", "lost a game that was theirs to win"),
                ("?", "lost, never theirs to win"),
            )
        ]

    @property
    def generosity(self) -> list[tuple[str, rules.Ratio]]:
        """(partner's name, makeable / dealt) for the odd partner, then the even."""
        return [(self.partnership.name_of(seat), self.tally.generosity(seat)) for seat in rules.Seat]


def partnership_statistics(partnership: Partnership) -> PartnershipStatistics:
    """A partnership's lifetime statistics in two queries: the counts added up
    by the database, then one pass over the finished games' scores in date order."""
    games = Game.objects.filter(partnership=partnership)
    totals = games.aggregate(
        played=Count("pk"),
        won=Count("pk", filter=Q(result=summaries.WON)),
        lost=Count("pk", filter=Q(result=summaries.LOST)),
        pride_1=Count("pk", filter=Q(game_pride="1")),
        pride_0=Count("pk", filter=Q(game_pride="0")),
        pride_unknown=Count("pk", filter=Q(game_pride="?")),
        hands=Sum("hand_count", default=0),
        made=Sum("made_count", default=0),
        possible=Sum("possible_count", default=0),
        odd_dealt=Sum("odd_dealt", default=0),
        odd_makeable=Sum("odd_makeable", default=0),
        even_dealt=Sum("even_dealt", default=0),
        even_makeable=Sum("even_makeable", default=0),
    )
    finished = tuple(
        FinishedGame(pk, date, result == summaries.WON, partnership_score, fates_score)
        for pk, date, result, partnership_score, fates_score in games.exclude(
            result=summaries.IN_PROGRESS
        )
        .order_by("date", "pk")
        .values_list("pk", "date", "result", "partnership_score", "fates_score")
    )
    all_runs = summaries.runs(finished)
    return PartnershipStatistics(
        partnership=partnership,
        played=totals["played"],
        won=totals["won"],
        lost=totals["lost"],
        in_progress=totals["played"] - totals["won"] - totals["lost"],
        tally=Tally(
            hands=totals["hands"],
            made=totals["made"],
            possible=totals["possible"],
            odd_dealt=totals["odd_dealt"],
            odd_makeable=totals["odd_makeable"],
            even_dealt=totals["even_dealt"],
            even_makeable=totals["even_makeable"],
        ),
        game_pride={"1": totals["pride_1"], "0": totals["pride_0"], "?": totals["pride_unknown"]},
        finished=finished,
        longest_winning_run=summaries.longest_run(all_runs, won=True),
        longest_losing_run=summaries.longest_run(all_runs, won=False),
        current_run=all_runs[-1] if all_runs else summaries.Run(won=True),
        best_game=summaries.best_game(finished),
        worst_game=summaries.worst_game(finished),
        years=tuple(summaries.results_by_year(finished)),
        chart=summaries.results_chart(finished),
    )
