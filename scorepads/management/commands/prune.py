"""``manage.py prune``: drop what the site keeps only for a while
(:mod:`scorepads.pruning`). Run it daily, e.g. from a systemd timer or cron."""

from django.core.management.base import BaseCommand

from scorepads import pruning


class Command(BaseCommand):
    help = (
        "Drop entry keys older than ENTRY_KEY_KEEP_DAYS, finished task rows older than "
        "TASK_RESULT_KEEP_DAYS, printed PDFs older than PDF_KEEP_DAYS, past PDF request "
        "counts and expired sessions."
    )

    def handle(self, *args, **options):
        pruned = pruning.prune()
        if options["verbosity"] > 0:
            self.stdout.write(str(pruned))
