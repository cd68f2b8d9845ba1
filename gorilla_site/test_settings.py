"""Settings for the test suite: the app's own, with a fast password hasher.

Production hashes passwords with PBKDF2 at a million iterations, on purpose;
the suite creates an account in most tests and would spend half its time there.
"""

import os
import tempfile
from pathlib import Path

from gorilla_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Tasks run at once, in the request that enqueues them: a test of a PDF gets
# the PDF. The tests of the queue itself (tests/scorepads/test_printing.py)
# switch to the database backend and run the worker.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
# A restore's batches follow each other at once: no other writer waits in a test.
RESTORE_BATCH_PAUSE = 0
# The limits on printing are tested with their own numbers; other tests print freely.
PDF_REQUESTS_PER_MINUTE = 10000
PDF_RENDERS_PER_HOUR = 10000
# Sessions are cached as deployed (cached_db), in this process's memory: a run
# leaves no files behind and sees none of another run's.
CACHES = {**CACHES, "sessions": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "sessions"}}  # noqa: F405
# Tally, a toy game with seats that only the tests install (tests/tally): it
# gets everything from its registration, as a new game would.
INSTALLED_APPS = [*INSTALLED_APPS, "tests.tally"]  # noqa: F405
# On SQLite the suite's database is a file, as deployed (WAL, the busy
# timeout, writes that take the lock at BEGIN): the in-memory database Django
# would make instead is shared between a test and its live server's threads
# through SQLite's shared cache, where a table another connection is writing
# is refused at once ("database table is locked") rather than waited for. One
# file per run (and per worker: pytest-django adds the worker's name), in the
# temporary folder, destroyed at the run's end.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    _run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    DATABASES["default"]["TEST"] = {"NAME": str(Path(tempfile.gettempdir()) / f"scorepads-test-{_run}.sqlite3")}  # noqa: F405
