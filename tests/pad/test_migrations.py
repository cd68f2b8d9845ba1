"""The migrations run from an empty database to the latest and back, and the
data migration that fills the games' summaries (frozen in 0002) gives what the
app's own summary gives today."""

import datetime
import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from pad import rules, summaries

pytestmark = pytest.mark.django_db(transaction=True)


def migrate_to(*targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(list(targets))
    if any(name is None for _, name in targets):
        return None
    return executor.loader.project_state(list(targets)).apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def test_models_and_migrations_agree():
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)


def test_migrations_run_from_zero_and_back():
    try:
        migrate_to(("pad", None))
        assert "pad_game" not in connection.introspection.table_names()
        migrate_to(*latest())
        assert "pad_game" in connection.introspection.table_names()
    finally:
        migrate_to(*latest())


def test_data_migrations_fill_games_as_the_app_summarizes_them():
    """Games stored before the summaries existed get, once migrated, the
    summary the app writes today (0002 fills most fields, 0005 the longest run,
    0009 the hand from which the game was theirs to win)."""
    outcomes_of_games = ["", "MMMMMMMMMIM", "PPPPPPPPPP", "PIIIIIIIII", "MPI", "IMIMIMMMMMMMM"]
    try:
        apps = migrate_to(("pad", "0001_initial"))
        Partnership = apps.get_model("pad", "Partnership")
        Game = apps.get_model("pad", "Game")
        Hand = apps.get_model("pad", "Hand")
        partnership = Partnership.objects.create(odd_name="Jon", even_name="Richard")
        expected = {}
        for day, outcomes in enumerate(outcomes_of_games, start=1):
            game = Game.objects.create(partnership=partnership, date=datetime.date(2026, 7, day))
            dealer = rules.first_dealer(game.date)
            played = []
            for number, outcome in enumerate(outcomes, start=1):
                Hand.objects.create(
                    game=game, number=number, outcome=outcome, dealer=dealer.value, taker=dealer.other.value
                )
                played.append(rules.PlayedHand(number, rules.Outcome(outcome), dealer))
                dealer = dealer.other
            expected[game.pk] = summaries.summary_of_hands(played)

        migrate_to(*latest())
        from pad.models import Game

        fields = list(next(iter(expected.values())))
        stored = {row["pk"]: {f: row[f] for f in fields} for row in Game.objects.values("pk", *fields)}
        assert stored == expected
    finally:
        migrate_to(*latest())
