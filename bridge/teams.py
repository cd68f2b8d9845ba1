"""Teams: weighted scores in IMPs (Law 12C1c), split scores for VP and knock-out
matches (Laws 12C1f, 86B), each with the rows the reference lays out."""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction

from .figures import IMP_PLACES, ActsAsFigure, Exact, Figure, Side, Ties, rounded
from .pairs import table_and_offenders
from .parsing import Outcome, as_outcomes, parse_score
from .scores import Vulnerability, check_score, imps


def _room_score(score: int | str, vulnerability: Vulnerability | None, *, field: str) -> int:
    if isinstance(score, str):
        return parse_score(score, vulnerability, field=field)
    return check_score(score, vulnerability, field=field)


@dataclass(frozen=True)
class ImpRow:
    """A row of the reference's IMP table, for the team sitting NS in this room.

    ``this_room`` is the OPEN column (the NS score here); ``other_room`` the CLOSED
    column (the same team's score in the other room: minus the NS score there).
    ``part`` is the weight times the IMPs, exact; ``written_part`` the same written
    to one decimal, as the sheet shows it and adds it up.
    ``typed``: the weight as typed when read as a simple fraction (:class:`Outcome`).
    """

    this_room: int
    other_room: int
    difference: int
    imps: int
    weight: Figure
    part: Figure
    written_part: Figure
    typed: str = dataclass_field(default="", compare=False)


@dataclass(frozen=True, eq=False)
class WeightedImps(ActsAsFigure):
    """A weighted score in IMPs (Law 12C1c) with its working; stands for the NS
    team's exact IMPs (``float(result)``, ``round(result, 1)``, ``result == -10.3``).

    ``ns`` is the sum of the rows' ``part``; ``ew`` is ``-ns``. ``written`` is the
    NS team's score as the sheet writes it: the sum of the rows' ``written_part``.
    With a ``table_result`` (its IMP row, weight 1) and the ``offenders``, the
    table result ``stands`` when the weighted score is no better for the
    non-offending side; ``awarded`` is what each team gets.
    """

    ns: Figure
    ew: Figure
    rows: tuple[ImpRow, ...]
    other_room_score: int
    written: Figure
    table_result: ImpRow | None = None
    offenders: Side | None = None

    def figure_value(self) -> Figure:
        return self.ns

    @property
    def stands(self) -> bool:
        """Whether the table result stands: the weighted score (as written) is no
        better for the non-offending side than the table result."""
        if self.table_result is None or self.offenders is None:
            return False
        if self.offenders is Side.EW:
            return self.written <= self.table_result.imps
        return -self.written <= -self.table_result.imps

    @property
    def awarded(self) -> tuple[Figure, Figure]:
        """What the NS team and the EW team get: the table result when it stands,
        else the weighted score as written."""
        table = self.table_result
        ns = Figure(table.imps) if table is not None and self.stands else self.written
        return ns, Figure(-ns)


numbers.Real.register(WeightedImps)


def weighted_imps(
    weighted: Iterable[Outcome | tuple[object, object]] | str,
    other_room: int | str,
    vulnerability: Vulnerability | None = None,
    *,
    table: int | str | None = None,
    offenders: Side | str | None = None,
    ties: Ties = "away",
) -> WeightedImps:
    """The weighted IMP score of the team sitting NS in this room.

    ``weighted``: this room's NS outcomes with their weights (adding up to 1);
    ``other_room``: the NS score in the other room. Each outcome is IMPed against
    the other room, and the IMPs are weighted; each part is written to one
    decimal (an exact tie goes ``ties``) and the written parts are the score.
    ``table`` (this room's NS score as it happened) and ``offenders`` go together:
    the table result stands if the weighted score would not be better for the
    non-offending side. Example 2::

        >>> from bridge.scoring import display
        >>> display(weighted_imps([(-650, "1/3"), (300, "2/3")], 620))
        '-10.3'
    """
    outcomes = as_outcomes(weighted, vulnerability)
    other = _room_score(other_room, vulnerability, field="other_room")
    table_score, offending = table_and_offenders(table, offenders, vulnerability)
    rows = tuple(_imp_row(outcome.score, other, outcome.weight, ties, outcome.typed) for outcome in outcomes)
    ns = Figure(sum((row.part for row in rows), Fraction(0)))
    return WeightedImps(
        ns=ns,
        ew=Figure(-ns),
        rows=rows,
        other_room_score=other,
        written=Figure(sum((row.written_part for row in rows), Fraction(0))),
        table_result=None if table_score is None else _imp_row(table_score, other, Figure(1), ties),
        offenders=offending,
    )


def _imp_row(this_room: int, other_room: int, weight: Figure, ties: Ties, typed: str = "") -> ImpRow:
    difference = this_room - other_room
    won = imps(difference)
    part = Figure(weight * won)
    return ImpRow(this_room, -other_room, difference, won, weight, part, rounded(part, IMP_PLACES, ties=ties), typed)


@dataclass(frozen=True)
class KnockoutAverage:
    """Law 86B: with non-balancing scores in a knock-out match, each team's score
    on the board is calculated separately, and their average goes to both.

    ``exact`` and ``ns_team`` are the NS team's figure (``ns_team`` written to one
    decimal); ``ew_team`` is the EW team's, ``-ns_team``.
    """

    ns_team_score: Figure
    ew_team_score: Figure
    exact: Figure
    ns_team: Figure
    ew_team: Figure


def knockout_average(
    ns_team_score: Exact, ew_team_score: Exact, *, ties: Ties = "away"
) -> KnockoutAverage:
    """The average of two teams' separately calculated scores on a board, each
    given from its own side (example 5: -16 and -10 give 3 IMP to the EW team).

    The average is written to one decimal; an exact tie goes ``ties`` (``"up"``
    or ``"down"`` for the NS team's figure, ``"away"`` from zero by default).
    """
    exact = Figure((Fraction(ns_team_score) - Fraction(ew_team_score)) / 2)
    written = rounded(exact, 1, ties=ties)
    return KnockoutAverage(
        ns_team_score=Figure(ns_team_score),
        ew_team_score=Figure(ew_team_score),
        exact=exact,
        ns_team=written,
        ew_team=Figure(-written),
    )


@dataclass(frozen=True)
class TeamBoard:
    """One team's board under a split score: its score in this room (from its
    own side), its team-mates' score in the other room, the difference, the IMPs."""

    this_room: int
    other_room: int
    difference: int
    imps: int


@dataclass(frozen=True)
class SplitImps:
    """A split score in teams (Law 12C1f): each team's board calculated separately.

    In a VP match each team keeps its own IMPs (``vp``); in a knock-out match
    both get the average (``knockout``, Law 86B).
    """

    ns_team: TeamBoard
    ew_team: TeamBoard
    knockout: KnockoutAverage

    @property
    def vp(self) -> tuple[int, int]:
        """The NS team's and the EW team's IMPs on the board, each its own."""
        return (self.ns_team.imps, self.ew_team.imps)


def split_imps(
    ns_score: int | str,
    ew_score: int | str,
    other_room: int | str,
    vulnerability: Vulnerability | None = None,
) -> SplitImps:
    """A split score in this room: ``ns_score`` assigned to NS (from NS's side),
    ``ew_score`` assigned to EW (from EW's side, like example 4's -1100), and
    ``other_room`` the NS score in the other room (the EW team's team-mates)."""
    ns = _room_score(ns_score, vulnerability, field="ns_score")
    ew = _room_score(ew_score, None if vulnerability is None else vulnerability.seen_from_ew, field="ew_score")
    other = _room_score(other_room, vulnerability, field="other_room")
    ns_team = TeamBoard(this_room=ns, other_room=-other, difference=ns - other, imps=imps(ns - other))
    ew_team = TeamBoard(this_room=ew, other_room=other, difference=ew + other, imps=imps(ew + other))
    return SplitImps(ns_team=ns_team, ew_team=ew_team, knockout=knockout_average(ns_team.imps, ew_team.imps))

