"""Fill the database with realistic demo games, fast enough for benchmarks.

Games are played out at random (each hand M, P or I with the chances below)
until one side wins; a few recent and a few abandoned ones are left in
progress. Dealers follow the date, as on a real pad. Everything is written with
``bulk_create`` through :func:`pad.services.games_create_in_bulk`, which stores
each game's summary from :mod:`pad.summaries`.
"""

from __future__ import annotations

import datetime
import random
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from pad import rules
from pad.exchange import GameSpec
from pad.models import Hand
from pad.services import games_create_in_bulk

PARTNERS = [
    ("Ada", "Bruno"),
    ("Clara", "Dmitri"),
    ("Elif", "Farid"),
    ("Greta", "Hugo"),
    ("Inès", "Jonas"),
    ("Kaito", "Lena"),
    ("Maren", "Nikolai"),
    ("Odile", "Pavel"),
]
OUTCOME_WEIGHTS = {rules.Outcome.MADE: 45, rules.Outcome.POSSIBLE: 20, rules.Outcome.IMPOSSIBLE: 35}
YEARS = 4
IN_PROGRESS_SHARE = 0.03
ROLES_SWAPPED_SHARE = 0.08
FATES_POINT_SHARE = 0.15  # of the I hands
IRREGULARITY_SHARE = 0.01  # of the lost hands
IRREGULARITIES = ["card exposed", "revoke", "lead out of turn"]
NOTES = ["", "", "", "", "", "At the cabin.", "Train to Lyon.", "Late night.", "Rematch."]


def play_game(rng: random.Random, date: datetime.date, *, stop_early: bool) -> list[Hand]:
    """The hands of one game dealt on ``date``: played to the end, or abandoned."""
    outcomes = list(OUTCOME_WEIGHTS)
    weights = list(OUTCOME_WEIGHTS.values())
    dealer = rules.first_dealer(date)
    partnership = fates = 0
    hands: list[Hand] = []
    stop_at = rng.randint(0, 14) if stop_early else None
    while rules.winner_of(partnership, fates) is None and len(hands) != stop_at:
        outcome = rng.choices(outcomes, weights)[0]
        taker = dealer if rng.random() < ROLES_SWAPPED_SHARE else rules.default_taker(dealer)
        fates_point = outcome is rules.Outcome.IMPOSSIBLE and rng.random() < FATES_POINT_SHARE
        irregularity = ""
        if outcome is not rules.Outcome.MADE and not fates_point and rng.random() < IRREGULARITY_SHARE:
            irregularity = rng.choice(IRREGULARITIES)
        hands.append(
            Hand(
                number=len(hands) + 1,
                outcome=outcome.value,
                dealer=dealer.value,
                taker=taker.value,
                fates_point=fates_point,
                irregularity=irregularity,
            )
        )
        if outcome is rules.Outcome.MADE:
            partnership += 1
        else:
            fates += 1
        dealer = dealer.other
    return hands


def demo_specs(rng: random.Random, *, games: int, partnerships: int, end: datetime.date):
    """``games`` game specs over the ``YEARS`` years up to ``end``, oldest first."""
    pairs = PARTNERS[:partnerships]
    # Some partnerships play more than others.
    shares = [rng.uniform(0.6, 1.4) for _ in pairs]
    start = end - datetime.timedelta(days=365 * YEARS)
    span = (end - start).days
    dates = sorted(start + datetime.timedelta(days=rng.randrange(span + 1)) for _ in range(games))
    recent = end - datetime.timedelta(days=7)
    for date in dates:
        odd_name, even_name = rng.choices(pairs, shares)[0]
        stop_early = (date >= recent and rng.random() < 0.3) or rng.random() < IN_PROGRESS_SHARE
        yield GameSpec(
            odd_name=odd_name,
            even_name=even_name,
            date=date,
            notes=rng.choice(NOTES),
            hands=play_game(rng, date, stop_early=stop_early),
        )


class Command(BaseCommand):
    help = (
        "Create N realistic demo games (random hands played to their end, a few in "
        "progress) for 3 to 4 partnerships over several years, for demos and benchmarks."
    )

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, required=True, help="how many games to create")
        parser.add_argument(
            "--partnerships", type=int, default=4, help=f"how many partnerships (1 to {len(PARTNERS)}, default 4)"
        )
        parser.add_argument("--seed", type=int, default=None, help="random seed, for repeatable data")
        parser.add_argument(
            "--user",
            default=None,
            help="the user name of an account to give the games to (a member of every demo partnership); "
            "without it the partnerships have no member, and only staff see them",
        )

    def handle(self, *args, games, partnerships, seed, user, **options):
        if games < 0:
            raise CommandError("--games must be 0 or more")
        if not 1 <= partnerships <= len(PARTNERS):
            raise CommandError(f"--partnerships must be between 1 and {len(PARTNERS)}")
        account = None
        if user is not None:
            account = get_user_model().objects.filter(**{get_user_model().USERNAME_FIELD: user}).first()
            if account is None:
                raise CommandError(f"--user: there is no account called {user!r}")
        rng = random.Random(seed)
        started = time.perf_counter()
        specs = list(
            demo_specs(rng, games=games, partnerships=partnerships, end=timezone.localdate())
        )
        written = games_create_in_bulk(specs=specs, user=account)
        hands = sum(len(spec.hands) for spec in specs)
        seconds = time.perf_counter() - started
        self.stdout.write(
            f"Created {written} demo games with {hands} hands for {partnerships} "
            f"partnerships in {seconds:.1f} s" + (f", for {user}." if account else ".")
        )
