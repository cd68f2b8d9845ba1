import json

from django.core.management.base import BaseCommand, CommandError

from pad import selectors
from pad.exchange import export_document
from pad.management.owners import user_named


class Command(BaseCommand):
    help = (
        "Print games as JSON (format gorilla-pad/2): all games, or those whose ids are given; "
        "with --user only that user's games."
    )

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, metavar="GAME_ID")
        parser.add_argument("--user", metavar="NAME", help="export only this user's games")

    def handle(self, *args, game_ids, user=None, **options):
        owner = user_named(user) if user is not None else None
        games = selectors.games_to_export(owner=owner)
        if game_ids:
            games = games.filter(pk__in=game_ids)
            missing = sorted(set(game_ids) - {game.pk for game in games})
            if missing:
                raise CommandError(f"no game with id {', '.join(map(str, missing))}")
        self.stdout.write(json.dumps(export_document(games), indent=2, ensure_ascii=False))
