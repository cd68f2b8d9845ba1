"""Teams: weighted scores in IMPs (Law 12C1c), split scores for VP and knock-out
matches (Laws 12C1f, 86B), each with the rows the reference lays out."""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction

from .figures import ActsAsFigure, Figure, Ties, rounded
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
    ``typed``: the weight as typed when read as a simple fraction (:class:`Outcome`).
    """

    this_room: int
    other_room: int
    difference: int
    imps: int
    weight: Figure
    part: Figure
    typed: str = dataclass_field(default="", compare=False)


@dataclass(frozen=True, eq=False)
class WeightedImps(ActsAsFigure):
    """A weighted score in IMPs (Law 12C1c) with its working; stands for the NS
    team's IMPs (``float(result)``, ``round(result, 1)``, ``result == -10.3``).

    ``ns`` is the sum of the rows' ``part``; ``ew`` is ``-ns``.
    """

    ns: Figure
    ew: Figure
    rows: tuple[ImpRow, ...]
    other_room_score: int

    def figure_value(self) -> Figure:
        return self.ns


numbers.Real.register(WeightedImps)


def weighted_imps(
    weighted: Iterable[Outcome | tuple[object, object]] | str,
    other_room: int | str,
    vulnerability: Vulnerability | None = None,
) -> WeightedImps:
    """The weighted IMP score of the team sitting NS in this room.

    ``weighted``: this room's NS outcomes with their weights (adding up to 1);
    ``other_room``: the NS score in the other room. Each outcome is IMPed against
    the other room, and the IMPs are weighted. Example 2::

        >>> from bridge.scoring import display
        >>> display(weighted_imps([(-650, "1/3"), (300, "2/3")], 620))
        '-10.3'
    """
    outcomes = as_outcomes(weighted, vulnerability)
    other = _room_score(other_room, vulnerability, field="other_room")
    rows = []
    for outcome in outcomes:
        difference = outcome.score - other
        won = imps(difference)
        rows.append(
            ImpRow(outcome.score, -other, difference, won, outcome.weight, Figure(outcome.weight * won), outcome.typed)
        )
    ns = Figure(sum((row.part for row in rows), Fraction(0)))
    return WeightedImps(ns=ns, ew=Figure(-ns), rows=tuple(rows), other_room_score=other)


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
    ns_team_score: numbers.Rational, ew_team_score: numbers.Rational, *, ties: Ties = "away"
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

