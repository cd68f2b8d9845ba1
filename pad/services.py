"""Every write to partnerships, games and hands.

Each service validates with :mod:`pad.rules` and writes atomically: a refused
request raises :class:`RecordingError` and leaves the database as it was.
"""

from __future__ import annotations

import datetime
import secrets
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import Case, F, QuerySet, TextChoices, Value, When
from django.utils import timezone

from pad import rules
from pad.cards import CardsError, check_cards
from pad.models import (
    IRREGULARITY_MAX_LENGTH,
    MAX_MEMBERS,
    NAME_MAX_LENGTH,
    NOTES_MAX_LENGTH,
    Game,
    Hand,
    Invitation,
    Partnership,
)
from pad.selectors import played_hands
from pad.summaries import game_summary
from scorepads import entries, recording, sharing
from scorepads.recording import RecordingError, check_text

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from scorepads.models import RestoreJob


def partnership_get_or_create(
    *, odd_name: str, even_name: str, user: User | None = None, restoring: RestoreJob | None = None
) -> Partnership:
    """The partnership of these two names among ``user``'s, or a new one with
    ``user`` as its member. With no user: among the partnerships with no member
    (imported without an owner), which only staff see; so a caller that forgets
    the user hides the games rather than showing them to anyone.

    A restore (``restoring``, its job) writing games for the account finds
    among them the partnerships other restores are still writing, so that the
    account never holds two of the same names, and marks the partnership it
    makes as its own: seen when the restore is done, gone if it fails
    (:mod:`scorepads.restore`). A game started here (no ``restoring``) in a
    partnership a restore made shows it at once and keeps it, whatever that
    restore's end. The account's row is locked first, as a restore's batch
    locks it, so that neither makes the partnership the other is making."""
    odd_name, even_name = odd_name.strip(), even_name.strip()
    for label, name in (("odd partner", odd_name), ("even partner", even_name)):
        if not name:
            raise RecordingError(f"the {label}'s name is empty", field=label)
        check_text(name, label=f"{label}'s name", field=label)
        if len(name) > NAME_MAX_LENGTH:
            raise RecordingError(
                f"the {label}'s name is longer than {NAME_MAX_LENGTH} characters", field=label
            )
    if odd_name.casefold() == even_name.casefold():
        raise RecordingError("the two partners need different names")
    with transaction.atomic():
        if user is None:
            candidates = Partnership.objects.filter(members=None)
        else:
            recording.lock_account(user.pk)
            candidates = Partnership.objects.filter(members=user)
        partnership = candidates.filter(odd_name=odd_name, even_name=even_name).order_by("pk").first()
        if partnership is not None and partnership.restoring_id is not None and restoring is None:
            Partnership.objects.filter(pk=partnership.pk).update(restoring=None)
            partnership.restoring = None
        if partnership is None:
            partnership = Partnership.objects.create(
                odd_name=odd_name, even_name=even_name, created_by=user, restoring=restoring
            )
            if user is not None:
                partnership.members.add(user)
    return partnership


def invitation_create(*, partnership: Partnership, user: User) -> Invitation:
    """A new one-time link to join ``partnership``; earlier open links are revoked."""
    with transaction.atomic():
        if partnership.members.count() >= MAX_MEMBERS:
            raise RecordingError(f"this partnership already has {MAX_MEMBERS} members")
        partnership.invitations.filter(used_at=None, revoked_at=None).update(revoked_at=timezone.now())
        return Invitation.objects.create(
            token=secrets.token_urlsafe(32), partnership=partnership, created_by=user
        )


def invitation_revoke(*, partnership: Partnership) -> int:
    """Revoke every open invitation of ``partnership``; returns how many."""
    return partnership.invitations.filter(used_at=None, revoked_at=None).update(
        revoked_at=timezone.now()
    )


def check_invitation(invitation: Invitation | None, *, user: User, lock: bool = False) -> None:
    """Raise RecordingError (with a code) when ``user`` cannot join through
    ``invitation``: unknown, used, withdrawn, already a member, or the
    partnership is full. With ``lock``, the partnership row is locked first, so
    that two joins at once cannot both pass."""
    if invitation is None:
        raise RecordingError("this invitation link is not known", code="unknown")
    if invitation.used_at is not None:
        raise RecordingError("this invitation link has already been used", code="used")
    if invitation.revoked_at is not None:
        raise RecordingError("this invitation link has been withdrawn", code="revoked")
    partnership = invitation.partnership
    if lock:
        Partnership.objects.select_for_update().filter(pk=partnership.pk).first()
    if partnership.members.filter(pk=user.pk).exists():
        raise RecordingError("you are already a member of this partnership", code="member")
    if partnership.members.count() >= MAX_MEMBERS:
        raise RecordingError(
            f"this partnership already has {MAX_MEMBERS} members", code="full"
        )


def invitation_accept(*, token: str, user: User) -> Partnership:
    """Make ``user`` a member through an open invitation, which is then used up.

    Refused (RecordingError, nothing changed) when the token is unknown, used or
    revoked, when ``user`` is already a member, or when the partnership has two
    members already.
    """
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update().select_related("partnership").filter(token=token).first()
        )
        check_invitation(invitation, user=user, lock=True)
        assert invitation is not None  # an unknown one was refused just above
        partnership = invitation.partnership
        partnership.members.add(user)
        invitation.used_at = timezone.now()
        invitation.used_by = user
        invitation.save(update_fields=["used_at", "used_by"])
    return partnership


def game_share(*, game: Game) -> Game:
    """Give the game a read-only share link, keeping the one it has."""
    return sharing.share(game)


def game_stop_sharing(*, game: Game) -> Game:
    """Revoke the game's share link: the old address then answers 404."""
    return sharing.stop_sharing(game)


def game_start(
    *,
    partnership: Partnership,
    date: datetime.date,
    notes: str = "",
    first_dealer: rules.Seat | None = None,
) -> Game:
    """A new game; the first dealer comes from the date unless the partners chose."""
    check_text(notes, label="game's notes", field="notes", lines=True, max_length=NOTES_MAX_LENGTH)
    chosen = "" if first_dealer is None or first_dealer is rules.first_dealer(date) else first_dealer
    return Game.objects.create(partnership=partnership, date=date, notes=notes, first_dealer=chosen)


def game_rematch(*, game: Game, date: datetime.date) -> Game:
    """The next game of the same partnership once ``game`` is over, started once
    however many phones ask: the first starts it, the others are given it. The
    finished game's revision is raised, so its other phone learns of it."""
    with transaction.atomic():
        recording.lock(game, "rematch_id", "result")
        if not rules.Result(game.result).finished:
            raise RecordingError("a rematch starts once this game is over", code="not-finished")
        if game.rematch_id is not None:
            return Game.objects.get(pk=game.rematch_id)
        rematch = game_start(partnership=game.partnership, date=date)
        recording.raise_revision(game, rematch=rematch)
    return rematch


def hand_redo(*, game: Game | recording.GameToChange, undone: dict) -> Hand:
    """Record again, as it was, a hand that was undone: ``undone`` holds the
    fields :func:`hand_undo_last` removed (see :func:`undone_fields`). It is
    checked as any hand is, so it goes back only as the next hand."""
    return hand_record(game=game, **undone)


#: The fields of a hand that an undo keeps, so that a redo puts it back as it was.
REDO_FIELDS = (
    "number", "outcome", "dealer", "taker", "fates_point", "irregularity",
    "taker_cards", "giver_cards", "verdict_by",
)


def undone_fields(hand: Hand) -> dict:
    return {name: getattr(hand, name) for name in REDO_FIELDS}


def game_choose_first_dealer(*, game: Game, first_dealer: rules.Seat) -> Game:
    """Let the other partner deal hand 1; only before any hand is recorded."""
    with transaction.atomic():
        if _locked_played(game)[1]:
            raise RecordingError("the first dealer can change only before the first hand")
        chosen = "" if first_dealer is rules.first_dealer(game.date) else first_dealer
        if game.first_dealer != chosen:
            recording.raise_revision(game, first_dealer=chosen)
    return game


def _locked_played(game: Game | recording.GameToChange) -> tuple[Game, list[rules.PlayedHand]]:
    """Lock the game row for this transaction (a GameToChange is read then,
    once): the game, and its hands in order, each as the pad needs it (its
    number, outcome and dealer), read once."""
    game = recording.lock(game, "share_token", "first_dealer")
    return game, played_hands(game)


def _pad_of(hands: list[Hand]) -> rules.Pad:
    return rules.compute_pad(hand.as_played() for hand in hands)


def _left(game: Game, before: list[rules.PlayedHand], after: tuple[rules.PlayedHand, ...]) -> None:
    """What the change read and left, for the answer to the tap (game.change)."""
    game.change = recording.Change(tuple(before), after, game.revision - 1)


def _refresh_game_state(game: Game, pad: rules.Pad) -> None:
    """Keep what is stored about the game in step with its pad, after every change.

    The summary fields (pad.summaries) and ``finished_at`` are written in one
    UPDATE every time, whatever ``game`` held in memory: an instance read before
    another request changed the game must not make us skip a write.
    ``finished_at`` keeps the time the game first ended until it is reopened.
    """
    summary = game_summary(pad)
    finished_at: Case | None
    if pad.finished:
        now = timezone.now()
        finished_at = Case(When(finished_at__isnull=True, then=Value(now)), default=F("finished_at"))
        finished_at_now = game.finished_at or now
    else:
        finished_at = finished_at_now = None
    recording.raise_revision(game, finished_at=finished_at, **summary)
    game.finished_at = finished_at_now


def _choice(value: str, choices: type[TextChoices], field: str) -> str:
    try:
        return choices(value).value
    except ValueError:
        allowed = ", ".join(choices.values)
        raise RecordingError(f"{field} must be one of {allowed}, not {value!r}", field=field) from None


def build_hand(
    *,
    game: Game,
    number: int,
    outcome: str,
    previous_dealer: rules.Seat | None,
    dealer: str | None = None,
    taker: str | None = None,
    dealer_took: bool = False,
    fates_point: bool = False,
    irregularity: str = "",
    taker_cards: str = "",
    giver_cards: str = "",
    verdict_by: str = "",
) -> Hand:
    """An unsaved, fully validated hand; the dealer and taker default by the rules.

    ``dealer_took`` says the partners swapped roles: the taker is the dealer.
    """
    outcome = _choice(outcome, Hand.Outcome, "outcome")
    if dealer is None:
        dealer = rules.next_dealer(game.first_dealer_seat, previous_dealer).value
    dealer = _choice(dealer, Hand.Seat, "dealer")
    if dealer_took:
        if taker is not None and taker != dealer:
            raise RecordingError(
                f"the dealer ({dealer}) took, so the taker cannot be {taker!r}", field="taker"
            )
        taker = dealer
    elif taker is None:
        taker = rules.default_taker(rules.Seat(dealer)).value
    taker = _choice(taker, Hand.Seat, "taker")
    if fates_point and outcome != Hand.Outcome.IMPOSSIBLE:
        raise RecordingError("a Fates' point is recorded as I", field="fates_point")
    irregularity = irregularity.strip()
    check_text(irregularity, label="irregularity note", field="irregularity")
    if len(irregularity) > IRREGULARITY_MAX_LENGTH:
        raise RecordingError(
            f"the irregularity note is longer than {IRREGULARITY_MAX_LENGTH} characters",
            field="irregularity",
        )
    if irregularity and outcome == Hand.Outcome.MADE:
        raise RecordingError(
            "a hand lost to an irregularity cannot be made (M)", field="irregularity"
        )
    verdict_by = _choice(verdict_by, Hand.VerdictBy, "verdict_by") if verdict_by else ""
    taker_cards, giver_cards = taker_cards.strip(), giver_cards.strip()
    if taker_cards or giver_cards:
        try:
            cards = check_cards(taker_cards, giver_cards)
        except CardsError as error:
            raise RecordingError(str(error), field="cards") from None
        taker_cards, giver_cards = cards.taker, cards.giver
        if verdict_by == Hand.VerdictBy.SOLVER and outcome != cards.verdict:
            raise RecordingError(
                f"the solver's verdict on these cards is {cards.verdict}, not {outcome}",
                field="verdict_by",
            )
    elif verdict_by == Hand.VerdictBy.SOLVER:
        raise RecordingError("a verdict by the solver needs both hands' cards", field="verdict_by")
    if verdict_by and outcome == Hand.Outcome.MADE:
        raise RecordingError("only a lost hand (P or I) has a verdict", field="verdict_by")
    return Hand(
        game=game,
        number=number,
        outcome=outcome,
        dealer=dealer,
        taker=taker,
        fates_point=fates_point,
        irregularity=irregularity,
        taker_cards=taker_cards,
        giver_cards=giver_cards,
        verdict_by=verdict_by,
    )


def hand_record(
    *,
    game: Game | recording.GameToChange,
    number: int,
    outcome: str,
    dealer: str | None = None,
    taker: str | None = None,
    dealer_took: bool = False,
    fates_point: bool = False,
    irregularity: str = "",
    taker_cards: str = "",
    giver_cards: str = "",
    verdict_by: str = "",
) -> Hand:
    """Record hand ``number`` of ``game``; it must be the next one of a game not over.

    The other arguments are the hand's fields, checked by :func:`build_hand`;
    the dealer and taker default by the rules. The hand's ``game`` is the game
    as read under the lock (a GameToChange is read then).
    """
    with transaction.atomic():
        game, played = _locked_played(game)
        pad = rules.compute_pad(played)
        if pad.full:
            raise RecordingError(
                f"hand {number} cannot be recorded: a game holds at most {rules.MAX_HANDS} hands "
                "(undo a hand, or start a new game)",
                code="full",
            )
        recording.check_next_number(number, next_number=pad.next_hand_number, finished_at=pad.hand_count)
        hand = build_hand(
            game=game,
            number=number,
            outcome=outcome,
            previous_dealer=pad.last_dealer,
            dealer=dealer,
            taker=taker,
            dealer_took=dealer_took,
            fates_point=fates_point,
            irregularity=irregularity,
            taker_cards=taker_cards,
            giver_cards=giver_cards,
            verdict_by=verdict_by,
        )
        recording.save_once(hand)
        after = (*played, hand.as_played())
        _refresh_game_state(game, rules.compute_pad(after))
    _left(game, played, after)
    return hand


def hand_record_gorillaed(
    *,
    game: Game | recording.GameToChange,
    number: int,
    outcome: str,
    taker_cards: str,
    giver_cards: str,
    dealer_took: bool = False,
) -> Hand:
    """Record a hand gorillaed out at the table, with both hands' cards.

    The verdict is the solver's when the players recorded what it said, and
    theirs when they overruled it (``verdict_by`` says which).
    """
    try:
        verdict = check_cards(taker_cards, giver_cards).verdict
    except CardsError as error:
        raise RecordingError(str(error), field="cards") from None
    return hand_record(
        game=game,
        number=number,
        outcome=outcome,
        dealer_took=dealer_took,
        taker_cards=taker_cards,
        giver_cards=giver_cards,
        verdict_by=Hand.VerdictBy.SOLVER if outcome == verdict else Hand.VerdictBy.PLAYERS,
    )


def hand_undo_last(*, game: Game | recording.GameToChange, expected_number: int | None = None) -> Hand:
    """Remove the last hand; a finished game is reopened this way only.

    With ``expected_number`` (the last hand the player saw) the undo is refused
    when the pad has changed since: it would remove another hand. The hand
    removed keeps its ``game``, as read under the lock. The key the phone
    sent with the undo is kept with it (:mod:`scorepads.entries`), so an undo
    sent again is answered as done and removes nothing more.
    """
    with transaction.atomic():
        game, played = _locked_played(game)
        number = recording.last_to_undo(played, expected_number).number
        last = game.hands.get(number=number)
        last.game = game
        last.delete()
        entries.keep_key()
        after = tuple(played[:-1])
        _refresh_game_state(game, rules.compute_pad(after))
    _left(game, played, after)
    return last


def hand_change_outcome(
    *, game: Game | recording.GameToChange, number: int, outcome: str, expected_outcome: str | None = None
) -> Hand:
    """Change an earlier hand's outcome; the change must leave a pad that can exist.

    A change that would end the game before its last hand is refused, and so is
    one made from a stale pad (``expected_outcome``, the outcome the player saw,
    is no longer the hand's), unless the hand has the outcome asked for
    already (the other phone made the same change): that change holds, and
    is answered as made. The key the phone sent with it is kept
    (:mod:`scorepads.entries`), so a change sent again is made once. A changed
    hand no longer carries a verdict it contradicts: the players' word replaces
    the solver's.
    """
    outcome = _choice(outcome, Hand.Outcome, "outcome")
    with transaction.atomic():
        game, played = _locked_played(game)
        hand = game.hands.filter(number=number).first() if any(each.number == number for each in played) else None
        if hand is None:
            raise RecordingError(f"there is no hand {number} in this game")
        hand.game = game
        if hand.outcome == outcome:  # what the change asks for holds, from whichever phone
            entries.keep_key()
            return hand
        if expected_outcome is not None and hand.outcome != expected_outcome:
            raise RecordingError(
                f"hand {number} has changed to {hand.outcome} since this pad was shown"
            )
        if hand.fates_point and outcome != Hand.Outcome.IMPOSSIBLE:
            raise RecordingError(f"hand {number} was a Fates' point, which is recorded as I")
        if hand.irregularity and outcome == Hand.Outcome.MADE:
            raise RecordingError(f"hand {number} was lost to an irregularity and cannot be M")
        hand.outcome = outcome
        after = tuple(hand.as_played() if each.number == number else each for each in played)
        try:
            pad = rules.compute_pad(after)
        except rules.PadError:
            raise RecordingError(
                f"changing hand {number} to {outcome} would end the game before hand "
                f"{len(played)}: undo the later hands first"
            ) from None
        if outcome == Hand.Outcome.MADE:
            hand.verdict_by = ""
        elif hand.verdict_by:
            hand.verdict_by = Hand.VerdictBy.PLAYERS
        hand.save(update_fields=["outcome", "verdict_by"])
        entries.keep_key()
        _refresh_game_state(game, pad)
    _left(game, played, after)
    return hand


@dataclass
class GameSpec:
    """A checked game, ready to be written (:func:`pad.exchange.read_document` reads them)."""

    odd_name: str
    even_name: str
    date: datetime.date
    notes: str
    hands: list[Hand] = field(default_factory=list)
    uid: uuid.UUID | None = None  # the game's identity, when the file gives it: imported once
    # What a file written by gorilla-pad/2 gives back (None, "" or empty when it does not):
    started_at: datetime.datetime | None = None
    finished_at: datetime.datetime | None = None
    first_dealer: str = ""  # as stored: "" when the date gives it
    rematch: uuid.UUID | None = None  # the uid of the game started when this one was over
    rematch_of: uuid.UUID | None = None  # the uid of the game this one is the rematch of, if in the same file
    recorded: list[datetime.datetime | None] = field(default_factory=list)  # when each hand was recorded


def games_import(
    *, specs: Iterable[GameSpec], user: User | None = None, restoring: RestoreJob | None = None
) -> list[Game]:
    """Write checked games (see :func:`pad.exchange.read_document`) all at once,
    to ``user``'s partnerships (to partnerships with no member when None); the
    games written. A game whose ``uid`` is already among the owner's games (or
    earlier in ``specs``) is left out: importing a file twice adds nothing the
    second time. A game imported gets the file's ``uid``, and keeps the times,
    first dealer and rematch links the file gives (:func:`_as_written`). For a
    restore (``restoring``, its job), a partnership it makes is the job's
    (:func:`partnership_get_or_create`)."""
    games = []
    specs = list(specs)
    owned = Game.objects.filter(partnership__members=user) if user is not None else Game.objects.filter(
        partnership__members__isnull=True
    )
    with transaction.atomic():
        here = set(owned.filter(uid__in=[spec.uid for spec in specs if spec.uid]).values_list("uid", flat=True))
        for spec in specs:
            if spec.uid is not None:
                if spec.uid in here:
                    continue
                here.add(spec.uid)
            partnership = partnership_get_or_create(
                odd_name=spec.odd_name, even_name=spec.even_name, user=user, restoring=restoring
            )
            first_dealer = rules.Seat(spec.first_dealer) if spec.first_dealer else None
            game = game_start(partnership=partnership, date=spec.date, notes=spec.notes, first_dealer=first_dealer)
            if spec.uid is not None:
                game.uid, game.restored_by = spec.uid, user
                game.save(update_fields=["uid", "restored_by"])
            for hand in spec.hands:
                hand.game = game
            Hand.objects.bulk_create(spec.hands)
            _refresh_game_state(game, _pad_of(spec.hands))
            _as_written(game, spec, owned)
            games.append(game)
    return games


def _as_written(game: Game, spec: GameSpec, owned: QuerySet[Game]) -> None:
    """An imported game as its file wrote it: when it was started and ended
    (recording its hands again did it now), when each hand was recorded, and
    its rematch links, by uid, to the owner's games of the same partnership:
    to its rematch, and from the game it is the rematch of (whichever of the
    two is written first, the second links them). A link is made only where
    neither game has one already."""
    times: dict = {}
    if spec.started_at is not None:
        times["created_at"] = game.created_at = spec.started_at
    if spec.finished_at is not None and game.finished_at is not None:
        times["finished_at"] = game.finished_at = spec.finished_at
    if times:
        Game.objects.filter(pk=game.pk).update(**times)
    recorded = []
    for hand, at in zip(spec.hands, spec.recorded, strict=False):
        if at is not None:
            hand.recorded_at = at
            recorded.append(hand)
    if recorded:
        Hand.objects.bulk_update(recorded, ["recorded_at"])
    partners = owned.filter(partnership=game.partnership).exclude(pk=game.pk)
    if spec.rematch is not None:
        rematch = partners.filter(uid=spec.rematch, rematch_of__isnull=True).first()
        if rematch is not None:
            Game.objects.filter(pk=game.pk).update(rematch=rematch)
            game.rematch = rematch
    if spec.rematch_of is not None:
        # A game just written: no game is its rematch's yet.
        earlier = partners.filter(uid=spec.rematch_of, rematch__isnull=True).first()
        if earlier is not None:
            Game.objects.filter(pk=earlier.pk).update(rematch=game)


def games_create_in_bulk(
    *, specs: Iterable[GameSpec], batch_size: int = 1000, user: User | None = None
) -> int:
    """Write many checked games at once (for demos and benchmarks): games and
    hands go in with ``bulk_create``, batch by batch, and each game's summary
    comes from the same :func:`pad.summaries.game_summary` as after any change.

    The hands of each spec must be numbered 1, 2, ... and form a pad that can
    exist (:class:`rules.PadError` otherwise); returns the number of games.
    The games go to ``user``'s partnerships, or to partnerships with no member.
    """
    from itertools import islice

    from pad.summaries import game_summary

    partnerships: dict[tuple[str, str], Partnership] = {}
    specs = iter(specs)
    written = 0
    with transaction.atomic():
        while batch := list(islice(specs, batch_size)):
            now = timezone.now()
            games = []
            for spec in batch:
                names = (spec.odd_name, spec.even_name)
                if names not in partnerships:
                    partnerships[names] = partnership_get_or_create(
                        odd_name=spec.odd_name, even_name=spec.even_name, user=user
                    )
                pad = _pad_of(spec.hands)
                games.append(
                    Game(
                        partnership=partnerships[names],
                        date=spec.date,
                        notes=spec.notes,
                        finished_at=now if pad.finished else None,
                        **game_summary(pad),
                    )
                )
            Game.objects.bulk_create(games)
            hands = []
            for game, spec in zip(games, batch):
                for hand in spec.hands:
                    hand.game = game
                hands.extend(spec.hands)
            Hand.objects.bulk_create(hands)
            written += len(games)
    return written
