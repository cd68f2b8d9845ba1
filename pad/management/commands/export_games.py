import json

from django.core.management.base import BaseCommand, CommandError

from pad.exchange import export_document
from pad.models import Game


class Command(BaseCommand):
    help = "Print games as JSON (format gorilla-pad/1): all games, or those whose ids are given."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, metavar="GAME_ID")

    def handle(self, *args, game_ids, **options):
        games = Game.objects.select_related("partnership").prefetch_related("hands").order_by("pk")
        if game_ids:
            games = games.filter(pk__in=game_ids)
            missing = sorted(set(game_ids) - {game.pk for game in games})
            if missing:
                raise CommandError(f"no game with id {', '.join(map(str, missing))}")
        self.stdout.write(json.dumps(export_document(games), indent=2, ensure_ascii=False))
