import json
import sys

from django.core.management.base import BaseCommand, CommandError

from pad.exchange import ImportFileError, read_document
from pad.services import games_import


class Command(BaseCommand):
    help = (
        "Import games from a JSON file (format gorilla-pad/1, as export_games prints it). "
        "The whole file is checked first; a bad file writes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the JSON file, or - for standard input")

    def handle(self, *args, file, **options):
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
        try:
            specs = read_document(document)
        except ImportFileError as error:
            raise CommandError(f"{file}: {error}; nothing was imported") from None
        games = games_import(specs=specs)
        hands = sum(len(spec.hands) for spec in specs)
        self.stdout.write(f"Imported {len(games)} games with {hands} hands.")
