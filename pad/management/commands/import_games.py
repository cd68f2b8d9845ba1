import json
import sys

from django.core.management.base import BaseCommand, CommandError

from pad.exchange import ImportFileError, read_document
from pad.management.owners import user_named
from pad.models import Hand
from pad.services import RecordingError, games_import


class Command(BaseCommand):
    help = (
        "Import games from a JSON file (format gorilla-pad/2 as export_games prints it, or gorilla-pad/1). "
        "The whole file is checked first; a bad file writes nothing. "
        "A game already imported (the same uid) is not imported again. "
        "With --user the games go to that user's partnerships; without it, to "
        "partnerships with no member, which only staff see."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the JSON file, or - for standard input")
        parser.add_argument("--user", metavar="NAME", help="the username of the games' owner")

    def handle(self, *args, file, user=None, **options):
        owner = user_named(user) if user is not None else None
        try:
            if file == "-":
                document = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as handle:
                    document = json.load(handle)
        except OSError as error:
            raise CommandError(f"cannot read {file}: {error.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise CommandError(f"{file} is not valid JSON: {error}") from None
        except RecursionError:
            raise CommandError(
                f"{file}: its JSON is nested too deeply for a gorilla-pad file; nothing was imported"
            ) from None
        try:
            specs = read_document(document)
        except ImportFileError as error:
            raise CommandError(f"{file}: {error}; nothing was imported") from None
        try:
            games = games_import(specs=specs, user=owner)
        except RecordingError as error:  # the transaction was rolled back
            raise CommandError(f"{file}: {error}; nothing was imported") from None
        hands = Hand.objects.filter(game__in=games).count()
        already = len(specs) - len(games)
        self.stdout.write(f"Imported {len(games)} games with {hands} hands; {already} already here.")

