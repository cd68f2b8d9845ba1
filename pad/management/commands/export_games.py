import json

from django.core.management.base import BaseCommand, CommandError

from pad.exchange import export_document
from pad.management.owners import user_named
from pad.models import Game


class Command(BaseCommand):
    help = (
        "Print games as JSON (format gorilla-pad/1): all games, or those whose ids are given; "
        "with --user only that user's games."
    )

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, metavar="GAME_ID")
        parser.add_argument("--user", metavar="NAME", help="export only this user's games")

    def handle(self, *args, game_ids, user=None, **options):
        games = Game.objects.all()
        if user is not None:
            games = games.filter(partnership__members=user_named(user))
        games = games.select_related("partnership").prefetch_related("hands").order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
            missing = sorted(set(game_ids) - {game.pk for game in games})
            if missing:
                raise CommandError(f"no game with id {', '.join(map(str, missing))}")
        self.stdout.write(json.dumps(export_document(games), indent=2, ensure_ascii=False))
