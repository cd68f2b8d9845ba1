"""What the login and sign-up throttles do to a guesser.

Run from the project root: ``.venv/bin/python bench/throttle.py [--guesses N]``.
On a fresh SQLite file under /tmp, with DEBUG off and the settings of a
deployment, it sends one address's wrong passwords for one account through the
real login view (Django's test client, this one process), then the right
password; then the same from a second address; then a burst of sign-ups from
one address. It prints the answer to each kind of request and what a guess
costs before and after the lockout: a refused guess never reaches the password
hasher, so a locked-out guesser costs the server little.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import statistics
import sys
import tempfile
import time
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guesses", type=int, default=50, help="wrong passwords in a row (default 50)")
    parser.add_argument("--signups", type=int, default=20, help="sign-ups from one address (default 20)")
    arguments = parser.parse_args()

    database = Path(tempfile.mkdtemp(prefix="gorilla-bench-throttle-")) / "db.sqlite3"
    os.environ.update(
        DATABASE_URL=f"sqlite:///{database}",
        DJANGO_SETTINGS_MODULE="gorilla_site.settings",
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        SECURE_SSL_REDIRECT="false",
        ALLOWED_HOSTS="testserver",
    )
    import django

    django.setup()
    warnings.filterwarnings("ignore", "No directory at", UserWarning)
    logging.getLogger("axes").setLevel(logging.ERROR)  # a line per failure otherwise

    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import override_settings, setup_test_environment

    setup_test_environment()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    User.objects.create_user(username="jon", password="the right pass phrase")

    def log_in(password: str, address: str) -> tuple[int, float]:
        started = time.perf_counter()
        response = Client().post(
            "/accounts/login/", {"username": "jon", "password": password}, REMOTE_ADDR=address, secure=True
        )
        return response.status_code, (time.perf_counter() - started) * 1000

    # The login page renders {% static %}: without collected files, plain storage.
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
    with override_settings(STORAGES=storages):
        guesses = [log_in("wrong guess", "203.0.113.9") for _ in range(arguments.guesses)]
        right_same = log_in("the right pass phrase", "203.0.113.9")
        right_elsewhere = log_in("the right pass phrase", "198.51.100.4")
        statuses = [status for status, _ in guesses]
        locked_from = statuses.index(429) + 1 if 429 in statuses else None
        before = [ms for status, ms in guesses if status != 429]
        after = [ms for status, ms in guesses if status == 429]
        print(f"{arguments.guesses} wrong passwords for one account from one address: {dict(Counter(statuses))}")
        print(f"  locked out from guess {locked_from} (AXES_FAILURE_LIMIT={settings.AXES_FAILURE_LIMIT})")
        print(f"  a guess before the lockout: median {statistics.median(before):.1f} ms (the password hasher)")
        if after:
            print(f"  a guess during the lockout: median {statistics.median(after):.1f} ms")
        print(f"  then the right password from the same address: {right_same[0]}")
        print(f"  then the right password from another address:  {right_elsewhere[0]}")

        signups = []
        for number in range(arguments.signups):
            response = Client().post(
                "/accounts/signup/",
                {"username": f"player{number}", "password1": "a long pass phrase 7", "password2": "a long pass phrase 7"},
                REMOTE_ADDR="192.0.2.1",
                secure=True,
            )
            signups.append(response.status_code)
        print(f"{arguments.signups} sign-ups from one address: {dict(Counter(signups))} "
              f"(SIGNUP_RATE={settings.SIGNUP_RATE}); accounts made: {User.objects.count() - 1}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
